import { COUPON_MSG, couponQuoteSchema, couponSchema } from '@skillwise/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { enrolments, orders, outgoingMail, sandboxPayments } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const post = (url: string, token: string | undefined, body: unknown) =>
  call(ctx.app, { method: 'POST', url: `/api/${url}`, body, ...(token ? { token } : {}) });
const get = (url: string, token: string | undefined) =>
  call(ctx.app, { method: 'GET', url: `/api/${url}`, ...(token ? { token } : {}) });

/** A school with two courses at 80.00 and 30.00. */
async function school() {
  const publisher = await createPublisher(ctx);
  const orgId = publisher.orgId ?? 0;
  const course = await createCourse(ctx, orgId, { priceCents: 8000, withLesson: true });
  const other = await createCourse(ctx, orgId, { priceCents: 3000, withLesson: true });
  return { publisher, course, other };
}

async function createCoupon(publisher: TestUser, body: Record<string, unknown>) {
  const answer = await post('organization/CreateCoupon', publisher.token, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return couponSchema.parse(answer.json());
}

const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Card Holder' };

/** CreateOrder with a code, approved in the sandbox (unless free); answers the order and the capture call. */
async function order(student: TestUser, course: { id: number }, code: string | undefined, price: number) {
  const created = await post('courses/CreateOrder', student.token, {
    price,
    user_id: student.userId,
    course_id: course.id,
    ...(code === undefined ? {} : { coupon_code: code }),
  });
  if (created.statusCode !== 201 || created.json().status === 'COMPLETED') return { created, capture: null };
  const id: string = created.json().id;
  const approved = await post(`sandbox/orders/${id}/approve`, student.token, card);
  expect(approved.statusCode, approved.body).toBe(200);
  const capture = () =>
    post('courses/CaptureOrder', student.token, {
      orderId: id,
      course_Id: course.id,
      user_id: student.userId,
    });
  return { created, capture };
}

const isEnrolled = async (student: TestUser, courseId: number) =>
  (
    await db()
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, student.userId), eq(enrolments.courseId, courseId)))
  ).length === 1;

const ordersOf = (student: TestUser) => db().select().from(orders).where(eq(orders.userId, student.userId));

