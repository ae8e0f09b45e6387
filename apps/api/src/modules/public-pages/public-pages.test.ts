import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { COVER_SIZES, coverSrcSet } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import xmlParser from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { courses } from '../../db/schema';
import { PageTemplate, summaryOf } from './public-pages';

const PUBLIC_URL = 'https://learn.example.com';
/** What the web app's build writes (apps/web/index.html with its scripts). */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Skillwise is an online learning platform &amp; more." />
    <title>Skillwise — Online Learning Platform</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>${'Skillwise needs JavaScript to show its courses. '.repeat(24)}</noscript>
  </body>
</html>
`;
const HOSTILE_TITLE = 'Q&A: "<b>" </title><script>alert(1)</script>';

let ctx: TestContext;
let webDir: string;
let publisher: TestUser;
let other: TestUser;
let published: { id: number; updatedAt: Date };
let theirs: { id: number };
let draft: { id: number };
let hostile: { id: number };

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'skillwise-web-'));
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webDir, 'index.html.br'), 'stale precompressed copy');
  ctx = await createTestContext(
    { PUBLIC_URL: `${PUBLIC_URL}/`, PUBLIC_CACHE_SECONDS: '3600' },
    undefined,
    undefined,
    webDir,
  );
  publisher = await createPublisher(ctx);
  other = await createPublisher(ctx);
  const orgId = publisher.orgId ?? 0;
  published = await createCourse(ctx, orgId, { title: 'Watercolour basics' });
  await ctx.database.db
    .update(courses)
    .set({ imageKey: 'cover-1.png', description: 'Paint   skies\nand seas.' })
    .where(eq(courses.id, published.id));
  theirs = await createCourse(ctx, other.orgId ?? 0, { title: 'Their course' });
  draft = await createCourse(ctx, orgId, { title: 'Secret draft', published: false });
  hostile = await createCourse(ctx, orgId, { title: HOSTILE_TITLE });
  // A course deleted before anyone asked: nothing of it may show.
  const gone = await createCourse(ctx, orgId, { title: 'Deleted course' });
  await ctx.database.db.delete(courses).where(eq(courses.id, gone.id));
});
afterAll(async () => {
  await ctx.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, token?: string) =>
  call(ctx.app, { method: 'GET', url, headers, ...(token ? { token } : {}) });

/** The content of each `<meta property|name="key">` of the page, in order. */
const metaOf = (html: string, key: string) =>
  [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)]
    .filter((match) => match[1] === key)
    .map((match) => match[2]);

describe('robots.txt', () => {
  test('allows the public pages, keeps robots out of the private ones and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of [
      '/admin',
      '/students',
      '/myStudents',
      '/api/',
      '/login',
      '/register',
      '/resetPassword',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    for (const path of ['/courses', '/courseDetail', '/help']) {
      expect(lines.some((line) => line.startsWith('Disallow:') && path.startsWith(line.slice(10)))).toBe(
        false,
      );
    }
    // A student's shared course address stays readable for link previews.
    expect(lines).toContain('Allow: /students/courseDetails');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    // A token changes nothing; the same text every time, with a validator.
    expect((await get('/robots.txt', {}, other.token)).body).toBe(res.body);
    const again = await get('/robots.txt', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe('sitemap.xml', () => {
  test('lists the public pages and every published course of any organisation, with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xmlParser.validate(res.body)).toBe(true);
    const doc = xmlParser.parse(res.body);
    const urls = [doc.urlset.url].flat() as { loc: string; lastmod: string }[];
    expect(urls.map((url) => url.loc)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/courses`,
      `${PUBLIC_URL}/help`,
      `${PUBLIC_URL}/courseDetail?id=${published.id}`,
      `${PUBLIC_URL}/courseDetail?id=${theirs.id}`,
      `${PUBLIC_URL}/courseDetail?id=${hostile.id}`,
    ]);
    expect(res.body).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    // The & of a course address is written as XML needs it.
    expect(res.body).not.toContain(`?id=${draft.id}`);
    for (const url of urls) expect(new Date(url.lastmod).toISOString()).toBe(url.lastmod);
    const course = urls.find((url) => url.loc.endsWith(`?id=${published.id}`));
    expect(course?.lastmod).toBe(published.updatedAt.toISOString());
    // Signed in or not, the same list.
    expect((await get('/sitemap.xml', {}, publisher.token)).body).toBe(res.body);
  });

  test('a course published through the app shows at once, and goes once unpublished', async () => {
    const before = await get('/sitemap.xml');
    const publish = await call(ctx.app, {
      method: 'PUT',
      url: '/api/courses/publishUnpublishCourse',
      token: publisher.token,
      body: { Id: draft.id, published: true },
    });
    expect(publish.statusCode).toBe(200);
    const after = await get('/sitemap.xml');
    expect(after.body).toContain(`${PUBLIC_URL}/courseDetail?id=${draft.id}</loc>`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const unpublish = await call(ctx.app, {
      method: 'PUT',
      url: '/api/courses/publishUnpublishCourse',
      token: publisher.token,
      body: { Id: draft.id, published: false },
    });
    expect(unpublish.statusCode).toBe(200);
    expect((await get('/sitemap.xml')).body).not.toContain(`?id=${draft.id}<`);
  });
});

