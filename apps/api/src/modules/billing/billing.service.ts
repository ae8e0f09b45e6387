import {
  type ChangePlanResponse,
  MSG,
  PLAN_CATEGORIES,
  PLAN_GRACE_DAYS,
  PLAN_REMINDER_DAYS,
  PLANS,
  type PlanCategory,
  type PlanName,
  type PlanRenewal,
} from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { findOrderByProviderId, insertOrder, type OrderRow } from '../../db/queries/orders';
import {
  findPaidThrough,
  findPlanPriceByCategory,
  findPlanPriceById,
  insertSubscription,
} from '../../db/queries/subscriptions';
import { planSubscriptions } from '../../db/schema';
import { addMonths } from '../../lib/dates';
import { AppError, notFound } from '../../lib/errors';
import {
  type CaptureResult,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderSubscription,
  type ProviderSubscriptions,
  type SavedCard,
  type SubscriptionRenewal,
} from '../../lib/payments/provider';
import type { Actor } from '../../plugins/auth';
import { mayManagePlan } from '../access/access';
import type { NotificationService } from '../notifications/notifications.service';
import { dollars } from '../organisations/organisations.service';
import { lockOrganisation } from '../organisations/plan-limits';
import {
  claimPlan,
  deleteGracePeriods,
  endPeriodsOfOrder,
  findPlanBuyer,
  findPlanBySubscription,
  findPlanSubscription,
  forgetSubscription,
  lapseEnded,
  listDueRenewals,
  listSubscriptionsToSettle,
  movePlan,
  noteSubscriptionApproval,
  noteSubscriptionError,
  type PlanSubscriptionRow,
  recordPlanBought,
  releasePlan,
  saveCard,
  saveSubscription,
  takeReminders,
  touchPlan,
} from './billing.repository';

const DAY_MS = 24 * 3600_000;
/** How long one renewal try (or one change) holds its plan: longer than any provider call takes. */
const CLAIM_MS = 10 * 60_000;

export type BillingDeps = {
  db: Db;
  /** The default provider: the renewal round charges its saved cards. */
  provider: PaymentProvider;
  /** Every other configured provider: one with subscriptions of its own renews its plans (docs/decisions/027). */
  others?: readonly PaymentProvider[];
  log: FastifyBaseLogger;
  notifications: NotificationService;
};

/** Records a provider's webhook event in the transaction of its effect; false when it was taken before. */
export type RecordEvent = (tx: Db) => Promise<boolean>;

/** A provider's error answered to a school's call: nothing was changed (docs/decisions/027). */
const providerFailed = (error: unknown): never => {
  if (error instanceof PaymentProviderError || (error instanceof Error && error.name.startsWith('Stripe'))) {
    throw new AppError('PAYMENT_PROVIDER', MSG.paymentError);
  }
  throw error;
};

const asCategory = (value: string): PlanCategory | null =>
  (PLAN_CATEGORIES as readonly string[]).includes(value) ? (value as PlanCategory) : null;
const asPlan = (value: string): PlanName | null =>
  (PLANS as readonly string[]).includes(value) ? (value as PlanName) : null;

/**
 * What an upgrade costs for the rest of the period (docs/decisions/025): the difference of the two
 * plans' prices (same billing period) times the share of the period left, in whole milliseconds,
 * rounded to the nearest cent (a half cent up). Exact in integers: never a float.
 */
export function prorateCents(differenceCents: number, remainingMs: number, periodMs: number): number {
  if (differenceCents <= 0 || remainingMs <= 0 || periodMs <= 0) return 0;
  const remaining = BigInt(Math.min(Math.round(remainingMs), Math.round(periodMs)));
  const period = BigInt(Math.round(periodMs));
  const cents = (BigInt(differenceCents) * remaining * 2n + period) / (2n * period);
  return Number(cents);
}

/** Why a plan cannot be changed through these calls, with what to do instead. */
const conflict = (message: string) => new AppError('CONFLICT', message);
const NO_RENEWING_PLAN =
  'Your organisation has no plan that renews: choose a plan on the plans screen to start one.';

/**
 * The renewal engine (docs/decisions/025): a plan bought through checkout renews by itself at the end of
 * its period, charging the card it was bought with, until it is cancelled. Every change of its state goes
 * through PLAN_TRANSITIONS (db/schema/billing.ts); the round the server runs every minute renews what is
 * due, retries during grace, lapses what ended and sends the reminders, each once per period on any number
 * of instances. A provider's webhook (a renewal paid or failed by its own subscriptions) drives the same
 * changes through `renewalPaid` and `renewalFailed`.
 */
export class BillingService {
  /** The configured providers by name, the default first. */
  private readonly providers: ReadonlyMap<string, PaymentProvider>;

  constructor(private readonly deps: BillingDeps) {
    const all = [deps.provider, ...(deps.others ?? []).filter((p) => p.name !== deps.provider.name)];
    this.providers = new Map(all.map((p) => [p.name, p]));
  }

  /** The subscriptions of a provider, when it renews plans by its own (Stripe, PayPal). */
  private subscriptionsOf(providerName: string | null): ProviderSubscriptions | undefined {
    return providerName === null ? undefined : this.providers.get(providerName)?.subscriptions;
  }

  /** The configured providers that renew plans by their own subscriptions. */
  private get subscriptionProviders(): string[] {
    return [...this.providers.values()].filter((p) => p.subscriptions).map((p) => p.name);
  }

