import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  contrastWithWhite,
  SCHOOL_SITE_MSG,
  schoolSiteSchema,
  schoolSiteSettingsSchema,
  slugOfName,
} from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { fixtures, imagePart, upload } from '../../../test/uploads';
import {
  organisations,
  pendingFileDeletions,
  schoolSites,
  storedFiles,
  subscriptions,
} from '../../db/schema';
import { forgetUnnamedFiles } from '../organisations/storage-quota';

const PUBLIC_URL = 'https://learn.example.com';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The installation." />
    <title>Skillwise</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'skillwise-web-'));
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
  ctx = await createTestContext({ PUBLIC_URL }, undefined, undefined, webDir);
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
const get = (url: string, token?: string, headers?: Record<string, string>) =>
  call(ctx.app, {
    method: 'GET',
    url,
    ...(token ? { token } : {}),
    ...(headers ? { headers } : {}),
  });

async function namedPublisher(name: string, options: { category?: string } = {}): Promise<TestUser> {
  const publisher = await createPublisher(ctx, options);
  await ctx.database.db
    .update(organisations)
    .set({ name })
    .where(eq(organisations.id, publisher.orgId ?? 0));
  return publisher;
}

async function settingsOf(publisher: TestUser) {
  const answer = await get('/api/schoolSite/GetSettings', publisher.token);
  expect(answer.statusCode, answer.body).toBe(200);
  return schoolSiteSettingsSchema.parse(answer.json());
}

describe('the rules', () => {
  test('a slug of a name drops accents and punctuation; a reserved or empty one is not taken as it is', () => {
    expect(slugOfName('École des Beaux-Arts!')).toBe('ecole-des-beaux-arts');
    expect(slugOfName('Admin')).toBe('admin-school');
    expect(slugOfName('日本')).toBe('school');
    expect(slugOfName('A')).toBe('a-school');
  });

  test('contrast of white text: black 21:1, white 1:1, the default colour passes', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 1);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#4f46e5')).toBeGreaterThan(4.5);
  });
});

