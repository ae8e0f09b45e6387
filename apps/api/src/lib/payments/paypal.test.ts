import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { FakePayPal } from '../../../test/fakes/paypal-server';
import { PayPalProvider } from './paypal';
import { PaymentProviderError } from './provider';

let fake: FakePayPal;
let baseUrl = '';
const seen = () => fake.seen;

beforeAll(async () => {
  fake = await new FakePayPal().start();
  baseUrl = fake.baseUrl;
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.seen.length = 0;
});

const provider = () => new PayPalProvider({ clientId: 'client-id', clientSecret: 'client-secret', baseUrl });
const orderInput = {
  amountCents: 4999,
  currency: 'USD',
  description: 'Course',
  referenceId: 'course-1',
  buyerEmail: 'buyer@example.com',
  requestId: 'req-1',
};

test('creates an order with client credentials, the amount as a decimal and the request id', async () => {
  const order = await provider().createOrder(orderInput);
  expect(order).toEqual({
    id: 'PAYPAL-ORDER-1',
    approveUrl: 'https://www.sandbox.paypal.com/checkoutnow?token=PAYPAL-ORDER-1',
  });
  const create = seen().find((r) => r.url === '/v2/checkout/orders');
  expect(create?.headers['paypal-request-id']).toBe('req-1');
  expect(JSON.parse(create?.body ?? '{}')).toMatchObject({
    intent: 'CAPTURE',
    purchase_units: [{ reference_id: 'course-1', amount: { currency_code: 'USD', value: '49.99' } }],
    payer: { email_address: 'buyer@example.com' },
  });
  expect(seen()[0]?.body).toBe('grant_type=client_credentials');
});

test('a school paid directly is the payee, the operator’s fee a platform fee; without one, neither is sent', async () => {
  await provider().createOrder({
    ...orderInput,
    requestId: 'req-payee',
    payee: { accountId: 'payouts@school.example', platformFeeCents: 625 },
  });
  const sent = seen().filter((r) => r.url === '/v2/checkout/orders');
  expect(JSON.parse(sent.at(-1)?.body ?? '{}').purchase_units[0]).toEqual({
    reference_id: 'course-1',
    description: 'Course',
    amount: { currency_code: 'USD', value: '49.99' },
    payee: { email_address: 'payouts@school.example' },
    payment_instruction: { platform_fees: [{ amount: { currency_code: 'USD', value: '6.25' } }] },
  });
  await provider().createOrder({ ...orderInput, requestId: 'req-no-payee' });
  const plain = JSON.parse(
    seen()
      .filter((r) => r.url === '/v2/checkout/orders')
      .at(-1)?.body ?? '{}',
  );
  expect(plain.purchase_units[0]).not.toHaveProperty('payee');
  expect(plain.purchase_units[0]).not.toHaveProperty('payment_instruction');
});

test('captures; a repeated request id answers the same capture', async () => {
  const p = provider();
  const first = await p.captureOrder('PAYPAL-ORDER-1', 'capture-7');
  const again = await p.captureOrder('PAYPAL-ORDER-1', 'capture-7');
  expect(first).toEqual({
    status: 'COMPLETED',
    captureId: expect.stringMatching(/^CAPTURE-/),
    amountCents: 4999,
    currency: 'USD',
    feeCents: 223,
  });
  expect(again).toEqual(first);
  // The token is fetched once and reused.
  expect(seen().filter((r) => r.url === '/v1/oauth2/token')).toHaveLength(1);
});

test('an order captured earlier is read back instead of failing', async () => {
  fake.mode = 'already-captured';
  expect(await provider().captureOrder('PAYPAL-ORDER-2', 'capture-fresh')).toMatchObject({
    status: 'COMPLETED',
    captureId: 'CAPTURE-EARLIER',
  });
});

test('a declined card is a DECLINED result; a 5xx is a provider error', async () => {
  fake.mode = 'declined';
  expect(await provider().captureOrder('PAYPAL-ORDER-1', 'capture-8')).toEqual({
    status: 'DECLINED',
    reason: 'INSTRUMENT_DECLINED',
    cardDeclined: true,
  });
  // Another refusal of the capture is no card's fault: the buyer is not told to change cards.
  fake.mode = 'not-approved';
  expect(await provider().captureOrder('PAYPAL-ORDER-1', 'capture-10')).toEqual({
    status: 'DECLINED',
    reason: 'ORDER_NOT_APPROVED',
    cardDeclined: false,
  });
  // A capture PayPal made but answered DECLINED (the issuer refused it) is one.
  fake.mode = 'capture-declined';
  expect(await provider().captureOrder('PAYPAL-ORDER-1', 'capture-11')).toEqual({
    status: 'DECLINED',
    reason: 'DECLINED',
    cardDeclined: true,
  });
  fake.mode = 'error5xx';
  await expect(provider().captureOrder('PAYPAL-ORDER-1', 'capture-9')).rejects.toBeInstanceOf(
    PaymentProviderError,
  );
  await expect(provider().createOrder(orderInput)).rejects.toBeInstanceOf(PaymentProviderError);
});

test('wrong credentials or an unreachable PayPal are provider errors', async () => {
  const wrong = new PayPalProvider({ clientId: 'client-id', clientSecret: 'nope', baseUrl });
  await expect(wrong.createOrder(orderInput)).rejects.toBeInstanceOf(PaymentProviderError);
  const away = new PayPalProvider({ clientId: 'a', clientSecret: 'b', baseUrl: 'http://127.0.0.1:1' });
  await expect(away.createOrder(orderInput)).rejects.toBeInstanceOf(PaymentProviderError);
});

