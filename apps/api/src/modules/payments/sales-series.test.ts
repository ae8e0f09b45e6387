import { salesSeriesSchema } from '@skillwise/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { insertSale } from '../../../test/payments';
import type { orders } from '../../db/schema';

let ctx: TestContext;
let publisher: TestUser;
let theirs: TestUser;
let student: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  publisher = await createPublisher(ctx);
  theirs = await createPublisher(ctx);
  student = await createStudent(ctx);
  const course = await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 1000 });
  const theirCourse = await createCourse(ctx, theirs.orgId ?? 0, { priceCents: 1000 });
  const sale = (at: string, values: Partial<typeof orders.$inferInsert> & { refundedCents?: number } = {}) =>
    insertSale(ctx, {
      userId: student.userId,
      orgId: publisher.orgId ?? 0,
      courseId: course.id,
      platformFeeCents: 100,
      providerFeeCents: 50,
      capturedAt: new Date(at),
      ...values,
    });
  // Monday 2 March 2026 and Sunday 8 March (the same ISO week), at the edges of their UTC days.
  await sale('2026-03-02T00:00:00Z');
  await sale('2026-03-08T23:59:59.999Z');
  // Tuesday 10 March: refunded whole, and one with no provider fee reported.
  await sale('2026-03-10T12:00:00Z', { refundedCents: 1000 });
  await sale('2026-03-10T13:00:00Z', { providerFeeCents: null });
  // 1 April, just past March in UTC; and outside any range asked below.
  await sale('2026-04-01T00:00:00Z');
  await sale('2025-12-31T23:59:59Z');
  // Neither a sale not captured, nor another organisation's, nor a plan counts.
  await sale('2026-03-03T10:00:00Z', { status: 'failed', capturedAt: null });
  await sale('2026-03-03T10:00:00Z', { orgId: theirs.orgId ?? 0, courseId: theirCourse.id });
});
afterAll(async () => ctx.close());

const series = (user: TestUser | undefined, query: string) =>
  call(ctx.app, {
    method: 'GET',
    url: `/api/orders/GetSalesSeries${query}`,
    ...(user ? { token: user.token } : {}),
  });

const pointsOf = async (user: TestUser, query: string) => {
  const res = await series(user, query);
  expect(res.statusCode, res.body).toBe(200);
  return salesSeriesSchema.parse(res.json()).points;
};

describe('orders/GetSalesSeries', () => {
  test('days in UTC, every day of the range, empty ones at zero; net after fees and refunds', async () => {
    const points = await pointsOf(publisher, '?interval=day&from=2026-03-01&to=2026-03-11');
    expect(points).toHaveLength(11);
    expect(points[0]).toEqual({ start: '2026-03-01', gross: 0, net: 0 });
    expect(points[1]).toEqual({ start: '2026-03-02', gross: 10, net: 8.5 });
    expect(points[7]).toEqual({ start: '2026-03-08', gross: 10, net: 8.5 });
    // 20.00 gross less 2.00 platform, 0.50 provider (one unreported) and 10.00 refunded.
    expect(points[9]).toEqual({ start: '2026-03-10', gross: 20, net: 7.5 });
    expect(points[10]).toEqual({ start: '2026-03-11', gross: 0, net: 0 });
    expect(points.reduce((sum, p) => sum + p.gross, 0)).toBe(40);
  });

  test('weeks start on Monday; months are calendar months', async () => {
    const weeks = await pointsOf(publisher, '?interval=week&from=2026-03-04&to=2026-03-16');
    expect(weeks).toEqual([
      { start: '2026-03-02', gross: 20, net: 17 },
      { start: '2026-03-09', gross: 20, net: 7.5 },
      { start: '2026-03-16', gross: 0, net: 0 },
    ]);
    const months = await pointsOf(publisher, '?interval=month&from=2025-12-15&to=2026-04-15');
    expect(months).toEqual([
      { start: '2025-12-01', gross: 10, net: 8.5 },
      { start: '2026-01-01', gross: 0, net: 0 },
      { start: '2026-02-01', gross: 0, net: 0 },
      { start: '2026-03-01', gross: 40, net: 24.5 },
      { start: '2026-04-01', gross: 10, net: 8.5 },
    ]);
  });

  test('without dates: the last 30 days to today', async () => {
    const res = await series(publisher, '');
    expect(res.statusCode).toBe(200);
    const body = salesSeriesSchema.parse(res.json());
    expect(body.interval).toBe('day');
    expect(body.to).toBe(new Date().toISOString().slice(0, 10));
    expect(body.points).toHaveLength(30);
  });

  test('no token is a 401; another organisation sees only its own; a student is refused', async () => {
    expect((await series(undefined, '?interval=day')).statusCode).toBe(401);
    const other = await pointsOf(theirs, '?interval=month&from=2026-03-01&to=2026-03-31');
    expect(other).toEqual([{ start: '2026-03-01', gross: 10, net: 8.5 }]);
    expect((await series(student, '?interval=day')).statusCode).toBe(403);
  });

  test('bad input is a 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['?interval=year', 'interval'],
      ['?from=2026-02-30', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2026-03-10&to=2026-03-01', 'from'],
      ['?to=2020-01-01&from=2026-01-01', 'from'],
      ['?interval=day&from=2020-01-01&to=2026-01-01', 'from'],
      ['?interval=month&from=2000-01-01&to=2026-01-01', 'from'],
    ];
    for (const [query, field] of cases) {
      const res = await series(publisher, query);
      expect(res.statusCode, query).toBe(400);
      expect(
        (res.json() as { details?: Array<{ field: string }> }).details?.map((d) => d.field),
        query,
      ).toContain(field);
    }
  });
});
