import { type ChangePlanResponse, MSG, type PlanCategory, type PlanRenewal } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { findOrderByProviderId, type OrderRow } from '../../db/queries/orders';
import { findPaidThrough, findPlanPriceByCategory, findPlanPriceById } from '../../db/queries/subscriptions';
import { planSubscriptions } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { type PaymentProvider, PaymentProviderError } from '../../lib/payments/provider';
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
  findPlanSubscription,
  forgetSubscription,
  movePlan,
  noteSubscriptionApproval,
  type PlanSubscriptionRow,
  releasePlan,
} from './billing.repository';
import { type PlanPayment, recordPaidPeriod } from './paid-periods';
import type { PlanNotices } from './plan-notices';
import { describeRenewal } from './plan-renewal';
import type { PlanSubscriptions } from './plan-subscriptions';

/** How long one renewal try (or one change) holds its plan: longer than any provider call takes. */
export const CLAIM_MS = 10 * 60_000;

/** A provider's error answered to a school's call: nothing was changed (docs/decisions/027). */
const providerFailed = (error: unknown): never => {
  if (error instanceof PaymentProviderError || (error instanceof Error && error.name.startsWith('Stripe'))) {
    throw new AppError('PAYMENT_PROVIDER', MSG.paymentError);
  }
  throw error;
};

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
 * A school's plan as Plan & billing shows and changes it (billing.routes.ts, docs/decisions/025): its
 * renewal, cancelled and resumed, changed to another plan (an upgrade now, anything else with the next
 * period); and the operator's refund of a plan order, which ends what it paid for.
 */
export class PlanChangeService {
  constructor(
    private readonly deps: {
      db: Db;
      /** The default provider: an upgrade's difference is charged through it when the plan's own is gone. */
      provider: PaymentProvider;
      log: FastifyBaseLogger;
      notifications: Pick<NotificationService, 'planPurchased'>;
    },
    private readonly subscriptions: PlanSubscriptions,
    private readonly notices: PlanNotices,
  ) {}

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
    return describeRenewal(this.deps.db, this.subscriptions, id);
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
    const managed = row ? this.subscriptions.of(row) : undefined;
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
    const managed = this.subscriptions.of(row);
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
    return describeRenewal(this.deps.db, this.subscriptions, id);
  }

  /** POST organization/ResumePlan: a cancelled plan renews again (`resume`), while its period runs. */
  async resume(actor: Actor, orgId?: number): Promise<PlanRenewal> {
    const id = this.orgOf(actor, orgId);
    const { db } = this.deps;
    const row = await findPlanSubscription(db, id);
    if (!row || row.status === 'lapsed') throw conflict(NO_RENEWING_PLAN);
    if (row.status === 'cancelling') {
      const managed = this.subscriptions.of(row);
      if (managed && !managed.awaitingApproval) {
        await managed.subscriptions.setCancelAtPeriodEnd(managed.id, false).catch(providerFailed);
      }
      const moved = await movePlan(db, id, 'resume', { nextAttemptAt: row.periodEnd });
      // The provider's webhook may have resumed it first.
      if (!moved && (await findPlanSubscription(db, id))?.status !== 'active') {
        throw conflict('The plan changed meanwhile. Please reload and try again.');
      }
    }
    return describeRenewal(this.deps.db, this.subscriptions, id);
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
      renewal: await describeRenewal(this.deps.db, this.subscriptions, orgId, now),
    });
    const managed = this.subscriptions.of(row);
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
      const payer = this.subscriptions.provider(claimed.provider) ?? provider;
      const card = cents > 0 && payer.chargeSaved ? await this.subscriptions.cardOf(claimed) : null;
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
    payment: PlanPayment,
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
      return recordPaidPeriod(tx, notifications, {
        orgId: row.orgId,
        buyer,
        price: target,
        amountCents: cents,
        currency: target.currency,
        payment,
        capturedAt: now,
        periodStart: now,
        periodEnd: row.periodEnd,
      });
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
      if (lapsed) await this.notices.lapsed(tx, lapsed, now);
      return { periodEnded: true, planEnded: lapsed !== undefined };
    });
    const row = await findPlanSubscription(db, order.orgId);
    const managed = row?.status === 'lapsed' ? this.subscriptions.of(row) : undefined;
    const subscription =
      row && managed ? { provider: managed.name, ended: await this.subscriptions.end(row) } : null;
    return { periodEnded, planEnded, subscription };
  }
}
