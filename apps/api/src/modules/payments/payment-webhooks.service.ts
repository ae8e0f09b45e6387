import { MSG } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { revokeEnrolment } from '../../db/queries/enrolments';
import { AppError, notFound } from '../../lib/errors';
import { PAYPAL_WEBHOOK_HEADERS, PayPalProvider, type PayPalTransmission } from '../../lib/payments/paypal';
import { StripeProvider } from '../../lib/payments/stripe';
import { type OrderCapture, ReplayedEvent } from './order-capture';
import type { OrderRefunds } from './order-refunds';
import type { PaymentProviders } from './payment-providers';
import {
  findOrderByCaptureId,
  findOrderByProviderId,
  isPaymentEventRecorded,
  type OrderRow,
  type PaymentEvent,
  recordPaymentEvent,
} from './payments.repository';
import type { PaymentDeps } from './payments.service';

/** The parts of a PayPal webhook event read here (its resource's amounts never are). */
type PayPalEvent = {
  id?: unknown;
  event_type?: unknown;
  resource?: {
    id?: unknown;
    links?: { rel?: string; href?: string }[];
    supplementary_data?: { related_ids?: { order_id?: string } };
    dispute_id?: unknown;
    disputed_transactions?: { seller_transaction_id?: string }[];
  };
};

/** PayPal's events about a plan's subscription: its sales (renewals), failed payments and changes. */
const PAYPAL_SUBSCRIPTION_EVENTS = new Set([
  'PAYMENT.SALE.COMPLETED',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'BILLING.SUBSCRIPTION.RE-ACTIVATED',
  'BILLING.SUBSCRIPTION.UPDATED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.EXPIRED',
]);

/**
 * The payment providers' webhooks (decision 023): each event verified, taken once (payment_events,
 * recorded in the transaction of its effect) and read back from its provider, never from its own amounts.
 */
export class PaymentWebhooks {
  constructor(
    private readonly deps: PaymentDeps,
    private readonly providers: PaymentProviders,
    private readonly capture: OrderCapture,
    private readonly refunds: OrderRefunds,
  ) {}