describe('a school manages its coupons', () => {
  test('makes, lists, changes, pauses and deletes a coupon; the code is kept in capitals', async () => {
    const { publisher, course } = await school();
    const made = await createCoupon(publisher, {
      code: 'spring-25',
      kind: 'percent',
      value: 25,
      course_ids: [course.id],
      starts_on: '2026-01-01',
      ends_on: '2099-12-31',
      max_uses: 10,
    });
    expect(made).toMatchObject({
      code: 'SPRING-25',
      kind: 'percent',
      value: 25,
      course_ids: [course.id],
      starts_on: '2026-01-01',
      ends_on: '2099-12-31',
      max_uses: 10,
      max_uses_per_student: 1,
      active: true,
      state: 'active',
      uses: 0,
      revenue: 0,
    });

    const listed = await get('organization/GetCoupons?page=1&pageSize=10&search=spring', publisher.token);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.json()[0].coupon_Id).toBe(made.coupon_Id);

    const changed = await post('organization/UpdateCoupon', publisher.token, {
      coupon_Id: made.coupon_Id,
      code: 'SPRING-25',
      kind: 'amount',
      value: 12.5,
      course_ids: null,
      active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      kind: 'amount',
      value: 12.5,
      course_ids: null,
      starts_on: null,
      ends_on: null,
      max_uses: null,
      active: false,
      state: 'paused',
    });

    const deleted = await post('organization/DeleteCoupon', publisher.token, { coupon_Id: made.coupon_Id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await get('organization/GetCoupons', publisher.token);
    expect(after.json()).toEqual([]);
  });

  test('refuses bad input with the field at fault, and a code the school has already', async () => {
    const { publisher, course } = await school();
    const other = await school();
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'no spaces', kind: 'percent', value: 10 }, 'code'],
      [{ code: 'TEN', kind: 'percent', value: 150 }, 'value'],
      [{ code: 'TEN', kind: 'percent', value: 12.5 }, 'value'],
      [{ code: 'TEN', kind: 'amount', value: 1.234 }, 'value'],
      [{ code: 'TEN', kind: 'percent', value: 0 }, 'value'],
      [{ code: 'TEN', kind: 'half', value: 10 }, 'kind'],
      [
        { code: 'TEN', kind: 'percent', value: 10, starts_on: '2026-05-02', ends_on: '2026-05-01' },
        'ends_on',
      ],
      [{ code: 'TEN', kind: 'percent', value: 10, starts_on: '2026-02-30' }, 'starts_on'],
      [{ code: 'TEN', kind: 'percent', value: 10, max_uses: 0 }, 'max_uses'],
      [{ code: 'TEN', kind: 'percent', value: 10, course_ids: [] }, 'course_ids'],
      [{ code: 'TEN', kind: 'percent', value: 10, course_ids: [other.course.id] }, 'course_ids'],
    ];
    for (const [body, field] of cases) {
      const answer = await post('organization/CreateCoupon', publisher.token, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    await createCoupon(publisher, { code: 'TEN', kind: 'percent', value: 10, course_ids: [course.id] });
    const twice = await post('organization/CreateCoupon', publisher.token, {
      code: 'ten',
      kind: 'percent',
      value: 20,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().details[0].field).toBe('code');
    // Another school may have its own TEN.
    await createCoupon(other.publisher, { code: 'TEN', kind: 'percent', value: 10 });
  });

  test('no token: 401; another school, or a student: not found, nothing changed', async () => {
    const { publisher } = await school();
    const stranger = await school();
    const student = await createStudent(ctx);
    const made = await createCoupon(publisher, { code: 'MINE', kind: 'percent', value: 10 });
    const body = { coupon_Id: made.coupon_Id, code: 'MINE', kind: 'percent', value: 90 };

    for (const [method, url, payload] of [
      ['GET', 'organization/GetCoupons', undefined],
      ['POST', 'organization/CreateCoupon', { code: 'X', kind: 'percent', value: 10 }],
      ['POST', 'organization/UpdateCoupon', body],
      ['POST', 'organization/DeleteCoupon', { coupon_Id: made.coupon_Id }],
    ] as const) {
      const anonymous = await call(ctx.app, {
        method,
        url: `/api/${url}`,
        ...(payload ? { body: payload } : {}),
      });
      expect(anonymous.statusCode, url).toBe(401);
    }
    for (const token of [stranger.publisher.token, student.token]) {
      expect((await post('organization/UpdateCoupon', token, body)).statusCode).toBe(404);
      expect((await post('organization/DeleteCoupon', token, { coupon_Id: made.coupon_Id })).statusCode).toBe(
        404,
      );
    }
    expect((await get('organization/GetCoupons', student.token)).statusCode).toBe(404);
    expect(
      (await post('organization/CreateCoupon', student.token, { code: 'X', kind: 'percent', value: 5 }))
        .statusCode,
    ).toBe(404);
    const theirs = await get('organization/GetCoupons', stranger.publisher.token);
    expect(theirs.json()).toEqual([]);
    const mine = await get('organization/GetCoupons', publisher.token);
    expect(mine.json()[0]).toMatchObject({ code: 'MINE', value: 10 });
  });
});

describe('a buyer uses a coupon', () => {
  test('CheckCoupon quotes the price, or says why not; another school’s code is not valid here', async () => {
    const { publisher, course, other } = await school();
    const stranger = await school();
    const student = await createStudent(ctx);
    await createCoupon(publisher, { code: 'HALF', kind: 'percent', value: 50, course_ids: [course.id] });
    await createCoupon(publisher, { code: 'LATER', kind: 'percent', value: 50, starts_on: '2099-01-01' });
    await createCoupon(publisher, { code: 'OVER', kind: 'percent', value: 50, ends_on: '2020-01-01' });
    await createCoupon(publisher, { code: 'RESTING', kind: 'amount', value: 5, active: false });
    await createCoupon(stranger.publisher, { code: 'THEIRS', kind: 'percent', value: 50 });

    const quote = await get(`courses/CheckCoupon?course_id=${course.id}&code=half`, student.token);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(couponQuoteSchema.parse(quote.json())).toEqual({
      code: 'HALF',
      course_Id: course.id,
      list_price: 80,
      discount: 40,
      price: 40,
      currency: 'USD',
    });
    const refusals: [number, string, string][] = [
      [other.id, 'HALF', COUPON_MSG.notForCourse],
      [course.id, 'LATER', COUPON_MSG.notYet],
      [course.id, 'OVER', COUPON_MSG.expired],
      [course.id, 'RESTING', COUPON_MSG.paused],
      [course.id, 'NOPE', COUPON_MSG.unknown],
      [course.id, 'THEIRS', COUPON_MSG.unknown],
    ];
    for (const [courseId, code, message] of refusals) {
      const answer = await get(`courses/CheckCoupon?course_id=${courseId}&code=${code}`, student.token);
      expect(answer.statusCode, code).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'COUPON_REFUSED', message });
      expect(answer.json().details).toEqual([{ field: 'coupon_code', message }]);
    }
    // The same refusals at CreateOrder: no order is made.
    const refused = await post('courses/CreateOrder', student.token, {
      price: 80,
      user_id: student.userId,
      course_id: course.id,
      coupon_code: 'THEIRS',
    });
    expect(refused.statusCode).toBe(409);
    expect(await ordersOf(student)).toEqual([]);

    expect((await get(`courses/CheckCoupon?course_id=${course.id}&code=HALF`, undefined)).statusCode).toBe(
      401,
    );
    const bad = await get(
      `courses/CheckCoupon?course_id=${course.id}&code=${encodeURIComponent('a b')}`,
      student.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('code');
  });

  test('a 50% coupon halves the captured amount; the order, the receipt, Sales and the coupon’s figures say so', async () => {
    const { publisher, course } = await school();
    const student = await createStudent(ctx);
    const coupon = await createCoupon(publisher, { code: 'HALF', kind: 'percent', value: 50 });
    const { created, capture } = await order(student, course, 'half', 80);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ amount: 40, list_price: 80, discount: 40, coupon_code: 'HALF' });
    const captured = await capture?.();
    expect(captured?.statusCode, captured?.body).toBe(200);

    const [payment] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, created.json().id));
    expect(payment).toMatchObject({ amountCents: 4000, status: 'captured' });
    const [row] = await ordersOf(student);
    expect(row).toMatchObject({
      amountCents: 8000,
      discountCents: 4000,
      couponId: coupon.coupon_Id,
      couponCode: 'HALF',
      status: 'captured',
    });
    expect(await isEnrolled(student, course.id)).toBe(true);

    const [receipt] = await db().select().from(outgoingMail).where(eq(outgoingMail.to, student.email));
    expect(receipt?.text).toContain('List price: $80.00');
    expect(receipt?.text).toContain('Coupon HALF: -$40.00');
    expect(receipt?.text).toContain('Amount: $40.00');

    const sales = await get('orders/GetSalesByOrgId', publisher.token);
    expect(sales.json()[0]).toMatchObject({
      sale_price: 40,
      gross: 80,
      discount: 40,
      coupon_code: 'HALF',
    });
    expect(sales.headers['x-total-discount']).toBe('40.00');
    expect(sales.headers['x-total-sale-price']).toBe('40.00');
    const purchases = await get(`orders/GetPurchasesByUserId/${student.userId}`, student.token);
    expect(purchases.json()[0]).toMatchObject({ sale_price: 40, coupon_code: 'HALF' });

    const listed = await get('organization/GetCoupons', publisher.token);
    expect(listed.json()[0]).toMatchObject({ code: 'HALF', uses: 1, revenue: 40, discount_given: 40 });
    // Used: deleted no more, paused instead.
    const deleted = await post('organization/DeleteCoupon', publisher.token, { coupon_Id: coupon.coupon_Id });
    expect(deleted.statusCode).toBe(409);
  });

  test('two buyers race for the last use: one pays, the other is refused before any money moves', async () => {
    const { publisher, course } = await school();
    await createCoupon(publisher, { code: 'LAST', kind: 'percent', value: 20, max_uses: 1 });
    const first = await createStudent(ctx);
    const second = await createStudent(ctx);
    const a = await order(first, course, 'LAST', 64);
    const b = await order(second, course, 'LAST', 64);
    expect(a.created.statusCode).toBe(201);
    expect(b.created.statusCode).toBe(201);
    const answers = await Promise.all([a.capture?.(), b.capture?.()]);
    const codes = answers.map((x) => x?.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = answers.find((x) => x?.statusCode === 409);
    expect(loser?.json()).toMatchObject({ code: 'COUPON_REFUSED', message: COUPON_MSG.usedUp });
    const enrolledNow = [await isEnrolled(first, course.id), await isEnrolled(second, course.id)];
    expect(enrolledNow.filter(Boolean)).toHaveLength(1);
    // The loser's payment was never captured.
    const captures = await db().select().from(sandboxPayments).where(eq(sandboxPayments.status, 'captured'));
    const ids = [a.created.json().id, b.created.json().id];
    expect(captures.filter((p) => ids.includes(p.id))).toHaveLength(1);
    // And the coupon is used up for anyone now.
    const third = await createStudent(ctx);
    const late = await get(`courses/CheckCoupon?course_id=${course.id}&code=LAST`, third.token);
    expect(late.json().message).toBe(COUPON_MSG.usedUp);
    const listed = await get('organization/GetCoupons', publisher.token);
    expect(listed.json()[0]).toMatchObject({ uses: 1, state: 'used_up' });
  });

  test('a 100% coupon, or an amount above the price, enrols at once without a provider', async () => {
    const { publisher, course, other } = await school();
    const student = await createStudent(ctx);
    await createCoupon(publisher, { code: 'FREE', kind: 'percent', value: 100, course_ids: [course.id] });
    await createCoupon(publisher, { code: 'FIFTY', kind: 'amount', value: 50 });
    const free = await order(student, course, 'FREE', 0);
    expect(free.created.statusCode, free.created.body).toBe(201);
    expect(free.created.json()).toMatchObject({
      status: 'COMPLETED',
      provider: 'free',
      amount: 0,
      list_price: 80,
      discount: 80,
      coupon_code: 'FREE',
    });
    const byAmount = await order(student, other, 'FIFTY', 30);
    expect(byAmount.created.json()).toMatchObject({ status: 'COMPLETED', amount: 0, discount: 30 });
    expect(await isEnrolled(student, course.id)).toBe(true);
    expect(await isEnrolled(student, other.id)).toBe(true);
    const rows = await ordersOf(student);
    expect(rows.map((r) => [r.provider, r.amountCents, r.discountCents, r.status]).sort()).toEqual([
      ['free', 3000, 3000, 'captured'],
      ['free', 8000, 8000, 'captured'],
    ]);
  });

  test('a coupon used once per student refuses the same buyer again, even after a refund', async () => {
    const { publisher, course } = await school();
    const student = await createStudent(ctx);
    await createCoupon(publisher, { code: 'ONCE', kind: 'percent', value: 10 });
    const first = await order(student, course, 'ONCE', 72);
    expect((await first.capture?.())?.statusCode).toBe(200);
    const [row] = await ordersOf(student);
    const refunded = await post('orders/RefundOrder', publisher.token, {
      order_Id: row?.id,
      reason: 'Asked',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await isEnrolled(student, course.id)).toBe(false);
    const again = await post('courses/CreateOrder', student.token, {
      price: 80,
      user_id: student.userId,
      course_id: course.id,
      coupon_code: 'ONCE',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COUPON_MSG.usedByYou);
  });

  test('the client’s price may be the list price or the coupon’s, never another', async () => {
    const { publisher, course } = await school();
    const student = await createStudent(ctx);
    await createCoupon(publisher, { code: 'TENOFF', kind: 'amount', value: 10 });
    const wrong = await post('courses/CreateOrder', student.token, {
      price: 1,
      user_id: student.userId,
      course_id: course.id,
      coupon_code: 'TENOFF',
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('PRICE_MISMATCH');
    const atCouponPrice = await order(student, course, 'TENOFF', 70);
    expect(atCouponPrice.created.json().amount).toBe(70);
    expect((await atCouponPrice.capture?.())?.statusCode).toBe(200);
  });
});
