import type { CourseDetail } from '@skillwise/contracts';
import { AppError } from '../../lib/errors';
import type { CachedAnswer, ResponseCache } from '../../lib/response-cache';
import type { CourseService } from '../courses/courses.service';
import {
  courseTags,
  type Document,
  documentOf,
  learningTags,
  type PageTags,
  type PageTemplate,
  PUBLIC_PAGES,
  robotsTxt,
  SITEMAP_MAX_URLS,
  sitemapXml,
} from './public-pages';

/** A course id of the page's address: the digits of a positive integer PostgreSQL's integer holds. */
export function courseIdOf(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * robots.txt, the sitemap and a published course's page with its tags (docs/decisions/020). What they are
 * made from comes through the public cache, under the keys the API's answers use, so a change through this
 * instance shows at once and one through another within PUBLIC_CACHE_SECONDS; each document is made once
 * per cached answer.
 */
export class PublicPagesService {
  readonly robots: Document;
  /** The documents made of each cached answer (by kind), for as long as the cache keeps it. */
  private readonly made = new WeakMap<CachedAnswer, Map<string, Document>>();

  constructor(private readonly deps: { publicUrl: string; courses: CourseService; cache: ResponseCache }) {
    this.robots = documentOf(robotsTxt(deps.publicUrl), 'text/plain; charset=utf-8');
  }

  private madeOf(entry: CachedAnswer, kind: string, make: (value: unknown) => Document): Document {
    let documents = this.made.get(entry);
    if (!documents) {
      documents = new Map();
      this.made.set(entry, documents);
    }
    let document = documents.get(kind);
    if (!document) {
      document = make(JSON.parse(entry.body.toString('utf8')));
      documents.set(kind, document);
    }
    return document;
  }

  /** The public pages and every published course's page (as many as one sitemap may list). */
  async sitemap(): Promise<Document> {
    const { cache, courses, publicUrl } = this.deps;
    const entry = await cache.get('sitemap', async () =>
      (await courses.publishedCoursePages(SITEMAP_MAX_URLS - PUBLIC_PAGES.length)).map((course) => [
        course.id,
        course.lastUpdated.toISOString(),
      ]),
    );
    return this.madeOf(entry, 'sitemap', (rows) =>
      documentOf(
        sitemapXml(
          publicUrl,
          (rows as Array<[number, string]>).map(([id, lastUpdated]) => ({
            id,
            lastUpdated: new Date(lastUpdated),
          })),
        ),
        'application/xml; charset=utf-8',
      ),
    );
  }

  /**
   * The page of a course with its own tags, when anyone may see it (the access module's course.read, as
   * courses/details answers a visitor); undefined for a course that is not published or does not exist.
   */
  coursePage(template: PageTemplate, id: number): Promise<Document | undefined> {
    return this.pageOf(template, id, 'course', (course) => courseTags(this.deps.publicUrl, course));
  }

  /**
   * A student's learning screen of a course with the site's tags and, when anyone may see the course,
   * its cover named for preloading (covers of published courses are public); undefined otherwise.
   */
  learningPage(template: PageTemplate, id: number): Promise<Document | undefined> {
    return this.pageOf(template, id, 'learning', (course) => learningTags(template.siteTags, course));
  }

  /** A page of a published course with the tags made of it; undefined for any other course. */
  private async pageOf(
    template: PageTemplate,
    id: number,
    kind: string,
    tagsOf: (course: CourseDetail) => PageTags,
  ): Promise<Document | undefined> {
    const { cache, courses } = this.deps;
    let entry: CachedAnswer;
    try {
      entry = await cache.get(`course:${id}`, () => courses.detail(null, id));
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
      throw error;
    }
    return this.madeOf(entry, kind, (course) =>
      documentOf(template.render(tagsOf(course as CourseDetail)), 'text/html; charset=utf-8'),
    );
  }
}