  /** The subscription that renews a plan and the provider it is at, when it has one. */
  private subscriptionOfRow(row: PlanSubscriptionRow) {
    const id = row.providerSubscriptionId;
    const provider = this.providers.get(row.subscriptionProvider ?? row.provider);
    const subscriptions = provider?.subscriptions;
    return id && provider && subscriptions
      ? { id, name: provider.name, subscriptions, awaitingApproval: row.subscriptionApproveUrl !== null }
      : undefined;
  }

  // --- A plan bought through checkout (payments: grantPlan, in the capture's transaction).

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
    if (this.subscriptionProviders.length === 0) return;
    const row = await findPlanSubscription(this.deps.db, order.orgId);
    if (!row || row.sourceOrderId !== order.providerOrderId) return;
    try {
      await this.startSubscription(row);
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
  private async startSubscription(row: PlanSubscriptionRow): Promise<void> {
    const { db } = this.deps;
    const sourceOrderId = row.sourceOrderId;
    if (!sourceOrderId) return;
    const replacing = this.subscriptionOfRow(row);
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

  /** The organisation's customer at a provider that renews by its own subscriptions, kept from its last purchase. */
  async customerOf(orgId: number, providerName: string): Promise<string | null> {
    if (!this.subscriptionsOf(providerName)) return null;
    const row = await findPlanSubscription(this.deps.db, orgId);
    return row?.providerCustomerId ?? null;
  }

  /** The plan's saved card, asked of the provider once if it was not saved at the purchase. */
  private async cardOf(row: PlanSubscriptionRow): Promise<SavedCard | null> {
    if (row.cardToken && row.cardLast4) return { token: row.cardToken, last4: row.cardLast4 };
    if (!row.sourceOrderId) return null;
    await this.rememberCard({ orgId: row.orgId, provider: row.provider, providerOrderId: row.sourceOrderId });
    const again = await findPlanSubscription(this.deps.db, row.orgId);
    return again?.cardToken && again.cardLast4 ? { token: again.cardToken, last4: again.cardLast4 } : null;
  }

  // --- The round (server.ts, every minute).

  /**
   * Renews what is due (and retries what failed, daily during grace), then lapses what ended and sends
   * the reminders due. Safe on several instances: each plan is claimed by one conditional UPDATE, each
   * renewal charges with a request id of its period and try (the provider charges it once), and each
   * change moves the plan only from the period it was read in. Stops between plans once `signal` aborts.
   */
  async runDue(
    now = new Date(),
    signal?: AbortSignal,
  ): Promise<{ renewed: number; failed: number; lapsed: number; reminded: number }> {
    const { db, log } = this.deps;
    let renewed = 0;
    let failed = 0;
    for (const orgId of await listDueRenewals(db, now)) {
      if (signal?.aborted) break;
      const row = await claimPlan(db, orgId, now, new Date(now.getTime() + CLAIM_MS), {
        due: true,
        states: ['active', 'past_due'],
      });
      if (!row) continue;
      try {
        const outcome = await this.renew(row, now);
        if (outcome === 'renewed') renewed += 1;
        if (outcome === 'failed') failed += 1;
      } catch (error) {
        log.warn({ err: error, orgId }, 'a plan could not be renewed yet');
        await releasePlan(db, orgId, error instanceof Error ? error.message : String(error));
      }
    }
    const lapsed = signal?.aborted ? 0 : await this.lapse(now);
    const reminded = signal?.aborted ? 0 : await this.remind(now);
    if (!signal?.aborted) await this.settleSubscriptions(now);
    return { renewed, failed, lapsed, reminded };
  }

  /**
   * The provider's subscriptions that should be and are not: one a purchase could not start at its
   * capture is tried again (hourly, while the period runs); one of a lapsed plan is ended, so that the
   * provider charges nothing more for it.
   */
  private async settleSubscriptions(now: Date): Promise<void> {
    const { db, log } = this.deps;
    const providers = this.subscriptionProviders;
    if (providers.length === 0) return;
    const { unstarted, lapsed, overdue } = await listSubscriptionsToSettle(db, providers, now);
    for (const row of overdue) {
      await this.askRenewal(row, now).catch((error: unknown) => {
        log.warn(
          { err: error, orgId: row.orgId },
          'the renewal of a plan could not be read from its provider',
        );
      });
      await touchPlan(db, row.orgId, now);
    }
    for (const row of unstarted) {
      await this.startSubscription(row).catch(async (error: unknown) => {
        log.warn({ err: error, orgId: row.orgId }, 'the subscription of a plan could not start yet');
        await noteSubscriptionError(db, row.orgId, (error as Error).message);
      });
    }
    for (const row of lapsed) await this.endSubscription(row);
  }

  /**
   * Ends the provider's subscription of a lapsed plan, so that it charges nothing more. Answers whether
   * none is left; a provider that fails leaves it for the next round (logged).
   */
  private async endSubscription(row: PlanSubscriptionRow): Promise<boolean> {
    const subscription = this.subscriptionOfRow(row);
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

  /** One claimed plan's renewal: charged, then recorded; or declined, then grace (or lapse). */
  private async renew(row: PlanSubscriptionRow, now: Date): Promise<'renewed' | 'failed' | 'pending'> {
    const { db, provider } = this.deps;
    const price = await findPlanPriceById(db, row.nextPlanPriceId ?? row.planPriceId);
    if (!price) return this.renewalFailed(row, now, { reason: 'the plan is no longer sold' });
    const requestId = `renewal-${row.orgId}-${row.periodEnd.getTime()}-${row.failedAttempts + 1}`;
    if (price.amountCents === 0) {
      return this.renewalPaid(row, now, {
        provider: 'free',
        providerOrderId: requestId,
        captureId: null,
        amountCents: 0,
        currency: price.currency,
      });
    }
    if (this.subscriptionsOf(row.provider)) {
      // Renewed by the provider's own subscription, which this plan lacks: never charged by the round.
      return this.renewalFailed(row, now, { reason: `no ${row.provider} subscription renews the plan` });
    }
    const card = row.provider === provider.name ? await this.cardOf(row) : null;
    if (!card || !provider.chargeSaved) {
      return this.renewalFailed(row, now, { reason: 'no saved card to charge' });
    }
    let charge: { orderId: string; result: CaptureResult };
    try {
      charge = await provider.chargeSaved({
        cardToken: card.token,
        amountCents: price.amountCents,
        currency: price.currency,
        description: `Skillwise ${price.category} plan renewal`,
        requestId,
      });
    } catch (error) {
      // Nothing is known to be charged: the same request id tries again next minute and charges once.
      if (!(error instanceof PaymentProviderError)) throw error;
      this.deps.log.warn({ err: error, orgId: row.orgId }, 'the provider could not renew a plan yet');
      await releasePlan(db, row.orgId, error.message);
      return 'pending';
    }
    const { result } = charge;
    if (result.status === 'DECLINED') {
      return this.renewalFailed(row, now, {
        reason: result.reason,
        order: { providerOrderId: charge.orderId, amountCents: price.amountCents, currency: price.currency },
      });
    }
    if (result.status === 'PENDING') {
      // The provider holds it for review: the payment reconciler grants it once it completes (payments'
      // grantPlan, as a plan bought), and this plan stays held until then.
      const buyer = await findPlanBuyer(db, row);
      if (buyer !== undefined && !(await findOrderByProviderId(db, provider.name, charge.orderId))) {
        await insertOrder(db, {
          userId: buyer,
          orgId: row.orgId,
          kind: 'plan',
          planPriceId: price.id,
          amountCents: price.amountCents,
          currency: price.currency,
          provider: provider.name,
          providerOrderId: charge.orderId,
          providerCaptureId: result.captureId,
          status: 'pending',
        });
      }
      return 'pending';
    }
    return this.renewalPaid(row, now, {
      provider: provider.name,
      providerOrderId: charge.orderId,
      captureId: result.captureId,
      amountCents: result.amountCents,
      currency: result.currency,
    });
  }

  /**
   * `renewal_paid`: the next period, once. Its order is recorded (kind plan, captured, among purchases
   * with its receipt), the period added from the end of the last one, grace days ended. A provider's
   * webhook calls this with its own payment. Answers 'renewed', or 'stale' when the plan had already
   * moved past `row`'s period (another instance, a retried event): nothing is recorded twice.
   */
  async renewalPaid(
    row: PlanSubscriptionRow,
    now: Date,
    payment: {
      provider: string;
      providerOrderId: string;
      captureId: string | null;
      amountCents: number;
      currency: string;
      /** The period's end as the provider's subscription counts it (its renewals follow its own calendar). */
      periodEnd?: Date | undefined;
    },
    record?: RecordEvent,
  ): Promise<'renewed'> {
    const { db, notifications } = this.deps;
    const price = await findPlanPriceById(db, row.nextPlanPriceId ?? row.planPriceId);
    if (!price) throw new Error(`plan price ${row.nextPlanPriceId ?? row.planPriceId} is gone`);
    const buyer = await findPlanBuyer(db, row);
    if (buyer === undefined) throw new Error(`organisation ${row.orgId} has no publisher to bill`);
    const start = row.periodEnd;
    const end =
      payment.periodEnd && payment.periodEnd > start ? payment.periodEnd : addMonths(start, price.months);
    await db.transaction(async (tx) => {
      if (record && !(await record(tx))) return;
      await lockOrganisation(tx, row.orgId);
      if (await findOrderByProviderId(tx, payment.provider, payment.providerOrderId)) return;
      const moved = await movePlan(
        tx,
        row.orgId,
        'renewal_paid',
        {
          planPriceId: price.id,
          nextPlanPriceId: null,
          periodStart: start,
          periodEnd: end,
          graceEndsAt: null,
          nextAttemptAt: end,
          failedAttempts: 0,
          lastError: null,
          claimedUntil: null,
        },
        eq(planSubscriptions.periodEnd, row.periodEnd),
      );
      if (!moved) return;
      const order = await insertOrder(tx, {
        userId: buyer,
        orgId: row.orgId,
        kind: 'plan',
        planPriceId: price.id,
        amountCents: payment.amountCents,
        currency: payment.currency,
        provider: payment.provider,
        providerOrderId: payment.providerOrderId,
        providerCaptureId: payment.captureId,
        status: 'captured',
        capturedAt: now,
      });
      await deleteGracePeriods(tx, row.orgId);
      await insertSubscription(tx, {
        orgId: row.orgId,
        planPriceId: price.id,
        orderId: order.id,
        periodStart: start,
        periodEnd: end,
      });
      await notifications.planPurchased(
        {
          orderId: order.id,
          userId: buyer,
          plan: price.plan,
          months: price.months,
          amountCents: payment.amountCents,
          currency: payment.currency,
          reference: payment.providerOrderId,
          capturedAt: now,
          periodStart: start,
          periodEnd: end,
        },
        tx,
      );
    });
    return 'renewed';
  }

  /**
   * `renewal_failed`: the plan keeps working through the grace days (a grace period from the end of the
   * paid one), the renewal is tried again daily, the publishers are told once per period. A try at or
   * after the grace's end that fails lapses the plan instead (`grace_ended`). A provider's webhook calls
   * this for a renewal its subscription could not charge.
   */
  async renewalFailed(
    row: PlanSubscriptionRow,
    now: Date,
    failure: {
      reason: string;
      order?: { providerOrderId: string; amountCents: number; currency: string };
      /** When the provider tries again (its own retries); by default the round's, daily. */
      retryAt?: Date | null | undefined;
    },
    record?: RecordEvent,
  ): Promise<'failed'> {
    const { db, notifications } = this.deps;
    const current = await findPlanPriceById(db, row.planPriceId);
    const charged = await findPlanPriceById(db, row.nextPlanPriceId ?? row.planPriceId);
    const buyer = await findPlanBuyer(db, row);
    const firstFailure = row.status !== 'past_due';
    const graceEndsAt = row.graceEndsAt ?? new Date(now.getTime() + PLAN_GRACE_DAYS * DAY_MS);
    await db.transaction(async (tx) => {
      if (record && !(await record(tx))) return;
      const order = failure.order;
      if (
        order &&
        buyer !== undefined &&
        !(await findOrderByProviderId(tx, row.provider, order.providerOrderId))
      ) {
        // A declined renewal is an order too (failed): its try is on record.
        await insertOrder(tx, {
          userId: buyer,
          orgId: row.orgId,
          kind: 'plan',
          planPriceId: charged?.id ?? row.planPriceId,
          amountCents: order.amountCents,
          currency: order.currency,
          provider: row.provider,
          providerOrderId: order.providerOrderId,
          status: 'failed',
        });
      }
      const guard = eq(planSubscriptions.failedAttempts, row.failedAttempts);
      if (now >= graceEndsAt) {
        const lapsed = await movePlan(
          tx,
          row.orgId,
          'grace_ended',
          {
            nextAttemptAt: null,
            claimedUntil: null,
            lastError: failure.reason,
            failedAttempts: row.failedAttempts + 1,
          },
          guard,
        );
        if (lapsed) await this.tellLapsed(tx, lapsed, graceEndsAt);
        return;
      }
      const retryAt = new Date(
        Math.min((failure.retryAt ?? new Date(now.getTime() + DAY_MS)).getTime(), graceEndsAt.getTime()),
      );
      const moved = await movePlan(
        tx,
        row.orgId,
        'renewal_failed',
        {
          graceEndsAt,
          nextAttemptAt: retryAt,
          failedAttempts: row.failedAttempts + 1,
          lastError: failure.reason,
          claimedUntil: null,
        },
        guard,
      );
      if (!moved || !firstFailure) return;
      await insertSubscription(tx, {
        orgId: row.orgId,
        planPriceId: row.planPriceId,
        orderId: null,
        periodStart: row.periodEnd,
        periodEnd: graceEndsAt,
        kind: 'grace',
      });
      await notifications.planNotice(
        {
          orgId: row.orgId,
          plan: current?.plan ?? 'current',
          periodEnd: row.periodEnd,
          kind: 'renewal_failed',
          amountCents: charged?.amountCents ?? 0,
          currency: charged?.currency ?? 'USD',
          cardLast4: row.cardLast4,
          graceEndsAt,
        },
        tx,
      );
    });
    return 'failed';
  }

  // --- A provider's subscription reports (payments' webhooks, docs/decisions/027).

  /**
   * A renewal a provider's subscription made (its invoice, read back from the provider): paid, the next
   * period once (the order keyed by the invoice); failed, grace as when the round's charge fails (each try
   * recorded once). Only the renewal of the period after the plan's counts: the subscription's creation, a
   * change, or an invoice of the period the plan is in (or an earlier one) is taken and ignored. The event is recorded with its effect.
   */
  async subscriptionRenewal(
    renewal: SubscriptionRenewal,
    record: RecordEvent,
    now = new Date(),
  ): Promise<void> {
    const { db, log } = this.deps;
    const row = renewal.subscriptionId ? await findPlanBySubscription(db, renewal.subscriptionId) : undefined;
    // It renews the period after the plan's: one that starts later than the plan's period did (an
    // invoice of the period the plan is in, or of an earlier one, is late news of what is recorded).
    const follows =
      row !== undefined &&
      (renewal.periodStart === null || renewal.periodStart.getTime() > row.periodStart.getTime() + DAY_MS);
    if (!row || !renewal.isCycle || !follows) {
      if (row && renewal.isCycle) {
        log.info({ orgId: row.orgId, invoice: renewal.invoiceId }, 'a renewal of another period was ignored');
      }
      await db.transaction(async (tx) => {
        await record(tx);
      });
      return;
    }
    if (renewal.paid) {
      await this.renewalPaid(
        row,
        now,
        {
          provider: row.provider,
          providerOrderId: renewal.invoiceId,
          captureId: renewal.captureId,
          amountCents: renewal.amountCents,
          currency: renewal.currency,
          periodEnd: renewal.periodEnd ?? undefined,
        },
        record,
      );
      return;
    }
    await this.renewalFailed(
      row,
      now,
      {
        reason: renewal.failureReason ?? 'the renewal payment was declined',
        order: {
          providerOrderId: `${renewal.invoiceId}#${renewal.attempt}`,
          amountCents: renewal.amountCents,
          currency: renewal.currency,
        },
        retryAt: renewal.nextAttemptAt,
      },
      record,
    );
  }

  /**
   * A subscription approved on the provider's page that no plan follows (one ended here before the school
   * approved it, or replaced by a later purchase) is cancelled there: it would charge for nothing.
   */
  async endUnfollowed(subscriptions: ProviderSubscriptions, subscription: ProviderSubscription) {
    if (subscription.ended || !subscription.approved || subscription.orderId === null) return;
    if (await findPlanBySubscription(this.deps.db, subscription.id)) return;
    this.deps.log.warn({ subscription: subscription.id }, 'a subscription no plan follows was cancelled');
    await subscriptions.cancel(subscription.id);
  }

  /**
   * A provider's subscription changed or ended (read back from the provider). Cancelled at the period's
   * end there: `cancel`; that undone: `resume`. Ended: nothing renews the plan any more, which is then a
   * cancelled one (`cancel`: it runs to its period's end, and the round lapses it then); in grace, its
   * renewal will never be paid there, so it lapses now (`grace_ended`). A subscription of an earlier
   * purchase is only forgotten.
   */
  async subscriptionChanged(
    subscription: ProviderSubscription,
    record: RecordEvent,
    now = new Date(),
  ): Promise<void> {
    const { db } = this.deps;
    const row = await findPlanBySubscription(db, subscription.id);
    await db.transaction(async (tx) => {
      if (!(await record(tx)) || !row) return;
      if (subscription.ended) {
        await forgetSubscription(tx, row.orgId, subscription.id);
        if (subscription.orderId !== null && subscription.orderId !== row.sourceOrderId) return;
        if (row.status === 'active') await movePlan(tx, row.orgId, 'cancel');
        // The provider gave up on the renewal (its retries failed): nothing will pay it, the plan lapses now.
        if (row.status === 'past_due') {
          const lapsed = await movePlan(tx, row.orgId, 'grace_ended', {
            nextAttemptAt: null,
            claimedUntil: null,
          });
          if (lapsed) await this.tellLapsed(tx, lapsed, now);
        }
        return;
      }
      // The school approved it on the provider's page (PayPal): it renews the plan from now on.
      if (subscription.approved && row.subscriptionApproveUrl !== null) {
        await noteSubscriptionApproval(tx, row.orgId, subscription.id, null);
      }
      if (!subscription.approved) return;
      if (subscription.cancelAtPeriodEnd && row.status === 'active') {
        await movePlan(tx, row.orgId, 'cancel');
      } else if (!subscription.cancelAtPeriodEnd && row.status === 'cancelling') {
        await movePlan(tx, row.orgId, 'resume', { nextAttemptAt: row.periodEnd });
      }
    });
  }

  /**
   * A renewal the provider has not reported (its webhook lost, or not configured), read from the
   * subscription: ended there, as `customer.subscription.deleted`; its latest invoice paid (or, for a plan
   * still active, failed), as `invoice.paid` or `invoice.payment_failed`. Nothing is recorded twice: the
   * same calls, keyed as the webhooks' are.
   */
  private async askRenewal(row: PlanSubscriptionRow, now: Date) {
    const managed = this.subscriptionOfRow(row);
    if (!managed) return;
    const { id, subscriptions } = managed;
    const nothingToRecord: RecordEvent = async () => true;
    const subscription = await subscriptions.retrieve(id);
    if (subscription.ended) {
      await this.subscriptionChanged(subscription, nothingToRecord, now);
      return;
    }
    if (!subscription.approved) {
      // Never approved, and the period it was to renew is over: it is ended, and the plan renews as one
      // without a subscription (grace: the school pays at checkout).
      await subscriptions.cancel(id);
      await forgetSubscription(this.deps.db, row.orgId, id);
      return;
    }
    const renewal = await subscriptions.latestRenewal(id);
    if (!renewal) return;
    // A failure already taken is not counted again (the provider's retries report themselves), and an
    // invoice not tried yet (Stripe charges a renewal about an hour after making it) is no failure.
    const failed = !renewal.paid && renewal.attempt > 0 && row.status === 'active';
    if (renewal.paid || failed) await this.subscriptionRenewal(renewal, nothingToRecord, now);
  }

  private async tellLapsed(tx: Db, row: PlanSubscriptionRow, endedAt: Date) {
    const price = await findPlanPriceById(tx, row.planPriceId);
    await this.deps.notifications.planNotice(
      { orgId: row.orgId, plan: price?.plan ?? 'current', periodEnd: row.periodEnd, kind: 'lapsed', endedAt },
      tx,
    );
  }

  /** Lapses the plans whose grace or cancelled period ended, telling their publishers once. */
  private async lapse(now: Date): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const lapsed = await lapseEnded(tx, now);
      for (const row of lapsed) {
        await this.tellLapsed(
          tx,
          row,
          row.status === 'lapsed' && row.graceEndsAt ? row.graceEndsAt : row.periodEnd,
        );
      }
      return lapsed.length;
    });
  }

