import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { FakeStripe, STRIPE_TEST_CARDS, stripeSignature } from '../../../test/fakes/stripe-server';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { enrolments, notifications, orderRefunds, orders, paymentEvents } from '../../db/schema';
import type { CaptureResult, PaymentProvider } from '../../lib/payments/provider';

const SECRET_KEY = 'sk_test_checkout123';
const WEBHOOK_SECRET = 'whsec_checkout123';

/** A second configured provider beside Stripe, the default one: it approves and captures every order. */
class ApprovingProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly clientId = 'paypal-client';
  private readonly amounts = new Map<string, number>();
  async createOrder(input: { amountCents: number; requestId: string }) {
    const id = `PP-${input.requestId}`;
    this.amounts.set(id, input.amountCents);
    return { id, approveUrl: null };
  }
  async captureOrder(orderId: string): Promise<CaptureResult> {
    const amountCents = this.amounts.get(orderId) ?? 0;
    return { status: 'COMPLETED', captureId: `CAP-${orderId}`, amountCents, currency: 'USD' };
  }
  checkCapture(orderId: string) {
    return this.captureOrder(orderId);
  }
  async refund() {
    return { refundId: 'RF-1' };
  }
}

let fake: FakeStripe;
let ctx: TestContext;
let webhookUrl = '';

beforeAll(async () => {
  fake = await new FakeStripe({ secretKey: SECRET_KEY }).start();
  ctx = await createTestContext(
    {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.baseUrl,
      PUBLIC_URL: 'http://localhost:5173',
    },
    undefined,
    new ApprovingProvider(),
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  webhookUrl = `http://127.0.0.1:${port}/api/payments/webhooks/stripe`;
  fake.webhook = { url: webhookUrl, secret: WEBHOOK_SECRET };
});
afterAll(async () => {
  await fake?.stop();
  await ctx?.close();
});
beforeEach(() => {
  fake.deliverEvents = true;
});

/** A student and a published course at 49.99 of a school of its own. */
async function buyer() {
  const publisher = await createPublisher(ctx);
  const course = (await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 4999, withLesson: true })).id;
  return { publisher, course, student: await createStudent(ctx) };
}

const createOrder = (student: TestUser, course: number, extra: Record<string, unknown> = {}) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/courses/CreateOrder',
    token: student.token,
    body: { price: 49.99, user_id: student.userId, course_id: course, ...extra },
  });

const capture = (student: TestUser, orderId: string, course: number) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/courses/CaptureOrder',
    token: student.token,
    body: { orderId, course_Id: course, user_id: student.userId },
  });

const db = () => ctx.database.db;
const enrolmentsOf = (student: TestUser) =>
  db().select().from(enrolments).where(eq(enrolments.userId, student.userId));
const orderRow = async (providerOrderId: string) =>
  (await db().select().from(orders).where(eq(orders.providerOrderId, providerOrderId)))[0];
const eventsRecorded = () => db().select().from(paymentEvents);
const noticesOf = (student: TestUser, kind: 'refunded' | 'purchased') =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, student.userId), eq(notifications.kind, kind)));

/** Posts a body to the webhook as Stripe would, with the signature given. */
const post = (payload: string, signature?: string) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    body: payload,
  });

test('payments/config lists every configured provider; the default keeps its fields', async () => {
  const res = await call(ctx.app, { method: 'GET', url: '/api/payments/config' });
  expect(res.json()).toEqual({
    provider: 'paypal',
    clientId: 'paypal-client',
    currency: 'USD',
    providers: [
      { name: 'paypal', clientId: 'paypal-client' },
      { name: 'stripe', clientId: null },
    ],
  });
});

test('an order names its provider: one not configured, or a return path off this app, is refused with the field', async () => {
  const { student, course } = await buyer();
  const sandbox = await createOrder(student, course, { provider: 'sandbox' });
  expect(sandbox.statusCode).toBe(400);
  expect(sandbox.json().details).toEqual([expect.objectContaining({ field: 'provider' })]);
  const unknown = await createOrder(student, course, { provider: 'bitcoin' });
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json().details).toEqual([expect.objectContaining({ field: 'provider' })]);
  for (const returnPath of ['//evil.example', 'https://evil.example/', '/api/users', 'x', '/a\\b', '/a#b']) {
    const res = await createOrder(student, course, { provider: 'stripe', returnPath });
    expect(res.statusCode, returnPath).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'returnPath' })]);
  }
  // No token: the order is for a signed-in student only.
  const anonymous = await call(ctx.app, {
    method: 'POST',
    url: '/api/courses/CreateOrder',
    body: { price: 49.99, user_id: student.userId, course_id: course, provider: 'stripe' },
  });
  expect(anonymous.statusCode).toBe(401);

  // The default provider takes an order that names none; each order is captured by its own.
  const paypal = (await createOrder(student, course)).json();
  expect(paypal).toMatchObject({ provider: 'paypal', id: expect.stringMatching(/^PP-/) });
  expect((await orderRow(paypal.id))?.provider).toBe('paypal');
});

