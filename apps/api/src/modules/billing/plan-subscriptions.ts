import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/queries/orders';
import { findPaidThrough, findPlanPriceById } from '../../db/queries/subscriptions';
import type { PaymentProvider, ProviderSubscriptions, SavedCard } from '../../lib/payments/provider';
import { providersByName } from '../payments/payment-providers';
import {
  deleteGracePeriods,
  findPlanSubscription,
  forgetSubscription,
  noteSubscriptionError,
  type PlanSubscriptionRow,
  recordPlanBought,
  saveCard,
  saveSubscription,
} from './billing.repository';

/**
 * What renews a plan (docs/decisions/025, 027, 028): the card it was bought with, kept for the renewal
 * round, or a provider's own subscription, started from the end of the paid period and ended once
 * nothing it renews is left.
 */
export class PlanSubscriptions {
  /** The configured providers by name, the default first. */
  private readonly providers: ReadonlyMap<string, PaymentProvider>;

  constructor(
    private readonly deps: {
      db: Db;
      provider: PaymentProvider;
      others?: readonly PaymentProvider[] | undefined;
      log: FastifyBaseLogger;
    },
  ) {
    this.providers = providersByName(deps.provider, deps.others);
  }

  /** The configured provider of that name, if any. */
  provider(name: string): PaymentProvider | undefined {
    return this.providers.get(name);
  }

  /** The subscriptions of a provider, when it renews plans by its own (Stripe, PayPal). */
  subscriptionsOf(providerName: string | null): ProviderSubscriptions | undefined {
    return providerName === null ? undefined : this.providers.get(providerName)?.subscriptions;
  }

  /** The configured providers that renew plans by their own subscriptions. */
  get providerNames(): string[] {
    return [...this.providers.values()].filter((p) => p.subscriptions).map((p) => p.name);
  }

  /** The subscription that renews a plan and the provider it is at, when it has one. */
  of(row: PlanSubscriptionRow) {
    const id = row.providerSubscriptionId;
    const provider = this.providers.get(row.subscriptionProvider ?? row.provider);
    const subscriptions = provider?.subscriptions;
    return id && provider && subscriptions
      ? { id, name: provider.name, subscriptions, awaitingApproval: row.subscriptionApproveUrl !== null }
      : undefined;
  }

  /**
   * Records that the organisation bought a plan: it renews the bought plan at the end of everything paid
   * so far, with the card of this purchase (remembered after the capture: `rememberCard`).
   */
  async planBought(
    tx: Db,
    purchase: { order: OrderRow; planPriceId: number; periodStart: Date; periodEnd: Date; now: Date },
  ): Promise<void> {
    const { order } = purchase;
    const paidThrough = await findPaidThrough(tx, order.orgId, purchase.now);
    await deleteGracePeriods(tx, order.orgId);
    await recordPlanBought(tx, {
      orgId: order.orgId,
      planPriceId: purchase.planPriceId,
      periodStart: purchase.periodStart,
      periodEnd: paidThrough && paidThrough > purchase.periodEnd ? paidThrough : purchase.periodEnd,
      provider: order.provider,
      sourceOrderId: order.providerOrderId,
      buyerUserId: order.userId,
    });
  }

  /** Saves the card a plan order was paid with, when the provider keeps cards (after the capture committed). */
  async rememberCard(order: Pick<OrderRow, 'orgId' | 'provider' | 'providerOrderId'>): Promise<void> {
    const { db, log } = this.deps;
    const provider = this.providers.get(order.provider);
    if (!provider?.savedCardOf || provider.subscriptions) return;
    try {
      const card = await provider.savedCardOf(order.providerOrderId);
      if (card) await saveCard(db, order.orgId, order.providerOrderId, card);
    } catch (error) {
      // The renewal asks again: nothing is lost by not having it now.
      log.warn({ err: error, orgId: order.orgId }, 'the card of a plan could not be saved yet');
    }
  }

