import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { FakeStripe, STRIPE_TEST_CARDS, stripeFeeOf } from '../../../test/fakes/stripe-server';
import { PaymentProviderError } from './provider';
import { StripeProvider } from './stripe';

const SECRET = 'sk_test_fake123';
let fake: FakeStripe;
let stripe: StripeProvider;

beforeAll(async () => {
  fake = await new FakeStripe({ secretKey: SECRET }).start();
  stripe = new StripeProvider({
    secretKey: SECRET,
    baseUrl: fake.baseUrl,
    publicUrl: 'https://learn.example.com',
    maxNetworkRetries: 0,
  });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.failNext = 0;
});

let n = 0;
const order = (returnPath?: string) =>
  stripe.createOrder({
    amountCents: 4999,
    currency: 'USD',
    description: 'Intro to Rust',
    referenceId: 'course-7',
    buyerEmail: 'buyer@example.com',
    requestId: `req-${++n}`,
    ...(returnPath ? { returnPath } : {}),
  });

test('an order is a Checkout Session for the server’s amount, captured by hand after the buyer pays', async () => {
  const created = await order('/students/checkout');
  expect(created.id).toMatch(/^cs_test_/);
  expect(created.approveUrl).toBe(`${fake.baseUrl}/checkout/pay/${created.id}`);
  const sent = fake.requests.find((r) => r.path === '/v1/checkout/sessions');
  expect(sent?.idempotencyKey).toBe(`req-${n}`);
  expect(sent?.body).toMatchObject({
    mode: 'payment',
    customer_email: 'buyer@example.com',
    metadata: { reference: 'course-7' },
    payment_intent_data: { capture_method: 'manual' },
    line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '4999' } }],
    success_url: 'https://learn.example.com/students/checkout?orderId={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://learn.example.com/students/checkout',
  });

  const paid = fake.pay(created.id, STRIPE_TEST_CARDS.success);
  expect(paid.redirect).toBe(`https://learn.example.com/students/checkout?orderId=${created.id}`);
  const captured = await stripe.captureOrder(created.id, 'capture-1');
  expect(captured).toMatchObject({
    status: 'COMPLETED',
    amountCents: 4999,
    currency: 'USD',
    feeCents: stripeFeeOf(4999),
  });
  // The same request id captures once and answers the same capture.
  expect(await stripe.captureOrder(created.id, 'capture-1')).toEqual(captured);
  // A later look (or another request id) finds it captured too.
  expect(await stripe.checkCapture(created.id)).toEqual(captured);
  expect(await stripe.captureOrder(created.id, 'capture-2')).toEqual(captured);
  // Stripe was asked to capture once: a captured intent is read, not captured again.
  const captures = fake.requests.filter((r) => r.path.endsWith('/capture'));
  expect(captures.map((r) => r.idempotencyKey)).toEqual(['capture-1']);
});

test('two captures of one order at once with one request id capture once (the key is replayed)', async () => {
  const created = await order();
  fake.pay(created.id, STRIPE_TEST_CARDS.success);
  const [a, b] = await Promise.all([
    stripe.captureOrder(created.id, 'capture-twice'),
    stripe.captureOrder(created.id, 'capture-twice'),
  ]);
  expect(a).toMatchObject({ status: 'COMPLETED', amountCents: 4999 });
  expect(b).toEqual(a);
  const captures = fake.requests.filter((r) => r.idempotencyKey === 'capture-twice');
  expect(captures).toHaveLength(2);
  const intent = a.status === 'COMPLETED' ? fake.intents.get(a.captureId) : undefined;
  expect(intent?.amount_received).toBe(4999);
  expect(
    fake.events.filter(
      (e) =>
        e.type === 'charge.captured' &&
        (e.data as { object: { payment_intent: string } }).object.payment_intent === intent?.id,
    ),
  ).toHaveLength(1);
});

test('a return path with a query keeps it, and the order id is added', async () => {
  await order('/admin/checkout?plan=Gold');
  const sent = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
  expect(sent?.body.success_url).toBe(
    'https://learn.example.com/admin/checkout?plan=Gold&orderId={CHECKOUT_SESSION_ID}',
  );
});

test('a declined card is a card decline; an order not paid is not approved; an unknown one is declined', async () => {
  const declined = await order();
  expect(fake.pay(declined.id, STRIPE_TEST_CARDS.declined).paid).toBe(false);
  expect(await stripe.captureOrder(declined.id, 'capture-d')).toMatchObject({
    status: 'DECLINED',
    cardDeclined: true,
  });

  const unpaid = await order();
  expect(await stripe.captureOrder(unpaid.id, 'capture-u')).toEqual({
    status: 'DECLINED',
    reason: 'not approved by the buyer',
    cardDeclined: false,
  });
  expect(await stripe.captureOrder('cs_test_nothing', 'capture-x')).toMatchObject({
    status: 'DECLINED',
    reason: 'unknown order',
  });
});

test('a refund names the amount, is made once per request id, and refuses more than was captured', async () => {
  const created = await order();
  fake.pay(created.id, STRIPE_TEST_CARDS.success);
  const captured = await stripe.captureOrder(created.id, 'capture-r');
  if (captured.status !== 'COMPLETED') throw new Error('not captured');
  const payment = { captureId: captured.captureId, amountCents: 4999, currency: 'USD' };
  const first = await stripe.refund(payment, 'refund-1');
  expect(first.refundId).toMatch(/^re_/);
  expect(await stripe.refund(payment, 'refund-1')).toEqual(first);
  const sent = fake.requests.filter((r) => r.path === '/v1/refunds');
  expect(sent.map((r) => r.body)).toEqual([
    { payment_intent: captured.captureId, amount: '4999' },
    { payment_intent: captured.captureId, amount: '4999' },
  ]);
  expect([...fake.refunds.values()].filter((r) => r.payment_intent === captured.captureId)).toHaveLength(1);
  // Refunded already (another key, as from the dashboard): nothing is left, and that is no failure.
  expect(await stripe.refund(payment, 'refund-2')).toEqual({ refundId: null });

  const other = await order();
  fake.pay(other.id, STRIPE_TEST_CARDS.success);
  const second = await stripe.captureOrder(other.id, 'capture-r2');
  if (second.status !== 'COMPLETED') throw new Error('not captured');
  await expect(
    stripe.refund({ captureId: second.captureId, amountCents: 5000, currency: 'USD' }, 'refund-3'),
  ).rejects.toBeInstanceOf(PaymentProviderError);
});

test('Stripe failing (5xx) or a wrong key is a provider failure, never a decline', async () => {
  const created = await order();
  fake.pay(created.id, STRIPE_TEST_CARDS.success);
  fake.failNext = 1;
  await expect(stripe.captureOrder(created.id, 'capture-f')).rejects.toBeInstanceOf(PaymentProviderError);
  fake.failNext = 1;
  await expect(order()).rejects.toBeInstanceOf(PaymentProviderError);
  const wrongKey = new StripeProvider({
    secretKey: 'sk_test_wrong',
    baseUrl: fake.baseUrl,
    publicUrl: 'https://learn.example.com',
    maxNetworkRetries: 0,
  });
  await expect(wrongKey.checkCapture(created.id)).rejects.toBeInstanceOf(PaymentProviderError);
  // Once Stripe answers again, the same capture goes through.
  expect(await stripe.captureOrder(created.id, 'capture-f')).toMatchObject({ status: 'COMPLETED' });
});