test('a Stripe order is a Checkout Session that comes back to the checkout; the capture enrols once, the webhook after it changes nothing', async () => {
  const { student, course } = await buyer();
  const created = await createOrder(student, course, {
    provider: 'stripe',
    returnPath: '/students/checkout',
  });
  expect(created.statusCode).toBe(201);
  const order = created.json();
  expect(order).toMatchObject({ provider: 'stripe', status: 'CREATED', amount: 49.99 });
  expect(order.id).toMatch(/^cs_test_/);
  expect(order.approveUrl).toBe(`${fake.baseUrl}/checkout/pay/${order.id}`);
  expect(fake.sessions.get(order.id)).toMatchObject({
    amount_total: 4999,
    success_url: 'http://localhost:5173/students/checkout?orderId={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:5173/students/checkout',
  });
  expect((await orderRow(order.id))?.provider).toBe('stripe');

  // Not paid yet: declined, and the order may be paid and captured after.
  expect((await capture(student, order.id, course)).statusCode).toBe(402);

  fake.deliverEvents = false;
  expect(fake.pay(order.id, STRIPE_TEST_CARDS.success).redirect).toBe(
    `http://localhost:5173/students/checkout?orderId=${order.id}`,
  );
  const captured = await capture(student, order.id, course);
  expect(captured.statusCode).toBe(200);
  expect(captured.json()).toMatchObject({
    status: 'COMPLETED',
    message: 'Payment Successful! Thank you for your purchase.',
  });
  expect(await enrolmentsOf(student)).toHaveLength(1);
  expect((await orderRow(order.id))?.status).toBe('captured');

  // The events of that payment arrive late: each is taken, none changes anything.
  const late = fake.events.filter((e) => (e.data as { object: { id: string } }).object.id === order.id);
  expect(late.map((e) => e.type)).toEqual(['checkout.session.completed']);
  for (const event of late) expect(await fake.deliver(event)).toBe(200);
  expect(await enrolmentsOf(student)).toHaveLength(1);
  expect(await noticesOf(student, 'purchased')).toHaveLength(1);
});

test('a buyer who paid and closed the tab is enrolled once by the webhook; replays and the late return change nothing', async () => {
  const { student, course } = await buyer();
  const order = (await createOrder(student, course, { provider: 'stripe' })).json();
  const before = fake.deliveries.length;
  fake.pay(order.id, STRIPE_TEST_CARDS.success);
  await fake.settled();
  const delivered = fake.deliveries.slice(before);
  expect(delivered.map((d) => [d.type, d.status])).toEqual(
    expect.arrayContaining([
      ['checkout.session.completed', 200],
      ['payment_intent.amount_capturable_updated', 200],
    ]),
  );
  const row = await orderRow(order.id);
  expect(row?.status).toBe('captured');
  expect(row?.providerCaptureId).toMatch(/^pi_/);
  expect(await enrolmentsOf(student)).toHaveLength(1);
  const intent = fake.intents.get(row?.providerCaptureId ?? '');
  expect(intent).toMatchObject({ status: 'succeeded', amount_received: 4999 });

  // Stripe delivers an event again: 200, and nothing changes.
  const recorded = (await eventsRecorded()).length;
  const completed = fake.events.find(
    (e) =>
      e.type === 'checkout.session.completed' &&
      (e.data as { object: { id: string } }).object.id === order.id,
  );
  if (!completed) throw new Error('no completed event');
  expect(await fake.deliver(completed)).toBe(200);
  expect((await eventsRecorded()).length).toBe(recorded);
  // The buyer comes back after all: the same success, still one enrolment and one receipt.
  const late = await capture(student, order.id, course);
  expect(late.json()).toMatchObject({ status: 'COMPLETED' });
  expect(await enrolmentsOf(student)).toHaveLength(1);
  expect(await noticesOf(student, 'purchased')).toHaveLength(1);
});