  /** The renewal and expiry reminders due, each once per period. */
  private async remind(now: Date): Promise<number> {
    const { db, notifications } = this.deps;
    return db.transaction(async (tx) => {
      const { renewals, expiries } = await takeReminders(tx, now, PLAN_REMINDER_DAYS * DAY_MS);
      for (const row of renewals) {
        const current = await findPlanPriceById(tx, row.planPriceId);
        const next = await findPlanPriceById(tx, row.nextPlanPriceId ?? row.planPriceId);
        await notifications.planNotice(
          {
            orgId: row.orgId,
            plan: next?.plan ?? current?.plan ?? 'current',
            periodEnd: row.periodEnd,
            kind: 'renewal_reminder',
            renewsAt: row.periodEnd,
            amountCents: next?.amountCents ?? 0,
            currency: next?.currency ?? 'USD',
            cardLast4: row.cardLast4,
          },
          tx,
        );
      }
      for (const row of expiries) {
        const current = await findPlanPriceById(tx, row.planPriceId);
        await notifications.planNotice(
          {
            orgId: row.orgId,
            plan: current?.plan ?? 'current',
            periodEnd: row.periodEnd,
            kind: 'expiry_reminder',
            endsAt: row.periodEnd,
          },
          tx,
        );
      }
      return renewals.length + expiries.length;
    });
  }