  /**
   * POST payments/webhooks/stripe: an event Stripe signed, taken once (payment_events, recorded in the
   * transaction of its effect). Amounts are never read from the event: a paid Checkout Session is
   * captured through the same claim as the browser's return (a buyer who closed the tab is enrolled
   * once), a refund is read back from Stripe. A forged or stale signature is refused (400).
   */
  async stripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
    const { db, log } = this.deps;
    const stripe = this.providers.get('stripe');
    if (!(stripe instanceof StripeProvider) || !stripe.webhookSecret) throw notFound('Webhook');
    let verified: ReturnType<StripeProvider['verifyEvent']>;
    try {
      verified = stripe.verifyEvent(rawBody, signature ?? '');
    } catch (error) {
      log.warn({ err: error }, 'a Stripe webhook with a bad signature was refused');
      throw new AppError('VALIDATION', 'stripe-signature: does not match the payload', [
        { field: 'stripe-signature', message: 'does not match the payload' },
      ]);
    }
    const event: PaymentEvent = { provider: 'stripe', eventId: verified.id, type: verified.type };
    if (await isPaymentEventRecorded(db, event)) return { received: true };
    const object = verified.data.object as { id?: string; object?: string; payment_intent?: unknown };
    if (verified.type === 'checkout.session.completed' && object.object === 'checkout.session' && object.id) {
      await this.settleFromWebhook(event, await findOrderByProviderId(db, 'stripe', object.id), object.id);
    } else if (
      verified.type === 'payment_intent.amount_capturable_updated' &&
      object.object === 'payment_intent' &&
      object.id
    ) {
      const intentId = object.id;
      const sessionId = await this.providers.call(() => stripe.sessionOfIntent(intentId));
      const order = sessionId ? await findOrderByProviderId(db, 'stripe', sessionId) : undefined;
      await this.settleFromWebhook(event, order, sessionId ?? intentId);
    } else if (verified.type === 'charge.refunded' && object.object === 'charge' && object.id) {
      const chargeId = object.id;
      await this.refunds.refundedAtProvider(
        event,
        await this.providers.call(() => stripe.chargeRefunds(chargeId)),
      );
    } else if (
      verified.type === 'account.updated' &&
      object.object === 'account' &&
      object.id &&
      this.deps.payoutAccounts
    ) {
      // The account read back from Stripe, recorded with the event in one transaction: taken once.
      const accountId = object.id;
      const accounts = this.deps.payoutAccounts;
      const account = await this.providers.call(() => stripe.retrieveAccount(accountId));
      await db.transaction(async (tx) => {
        if (await recordPaymentEvent(tx, event)) await accounts.stripeAccountUpdated(tx, account);
      });
    } else if (
      (verified.type === 'invoice.paid' ||
        verified.type === 'invoice.payment_succeeded' ||
        verified.type === 'invoice.payment_failed') &&
      object.object === 'invoice' &&
      object.id &&
      this.deps.billing
    ) {
      // A plan's renewal by its Stripe subscription, read back from Stripe (docs/decisions/027).
      const invoiceId = object.id;
      const renewal = await this.providers.call(() => stripe.renewalOf(invoiceId));
      await this.deps.billing.events.subscriptionRenewal(renewal, (tx) => recordPaymentEvent(tx, event));
    } else if (
      (verified.type === 'customer.subscription.updated' ||
        verified.type === 'customer.subscription.deleted') &&
      object.object === 'subscription' &&
      object.id &&
      this.deps.billing
    ) {
      const subscriptionId = object.id;
      const subscription = await this.providers.call(() => stripe.subscriptions.retrieve(subscriptionId));
      await this.deps.billing.events.subscriptionChanged(subscription, (tx) => recordPaymentEvent(tx, event));
    } else if (verified.type === 'charge.dispute.created') {
      const intentId = typeof object.payment_intent === 'string' ? object.payment_intent : undefined;
      await this.disputed(event, intentId, object.id);
    } else {
      await recordPaymentEvent(db, event);
    }
    return { received: true };
  }

  /**
   * POST payments/webhooks/paypal: an event PayPal vouches for (its verify-webhook-signature call, with
   * PAYPAL_WEBHOOK_ID), taken once (payment_events, recorded in the transaction of its effect). Amounts
   * are never read from the event: an approved order is captured through the same claim as the buyer's
   * return (a buyer who approved and closed the tab is enrolled once), a completed capture settles a
   * pending one, a refund or reversal is read back from PayPal. Unverified: 400; PayPal unreachable: 502.
   */
  async paypalWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ received: true }> {
    const { db, log } = this.deps;
    const paypal = this.providers.get('paypal');
    if (!(paypal instanceof PayPalProvider) || !paypal.webhookId) throw notFound('Webhook');
    const missing = Object.values(PAYPAL_WEBHOOK_HEADERS).filter((name) => typeof headers[name] !== 'string');
    if (missing.length > 0) {
      throw new AppError(
        'VALIDATION',
        `${missing.join(', ')}: required`,
        missing.map((field) => ({ field, message: 'required' })),
      );
    }
    const transmission = Object.fromEntries(
      Object.entries(PAYPAL_WEBHOOK_HEADERS).map(([key, name]) => [key, String(headers[name])]),
    ) as PayPalTransmission;
    const raw = rawBody.toString('utf8');
    let parsed: PayPalEvent | undefined;
    try {
      parsed = JSON.parse(raw) as PayPalEvent;
    } catch {
      parsed = undefined;
    }
    const verified = parsed && (await this.providers.call(() => paypal.verifyWebhook(transmission, raw)));
    if (!parsed || !verified || typeof parsed.id !== 'string' || typeof parsed.event_type !== 'string') {
      log.warn(
        { transmissionId: transmission.transmission_id },
        'a PayPal webhook PayPal did not verify was refused',
      );
      throw new AppError('VALIDATION', 'paypal-transmission-sig: PayPal did not verify this delivery', [
        { field: 'paypal-transmission-sig', message: 'PayPal did not verify this delivery' },
      ]);
    }
    const event: PaymentEvent = { provider: 'paypal', eventId: parsed.id, type: parsed.event_type };
    if (await isPaymentEventRecorded(db, event)) return { received: true };
    const resource = parsed.resource ?? {};
    const id = typeof resource.id === 'string' ? resource.id : undefined;
    if (event.type === 'CHECKOUT.ORDER.APPROVED' && id) {
      await this.settleFromWebhook(event, await findOrderByProviderId(db, 'paypal', id), id);
    } else if (event.type === 'PAYMENT.CAPTURE.COMPLETED' && id) {
      const orderId = resource.supplementary_data?.related_ids?.order_id;
      const order =
        (await findOrderByCaptureId(db, 'paypal', id)) ??
        (typeof orderId === 'string' ? await findOrderByProviderId(db, 'paypal', orderId) : undefined);
      await this.settleFromWebhook(event, order, orderId ?? id);
    } else if (
      (event.type === 'PAYMENT.CAPTURE.REFUNDED' || event.type === 'PAYMENT.CAPTURE.REVERSED') &&
      id
    ) {
      // The resource is the refund (its capture linked as `up`), or for a reversal the capture itself.
      const up = resource.links?.find((link) => link.rel === 'up')?.href;
      const captureId = /\/captures\/([^/?#]+)/.exec(up ?? '')?.[1];
      const refundId = captureId ? id : null;
      const refund = await this.providers.call(() => paypal.captureRefunds(captureId ?? id, refundId));
      await this.refunds.refundedAtProvider(event, refund);
    } else if (event.type === 'CUSTOMER.DISPUTE.CREATED') {
      const captureId = resource.disputed_transactions?.[0]?.seller_transaction_id;
      await this.disputed(event, captureId, resource.dispute_id);
    } else if (
      paypal.subscriptions &&
      this.deps.billing &&
      id &&
      PAYPAL_SUBSCRIPTION_EVENTS.has(event.type)
    ) {
      // A plan's subscription (docs/decisions/028): its renewals and its changes, read back from PayPal.
      const { billing } = this.deps;
      const subscriptions = paypal.subscriptions;
      const record = (tx: Db) => recordPaymentEvent(tx, event);
      if (event.type === 'PAYMENT.SALE.COMPLETED') {
        const renewal = await this.providers.call(() => subscriptions.saleRenewal(id));
        if (renewal.subscriptionId) await billing.events.subscriptionRenewal(renewal, record);
        else await recordPaymentEvent(db, event);
      } else if (event.type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED') {
        const renewal = await this.providers.call(() => subscriptions.failedRenewal(id));
        if (renewal) await billing.events.subscriptionRenewal(renewal, record);
        else await recordPaymentEvent(db, event);
      } else {
        const subscription = await this.providers.call(() => subscriptions.retrieve(id));
        await billing.events.subscriptionChanged(subscription, record);
        if (event.type === 'BILLING.SUBSCRIPTION.ACTIVATED') {
          await this.providers.call(() => billing.events.endUnfollowed(subscriptions, subscription));
        }
      }
    } else {
      await recordPaymentEvent(db, event);
    }
    return { received: true };
  }

  /**
   * A paid order a webhook reports: claimed (the event recorded with the claim) and captured, as when the
   * buyer comes back to the checkout. The order's outcome is no failure of the delivery; only a claim
   * that must wait (another order of the buyer in capture) asks the provider to deliver it again later.
   */
  private async settleFromWebhook(event: PaymentEvent, order: OrderRow | undefined, reference: string) {
    const { db, log } = this.deps;
    if (!order)
      log.warn({ eventId: event.eventId, reference }, `a ${event.provider} payment for no order of ours`);
    try {
      if (order) await this.capture.capture(order, event);
    } catch (error) {
      if (error instanceof ReplayedEvent) return;
      if (!(error instanceof AppError) || error.message === MSG.paymentInProgress) throw error;
      // The claim is held (the provider did not answer): the reconciler finishes it.
      if (error.code === 'PAYMENT_PROVIDER') return;
      log.info({ orderId: order?.id, code: error.code }, `a paid ${event.provider} order settled as refused`);
    }
    // Recorded with the claim already, unless nothing was claimed (captured before, or refused).
    await recordPaymentEvent(db, event);
  }

  /**
   * A payment disputed with the buyer's bank (a chargeback): the buyer contests it, so a course it bought
   * is taken away at once (enrolment revoked, certificate revoked, review hidden; progress kept), with the
   * event in one transaction. The money follows the dispute's outcome: a dispute lost arrives as a
   * refund or reversal. The school that sold the course is told, and answers the dispute in the provider's dashboard.
   */
  private async disputed(event: PaymentEvent, captureId: string | undefined, disputeId: unknown) {
    const { db, log, notifications } = this.deps;
    const order = captureId ? await findOrderByCaptureId(db, event.provider, captureId) : undefined;
    const revoked = await db.transaction(async (tx) => {
      if (!(await recordPaymentEvent(tx, event))) return undefined;
      if (order?.kind !== 'course' || order.courseId === null) return false;
      const { id: orderId, userId, courseId } = order;
      await notifications.refunds.saleDisputed(
        { eventId: event.eventId, provider: event.provider, orderId, userId, courseId },
        tx,
      );
      return revokeEnrolment(tx, userId, courseId);
    });
    if (revoked === undefined) return;
    log.warn(
      { eventId: event.eventId, disputeId, orderId: order?.id ?? null, revoked },
      `a ${event.provider} payment is disputed: answer it in the ${event.provider} dashboard`,
    );
  }
}
