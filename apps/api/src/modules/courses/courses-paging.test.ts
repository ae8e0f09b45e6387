import { courseListItemSchema, PAGE_SIZES, TOTAL_COUNT_HEADER } from '@skillwise/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { expectBadQueries, expectPaging, expectSearch, fetchList, type ListCall } from '../../../test/paging';

let ctx: TestContext;
let mine: TestUser;
let theirs: TestUser;
/** Course ids by title. */
const ids: Record<string, number> = {};

const TITLES = [
  'Alpha Painting',
  '100% Watercolour',
  'snake_case drawing',
  'alpha sculpture',
  '100 Watercolour Tips',
  'snakeXcase drawing',
];

beforeAll(async () => {
  // A long cache life, so that what the cache holds is decided by the tests, not by the clock.
  ctx = await createTestContext({ PUBLIC_CACHE_SECONDS: '3600' });
  mine = await createPublisher(ctx);
  theirs = await createPublisher(ctx);
  for (const title of TITLES) ids[title] = (await createCourse(ctx, mine.orgId ?? 0, { title })).id;
  ids['Draft alpha'] = (
    await createCourse(ctx, mine.orgId ?? 0, { title: 'Draft alpha', published: false })
  ).id;
  ids['Their course'] = (await createCourse(ctx, theirs.orgId ?? 0, { title: 'Their course' })).id;
});
afterAll(async () => ctx.close());

const idOf = (row: Record<string, unknown>) => courseListItemSchema.parse(row).course_Id;
const catalogue: ListCall = { url: '/api/courses/GetAllCoursesDetail', idOf };
const ofTitles = (...titles: string[]) => titles.map((title) => ids[title]);

describe('courses/GetAllCoursesDetail', () => {
  test('pages the published courses in id order with their total', async () => {
    const published = ofTitles(...TITLES, 'Their course');
    await expectPaging(ctx, catalogue, published, PAGE_SIZES.catalogue);
    const featured = await fetchList(ctx, catalogue, `pageSize=${PAGE_SIZES.featured}`);
    expect(featured.ids).toEqual(published.slice(0, PAGE_SIZES.featured));
  });

  test('searches titles case-insensitively, with % and _ taken literally', async () => {
    await expectSearch(ctx, catalogue, 'ALPHA', ofTitles('Alpha Painting', 'alpha sculpture'));
    await expectSearch(ctx, catalogue, '  alpha  ', ofTitles('Alpha Painting', 'alpha sculpture'));
    await expectSearch(ctx, catalogue, '100%', ofTitles('100% Watercolour'));
    await expectSearch(ctx, catalogue, '%', ofTitles('100% Watercolour'));
    await expectSearch(ctx, catalogue, 'e_c', ofTitles('snake_case drawing'));
    await expectSearch(ctx, catalogue, '\\', []);
    await expectSearch(ctx, catalogue, 'nothing like it', []);
    // A blank search is no search.
    expect((await fetchList(ctx, catalogue, 'search=%20')).total).toBe(TITLES.length + 1);
  });

  test('bad paging parameters are a 400 naming the field', async () => {
    await expectBadQueries(ctx, catalogue);
  });

  test('a cached page keeps its total, answers 304 with it, and follows a change', async () => {
    const first = await fetchList(ctx, catalogue, 'pageSize=2');
    const etag = first.res.headers.etag as string;
    expect(first.total).toBe(TITLES.length + 1);
    // Equivalent queries are one cache entry: the same version.
    const same = await fetchList(ctx, catalogue, 'page=1&pageSize=2&other=x');
    expect(same.res.headers.etag).toBe(etag);

    // A course written straight to the database (not through this app) shows once the cached answer
    // expires: until then the page, its total and its ETag come from the cache.
    await createCourse(ctx, theirs.orgId ?? 0, { title: 'Written elsewhere' });
    const cached = await fetchList(ctx, catalogue, 'pageSize=2');
    expect(cached.res.headers.etag).toBe(etag);
    expect(cached.total).toBe(TITLES.length + 1);
    const notModified = await call(ctx.app, {
      method: 'GET',
      url: '/api/courses/GetAllCoursesDetail?pageSize=2',
      headers: { 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers[TOTAL_COUNT_HEADER]).toBe(String(TITLES.length + 1));

    // An authoring change through the app clears the cache: the new total is a new version.
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/coursecategory/CreateCourseCategory',
      token: theirs.token,
      body: { category_name: 'New' },
    });
    expect(created.statusCode).toBe(201);
    const fresh = await call(ctx.app, {
      method: 'GET',
      url: '/api/courses/GetAllCoursesDetail?pageSize=2',
      headers: { 'if-none-match': etag },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers[TOTAL_COUNT_HEADER]).toBe(String(TITLES.length + 2));
    expect(fresh.headers.etag).not.toBe(etag);
  });
});

describe('courses/GetCoursesbyOrgId', () => {
  const orgCourses = (token: string, orgId: number | null = 1): ListCall => ({
    url: `/api/courses/GetCoursesbyOrgId?org_Id=${orgId}`,
    token,
    idOf,
  });

  test('pages the caller’s courses, published or not, in id order', async () => {
    await expectPaging(
      ctx,
      orgCourses(mine.token),
      ofTitles(...TITLES, 'Draft alpha'),
      PAGE_SIZES.orgCourses,
    );
  });

  test('searches titles, drafts included', async () => {
    const list = orgCourses(mine.token);
    await expectSearch(ctx, list, 'Alpha', ofTitles('Alpha Painting', 'alpha sculpture', 'Draft alpha'));
    await expectSearch(ctx, list, '_', ofTitles('snake_case drawing'));
    await expectSearch(ctx, list, 'their', []);
  });

  test('bad parameters are a 400; no token is a 401; another organisation sees only its own', async () => {
    await expectBadQueries(ctx, orgCourses(mine.token));
    const badOrg = await fetchList(ctx, orgCourses(mine.token), 'org_Id=x');
    expect(badOrg.status).toBe(400);
    const anonymous = await call(ctx.app, {
      method: 'GET',
      url: '/api/courses/GetCoursesbyOrgId?pageSize=2',
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await fetchList(ctx, orgCourses(theirs.token, mine.orgId), 'pageSize=10&search=alpha');
    expect(other.rows).toEqual([]);
    expect(other.total).toBe(0);
    const own = await fetchList(ctx, orgCourses(theirs.token, mine.orgId), 'pageSize=10');
    expect(own.ids).not.toContain(ids['Alpha Painting']);
    expect(own.ids).toContain(ids['Their course']);
  });
});
