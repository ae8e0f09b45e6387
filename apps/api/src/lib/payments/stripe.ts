import Stripe from 'stripe';
import {
  type CapturedPayment,
  type CaptureResult,
  type ConnectedAccount,
  type ConnectedAccounts,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrder,
  type ProviderRefund,
  type ProviderSubscription,
  type ProviderSubscriptions,
  type RefundResult,
  type SavedCard,
  type SubscriptionPrice,
  type SubscriptionRenewal,
} from './provider';

export type StripeSettings = {
  secretKey: string;
  /** STRIPE_API_BASE: Stripe's API, or a server speaking its protocol (tests). */
  baseUrl: string;
  /** The app's public address: Checkout sends the buyer back to a path of it. */
  publicUrl: string;
  /** The SDK's own retries of a request that failed on the network or with a 5xx (same idempotency key). */
  maxNetworkRetries?: number;
  /** STRIPE_WEBHOOK_SECRET: the webhook endpoint's signing secret; no webhook is taken without it. */
  webhookSecret?: string | undefined;
};

/** Seconds a webhook's signature is accepted after Stripe made it (the SDK's default: replays of old deliveries fail). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** What a Checkout Session's PaymentIntent is expanded to: its charge, and that charge's balance transaction (the fee). */
const EXPAND_INTENT = ['payment_intent.latest_charge.balance_transaction'];

/** The SDK's error classes, by which a refusal is told from a failure. */
const { StripeCardError, StripeError, StripeInvalidRequestError } = Stripe.errors;

/**
 * Stripe Checkout through the official SDK: an order is a Checkout Session (mode payment, manual capture),
 * the buyer pays on Stripe's hosted page and comes back to the checkout with `?orderId=<session id>`;
 * capturing the order captures the session's PaymentIntent. The PaymentIntent's id is the capture's id,
 * which a refund names. Every POST carries an idempotency key, so a retried call does one thing.
 */
