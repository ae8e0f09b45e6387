import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking Stripe's REST API as the official SDK sends it (form-encoded bodies with
 * nested keys, `Authorization: Bearer <secret key>`, `Idempotency-Key`), for the parts the app uses:
 * Checkout Sessions (create, retrieve with `expand[]`), PaymentIntents (retrieve, capture), Charges with
 * their balance transaction (Stripe's fee), Refunds, Events and Connect's accounts and account links
 * (a hosted onboarding page that completes the account, `?outcome=restricted` leaving it restricted, and
 * sends `account.updated`). It serves the hosted checkout page itself
 * (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined) and delivers webhook events to an endpoint,
 * signed as Stripe signs them. Billing for plans as well: Customers, PaymentMethods (a session paid with
 * `setup_future_usage` keeps its card on the session's customer), Products, Subscriptions (price_data
 * items, trial_end, cancel_at_period_end, cancel), Invoices (retrieve, `expand[]=payments`) and off-session
 * PaymentIntents; `advanceSubscription` moves a subscription to its next period and pays (or fails) its
 * invoice, `retryInvoice` tries a failed one again, each sending the events Stripe sends. Used by the
 * API's tests and the browser journeys.
 */

type Obj = Record<string, unknown> & { id: string; object: string };
type Stored = { status: number; body: unknown; fingerprint: string };

export const STRIPE_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  /** Pays at checkout and is kept, but every later charge of it is declined (Stripe's 4000 0000 0000 0341). */
  declinesLater: '4000000000000341',
} as const;

export type FakeStripeOptions = {
  secretKey: string;
  /** Where events are posted, signed with `secret` (whsec_...). */
  webhook?: { url: string; secret: string } | undefined;
  port?: number;
  /**
   * Milliseconds waited before each new try of an event its endpoint failed (unreachable or 5xx), as
   * Stripe tries a failed delivery again (over days there, seconds here); none to try each event once.
   */
  retryDelaysMs?: number[];
};

/** The fake's waits before trying a failed delivery again: about half a minute in all. */
export const WEBHOOK_RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 16_000];

const rand = (n = 14) =>
  randomBytes(n)
    .toString('base64url')
    .replace(/[-_]/g, 'x')
    .slice(0, n + 8);
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's fee on a card charge: 2.9% + 30 cents. */
export const stripeFeeOf = (amount: number) => Math.round(amount * 0.029) + 30;

