import { MSG } from '@skillwise/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { authorCourse } from '../../../test/authoring';
import {
  addVisibleLesson,
  createCourse,
  createPublisher,
  createStudent,
  type TestUser,
} from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import {
  enrolments,
  notifications,
  orderRefunds,
  orders,
  orgStudents,
  outgoingMail,
  subscriptions,
} from '../../db/schema';
import {
  type CapturedPayment,
  type CaptureResult,
  type PaymentProvider,
  PaymentProviderError,
} from '../../lib/payments/provider';

type Outcome = 'error' | 'wrong-amount' | 'ok' | 'pending' | 'declined';

/**
 * A provider whose capture answers what the test says, and which refunds as PayPal does: once per
 * request id, answering the same refund when the id comes again, never more than the capture.
 */
class ScriptedProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly clientId = 'test-client';
  failCreate = false;
  capture: Outcome = 'ok';
  /** What a later look at a PENDING capture finds. */
  check: Outcome = 'pending';
  /** The refund endpoint answers 503. */
  failRefund = false;
  /** The captures refunded, one entry per refund made. */
  readonly refunds: string[] = [];
  /** Every refund asked for, made or not. */
  readonly refundCalls: (CapturedPayment & { requestId: string })[] = [];
  private readonly refundIds = new Map<string, string>();
  /** Each order's amount, which its capture takes (unless told to take another). */
  private readonly amounts = new Map<string, number>();
  /** Each capture's amount: a refund may not pass it. */
  private readonly captured = new Map<string, number>();
  captures = 0;
  private n = 0;

  async createOrder(input: { amountCents: number }) {
    if (this.failCreate) throw new PaymentProviderError('PayPal answered 503');
    this.n += 1;
    this.amounts.set(`PP-${this.n}`, input.amountCents);
    return { id: `PP-${this.n}`, approveUrl: null };
  }

  private answer(outcome: Outcome, orderId: string): CaptureResult {
    if (outcome === 'error') throw new PaymentProviderError('PayPal answered 500');
    if (outcome === 'declined')
      return { status: 'DECLINED', reason: 'INSTRUMENT_DECLINED', cardDeclined: true };
    const amountCents = outcome === 'wrong-amount' ? 1 : (this.amounts.get(orderId) ?? 0);
    this.captured.set(`CAP-${orderId}`, amountCents);
    return {
      status: outcome === 'pending' ? 'PENDING' : 'COMPLETED',
      captureId: `CAP-${orderId}`,
      amountCents,
      currency: 'USD',
    };
  }

  async captureOrder(orderId: string): Promise<CaptureResult> {
    this.captures += 1;
    return this.answer(this.capture, orderId);
  }

  async checkCapture(orderId: string): Promise<CaptureResult> {
    return this.answer(this.check, orderId);
  }

  async refund(capture: CapturedPayment, requestId: string) {
    this.refundCalls.push({ ...capture, requestId });
    if (this.failRefund) throw new PaymentProviderError('PayPal answered 503');
    if (capture.amountCents > (this.captured.get(capture.captureId) ?? 0)) {
      throw new PaymentProviderError('REFUND_AMOUNT_EXCEEDED');
    }
    let refundId = this.refundIds.get(requestId);
    if (!refundId) {
      refundId = `RF-${this.refundIds.size + 1}`;
      this.refundIds.set(requestId, refundId);
      this.refunds.push(capture.captureId);
    }
    return { refundId };
  }
}

const provider = new ScriptedProvider();
let ctx: TestContext;
let courseId: number;
beforeAll(async () => {
  ctx = await createTestContext({}, undefined, provider);
  const publisher = await createPublisher(ctx);
  const { course } = await authorCourse(ctx, publisher.token, { 'Object.price': '49.99' });
  courseId = course.course_Id;
  await addVisibleLesson(ctx, courseId);
  await call(ctx.app, {
    method: 'PUT',
    url: '/api/courses/publishUnpublishCourse',
    token: publisher.token,
    body: { Id: courseId, published: true },
  });
});
afterAll(async () => ctx.close());
beforeEach(() => {
  provider.failCreate = false;
  provider.capture = 'ok';
  provider.check = 'pending';
  provider.failRefund = false;
});

const createOrder = async (student: TestUser, course = courseId): Promise<string> =>
  (
    await call(ctx.app, {
      method: 'POST',
      url: '/api/courses/CreateOrder',
      token: student.token,
      body: { price: 49.99, user_id: student.userId, course_id: course },
    })
  ).json().id;

const capture = (student: TestUser, orderId: string, course = courseId) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/courses/CaptureOrder',
    token: student.token,
    body: { orderId, course_Id: course, user_id: student.userId },
  });

