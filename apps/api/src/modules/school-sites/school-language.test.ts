import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { schoolSiteSchema, schoolSiteSettingsSchema } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, createTeamMember } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { organisations } from '../../db/schema';

// A school's default language (docs/decisions/044): read and set through its site settings, and named
// by a meta tag in its site's pages when it is not English, for the web app's first choice of language.
const PUBLIC_URL = 'https://learn.example.com';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The installation." />
    <title>Skillwise</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div>${'<!-- a build’s page is larger than the compression threshold -->\n'.repeat(20)}</body>
</html>
`;
const META = 'skillwise-school-locale';

let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'skillwise-web-'));
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
  // The build's precompressed copies of the page: never sent for a page the server writes tags into.
  const stale = INDEX_HTML.replace('</head>', `<meta name="${META}" content="ar" /></head>`);
  await writeFile(path.join(webDir, 'index.html.br'), brotliCompressSync(stale));
  await writeFile(path.join(webDir, 'index.html.gz'), gzipSync(stale));
  ctx = await createTestContext({ PUBLIC_URL, PUBLIC_CACHE_SECONDS: '3600' }, undefined, undefined, webDir);
});
afterAll(async () => {
  await ctx?.close();
  await rm(webDir, { recursive: true, force: true });
});

const post = (url: string, token: string | undefined, body?: unknown) =>
  call(ctx.app, {
    method: 'POST',
    url: `/api/${url}`,
    ...(body === undefined ? {} : { body }),
    ...(token ? { token } : {}),
  });
const get = (url: string, headers?: Record<string, string>, token?: string) =>
  call(ctx.app, { method: 'GET', url, ...(headers ? { headers } : {}), ...(token ? { token } : {}) });

/** A school with its site at `slug`. */
async function school(slug: string, category?: string) {
  const publisher = await createPublisher(ctx, category ? { category } : {});
  const made = await post('schoolSite/UpdateSettings', publisher.token, { slug });
  expect(made.statusCode, made.body).toBe(200);
  return publisher;
}

const metaOf = (html: string) =>
  html.match(new RegExp(`<meta name="${META}" content="([^"]*)" />`, 'g'))?.map((tag) => tag.split('"')[3]);

describe('the school’s language in its site settings', () => {
  test('English until the staff choose another; the settings and the public site answer it', async () => {
    const owner = await school('lenguas');
    const first = await get('/api/schoolSite/GetSettings', {}, owner.token);
    expect(schoolSiteSettingsSchema.parse(first.json()).language).toBe('en');

    const changed = await post('schoolSite/UpdateSettings', owner.token, { language: 'es' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ language: 'es', slug: 'lenguas' });
    expect((await get('/api/schoolSite/GetSettings', {}, owner.token)).json().language).toBe('es');
    const site = await get('/api/schoolSite/GetSite/lenguas');
    expect(schoolSiteSchema.parse(site.json()).language).toBe('es');

    // Another field alone leaves the language as it is.
    await post('schoolSite/UpdateSettings', owner.token, { headline: 'Aprende' });
    const [org] = await ctx.database.db
      .select({ language: organisations.language })
      .from(organisations)
      .where(eq(organisations.id, owner.orgId ?? 0));
    expect(org?.language).toBe('es');
  });

  test('an admin of the school sets it; an instructor, a student and no token cannot', async () => {
    const owner = await school('team-language');
    const admin = await createTeamMember(ctx, owner.orgId ?? 0, 'admin');
    const instructor = await createTeamMember(ctx, owner.orgId ?? 0, 'instructor');
    const student = await createStudent(ctx);
    expect((await post('schoolSite/UpdateSettings', admin.token, { language: 'ar' })).json().language).toBe(
      'ar',
    );
    expect((await post('schoolSite/UpdateSettings', instructor.token, { language: 'en' })).statusCode).toBe(
      403,
    );
    expect((await post('schoolSite/UpdateSettings', student.token, { language: 'en' })).statusCode).toBe(403);
    expect((await post('schoolSite/UpdateSettings', undefined, { language: 'en' })).statusCode).toBe(401);
    expect((await get('/api/schoolSite/GetSettings')).statusCode).toBe(401);
    expect((await get('/api/schoolSite/GetSite/team-language')).json().language).toBe('ar');
  });

  test('another school’s token changes its own language, never this one’s', async () => {
    const mine = await school('mine-language');
    const theirs = await school('theirs-language');
    const answer = await post('schoolSite/UpdateSettings', theirs.token, {
      language: 'es',
      org_id: mine.orgId,
    });
    expect(answer.json()).toMatchObject({ org_id: theirs.orgId, language: 'es' });
    expect((await get('/api/schoolSite/GetSettings', {}, mine.token)).json().language).toBe('en');
  });

  test('bad input is a 400 naming language, and nothing changes', async () => {
    const owner = await school('bad-language');
    for (const language of ['fr', 'EN', '', 3, null]) {
      const answer = await post('schoolSite/UpdateSettings', owner.token, { language, headline: 'Changed' });
      expect(answer.statusCode, JSON.stringify(language)).toBe(400);
      const detail = answer.json().details.find((d: { field: string }) => d.field === 'language');
      expect(detail?.message, JSON.stringify(language)).toMatch(/is required|one of en, es, ar/);
    }
    const settings = (await get('/api/schoolSite/GetSettings', {}, owner.token)).json();
    expect(settings).toMatchObject({ language: 'en', headline: '' });
  });
});

