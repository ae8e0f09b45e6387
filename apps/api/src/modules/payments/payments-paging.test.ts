import {
  PAGE_SIZES,
  ROLE,
  saleRowSchema,
  TOTAL_EARNINGS_HEADER,
  TOTAL_SALE_PRICE_HEADER,
} from '@skillwise/contracts';
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

describe('orders/GetSalesByOrgId totals', () => {
  const salesOf = (user: TestUser): ListCall => ({
    url: '/api/orders/GetSalesByOrgId',
    token: user.token,
    idOf,
  });
  /** The totals headers of an answer. */
  const totalsOf = (got: Awaited<ReturnType<typeof fetchList>>) => ({
    salePrice: got.res.headers[TOTAL_SALE_PRICE_HEADER],
    earnings: got.res.headers[TOTAL_EARNINGS_HEADER],
  });
  /** What the rows of the whole list add up to, in dollars with two decimals (as cents: no rounding drift). */
  const sumOf = (rows: Record<string, unknown>[], field: 'sale_price' | 'earnings') => {
    const cents = rows.reduce((sum, row) => sum + Math.round(saleRowSchema.parse(row)[field] * 100), 0);
    return (cents / 100).toFixed(2);
  };

  test('every page carries the sums over all the sales, the same as the whole list’s rows add up to', async () => {
    // 1001 + 1002 + 1003 + 1005 + 1002 + 1003 + 1003 cents: the seven captured course sales, no plan
    // bought, no order not captured, nothing of the other organisation.
    const expected = { salePrice: '70.19', earnings: '70.19' };
    const whole = await fetchList(ctx, salesOf(mine));
    expect(totalsOf(whole)).toEqual(expected);
    expect(sumOf(whole.rows, 'sale_price')).toBe(expected.salePrice);
    expect(sumOf(whole.rows, 'earnings')).toBe(expected.earnings);
    for (const query of ['page=1&pageSize=2', 'page=3&pageSize=3', 'page=1', 'page=9&pageSize=10']) {
      const got = await fetchList(ctx, salesOf(mine), query);
      expect(totalsOf(got), query).toEqual(expected);
      expect(got.total, query).toBe(7);
    }
    const theirsPage = await fetchList(ctx, salesOf(theirs), 'pageSize=10');
    expect(totalsOf(theirsPage)).toEqual({ salePrice: '10.03', earnings: '10.03' });
  });

  test('the sums follow the search', async () => {
    const alpha = await fetchList(ctx, salesOf(mine), 'search=ALPHA&pageSize=1');
    expect(alpha.rows).toHaveLength(1);
    expect(totalsOf(alpha)).toEqual({ salePrice: '20.03', earnings: '20.03' });
    const literal = await fetchList(ctx, salesOf(mine), `search=${encodeURIComponent('100%')}&page=1`);
    expect(totalsOf(literal)).toEqual({ salePrice: '10.02', earnings: '10.02' });
  });

  test('the sums are zero when no sale matches', async () => {
    const none = await fetchList(ctx, salesOf(mine), 'search=their&page=1');
    expect(none.total).toBe(0);
    expect(totalsOf(none)).toEqual({ salePrice: '0.00', earnings: '0.00' });
    const stranger = await createPublisher(ctx);
    const nothing = await fetchList(ctx, salesOf(stranger));
    expect(nothing.rows).toEqual([]);
    expect(totalsOf(nothing)).toEqual({ salePrice: '0.00', earnings: '0.00' });
  });

  test('a sum past what a 32-bit integer holds comes out whole, to the cent', async () => {
    const publisher = await createPublisher(ctx);
    const course = await createCourse(ctx, publisher.orgId ?? 0, { title: 'Dear course' });
    // Two sales of $20,000,000 and one of $0.01: 4,000,000,001 cents.
    const amounts = [2_000_000_000, 2_000_000_000, 1];
    for (const [index, amountCents] of amounts.entries()) {
      const [student] = await ctx.database.db
        .insert(users)
        .values({
          email: uniqueEmail('dear'),
          passwordHash: 'not-a-login',
          fullName: `Dear ${index}`,
          roleId: ROLE.STUDENT,
          verified: true,
          isActive: true,
        })
        .returning({ id: users.id });
      await ctx.database.db.insert(orders).values({
        userId: student?.id ?? 0,
        orgId: publisher.orgId ?? 0,
        kind: 'course',
        courseId: course.id,
        amountCents,
        provider: 'sandbox',
        providerOrderId: `dear-${index}`,
        status: 'captured',
        capturedAt: new Date(),
      });
    }
    const got = await fetchList(ctx, salesOf(publisher), 'page=1&pageSize=1');
    expect(totalsOf(got)).toEqual({ salePrice: '40000000.01', earnings: '40000000.01' });
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
