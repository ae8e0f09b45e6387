import { createHash } from 'node:crypto';
import {
  COVER_SIZES,
  type CourseDetail,
  coverSrcSet,
  DEFAULT_LOCALE,
  type Locale,
  SCHOOL_SITE_PREFIX,
  type SchoolSite,
} from '@skillwise/contracts';
import { escapeHtml } from '../../lib/html';

/**
 * What search engines and social sites read of the installation (docs/decisions/020): robots.txt, the
 * sitemap, and the tags of the web app's page, a course's own on its public page.
 */

/** The site's name in titles and previews. */
export const SITE_NAME = 'Skillwise';

/** The web app's public pages a sitemap lists besides the courses' (app/router.tsx). */
export const PUBLIC_PAGES = ['/', '/courses', '/help'] as const;

/** The public course page's path; its address carries the course id (`?id=`, DESIGN decision 9). */
export const COURSE_PAGE = '/courseDetail';
/** The same course in the student area, which students copy from their address bar. */
export const STUDENT_COURSE_PAGE = '/students/courseDetails';
/** A student's learning screen of a course (`?id=`): private, its cover the first screen's largest image. */
export const LEARNING_PAGE = '/students/takeCourse';

/** The most URLs one sitemap may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** The cover's width a preview shows (lib/image-variants.ts makes it): wide enough for a large card. */
export const PREVIEW_IMAGE_WIDTH = 1280;

/** A description's length in a preview: search results and cards show about this much. */
const DESCRIPTION_MAX = 200;

/** Paths of the web app that are no page for a search engine: the signed-in areas and the sign-in screens. */
const PRIVATE_PATHS = [
  '/admin',
  '/students',
  '/myStudents',
  '/api/',
  '/login',
  '/signUp',
  '/register',
  '/registerOption',
  '/registerOrg',
  '/digitCodeVerification',
  '/resetPasswordRequest',
  '/resetPassword',
  '/sandbox/',
  '/unsubscribe',
];

/**
 * robots.txt: every public page may be crawled, the private ones not; the sitemap at PUBLIC_URL. A
 * course's page in the student area stays open to link-preview robots that obey robots.txt (a student
 * shares the address it sees); that page names the public one as canonical.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    `Allow: ${STUDENT_COURSE_PAGE}`,
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export type SitemapCourse = { id: number; lastUpdated: Date };

/** The public course page's absolute address. */
export const coursePageUrl = (publicUrl: string, id: number) => `${publicUrl}${COURSE_PAGE}?id=${id}`;

/**
 * A sitemap of the public pages, every published course's page, each course with its last change, and
 * each school's site (docs/decisions/040).
 */
export function sitemapXml(
  publicUrl: string,
  courses: readonly SitemapCourse[],
  schools: readonly { slug: string; lastUpdated: Date }[] = [],
): string {
  const url = (loc: string, lastmod?: Date) =>
    `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  // The site's own pages change with the catalogue: their last change is its latest.
  const latest = courses.reduce<Date | undefined>(
    (last, course) => (last && last >= course.lastUpdated ? last : course.lastUpdated),
    undefined,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => url(`${publicUrl}${path === '/' ? '/' : path}`, latest)),
    ...courses.map((course) => url(coursePageUrl(publicUrl, course.id), course.lastUpdated)),
    ...schools.map((school) => url(`${publicUrl}${schoolSitePath(school.slug)}`, school.lastUpdated)),
    '</urlset>',
    '',
  ].join('\n');
}

/** The tags a page's head carries for search engines and link previews. */
export type PageTags = {
  title: string;
  description: string;
  /** The page's canonical address; none for the site's own pages, whose address is the one asked. */
  url: string | undefined;
  image: string | undefined;
  imageAlt: string | undefined;
  /**
   * A course's cover for the browser to load with the page, beside the app's scripts: the web app draws
   * it as the page's largest image once its code and data are there (docs/BENCHMARKS.md, the learning
   * screen). The candidates and sizes are the app's own (the contract's), so the browser fetches once.
   */
  cover?: string | undefined;
  /**
   * The school whose site this page is on its own domain (docs/decisions/040): the web app shows that
   * school's site at `/` and its course pages at `/courses/{id}`.
   */
  school?: string | undefined;
  /**
   * The school's default language on its site's pages (docs/decisions/044): the web app opens in it for a
   * visitor who chose none and whose browser speaks none of its languages. Written only when not English.
   */
  schoolLocale?: Locale | undefined;
};

/** One line of text of at most `max` characters, cut at a word with an ellipsis. */
export function summaryOf(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A published course's tags: its title, description, cover and public address (`url`: another one). */
export function courseTags(
  publicUrl: string,
  course: CourseDetail,
  url?: string,
  siteName = SITE_NAME,
): PageTags {
  return {
    title: `${summaryOf(course.course_title, 100)} — ${siteName}`,
    description: summaryOf(course.course_description) || `A course on ${siteName}.`,
    url: url ?? coursePageUrl(publicUrl, course.course_Id),
    image: course.course_image ? `${publicUrl}${course.course_image}?w=${PREVIEW_IMAGE_WIDTH}` : undefined,
    imageAlt: course.course_image ? summaryOf(course.course_title, 100) : undefined,
    cover: course.course_image ?? undefined,
  };
}

/** The meta tag naming the school whose own domain a page is on (docs/decisions/040). */
export const SCHOOL_META = 'skillwise-school';
/** The meta tag naming a school's default language on its site's pages (apps/web/src/lib/i18n/locale.ts). */
export const SCHOOL_LOCALE_META = 'skillwise-school-locale';

/** A school site's path in the installation (`/s/{slug}`) and its course pages' (`/s/{slug}/courses/{id}`). */
export const schoolSitePath = (slug: string) => `${SCHOOL_SITE_PREFIX}/${slug}`;
export const schoolCoursePath = (id: number) => `/courses/${id}`;

/** A school's site's tags: its name, headline (or about text), logo and address. */
export function schoolTags(site: SchoolSite, url: string, publicUrl: string): PageTags {
  return {
    title: summaryOf(site.name, 100),
    description: summaryOf(site.headline || site.about) || `${site.name}: courses on ${SITE_NAME}.`,
    url,
    image: site.logo ? `${publicUrl}${site.logo}?w=${PREVIEW_IMAGE_WIDTH}` : undefined,
    imageAlt: site.logo ? summaryOf(site.name, 100) : undefined,
  };
}

/** The site's tags with a published course's cover: its learning screen, which is no page for robots. */
export const learningTags = (siteTags: PageTags, course: CourseDetail): PageTags => ({
  ...siteTags,
  cover: course.course_image ?? undefined,
});

/** The preload of a cover the server resizes (a placeholder or any other image is left to the app). */
function coverPreload(cover: string | undefined): string[] {
  const srcSet = cover ? coverSrcSet(cover) : undefined;
  if (!cover || !srcSet) return [];
  return [
    `<link rel="preload" as="image" href="${escapeHtml(cover)}" imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(COVER_SIZES.detail)}" fetchpriority="high" />`,
  ];
}