  // --- The calls (billing.routes.ts).

  /** The organisation the call is about: the caller's own (named or not); another one does not exist. */
  private orgOf(actor: Actor, orgId: number | undefined): number {
    const id = orgId ?? actor.orgId;
    if (id === null || id === undefined || !mayManagePlan(actor, id)) throw notFound('Organisation');
    return id;
  }

  /** GET organization/GetPlanRenewal */
  async renewal(actor: Actor, orgId?: number): Promise<PlanRenewal> {
    const id = this.orgOf(actor, orgId);
    await this.refreshApproval(id);
    return this.describe(id);
  }

  /**
   * A subscription the school was to approve on the provider's page, asked of the provider (the school
   * comes back from that page to Plan & billing): approved, it renews the plan; ended there, it is
   * forgotten (the round starts another); still waiting, the page of now. The provider not answering
   * leaves it as it was.
   */
  private async refreshApproval(orgId: number): Promise<void> {
    const { db, log } = this.deps;
    const row = await findPlanSubscription(db, orgId);
    const managed = row ? this.subscriptionOfRow(row) : undefined;
    if (!row || !managed?.awaitingApproval) return;
    try {
      const subscription = await managed.subscriptions.retrieve(managed.id);
      if (subscription.ended) {
        await forgetSubscription(db, orgId, managed.id);
      } else if (subscription.approved) {
        await noteSubscriptionApproval(db, orgId, managed.id, null);
      } else if (subscription.approveUrl && subscription.approveUrl !== row.subscriptionApproveUrl) {
        await noteSubscriptionApproval(db, orgId, managed.id, subscription.approveUrl);
      }
    } catch (error) {
      log.warn({ err: error, orgId }, 'the approval of a plan’s subscription could not be read');
    }
  }

