import { PAGE_SIZES, ROLE, saleRowSchema } from '@skillwise/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext, uniqueEmail } from '../../../test/helpers';
import { expectBadQueries, expectPaging, expectSearch, fetchList, type ListCall } from '../../../test/paging';
import { enrolments, type OrderStatus, orders, planPrices, users } from '../../db/schema';

let ctx: TestContext;
let mine: TestUser;
let theirs: TestUser;
let buyer: TestUser;
const courseIds: Record<string, number> = {};
type Sale = { id: number; minute: number; title: string; userId: number; orgId: number };
/** Captured course orders, as inserted. */
const sales: Sale[] = [];

const newestFirst = (a: Sale, b: Sale) => b.minute - a.minute || b.id - a.id;
const titlesOf = (rows: Sale[]) => rows.map((sale) => sale.title);

let providerOrders = 0;
async function insertOrder(
  userId: number,
  orgId: number,
  values: { courseTitle?: string; minute: number; status?: OrderStatus; planPriceId?: number },
) {
  const courseId = values.courseTitle === undefined ? null : (courseIds[values.courseTitle] ?? 0);
  const status = values.status ?? 'captured';
  providerOrders += 1;
  const [row] = await ctx.database.db
    .insert(orders)
    .values({
      userId,
      orgId,
      kind: courseId === null ? 'plan' : 'course',
      courseId,
      planPriceId: values.planPriceId ?? null,
      amountCents: 1000 + values.minute,
      provider: 'sandbox',
      providerOrderId: `paging-${providerOrders}`,
      status,
      capturedAt: status === 'captured' ? new Date(Date.UTC(2025, 0, 1, 0, values.minute)) : null,
    })
    .returning({ id: orders.id });
  if (courseId !== null && status === 'captured') {
    await ctx.database.db
      .insert(enrolments)
      .values({ userId, courseId, source: 'purchased' })
      .onConflictDoNothing();
  }
  if (status === 'captured' && values.courseTitle !== undefined) {
    sales.push({ id: row?.id ?? 0, minute: values.minute, title: values.courseTitle, userId, orgId });
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  mine = await createPublisher(ctx);
  theirs = await createPublisher(ctx);
  buyer = await createStudent(ctx, 'Bea Buyer');
  for (const title of ['Alpha Course', '100% Course', 'a_b Course', 'aXb Course', 'Beta Course']) {
    courseIds[title] = (await createCourse(ctx, mine.orgId ?? 0, { title })).id;
  }
  courseIds['Their Alpha'] = (await createCourse(ctx, theirs.orgId ?? 0, { title: 'Their Alpha' })).id;
  const others = await db
    .insert(users)
    .values(
      ['One', 'Two'].map((name) => ({
        email: uniqueEmail(name.toLowerCase()),
        passwordHash: 'not-a-login',
        fullName: name,
        roleId: ROLE.STUDENT,
        verified: true,
        isActive: true,
      })),
    )
    .returning({ id: users.id });
  const [one, two] = others.map((row) => row.id);
  const myOrg = mine.orgId ?? 0;
  const theirOrg = theirs.orgId ?? 0;
  // Three captured at minute 3: the newer id comes first.
  await insertOrder(buyer.userId, myOrg, { courseTitle: 'Alpha Course', minute: 1 });
  await insertOrder(buyer.userId, myOrg, { courseTitle: '100% Course', minute: 2 });
  await insertOrder(buyer.userId, myOrg, { courseTitle: 'a_b Course', minute: 3 });
  await insertOrder(buyer.userId, theirOrg, { courseTitle: 'Their Alpha', minute: 3 });
  await insertOrder(one ?? 0, myOrg, { courseTitle: 'Beta Course', minute: 5 });
  await insertOrder(one ?? 0, myOrg, { courseTitle: 'Alpha Course', minute: 2 });
  await insertOrder(two ?? 0, myOrg, { courseTitle: 'aXb Course', minute: 3 });
  await insertOrder(buyer.userId, myOrg, { courseTitle: 'aXb Course', minute: 3 });
  // Neither an order not captured nor a plan the organisation bought is a sale.
  await insertOrder(buyer.userId, myOrg, { courseTitle: 'Beta Course', minute: 9, status: 'failed' });
  await insertOrder(two ?? 0, myOrg, { courseTitle: 'Beta Course', minute: 9, status: 'capturing' });
  const [plan] = await db.select().from(planPrices).limit(1);
  await insertOrder(mine.userId, myOrg, { minute: 9, planPriceId: plan?.id ?? 0 });
});
afterAll(async () => ctx.close());

const idOf = (row: Record<string, unknown>) => saleRowSchema.parse(row).order_Id;

