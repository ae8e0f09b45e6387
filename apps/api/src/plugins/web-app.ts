import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  COURSE_PAGE,
  type Document,
  documentOf,
  LEARNING_PAGE,
  PageTemplate,
  STUDENT_COURSE_PAGE,
} from '../modules/public-pages/public-pages';
import { sendDocument } from '../modules/public-pages/public-pages.routes';
import { courseIdOf, type PublicPagesService } from '../modules/public-pages/public-pages.service';
import { notFoundBody } from './errors';

/** The build's page and its precompressed copies: the server sends the page with its tags instead. */
const INDEX_FILES = ['index.html', 'index.html.br', 'index.html.gz'];

/**
 * The course a course's page names (`/courseDetail?id=N`, the student area's copy, or a student's
 * learning screen `/students/takeCourse?id=N`) and which of them it is, if any.
 */
function courseOfPage(url: string): { courseId: number; learning: boolean } | undefined {
  const query = url.indexOf('?');
  if (query < 0) return undefined;
  const pathname = url.slice(0, query);
  const learning = pathname === LEARNING_PAGE;
  if (pathname !== COURSE_PAGE && pathname !== STUDENT_COURSE_PAGE && !learning) return undefined;
  const courseId = courseIdOf(new URLSearchParams(url.slice(query + 1)).get('id') ?? undefined);
  return courseId === undefined ? undefined : { courseId, learning };
}

/**
 * Serves the built React app from `dir` on the same origin as the API; unknown non-API paths get
 * index.html so client routes (/login, /students/...) load directly. API paths answer a JSON 404.
 * index.html is read once and sent from memory with the site's title, description and link-preview
 * tags; a published course's page gets the course's own (docs/decisions/020), and its pages and a
 * student's learning screen of it name its cover for preloading.
 */
export async function registerWebApp(
  app: FastifyInstance,
  dir: string | undefined,
  site: PublicPagesService,
) {
  const hasBuild = dir !== undefined && existsSync(path.join(dir, 'index.html'));
  let template: PageTemplate | undefined;
  let sitePage: Document | undefined;
  if (hasBuild) {
    template = new PageTemplate(await readFile(path.join(dir, 'index.html'), 'utf8'));
    sitePage = documentOf(template.render(template.siteTags), 'text/html; charset=utf-8');
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      globIgnore: INDEX_FILES,
      // scripts/build-web.mjs writes a .br and a .gz beside each text file.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every asset name: those never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  /** A published course's page with its tags (a learning screen: the site's, with the cover), else the site's. */
  const coursePage = async (
    request: FastifyRequest,
    page: PageTemplate,
    { courseId, learning }: { courseId: number; learning: boolean },
  ) => {
    try {
      return await (learning ? site.learningPage(page, courseId) : site.coursePage(page, courseId));
    } catch (error) {
      // The page must load whatever the database does: the app shows the course, or why not, itself.
      request.log.warn({ err: error }, 'course page tags not made');
      return undefined;
    }
  };

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && template && sitePage && (request.method === 'GET' || request.method === 'HEAD')) {
      const course = courseOfPage(request.url);
      // Every other page is the one made at start: no work but sending it.
      if (course === undefined) return sendDocument(request, reply, sitePage, 'no-cache');
      const fallback = sitePage;
      return coursePage(request, template, course).then((page) =>
        sendDocument(request, reply, page ?? fallback, 'no-cache'),
      );
    }
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });
}
