import { MSG } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { authorCourse } from '../../../test/authoring';
import { createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { enrolments, orders, subscriptions } from '../../db/schema';
import { type CaptureResult, type PaymentProvider, PaymentProviderError } from '../../lib/payments/provider';

type Outcome = 'error' | 'wrong-amount' | 'ok' | 'pending' | 'declined';

/** A provider whose capture answers what the test says, and which records refunds. */
class ScriptedProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly clientId = 'test-client';
  failCreate = false;
  capture: Outcome = 'ok';
  /** What a later look at a PENDING capture finds. */
  check: Outcome = 'pending';
  readonly refunds: string[] = [];
  captures = 0;
  private n = 0;

  async createOrder() {
    if (this.failCreate) throw new PaymentProviderError('PayPal answered 503');
    this.n += 1;
    return { id: `PP-${this.n}`, approveUrl: null };
  }

  private answer(outcome: Outcome, orderId: string): CaptureResult {
    if (outcome === 'error') throw new PaymentProviderError('PayPal answered 500');
    if (outcome === 'declined') return { status: 'DECLINED', reason: 'INSTRUMENT_DECLINED' };
    return {
      status: outcome === 'pending' ? 'PENDING' : 'COMPLETED',
      captureId: `CAP-${orderId}`,
      amountCents: outcome === 'wrong-amount' ? 1 : 4999,
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

  async refundCapture(captureId: string) {
    this.refunds.push(captureId);
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
});

const createOrder = async (student: TestUser): Promise<string> =>
  (
    await call(ctx.app, {
      method: 'POST',
      url: '/api/courses/CreateOrder',
      token: student.token,
      body: { price: 49.99, user_id: student.userId, course_id: courseId },
    })
  ).json().id;

const capture = (student: TestUser, orderId: string) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/courses/CaptureOrder',
    token: student.token,
    body: { orderId, course_Id: courseId, user_id: student.userId },
  });

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

test('a capture for another amount is refunded and enrols no one', async () => {
  const student = await createStudent(ctx);
  const id = await createOrder(student);
  provider.capture = 'wrong-amount';
  const res = await capture(student, id);
  expect(res.statusCode).toBe(402);
  expect(res.json().message).toBe(MSG.paymentCaptureFailed);
  expect(provider.refunds).toContain(`CAP-${id}`);
  expect((await orderRow(id))?.status).toBe('refunded');
  expect(await enrolmentsOf(student)).toEqual([]);
  // A refunded order is over: trying it again charges nothing.
  provider.capture = 'ok';
  expect((await capture(student, id)).statusCode).toBe(402);
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

test('a plan capture the provider fails activates nothing', async () => {
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
  expect(
    await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orgId, newOrg.orgId ?? 0)),
  ).toEqual([]);
});

test('payments/config tells the web app which provider to show', async () => {
  const res = await call(ctx.app, { method: 'GET', url: '/api/payments/config' });
  expect(res.json()).toEqual({ provider: 'paypal', clientId: 'test-client', currency: 'USD' });
});