  private async describe(orgId: number, now = new Date()): Promise<PlanRenewal> {
    const { db } = this.deps;
    const row = await findPlanSubscription(db, orgId);
    if (!row) {
      return {
        status: 'none',
        auto_renew: false,
        renews_through: null,
        renewal_approval_url: null,
        plan: null,
        subscriptionCategoryType: null,
        current_period_start: null,
        current_period_end: null,
        renews_at: null,
        renewal_amount: null,
        currency: 'USD',
        grace_ends_at: null,
        ends_at: null,
        card_last4: null,
        scheduled_change: null,
      };
    }
    const current = await findPlanPriceById(db, row.planPriceId);
    const next = row.nextPlanPriceId === null ? undefined : await findPlanPriceById(db, row.nextPlanPriceId);
    const renews = row.status === 'active' || row.status === 'past_due';
    const managed = this.subscriptionOfRow(row);
    const charged = next ?? current;
    const nextCategory = next ? asCategory(next.category) : null;
    const nextPlan = next ? asPlan(next.plan) : null;
    return {
      status: row.status,
      // A subscription still to approve renews nothing yet.
      auto_renew: renews && row.subscriptionApproveUrl === null,
      renews_through: managed && !managed.awaitingApproval ? managed.name : null,
      renewal_approval_url: renews ? row.subscriptionApproveUrl : null,
      plan: current ? asPlan(current.plan) : null,
      subscriptionCategoryType: current ? asCategory(current.category) : null,
      current_period_start: row.periodStart.toISOString(),
      current_period_end: row.periodEnd.toISOString(),
      renews_at: renews ? (row.nextAttemptAt ?? row.periodEnd).toISOString() : null,
      renewal_amount: renews && charged ? dollars(charged.amountCents) : null,
      currency: charged?.currency ?? 'USD',
      grace_ends_at: row.status === 'past_due' ? (row.graceEndsAt?.toISOString() ?? null) : null,
      ends_at:
        row.status === 'cancelling'
          ? row.periodEnd.toISOString()
          : row.status === 'lapsed'
            ? (row.graceEndsAt && row.graceEndsAt > row.periodEnd
                ? row.graceEndsAt
                : row.periodEnd
              ).toISOString()
            : null,
      card_last4: row.cardLast4,
      scheduled_change:
        nextCategory && nextPlan && row.status !== 'lapsed' && now < row.periodEnd
          ? { subscriptionCategoryType: nextCategory, plan: nextPlan, starts_at: row.periodEnd.toISOString() }
          : nextCategory && nextPlan && row.status !== 'lapsed'
            ? {
                subscriptionCategoryType: nextCategory,
                plan: nextPlan,
                starts_at: (row.nextAttemptAt ?? row.periodEnd).toISOString(),
              }
            : null,
    };
  }