/**
 * A student's order for a published course of a school of its own (at 49.99, the test may change the
 * course as it likes), whose first capture the provider answers `pending` or with an error.
 */
async function firstCaptureOf(outcome: 'pending' | 'error') {
  const publisher = await createPublisher(ctx);
  const course = (await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 4999, withLesson: true })).id;
  const student = await createStudent(ctx);
  const id = await createOrder(student, course);
  provider.capture = outcome;
  expect((await capture(student, id, course)).statusCode).toBe(outcome === 'pending' ? 202 : 502);
  return { publisher, course, student, id };
}

/** The school adds the student to its students and enrols them in the course itself. */
async function schoolEnrols(publisher: TestUser, student: TestUser, course: number) {
  await ctx.database.db.insert(orgStudents).values({ orgId: publisher.orgId ?? 0, userId: student.userId });
  const assigned = await call(ctx.app, {
    method: 'POST',
    url: `/api/studentCourse/AssignCoursetoStudent?user_id=${student.userId}&course_id=${course}`,
    token: publisher.token,
  });
  expect(assigned.statusCode).toBe(201);
}

const refundOf = async (orderId: number) =>
  (await ctx.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)))[0];
const refundNotices = (userId: number) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'refunded')));
const mailTo = (email: string) =>
  ctx.database.db.select().from(outgoingMail).where(eq(outgoingMail.to, email));

const enrolmentsOf = (student: TestUser) =>
  ctx.database.db.select().from(enrolments).where(eq(enrolments.userId, student.userId));
const orderRow = async (providerOrderId: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)))[0];

test('a provider error leaves the buyer on checkout with the spec’s message; the same order captures later, once', async () => {
  const student = await createStudent(ctx);
  provider.failCreate = true;
  const refused = await call(ctx.app, {
    method: 'POST',
    url: '/api/courses/CreateOrder',
    token: student.token,
    body: { price: 49.99, user_id: student.userId, course_id: courseId },
  });
  expect(refused.statusCode).toBe(502);
  expect(refused.json().message).toBe(MSG.paymentError);
  provider.failCreate = false;

  const id = await createOrder(student);
  provider.capture = 'error';
  const failed = await capture(student, id);
  expect(failed.statusCode).toBe(502);
  expect(failed.json().message).toBe(MSG.paymentError);
  expect(await enrolmentsOf(student)).toEqual([]);
  // Nobody knows whether money moved: the order stays claimed, so no second order can charge meanwhile.
  expect((await orderRow(id))?.status).toBe('capturing');
  const second = await createOrder(student);
  const blocked = await capture(student, second);
  expect(blocked.statusCode).toBe(409);
  expect(blocked.json().message).toBe(MSG.paymentInProgress);

  provider.capture = 'ok';
  expect((await capture(student, id)).statusCode).toBe(200);
  expect(await enrolmentsOf(student)).toHaveLength(1);
  // The second order now finds the course owned and is not captured.
  const captures = provider.captures;
  const owned = await capture(student, second);
  expect(owned.statusCode).toBe(409);
  expect(owned.json().message).toBe(MSG.alreadyEnrolled);
  expect(provider.captures).toBe(captures);
});

test('a capture for another amount is refunded, what was paid and no more, and enrols no one', async () => {
  const student = await createStudent(ctx);
  const id = await createOrder(student);
  provider.capture = 'wrong-amount';
  const res = await capture(student, id);
  expect(res.statusCode).toBe(402);
  expect(res.json().message).toBe(MSG.paymentCaptureFailed);
  expect(provider.refunds).toContain(`CAP-${id}`);
  const order = await orderRow(id);
  expect(order?.status).toBe('refunded');
  // The refund is of the capture's amount (1 cent), not of the order's 49.99.
  expect(await refundOf(order?.id ?? 0)).toMatchObject({
    amountCents: 1,
    currency: 'USD',
    reason: 'wrong_amount',
    status: 'completed',
    providerCaptureId: `CAP-${id}`,
    providerRefundId: expect.stringMatching(/^RF-/),
  });
  expect(provider.refundCalls.filter((r) => r.captureId === `CAP-${id}`)).toMatchObject([
    { amountCents: 1, requestId: `refund-${order?.id}` },
  ]);
  expect(await enrolmentsOf(student)).toEqual([]);
  // A refunded order is over: trying it again charges nothing.
  provider.capture = 'ok';
  const captures = provider.captures;
  expect((await capture(student, id)).statusCode).toBe(402);
  expect(provider.captures).toBe(captures);
});