/** The text of an element or attribute as it was written in the HTML (the few references a page uses). */
const textOf = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');

/**
 * The web app's index.html with a page's tags: its <title> and <meta name="description"> replaced, the
 * Open Graph and Twitter card tags (and a course's canonical address and cover's preload) added before
 * </head>. Read once at start; each page made from it is a join of a few strings. The site's own title
 * and description, those index.html declares, are every other page's.
 */
export class PageTemplate {
  private readonly before: string;
  private readonly after: string;
  /** The tags of every page but a published course's. */
  readonly siteTags: PageTags;

  constructor(html: string) {
    // A page without its own says the site's name, and no description.
    const title = html.match(/<title>([\s\S]*?)<\/title>/i)?.[1]?.trim() || SITE_NAME;
    const description = html.match(/<meta\s+name="description"\s+content="([^"]*)"[^>]*>/i)?.[1] ?? '';
    this.siteTags = {
      title: textOf(title),
      description: textOf(description),
      url: undefined,
      image: undefined,
      imageAlt: undefined,
    };
    const withoutOwn = html
      .replace(/\s*<title>[\s\S]*?<\/title>/i, '')
      .replace(/\s*<meta\s+name="description"[^>]*>/i, '');
    const end = withoutOwn.search(/<\/head>/i);
    if (end < 0) throw new Error('index.html has no </head>');
    this.before = withoutOwn.slice(0, end).trimEnd();
    this.after = withoutOwn.slice(end);
  }

  /** The page with these tags, every value escaped. */
  render(tags: PageTags): string {
    const meta = (attribute: 'name' | 'property', key: string, value: string) =>
      `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
    const lines = [
      `<title>${escapeHtml(tags.title)}</title>`,
      ...(tags.description ? [meta('name', 'description', tags.description)] : []),
      ...(tags.url ? [`<link rel="canonical" href="${escapeHtml(tags.url)}" />`] : []),
      meta('property', 'og:site_name', SITE_NAME),
      meta('property', 'og:type', 'website'),
      meta('property', 'og:title', tags.title),
      ...(tags.description ? [meta('property', 'og:description', tags.description)] : []),
      ...(tags.url ? [meta('property', 'og:url', tags.url)] : []),
      ...(tags.image
        ? [meta('property', 'og:image', tags.image), meta('property', 'og:image:alt', tags.imageAlt ?? '')]
        : []),
      meta('name', 'twitter:card', tags.image ? 'summary_large_image' : 'summary'),
      ...(tags.school ? [meta('name', SCHOOL_META, tags.school)] : []),
      ...(tags.schoolLocale && tags.schoolLocale !== DEFAULT_LOCALE
        ? [meta('name', SCHOOL_LOCALE_META, tags.schoolLocale)]
        : []),
      ...coverPreload(tags.cover),
    ];
    return `${this.before}\n    ${lines.join('\n    ')}\n  ${this.after}`;
  }
}

/** A page or text made once and sent many times: its bytes and a validator of them. */
export type Document = { body: Buffer; etag: string; type: string };

export const documentOf = (text: string, type: string): Document => {
  const body = Buffer.from(text);
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`, type };
};