  /** POST organization/CancelPlan: the plan ends with its period (`cancel`); answered again, the same. */
  async cancel(actor: Actor, orgId?: number): Promise<PlanRenewal> {
    const id = this.orgOf(actor, orgId);
    const row = await findPlanSubscription(this.deps.db, id);
    if (!row || row.status === 'lapsed') throw conflict(NO_RENEWING_PLAN);
    if (row.status === 'past_due') {
      throw conflict(
        'Your renewal payment failed: the plan ends when its grace days do unless it is paid, so there is nothing to cancel.',
      );
    }
    const managed = this.subscriptionOfRow(row);
    // One still to approve charges nothing: it stays for a resume (and is ended with the plan, if not).
    if (row.status === 'active' && managed && !managed.awaitingApproval) {
      // The provider first: if it fails, nothing changes here either.
      await managed.subscriptions.setCancelAtPeriodEnd(managed.id, true).catch(providerFailed);
    }
    if (row.status === 'active' && !(await movePlan(this.deps.db, id, 'cancel'))) {
      const now = await findPlanSubscription(this.deps.db, id);
      if (now?.status !== 'cancelling')
        throw conflict('The plan changed meanwhile. Please reload and try again.');
    }
    return this.describe(id);
  }

  /** POST organization/ResumePlan: a cancelled plan renews again (`resume`), while its period runs. */
  async resume(actor: Actor, orgId?: number): Promise<PlanRenewal> {
    const id = this.orgOf(actor, orgId);
    const { db } = this.deps;
    const row = await findPlanSubscription(db, id);
    if (!row || row.status === 'lapsed') throw conflict(NO_RENEWING_PLAN);
    if (row.status === 'cancelling') {
      const managed = this.subscriptionOfRow(row);
      if (managed && !managed.awaitingApproval) {
        await managed.subscriptions.setCancelAtPeriodEnd(managed.id, false).catch(providerFailed);
      }
      const moved = await movePlan(db, id, 'resume', { nextAttemptAt: row.periodEnd });
      // The provider's webhook may have resumed it first.
      if (!moved && (await findPlanSubscription(db, id))?.status !== 'active') {
        throw conflict('The plan changed meanwhile. Please reload and try again.');
      }
    }
    return this.describe(id);
  }