describe('the school’s language in its pages', () => {
  test('a school’s site pages name a language other than English; English and other pages name none', async () => {
    const spanish = await school('escuela');
    const english = await school('english-school');
    await post('schoolSite/UpdateSettings', spanish.token, { language: 'es' });
    const course = await createCourse(ctx, spanish.orgId ?? 0, { title: 'Curso' });

    for (const url of ['/s/escuela', '/s/escuela/signUp', `/s/escuela/courses/${course.id}`]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(metaOf(page.body), url).toEqual(['es']);
    }
    for (const url of ['/s/english-school', '/', '/courses', `/courseDetail?id=${course.id}`, '/s/nobody']) {
      expect(metaOf((await get(url)).body), url).toBeUndefined();
    }

    // Changed back to English: the tag goes at once (the change starts the public answers afresh).
    await post('schoolSite/UpdateSettings', spanish.token, { language: 'en' });
    expect(metaOf((await get('/s/escuela')).body)).toBeUndefined();
    expect(metaOf((await get(`/s/escuela/courses/${course.id}`)).body)).toBeUndefined();
    await post('schoolSite/UpdateSettings', english.token, { language: 'ar' });
    expect(metaOf((await get('/s/english-school')).body)).toEqual(['ar']);
  });

  test('compressed and cached pages: each school gets its own tag, never another’s or the build’s copy', async () => {
    const arabic = await school('madrasa');
    const spanish = await school('academia');
    await school('plain-school');
    await post('schoolSite/UpdateSettings', arabic.token, { language: 'ar' });
    await post('schoolSite/UpdateSettings', spanish.token, { language: 'es' });
    // The same course page asked through both schools: one cached course answer, two pages.
    const course = await createCourse(ctx, arabic.orgId ?? 0, { title: 'Shared' });

    const expected: Array<[string, string[] | undefined]> = [
      ['/s/madrasa', ['ar']],
      ['/s/academia', ['es']],
      ['/s/plain-school', undefined],
      [`/s/madrasa/courses/${course.id}`, ['ar']],
      [`/s/academia/courses/${course.id}`, ['es']],
      ['/', undefined],
    ];
    const etags = new Map<string, string>();
    // Twice round, alternating schools and encodings: what one request made is not another's answer.
    for (let round = 0; round < 2; round += 1) {
      for (const [url, meta] of expected) {
        const plain = await get(url);
        expect(metaOf(plain.body), url).toEqual(meta);
        const br = await get(url, { 'accept-encoding': 'br' });
        expect(br.headers['content-encoding'], url).toBe('br');
        expect(metaOf(brotliDecompressSync(br.rawPayload).toString('utf8')), url).toEqual(meta);
        const gz = await get(url, { 'accept-encoding': 'gzip' });
        expect(gz.headers['content-encoding'], url).toBe('gzip');
        expect(metaOf(gunzipSync(gz.rawPayload).toString('utf8')), url).toEqual(meta);
        etags.set(url, String(plain.headers.etag));
      }
    }
    // A browser's validator of one school's page is no match for another school's.
    const arabicTag = etags.get('/s/madrasa') ?? '';
    expect((await get('/s/madrasa', { 'if-none-match': arabicTag })).statusCode).toBe(304);
    const other = await get('/s/academia', { 'if-none-match': arabicTag });
    expect(other.statusCode).toBe(200);
    expect(metaOf(other.body)).toEqual(['es']);
  });

  test('on a school’s own domain every page names its language', async () => {
    const owner = await school('dominio');
    await post('schoolSite/UpdateSettings', owner.token, { language: 'es' });
    const claimed = await post('schoolSite/SetCustomDomain', owner.token, { domain: 'aprende.dominio.test' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const course = await createCourse(ctx, owner.orgId ?? 0, { title: 'En casa' });
    const host = { host: 'aprende.dominio.test' };
    for (const url of ['/', '/courses', `/courses/${course.id}`, '/login']) {
      const page = await get(url, host);
      expect(metaOf(page.body), url).toEqual(['es']);
      expect(page.body, url).toContain('<meta name="skillwise-school" content="dominio" />');
    }
    // The installation's own host names no school and no language.
    expect(metaOf((await get('/', { host: 'learn.example.com' })).body)).toBeUndefined();
  });
});