test('a capture that completes after the school enrolled the buyer is refunded once, and the buyer told', async () => {
  const { publisher, course, student, id } = await firstCaptureOf('pending');
  // While the provider reviews the payment, the school enrols the student itself.
  await schoolEnrols(publisher, student, course);

  // The payment completes; the reconciler and the buyer asking again settle it at once.
  provider.check = 'ok';
  const [, asked] = await Promise.all([ctx.app.payments.settleInFlight(0), capture(student, id, course)]);
  expect(asked.statusCode).toBe(409);
  expect(asked.json().message).toBe(MSG.alreadyEnrolled);
  // Asked again, and settled again: nothing more happens.
  expect((await capture(student, id, course)).statusCode).toBe(409);
  await ctx.app.payments.settleInFlight(0);

  const order = await orderRow(id);
  expect(order?.status).toBe('refunded');
  expect(await enrolmentsOf(student)).toMatchObject([{ courseId: course, source: 'assigned' }]);
  expect(await refundOf(order?.id ?? 0)).toMatchObject({
    amountCents: 4999,
    reason: 'already_owned',
    status: 'completed',
  });
  // Refunded once: every request for it carried the order's one key.
  expect(provider.refunds.filter((c) => c === `CAP-${id}`)).toHaveLength(1);
  expect(
    new Set(provider.refundCalls.filter((r) => r.captureId === `CAP-${id}`).map((r) => r.requestId)),
  ).toEqual(new Set([`refund-${order?.id}`]));
  const notices = await refundNotices(student.userId);
  expect(notices).toHaveLength(1);
  expect(notices[0]?.title).toBe('Refund for "Intro to Design"');
  // What was paid back, and by whom: the school that sold the course.
  expect(notices[0]?.body).toMatch(/^\$49\.99 USD returned by Test School, order \d+\. /);
  const receipts = (await mailTo(student.email)).filter((m) => m.text.includes('Your payment was returned'));
  expect(receipts).toHaveLength(1);
  expect(receipts[0]?.text).toContain('Amount returned: $49.99 USD');
  expect(receipts[0]?.text).toContain('Course: Intro to Design\nSold by: Test School\n');
  expect(receipts[0]?.text).toContain('You already had this course when the payment completed.');
  // Not a sale: the school's sales list does not show it.
  const sales = await call(ctx.app, {
    method: 'GET',
    url: '/api/orders/GetSalesByOrgId',
    token: publisher.token,
  });
  expect(sales.json()).toEqual([]);
});

test('a capture retried after the course was unpublished is refunded and answered as not on sale', async () => {
  const { publisher, course, student, id } = await firstCaptureOf('error');
  const unpublished = await call(ctx.app, {
    method: 'PUT',
    url: '/api/courses/publishUnpublishCourse',
    token: publisher.token,
    body: { Id: course, published: false },
  });
  expect(unpublished.statusCode).toBe(200);
  // The provider did capture: the retry learns it, and gives the money back.
  provider.capture = 'ok';
  const res = await capture(student, id, course);
  expect(res.statusCode).toBe(409);
  expect(res.json().message).toBe('This course is not on sale at the moment.');
  const order = await orderRow(id);
  expect(order?.status).toBe('refunded');
  expect(await refundOf(order?.id ?? 0)).toMatchObject({ reason: 'course_unavailable', status: 'completed' });
  expect(await enrolmentsOf(student)).toEqual([]);
  expect(await refundNotices(student.userId)).toHaveLength(1);
});

test('a refund the provider cannot make yet stays owed, tried again with the same key until made, once', async () => {
  const { publisher, course, student, id } = await firstCaptureOf('error');
  await schoolEnrols(publisher, student, course);
  provider.capture = 'ok';
  provider.failRefund = true;
  await ctx.app.payments.settleInFlight(0);
  const orderId = (await orderRow(id))?.id ?? 0;
  expect((await orderRow(id))?.status).toBe('refunding');
  expect(await refundOf(orderId)).toMatchObject({
    status: 'pending',
    attempts: 1,
    lastError: 'PayPal answered 503',
    providerRefundId: null,
  });
  // Owed money is not a sale, and the buyer is told only once it is returned.
  expect(await refundNotices(student.userId)).toEqual([]);

  await ctx.app.payments.settleInFlight(0);
  expect(await refundOf(orderId)).toMatchObject({ status: 'pending', attempts: 2 });
  provider.failRefund = false;
  expect((await ctx.app.payments.settleInFlight(0)).refunded).toBeGreaterThanOrEqual(1);
  expect((await orderRow(id))?.status).toBe('refunded');
  expect(await refundOf(orderId)).toMatchObject({ status: 'completed', completedAt: expect.any(Date) });
  await ctx.app.payments.settleInFlight(0);

  const calls = provider.refundCalls.filter((r) => r.captureId === `CAP-${id}`);
  expect(calls.map((r) => r.requestId)).toEqual([
    `refund-${orderId}`,
    `refund-${orderId}`,
    `refund-${orderId}`,
  ]);
  expect(provider.refunds.filter((c) => c === `CAP-${id}`)).toHaveLength(1);
  expect(await refundNotices(student.userId)).toHaveLength(1);
  // The capture was tried and settled by one claim: the student stays enrolled once, by the school.
  expect(await enrolmentsOf(student)).toMatchObject([{ source: 'assigned' }]);
});

