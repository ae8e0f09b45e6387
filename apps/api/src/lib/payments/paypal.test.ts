import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { PayPalProvider } from './paypal';
import { PaymentProviderError } from './provider';

/** A local server that answers as PayPal's REST API does, with switchable failures. */
type Mode =
  | 'ok'
  | 'declined'
  | 'not-approved'
  | 'capture-declined'
  | 'error5xx'
  | 'already-captured'
  | 'pending'
  | 'already-refunded'
  | 'refund-failed';
let mode: Mode = 'ok';
let server: Server;
let baseUrl = '';
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
const capturesByRequestId = new Map<string, string>();
let captureCounter = 0;
/** Refunds made, by PayPal-Request-Id: a repeated id answers the refund it made first. */
const refundsByRequestId = new Map<string, string>();
/** Every capture of this fake is of 49.99 USD: a refund may not pass it. */
const CAPTURED_CENTS = 4999;
/** What PayPal keeps of a completed capture, as its Orders v2 answer breaks it down. */
const FEE_BREAKDOWN = {
  seller_receivable_breakdown: {
    gross_amount: { currency_code: 'USD', value: '49.99' },
    paypal_fee: { currency_code: 'USD', value: '2.23' },
    net_amount: { currency_code: 'USD', value: '47.76' },
  },
};

const send = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
        if (req.headers.authorization !== expected) return send(res, 401, { error: 'invalid_client' });
        return send(res, 200, { access_token: 'token-123', token_type: 'Bearer', expires_in: 32400 });
      }
      if (req.headers.authorization !== 'Bearer token-123')
        return send(res, 401, { name: 'AUTHENTICATION_FAILURE' });
      if (mode === 'error5xx') return send(res, 503, { name: 'SERVICE_UNAVAILABLE' });
      if (req.method === 'POST' && req.url === '/v2/checkout/orders') {
        const parsed = JSON.parse(body);
        return send(res, 201, {
          id: 'PAYPAL-ORDER-1',
          status: 'CREATED',
          links: [
            { rel: 'approve', href: 'https://www.sandbox.paypal.com/checkoutnow?token=PAYPAL-ORDER-1' },
          ],
          echo: parsed,
        });
      }
      const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(req.url ?? '');
      if (req.method === 'POST' && capture) {
        if (mode === 'declined' || mode === 'not-approved') {
          return send(res, 422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [{ issue: mode === 'declined' ? 'INSTRUMENT_DECLINED' : 'ORDER_NOT_APPROVED' }],
          });
        }
        const requestId = String(req.headers['paypal-request-id']);
        if (mode === 'already-captured' && !capturesByRequestId.has(requestId)) {
          return send(res, 422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [{ issue: 'ORDER_ALREADY_CAPTURED' }],
          });
        }
        // A repeated PayPal-Request-Id answers the original capture.
        const captureId = capturesByRequestId.get(requestId) ?? `CAPTURE-${++captureCounter}`;
        capturesByRequestId.set(requestId, captureId);
        const status =
          mode === 'pending' ? 'PENDING' : mode === 'capture-declined' ? 'DECLINED' : 'COMPLETED';
        return send(res, 201, {
          id: capture[1],
          status: 'COMPLETED',
          purchase_units: [
            {
              payments: {
                captures: [
                  {
                    id: captureId,
                    status,
                    amount: { currency_code: 'USD', value: '49.99' },
                    // PayPal reports its fee once the money is ours, not on a capture it holds.
                    ...(status === 'COMPLETED' ? FEE_BREAKDOWN : {}),
                  },
                ],
              },
            },
          ],
        });
      }
      const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(req.url ?? '');
      if (req.method === 'POST' && refund) {
        if (mode === 'already-refunded') {
          return send(res, 422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }],
          });
        }
        const requestId = String(req.headers['paypal-request-id']);
        const earlier = refundsByRequestId.get(requestId);
        if (earlier) return send(res, 201, { id: earlier, status: 'COMPLETED' });
        const { amount } = JSON.parse(body || '{}') as {
          amount?: { value?: string; currency_code?: string };
        };
        const [whole = '', fraction = ''] = (amount?.value ?? '').split('.');
        const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
        if (amount?.currency_code !== 'USD' || !(cents > 0)) {
          return send(res, 400, { name: 'INVALID_REQUEST', details: [{ issue: 'INVALID_PARAMETER_VALUE' }] });
        }
        if (cents > CAPTURED_CENTS) {
          return send(res, 422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }],
          });
        }
        if (mode === 'refund-failed')
          return send(res, 201, { id: 'REFUND-FAILED', status: 'FAILED', amount });
        const made = `REFUND-${refundsByRequestId.size + 1}`;
        refundsByRequestId.set(requestId, made);
        return send(res, 201, { id: made, status: 'COMPLETED', amount });
      }
      const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && get) {
        return send(res, 200, {
          id: get[1],
          status: 'COMPLETED',
          purchase_units: [
            {
              payments: {
                captures: [
                  {
                    id: 'CAPTURE-EARLIER',
                    status: mode === 'pending' ? 'PENDING' : 'COMPLETED',
                    amount: { currency_code: 'USD', value: '49.99' },
                    ...(mode === 'pending' ? {} : FEE_BREAKDOWN),
                  },
                ],
              },
            },
          ],
        });
      }
      return send(res, 404, { name: 'RESOURCE_NOT_FOUND' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mode = 'ok';
  seen.length = 0;
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
  const create = seen.find((r) => r.url === '/v2/checkout/orders');
  expect(create?.headers['paypal-request-id']).toBe('req-1');
  expect(JSON.parse(create?.body ?? '{}')).toMatchObject({
    intent: 'CAPTURE',
    purchase_units: [{ reference_id: 'course-1', amount: { currency_code: 'USD', value: '49.99' } }],
    payer: { email_address: 'buyer@example.com' },
  });
  expect(seen[0]?.body).toBe('grant_type=client_credentials');
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
  expect(seen.filter((r) => r.url === '/v1/oauth2/token')).toHaveLength(1);
});