describe('orders/GetSalesByOrgId', () => {
  const salesOf = (user: TestUser): ListCall => ({
    url: '/api/orders/GetSalesByOrgId',
    token: user.token,
    idOf,
  });
  const mySales = () => sales.filter((sale) => sale.orgId === mine.orgId).sort(newestFirst);

  test('pages the organisation’s captured course sales, newest first, id breaking ties', async () => {
    const all = mySales();
    expect(all).toHaveLength(7);
    await expectPaging(
      ctx,
      salesOf(mine),
      all.map((sale) => sale.id),
      PAGE_SIZES.sales,
    );
    const page = await fetchList(ctx, salesOf(mine), 'page=2&pageSize=3');
    expect(page.rows.map((row) => saleRowSchema.parse(row).product)).toEqual(titlesOf(all.slice(3, 6)));
  });

  test('searches the product’s title case-insensitively, with % and _ taken literally', async () => {
    const found = (test: (title: string) => boolean) =>
      mySales()
        .filter((sale) => test(sale.title))
        .map((sale) => sale.id);
    await expectSearch(
      ctx,
      salesOf(mine),
      'ALPHA',
      found((title) => title === 'Alpha Course'),
    );
    await expectSearch(
      ctx,
      salesOf(mine),
      '100%',
      found((title) => title === '100% Course'),
    );
    await expectSearch(
      ctx,
      salesOf(mine),
      'a_b',
      found((title) => title === 'a_b Course'),
    );
    await expectSearch(ctx, salesOf(mine), 'their', []);
  });

  test('bad parameters are a 400; no token is a 401; another organisation sees only its own', async () => {
    await expectBadQueries(ctx, salesOf(mine));
    const anonymous = await call(ctx.app, { method: 'GET', url: '/api/orders/GetSalesByOrgId?page=1' });
    expect(anonymous.statusCode).toBe(401);
    const other = await fetchList(ctx, salesOf(theirs), 'pageSize=10');
    expect(other.rows.map((row) => saleRowSchema.parse(row).product)).toEqual(['Their Alpha']);
    expect(other.total).toBe(1);
    const stranger = await createPublisher(ctx);
    const none = await fetchList(ctx, salesOf(stranger), 'page=2&pageSize=10');
    expect(none.rows).toEqual([]);
    expect(none.total).toBe(0);
  });
});

describe('orders/GetPurchasesByUserId', () => {
  const purchasesOf = (user: TestUser): ListCall => ({
    url: `/api/orders/GetPurchasesByUserId/${buyer.userId}`,
    token: user.token,
    idOf,
  });
  const bought = (orgId?: number | null) =>
    sales
      .filter((sale) => sale.userId === buyer.userId && (orgId === undefined || sale.orgId === orgId))
      .sort(newestFirst);

  test('the student pages all its purchases, newest first', async () => {
    const all = bought();
    expect(all).toHaveLength(5);
    await expectPaging(
      ctx,
      purchasesOf(buyer),
      all.map((sale) => sale.id),
      PAGE_SIZES.purchases,
    );
  });

  test('a publisher pages only its own sales to the student', async () => {
    const all = bought(mine.orgId);
    const got = await fetchList(ctx, purchasesOf(mine), 'page=1&pageSize=2');
    expect(got.ids).toEqual(all.slice(0, 2).map((sale) => sale.id));
    expect(got.total).toBe(all.length);
    const theirsOnly = await fetchList(ctx, purchasesOf(theirs), 'pageSize=10');
    expect(theirsOnly.ids).toEqual(bought(theirs.orgId).map((sale) => sale.id));
    expect(theirsOnly.total).toBe(1);
  });

  test('searches the product’s title', async () => {
    const alpha = bought().filter((sale) => sale.title.toLowerCase().includes('alpha'));
    await expectSearch(
      ctx,
      purchasesOf(buyer),
      'ALPHA',
      alpha.map((sale) => sale.id),
    );
    await expectSearch(
      ctx,
      purchasesOf(mine),
      'alpha',
      alpha.filter((sale) => sale.orgId === mine.orgId).map((sale) => sale.id),
    );
    await expectSearch(ctx, purchasesOf(buyer), '_', [
      bought().find((sale) => sale.title === 'a_b Course')?.id,
    ]);
  });

  test('bad parameters are a 400; no token is a 401; an unrelated organisation gets 404', async () => {
    await expectBadQueries(ctx, purchasesOf(buyer));
    const url = `/api/orders/GetPurchasesByUserId/${buyer.userId}?page=1`;
    expect((await call(ctx.app, { method: 'GET', url })).statusCode).toBe(401);
    const stranger = await createPublisher(ctx);
    expect((await fetchList(ctx, purchasesOf(stranger), 'page=1')).status).toBe(404);
  });
});
