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
import { hostOf } from '../modules/school-sites/school-sites.service';
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

/** A school site's page in the installation: `/s/{slug}`, `/s/{slug}/courses/{id}`, `/s/{slug}/signUp`... */
function schoolOfPage(url: string): { slug: string; courseId: number | undefined } | undefined {
  const pathname = url.split('?')[0] ?? '';
  const match = /^\/s\/([a-z0-9-]{1,40})(\/.*)?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  return { slug: match[1], courseId: courseOfSchoolPath(match[2] ?? '', url) };
}

/** The course a school site's path shows (`/courses/{id}`, or `/courseDetail?id=` on its own domain). */
function courseOfSchoolPath(path: string, url: string): number | undefined {
  const match = /^\/courses\/(\d+)\/?$/.exec(path);
  if (match) return courseIdOf(match[1]);
  return courseOfPage(url)?.courseId;
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
  publicUrl: string,
) {
  const installationHost = hostOf(new URL(publicUrl).host);
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

  /**
   * A school's site's page (docs/decisions/040): on a domain a school claims while its plan has custom
   * domains, every page (its home at `/`, its course pages at `/courses/{id}`), naming the school for the
   * web app; in the installation, `/s/{slug}...`. Undefined for any other page, and on a failure: the app
   * shows the site itself.
   */
  const schoolPage = async (request: FastifyRequest, page: PageTemplate): Promise<Document | undefined> => {
    try {
      const domainSite = await site.schoolOfHost(request.host);
      if (domainSite) {
        const path = request.url.split('?')[0] ?? '';
        return await site.schoolPage(page, domainSite, {
          courseId: courseOfSchoolPath(path, request.url),
          domain: hostOf(request.host),
        });
      }
      const school = schoolOfPage(request.url);
      return school ? await site.schoolPage(page, school.slug, { courseId: school.courseId }) : undefined;
    } catch (error) {
      request.log.warn({ err: error }, 'school page tags not made');
      return undefined;
    }
  };

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && template && sitePage && (request.method === 'GET' || request.method === 'HEAD')) {
      const fallback = sitePage;
      const page = template;
      // Another host than the installation's may be a school's domain; a school's path is its site's.
      if (hostOf(request.host) !== installationHost || request.url.startsWith('/s/')) {
        return schoolPage(request, page).then(async (school) => {
          if (school) return sendDocument(request, reply, school, 'no-cache');
          const course = courseOfPage(request.url);
          const other = course === undefined ? undefined : await coursePage(request, page, course);
          return sendDocument(request, reply, other ?? fallback, 'no-cache');
        });
      }
      const course = courseOfPage(request.url);
      // Every other page is the one made at start: no work but sending it.
      if (course === undefined) return sendDocument(request, reply, sitePage, 'no-cache');
      return coursePage(request, template, course).then((page) =>
        sendDocument(request, reply, page ?? fallback, 'no-cache'),
      );
    }
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });
}