  /**
   * POST organization/ChangePlan: a higher plan of the same billing period starts now, the difference for
   * the rest of the period charged to the saved card (prorateCents); any other plan (a lower one, or
   * another billing period) starts with the next period, scheduled. The plan the school is on withdraws a
   * scheduled change. `preview` answers what would happen and changes nothing.
   */
  async changePlan(
    actor: Actor,
    input: {
      org_Id?: number | undefined;
      subscriptionCategoryType: PlanCategory;
      preview?: boolean | undefined;
    },
    now = new Date(),
  ): Promise<ChangePlanResponse> {
    const { db, provider } = this.deps;
    const orgId = this.orgOf(actor, input.org_Id);
    const row = await findPlanSubscription(db, orgId);
    if (!row || row.status === 'lapsed') throw conflict(NO_RENEWING_PLAN);
    if (row.status === 'past_due') {
      throw conflict('Your renewal payment failed: pay for your plan first, then change it.');
    }
    if (row.status === 'cancelling') {
      throw conflict('Your plan is cancelled: resume it first, then change it.');
    }
    const targetRow = await findPlanPriceByCategory(db, input.subscriptionCategoryType);
    const target = targetRow ? await findPlanPriceById(db, targetRow.id) : undefined;
    const current = await findPlanPriceById(db, row.planPriceId);
    if (!target || !current) throw notFound('Plan');
    const answer = async (change: ChangePlanResponse['change'], cents: number, orderId: number | null) => ({
      change,
      charged: dollars(cents),
      currency: target.currency,
      order_Id: orderId,
      renewal: await this.describe(orgId, now),
    });
    const managed = this.subscriptionOfRow(row);
    if (managed?.awaitingApproval) {
      throw conflict('Approve your plan’s renewal at PayPal on Plan & billing first, then change your plan.');
    }
    if (managed && !managed.subscriptions.changesPeriod && target.months !== current.months) {
      throw conflict(
        'Your plan renews through PayPal, which keeps its billing period: choose the plan on the plans screen and pay at checkout to change it.',
      );
    }
    if (target.id === current.id) {
      if (!input.preview && row.nextPlanPriceId !== null) {
        // The provider's subscription charges the running plan again from the period's end.
        if (managed) {
          await managed.subscriptions.changePrice(managed.id, current, row.periodEnd).catch(providerFailed);
        }
        await movePlan(db, orgId, 'scheduled', { nextPlanPriceId: null });
      }
      return answer('unchanged', 0, null);
    }
    const isUpgrade = target.rank > current.rank && target.months === current.months;
    if (!isUpgrade) {
      if (!input.preview) {
        // The provider's subscription charges the new plan (and period) from the period's end, nothing before.
        if (managed) {
          await managed.subscriptions.changePrice(managed.id, target, row.periodEnd).catch(providerFailed);
        }
        if (!(await movePlan(db, orgId, 'scheduled', { nextPlanPriceId: target.id }))) {
          throw conflict('The plan changed meanwhile. Please reload and try again.');
        }
      }
      return answer('scheduled', 0, null);
    }
    const cents = prorateCents(
      target.amountCents - current.amountCents,
      row.periodEnd.getTime() - now.getTime(),
      row.periodEnd.getTime() - row.periodStart.getTime(),
    );
    if (input.preview) return answer('upgrade', cents, null);
    const claimed = await claimPlan(db, orgId, now, new Date(now.getTime() + CLAIM_MS), {
      due: false,
      states: ['active'],
    });
    if (!claimed) throw conflict('A change to this plan is under way. Please try again in a moment.');
    try {
      let payment = {
        provider: 'free',
        providerOrderId: `upgrade-${orgId}-${now.getTime()}`,
        captureId: null as string | null,
      };
      const payer = this.providers.get(claimed.provider) ?? provider;
      const card = cents > 0 && payer.chargeSaved ? await this.cardOf(claimed) : null;
      if (cents > 0 && (!card || !payer.chargeSaved)) {
        throw conflict(
          'No saved card can pay the difference: choose the plan on the plans screen and pay at checkout.',
        );
      }
      // The provider's subscription charges the higher plan from its next renewal (nothing prorated
      // there: the difference for the rest of this period is charged here, as prorateCents says).
      if (managed) await managed.subscriptions.changePrice(managed.id, target, 'now').catch(providerFailed);
      const undo = async () => {
        if (!managed) return;
        await managed.subscriptions.changePrice(managed.id, current, 'now').catch((error: unknown) => {
          this.deps.log.error(
            { err: error, orgId },
            'the subscription kept the price of an upgrade not paid',
          );
        });
      };
      if (cents > 0 && card && payer.chargeSaved) {
        const charge = await payer
          .chargeSaved({
            cardToken: card.token,
            amountCents: cents,
            currency: target.currency,
            description: `Skillwise upgrade to ${target.category} for the rest of the period`,
            requestId: `upgrade-${orgId}-${claimed.periodEnd.getTime()}-${target.id}`,
          })
          .catch(async (error: unknown) => {
            await undo();
            return providerFailed(error);
          });
        if (charge.result.status !== 'COMPLETED') {
          await undo();
          throw new AppError('CARD_DECLINED', `${MSG.paymentCaptureFailed} ${MSG.cardDeclined}`);
        }
        payment = {
          provider: payer.name,
          providerOrderId: charge.orderId,
          captureId: charge.result.captureId,
        };
      }
      const orderId = await this.recordUpgrade(claimed, current.id, target, cents, payment, now);
      return await answer('upgrade', cents, orderId);
    } finally {
      await releasePlan(db, orgId);
    }
  }

