import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { FakePayPal, type PayPalWebhookEvent } from '../../../test/fakes/paypal-server';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { enrolments, notifications, orderRefunds, orders, paymentEvents } from '../../db/schema';

let fake: FakePayPal;
let ctx: TestContext;

beforeAll(async () => {
  fake = await new FakePayPal().start();
  ctx = await createTestContext({
    ...fake.appSettings,
  });
});
afterAll(async () => {
  await fake?.stop();
  await ctx?.close();
});
beforeEach(() => {
  fake.mode = 'ok';
});

/** A student with a PayPal order for a published course at 49.99 of a school of its own. */
async function ordered() {
  const publisher = await createPublisher(ctx);
  const course = (await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 4999, withLesson: true })).id;
  const student = await createStudent(ctx);
  const created = await call(ctx.app, {
    method: 'POST',
    url: '/api/courses/CreateOrder',
    token: student.token,
    body: { price: 49.99, user_id: student.userId, course_id: course },
  });
  expect(created.statusCode).toBe(201);
  const orderId: string = created.json().id;
  expect(created.json()).toMatchObject({ provider: 'paypal' });
  return { publisher, student, course, orderId };
}

const captureByBrowser = (student: TestUser, orderId: string, course: number) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/courses/CaptureOrder',
    token: student.token,
    body: { orderId, course_Id: course, user_id: student.userId },
  });

/** The event PayPal sends when the buyer approves the order on its page. */
const approved = (orderId: string) =>
  fake.event('CHECKOUT.ORDER.APPROVED', 'checkout-order', {
    id: orderId,
    status: 'APPROVED',
    intent: 'CAPTURE',
    // An amount in the event is never read: the capture's own is checked against the order.
    purchase_units: [{ amount: { currency_code: 'USD', value: '0.01' } }],
  });

/** Posts an event to the webhook as PayPal delivers it: signed by the fake unless `headers` are given. */
const deliver = (event: PayPalWebhookEvent | string, headers?: Record<string, string>) => {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  return call(ctx.app, {
    method: 'POST',
    url: '/api/payments/webhooks/paypal',
    headers: { 'content-type': 'application/json', ...(headers ?? fake.sign(body)) },
    body,
  });
};

const db = () => ctx.database.db;
const enrolmentsOf = (student: TestUser) =>
  db().select().from(enrolments).where(eq(enrolments.userId, student.userId));
const orderRow = async (providerOrderId: string) =>
  (await db().select().from(orders).where(eq(orders.providerOrderId, providerOrderId)))[0];
const eventsRecorded = async () => (await db().select().from(paymentEvents)).length;
const noticesOf = (student: TestUser, kind: 'refunded' | 'purchased') =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, student.userId), eq(notifications.kind, kind)));

test('a buyer who approved and closed the tab is enrolled once; a replay and the late return change nothing', async () => {
  const { student, course, orderId } = await ordered();
  const event = approved(orderId);
  const res = await deliver(event);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ received: true });
  const row = await orderRow(orderId);
  expect(row).toMatchObject({ status: 'captured', amountCents: 4999, providerFeeCents: 223 });
  expect(row?.providerCaptureId).toMatch(/^CAPTURE-/);
  expect(await enrolmentsOf(student)).toHaveLength(1);
  expect(await noticesOf(student, 'purchased')).toHaveLength(1);
  const recorded = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
  expect(recorded).toEqual([
    expect.objectContaining({ provider: 'paypal', type: 'CHECKOUT.ORDER.APPROVED' }),
  ]);
  // The verification named the delivery's transmission, the webhook and the event as it arrived.
  const verification = fake.seen.findLast((r) => r.url === '/v1/notifications/verify-webhook-signature');
  expect(JSON.parse(verification?.body ?? '{}')).toMatchObject({
    webhook_id: fake.webhookId,
    auth_algo: 'SHA256withRSA',
    webhook_event: event,
  });

  // PayPal delivers the same event again (a new transmission): 200, and nothing changes.
  const count = await eventsRecorded();
  const captures = fake.capturesByRequestId.size;
  expect((await deliver(event)).statusCode).toBe(200);
  expect(await eventsRecorded()).toBe(count);
  expect(fake.capturesByRequestId.size).toBe(captures);
  // The buyer comes back after all: the same success, still one enrolment and one receipt.
  const late = await captureByBrowser(student, orderId, course);
  expect(late.json()).toMatchObject({ status: 'COMPLETED' });
  expect(await enrolmentsOf(student)).toHaveLength(1);
  expect(await noticesOf(student, 'purchased')).toHaveLength(1);
});

