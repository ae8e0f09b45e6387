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
  type RefundResult,
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
              // A destination charge: the school's account is paid, the operator's fee kept from it.
              ...(input.payee
                ? {
                    transfer_data: { destination: input.payee.accountId },
                    application_fee_amount: input.payee.platformFeeCents,
                  }
                : {}),
            },
            customer_email: input.buyerEmail,
            client_reference_id: input.referenceId,
            metadata: { reference: input.referenceId },
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