test('a declined capture frees the order: the buyer may try again', async () => {
  const student = await createStudent(ctx);
  const id = await createOrder(student);
  provider.capture = 'declined';
  expect((await capture(student, id)).statusCode).toBe(402);
  expect((await orderRow(id))?.status).toBe('failed');
  provider.capture = 'ok';
  expect((await capture(student, id)).statusCode).toBe(200);
  expect(await enrolmentsOf(student)).toHaveLength(1);
});

test('a pending capture answers 202 and enrols once the provider completes it', async () => {
  const student = await createStudent(ctx);
  const id = await createOrder(student);
  provider.capture = 'pending';
  const res = await capture(student, id);
  expect(res.statusCode).toBe(202);
  expect(res.json()).toMatchObject({ status: 'PENDING', message: MSG.paymentPending });
  expect(await enrolmentsOf(student)).toEqual([]);
  expect((await orderRow(id))?.status).toBe('pending');

  // Still under review: nothing changes.
  await ctx.app.payments.settleInFlight(0);
  expect(await enrolmentsOf(student)).toEqual([]);
  // Completed: the reconciler grants the course; asking again answers COMPLETED.
  provider.check = 'ok';
  expect((await ctx.app.payments.settleInFlight(0)).settled).toBeGreaterThanOrEqual(1);
  expect(await enrolmentsOf(student)).toHaveLength(1);
  expect((await capture(student, id)).json()).toMatchObject({ status: 'COMPLETED' });
});

test('the reconciler settles an order a crash left in capture', async () => {
  const student = await createStudent(ctx);
  const id = await createOrder(student);
  provider.capture = 'error';
  expect((await capture(student, id)).statusCode).toBe(502);
  provider.capture = 'ok';
  await ctx.app.payments.settleInFlight(0);
  expect((await orderRow(id))?.status).toBe('captured');
  expect(await enrolmentsOf(student)).toHaveLength(1);
});

/** A new organisation's Kickstarter order whose capture the provider failed: left in capture. */
async function planOrderLeftInCapture() {
  const newOrg = await createPublisher(ctx, { subscribed: false });
  provider.capture = 'error';
  const plan = (
    await call(ctx.app, {
      method: 'POST',
      url: '/api/organization/CreateOrder',
      token: newOrg.token,
      body: { price: 39, user_id: newOrg.userId },
    })
  ).json();
  const planCapture = await call(ctx.app, {
    method: 'POST',
    url: '/api/organization/CaptureOrder',
    token: newOrg.token,
    body: { orderId: plan.id, subscriptionCategoryType: 'MonthlyKickstart' },
  });
  expect(planCapture.statusCode).toBe(502);
  return { newOrg, providerOrderId: plan.id as string };
}

const subscriptionsOf = (org: TestUser) =>
  ctx.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.orgId, org.orgId ?? 0));

test('a plan capture the provider fails activates nothing', async () => {
  const { newOrg } = await planOrderLeftInCapture();
  expect(await subscriptionsOf(newOrg)).toEqual([]);
});

test('a plan order whose plan is gone when its capture completes is refunded, and activates nothing', async () => {
  const { newOrg, providerOrderId } = await planOrderLeftInCapture();
  // The order names no plan any more: nothing its payment could apply.
  await ctx.database.db
    .update(orders)
    .set({ planPriceId: null })
    .where(eq(orders.providerOrderId, providerOrderId));
  provider.capture = 'ok';
  await ctx.app.payments.settleInFlight(0);
  const order = await orderRow(providerOrderId);
  expect(order?.status).toBe('refunded');
  expect(await refundOf(order?.id ?? 0)).toMatchObject({ reason: 'plan_unavailable', amountCents: 3900 });
  expect(await subscriptionsOf(newOrg)).toEqual([]);
  expect(await refundNotices(newOrg.userId)).toMatchObject([{ link: '/admin/subscription' }]);
});

test('payments/config tells the web app which provider to show', async () => {
  const res = await call(ctx.app, { method: 'GET', url: '/api/payments/config' });
  expect(res.json()).toEqual({
    provider: 'paypal',
    clientId: 'test-client',
    currency: 'USD',
    providers: [{ name: 'paypal', clientId: 'test-client' }],
  });
});