test('one event delivered to two instances at once enrols once and is recorded once', async () => {
  const { student, orderId } = await ordered();
  const event = approved(orderId);
  const answers = await Promise.all([deliver(event), deliver(event)]);
  expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
  expect(await enrolmentsOf(student)).toHaveLength(1);
  expect(await noticesOf(student, 'purchased')).toHaveLength(1);
  expect(await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toHaveLength(1);
});

test('a forged delivery or a missing header is refused with 400 and changes nothing', async () => {
  const { student, orderId } = await ordered();
  const event = approved(orderId);
  const body = JSON.stringify(event);
  const count = await eventsRecorded();
  // Signed for another body: PayPal answers FAILURE.
  const forged = await deliver(event, fake.sign(body.replace('APPROVED', 'COMPLETED')));
  expect(forged.statusCode).toBe(400);
  expect(forged.json().details).toEqual([expect.objectContaining({ field: 'paypal-transmission-sig' })]);
  const headers = fake.sign(body);
  expect((await deliver(event, { ...headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' })).statusCode).toBe(400);
  expect(
    (await deliver(event, { ...headers, 'paypal-cert-url': 'https://evil.example/cert' })).statusCode,
  ).toBe(400);
  const { 'paypal-transmission-id': _, ...withoutId } = headers;
  const missing = await deliver(event, withoutId);
  expect(missing.statusCode).toBe(400);
  expect(missing.json().details).toEqual([expect.objectContaining({ field: 'paypal-transmission-id' })]);
  expect((await deliver('not json', fake.sign('not json'))).statusCode).toBe(400);
  expect(await eventsRecorded()).toBe(count);
  expect((await orderRow(orderId))?.status).toBe('created');
  expect(await enrolmentsOf(student)).toHaveLength(0);
  // The genuine delivery then goes through.
  expect((await deliver(event, headers)).statusCode).toBe(200);
  expect(await enrolmentsOf(student)).toHaveLength(1);
});

test('PayPal unreachable during the verification answers 502 so that PayPal delivers again; nothing changes', async () => {
  const { student, orderId } = await ordered();
  const event = approved(orderId);
  const count = await eventsRecorded();
  fake.mode = 'error5xx';
  const res = await deliver(event);
  expect(res.statusCode).toBe(502);
  expect(await eventsRecorded()).toBe(count);
  expect((await orderRow(orderId))?.status).toBe('created');
  expect(await enrolmentsOf(student)).toHaveLength(0);
  fake.mode = 'ok';
  expect((await deliver(event)).statusCode).toBe(200);
  expect(await enrolmentsOf(student)).toHaveLength(1);
});

test('a capture PayPal held completes by its event, found by the capture or by the order', async () => {
  const { student, course, orderId } = await ordered();
  fake.mode = 'pending';
  expect((await captureByBrowser(student, orderId, course)).statusCode).toBe(202);
  const held = await orderRow(orderId);
  expect(held?.status).toBe('pending');
  fake.mode = 'ok';
  const completed = fake.event('PAYMENT.CAPTURE.COMPLETED', 'capture', {
    id: held?.providerCaptureId,
    status: 'COMPLETED',
    amount: { currency_code: 'USD', value: '0.01' },
    supplementary_data: { related_ids: { order_id: orderId } },
  });
  expect((await deliver(completed)).statusCode).toBe(200);
  expect((await orderRow(orderId))?.status).toBe('captured');
  expect(await enrolmentsOf(student)).toHaveLength(1);
  expect((await deliver(completed)).statusCode).toBe(200);
  expect(await noticesOf(student, 'purchased')).toHaveLength(1);

  // A capture not recorded yet (the order still claimed): found by its order id.
  const other = await ordered();
  await db().update(orders).set({ status: 'capturing' }).where(eq(orders.providerOrderId, other.orderId));
  const byOrder = fake.event('PAYMENT.CAPTURE.COMPLETED', 'capture', {
    id: 'CAPTURE-UNSEEN',
    status: 'COMPLETED',
    supplementary_data: { related_ids: { order_id: other.orderId } },
  });
  expect((await deliver(byOrder)).statusCode).toBe(200);
  expect((await orderRow(other.orderId))?.status).toBe('captured');
  expect(await enrolmentsOf(other.student)).toHaveLength(1);
});

test('a refund made in PayPal’s dashboard marks the order refunded, tells the buyer and the school once and takes the course away', async () => {
  const { publisher, student, course, orderId } = await ordered();
  expect((await captureByBrowser(student, orderId, course)).statusCode).toBe(200);
  const row = await orderRow(orderId);
  const event = fake.refundFromDashboard(row?.providerCaptureId ?? '');
  expect((await deliver(event)).statusCode).toBe(200);
  expect((await orderRow(orderId))?.status).toBe('refunded');
  const refunds = await db()
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, row?.id ?? 0));
  expect(refunds).toEqual([
    expect.objectContaining({
      reason: 'provider_refund',
      status: 'completed',
      amountCents: 4999,
      provider: 'paypal',
      providerCaptureId: row?.providerCaptureId,
      providerRefundId: event.resource.id,
    }),
  ]);
  expect(await noticesOf(student, 'refunded')).toHaveLength(1);
  const told = await noticesOf(publisher, 'refunded');
  expect(told).toEqual([
    expect.objectContaining({
      title: 'Refund: "Intro to Design"',
      body: `Sam Student (${student.email}) was refunded $49.99 USD. Order ${row?.id}. It was refunded in the payment provider’s dashboard. Their access to the course was removed.`,
      link: '/admin?section=users',
    }),
  ]);
  // Refunded wholly: the course is taken away, as the school's own refund in full does.
  expect(await enrolmentsOf(student)).toHaveLength(0);
  expect((await deliver(event)).statusCode).toBe(200);
  expect(await noticesOf(student, 'refunded')).toHaveLength(1);
  expect(await noticesOf(publisher, 'refunded')).toHaveLength(1);

  // A reversal (a chargeback PayPal decided) is recorded the same way.
  const second = await ordered();
  expect((await captureByBrowser(second.student, second.orderId, second.course)).statusCode).toBe(200);
  const secondRow = await orderRow(second.orderId);
  expect(
    (await deliver(fake.refundFromDashboard(secondRow?.providerCaptureId ?? '', 'REVERSED'))).statusCode,
  ).toBe(200);
  expect((await orderRow(second.orderId))?.status).toBe('refunded');
  expect(await noticesOf(second.student, 'refunded')).toHaveLength(1);
});

test('a dispute is recorded, the school told once, the order left as it is and the course taken away; an unknown event is taken and ignored', async () => {
  const { publisher, student, course, orderId } = await ordered();
  expect((await captureByBrowser(student, orderId, course)).statusCode).toBe(200);
  const row = await orderRow(orderId);
  const dispute = fake.event('CUSTOMER.DISPUTE.CREATED', 'dispute', {
    dispute_id: 'PP-D-1234',
    reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
    status: 'OPEN',
    disputed_transactions: [{ seller_transaction_id: row?.providerCaptureId }],
    dispute_amount: { currency_code: 'USD', value: '49.99' },
  });
  expect((await deliver(dispute)).statusCode).toBe(200);
  const recorded = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, dispute.id));
  expect(recorded).toEqual([
    expect.objectContaining({ provider: 'paypal', type: 'CUSTOMER.DISPUTE.CREATED' }),
  ]);
  expect((await orderRow(orderId))?.status).toBe('captured');
  expect(await enrolmentsOf(student)).toHaveLength(0);
  expect(await noticesOf(publisher, 'refunded')).toEqual([
    expect.objectContaining({
      title: 'Disputed payment: "Intro to Design"',
      body: `Sam Student (${student.email}) disputed their payment with PayPal. Order ${row?.id}. Their access to the course was removed. Answer the dispute in the PayPal dashboard; if the buyer wins, the refund is recorded here.`,
    }),
  ]);
  expect((await deliver(dispute)).statusCode).toBe(200);
  expect(await noticesOf(publisher, 'refunded')).toHaveLength(1);
  expect(await noticesOf(student, 'refunded')).toHaveLength(0);

  const unknown = fake.event('BILLING.PLAN.CREATED', 'plan', { id: 'P-1' });
  expect((await deliver(unknown)).statusCode).toBe(200);
  const taken = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, unknown.id));
  expect(taken).toHaveLength(1);
  expect((await orderRow(orderId))?.status).toBe('captured');
});

test('the webhook answers 404 when PayPal’s webhook is not configured', async () => {
  const bare = await createTestContext({
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
    PAYPAL_API_BASE: fake.baseUrl,
  });
  try {
    const body = JSON.stringify(fake.event('BILLING.PLAN.CREATED', 'plan', { id: 'P-2' }));
    const res = await call(bare.app, {
      method: 'POST',
      url: '/api/payments/webhooks/paypal',
      headers: { 'content-type': 'application/json', ...fake.sign(body) },
      body,
    });
    expect(res.statusCode).toBe(404);
  } finally {
    await bare.close();
  }
});
