import { PLAN_GRACE_DAYS } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { findOrderByProviderId, insertOrder } from '../../db/queries/orders';
import { findPlanPriceById, insertSubscription } from '../../db/queries/subscriptions';
import { planSubscriptions } from '../../db/schema';
import { addMonths, DAY_MS } from '../../lib/dates';
import { type CaptureResult, type PaymentProvider, PaymentProviderError } from '../../lib/payments/provider';
import type { NotificationService } from '../notifications/notifications.service';
import { lockOrganisation } from '../organisations/plan-limits';
import {
  claimPlan,
  deleteGracePeriods,
  findPlanBuyer,
  listDueRenewals,
  movePlan,
  type PlanSubscriptionRow,
  releasePlan,
} from './billing.repository';
import { recordPaidPeriod } from './paid-periods';
import { CLAIM_MS, PlanChangeService } from './plan-changes.service';
import { PlanNotices } from './plan-notices';
import { PlanSubscriptions } from './plan-subscriptions';
import { type RecordEvent, SubscriptionEvents } from './subscription-events';

export type BillingDeps = {
  db: Db;
  /** The default provider: the renewal round charges its saved cards. */
  provider: PaymentProvider;
  /** Every other configured provider: one with subscriptions of its own renews its plans (docs/decisions/027). */
  others?: readonly PaymentProvider[];
  log: FastifyBaseLogger;
  notifications: NotificationService;
};

/**
 * The renewal engine (docs/decisions/025): a plan bought through checkout renews by itself at the end of
 * its period, charging the card it was bought with, until it is cancelled. Every change of its state goes
 * through PLAN_TRANSITIONS (db/schema/billing.ts); the round the server runs every minute renews what is
 * due, retries during grace, lapses what ended and sends the reminders, each once per period on any number
 * of instances. A provider's webhook (a renewal paid or failed by its own subscriptions, subscription-events.ts)
 * drives the same changes through `renewalPaid` and `renewalFailed`. What renews a plan is plan-subscriptions.ts;
 * the school's calls are plan-changes.service.ts.
 */
export class BillingService {
  /** The card or the provider's subscription that renews each plan; the checkout's hooks. */
  readonly subscriptions: PlanSubscriptions;
  /** What the providers' own subscriptions report (payments' webhooks). */
  readonly events: SubscriptionEvents;
  /** Plan & billing's calls, and the operator's refund of a plan. */
  readonly changes: PlanChangeService;
  private readonly notices: PlanNotices;

  constructor(private readonly deps: BillingDeps) {
    this.subscriptions = new PlanSubscriptions(deps);
    this.notices = new PlanNotices(deps);
    this.events = new SubscriptionEvents(deps, this.subscriptions, this, this.notices);
    this.changes = new PlanChangeService(deps, this.subscriptions, this.notices);
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
    const lapsed = signal?.aborted ? 0 : await this.notices.lapseEnded(now);
    const reminded = signal?.aborted ? 0 : await this.notices.remindDue(now);
    if (!signal?.aborted) await this.events.settle(now);
    return { renewed, failed, lapsed, reminded };
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
    if (this.subscriptions.subscriptionsOf(row.provider)) {
      // Renewed by the provider's own subscription, which this plan lacks: never charged by the round.
      return this.renewalFailed(row, now, { reason: `no ${row.provider} subscription renews the plan` });
    }
    const card = row.provider === provider.name ? await this.subscriptions.cardOf(row) : null;
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
      await deleteGracePeriods(tx, row.orgId);
      await recordPaidPeriod(tx, notifications, {
        orgId: row.orgId,
        buyer,
        price,
        amountCents: payment.amountCents,
        currency: payment.currency,
        payment,
        capturedAt: now,
        periodStart: start,
        periodEnd: end,
      });
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
        if (lapsed) await this.notices.lapsed(tx, lapsed, graceEndsAt);
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

  /** The database, for the test-only clock (test-clock.ts). */
  get database(): Db {
    return this.deps.db;
  }
}