export class StripeProvider implements PaymentProvider, ConnectedAccounts {
  readonly name = 'stripe' as const;
  /** Checkout is Stripe's own page: the browser needs no key. */
  readonly clientId = null;
  readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const base = new URL(settings.baseUrl);
    const protocol = base.protocol === 'http:' ? 'http' : 'https';
    this.stripe = new Stripe(settings.secretKey, {
      host: base.hostname,
      port: Number(base.port || (protocol === 'http' ? 80 : 443)),
      protocol,
      timeout: 30_000,
      maxNetworkRetries: settings.maxNetworkRetries ?? 2,
      telemetry: false,
    });
  }

  /** An SDK call; anything but an answer Stripe gave about the request itself is a provider failure. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof StripeCardError || error instanceof StripeInvalidRequestError) throw error;
      const detail = error instanceof StripeError ? `${error.type} ${error.statusCode ?? ''}` : '';
      throw new PaymentProviderError(`Stripe failed: ${detail} ${(error as Error).message}`.trim());
    }
  }

  /** `path` of this app with `?orderId={CHECKOUT_SESSION_ID}`, which Stripe fills in on the way back. */
  private returnUrl(path: string, withOrderId: boolean): string {
    const url = `${this.settings.publicUrl}${path}`;
    if (!withOrderId) return url;
    return `${url}${path.includes('?') ? '&' : '?'}orderId={CHECKOUT_SESSION_ID}`;
  }

  async createOrder(input: Parameters<PaymentProvider['createOrder']>[0]): Promise<ProviderOrder> {
    const returnPath = input.returnPath ?? '/';
    try {
      // A plan's card is kept on the organisation's customer, for the subscription that renews it.
      const keep = input.keepCardFor;
      const customer = keep ? (keep.customerId ?? (await this.customerFor(keep, input.buyerEmail))) : null;
      const session = await this.call(() =>
        this.stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amountCents,
                  product_data: { name: input.description.slice(0, 250) },
                },
              },
            ],
            payment_intent_data: {
              capture_method: 'manual',
              description: input.description.slice(0, 250),
              metadata: { reference: input.referenceId },
              ...(customer ? { setup_future_usage: 'off_session' as const } : {}),
              // A destination charge: the school's account is paid, the operator's fee kept from it.
              ...(input.payee
                ? {
                    transfer_data: { destination: input.payee.accountId },
                    application_fee_amount: input.payee.platformFeeCents,
                  }
                : {}),
            },
            ...(customer ? { customer } : { customer_email: input.buyerEmail }),
            client_reference_id: input.referenceId,
            metadata: { reference: input.referenceId, ...(customer ? { customer } : {}) },
            success_url: this.returnUrl(returnPath, true),
            cancel_url: this.returnUrl(returnPath, false),
          },
          { idempotencyKey: input.requestId },
        ),
      );
      return { id: session.id, approveUrl: session.url };
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      throw new PaymentProviderError(`Stripe refused the order: ${(error as Error).message}`);
    }
  }

  /** The session with its PaymentIntent, charge and balance transaction; undefined when Stripe has no such session. */
  private async session(orderId: string): Promise<Stripe.Checkout.Session | undefined> {
    try {
      return await this.call(() =>
        this.stripe.checkout.sessions.retrieve(orderId, { expand: EXPAND_INTENT }),
      );
    } catch (error) {
      if (error instanceof StripeInvalidRequestError && error.statusCode === 404) return undefined;
      if (error instanceof PaymentProviderError) throw error;
      throw new PaymentProviderError(`Stripe refused to show the session: ${(error as Error).message}`);
    }
  }

  async captureOrder(orderId: string, requestId: string): Promise<CaptureResult> {
    const session = await this.session(orderId);
    if (!session) return { status: 'DECLINED', reason: 'unknown order', cardDeclined: false };
    const intent = intentOf(session);
    if (intent?.status === 'requires_capture') {
      try {
        const captured = await this.call(() =>
          this.stripe.paymentIntents.capture(
            intent.id,
            { expand: ['latest_charge.balance_transaction'] },
            { idempotencyKey: requestId },
          ),
        );
        return resultOf(captured);
      } catch (error) {
        if (error instanceof StripeCardError) {
          return { status: 'DECLINED', reason: error.code ?? 'card_declined', cardDeclined: true };
        }
        if (!(error instanceof StripeInvalidRequestError)) throw error;
        // Captured (or canceled) meanwhile, by another request: what the session shows now is the answer.
        const now = await this.session(orderId);
        const again = now ? intentOf(now) : undefined;
        if (again && again.status !== 'requires_capture') return resultOf(again);
        throw new PaymentProviderError(`Stripe refused the capture: ${error.message}`);
      }
    }
    if (intent) return resultOf(intent);
    return { status: 'DECLINED', reason: 'not approved by the buyer', cardDeclined: false };
  }

  async checkCapture(orderId: string): Promise<CaptureResult> {
    const session = await this.session(orderId);
    if (!session) return { status: 'DECLINED', reason: 'unknown order', cardDeclined: false };
    const intent = intentOf(session);
    if (!intent) return { status: 'DECLINED', reason: 'not approved by the buyer', cardDeclined: false };
    return resultOf(intent);
  }

  async createAccount(input: { orgId: number; email: string; requestId: string }): Promise<ConnectedAccount> {
    const account = await this.call(() =>
      this.stripe.accounts.create(
        {
          type: 'express',
          email: input.email,
          metadata: { organisation: String(input.orgId) },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        },
        { idempotencyKey: input.requestId },
      ),
    );
    return connectedAccountOf(account);
  }

  async onboardingLink(accountId: string, returnPath: string): Promise<string> {
    const url = this.returnUrl(returnPath, false);
    const link = await this.call(() =>
      this.stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        refresh_url: url,
        return_url: url,
      }),
    );
    return link.url;
  }

  async retrieveAccount(accountId: string): Promise<ConnectedAccount> {
    return connectedAccountOf(await this.call(() => this.stripe.accounts.retrieve(accountId)));
  }

  /** The organisation's customer at Stripe, made once per buyer (the key answers the same one on a retry). */
  private async customerFor(keep: { orgId: number; userId: number }, email: string): Promise<string> {
    const customer = await this.call(() =>
      this.stripe.customers.create(
        {
          email,
          description: `Skillwise organisation ${keep.orgId}`,
          metadata: { organisation: String(keep.orgId) },
        },
        { idempotencyKey: `customer-org-${keep.orgId}-user-${keep.userId}` },
      ),
    );
    return customer.id;
  }

  /** The payment method a paid session's PaymentIntent used, with its customer, when Stripe keeps it. */
  private async paidWith(
    orderId: string,
  ): Promise<{ customerId: string | null; card: SavedCard | null } | undefined> {
    const session = await this.call(() =>
      this.stripe.checkout.sessions.retrieve(orderId, { expand: ['payment_intent.payment_method'] }),
    );
    const intent = intentOf(session);
    if (!intent) return undefined;
    let method = intent.payment_method;
    // Not expanded: asked for on its own.
    if (typeof method === 'string') {
      const id = method;
      method = await this.call(() => this.stripe.paymentMethods.retrieve(id));
    }
    // The customer the session was made for (named in its metadata too).
    const customerId = idOf(session.customer ?? intent.customer) || session.metadata?.customer || null;
    const card = method?.card ? { token: method.id, last4: method.card.last4 } : null;
    return { customerId, card };
  }

  /** The card a plan's session was paid with, kept on its customer (setup_future_usage); null when none. */
  async savedCardOf(orderId: string): Promise<SavedCard | null> {
    const paid = await this.paidWith(orderId);
    return paid?.customerId ? paid.card : null;
  }

  /**
   * Charges a kept card without the buyer (an upgrade's difference): a PaymentIntent confirmed off
   * session on the card's customer; a card refused is a decline, its PaymentIntent the order.
   */
  async chargeSaved(input: Parameters<NonNullable<PaymentProvider['chargeSaved']>>[0]) {
    const method = await this.call(() => this.stripe.paymentMethods.retrieve(input.cardToken));
    const customer = typeof method.customer === 'string' ? method.customer : method.customer?.id;
    try {
      const intent = await this.call(() =>
        this.stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            description: input.description.slice(0, 250),
            payment_method: input.cardToken,
            ...(customer ? { customer } : {}),
            off_session: true,
            confirm: true,
          },
          { idempotencyKey: input.requestId },
        ),
      );
      return { orderId: intent.id, result: resultOf(intent) };
    } catch (error) {
      if (!(error instanceof StripeCardError)) throw error;
      const intentId = error.payment_intent?.id ?? `declined-${input.requestId}`;
      return {
        orderId: intentId,
        result: {
          status: 'DECLINED' as const,
          reason: error.decline_code ?? error.code ?? 'card_declined',
          cardDeclined: true,
        },
      };
    }
  }

  /** Stripe Billing for plans (docs/decisions/027). */
  readonly subscriptions: ProviderSubscriptions = {
    changesPeriod: true,
    start: (input) => this.startSubscription(input),
    setCancelAtPeriodEnd: async (id, cancel) =>
      subscriptionOf(
        await this.call(() => this.stripe.subscriptions.update(id, { cancel_at_period_end: cancel })),
      ),
    changePrice: (id, price, from) => this.changeSubscriptionPrice(id, price, from),
    cancel: async (id) => {
      if ((await this.subscriptions.retrieve(id)).ended) return;
      await this.call(() => this.stripe.subscriptions.cancel(id));
    },
    retrieve: async (id) => {
      try {
        return subscriptionOf(await this.call(() => this.stripe.subscriptions.retrieve(id)));
      } catch (error) {
        // Gone at Stripe: ended.
        if (!(error instanceof StripeInvalidRequestError) || error.statusCode !== 404) throw error;
        const ended = { customerId: '', status: 'canceled', ended: true, cancelAtPeriodEnd: false };
        return { id, ...ended, approved: true, approveUrl: null, orderId: null, currentPeriodEnd: null };
      }
    },
    latestRenewal: async (id) => {
      const subscription = await this.call(() => this.stripe.subscriptions.retrieve(id));
      const invoiceId = idOf(subscription.latest_invoice);
      return invoiceId ? this.renewalOf(invoiceId) : null;
    },
  };

  /** The product of a plan's category, with an id of ours: made once, found afterwards. */
  private async productOf(category: string): Promise<string> {
    const id = `skillwise_plan_${category.replace(/[^A-Za-z0-9_]/g, '_').toLowerCase()}`;
    try {
      return (await this.call(() => this.stripe.products.retrieve(id))).id;
    } catch (error) {
      if (!(error instanceof StripeInvalidRequestError) || error.statusCode !== 404) throw error;
    }
    try {
      return (await this.call(() => this.stripe.products.create({ id, name: `Skillwise ${category} plan` })))
        .id;
    } catch (error) {
      // Made meanwhile by another request.
      if (error instanceof StripeInvalidRequestError && error.code === 'resource_already_exists') return id;
      throw error;
    }
  }

  /** A subscription item's price, from the plan's row in plan_prices (its amount, currency and period). */
  private async priceData(price: SubscriptionPrice) {
    const yearly = price.months % 12 === 0;
    return {
      currency: price.currency.toLowerCase(),
      product: await this.productOf(price.category),
      unit_amount: price.amountCents,
      recurring: {
        interval: yearly ? ('year' as const) : ('month' as const),
        interval_count: yearly ? price.months / 12 : price.months,
      },
    };
  }

  private async startSubscription(input: Parameters<ProviderSubscriptions['start']>[0]) {
    const paid = await this.paidWith(input.orderId);
    if (!paid?.customerId) {
      throw new PaymentProviderError(`Stripe keeps no customer for the order ${input.orderId}`);
    }
    const { customerId, card } = paid;
    const priceData = await this.priceData(input.price);
    const subscription = await this.call(() =>
      this.stripe.subscriptions.create(
        {
          customer: customerId,
          // The card kept at checkout (else the customer's default one).
          ...(card ? { default_payment_method: card.token } : {}),
          items: [{ price_data: priceData }],
          // The period is paid at checkout: the first charge is at its end.
          trial_end: Math.floor(input.startsAt.getTime() / 1000),
          proration_behavior: 'none',
          metadata: { organisation: String(input.orgId), order: input.orderId },
        },
        { idempotencyKey: input.requestId },
      ),
    );
    return { subscriptionId: subscription.id, customerId, card, approveUrl: null };
  }

  private async changeSubscriptionPrice(id: string, price: SubscriptionPrice, from: 'now' | Date) {
    const subscription = await this.call(() => this.stripe.subscriptions.retrieve(id));
    const item = subscription.items.data[0];
    if (!item) throw new PaymentProviderError(`Stripe's subscription ${id} has no item`);
    const priceData = await this.priceData(price);
    await this.call(() =>
      this.stripe.subscriptions.update(id, {
        items: [{ id: item.id, price_data: priceData }],
        proration_behavior: 'none',
        // A later start: nothing is charged until the period's end, then the new price (and period).
        ...(from === 'now' ? {} : { trial_end: Math.floor(from.getTime() / 1000) }),
      }),
    );
  }

  /** The renewal an invoice made (a webhook's invoice event), read back from Stripe. */
  async renewalOf(invoiceId: string): Promise<SubscriptionRenewal> {
    // Its payments (the PaymentIntent) are expanded where Stripe has them; a server without them is asked plainly.
    const invoice = await this.call(() =>
      this.stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }),
    ).catch((error: unknown) => {
      if (!(error instanceof StripeInvalidRequestError) || error.statusCode !== 400) throw error;
      return this.call(() => this.stripe.invoices.retrieve(invoiceId));
    });
    // The subscription and the PaymentIntent where this API version puts them, or where earlier ones did.
    const earlier = invoice as unknown as { subscription?: unknown; payment_intent?: unknown };
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? earlier.subscription);
    const line = invoice.lines?.data[0];
    const payment = invoice.payments?.data.find((p) => p.status === 'paid') ?? invoice.payments?.data[0];
    const intent = payment?.payment.payment_intent ?? earlier.payment_intent;
    const seconds = (value: number | null | undefined) =>
      typeof value === 'number' ? new Date(value * 1000) : null;
    return {
      subscriptionId,
      invoiceId: invoice.id ?? invoiceId,
      // A renewal; a server that names no reason: any invoice with something to pay.
      isCycle:
        invoice.billing_reason === 'subscription_cycle' ||
        ((invoice.billing_reason ?? null) === null && invoice.amount_due > 0),
      paid: invoice.status === 'paid',
      amountCents: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency.toUpperCase(),
      periodStart: seconds(line?.period.start),
      periodEnd: seconds(line?.period.end),
      captureId: idOf(intent) || null,
      attempt: invoice.attempt_count,
      nextAttemptAt: seconds(invoice.next_payment_attempt),
      failureReason: invoice.last_finalization_error?.message ?? null,
    };
  }

  get webhookSecret(): string | undefined {
    return this.settings.webhookSecret;
  }

  /**
   * The event a webhook delivery carries, once its Stripe-Signature is verified against the raw body with
   * the endpoint's secret and a timestamp within the tolerance; throws otherwise.
   */
  verifyEvent(rawBody: Buffer, signature: string): Stripe.Event {
    const secret = this.settings.webhookSecret;
    if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    return this.stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  }

  /** The Checkout Session (our order id) that made a PaymentIntent, if any. */
  async sessionOfIntent(paymentIntentId: string): Promise<string | undefined> {
    const list = await this.call(() =>
      this.stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 }),
    );
    return list.data[0]?.id;
  }

  /** A charge's refunds as Stripe has them now (read from Stripe, never from an event). */
  async chargeRefunds(chargeId: string): Promise<ProviderRefund> {
    const charge = await this.call(() => this.stripe.charges.retrieve(chargeId, { expand: ['refunds'] }));
    const intent = charge.payment_intent;
    return {
      // The order's capture is its PaymentIntent.
      captureId: typeof intent === 'string' ? intent : (intent?.id ?? null),
      amountCents: charge.amount_refunded,
      currency: charge.currency.toUpperCase(),
      refunded: charge.refunded,
      refundId: charge.refunds?.data[0]?.id ?? null,
    };
  }

  async refund(capture: CapturedPayment, requestId: string): Promise<RefundResult> {
    try {
      // A destination charge (a school paid directly) is undone wholly: the school's transfer and the
      // operator's fee are given back with it (docs/decisions/026).
      const intent = await this.call(() => this.stripe.paymentIntents.retrieve(capture.captureId));
      const destination = intent.transfer_data
        ? { reverse_transfer: true, refund_application_fee: true }
        : {};
      const refund = await this.call(() =>
        this.stripe.refunds.create(
          { payment_intent: capture.captureId, amount: capture.amountCents, ...destination },
          { idempotencyKey: requestId },
        ),
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new PaymentProviderError(`Stripe answered the refund ${refund.status}`);
      }
      return { refundId: refund.id };
    } catch (error) {
      // Refunded already (from Stripe's dashboard): nothing is left to give back.
      if (error instanceof StripeInvalidRequestError && error.code === 'charge_already_refunded') {
        return { refundId: null };
      }
      if (error instanceof PaymentProviderError) throw error;
      throw new PaymentProviderError(`Stripe refused the refund: ${(error as Error).message}`);
    }
  }
}