test('an order captured earlier is read back instead of failing', async () => {
  mode = 'already-captured';
  expect(await provider().captureOrder('PAYPAL-ORDER-2', 'capture-fresh')).toMatchObject({
    status: 'COMPLETED',
    captureId: 'CAPTURE-EARLIER',
  });
});

test('a declined card is a DECLINED result; a 5xx is a provider error', async () => {
  mode = 'declined';
  expect(await provider().captureOrder('PAYPAL-ORDER-1', 'capture-8')).toEqual({
    status: 'DECLINED',
    reason: 'INSTRUMENT_DECLINED',
    cardDeclined: true,
  });
  // Another refusal of the capture is no card's fault: the buyer is not told to change cards.
  mode = 'not-approved';
  expect(await provider().captureOrder('PAYPAL-ORDER-1', 'capture-10')).toEqual({
    status: 'DECLINED',
    reason: 'ORDER_NOT_APPROVED',
    cardDeclined: false,
  });
  // A capture PayPal made but answered DECLINED (the issuer refused it) is one.
  mode = 'capture-declined';
  expect(await provider().captureOrder('PAYPAL-ORDER-1', 'capture-11')).toEqual({
    status: 'DECLINED',
    reason: 'DECLINED',
    cardDeclined: true,
  });
  mode = 'error5xx';
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
  mode = 'pending';
  const paypal = provider();
  expect(await paypal.captureOrder('PAYPAL-ORDER-9', 'capture-9')).toMatchObject({
    status: 'PENDING',
    amountCents: 4999,
    currency: 'USD',
    feeCents: null,
  });
  expect((await paypal.checkCapture('PAYPAL-ORDER-9')).status).toBe('PENDING');
  mode = 'ok';
  expect(await paypal.checkCapture('PAYPAL-ORDER-9')).toMatchObject({
    status: 'COMPLETED',
    captureId: 'CAPTURE-EARLIER',
    feeCents: 223,
  });
});

test('a refund names the capture and its amount, and is asked once per request id', async () => {
  const paypal = provider();
  const capture = { captureId: 'CAPTURE-7', amountCents: 4999, currency: 'USD' };
  const first = await paypal.refund(capture, 'refund-7');
  expect(first.refundId).toMatch(/^REFUND-/);
  const call = seen.find((request) => request.url === '/v2/payments/captures/CAPTURE-7/refund');
  expect(call?.method).toBe('POST');
  expect(call?.headers['paypal-request-id']).toBe('refund-7');
  expect(JSON.parse(call?.body ?? '{}')).toEqual({ amount: { currency_code: 'USD', value: '49.99' } });
  // The same request id again: PayPal answers the refund it made, and refunds nothing more.
  expect(await paypal.refund(capture, 'refund-7')).toEqual(first);
  expect(refundsByRequestId.size).toBe(1);
});

test('a refund made elsewhere counts as done; a 5xx, a failed refund or more than was paid are provider errors', async () => {
  const paypal = provider();
  const capture = { captureId: 'CAPTURE-8', amountCents: 4999, currency: 'USD' };
  mode = 'already-refunded';
  await expect(paypal.refund(capture, 'refund-8')).resolves.toEqual({ refundId: null });
  mode = 'error5xx';
  await expect(paypal.refund(capture, 'refund-8')).rejects.toBeInstanceOf(PaymentProviderError);
  mode = 'refund-failed';
  await expect(paypal.refund(capture, 'refund-8')).rejects.toBeInstanceOf(PaymentProviderError);
  mode = 'ok';
  await expect(paypal.refund({ ...capture, amountCents: 5000 }, 'refund-8')).rejects.toThrow(
    /REFUND_AMOUNT_EXCEEDED/,
  );
});
