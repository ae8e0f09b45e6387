import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server answering as PayPal's REST API does, for the parts the app uses: OAuth client
 * credentials, Orders v2 (create, capture, get) with PayPal-Request-Id replayed, captures (get, refund)
 * and the webhook verification call (POST /v1/notifications/verify-webhook-signature), with switchable
 * failures. Every capture is of 49.99 USD. It makes webhook events as PayPal sends them and "signs" their
 * transmissions: it verifies (SUCCESS) exactly the deliveries it signed, bytes and webhook id unchanged.
 */
export type FakePayPalMode =
  | 'ok'
  | 'declined'
  | 'not-approved'
  | 'capture-declined'
  | 'error5xx'
  | 'already-captured'
  | 'pending'
  | 'already-refunded'
  | 'refund-failed';

export type PayPalWebhookEvent = {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
};

/** Every capture of this fake is of 49.99 USD: a refund may not pass it. */
export const PAYPAL_CAPTURED_CENTS = 4999;
const AMOUNT = { currency_code: 'USD', value: '49.99' };
/** What PayPal keeps of a completed capture, as its Orders v2 answer breaks it down. */
const FEE_BREAKDOWN = {
  seller_receivable_breakdown: {
    gross_amount: AMOUNT,
    paypal_fee: { currency_code: 'USD', value: '2.23' },
    net_amount: { currency_code: 'USD', value: '47.76' },
  },
};

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export class FakePayPal {
  mode: FakePayPalMode = 'ok';
  baseUrl = '';
  readonly seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  /** Captures made, by PayPal-Request-Id: a repeated id answers the capture it made first. */
  readonly capturesByRequestId = new Map<string, string>();
  /** Refunds made, by PayPal-Request-Id: a repeated id answers the refund it made first. */
  readonly refundsByRequestId = new Map<string, string>();
  /** Each order's capture, and each capture's status (COMPLETED, PENDING, REFUNDED, ...). */
  readonly captureOfOrder = new Map<string, string>();
  readonly captureStatus = new Map<string, string>();
  private orderCounter = 0;
  private captureCounter = 0;
  private eventCounter = 0;
  private readonly signingKey = randomBytes(32);
  private server: Server | undefined;

  constructor(
    readonly clientId = 'client-id',
    readonly clientSecret = 'client-secret',
    /** The id of the webhook registered with this PayPal: its deliveries verify against it only. */
    readonly webhookId = 'WH8PT597110X687430LKGECATA',
  ) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => this.answer(req, res, body));
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    const server = this.server;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  /** A webhook event as PayPal sends it. */
  event(eventType: string, resourceType: string, resource: Record<string, unknown>): PayPalWebhookEvent {
    this.eventCounter += 1;
    return {
      id: `WH-${this.eventCounter}-${randomBytes(6).toString('hex').toUpperCase()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      event_type: eventType,
      summary: eventType,
      resource,
    };
  }

  /** The PAYPAL-* headers PayPal sends with a delivery of `body` to the registered webhook. */
  sign(body: string): Record<string, string> {
    const transmissionId = randomBytes(16).toString('hex');
    const time = new Date().toISOString();
    return {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${this.baseUrl}/v1/notifications/certs/CERT-fake`,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': this.signature(transmissionId, time, this.webhookId, body),
      'paypal-transmission-time': time,
    };
  }

  /** A capture refunded (or reversed) in PayPal's dashboard, and the event PayPal then sends. */
  refundFromDashboard(captureId: string, how: 'REFUNDED' | 'REVERSED' = 'REFUNDED') {
    this.captureStatus.set(captureId, how);
    const refundId = `DASH-REFUND-${++this.eventCounter}`;
    const captureLink = `${this.baseUrl}/v2/payments/captures/${captureId}`;
    return this.event(`PAYMENT.CAPTURE.${how}`, 'refund', {
      id: refundId,
      status: 'COMPLETED',
      amount: AMOUNT,
      links: [
        { rel: 'self', href: `${this.baseUrl}/v2/payments/refunds/${refundId}`, method: 'GET' },
        { rel: 'up', href: captureLink, method: 'GET' },
      ],
    });
  }

  private signature(transmissionId: string, time: string, webhookId: string, body: string) {
    return createHmac('sha256', this.signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${body}`)
      .digest('base64');
  }

  private capture(captureId: string, status: string) {
    return {
      id: captureId,
      status,
      amount: AMOUNT,
      // PayPal reports its fee once the money is ours, not on a capture it holds.
      ...(status === 'PENDING' ? {} : FEE_BREAKDOWN),
    };
  }

  private answer(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = req.url ?? '';
    this.seen.push({ method: req.method ?? '', url, headers: req.headers, body });
    if (url === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return send(res, 401, { error: 'invalid_client' });
      return send(res, 200, { access_token: 'token-123', token_type: 'Bearer', expires_in: 32400 });
    }
    if (req.headers.authorization !== 'Bearer token-123') {
      return send(res, 401, { name: 'AUTHENTICATION_FAILURE' });
    }
    if (this.mode === 'error5xx') return send(res, 503, { name: 'SERVICE_UNAVAILABLE' });
    if (req.method === 'POST' && url === '/v1/notifications/verify-webhook-signature') {
      return this.verify(res, body);
    }
    if (req.method === 'POST' && url === '/v2/checkout/orders') {
      const parsed = JSON.parse(body);
      const id = `PAYPAL-ORDER-${++this.orderCounter}`;
      return send(res, 201, {
        id,
        status: 'CREATED',
        links: [{ rel: 'approve', href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}` }],
        echo: parsed,
      });
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(url);
    if (req.method === 'POST' && capture) {
      const orderId = capture[1] ?? '';
      if (this.mode === 'declined' || this.mode === 'not-approved') {
        return send(res, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: this.mode === 'declined' ? 'INSTRUMENT_DECLINED' : 'ORDER_NOT_APPROVED' }],
        });
      }
      const requestId = String(req.headers['paypal-request-id']);
      if (this.mode === 'already-captured' && !this.capturesByRequestId.has(requestId)) {
        return send(res, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'ORDER_ALREADY_CAPTURED' }],
        });
      }
      // A repeated PayPal-Request-Id answers the original capture.
      const captureId = this.capturesByRequestId.get(requestId) ?? `CAPTURE-${++this.captureCounter}`;
      this.capturesByRequestId.set(requestId, captureId);
      const status =
        this.mode === 'pending' ? 'PENDING' : this.mode === 'capture-declined' ? 'DECLINED' : 'COMPLETED';
      this.captureOfOrder.set(orderId, captureId);
      this.captureStatus.set(captureId, status);
      return send(res, 201, {
        id: orderId,
        status: 'COMPLETED',
        purchase_units: [{ payments: { captures: [this.capture(captureId, status)] } }],
      });
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url);
    if (req.method === 'POST' && refund) return this.refund(req, res, body);
    const getCapture = /^\/v2\/payments\/captures\/([^/]+)$/.exec(url);
    if (req.method === 'GET' && getCapture) {
      const status = this.captureStatus.get(getCapture[1] ?? '');
      if (!status) return send(res, 404, { name: 'RESOURCE_NOT_FOUND' });
      return send(res, 200, this.capture(getCapture[1] ?? '', status));
    }
    const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(url);
    if (req.method === 'GET' && get) {
      // The order's own capture once it has one; an order captured elsewhere has an earlier one.
      const captureId = this.captureOfOrder.get(get[1] ?? '') ?? 'CAPTURE-EARLIER';
      const status = this.mode === 'pending' ? 'PENDING' : 'COMPLETED';
      this.captureStatus.set(captureId, status);
      return send(res, 200, {
        id: get[1],
        status: 'COMPLETED',
        purchase_units: [{ payments: { captures: [this.capture(captureId, status)] } }],
      });
    }
    return send(res, 404, { name: 'RESOURCE_NOT_FOUND' });
  }

  /** PayPal's verification: SUCCESS only for a transmission it signed, of these exact bytes, for its webhook. */
  private verify(res: ServerResponse, body: string) {
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return send(res, 400, { name: 'INVALID_REQUEST', details: [{ issue: 'MALFORMED_REQUEST_JSON' }] });
    }
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time'];
    const missing = [...fields, 'webhook_id'].filter((field) => typeof request[field] !== 'string');
    if (missing.length > 0 || typeof request.webhook_event !== 'object' || request.webhook_event === null) {
      return send(res, 400, {
        name: 'VALIDATION_ERROR',
        details: [...missing, 'webhook_event'].map((field) => ({
          field,
          issue: 'MISSING_REQUIRED_PARAMETER',
        })),
      });
    }
    const expected = this.signature(
      String(request.transmission_id),
      String(request.transmission_time),
      this.webhookId,
      JSON.stringify(request.webhook_event),
    );
    const ok =
      request.webhook_id === this.webhookId &&
      request.auth_algo === 'SHA256withRSA' &&
      String(request.cert_url).startsWith(`${this.baseUrl}/v1/notifications/certs/`) &&
      request.transmission_sig === expected;
    return send(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  }

  private refund(req: IncomingMessage, res: ServerResponse, body: string) {
    if (this.mode === 'already-refunded') {
      return send(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] });
    }
    const requestId = String(req.headers['paypal-request-id']);
    const earlier = this.refundsByRequestId.get(requestId);
    if (earlier) return send(res, 201, { id: earlier, status: 'COMPLETED' });
    const { amount } = JSON.parse(body || '{}') as { amount?: { value?: string; currency_code?: string } };
    const [whole = '', fraction = ''] = (amount?.value ?? '').split('.');
    const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    if (amount?.currency_code !== 'USD' || !(cents > 0)) {
      return send(res, 400, { name: 'INVALID_REQUEST', details: [{ issue: 'INVALID_PARAMETER_VALUE' }] });
    }
    if (cents > PAYPAL_CAPTURED_CENTS) {
      return send(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] });
    }
    if (this.mode === 'refund-failed')
      return send(res, 201, { id: 'REFUND-FAILED', status: 'FAILED', amount });
    const made = `REFUND-${this.refundsByRequestId.size + 1}`;
    this.refundsByRequestId.set(requestId, made);
    const captureId = /\/captures\/([^/]+)\/refund$/.exec(req.url ?? '')?.[1] ?? '';
    if (this.captureStatus.has(captureId)) this.captureStatus.set(captureId, 'REFUNDED');
    return send(res, 201, { id: made, status: 'COMPLETED', amount });
  }
}
