import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server answering as PayPal's REST API does, for the parts the app uses: OAuth client
 * credentials, Orders v2 (create, capture, get) with PayPal-Request-Id replayed, captures (get, refund),
 * the webhook verification call (POST /v1/notifications/verify-webhook-signature), and Subscriptions
 * (catalog products, billing plans, subscriptions with their approval page, suspend, activate, cancel,
 * price override, transactions, v1 sales), with switchable failures. A capture is of its order's amount
 * (49.99 USD for an order it did not make). It makes webhook events as PayPal sends them and "signs" their
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
const noContent = (res: ServerResponse) => {
  res.writeHead(204);
  res.end();
};
const invalid = (res: ServerResponse, status: number, issue: string, field?: string) =>
  send(res, status, {
    name: status === 422 ? 'UNPROCESSABLE_ENTITY' : 'INVALID_REQUEST',
    details: [{ issue, ...(field ? { field } : {}) }],
  });

type Money = { currency_code: string; value: string };
/** A subscription as this PayPal keeps it. */
export type FakePayPalSubscription = {
  id: string;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  plan_id: string;
  start_time: string;
  custom_id?: string;
  price: Money;
  interval: { unit: 'MONTH' | 'YEAR'; count: number };
  next_billing_time: string;
  cycles_completed: number;
  failed_payments_count: number;
  last_payment?: { amount: Money; time: string };
  last_failed_payment?: { amount: Money; time: string; reason_code: string; next_payment_retry_time: string };
  transactions: {
    id: string;
    status: string;
    amount_with_breakdown: { gross_amount: Money };
    time: string;
  }[];
  approveToken: string;
  returnUrl: string;
  payerId?: string;
};
type FakePlan = {
  id: string;
  product_id: string;
  name: string;
  status: string;
  price: Money;
  interval: { unit: 'MONTH' | 'YEAR'; count: number };
};
/** The field a price override replaces (PATCH of a subscription). */
const PRICE_PATH = '/plan/billing_cycles/@sequence==1/pricing_scheme/fixed_price';
const addInterval = (iso: string, interval: FakePlan['interval']) => {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + interval.count * (interval.unit === 'YEAR' ? 12 : 1));
  return date.toISOString();
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
  /** Each order's amount as it was created. */
  readonly amountOfOrder = new Map<string, { currency_code: string; value: string }>();
  readonly products = new Map<string, { id: string; name: string }>();
  readonly plans = new Map<string, FakePlan>();
  readonly subscriptions = new Map<string, FakePayPalSubscription>();
  readonly sales = new Map<string, Record<string, unknown>>();
  /** Plans and subscriptions made, by PayPal-Request-Id: a repeated id answers the one made first. */
  private readonly madeByRequestId = new Map<string, string>();
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

  /** The app's settings that point it at this PayPal, its webhook registered (createTestContext's overrides). */
  get appSettings() {
    return {
      PAYPAL_CLIENT_ID: this.clientId,
      PAYPAL_CLIENT_SECRET: this.clientSecret,
      PAYPAL_API_BASE: this.baseUrl,
      PAYPAL_WEBHOOK_ID: this.webhookId,
    };
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

  private capture(captureId: string, status: string, amount = AMOUNT) {
    return {
      id: captureId,
      status,
      amount,
      // PayPal reports its fee once the money is ours, not on a capture it holds.
      ...(status === 'PENDING' ? {} : FEE_BREAKDOWN),
    };
  }

  private answer(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = req.url ?? '';
    this.seen.push({ method: req.method ?? '', url, headers: req.headers, body });
    // PayPal's own pages, where the buyer approves a subscription: no API token there.
    if (url.startsWith('/webapps/billing/subscriptions')) return this.approvalPage(req, res, url, body);
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
      const amount = parsed.purchase_units?.[0]?.amount;
      if (amount?.value && amount.currency_code) this.amountOfOrder.set(id, amount);
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
        purchase_units: [
          { payments: { captures: [this.capture(captureId, status, this.amountOfOrder.get(orderId))] } },
        ],
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
      const amount = this.amountOfOrder.get(get[1] ?? '');
      return send(res, 200, {
        id: get[1],
        status: 'COMPLETED',
        purchase_units: [{ payments: { captures: [this.capture(captureId, status, amount)] } }],
      });
    }
    if (
      url.startsWith('/v1/catalogs/') ||
      url.startsWith('/v1/billing/') ||
      url.startsWith('/v1/payments/')
    ) {
      return this.billing(req, res, url, body);
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

  // --- Subscriptions.

  /** A subscription as PayPal answers it (GET /v1/billing/subscriptions/{id}). */
  subscriptionBody(subscription: FakePayPalSubscription) {
    const links = [
      { rel: 'self', href: `${this.baseUrl}/v1/billing/subscriptions/${subscription.id}`, method: 'GET' },
      ...(subscription.status === 'APPROVAL_PENDING'
        ? [
            {
              rel: 'approve',
              href: `${this.baseUrl}/webapps/billing/subscriptions?ba_token=${subscription.approveToken}`,
              method: 'GET',
            },
          ]
        : []),
    ];
    const live = subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED';
    return {
      id: subscription.id,
      status: subscription.status,
      plan_id: subscription.plan_id,
      start_time: subscription.start_time,
      ...(subscription.custom_id ? { custom_id: subscription.custom_id } : {}),
      plan_overridden: true,
      ...(subscription.payerId ? { subscriber: { payer_id: subscription.payerId } } : {}),
      ...(live
        ? {
            billing_info: {
              outstanding_balance: { currency_code: subscription.price.currency_code, value: '0.00' },
              cycle_executions: [
                {
                  tenure_type: 'REGULAR',
                  sequence: 1,
                  cycles_completed: subscription.cycles_completed,
                  cycles_remaining: 0,
                  total_cycles: 0,
                },
              ],
              ...(subscription.last_payment ? { last_payment: subscription.last_payment } : {}),
              ...(subscription.status === 'ACTIVE'
                ? { next_billing_time: subscription.next_billing_time }
                : {}),
              failed_payments_count: subscription.failed_payments_count,
              ...(subscription.last_failed_payment
                ? { last_failed_payment: subscription.last_failed_payment }
                : {}),
            },
          }
        : {}),
      links,
    };
  }

  /** The buyer approves the subscription on PayPal's page: it is active, and PayPal sends its event. */
  approve(subscriptionId: string): PayPalWebhookEvent {
    const subscription = this.subscriptionNamed(subscriptionId);
    if (subscription.status !== 'APPROVAL_PENDING')
      throw new Error(`${subscriptionId} is ${subscription.status}`);
    subscription.status = 'ACTIVE';
    subscription.payerId = `PAYER${subscription.id.slice(2)}`;
    return this.event('BILLING.SUBSCRIPTION.ACTIVATED', 'subscription', this.subscriptionBody(subscription));
  }

  /**
   * The subscription's next billing, as PayPal makes it when its time comes: paid (a sale, the next
   * billing a period later: PAYMENT.SALE.COMPLETED) or, with `decline`, failed
   * (BILLING.SUBSCRIPTION.PAYMENT.FAILED, retried 5 days later). The event PayPal sends is answered.
   */
  bill(subscriptionId: string, options: { decline?: boolean } = {}): PayPalWebhookEvent {
    const subscription = this.subscriptionNamed(subscriptionId);
    if (subscription.status !== 'ACTIVE') throw new Error(`${subscriptionId} is ${subscription.status}`);
    const time = subscription.next_billing_time;
    const amount = { ...subscription.price };
    const transactionId = `${options.decline ? 'DECLINED' : 'SALE'}-${++this.captureCounter}`;
    if (options.decline) {
      subscription.failed_payments_count += 1;
      subscription.last_failed_payment = {
        amount,
        time,
        reason_code: 'PAYMENT_DENIED',
        next_payment_retry_time: new Date(Date.parse(time) + 5 * 86_400_000).toISOString(),
      };
      subscription.transactions.push({
        id: transactionId,
        status: 'DECLINED',
        amount_with_breakdown: { gross_amount: amount },
        time,
      });
      return this.event(
        'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
        'subscription',
        this.subscriptionBody(subscription),
      );
    }
    subscription.cycles_completed += 1;
    subscription.failed_payments_count = 0;
    subscription.last_payment = { amount, time };
    subscription.next_billing_time = addInterval(time, subscription.interval);
    subscription.transactions.push({
      id: transactionId,
      status: 'COMPLETED',
      amount_with_breakdown: { gross_amount: amount },
      time,
    });
    const sale = {
      id: transactionId,
      state: 'completed',
      amount: { total: amount.value, currency: amount.currency_code },
      billing_agreement_id: subscription.id,
      create_time: time,
      update_time: time,
    };
    this.sales.set(transactionId, sale);
    return this.event('PAYMENT.SALE.COMPLETED', 'sale', sale);
  }

  /** The subscription changed in PayPal's own dashboard (cancelled there, say), and the event PayPal sends. */
  changeFromDashboard(subscriptionId: string, status: FakePayPalSubscription['status']): PayPalWebhookEvent {
    const subscription = this.subscriptionNamed(subscriptionId);
    subscription.status = status;
    const type = status === 'ACTIVE' ? 'ACTIVATED' : status;
    return this.event(`BILLING.SUBSCRIPTION.${type}`, 'subscription', this.subscriptionBody(subscription));
  }

  private subscriptionNamed(id: string): FakePayPalSubscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    return subscription;
  }

  /** PayPal's approval page of a subscription (GET), and its approve button (POST): back to the return URL. */
  private approvalPage(req: IncomingMessage, res: ServerResponse, url: string, body: string) {
    const query = new URL(url, this.baseUrl).searchParams;
    const token = req.method === 'POST' ? new URLSearchParams(body).get('ba_token') : query.get('ba_token');
    const subscription = [...this.subscriptions.values()].find((s) => s.approveToken === token);
    if (!subscription) return send(res, 404, { name: 'RESOURCE_NOT_FOUND' });
    if (req.method === 'POST') {
      if (subscription.status === 'APPROVAL_PENDING') this.approve(subscription.id);
      const back = new URL(subscription.returnUrl);
      back.searchParams.set('subscription_id', subscription.id);
      back.searchParams.set('ba_token', subscription.approveToken);
      back.searchParams.set('token', `EC-${subscription.approveToken.slice(3)}`);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(
      `<!doctype html><html lang="en"><head><title>PayPal: approve your subscription</title></head><body>` +
        `<h1>Approve your subscription</h1><p>${subscription.price.value} ${subscription.price.currency_code} ` +
        `every ${subscription.interval.count} ${subscription.interval.unit.toLowerCase()}, from ${subscription.start_time}</p>` +
        `<form method="post" action="/webapps/billing/subscriptions/approve">` +
        `<input type="hidden" name="ba_token" value="${subscription.approveToken}">` +
        `<button type="submit">Agree and subscribe</button></form></body></html>`,
    );
  }

  /** Catalog products, billing plans, subscriptions and sales (PayPal's v1 APIs). */
  private billing(req: IncomingMessage, res: ServerResponse, url: string, body: string) {
    const method = req.method ?? '';
    const { pathname, searchParams } = new URL(url, this.baseUrl);
    const requestId = req.headers['paypal-request-id'];
    const replayed =
      typeof requestId === 'string' ? this.madeByRequestId.get(`${pathname} ${requestId}`) : undefined;
    const remember = (id: string) => {
      if (typeof requestId === 'string') this.madeByRequestId.set(`${pathname} ${requestId}`, id);
    };
    // biome-ignore lint/suspicious/noExplicitAny: a request body, each field checked where it is read
    let parsed: Record<string, any> = {};
    if (body) {
      try {
        parsed = JSON.parse(body);
      } catch {
        return invalid(res, 400, 'MALFORMED_REQUEST_JSON');
      }
    }
    const product = /^\/v1\/catalogs\/products\/([^/]+)$/.exec(pathname);
    if (method === 'GET' && product) {
      const found = this.products.get(product[1] ?? '');
      return found ? send(res, 200, found) : send(res, 404, { name: 'RESOURCE_NOT_FOUND' });
    }
    if (method === 'POST' && pathname === '/v1/catalogs/products') {
      if (typeof parsed.name !== 'string' || typeof parsed.type !== 'string') {
        return invalid(
          res,
          400,
          'MISSING_REQUIRED_PARAMETER',
          typeof parsed.name !== 'string' ? 'name' : 'type',
        );
      }
      const id = typeof parsed.id === 'string' ? parsed.id : `PROD-${++this.orderCounter}`;
      if (this.products.has(id)) return invalid(res, 400, 'DUPLICATE_RESOURCE_IDENTIFIER', 'id');
      this.products.set(id, { id, name: parsed.name });
      return send(res, 201, this.products.get(id));
    }
    if (method === 'GET' && pathname === '/v1/billing/plans') {
      const size = Math.min(20, Number(searchParams.get('page_size') ?? 10));
      const page = Math.max(1, Number(searchParams.get('page') ?? 1));
      const all = [...this.plans.values()].filter(
        (p) => !searchParams.get('product_id') || p.product_id === searchParams.get('product_id'),
      );
      const plans = all
        .slice((page - 1) * size, page * size)
        .map(({ id, product_id, name, status }) => ({ id, product_id, name, status }));
      return send(res, 200, { plans });
    }
    if (method === 'POST' && pathname === '/v1/billing/plans') {
      if (replayed) return send(res, 201, this.plans.get(replayed));
      const cycle = parsed.billing_cycles?.[0];
      const price = cycle?.pricing_scheme?.fixed_price;
      const unit = cycle?.frequency?.interval_unit;
      if (!this.products.has(parsed.product_id)) return invalid(res, 422, 'INVALID_PRODUCT_ID', 'product_id');
      if (
        typeof parsed.name !== 'string' ||
        !price?.value ||
        !price.currency_code ||
        (unit !== 'MONTH' && unit !== 'YEAR') ||
        !(cycle.frequency.interval_count >= 1) ||
        cycle.tenure_type !== 'REGULAR'
      ) {
        return invalid(res, 400, 'INVALID_PARAMETER_VALUE', 'billing_cycles');
      }
      const plan: FakePlan = {
        id: `P-${++this.orderCounter}${randomBytes(8).toString('hex').toUpperCase()}`,
        product_id: parsed.product_id,
        name: parsed.name,
        status: parsed.status ?? 'ACTIVE',
        price: { currency_code: price.currency_code, value: price.value },
        interval: { unit, count: cycle.frequency.interval_count },
      };
      this.plans.set(plan.id, plan);
      remember(plan.id);
      return send(res, 201, plan);
    }
    if (method === 'POST' && pathname === '/v1/billing/subscriptions') {
      if (replayed) return send(res, 201, this.subscriptionBody(this.subscriptionNamed(replayed)));
      const plan = this.plans.get(parsed.plan_id);
      if (plan?.status !== 'ACTIVE') return invalid(res, 422, 'INVALID_PLAN_ID', 'plan_id');
      const start = typeof parsed.start_time === 'string' ? Date.parse(parsed.start_time) : Date.now();
      if (!Number.isFinite(start) || start < Date.now() - 60_000) {
        return invalid(res, 400, 'INVALID_PARAMETER_VALUE', 'start_time');
      }
      const returnUrl = parsed.application_context?.return_url;
      if (typeof returnUrl !== 'string') return invalid(res, 400, 'MISSING_REQUIRED_PARAMETER', 'return_url');
      const id = `I-${randomBytes(6).toString('hex').toUpperCase()}`;
      const startTime = new Date(start).toISOString();
      const subscription: FakePayPalSubscription = {
        id,
        status: 'APPROVAL_PENDING',
        plan_id: plan.id,
        start_time: startTime,
        ...(typeof parsed.custom_id === 'string' ? { custom_id: parsed.custom_id } : {}),
        price: { ...plan.price },
        interval: plan.interval,
        next_billing_time: startTime,
        cycles_completed: 0,
        failed_payments_count: 0,
        transactions: [],
        approveToken: `BA-${randomBytes(8).toString('hex').toUpperCase()}`,
        returnUrl,
      };
      this.subscriptions.set(id, subscription);
      remember(id);
      return send(res, 201, this.subscriptionBody(subscription));
    }
    const sub = /^\/v1\/billing\/subscriptions\/([^/]+)(?:\/([a-z]+))?$/.exec(pathname);
    const subscription = sub ? this.subscriptions.get(sub[1] ?? '') : undefined;
    if (sub && !subscription) return send(res, 404, { name: 'RESOURCE_NOT_FOUND' });
    if (sub && subscription) {
      const action = sub[2];
      if (method === 'GET' && !action) return send(res, 200, this.subscriptionBody(subscription));
      if (method === 'GET' && action === 'transactions') {
        const from = Date.parse(searchParams.get('start_time') ?? '');
        const to = Date.parse(searchParams.get('end_time') ?? '');
        if (!Number.isFinite(from) || !Number.isFinite(to)) {
          return invalid(res, 400, 'MISSING_REQUIRED_PARAMETER', 'start_time');
        }
        const transactions = subscription.transactions.filter(
          (t) => Date.parse(t.time) >= from && Date.parse(t.time) <= to,
        );
        return send(res, 200, { transactions });
      }
      const moves: Record<string, [FakePayPalSubscription['status'][], FakePayPalSubscription['status']]> = {
        suspend: [['ACTIVE'], 'SUSPENDED'],
        activate: [['SUSPENDED'], 'ACTIVE'],
        // PayPal refuses to cancel one never approved (it lapses by itself).
        cancel: [['ACTIVE', 'SUSPENDED'], 'CANCELLED'],
      };
      const move = action ? moves[action] : undefined;
      if (method === 'POST' && move) {
        if (typeof parsed.reason !== 'string')
          return invalid(res, 400, 'MISSING_REQUIRED_PARAMETER', 'reason');
        if (!move[0].includes(subscription.status)) return invalid(res, 422, 'SUBSCRIPTION_STATUS_INVALID');
        subscription.status = move[1];
        return noContent(res);
      }
      if (method === 'PATCH' && !action) {
        const ops: (typeof parsed)[] = Array.isArray(parsed) ? parsed : [];
        const op = ops[0];
        if (ops.length !== 1 || op?.op !== 'replace' || op.path !== PRICE_PATH || !op.value?.value) {
          return invalid(res, 422, 'PATCH_PATH_NOT_SUPPORTED');
        }
        if (op.value.currency_code !== subscription.price.currency_code) {
          return invalid(res, 422, 'CURRENCY_MISMATCH');
        }
        if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED') {
          return invalid(res, 422, 'SUBSCRIPTION_STATUS_INVALID');
        }
        subscription.price = { currency_code: op.value.currency_code, value: op.value.value };
        return noContent(res);
      }
    }
    const sale = /^\/v1\/payments\/sale\/([^/]+)$/.exec(pathname);
    if (method === 'GET' && sale) {
      const found = this.sales.get(sale[1] ?? '');
      return found ? send(res, 200, found) : send(res, 404, { name: 'RESOURCE_NOT_FOUND' });
    }
    return send(res, 404, { name: 'RESOURCE_NOT_FOUND' });
  }
}