describe('site settings', () => {
  test('the first read makes the site at an address of the school’s name; a second school of that name gets -2', async () => {
    const first = await namedPublisher('Harbour Arts Academy');
    const second = await namedPublisher('Harbour Arts Academy');
    const one = await settingsOf(first);
    const two = await settingsOf(second);
    expect(one).toMatchObject({
      slug: 'harbour-arts-academy',
      name: 'Harbour Arts Academy',
      display_name: '',
      primary_color: '#4f46e5',
      custom_domain: null,
      url: `${PUBLIC_URL}/s/harbour-arts-academy`,
    });
    expect(two.slug).toBe('harbour-arts-academy-2');
    // Read again: the same site.
    expect((await settingsOf(first)).slug).toBe('harbour-arts-academy');
  });

  test('the staff change the address, name, colour, headline and about text; the public site shows them', async () => {
    const publisher = await namedPublisher('Pottery Place');
    await settingsOf(publisher);
    const changed = await post('schoolSite/UpdateSettings', publisher.token, {
      slug: 'clay-works',
      display_name: 'Clay Works',
      primary_color: '#1D4ED8',
      headline: 'Hands in the clay',
      about: 'We teach pottery.\n\nSince 1999.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      slug: 'clay-works',
      primary_color: '#1d4ed8',
      name: 'Clay Works',
    });
    const site = await get('/api/schoolSite/GetSite/clay-works');
    expect(site.statusCode).toBe(200);
    expect(schoolSiteSchema.parse(site.json())).toEqual({
      org_id: publisher.orgId,
      slug: 'clay-works',
      name: 'Clay Works',
      logo: null,
      primary_color: '#1d4ed8',
      headline: 'Hands in the clay',
      about: 'We teach pottery.\n\nSince 1999.',
      language: 'en',
    });
    // The old address is no site any more.
    expect((await get('/api/schoolSite/GetSite/pottery-place')).statusCode).toBe(404);
  });

  test('no token: 401; a student: 403; another school’s token changes its own site and cannot take this one’s address', async () => {
    const publisher = await namedPublisher('Owned School');
    const mine = await settingsOf(publisher);
    expect((await get('/api/schoolSite/GetSettings')).statusCode).toBe(401);
    for (const url of ['UpdateSettings', 'SetCustomDomain', 'RemoveLogo']) {
      expect(
        (await post(`schoolSite/${url}`, undefined, url === 'RemoveLogo' ? undefined : {})).statusCode,
        url,
      ).toBe(401);
    }
    const anonymous = await upload(ctx.app, 'POST', '/api/schoolSite/UploadLogo', undefined, {}, imagePart());
    expect(anonymous.statusCode).toBe(401);
    const student = await createStudent(ctx);
    expect((await get('/api/schoolSite/GetSettings', student.token)).statusCode).toBe(403);
    expect((await post('schoolSite/UpdateSettings', student.token, { headline: 'x' })).statusCode).toBe(403);
    expect((await post('schoolSite/RemoveLogo', student.token)).statusCode).toBe(403);
    const logo = await upload(ctx.app, 'POST', '/api/schoolSite/UploadLogo', student.token, {}, imagePart());
    expect(logo.statusCode).toBe(403);

    const other = await namedPublisher('Other School');
    const taken = await post('schoolSite/UpdateSettings', other.token, {
      slug: mine.slug,
      headline: 'Mine now',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([{ field: 'slug', message: SCHOOL_SITE_MSG.slugTaken }]);
    const theirs = await post('schoolSite/UpdateSettings', other.token, { headline: 'Ours' });
    expect(theirs.json().org_id).toBe(other.orgId);
    expect((await settingsOf(publisher)).headline).toBe('');
  });

  test('bad input is a 400 naming the field', async () => {
    const publisher = await namedPublisher('Bad Input School');
    const cases: Array<[Record<string, unknown>, string, string | RegExp]> = [
      [{ slug: 'Has Spaces' }, 'slug', /lower-case/],
      [{ slug: 'ab' }, 'slug', /at least 3/],
      [{ slug: 'admin' }, 'slug', SCHOOL_SITE_MSG.slugReserved],
      [{ slug: '-edge-' }, 'slug', /lower-case/],
      [{ primary_color: 'blue' }, 'primary_color', /#1d4ed8/],
      [{ primary_color: '#ffff00' }, 'primary_color', /contrast of 1\.1:1/],
      [{ headline: 'x'.repeat(121) }, 'headline', /at most 120/],
      [{ headline: 'two\nlines' }, 'headline', /one line/],
      [{ about: 7 }, 'about', /text/],
    ];
    for (const [body, field, message] of cases) {
      const answer = await post('schoolSite/UpdateSettings', publisher.token, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      const detail = answer.json().details.find((d: { field: string }) => d.field === field);
      expect(detail?.message, JSON.stringify(body)).toMatch(message);
    }
    const domain = await post('schoolSite/SetCustomDomain', publisher.token, { domain: 'https://x.com/a' });
    expect(domain.statusCode).toBe(400);
    expect(domain.json().details[0].field).toBe('domain');
    const noFile = await upload(ctx.app, 'POST', '/api/schoolSite/UploadLogo', publisher.token, {});
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().details[0].field).toBe('fileName');
    const notImage = await upload(
      ctx.app,
      'POST',
      '/api/schoolSite/UploadLogo',
      publisher.token,
      {},
      {
        ...imagePart(fixtures.pdf(), 'logo.png'),
      },
    );
    expect(notImage.statusCode).toBe(415);
    expect((await get('/api/schoolSite/GetSite/UPPER%20case')).statusCode).toBe(404);
  });
});

describe('the logo', () => {
  test('uploaded, counted in storage, served publicly; replaced, the old one is queued and stops counting', async () => {
    const publisher = await namedPublisher('Logo School');
    await settingsOf(publisher);
    const first = await upload(
      ctx.app,
      'POST',
      '/api/schoolSite/UploadLogo',
      publisher.token,
      {},
      imagePart(),
    );
    expect(first.statusCode, first.body).toBe(200);
    const logo = first.json().logo as string;
    expect(logo).toMatch(/^\/api\/files\/public\//);
    const key = decodeURIComponent(logo.split('/').pop() ?? '');
    const counted = await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.fileKey, key));
    expect(counted).toHaveLength(1);
    expect(counted[0]?.orgId).toBe(publisher.orgId);
    expect((await get(logo)).statusCode).toBe(200);
    // The sweep that forgets the records of files nothing names keeps a logo's.
    await forgetUnnamedFiles(ctx.database.db, new Date(Date.now() + 3_600_000));
    expect(await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.fileKey, key))).toHaveLength(
      1,
    );

    const second = await upload(
      ctx.app,
      'POST',
      '/api/schoolSite/UploadLogo',
      publisher.token,
      {},
      imagePart(),
    );
    expect(second.json().logo).not.toBe(logo);
    expect(await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.fileKey, key))).toHaveLength(
      0,
    );
    expect(
      await ctx.database.db.select().from(pendingFileDeletions).where(eq(pendingFileDeletions.fileKey, key)),
    ).toHaveLength(1);
    // Another school's token changes its own logo, never this one's.
    const other = await namedPublisher('Other Logo School');
    expect((await post('schoolSite/RemoveLogo', other.token)).json().org_id).toBe(other.orgId);
    expect((await settingsOf(publisher)).logo).toBe(second.json().logo);
    const removed = await post('schoolSite/RemoveLogo', publisher.token);
    expect(removed.json().logo).toBeNull();
  });

  test('a refused upload leaves no file and no record', async () => {
    const publisher = await namedPublisher('Orphan School');
    const before = await ctx.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.orgId, publisher.orgId ?? 0));
    const refused = await upload(
      ctx.app,
      'POST',
      '/api/schoolSite/UploadLogo',
      publisher.token,
      {},
      {
        ...imagePart(fixtures.exe(), 'logo.png'),
      },
    );
    expect(refused.statusCode).toBe(415);
    const after = await ctx.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.orgId, publisher.orgId ?? 0));
    expect(after).toEqual(before);
  });
});