  /** The upgrade's order, its period from now to the period's end, and the plan moved to it: together. */
  private async recordUpgrade(
    row: PlanSubscriptionRow,
    fromPriceId: number,
    target: NonNullable<Awaited<ReturnType<typeof findPlanPriceById>>>,
    cents: number,
    payment: { provider: string; providerOrderId: string; captureId: string | null },
    now: Date,
  ): Promise<number | null> {
    const { db, notifications } = this.deps;
    const buyer = await findPlanBuyer(db, row);
    if (buyer === undefined) throw notFound('Organisation');
    return db.transaction(async (tx) => {
      await lockOrganisation(tx, row.orgId);
      const existing = await findOrderByProviderId(tx, payment.provider, payment.providerOrderId);
      if (existing) return existing.id;
      const moved = await movePlan(
        tx,
        row.orgId,
        'upgraded',
        { planPriceId: target.id, nextPlanPriceId: null },
        eq(planSubscriptions.planPriceId, fromPriceId),
      );
      if (!moved) throw conflict('The plan changed meanwhile. Please reload and try again.');
      const order = await insertOrder(tx, {
        userId: buyer,
        orgId: row.orgId,
        kind: 'plan',
        planPriceId: target.id,
        amountCents: cents,
        currency: target.currency,
        provider: payment.provider,
        providerOrderId: payment.providerOrderId,
        providerCaptureId: payment.captureId,
        status: 'captured',
        capturedAt: now,
      });
      await insertSubscription(tx, {
        orgId: row.orgId,
        planPriceId: target.id,
        orderId: order.id,
        periodStart: now,
        periodEnd: row.periodEnd,
      });
      await notifications.planPurchased(
        {
          orderId: order.id,
          userId: buyer,
          plan: target.plan,
          months: target.months,
          amountCents: cents,
          currency: target.currency,
          reference: payment.providerOrderId,
          capturedAt: now,
          periodStart: now,
          periodEnd: row.periodEnd,
        },
        tx,
      );
      return order.id;
    });
  }

  /**
   * A plan order the operator refunded (npm run refund-plan, docs/decisions/029): the paid periods it
   * bought end now. When the plan followed that purchase, or nothing paid covers now any more, the plan
   * ends with them (`refunded`: lapsed now, its grace days gone, nothing renews it) and its publishers are
   * told; a subscription at Stripe or PayPal renewing it is ended there (failing, the round ends it).
   * Safe to run again: what is done already is not done twice.
   */
  async endRefundedPlan(
    order: Pick<OrderRow, 'id' | 'orgId' | 'providerOrderId'>,
    now = new Date(),
  ): Promise<{
    periodEnded: boolean;
    planEnded: boolean;
    /** The provider's subscription that renewed the plan: ended there, left to the round, or none. */
    subscription: { provider: string; ended: boolean } | null;
  }> {
    const { db } = this.deps;
    const { periodEnded, planEnded } = await db.transaction(async (tx) => {
      await lockOrganisation(tx, order.orgId);
      const ended = await endPeriodsOfOrder(tx, order.id, now);
      if (ended === 0) return { periodEnded: false, planEnded: false };
      const row = await findPlanSubscription(tx, order.orgId);
      if (!row) return { periodEnded: true, planEnded: false };
      const stillPaid = await findPaidThrough(tx, order.orgId, now);
      if (row.sourceOrderId !== order.providerOrderId && stillPaid) {
        return { periodEnded: true, planEnded: false };
      }
      await deleteGracePeriods(tx, order.orgId);
      const lapsed = await movePlan(tx, order.orgId, 'refunded', {
        periodEnd: now,
        graceEndsAt: null,
        nextAttemptAt: null,
        nextPlanPriceId: null,
        claimedUntil: null,
      });
      if (lapsed) await this.tellLapsed(tx, lapsed, now);
      return { periodEnded: true, planEnded: lapsed !== undefined };
    });
    const row = await findPlanSubscription(db, order.orgId);
    const managed = row?.status === 'lapsed' ? this.subscriptionOfRow(row) : undefined;
    const subscription =
      row && managed ? { provider: managed.name, ended: await this.endSubscription(row) } : null;
    return { periodEnded, planEnded, subscription };
  }

  /** The database, for the test-only clock (test-clock.ts). */
  get database(): Db {
    return this.deps.db;
  }
}