test('a forged, missing or stale signature is refused with 400 and changes nothing', async () => {
  const { student, course } = await buyer();
  const order = (await createOrder(student, course, { provider: 'stripe' })).json();
  fake.deliverEvents = false;
  fake.pay(order.id, STRIPE_TEST_CARDS.success);
  const event = fake.events.find(
    (e) =>
      e.type === 'checkout.session.completed' &&
      (e.data as { object: { id: string } }).object.id === order.id,
  );
  if (!event) throw new Error('no event');
  const recorded = (await eventsRecorded()).length;
  expect(await fake.deliver(event, 'whsec_forged')).toBe(400);
  const payload = JSON.stringify(event);
  expect((await post(payload)).statusCode).toBe(400);
  const stale = await post(
    payload,
    stripeSignature(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
  );
  expect(stale.statusCode).toBe(400);
  expect(stale.json().details).toEqual([expect.objectContaining({ field: 'stripe-signature' })]);
  // A body changed after signing (another amount) does not match its signature.
  const signed = stripeSignature(payload, WEBHOOK_SECRET);
  expect((await post(payload.replace('4999', '1'), signed)).statusCode).toBe(400);
  expect((await eventsRecorded()).length).toBe(recorded);
  expect((await orderRow(order.id))?.status).toBe('created');
  expect(await enrolmentsOf(student)).toHaveLength(0);
  // The genuine delivery then goes through.
  expect((await post(payload, signed)).statusCode).toBe(200);
  expect(await enrolmentsOf(student)).toHaveLength(1);
});

test('refunds made in Stripe’s dashboard are recorded, the buyer and the school told once each; refunded wholly, the course is taken away', async () => {
  const { publisher, student, course } = await buyer();
  const order = (await createOrder(student, course, { provider: 'stripe' })).json();
  fake.pay(order.id, STRIPE_TEST_CARDS.success);
  await fake.settled();
  const row = await orderRow(order.id);
  expect(row?.status).toBe('captured');
  // A part first: recorded, the buyer keeps the course.
  fake.refundFromDashboard(row?.providerCaptureId ?? '', 999);
  await fake.settled();
  expect(await orderRow(order.id)).toMatchObject({ status: 'captured', refundedCents: 999 });
  expect(await enrolmentsOf(student)).toHaveLength(1);
  // Then the rest.
  const refund = fake.refundFromDashboard(row?.providerCaptureId ?? '');
  await fake.settled();
  const after = await orderRow(order.id);
  expect(after).toMatchObject({ status: 'refunded', refundedCents: 4999 });
  const recorded = await db()
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, row?.id ?? 0))
    .orderBy(orderRefunds.id);
  expect(recorded).toEqual([
    expect.objectContaining({ reason: 'provider_refund', status: 'completed', amountCents: 999 }),
    expect.objectContaining({
      reason: 'provider_refund',
      status: 'completed',
      amountCents: 4000,
      provider: 'stripe',
      providerRefundId: refund.id,
      removedAccess: true,
    }),
  ]);
  expect(await noticesOf(student, 'refunded')).toHaveLength(2);
  // Refunded in full at Stripe: the course is taken away, as the school's own refund in full does.
  expect(await enrolmentsOf(student)).toHaveLength(0);
  const event = fake.events.find(
    (e) =>
      e.type === 'charge.refunded' &&
      (e.data as { object: { payment_intent: string } }).object.payment_intent === row?.providerCaptureId,
  );
  if (!event) throw new Error('no event');
  expect(await fake.deliver(event)).toBe(200);
  expect(await noticesOf(student, 'refunded')).toHaveLength(2);
  expect((await noticesOf(publisher, 'refunded')).map((n) => n.title)).toEqual([
    'Refund: "Intro to Design"',
    'Refund: "Intro to Design"',
  ]);
});

test('a dispute is recorded, the school told, the order left as it is and the course taken away', async () => {
  const { publisher, student, course } = await buyer();
  const order = (await createOrder(student, course, { provider: 'stripe' })).json();
  fake.pay(order.id, STRIPE_TEST_CARDS.success);
  await fake.settled();
  const row = await orderRow(order.id);
  const dispute = fake.dispute(row?.providerCaptureId ?? '');
  await fake.settled();
  const event = fake.events.find(
    (e) =>
      e.type === 'charge.dispute.created' && (e.data as { object: { id: string } }).object.id === dispute.id,
  );
  const recorded = await db()
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.eventId, event?.id ?? ''));
  expect(recorded).toEqual([expect.objectContaining({ provider: 'stripe', type: 'charge.dispute.created' })]);
  expect((await orderRow(order.id))?.status).toBe('captured');
  expect(await enrolmentsOf(student)).toHaveLength(0);
  expect((await noticesOf(publisher, 'refunded')).map((n) => n.title)).toEqual([
    'Disputed payment: "Intro to Design"',
  ]);
});

test('a capture the order cannot use is refunded through Stripe, the amount named', async () => {
  const { publisher, student, course } = await buyer();
  const order = (await createOrder(student, course, { provider: 'stripe' })).json();
  fake.deliverEvents = false;
  fake.pay(order.id, STRIPE_TEST_CARDS.success);
  // The school unpublishes the course while the buyer is on Stripe's page.
  await call(ctx.app, {
    method: 'PUT',
    url: '/api/courses/publishUnpublishCourse',
    token: publisher.token,
    body: { Id: course, published: false },
  });
  const completed = fake.events.find(
    (e) =>
      e.type === 'checkout.session.completed' &&
      (e.data as { object: { id: string } }).object.id === order.id,
  );
  if (!completed) throw new Error('no event');
  expect(await fake.deliver(completed)).toBe(200);
  const row = await orderRow(order.id);
  expect(row?.status).toBe('refunded');
  const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === row?.providerCaptureId);
  expect(refunds).toMatchObject([{ amount: 4999, status: 'succeeded' }]);
  expect(await enrolmentsOf(student)).toHaveLength(0);
  // Stripe reports the refund we made: the order is refunded already, and stays so.
  fake.deliverEvents = true;
  const refunded = fake.events.find(
    (e) =>
      e.type === 'charge.refunded' &&
      (e.data as { object: { payment_intent: string } }).object.payment_intent === row?.providerCaptureId,
  );
  if (!refunded) throw new Error('no refund event');
  expect(await fake.deliver(refunded)).toBe(200);
  expect(await noticesOf(student, 'refunded')).toHaveLength(1);
});