describe('the web app’s page', () => {
  test('a published course’s page carries its title, description, cover and address', async () => {
    const res = await get(`/courseDetail?id=${published.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Watercolour basics — Skillwise</title>');
    expect(metaOf(html, 'description')).toEqual(['Paint skies and seas.']);
    expect(metaOf(html, 'og:title')).toEqual(['Watercolour basics — Skillwise']);
    expect(metaOf(html, 'og:description')).toEqual(['Paint skies and seas.']);
    expect(metaOf(html, 'og:type')).toEqual(['website']);
    expect(metaOf(html, 'og:url')).toEqual([`${PUBLIC_URL}/courseDetail?id=${published.id}`]);
    expect(metaOf(html, 'og:image')).toEqual([`${PUBLIC_URL}/api/files/public/cover-1.png?w=1280`]);
    expect(metaOf(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/courseDetail?id=${published.id}" />`);
    // The rest of the build's page is untouched: its scripts, its root.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).toContain('<div id="root"></div>');
    // The student area's address of the same course names the public one.
    const student = await get(`/students/courseDetails?id=${published.id}`);
    expect(metaOf(student.body, 'og:url')).toEqual([`${PUBLIC_URL}/courseDetail?id=${published.id}`]);
    expect(metaOf(student.body, 'og:title')).toEqual(['Watercolour basics — Skillwise']);
  });

  test('a published course’s pages and a student’s learning screen of it name its cover for preloading', async () => {
    const cover = '/api/files/public/cover-1.png';
    const preload = `<link rel="preload" as="image" href="${cover}" imagesrcset="${coverSrcSet(cover)}" imagesizes="${COVER_SIZES.detail}" fetchpriority="high" />`;
    expect(coverSrcSet(cover)).toContain(`${cover}?w=800 800w`);
    for (const url of [
      `/courseDetail?id=${published.id}`,
      `/students/courseDetails?id=${published.id}`,
      `/students/takeCourse?id=${published.id}`,
    ]) {
      const html = (await get(url)).body;
      expect(html.split(preload), url).toHaveLength(2);
      expect(html.indexOf(preload), url).toBeLessThan(html.indexOf('</head>'));
    }
    // The learning screen is private: the site's tags, no course's title or address.
    const site = (await get('/')).body;
    const learning = (await get(`/students/takeCourse?id=${published.id}`)).body;
    expect(learning).toBe(site.replace('\n  </head>', `\n    ${preload}\n  </head>`));
    expect(learning).not.toContain('Watercolour');
    // A course without a cover, a draft, an unknown course: the site's page as it is.
    for (const id of [theirs.id, draft.id, 999999]) {
      expect((await get(`/students/takeCourse?id=${id}`)).body, String(id)).toBe(site);
    }
    expect((await get(`/courseDetail?id=${theirs.id}`)).body).not.toContain('rel="preload"');
  });

  test('a title with markup is inert text in every tag', async () => {
    const html = (await get(`/courseDetail?id=${hostile.id}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<\/title>/g)).toHaveLength(1);
    const escaped =
      'Q&#38;A: &#34;&#60;b&#62;&#34; &#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;';
    expect(html).toContain(`<title>${escaped} — Skillwise</title>`);
    expect(metaOf(html, 'og:title')).toEqual([`${escaped} — Skillwise`]);
    // The only scripts are the build's.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  test('drafts, unknown courses and other pages get the site’s tags', async () => {
    const site = await get('/');
    expect(site.statusCode).toBe(200);
    const siteTitle = '<title>Skillwise — Online Learning Platform</title>';
    expect(site.body).toContain(siteTitle);
    expect(metaOf(site.body, 'description')).toEqual([
      'Skillwise is an online learning platform &#38; more.',
    ]);
    expect(metaOf(site.body, 'og:title')).toEqual(['Skillwise — Online Learning Platform']);
    expect(metaOf(site.body, 'twitter:card')).toEqual(['summary']);
    expect(metaOf(site.body, 'og:url')).toEqual([]);
    expect(metaOf(site.body, 'og:image')).toEqual([]);
    for (const url of [
      `/courseDetail?id=${draft.id}`,
      '/courseDetail?id=999999',
      '/courseDetail?id=abc',
      '/courseDetail?id=99999999999',
      '/courseDetail',
      '/courses?search=x',
      '/index.html',
      '/students/myCourses',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(site.body);
    }
    // Signed in as its publisher makes no difference: a page is what anyone is shown.
    const asStaff = await get(`/courseDetail?id=${draft.id}`, {}, publisher.token);
    expect(asStaff.body).not.toContain('Secret draft');
    // The API keeps answering JSON 404s of its own.
    const api = await get('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });

  test('the page has a validator and comes compressed', async () => {
    const site = await get('/courses');
    const etag = String(site.headers.etag);
    expect((await get('/login', { 'if-none-match': etag })).statusCode).toBe(304);
    const br = await get('/courses', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(site.body);
    const course = await get(`/courseDetail?id=${published.id}`);
    expect(course.headers.etag).not.toBe(etag);
    const head = await call(ctx.app, { method: 'HEAD', url: `/courseDetail?id=${published.id}` });
    expect(head.statusCode).toBe(200);
    // A student's token is no different from none.
    const student = await createStudent(ctx);
    expect((await get(`/courseDetail?id=${published.id}`, {}, student.token)).body).toBe(course.body);
  });
});

describe('PageTemplate and summaryOf', () => {
  test('a description is one line cut at a word; a page without its own tags says the site’s name', () => {
    expect(summaryOf('  Paint\n\nskies  ')).toBe('Paint skies');
    const long = summaryOf(`${'word '.repeat(60)}end`);
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('word…')).toBe(true);
    const bare = new PageTemplate('<html><head><meta charset="UTF-8" /></head><body></body></html>');
    const page = bare.render(bare.siteTags);
    expect(page).toContain('<title>Skillwise</title>');
    expect(page).not.toContain('name="description"');
    expect(page).toContain('<meta property="og:title" content="Skillwise" />');
    expect(page).toContain('<meta name="twitter:card" content="summary" />\n  </head>');
    expect(() => new PageTemplate('<html><body></body></html>')).toThrow(/no <\/head>/);
  });
});