describe('the school’s catalogue and pages', () => {
  test('the catalogue of a school lists only its published courses, paged and searched; an unknown school none', async () => {
    const publisher = await namedPublisher('Catalogue School');
    const other = await namedPublisher('Neighbour School');
    const site = await settingsOf(publisher);
    await createCourse(ctx, publisher.orgId ?? 0, { title: 'Glazing one' });
    await createCourse(ctx, publisher.orgId ?? 0, { title: 'Glazing two' });
    await createCourse(ctx, publisher.orgId ?? 0, { title: 'Hidden draft', published: false });
    await createCourse(ctx, other.orgId ?? 0, { title: 'Glazing elsewhere' });
    const list = await get(`/api/courses/GetAllCoursesDetail?school=${site.slug}&page=1&pageSize=1`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json()).toHaveLength(1);
    const all = await get(`/api/courses/GetAllCoursesDetail?school=${site.slug}&search=glazing`);
    expect(
      all
        .json()
        .map((c: { course_title: string }) => c.course_title)
        .sort(),
    ).toEqual(['Glazing one', 'Glazing two']);
    const none = await get('/api/courses/GetAllCoursesDetail?school=no-such-school');
    expect(none.json()).toEqual([]);
    const bad = await get(`/api/courses/GetAllCoursesDetail?school=${'x'.repeat(41)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('school');
    // The installation's catalogue still lists every school's.
    const everyone = await get('/api/courses/GetAllCoursesDetail?search=glazing');
    expect(everyone.json()).toHaveLength(3);
  });

  test('a school’s pages carry its title and tags; a course of another school gets the school’s own', async () => {
    const publisher = await namedPublisher('Tagged School');
    const other = await namedPublisher('Untagged School');
    await settingsOf(publisher);
    await post('schoolSite/UpdateSettings', publisher.token, { slug: 'tagged', headline: 'Learn <things>' });
    const course = await createCourse(ctx, publisher.orgId ?? 0, { title: 'Tagged course' });
    const theirs = await createCourse(ctx, other.orgId ?? 0, { title: 'Foreign course' });
    const home = await get('/s/tagged');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>Tagged School</title>');
    expect(home.body).toContain('content="Learn &#60;things&#62;"');
    expect(home.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/s/tagged" />`);
    const page = await get(`/s/tagged/courses/${course.id}`);
    expect(page.body).toContain('<title>Tagged course — Tagged School</title>');
    expect(page.body).toContain(`href="${PUBLIC_URL}/s/tagged/courses/${course.id}"`);
    const foreign = await get(`/s/tagged/courses/${theirs.id}`);
    expect(foreign.body).toContain('<title>Tagged School</title>');
    expect(foreign.body).not.toContain('Foreign course');
    const unknown = await get('/s/nobody-here');
    expect(unknown.body).toContain('<title>Skillwise</title>');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/s/tagged</loc>`);
  });
});

describe('custom domains', () => {
  test('a Growth school claims a domain; its host answers with the school’s site; the ask endpoint says yes', async () => {
    const publisher = await namedPublisher('Domain School');
    const other = await namedPublisher('Plain School');
    await settingsOf(publisher);
    const claimed = await post('schoolSite/SetCustomDomain', publisher.token, {
      domain: 'Learn.Domain-School.test.',
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({
      custom_domain: 'learn.domain-school.test',
      custom_domain_allowed: true,
    });
    const course = await createCourse(ctx, publisher.orgId ?? 0, { title: 'Domain course' });
    const theirs = await createCourse(ctx, other.orgId ?? 0, { title: 'Plain course' });

    const host = { host: 'learn.domain-school.test' };
    const home = await get('/', undefined, host);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>Domain School</title>');
    expect(home.body).toContain('<meta name="skillwise-school" content="domain-school" />');
    expect(home.body).toContain('<link rel="canonical" href="https://learn.domain-school.test/" />');
    const page = await get(`/courses/${course.id}`, undefined, host);
    expect(page.body).toContain('<title>Domain course — Domain School</title>');
    // Another school's course is not this site's.
    const foreign = await get(`/courses/${theirs.id}`, undefined, host);
    expect(foreign.body).not.toContain('Plain course');
    expect(foreign.body).toContain('content="domain-school"');
    // The API answers on that host too.
    const api = await get('/api/schoolSite/GetSite/domain-school', undefined, host);
    expect(api.statusCode).toBe(200);
    // The installation's own host and unknown hosts are as they were.
    for (const headers of [{ host: 'learn.example.com' }, { host: 'unknown.test' }]) {
      const same = await get('/', undefined, headers);
      expect(same.body).toContain('<title>Skillwise</title>');
      expect(same.body).not.toContain('skillwise-school');
    }

    const ask = (domain: string) => get(`/api/schoolSite/CheckDomain?domain=${encodeURIComponent(domain)}`);
    expect((await ask('learn.domain-school.test')).statusCode).toBe(200);
    expect((await ask('learn.example.com')).statusCode).toBe(200);
    expect((await ask('unclaimed.test')).statusCode).toBe(404);
    expect((await get('/api/schoolSite/CheckDomain')).statusCode).toBe(400);

    // Another school cannot claim it.
    const taken = await post('schoolSite/SetCustomDomain', other.token, {
      domain: 'learn.domain-school.test',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].field).toBe('domain');
    const installation = await post('schoolSite/SetCustomDomain', publisher.token, {
      domain: 'learn.example.com',
    });
    expect(installation.statusCode).toBe(400);
  });

  test('another plan is a 403 naming Growth; a domain whose school loses the plan is not answered and ask says no', async () => {
    const basic = await namedPublisher('Basic School', { category: 'MonthlyBasic' });
    const refused = await post('schoolSite/SetCustomDomain', basic.token, { domain: 'basic.test' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SCHOOL_SITE_MSG.needsPlan);
    expect(refused.json().message).toContain('Growth');
    // Giving one up needs no plan.
    expect((await post('schoolSite/SetCustomDomain', basic.token, { domain: null })).statusCode).toBe(200);

    const growth = await namedPublisher('Lapsing School');
    await post('schoolSite/SetCustomDomain', growth.token, { domain: 'lapsing.test' });
    expect((await get('/api/schoolSite/CheckDomain?domain=lapsing.test')).statusCode).toBe(200);
    expect((await get('/', undefined, { host: 'lapsing.test' })).body).toContain(
      '<title>Lapsing School</title>',
    );
    await ctx.database.db
      .update(subscriptions)
      .set({ periodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.orgId, growth.orgId ?? 0));
    expect((await get('/api/schoolSite/CheckDomain?domain=lapsing.test')).statusCode).toBe(404);
    // The cached answer for the host goes with the next public change (or PUBLIC_CACHE_SECONDS).
    await post('schoolSite/UpdateSettings', growth.token, { headline: 'Still here' });
    const after = await get('/', undefined, { host: 'lapsing.test' });
    expect(after.body).toContain('<title>Skillwise</title>');
    expect((await settingsOf(growth)).custom_domain_allowed).toBe(false);
    const row = await ctx.database.db
      .select()
      .from(schoolSites)
      .where(eq(schoolSites.orgId, growth.orgId ?? 0));
    expect(row[0]?.customDomain).toBe('lapsing.test');
  });
});