/**
 * A Stripe account as the school's: enabled when it takes charges and payouts; restricted when Stripe
 * disabled it or, details submitted, something is still due; pending otherwise (onboarding unfinished).
 */
export function connectedAccountOf(account: Stripe.Account): ConnectedAccount {
  const chargesEnabled = account.charges_enabled === true;
  const payoutsEnabled = account.payouts_enabled === true;
  const detailsSubmitted = account.details_submitted === true;
  const requirements = account.requirements;
  const due = (requirements?.currently_due?.length ?? 0) + (requirements?.past_due?.length ?? 0);
  const disabled = requirements?.disabled_reason ?? '';
  // A fresh account is disabled for what it has not submitted yet: that is onboarding, not a restriction.
  const refused = disabled.startsWith('rejected') || disabled.startsWith('platform_paused');
  const status =
    chargesEnabled && payoutsEnabled
      ? 'enabled'
      : refused || (detailsSubmitted && (disabled !== '' || due > 0))
        ? 'restricted'
        : 'pending';
  return { accountId: account.id, status, chargesEnabled, payoutsEnabled, detailsSubmitted };
}

/** The id of a reference Stripe answers as an id or as the object, expanded; '' when none. */
function idOf(reference: unknown): string {
  if (typeof reference === 'string') return reference;
  const id = (reference as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? id : '';
}

/** A Stripe subscription as the billing engine reads it. */
function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  // The period's end is on the item in this API version, on the subscription in earlier ones.
  const earlier = subscription as unknown as { current_period_end?: number };
  const end = subscription.items?.data[0]?.current_period_end ?? earlier.current_period_end;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    status: subscription.status,
    ended: subscription.status === 'canceled' || subscription.status === 'incomplete_expired',
    // Stripe's subscriptions charge the kept card: the school agreed at checkout.
    approved: true,
    approveUrl: null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    orderId: subscription.metadata?.order ?? null,
    currentPeriodEnd: typeof end === 'number' ? new Date(end * 1000) : null,
  };
}

