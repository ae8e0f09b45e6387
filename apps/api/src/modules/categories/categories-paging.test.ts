import { categorySchema, PAGE_SIZES } from '@skillwise/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createCourse, createPublisher, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { expectBadQueries, expectPaging, expectSearch, fetchList, type ListCall } from '../../../test/paging';
import { categories } from '../../db/schema';

let ctx: TestContext;
let mine: TestUser;
let theirs: TestUser;
const ids: Record<string, number> = {};

const NAMES = ['Watercolour', 'Same', 'Oil', '50% off', 'Same', 'a_b', 'aXb', 'Sketching'];

beforeAll(async () => {
  ctx = await createTestContext();
  mine = await createPublisher(ctx);
  theirs = await createPublisher(ctx);
  const rows = await ctx.database.db
    .insert(categories)
    .values(NAMES.map((name) => ({ orgId: mine.orgId ?? 0, name })))
    .returning();
  for (const row of rows) ids[row.name] ??= row.id;
  await ctx.database.db.insert(categories).values({ orgId: theirs.orgId ?? 0, name: 'Watercolour' });
});
afterAll(async () => ctx.close());

const list = (user: TestUser, orgId: number | null = user.orgId): ListCall => ({
  url: `/api/coursecategory/GetCourseCategoriesByOrgId?org_Id=${orgId}`,
  token: user.token,
  idOf: (row) => categorySchema.parse(row).category_Id,
});

/** The order the list has always had: by name, then id (names repeat). */
async function inListOrder(orgId: number) {
  const rows = await ctx.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.orgId, orgId))
    .orderBy(asc(categories.name), asc(categories.id));
  return rows.map((row) => row.id);
}

test('pages the organisation’s categories by name, id breaking ties', async () => {
  const all = await inListOrder(mine.orgId ?? 0);
  expect(all).toHaveLength(NAMES.length);
  await expectPaging(ctx, list(mine), all, PAGE_SIZES.categories);
});

test('searches names case-insensitively, with % and _ taken literally; counts stay per category', async () => {
  await expectSearch(ctx, list(mine), 'WATER', [ids.Watercolour]);
  await expectSearch(ctx, list(mine), '%', [ids['50% off']]);
  await expectSearch(ctx, list(mine), 'a_', [ids.a_b]);
  const same = await inListOrder(mine.orgId ?? 0);
  const sameIds = (await fetchList(ctx, list(mine), 'search=same')).ids;
  expect(sameIds).toEqual(same.filter((id) => sameIds.includes(id)));
  expect(sameIds).toHaveLength(2);

  const course = await createCourse(ctx, mine.orgId ?? 0);
  const used = await fetchList(ctx, list(mine), 'search=Design&pageSize=5');
  expect(used.rows.map((row) => categorySchema.parse(row))).toMatchObject([
    { category_Id: course.categoryId, category_name: 'Design', courses_count: 1 },
  ]);
});

test('bad parameters are a 400; no token is a 401; another organisation sees only its own', async () => {
  await expectBadQueries(ctx, list(mine));
  const anonymous = await call(ctx.app, {
    method: 'GET',
    url: '/api/coursecategory/GetCourseCategoriesByOrgId?page=1',
  });
  expect(anonymous.statusCode).toBe(401);
  const other = await fetchList(ctx, list(theirs, mine.orgId), 'search=sketch&pageSize=10');
  expect(other.ids).toEqual([]);
  expect(other.total).toBe(0);
  const own = await fetchList(ctx, list(theirs, mine.orgId), 'page=1');
  expect(own.total).toBe(1);
  expect(own.ids).not.toContain(ids.Watercolour);
});