  /**
   * What follows a plan's capture (whichever path captured it: the checkout, a webhook, the reconciler):
   * its card saved for the round, or, with a provider that renews by its own subscriptions, the
   * subscription started from the end of the paid period (a subscription of an earlier purchase ended).
   * A failure leaves it to the round, which tries again hourly while the period runs.
   */
  async planCaptured(order: Pick<OrderRow, 'orgId' | 'provider' | 'providerOrderId'>): Promise<void> {
    await this.rememberCard(order);
    if (this.providerNames.length === 0) return;
    const row = await findPlanSubscription(this.deps.db, order.orgId);
    if (!row || row.sourceOrderId !== order.providerOrderId) return;
    try {
      await this.start(row);
    } catch (error) {
      this.deps.log.warn(
        { err: error, orgId: order.orgId },
        'the subscription of a plan could not start yet',
      );
      await noteSubscriptionError(this.deps.db, order.orgId, (error as Error).message);
    }
  }

  /**
   * The row's purchase renewed by its provider's subscription: one of an earlier purchase is ended first
   * (it would charge for the plan replaced), then one is started for this purchase, once (its request id
   * is the purchase's), charging from the end of the period.
   */
  async start(row: PlanSubscriptionRow): Promise<void> {
    const { db } = this.deps;
    const sourceOrderId = row.sourceOrderId;
    if (!sourceOrderId) return;
    const replacing = this.of(row);
    if (replacing) {
      const started = await replacing.subscriptions.retrieve(replacing.id);
      if (started.orderId === sourceOrderId) return;
      await replacing.subscriptions.cancel(replacing.id);
      await forgetSubscription(db, row.orgId, replacing.id);
    }
    const subscriptions = this.subscriptionsOf(row.provider);
    if (!subscriptions || row.status !== 'active') return;
    const price = await findPlanPriceById(db, row.nextPlanPriceId ?? row.planPriceId);
    if (!price || price.amountCents === 0) return;
    const started = await subscriptions.start({
      orderId: sourceOrderId,
      orgId: row.orgId,
      price,
      startsAt: row.periodEnd,
      requestId: `plan-subscription-${sourceOrderId}`,
    });
    const saved = await saveSubscription(db, row.orgId, sourceOrderId, {
      ...started,
      provider: row.provider,
    });
    // Bought again meanwhile: this purchase's subscription must not charge.
    if (!saved) await subscriptions.cancel(started.subscriptionId);
  }

  /**
   * Ends the provider's subscription of a lapsed plan, so that it charges nothing more. Answers whether
   * none is left; a provider that fails leaves it for the next round (logged).
   */
  async end(row: PlanSubscriptionRow): Promise<boolean> {
    const subscription = this.of(row);
    if (!subscription) return true;
    try {
      await subscription.subscriptions.cancel(subscription.id);
      await forgetSubscription(this.deps.db, row.orgId, subscription.id);
      return true;
    } catch (error) {
      this.deps.log.warn(
        { err: error, orgId: row.orgId },
        'the subscription of a lapsed plan could not be ended yet',
      );
      return false;
    }
  }

  /** The organisation's customer at a provider that renews by its own subscriptions, kept from its last purchase. */
  async customerOf(orgId: number, providerName: string): Promise<string | null> {
    if (!this.subscriptionsOf(providerName)) return null;
    const row = await findPlanSubscription(this.deps.db, orgId);
    return row?.providerCustomerId ?? null;
  }

  /** The plan's saved card, asked of the provider once if it was not saved at the purchase. */
  async cardOf(row: PlanSubscriptionRow): Promise<SavedCard | null> {
    if (row.cardToken && row.cardLast4) return { token: row.cardToken, last4: row.cardLast4 };
    if (!row.sourceOrderId) return null;
    await this.rememberCard({ orgId: row.orgId, provider: row.provider, providerOrderId: row.sourceOrderId });
    const again = await findPlanSubscription(this.deps.db, row.orgId);
    return again?.cardToken && again.cardLast4 ? { token: again.cardToken, last4: again.cardLast4 } : null;
  }
}
