import {
  PROVIDER_FEE_UNREPORTED_HEADER,
  SALES_TOTAL_HEADERS,
  saleRowSchema,
  TOTAL_EARNINGS_HEADER,
  TOTAL_SALE_PRICE_HEADER,
} from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { buyCourse, insertSale } from '../../../test/payments';
import { orders, planPrices } from '../../db/schema';

// 10.25%: 49.99 makes 5.123975, a fee of 5.12; 19.99 makes 2.048975, 2.05 (half up at the cent).
let ctx: TestContext;
let publisher: TestUser;
let student: TestUser;
beforeAll(async () => {
  ctx = await createTestContext({ PLATFORM_FEE_PERCENT: '10.25' });
  publisher = await createPublisher(ctx);
  student = await createStudent(ctx, 'Bea Buyer');
});
afterAll(async () => ctx.close());

const orderOf = async (providerOrderId: string) => {
  const [row] = await ctx.database.db
    .select()
    .from(orders)
    .where(eq(orders.providerOrderId, providerOrderId));
  if (!row) throw new Error('no order');
  return row;
};

const salesOf = async (user: TestUser, query = '') => {
  const res = await call(ctx.app, {
    method: 'GET',
    url: `/api/orders/GetSalesByOrgId${query}`,
    token: user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const headers = Object.fromEntries(
    [
      TOTAL_SALE_PRICE_HEADER,
      TOTAL_EARNINGS_HEADER,
      ...Object.values(SALES_TOTAL_HEADERS),
      PROVIDER_FEE_UNREPORTED_HEADER,
    ].map((name) => [name, res.headers[name]]),
  );
  return { rows: (res.json() as unknown[]).map((row) => saleRowSchema.parse(row)), headers };
};

describe('what a sale earns its school', () => {
  test('a course order fixes the platform fee when it is made; the capture records the provider’s fee', async () => {
    const course = await createCourse(ctx, publisher.orgId ?? 0, {
      title: 'Fees Course',
      priceCents: 4999,
      withLesson: true,
    });
    const { orderId, capture } = await buyCourse(ctx, student, course.id, 49.99);
    expect(capture?.statusCode).toBe(200);
    const order = await orderOf(orderId);
    expect(order).toMatchObject({
      amountCents: 4999,
      discountCents: 0,
      platformFeeCents: 512,
      // The sandbox reports its fee: none.
      providerFeeCents: 0,
      status: 'captured',
    });
    const { rows } = await salesOf(publisher);
    expect(rows.find((row) => row.order_Id === order.id)).toEqual({
      order_Id: order.id,
      date: order.capturedAt?.toISOString(),
      sale_price: 49.99,
      earnings: 44.87,
      currency: 'USD',
      product: 'Fees Course',
      course_Id: course.id,
      buyer_email: student.email,
      gross: 49.99,
      discount: 0,
      platform_fee: 5.12,
      provider_fee: 0,
      refunded: 0,
      net: 44.87,
      refund_request: null,
      refund_answer: null,
      coupon_code: null,
    });
  });

  test('a free course and a plan take no platform fee', async () => {
    const free = await createCourse(ctx, publisher.orgId ?? 0, {
      title: 'Free Course',
      priceCents: 0,
      withLesson: true,
    });
    const { orderId } = await buyCourse(ctx, student, free.id, 0);
    expect(await orderOf(orderId)).toMatchObject({
      amountCents: 0,
      platformFeeCents: 0,
      providerFeeCents: 0,
    });
    const [plan] = await ctx.database.db
      .select()
      .from(planPrices)
      .where(eq(planPrices.category, 'MonthlyBasic'));
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/organization/CreateOrder',
      token: publisher.token,
      body: {
        price: (plan?.amountCents ?? 0) / 100,
        user_id: publisher.userId,
        subscriptionCategoryType: 'MonthlyBasic',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await orderOf(created.json().id)).toMatchObject({ kind: 'plan', platformFeeCents: 0 });
  });

  test('the totals sum every part over the matching sales; an unreported fee is counted, not guessed', async () => {
    const other = await createPublisher(ctx);
    const course = await createCourse(ctx, other.orgId ?? 0, { title: 'Sums Course', priceCents: 1999 });
    const sale = (values: Partial<typeof orders.$inferInsert> & { refundedCents?: number }) =>
      insertSale(ctx, {
        userId: student.userId,
        orgId: other.orgId ?? 0,
        courseId: course.id,
        amountCents: 1999,
        platformFeeCents: 205,
        provider: 'paypal',
        ...values,
      });
    await sale({ providerFeeCents: 119 });
    const unreported = await sale({ providerFeeCents: null, discountCents: 100 });
    // A sale given back after its capture: its refund is taken off what the school earns.
    const refunded = await sale({ providerFeeCents: 119, refundedCents: 1999 });
    const { rows, headers } = await salesOf(other, '?page=1&pageSize=1');
    expect(rows).toHaveLength(1);
    // gross 59.97, discount 1.00, platform 6.15, provider 2.38 (one unreported), refunded 19.99; the
    // sale price is what the buyers paid (docs/decisions/030).
    expect(headers).toEqual({
      [TOTAL_SALE_PRICE_HEADER]: '58.97',
      [TOTAL_EARNINGS_HEADER]: '30.45',
      [SALES_TOTAL_HEADERS.gross]: '59.97',
      [SALES_TOTAL_HEADERS.discount]: '1.00',
      [SALES_TOTAL_HEADERS.platformFee]: '6.15',
      [SALES_TOTAL_HEADERS.providerFee]: '2.38',
      [SALES_TOTAL_HEADERS.refunded]: '19.99',
      [SALES_TOTAL_HEADERS.net]: '30.45',
      [PROVIDER_FEE_UNREPORTED_HEADER]: '1',
    });
    const whole = await salesOf(other);
    const byId = new Map(whole.rows.map((row) => [row.order_Id, row]));
    expect(byId.get(unreported?.id ?? 0)).toMatchObject({ provider_fee: null, discount: 1, net: 16.94 });
    expect(byId.get(refunded?.id ?? 0)).toMatchObject({ refunded: 19.99, net: -3.24, earnings: -3.24 });
    // The rows add up to the totals.
    const cents = whole.rows.reduce((sum, row) => sum + Math.round((row.net ?? 0) * 100), 0);
    expect((cents / 100).toFixed(2)).toBe('30.45');
  });

  test('a sale refunded in the provider’s dashboard stays in the sales with its refund; a capture given back unused is no sale', async () => {
    const school = await createPublisher(ctx);
    const course = await createCourse(ctx, school.orgId ?? 0, { title: 'Refunds Course', priceCents: 2000 });
    const sale = (values: Partial<typeof orders.$inferInsert> & Parameters<typeof insertSale>[1]) =>
      insertSale(ctx, { amountCents: 2000, platformFeeCents: 205, providerFeeCents: 88, ...values });
    const buyer = { userId: student.userId, orgId: school.orgId ?? 0, courseId: course.id };
    const kept = await sale(buyer);
    const refunded = await sale({
      ...buyer,
      status: 'refunded',
      refundedCents: 2000,
      refundReason: 'provider_refund',
    });
    // Captured by the provider but never granted (the course was withdrawn meanwhile): no capture time.
    await sale({
      ...buyer,
      status: 'refunded',
      capturedAt: null,
      refundedCents: 2000,
      refundReason: 'course_unavailable',
    });
    const { rows, headers } = await salesOf(school);
    expect(rows.map((row) => row.order_Id).sort()).toEqual([kept.id, refunded.id].sort());
    // The refunded sale gave the whole price back; the fees taken on it stay taken (decision 024).
    expect(rows.find((row) => row.order_Id === refunded.id)).toMatchObject({ refunded: 20, net: -2.93 });
    expect(headers).toMatchObject({
      [SALES_TOTAL_HEADERS.gross]: '40.00',
      [SALES_TOTAL_HEADERS.refunded]: '20.00',
      [SALES_TOTAL_HEADERS.net]: '14.14',
    });
    // The chart's buckets count the same sales.
    const day = new Date().toISOString().slice(0, 10);
    const series = await call(ctx.app, {
      method: 'GET',
      url: `/api/orders/GetSalesSeries?interval=day&from=${day}&to=${day}`,
      token: school.token,
    });
    expect(series.statusCode, series.body).toBe(200);
    expect((series.json() as { points: unknown[] }).points).toEqual([{ start: day, gross: 40, net: 14.14 }]);
  });

  test('a buyer’s own purchases show the price paid, nothing of the school’s figures', async () => {
    const res = await call(ctx.app, {
      method: 'GET',
      url: `/api/orders/GetPurchasesByUserId/${student.userId}`,
      token: student.token,
    });
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as unknown[]).map((row) => saleRowSchema.parse(row));
    const paid = rows.find((row) => row.product === 'Fees Course');
    expect(paid).toMatchObject({ sale_price: 49.99, earnings: 49.99 });
    for (const row of rows) {
      expect(Object.keys(row)).not.toContain('platform_fee');
      expect(Object.keys(row)).not.toContain('net');
    }
  });
});