/** `a[b][0][c]=v` pairs as nested objects and arrays, as Stripe reads them. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p, i) => p !== '' || i === 0);
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

/** Stripe's signature header for `payload` sent at `timestamp`. */
export function stripeSignature(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, extra: Record<string, unknown> = {}, status = 400) =>
  new StripeApiError(status, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string) =>
  invalid(`No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' }, 404);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class FakeStripe {
  readonly sessions = new Map<string, Obj>();
  readonly intents = new Map<string, Obj>();
  readonly charges = new Map<string, Obj>();
  readonly transactions = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  readonly disputes = new Map<string, Obj>();
  /** Connected accounts (Stripe Connect) and the onboarding links made for them. */
  readonly accounts = new Map<string, Obj>();
  readonly accountLinks = new Map<string, Obj>();
  readonly customers = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();
  readonly products = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly events: Obj[] = [];
  /** Every API request, as received. */
  readonly requests: {
    method: string;
    path: string;
    body: Record<string, unknown>;
    idempotencyKey?: string;
  }[] = [];
  /** Every webhook delivery: the event and the endpoint's answer (0: unreachable). */
  readonly deliveries: { eventId: string; type: string; status: number }[] = [];
  /** The next this many API requests answer 500 api_error. */
  failNext = 0;
  /** Events are posted to the webhook endpoint while true. */
  deliverEvents = true;
  private readonly idempotent = new Map<string, Stored>();
  private readonly pendingDeliveries = new Set<Promise<void>>();
  private server: Server | undefined;
  baseUrl = '';

  constructor(private readonly options: FakeStripeOptions) {}

  set webhook(value: FakeStripeOptions['webhook']) {
    this.options.webhook = value;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(this.options.port ?? 0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    await this.settled();
    await new Promise<void>((resolve) => {
      if (!this.server) return resolve();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  /** Waits for the webhook deliveries under way. */
  async settled(): Promise<void> {
    while (this.pendingDeliveries.size > 0) await Promise.all([...this.pendingDeliveries]);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const text = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    try {
      if (url.pathname.startsWith('/checkout/pay/')) return this.page(method, url, text, res);
      if (url.pathname.startsWith('/connect/onboard/')) return this.onboardingPage(url, res);
      if (url.pathname === '/test/subscriptions/advance') return this.advanceControl(text, res);
      const body = parseStripeForm(method === 'GET' ? url.search.slice(1) : text);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      this.requests.push({ method, path: url.pathname, body, ...(idempotencyKey ? { idempotencyKey } : {}) });
      if (req.headers.authorization !== `Bearer ${this.options.secretKey}`) {
        throw new StripeApiError(401, {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided.',
        });
      }
      if (this.failNext > 0) {
        this.failNext -= 1;
        throw new StripeApiError(500, { type: 'api_error', message: 'Something went wrong on our end.' });
      }
      if (method === 'POST' && idempotencyKey) {
        const fingerprint = `${url.pathname} ${text}`;
        const seen = this.idempotent.get(idempotencyKey);
        if (seen) {
          if (seen.fingerprint !== fingerprint) {
            throw new StripeApiError(400, {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            });
          }
          return this.send(res, seen.status, seen.body, { 'idempotent-replayed': 'true' });
        }
        const answer = this.answer(method, url.pathname, body);
        this.idempotent.set(idempotencyKey, { status: 200, body: answer, fingerprint });
        return this.send(res, 200, answer);
      }
      return this.send(res, 200, this.answer(method, url.pathname, body));
    } catch (error) {
      if (error instanceof StripeApiError) return this.send(res, error.status, { error: error.body });
      return this.send(res, 500, { error: { type: 'api_error', message: (error as Error).message } });
    }
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${rand()}`, ...headers });
    res.end(JSON.stringify(body));
  }

  /** The API's routes: method, path pattern, and what it answers (before `expand[]`). */
  private readonly routes: [string, RegExp, (id: string, body: Record<string, unknown>) => unknown][] = [
    ['POST', /^\/v1\/checkout\/sessions$/, (_id, body) => this.createSession(body)],
    ['GET', /^\/v1\/checkout\/sessions$/, (_id, body) => this.listSessions(body)],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (id) => this.find(this.sessions, 'checkout.session', id)],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, (id) => this.find(this.intents, 'payment_intent', id)],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/capture$/,
      (id, body) => this.capture(this.find(this.intents, 'payment_intent', id), body),
    ],
    ['POST', /^\/v1\/accounts$/, (_id, body) => this.createAccount(body)],
    ['GET', /^\/v1\/accounts\/([^/]+)$/, (id) => this.find(this.accounts, 'account', id)],
    ['POST', /^\/v1\/account_links$/, (_id, body) => this.createAccountLink(body)],
    ['GET', /^\/v1\/charges\/([^/]+)$/, (id) => this.find(this.charges, 'charge', id)],
    ['POST', /^\/v1\/customers$/, (_id, body) => this.createCustomer(body)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (id) => this.find(this.customers, 'customer', id)],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, (id) => this.find(this.paymentMethods, 'payment_method', id)],
    ['POST', /^\/v1\/payment_intents$/, (_id, body) => this.chargeOffSession(body)],
    ['POST', /^\/v1\/products$/, (_id, body) => this.createProduct(body)],
    ['GET', /^\/v1\/products\/([^/]+)$/, (id) => this.find(this.products, 'product', id)],
    ['POST', /^\/v1\/subscriptions$/, (_id, body) => this.createSubscription(body)],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (id) => this.find(this.subscriptions, 'subscription', id)],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (id, body) => this.updateSubscription(this.find(this.subscriptions, 'subscription', id), body),
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (id) => this.cancelSubscription(this.find(this.subscriptions, 'subscription', id)),
    ],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, (id) => this.find(this.invoices, 'invoice', id)],
    ['POST', /^\/v1\/refunds$/, (_id, body) => this.refund(body)],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, (id) => this.find(this.refunds, 'refund', id)],
    [
      'GET',
      /^\/v1\/events\/([^/]+)$/,
      (id) => {
        const event = this.events.find((e) => e.id === id);
        if (!event) throw missing('event', id);
        return event;
      },
    ],
  ];

  private answer(method: string, path: string, body: Record<string, unknown>): unknown {
    const expand = (body.expand as string[] | undefined) ?? [];
    for (const [routeMethod, pattern, handler] of this.routes) {
      const match = pattern.exec(path);
      if (routeMethod !== method || !match) continue;
      const answer = handler(decodeURIComponent(match[1] ?? ''), body) as Obj;
      return answer.object === 'list' ? answer : this.expand(answer, expand);
    }
    throw invalid(`Unrecognized request URL (${method}: ${path}).`, {}, 404);
  }

  private listSessions(body: Record<string, unknown>) {
    const data = [...this.sessions.values()]
      .filter((s) => body.payment_intent === undefined || s.payment_intent === body.payment_intent)
      .reverse()
      .slice(0, Number(body.limit ?? 10));
    return { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' };
  }

  private find(map: Map<string, Obj>, kind: string, id = ''): Obj {
    const found = map.get(id);
    if (!found) throw missing(kind, id);
    return found;
  }

  /** A copy of `object` with the ids at the dotted `paths` replaced by the objects they name. */
  private expand(object: Obj, paths: string[]): Obj {
    const copy = structuredClone(object);
    for (const path of paths) {
      let nodes: Record<string, unknown>[] = [copy];
      for (const key of path.split('.')) {
        const next: Record<string, unknown>[] = [];
        for (const node of nodes) {
          if (key === 'payments' && node.object === 'invoice') {
            node.payments = this.invoicePayments(node);
            continue;
          }
          if (key === 'refunds' && node.object === 'charge') {
            const data = [...this.refunds.values()].filter((r) => r.charge === node.id).reverse();
            node.refunds = { object: 'list', data, has_more: false, url: `/v1/charges/${node.id}/refunds` };
            continue;
          }
          const value = node[key];
          const resolved = typeof value === 'string' ? this.byId(value) : value;
          if (resolved && typeof resolved === 'object') {
            const clone = typeof value === 'string' ? structuredClone(resolved) : resolved;
            node[key] = clone;
            next.push(clone as Record<string, unknown>);
          }
        }
        nodes = next;
      }
    }
    return copy;
  }

  private byId(id: string): Obj | undefined {
    for (const map of [
      this.intents,
      this.charges,
      this.transactions,
      this.refunds,
      this.sessions,
      this.paymentMethods,
      this.customers,
    ]) {
      const found = map.get(id);
      if (found) return found;
    }
    return undefined;
  }

  private createSession(body: Record<string, unknown>): Obj {
    if (body.mode !== 'payment') throw invalid('This fake takes mode=payment only.', { param: 'mode' });
    const items = body.line_items as
      | { quantity?: string; price_data?: Record<string, unknown> }[]
      | undefined;
    const item = items?.[0];
    const price = item?.price_data;
    if (!item || !price)
      throw invalid('Missing required param: line_items.', {
        code: 'parameter_missing',
        param: 'line_items',
      });
    const amount = Number(price.unit_amount) * Number(item.quantity ?? 1);
    if (!Number.isInteger(amount) || amount < 50) {
      throw invalid("The Checkout Session's total amount due must add up to at least $0.50 usd", {
        param: 'line_items',
      });
    }
    for (const param of ['success_url', 'cancel_url'] as const) {
      if (typeof body[param] !== 'string' || !/^https?:\/\//.test(body[param] as string)) {
        throw invalid(`Not a valid URL`, { code: 'url_invalid', param });
      }
    }
    const id = `cs_test_${rand(40)}`;
    const session: Obj = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      amount_subtotal: amount,
      currency: String(price.currency),
      description: (price.product_data as { name?: string } | undefined)?.name ?? null,
      customer:
        typeof body.customer === 'string' ? this.find(this.customers, 'customer', body.customer).id : null,
      customer_email: body.customer_email ?? null,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      payment_intent_data: body.payment_intent_data ?? {},
      payment_intent: null,
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      url: `${this.baseUrl}/checkout/pay/${id}`,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
    };
    this.sessions.set(id, session);
    return session;
  }

  /**
   * The buyer pays on the hosted page: a PaymentIntent is made for the session and authorised (manual
   * capture: requires_capture), or refused (declined card: requires_payment_method with the error).
   */
  pay(sessionId: string, cardNumber: string): { paid: boolean; redirect: string } {
    const session = this.find(this.sessions, 'checkout.session', sessionId);
    if (session.status !== 'open') throw invalid('This Checkout Session is no longer active.');
    const data = session.payment_intent_data as {
      capture_method?: string;
      metadata?: unknown;
      description?: string;
      transfer_data?: { destination?: string };
      application_fee_amount?: string;
      setup_future_usage?: string;
    };
    const card = cardNumber.replace(/\D/g, '');
    const declined = card === STRIPE_TEST_CARDS.declined;
    if (!declined && card !== STRIPE_TEST_CARDS.success && card !== STRIPE_TEST_CARDS.declinesLater) {
      throw invalid('Your card number is incorrect.', { code: 'incorrect_number' }, 402);
    }
    const amount = session.amount_total as number;
    const manual = data.capture_method === 'manual';
    // The card as a PaymentMethod, kept on the session's customer when asked (setup_future_usage).
    const keep = !declined && typeof session.customer === 'string' && data.setup_future_usage !== undefined;
    const method = this.paymentMethod(card, keep ? String(session.customer) : null);
    let intent =
      typeof session.payment_intent === 'string' ? this.intents.get(session.payment_intent) : undefined;
    if (!intent) {
      intent = this.newIntent({
        amount,
        currency: session.currency,
        capture_method: manual ? 'manual' : 'automatic',
        description: data.description ?? null,
        metadata: data.metadata ?? {},
        receipt_email: session.customer_email,
        customer: session.customer ?? null,
        setup_future_usage: data.setup_future_usage ?? null,
        // A destination charge: the connected account paid into, and the platform's fee kept from it.
        transfer_data: data.transfer_data?.destination
          ? { destination: data.transfer_data.destination }
          : null,
        application_fee_amount:
          data.application_fee_amount === undefined ? null : Number(data.application_fee_amount),
      });
      session.payment_intent = intent.id;
    }
    const charge = this.chargeOf(intent, amount, card.slice(-4), declined);
    intent.payment_method = method.id;
    if (declined) {
      intent.status = 'requires_payment_method';
      this.emit('payment_intent.payment_failed', intent);
      return { paid: false, redirect: '' };
    }
    intent.last_payment_error = null;
    session.status = 'complete';
    if (manual) {
      intent.status = 'requires_capture';
      intent.amount_capturable = amount;
    } else {
      this.settleCharge(intent, charge, amount);
      session.payment_status = 'paid';
    }
    this.emit('checkout.session.completed', session);
    if (manual) this.emit('payment_intent.amount_capturable_updated', intent);
    else this.emit('payment_intent.succeeded', intent);
    const redirect = String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
    return { paid: true, redirect };
  }

  /** A card as a PaymentMethod, attached to `customer` when given (its number is never kept: brand and last four). */
  private paymentMethod(card: string, customer: string | null): Obj {
    const method: Obj = {
      id: `pm_${rand(20)}`,
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: card.slice(-4), exp_month: 12, exp_year: 2034, funding: 'credit' },
      customer,
      billing_details: { email: null, name: null },
      metadata: {},
      created: now(),
      livemode: false,
    };
    this.paymentMethods.set(method.id, method);
    // The number's behaviour, kept apart from the object the API shows.
    this.declinesLater.set(method.id, card === STRIPE_TEST_CARDS.declinesLater);
    return method;
  }

  private readonly declinesLater = new Map<string, boolean>();

  /** POST /v1/customers */
  private createCustomer(body: Record<string, unknown>): Obj {
    const customer: Obj = {
      id: `cus_${rand(14)}`,
      object: 'customer',
      email: body.email ?? null,
      name: body.name ?? null,
      description: body.description ?? null,
      metadata: body.metadata ?? {},
      invoice_settings: { default_payment_method: null },
      created: now(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** POST /v1/products, with an id of the caller's when given (taken: resource_already_exists). */
  private createProduct(body: Record<string, unknown>): Obj {
    if (typeof body.name !== 'string' || body.name === '') {
      throw invalid('Missing required param: name.', { code: 'parameter_missing', param: 'name' });
    }
    const id = typeof body.id === 'string' ? body.id : `prod_${rand(14)}`;
    if (this.products.has(id)) {
      throw invalid('Product already exists.', { code: 'resource_already_exists', param: 'id' });
    }
    const product: Obj = {
      id,
      object: 'product',
      name: body.name,
      active: true,
      metadata: body.metadata ?? {},
      created: now(),
      livemode: false,
    };
    this.products.set(id, product);
    return product;
  }

  /** A price from an item's `price_data` (product, unit_amount, currency, recurring), as Stripe makes one. */
  private priceOf(data: Record<string, unknown> | undefined, param: string): Obj {
    const recurring = data?.recurring as { interval?: string; interval_count?: string } | undefined;
    if (!data || typeof data.product !== 'string' || !recurring?.interval) {
      throw invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
    }
    this.find(this.products, 'product', data.product);
    const amount = Number(data.unit_amount);
    if (!Number.isInteger(amount) || amount < 0)
      throw invalid('Invalid integer', { param: `${param}[unit_amount]` });
    if (!['day', 'week', 'month', 'year'].includes(recurring.interval)) {
      throw invalid('Invalid interval', { param: `${param}[recurring][interval]` });
    }
    return {
      id: `price_${rand(14)}`,
      object: 'price',
      active: false,
      currency: String(data.currency),
      product: data.product,
      type: 'recurring',
      unit_amount: amount,
      recurring: {
        interval: recurring.interval,
        interval_count: Number(recurring.interval_count ?? 1),
        usage_type: 'licensed',
      },
      created: now(),
      livemode: false,
    };
  }

  /** The end of one interval of `price` after `start` (seconds), months clamped to the month's last day. */
  private periodEnd(price: Obj, start: number): number {
    const { interval, interval_count: count } = price.recurring as {
      interval: string;
      interval_count: number;
    };
    const date = new Date(start * 1000);
    if (interval === 'day' || interval === 'week') {
      return start + count * (interval === 'day' ? 1 : 7) * 86_400;
    }
    const months = interval === 'year' ? count * 12 : count;
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + months);
    const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, last));
    return Math.floor(date.getTime() / 1000);
  }

  /** POST /v1/subscriptions: one item; a trial_end starts it trialing (a $0 invoice), else it charges now. */
  private createSubscription(body: Record<string, unknown>): Obj {
    const customer = this.find(this.customers, 'customer', String(body.customer ?? ''));
    const items = body.items as { price_data?: Record<string, unknown>; quantity?: string }[] | undefined;
    if (!items?.[0] || items.length !== 1) {
      throw invalid('This fake takes exactly one item.', { param: 'items' });
    }
    const price = this.priceOf(items[0].price_data, 'items[0][price_data]');
    const method = typeof body.default_payment_method === 'string' ? body.default_payment_method : null;
    if (method) {
      const found = this.find(this.paymentMethods, 'payment_method', method);
      if (found.customer !== customer.id) {
        throw invalid(`The payment method ${method} does not belong to the customer ${customer.id}.`, {
          param: 'default_payment_method',
        });
      }
    }
    const start = now();
    const trialEnd = body.trial_end === undefined ? null : Number(body.trial_end);
    if (trialEnd !== null && (!Number.isInteger(trialEnd) || trialEnd <= start)) {
      throw invalid('Invalid timestamp: must be an integer Unix timestamp in the future.', {
        param: 'trial_end',
      });
    }
    if (trialEnd !== null && trialEnd > start + 730 * 86_400) {
      throw invalid('Trial end can be at most two years from now.', { param: 'trial_end' });
    }
    const id = `sub_${rand(20)}`;
    const periodEnd = trialEnd ?? this.periodEnd(price, start);
    const subscription: Obj = {
      id,
      object: 'subscription',
      customer: customer.id,
      status: trialEnd ? 'trialing' : 'active',
      currency: price.currency,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      default_payment_method: method,
      billing_cycle_anchor: periodEnd,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      start_date: start,
      metadata: body.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: `si_${rand(14)}`,
            object: 'subscription_item',
            subscription: id,
            price,
            quantity: Number(items[0].quantity ?? 1),
            current_period_start: start,
            current_period_end: periodEnd,
            created: start,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      created: start,
      livemode: false,
    };
    this.subscriptions.set(id, subscription);
    this.emit('customer.subscription.created', subscription);
    const invoice = this.invoice(
      subscription,
      'subscription_create',
      trialEnd ? 0 : (price.unit_amount as number),
      {
        start,
        end: periodEnd,
      },
    );
    this.collect(invoice, subscription);
    return subscription;
  }

  /** POST /v1/subscriptions/:id: cancel_at_period_end, the item's price (price_data), trial_end. */
  private updateSubscription(subscription: Obj, body: Record<string, unknown>): Obj {
    if (subscription.status === 'canceled') {
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const previous: Record<string, unknown> = {};
    if (body.cancel_at_period_end !== undefined) {
      const cancel = body.cancel_at_period_end === 'true';
      if (cancel !== subscription.cancel_at_period_end) {
        previous.cancel_at_period_end = subscription.cancel_at_period_end;
        previous.cancel_at = subscription.cancel_at;
        subscription.cancel_at_period_end = cancel;
        subscription.cancel_at = cancel ? this.itemOf(subscription).current_period_end : null;
        subscription.canceled_at = cancel ? now() : null;
      }
    }
    const items = body.items as { id?: string; price_data?: Record<string, unknown> }[] | undefined;
    if (items?.[0]) {
      const item = this.itemOf(subscription);
      if (items[0].id !== item.id) throw missing('subscription_item', String(items[0].id));
      previous.items = structuredClone(subscription.items);
      item.price = this.priceOf(items[0].price_data, 'items[0][price_data]');
    }
    if (body.trial_end !== undefined) {
      const trialEnd = Number(body.trial_end);
      if (!Number.isInteger(trialEnd) || trialEnd <= now()) {
        throw invalid('Invalid timestamp: must be an integer Unix timestamp in the future.', {
          param: 'trial_end',
        });
      }
      previous.trial_end = subscription.trial_end;
      previous.status = subscription.status;
      Object.assign(subscription, {
        trial_end: trialEnd,
        status: 'trialing',
        billing_cycle_anchor: trialEnd,
      });
      this.itemOf(subscription).current_period_end = trialEnd;
    }
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  /** DELETE /v1/subscriptions/:id: ends it now. */
  private cancelSubscription(subscription: Obj): Obj {
    if (subscription.status === 'canceled') {
      throw invalid(`No such subscription: '${subscription.id}'`, { code: 'resource_missing' }, 404);
    }
    Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
    this.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  private itemOf(subscription: Obj): Record<string, unknown> & { id: string; price: Obj } {
    const item = (subscription.items as { data: (Record<string, unknown> & { id: string; price: Obj })[] })
      .data[0];
    if (!item) throw invalid('The subscription has no item.');
    return item;
  }

  /** A finalized invoice of the subscription for one period. */
  private invoice(subscription: Obj, reason: string, amount: number, period: { start: number; end: number }) {
    const item = this.itemOf(subscription);
    const invoice: Obj = {
      id: `in_${rand(20)}`,
      object: 'invoice',
      customer: subscription.customer,
      status: 'open',
      billing_reason: reason,
      collection_method: 'charge_automatically',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      currency: subscription.currency,
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null,
      last_finalization_error: null,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: `il_${rand(20)}`,
            object: 'line_item',
            amount,
            currency: subscription.currency,
            description: `1 × ${String(this.products.get(String(item.price.product))?.name ?? 'plan')}`,
            period,
            pricing: {
              type: 'price_details',
              price_details: { price: item.price.id, product: item.price.product },
            },
            quantity: 1,
          },
        ],
        has_more: false,
        url: '/v1/invoices/lines',
      },
      period_start: period.start,
      period_end: period.end,
      created: now(),
      livemode: false,
    };
    this.invoices.set(invoice.id, invoice);
    this.invoiceIntents.set(invoice.id, []);
    subscription.latest_invoice = invoice.id;
    this.emit('invoice.created', invoice);
    this.emit('invoice.finalized', invoice);
    return invoice;
  }

  private readonly invoiceIntents = new Map<string, string[]>();

  /** An invoice's payments, as `expand[]=payments` shows them. */
  private invoicePayments(invoice: Record<string, unknown>) {
    const data = (this.invoiceIntents.get(String(invoice.id)) ?? []).map((intentId) => {
      const intent = this.intents.get(intentId);
      return {
        id: `inpay_${intentId.slice(3)}`,
        object: 'invoice_payment',
        invoice: invoice.id,
        amount_paid: intent?.status === 'succeeded' ? intent.amount : null,
        amount_requested: intent?.amount,
        currency: intent?.currency,
        is_default: true,
        status: intent?.status === 'succeeded' ? 'paid' : 'open',
        payment: { type: 'payment_intent', payment_intent: intentId },
        created: intent?.created,
        livemode: false,
      };
    });
    return {
      object: 'list',
      data,
      has_more: false,
      url: `/v1/invoice_payments?invoice=${String(invoice.id)}`,
    };
  }

  /**
   * Charges an invoice with the subscription's card: paid (invoice.paid, invoice.payment_succeeded), or
   * declined (invoice.payment_failed, the subscription past_due) when `decline` or the card declines later.
   */
  private collect(invoice: Obj, subscription: Obj, decline = false): boolean {
    const amount = invoice.amount_due as number;
    const method = subscription.default_payment_method as string | null;
    if (amount > 0) {
      const refused = decline || !method || this.declinesLater.get(method) === true;
      const intent = this.offSessionIntent({
        amount,
        currency: String(invoice.currency),
        customer: String(subscription.customer),
        method,
        description: 'Subscription update',
        refused,
      });
      this.invoiceIntents.get(invoice.id)?.push(intent.id);
      invoice.attempt_count = (invoice.attempt_count as number) + 1;
      invoice.attempted = true;
      if (refused) {
        const previous = { status: subscription.status };
        invoice.next_payment_attempt = now() + 3 * 86_400;
        subscription.status = 'past_due';
        this.emit('invoice.payment_failed', invoice);
        if (previous.status !== 'past_due')
          this.emit('customer.subscription.updated', subscription, previous);
        return false;
      }
    }
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: amount,
      amount_remaining: 0,
      next_payment_attempt: null,
    });
    this.emit('invoice.paid', invoice);
    this.emit('invoice.payment_succeeded', invoice);
    if (subscription.status === 'past_due') {
      subscription.status = 'active';
      this.emit('customer.subscription.updated', subscription, { status: 'past_due' });
    }
    return true;
  }

  /** A PaymentIntent confirmed off session with a kept card: succeeded with its charge, or declined. */
  private offSessionIntent(input: {
    amount: number;
    currency: string;
    customer: string | null;
    method: string | null;
    description: string | null;
    refused: boolean;
  }): Obj {
    const intent = this.newIntent({
      amount: input.amount,
      currency: input.currency,
      capture_method: 'automatic',
      customer: input.customer,
      description: input.description,
      metadata: {},
      payment_method: input.method,
      transfer_data: null,
      application_fee_amount: null,
    });
    const last4 = input.method
      ? ((this.paymentMethods.get(input.method)?.card as { last4?: string } | undefined)?.last4 ?? '')
      : '';
    const charge = this.chargeOf(intent, input.amount, last4, input.refused);
    if (input.refused) {
      this.emit('payment_intent.payment_failed', intent);
      return intent;
    }
    this.settleCharge(intent, charge, input.amount);
    this.emit('payment_intent.succeeded', intent);
    return intent;
  }

  /** POST /v1/payment_intents with confirm and off_session: a kept card charged now; declined: a card_error (402). */
  private chargeOffSession(body: Record<string, unknown>): Obj {
    if (body.confirm !== 'true') throw invalid('This fake takes confirm=true only.', { param: 'confirm' });
    const method = this.find(this.paymentMethods, 'payment_method', String(body.payment_method ?? ''));
    const customer = typeof body.customer === 'string' ? body.customer : null;
    if (method.customer && method.customer !== customer) {
      throw invalid('The provided PaymentMethod belongs to another Customer.', { param: 'payment_method' });
    }
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      throw invalid('Amount must be at least $0.50 usd', { param: 'amount', code: 'amount_too_small' });
    }
    const intent = this.offSessionIntent({
      amount,
      currency: String(body.currency),
      customer,
      method: method.id,
      description: typeof body.description === 'string' ? body.description : null,
      refused: this.declinesLater.get(method.id) === true,
    });
    if (intent.status !== 'succeeded') {
      throw new StripeApiError(402, {
        ...(intent.last_payment_error as Record<string, unknown>),
        payment_intent: intent,
      });
    }
    return intent;
  }

  /**
   * Stripe's clock for a test: the subscription reaches the end of its period. Cancelled at the period's
   * end, it ends (customer.subscription.deleted); otherwise its next period starts and its invoice is
   * charged (`decline`: refused, as its card may be), as Stripe's renewal does. Answers the invoice.
   */
  advanceSubscription(subscriptionId: string, options: { decline?: boolean } = {}): Obj | undefined {
    const subscription = this.find(this.subscriptions, 'subscription', subscriptionId);
    if (subscription.status === 'canceled') throw invalid('This subscription is canceled.');
    if (subscription.cancel_at_period_end) {
      this.cancelSubscription(subscription);
      return undefined;
    }
    const item = this.itemOf(subscription);
    const start = item.current_period_end as number;
    const end = this.periodEnd(item.price, start);
    const previous = { status: subscription.status, items: structuredClone(subscription.items) };
    Object.assign(item, { current_period_start: start, current_period_end: end });
    Object.assign(subscription, {
      status: 'active',
      trial_end: subscription.trial_end,
      billing_cycle_anchor: start,
    });
    this.emit('customer.subscription.updated', subscription, previous);
    const invoice = this.invoice(subscription, 'subscription_cycle', item.price.unit_amount as number, {
      start,
      end,
    });
    this.collect(invoice, subscription, options.decline === true);
    return invoice;
  }

  /**
   * POST /test/subscriptions/advance (the fake's own, for the browser journeys, which run it in another
   * process): `email=<customer's e-mail>[&decline=true]` advances the newest live subscription of the
   * customers with that e-mail, as `advanceSubscription`. Answers its invoice (404 when there is none).
   */
  private advanceControl(text: string, res: ServerResponse) {
    const form = new URLSearchParams(text);
    const customers = new Set(
      [...this.customers.values()].filter((c) => c.email === form.get('email')).map((c) => c.id),
    );
    const subscription = [...this.subscriptions.values()]
      .reverse()
      .find((s) => customers.has(String(s.customer)) && s.status !== 'canceled');
    if (!subscription) return this.send(res, 404, { error: { message: 'No live subscription.' } });
    const invoice = this.advanceSubscription(subscription.id, { decline: form.get('decline') === 'true' });
    return this.send(res, 200, invoice ?? { subscription: subscription.id, status: 'canceled' });
  }

  /** Stripe's retry of a failed invoice (Smart Retries), paying or failing again. */
  retryInvoice(invoiceId: string, options: { decline?: boolean } = {}): boolean {
    const invoice = this.find(this.invoices, 'invoice', invoiceId);
    if (invoice.status !== 'open') throw invalid('This invoice is not open.');
    const parent = invoice.parent as { subscription_details: { subscription: string } };
    const subscription = this.find(
      this.subscriptions,
      'subscription',
      parent.subscription_details.subscription,
    );
    return this.collect(invoice, subscription, options.decline === true);
  }

  /** A subscription cancelled in Stripe's dashboard, now. */
  cancelFromDashboard(subscriptionId: string): Obj {
    return this.cancelSubscription(this.find(this.subscriptions, 'subscription', subscriptionId));
  }

  /** A PaymentIntent awaiting its payment method, with `fields`. */
  private newIntent(fields: Record<string, unknown>): Obj {
    const intent: Obj = {
      id: `pi_${rand(20)}`,
      object: 'payment_intent',
      amount_capturable: 0,
      amount_received: 0,
      status: 'requires_payment_method',
      latest_charge: null,
      last_payment_error: null,
      created: now(),
      livemode: false,
      ...fields,
    };
    this.intents.set(intent.id, intent);
    return intent;
  }

  /** The intent's charge of `amount` with a card ending in `last4`, authorised or declined (the intent's error). */
  private chargeOf(intent: Obj, amount: number, last4: string, declined: boolean): Obj {
    const charge: Obj = {
      id: `ch_${rand(20)}`,
      object: 'charge',
      amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      refunded: false,
      paid: !declined,
      status: declined ? 'failed' : 'succeeded',
      currency: intent.currency,
      payment_intent: intent.id,
      balance_transaction: null,
      failure_code: declined ? 'card_declined' : null,
      payment_method_details: { type: 'card', card: { brand: 'visa', last4 } },
      created: now(),
      livemode: false,
    };
    this.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    intent.last_payment_error = declined
      ? {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
          charge: charge.id,
        }
      : null;
    return charge;
  }

  /** The charge captured: its balance transaction carries Stripe's fee. */
  private settleCharge(intent: Obj, charge: Obj, amount: number) {
    const fee = stripeFeeOf(amount);
    const transaction: Obj = {
      id: `txn_${rand(20)}`,
      object: 'balance_transaction',
      amount,
      currency: charge.currency,
      fee,
      fee_details: [
        { amount: fee, currency: charge.currency, type: 'stripe_fee', description: 'Stripe processing fees' },
      ],
      net: amount - fee,
      source: charge.id,
      status: 'pending',
      type: 'charge',
      created: now(),
    };
    this.transactions.set(transaction.id, transaction);
    Object.assign(charge, { captured: true, amount_captured: amount, balance_transaction: transaction.id });
    Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
  }

  private capture(intent: Obj, body: Record<string, unknown>): Obj {
    if (intent.status !== 'requires_capture') {
      throw invalid(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    }
    const capturable = intent.amount_capturable as number;
    const amount = body.amount_to_capture === undefined ? capturable : Number(body.amount_to_capture);
    if (!(amount > 0 && amount <= capturable)) {
      throw invalid('amount_to_capture must be at most the amount capturable.', {
        param: 'amount_to_capture',
      });
    }
    const charge = this.find(this.charges, 'charge', intent.latest_charge as string);
    this.settleCharge(intent, charge, amount);
    this.emit('payment_intent.succeeded', intent);
    this.emit('charge.captured', charge);
    return intent;
  }

  private refund(body: Record<string, unknown>): Obj {
    let charge: Obj | undefined;
    if (typeof body.payment_intent === 'string') {
      const intent = this.find(this.intents, 'payment_intent', body.payment_intent);
      charge = this.charges.get(intent.latest_charge as string);
      if (!charge?.captured) {
        throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
          code: 'charge_not_refundable',
        });
      }
    } else if (typeof body.charge === 'string') {
      charge = this.find(this.charges, 'charge', body.charge);
    } else {
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
        {
          code: 'parameter_missing',
        },
      );
    }
    const reverse = body.reverse_transfer === 'true';
    const intent = this.intents.get(String(charge.payment_intent));
    if (reverse && !intent?.transfer_data) {
      throw invalid('You cannot reverse the transfer of a charge that has no transfer.', {
        param: 'reverse_transfer',
      });
    }
    const refund = this.refundCharge(
      charge,
      body.amount === undefined ? undefined : Number(body.amount),
      body.metadata,
    );
    // A destination charge's refund: the transfer to the connected account and the fee given back.
    if (reverse) refund.transfer_reversal = `trr_${rand(20)}`;
    return refund;
  }

  private refundCharge(charge: Obj, requested: number | undefined, metadata: unknown = {}): Obj {
    const left = (charge.amount_captured as number) - (charge.amount_refunded as number);
    if (left <= 0) {
      throw invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    const amount = requested ?? left;
    if (!(Number.isInteger(amount) && amount > 0 && amount <= left)) {
      throw invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        { param: 'amount' },
      );
    }
    const refund: Obj = {
      id: `re_${rand(20)}`,
      object: 'refund',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      reason: null,
      metadata: metadata ?? {},
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    const refunded = (charge.amount_refunded as number) + amount;
    Object.assign(charge, { amount_refunded: refunded, refunded: refunded === charge.amount_captured });
    this.emit('charge.refunded', charge);
    this.emit('refund.created', refund);
    return refund;
  }

  /** A refund made in Stripe's dashboard (not through the API): the whole charge of the intent. */
  refundFromDashboard(paymentIntentId: string, amount?: number): Obj {
    const intent = this.find(this.intents, 'payment_intent', paymentIntentId);
    return this.refundCharge(this.find(this.charges, 'charge', intent.latest_charge as string), amount);
  }

  /** The buyer's bank disputes the intent's charge. */
  dispute(paymentIntentId: string): Obj {
    const intent = this.find(this.intents, 'payment_intent', paymentIntentId);
    const charge = this.find(this.charges, 'charge', intent.latest_charge as string);
    const dispute: Obj = {
      id: `dp_${rand(20)}`,
      object: 'dispute',
      amount: charge.amount_captured,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intent.id,
      reason: 'fraudulent',
      status: 'needs_response',
      created: now(),
    };
    this.disputes.set(dispute.id, dispute);
    this.emit('charge.dispute.created', dispute);
    return dispute;
  }

  /** POST /v1/accounts: a connected account, not onboarded yet (nothing submitted, nothing enabled). */
  private createAccount(body: Record<string, unknown>): Obj {
    const type = body.type ?? 'express';
    if (!['express', 'standard', 'custom'].includes(String(type))) {
      throw invalid(`Invalid type: must be one of express, standard, or custom`, { param: 'type' });
    }
    const id = `acct_${rand(16)}`;
    const account: Obj = {
      id,
      object: 'account',
      type,
      country: body.country ?? 'US',
      email: body.email ?? null,
      metadata: body.metadata ?? {},
      capabilities: body.capabilities ?? {},
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      requirements: {
        currently_due: ['external_account', 'tos_acceptance.date'],
        eventually_due: [],
        past_due: [],
        disabled_reason: 'requirements.past_due',
      },
      created: now(),
    };
    this.accounts.set(id, account);
    return account;
  }

  /** POST /v1/account_links: a one-time onboarding page of the fake for the account. */
  private createAccountLink(body: Record<string, unknown>): Record<string, unknown> {
    const account = this.find(this.accounts, 'account', String(body.account ?? ''));
    if (body.type !== 'account_onboarding' && body.type !== 'account_update') {
      throw invalid('Invalid type: must be account_onboarding or account_update', { param: 'type' });
    }
    for (const param of ['refresh_url', 'return_url'] as const) {
      if (typeof body[param] !== 'string' || !/^https?:\/\//.test(body[param] as string)) {
        throw invalid('Not a valid URL', { code: 'url_invalid', param });
      }
    }
    const key = rand(24);
    const link: Obj = {
      id: key,
      object: 'account_link',
      account: account.id,
      created: now(),
      expires_at: now() + 300,
      url: `${this.baseUrl}/connect/onboard/${key}`,
      return_url: body.return_url,
      refresh_url: body.refresh_url,
    };
    this.accountLinks.set(key, link);
    return { object: 'account_link', created: link.created, expires_at: link.expires_at, url: link.url };
  }

  /**
   * The school finishes onboarding: `enabled` (charges and payouts on, nothing due) or `restricted`
   * (details submitted, a document still due, charges off). Sends `account.updated`.
   */
  completeOnboarding(accountId: string, outcome: 'enabled' | 'restricted' = 'enabled'): Obj {
    const account = this.find(this.accounts, 'account', accountId);
    const enabled = outcome === 'enabled';
    Object.assign(account, {
      details_submitted: true,
      charges_enabled: enabled,
      payouts_enabled: enabled,
      requirements: {
        currently_due: enabled ? [] : ['individual.verification.document'],
        eventually_due: [],
        past_due: enabled ? [] : ['individual.verification.document'],
        disabled_reason: enabled ? null : 'requirements.past_due',
      },
    });
    this.emit('account.updated', account);
    return account;
  }

  /**
   * The hosted onboarding page: GET /connect/onboard/<key>[?outcome=restricted] completes the account's
   * onboarding and redirects to the link's return_url; a link is used once (then to its refresh_url).
   */
  private onboardingPage(url: URL, res: ServerResponse) {
    const key = decodeURIComponent(url.pathname.slice('/connect/onboard/'.length));
    const link = this.accountLinks.get(key);
    if (!link) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>Not found</title><p>This onboarding link does not exist.</p>');
    }
    if (link.used) {
      res.writeHead(303, { location: String(link.refresh_url) });
      return res.end();
    }
    link.used = true;
    const outcome = url.searchParams.get('outcome') === 'restricted' ? 'restricted' : 'enabled';
    this.completeOnboarding(String(link.account), outcome);
    res.writeHead(303, { location: String(link.return_url) });
    res.end();
  }

  /** Records an event and posts it to the webhook endpoint (when one is set and delivery is on). */
  emit(type: string, object: Obj, previousAttributes?: Record<string, unknown>): Obj {
    const event: Obj = {
      id: `evt_${rand(20)}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      type,
      data: {
        object: structuredClone(object),
        ...(previousAttributes ? { previous_attributes: structuredClone(previousAttributes) } : {}),
      },
      livemode: false,
      pending_webhooks: this.options.webhook ? 1 : 0,
      request: { id: null, idempotency_key: null },
    };
    this.events.push(event);
    if (this.deliverEvents) this.track(this.deliverUntilTaken(event));
    return event;
  }

  /** Delivers an event, and again after each wait while the endpoint fails it (unreachable or 5xx). */
  private async deliverUntilTaken(event: Obj): Promise<void> {
    const delays = this.options.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
    for (let attempt = 0; ; attempt += 1) {
      const status = await this.deliver(event);
      if ((status !== 0 && status < 500) || attempt >= delays.length) return;
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }

  /** Keeps a delivery under way until it ends, for `settled`. */
  private track(delivery: Promise<void>): void {
    this.pendingDeliveries.add(delivery);
    void delivery.finally(() => this.pendingDeliveries.delete(delivery));
  }

  /** Posts an event (again: Stripe may deliver one more than once) to the webhook endpoint, signed. */
  deliver(event: Obj, signWith?: string): Promise<number> {
    const webhook = this.options.webhook;
    if (!webhook) return Promise.resolve(0);
    const payload = JSON.stringify(event, null, 2);
    let status = 0;
    const delivery = fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': stripeSignature(payload, signWith ?? webhook.secret),
      },
      body: payload,
    })
      .then(async (res) => {
        status = res.status;
        await res.arrayBuffer();
      })
      .catch(() => undefined)
      .then(() => {
        this.deliveries.push({ eventId: event.id, type: String(event.type), status });
      });
    this.track(delivery);
    return delivery.then(() => status);
  }

  /** The hosted checkout page: GET shows the card form, POST pays and redirects to success_url. */
  private page(method: string, url: URL, text: string, res: ServerResponse) {
    const id = decodeURIComponent(url.pathname.slice('/checkout/pay/'.length));
    const session = this.sessions.get(id);
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>Not found</title><p>This checkout session does not exist.</p>');
    }
    let error = '';
    if (method === 'POST') {
      const form = new URLSearchParams(text);
      try {
        const paid = this.pay(id, form.get('cardNumber') ?? '');
        if (paid.paid) {
          res.writeHead(303, { location: paid.redirect });
          return res.end();
        }
        error = 'Your card was declined. Please try another card.';
      } catch (e) {
        error = e instanceof StripeApiError ? String(e.body.message) : 'Something went wrong.';
      }
    } else if (session.status !== 'open') {
      error = 'This checkout session is complete.';
    }
    const amount = `${((session.amount_total as number) / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`;
    res.writeHead(error && method === 'POST' ? 402 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pay ${escapeHtml(amount)} (test checkout)</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1a1f36}
label{display:block;margin:.8rem 0 .3rem;font-size:.9rem}input{width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1.2rem;width:100%;padding:.8rem;font-size:1rem;background:#635bff;color:#fff;border:0;border-radius:6px}
.error{color:#df1b41}</style></head>
<body><h1>Test checkout</h1>
<p>${escapeHtml(String(session.description ?? ''))}</p>
<p><strong>Total: ${escapeHtml(amount)}</strong></p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post">
<label for="email">Email</label><input id="email" name="email" value="${escapeHtml(String(session.customer_email ?? ''))}" readonly>
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242">
<label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" placeholder="12 / 34">
<label for="cvc">CVC</label><input id="cvc" name="cvc" placeholder="123">
<button type="submit">Pay</button>
</form>
<p><a href="${escapeHtml(String(session.cancel_url))}">Cancel and go back</a></p>
</body></html>`);
  }
}