test('a capture PayPal holds for review is PENDING, and a later look finds it completed', async () => {
  fake.mode = 'pending';
  const paypal = provider();
  const held = await paypal.captureOrder('PAYPAL-ORDER-9', 'capture-9');
  expect(held).toMatchObject({ status: 'PENDING', amountCents: 4999, currency: 'USD', feeCents: null });
  expect((await paypal.checkCapture('PAYPAL-ORDER-9')).status).toBe('PENDING');
  fake.mode = 'ok';
  expect(await paypal.checkCapture('PAYPAL-ORDER-9')).toMatchObject({
    status: 'COMPLETED',
    captureId: held.status === 'PENDING' ? held.captureId : '',
    feeCents: 223,
  });
});

test('a refund names the capture and its amount, and is asked once per request id', async () => {
  const paypal = provider();
  const capture = { captureId: 'CAPTURE-7', amountCents: 4999, currency: 'USD' };
  const first = await paypal.refund(capture, 'refund-7');
  expect(first.refundId).toMatch(/^REFUND-/);
  const call = seen().find((request) => request.url === '/v2/payments/captures/CAPTURE-7/refund');
  expect(call?.method).toBe('POST');
  expect(call?.headers['paypal-request-id']).toBe('refund-7');
  expect(JSON.parse(call?.body ?? '{}')).toEqual({ amount: { currency_code: 'USD', value: '49.99' } });
  // The same request id again: PayPal answers the refund it made, and refunds nothing more.
  expect(await paypal.refund(capture, 'refund-7')).toEqual(first);
  expect(fake.refundsByRequestId.size).toBe(1);
});

test('a refund made elsewhere counts as done; a 5xx, a failed refund or more than was paid are provider errors', async () => {
  const paypal = provider();
  const capture = { captureId: 'CAPTURE-8', amountCents: 4999, currency: 'USD' };
  fake.mode = 'already-refunded';
  await expect(paypal.refund(capture, 'refund-8')).resolves.toEqual({ refundId: null });
  fake.mode = 'error5xx';
  await expect(paypal.refund(capture, 'refund-8')).rejects.toBeInstanceOf(PaymentProviderError);
  fake.mode = 'refund-failed';
  await expect(paypal.refund(capture, 'refund-8')).rejects.toBeInstanceOf(PaymentProviderError);
  fake.mode = 'ok';
  await expect(paypal.refund({ ...capture, amountCents: 5000 }, 'refund-8')).rejects.toThrow(
    /REFUND_AMOUNT_EXCEEDED/,
  );
});

test('a webhook delivery is verified by PayPal with the event as received; PayPal failing is a provider error', async () => {
  const paypal = new PayPalProvider({
    clientId: 'client-id',
    clientSecret: 'client-secret',
    baseUrl,
    webhookId: fake.webhookId,
  });
  const body = JSON.stringify(
    fake.event('CHECKOUT.ORDER.APPROVED', 'checkout-order', { id: 'PAYPAL-ORDER-3' }),
  );
  const headers = fake.sign(body);
  const transmission = {
    auth_algo: headers['paypal-auth-algo'] ?? '',
    cert_url: headers['paypal-cert-url'] ?? '',
    transmission_id: headers['paypal-transmission-id'] ?? '',
    transmission_sig: headers['paypal-transmission-sig'] ?? '',
    transmission_time: headers['paypal-transmission-time'] ?? '',
  };
  expect(await paypal.verifyWebhook(transmission, body)).toBe(true);
  const call = seen().find((r) => r.url === '/v1/notifications/verify-webhook-signature');
  expect(call?.headers.authorization).toBe('Bearer token-123');
  expect(JSON.parse(call?.body ?? '{}')).toEqual({
    ...transmission,
    webhook_id: fake.webhookId,
    webhook_event: JSON.parse(body),
  });
  // Another body, signature or webhook id: PayPal answers FAILURE.
  expect(await paypal.verifyWebhook(transmission, body.replace('ORDER-3', 'ORDER-4'))).toBe(false);
  expect(await paypal.verifyWebhook({ ...transmission, transmission_sig: 'forged' }, body)).toBe(false);
  const other = new PayPalProvider({
    clientId: 'client-id',
    clientSecret: 'client-secret',
    baseUrl,
    webhookId: 'WHOTHER123',
  });
  expect(await other.verifyWebhook(transmission, body)).toBe(false);
  fake.mode = 'error5xx';
  await expect(paypal.verifyWebhook(transmission, body)).rejects.toBeInstanceOf(PaymentProviderError);
});

test('a capture refunded in PayPal is read back with its own amount', async () => {
  const paypal = provider();
  const captured = await paypal.captureOrder('PAYPAL-ORDER-12', 'capture-12');
  const captureId = captured.status === 'COMPLETED' ? captured.captureId : '';
  expect(await paypal.captureRefunds(captureId, null)).toMatchObject({ refunded: false });
  fake.refundFromDashboard(captureId);
  expect(await paypal.captureRefunds(captureId, 'DASH-1')).toEqual({
    captureId,
    refunded: true,
    amountCents: 4999,
    currency: 'USD',
    refundId: 'DASH-1',
  });
  await expect(paypal.captureRefunds('NO-SUCH-CAPTURE', null)).rejects.toBeInstanceOf(PaymentProviderError);
});
