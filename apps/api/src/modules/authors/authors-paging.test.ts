import { authorSchema, PAGE_SIZES } from '@skillwise/contracts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createPublisher, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { expectBadQueries, expectPaging, expectSearch, fetchList, type ListCall } from '../../../test/paging';
import { authors } from '../../db/schema';

let ctx: TestContext;
let mine: TestUser;
let theirs: TestUser;
let all: number[] = [];

const PEOPLE = [
  ['Ada', 'Lovelace', 'ada@example.com'],
  ['Grace', 'Hopper', 'grace@example.com'],
  ['Alan', 'Turing', 'x_y@example.com'],
  ['Edsger', 'Dijkstra', 'xzy@example.com'],
  ['Barbara', 'Liskov', 'barbara@example.com'],
  ['Donald', 'Knuth', 'don@100%.example.com'],
  ['Ada', 'Byron', 'byron@example.com'],
] as const;

beforeAll(async () => {
  ctx = await createTestContext();
  mine = await createPublisher(ctx);
  theirs = await createPublisher(ctx);
  const rows = await ctx.database.db
    .insert(authors)
    .values(
      PEOPLE.map(([firstName, lastName, email]) => ({
        orgId: mine.orgId ?? 0,
        firstName,
        lastName,
        gender: 'F' as const,
        email,
      })),
    )
    .returning({ id: authors.id });
  all = rows.map((row) => row.id).sort((a, b) => a - b);
  await ctx.database.db.insert(authors).values({
    orgId: theirs.orgId ?? 0,
    firstName: 'Ada',
    lastName: 'Other',
    gender: 'F',
    email: 'o@example.com',
  });
});
afterAll(async () => ctx.close());

const list = (user: TestUser, orgId: number | null = user.orgId): ListCall => ({
  url: `/api/authors/GetAuthorByOrgId?org_Id=${orgId}`,
  token: user.token,
  idOf: (row) => authorSchema.parse(row).author_id,
});
const idsOf = (...indexes: number[]) => indexes.map((i) => all[i]);

test('pages the organisation’s authors in id order, 5 by default', async () => {
  await expectPaging(ctx, list(mine), all, PAGE_SIZES.authors);
  expect((await fetchList(ctx, list(mine), 'page=2')).ids).toEqual(all.slice(5, 10));
});

test('searches first, last and full names and e-mail addresses, case-insensitively and literally', async () => {
  await expectSearch(ctx, list(mine), 'ada', idsOf(0, 6));
  await expectSearch(ctx, list(mine), 'HOPPER', idsOf(1));
  await expectSearch(ctx, list(mine), 'ada byron', idsOf(6));
  await expectSearch(ctx, list(mine), 'e H', idsOf(1));
  await expectSearch(ctx, list(mine), 'x_y', idsOf(2));
  await expectSearch(ctx, list(mine), '100%', idsOf(5));
  await expectSearch(ctx, list(mine), 'barbara@', idsOf(4));
});

test('bad parameters are a 400; no token is a 401; another organisation sees only its own', async () => {
  await expectBadQueries(ctx, list(mine));
  const anonymous = await call(ctx.app, { method: 'GET', url: '/api/authors/GetAuthorByOrgId?pageSize=5' });
  expect(anonymous.statusCode).toBe(401);
  const other = await fetchList(ctx, list(theirs, mine.orgId), 'search=ada&pageSize=5');
  expect(other.rows.map((row) => authorSchema.parse(row).last_name)).toEqual(['Other']);
  expect(other.total).toBe(1);
  expect(other.ids).not.toContain(all[0]);
});
