import type { CourseDetail, SchoolSite } from '@skillwise/contracts';
import { AppError } from '../../lib/errors';
import type { CachedAnswer, ResponseCache } from '../../lib/response-cache';
import type { CourseService } from '../courses/courses.service';
import type { SchoolSiteService } from '../school-sites/school-sites.service';
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
  schoolCoursePath,
  schoolSitePath,
  schoolTags,
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

  constructor(
    private readonly deps: {
      publicUrl: string;
      courses: CourseService;
      cache: ResponseCache;
      schools: SchoolSiteService;
    },
  ) {
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

  /** The public pages, every published course's page and every school's site (as many as one sitemap may list). */
  async sitemap(): Promise<Document> {
    const { cache, courses, publicUrl, schools } = this.deps;
    const entry = await cache.get('sitemap', async () => {
      const pages = await courses.publishedCoursePages(SITEMAP_MAX_URLS - PUBLIC_PAGES.length);
      const room = SITEMAP_MAX_URLS - PUBLIC_PAGES.length - pages.length;
      const sites = room > 0 ? await schools.siteAddresses(room) : [];
      return {
        courses: pages.map((course) => [course.id, course.lastUpdated.toISOString()]),
        schools: sites.map((site) => [site.slug, site.updatedAt.toISOString()]),
      };
    });
    return this.madeOf(entry, 'sitemap', (value) => {
      const rows = value as { courses: Array<[number, string]>; schools: Array<[string, string]> };
      return documentOf(
        sitemapXml(
          publicUrl,
          rows.courses.map(([id, lastUpdated]) => ({ id, lastUpdated: new Date(lastUpdated) })),
          rows.schools.map(([slug, lastUpdated]) => ({ slug, lastUpdated: new Date(lastUpdated) })),
        ),
        'application/xml; charset=utf-8',
      );
    });
  }

  /** The school whose own domain `host` is, while its plan has custom domains (docs/decisions/040). */
  schoolOfHost(host: string | undefined): Promise<SchoolSite | undefined> {
    return this.deps.schools.siteForHost(host);
  }

  /**
   * A page of a school's site with its tags (docs/decisions/040): its home (and its other pages, such as
   * its sign-up), or one of its published courses' pages (`courseId`) with the course's tags and the
   * school's address of it. On the school's own domain (`domain`) the address is there, and the page
   * names the school for the web app. Undefined for an unknown school; a course of another school, or
   * not published, gets the school's own tags.
   */
  async schoolPage(
    template: PageTemplate,
    school: string | SchoolSite,
    options: { courseId?: number | undefined; domain?: string | undefined },
  ): Promise<Document | undefined> {
    const { cache, schools, publicUrl } = this.deps;
    let site: SchoolSite;
    let siteEntry: CachedAnswer | undefined;
    if (typeof school === 'string') {
      try {
        siteEntry = await cache.get(`school-site:${school}`, () => schools.publicSite(school));
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
        throw error;
      }
      site = JSON.parse(siteEntry.body.toString('utf8')) as SchoolSite;
    } else site = school;
    const { domain, courseId } = options;
    const base = domain === undefined ? `${publicUrl}${schoolSitePath(site.slug)}` : `https://${domain}`;
    // Its language on every page of its site; its name too on its own domain.
    const marked = (tags: PageTags): PageTags => ({
      ...tags,
      schoolLocale: site.language,
      ...(domain === undefined ? {} : { school: site.slug }),
    });
    // Every part of the school a page shows is in its kind: a page made for one school is never another's.
    const kind = `school:${site.slug}:${site.name}:${site.headline}:${site.logo}:${site.language}:${domain ?? ''}`;
    if (courseId !== undefined) {
      const course = await this.publishedCourse(courseId);
      if (course && (JSON.parse(course.body.toString('utf8')) as CourseDetail).org_Id === site.org_id) {
        return this.madeOf(course, kind, (value) => {
          const detail = value as CourseDetail;
          const url = `${base}${schoolCoursePath(detail.course_Id)}`;
          return documentOf(
            template.render(marked(courseTags(publicUrl, detail, url, site.name))),
            'text/html; charset=utf-8',
          );
        });
      }
    }
    const make = () =>
      documentOf(
        template.render(marked(schoolTags(site, domain === undefined ? base : `${base}/`, publicUrl))),
        'text/html; charset=utf-8',
      );
    return siteEntry ? this.madeOf(siteEntry, kind, make) : make();
  }

  /** A published course's cached public answer, or undefined for a course that is not published or not there. */
  private async publishedCourse(id: number): Promise<CachedAnswer | undefined> {
    const { cache, courses } = this.deps;
    try {
      return await cache.get(`course:${id}`, () => courses.publicDetail(id));
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
      throw error;
    }
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
    const entry = await this.publishedCourse(id);
    if (!entry) return undefined;
    return this.madeOf(entry, kind, (course) =>
      documentOf(template.render(tagsOf(course as CourseDetail)), 'text/html; charset=utf-8'),
    );
  }
}