/** The session's PaymentIntent, expanded; undefined before the buyer has paid. */
function intentOf(session: Stripe.Checkout.Session): Stripe.PaymentIntent | undefined {
  const intent = session.payment_intent;
  return intent && typeof intent === 'object' ? intent : undefined;
}

/** The fee Stripe took on the intent's charge, from its balance transaction, when expanded. */
function feeOf(intent: Stripe.PaymentIntent): number | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge !== 'object') return null;
  const transaction = charge.balance_transaction;
  return transaction && typeof transaction === 'object' ? transaction.fee : null;
}

/**
 * A PaymentIntent as a capture: succeeded is COMPLETED (the amount Stripe received), processing is
 * PENDING, a card refused (the last payment error) is a card decline, anything else was not paid.
 */
function resultOf(intent: Stripe.PaymentIntent): CaptureResult {
  if (intent.status === 'succeeded' || intent.status === 'processing') {
    return {
      status: intent.status === 'succeeded' ? 'COMPLETED' : 'PENDING',
      captureId: intent.id,
      amountCents: intent.status === 'succeeded' ? intent.amount_received : intent.amount,
      currency: intent.currency.toUpperCase(),
      feeCents: feeOf(intent),
    };
  }
  const error = intent.last_payment_error;
  if (error?.type === 'card_error') {
    return {
      status: 'DECLINED',
      reason: error.decline_code ?? error.code ?? 'card_declined',
      cardDeclined: true,
    };
  }
  const reason = intent.status === 'canceled' ? 'canceled' : 'not approved by the buyer';
  return { status: 'DECLINED', reason, cardDeclined: false };
}
