import { MSG, ROLE } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { insertEnrolment, isEnrolled } from '../../db/queries/enrolments';
import {
  findActiveSubscription,
  findPaidThrough,
  findPlanPriceById,
  insertSubscription,
} from '../../db/queries/subscriptions';
import type { RefundReason } from '../../db/schema';
import { addMonths } from '../../lib/dates';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, notFound } from '../../lib/errors';
import type { CapturedPayment } from '../../lib/payments/provider';
import { findAccess, type Subject } from '../access/access';
import { lockOrganisation } from '../organisations/plan-limits';
import { takeCouponUse } from './coupons.service';
import type { OrderRefunds } from './order-refunds';
import type { PaymentProviders } from './payment-providers';
import {
  findOrderById,
  findRefundByOrderId,
  insertRefund,
  listOrdersInFlight,
  moveOrder,
  type OrderRow,
  type PaymentEvent,
  recordPaymentEvent,
} from './payments.repository';
import type { PaymentDeps } from './payments.service';

export const NOT_ON_SALE = 'This course is not on sale at the moment.';

/** What a capture request answers when its capture was given back: the error the buyer would have met before paying. */
function refusalOf(reason: RefundReason): AppError {
  if (reason === 'already_owned') return new AppError('CONFLICT', MSG.alreadyEnrolled);
  if (reason === 'course_unavailable') return new AppError('CONFLICT', NOT_ON_SALE);
  if (reason === 'plan_unavailable') return notFound('Plan');
  return new AppError('PAYMENT_DECLINED', MSG.paymentCaptureFailed);
}

/** A webhook event taken already: thrown inside the claim's transaction to undo it. */
export class ReplayedEvent extends Error {}

/** A completed capture its order cannot use: thrown inside the capture's transaction to undo all of it. */
class UnusableCapture extends Error {
  constructor(readonly reason: RefundReason) {
    super(`unusable capture: ${reason}`);
  }
}

/** A course order's buyer, as the access module judges whether it may buy the course (only students buy). */
const buyerOf = (order: OrderRow): Subject => ({
  userId: order.userId,
  role: ROLE.STUDENT,
  orgId: null,
  team: null,
});

/** An order's coupon as its receipt says it: the code, the list price and what it took off. */
export const couponOf = (order: OrderRow) =>
  order.couponCode === null
    ? undefined
    : { code: order.couponCode, listCents: order.amountCents, discountCents: order.discountCents };

/**
 * An order's capture (SPEC §4, docs/ARCHITECTURE.md "Payments"): claimed, captured with its provider,
 * and what it grants recorded in the transaction that marks it captured, once, whichever path captures
 * it (the buyer's return, a provider's webhook, the reconciler). A capture it cannot use is given back.
 */
export class OrderCapture {
  constructor(
    private readonly deps: PaymentDeps,
    private readonly providers: PaymentProviders,
    private readonly refunds: OrderRefunds,
  ) {}

  /** Claim, then settle: what both CaptureOrder calls (and a provider's webhook) do. */
  async capture(order: OrderRow, event?: PaymentEvent): Promise<'captured' | 'pending'> {
    if (order.status === 'captured') return 'captured';
    const claimed = await this.claim(order, event);
    if (claimed === 'captured') return 'captured';
    return this.settle(order.status === 'pending' ? { ...claimed, status: 'pending' } : claimed);
  }

  /**
   * Settles orders left in capture or held pending since before `before` (a crash, a provider that did
   * not answer, a review that has finished): each is captured once, whichever instance gets there first.
   * Stops between orders once `signal` is aborted (the server is closing). Answers how many were captured.
   */
  async settleInFlight(before: Date, signal?: AbortSignal): Promise<number> {
    const { db, log } = this.deps;
    let settled = 0;
    for (const order of await listOrdersInFlight(db, before)) {
      if (signal?.aborted) break;
      try {
        const claimed = order.status === 'pending' ? order : await this.claim(order);
        if (claimed === 'captured') continue;
        if ((await this.settle(claimed)) === 'captured') settled += 1;
      } catch (error) {
        // A refusal is the order's outcome (declined, or given back: settle logged it); anything else
        // leaves the order for the next round.
        if (error instanceof AppError && error.code !== 'PAYMENT_PROVIDER') continue;
        log.warn({ orderId: order.id, err: error }, 'an order in flight could not be settled yet');
      }
    }
    return settled;
  }

  /**
   * Claims the order for capture. A course order waits its turn behind another order of the same buyer
   * and course (the partial unique index), and is refused when the buyer owns the course by now (two
   * tabs, or Pay, Cancel and Pay again, never charge twice) or when the organisation's plan cannot take
   * one more student, counting the buyers whose captures are under way.
   */
  private async claim(order: OrderRow, event?: PaymentEvent): Promise<OrderRow | 'captured'> {
    const { db, limits } = this.deps;
    try {
      return await db.transaction(async (tx) => {
        // The claim comes first: it waits for (or collides with) another order of this buyer and course
        // in capture, so the checks below, each a fresh statement, see what that one committed.
        const claimed = await moveOrder(tx, order.id, 'capturing');
        // A webhook's event is recorded with the claim it makes: a replay claims nothing.
        if (claimed && event && !(await recordPaymentEvent(tx, event))) throw new ReplayedEvent();
        if (!claimed) {
          // Captured or given back (the states a claim may not leave): answer what became of it.
          if ((await this.outcomeOf(order.id, tx)) === 'captured') return 'captured' as const;
          throw new AppError('PAYMENT_DECLINED', MSG.paymentCaptureFailed);
        }
        const isFirstTry = order.status !== 'capturing' && order.status !== 'pending';
        if (isFirstTry && claimed.kind === 'course' && claimed.courseId !== null) {
          if (await isEnrolled(tx, claimed.userId, claimed.courseId)) {
            throw new AppError('CONFLICT', MSG.alreadyEnrolled);
          }
          // Under the organisation's lock: the buyer's place among its students is held from here on.
          await limits.checkNewContact(tx, claimed.orgId, claimed.userId);
          // Before any money moves: the coupon's use is this order's, or the last one went to another.
          await takeCouponUse(tx, claimed);
        }
        return claimed;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || order.courseId === null) throw error;
      throw new AppError('CONFLICT', MSG.paymentInProgress);
    }
  }

  /**
   * What a captured order grants, in the transaction that records the capture; or why it cannot: the
   * course is no longer on sale to its buyer (unpublished or gone), the buyer owns it by now (a school
   * enrolled them, or another order did, while this payment was under way), or the plan is gone.
   */
  private async grant(tx: Db, order: OrderRow): Promise<RefundReason | undefined> {
    if (order.kind === 'plan') {
      return order.planPriceId === null ? 'plan_unavailable' : this.grantPlan(tx, order, order.planPriceId);
    }
    if (order.courseId === null || !(await findAccess(tx, buyerOf(order), 'course.buy', order.courseId))) {
      return 'course_unavailable';
    }
    const enrolled = await insertEnrolment(tx, {
      userId: order.userId,
      courseId: order.courseId,
      source: 'purchased',
      orderId: order.id,
    });
    if (!enrolled) return 'already_owned';
    // Once per order: grant runs only in the transaction whose move to `captured` changed the order.
    await this.deps.notifications.coursePurchased(
      {
        orderId: order.id,
        userId: order.userId,
        courseId: order.courseId,
        amountCents: order.amountCents - order.discountCents,
        currency: order.currency,
        reference: order.providerOrderId,
        capturedAt: new Date(),
        coupon: couponOf(order),
      },
      tx,
    );
    return undefined;
  }

  /**
   * A paid plan period, under the organisation's lock. A higher plan (an upgrade) starts at once; the
   * same plan (a renewal) or a lower one starts when what is already paid for ends, so a running
   * better plan is never cut short. Months are calendar months (31 January + 1 month = 28/29 February).
   */
  private async grantPlan(tx: Db, order: OrderRow, planPriceId: number): Promise<RefundReason | undefined> {
    await lockOrganisation(tx, order.orgId);
    const planPrice = await findPlanPriceById(tx, planPriceId);
    if (!planPrice) return 'plan_unavailable';
    const now = new Date();
    const running = await findActiveSubscription(tx, order.orgId, now);
    const isUpgrade = !running || planPrice.rank > running.rank;
    const start = isUpgrade ? now : ((await findPaidThrough(tx, order.orgId, now)) ?? now);
    const periodEnd = addMonths(start, planPrice.months);
    await insertSubscription(tx, {
      orgId: order.orgId,
      planPriceId: planPrice.id,
      orderId: order.id,
      periodStart: start,
      periodEnd,
    });
    // From now on it renews by itself, at the end of what is paid (docs/decisions/025).
    await this.deps.billing?.subscriptions.planBought(tx, {
      order,
      planPriceId: planPrice.id,
      periodStart: start,
      periodEnd,
      now,
    });
    // Once per order, like the period itself: the receipt goes with the transaction that records it.
    await this.deps.notifications.planPurchased(
      {
        orderId: order.id,
        userId: order.userId,
        plan: planPrice.plan,
        months: planPrice.months,
        amountCents: order.amountCents,
        currency: order.currency,
        reference: order.providerOrderId,
        capturedAt: now,
        periodStart: start,
        periodEnd,
      },
      tx,
    );
    return undefined;
  }

  /**
   * What became of an order another change moved first: captured or pending stand (this request answers
   * them too); one given back answers why, as the request that gave it back did; anything else failed.
   */
  private async outcomeOf(orderId: number, db: Db = this.deps.db): Promise<'captured' | 'pending'> {
    const now = await findOrderById(db, orderId);
    if (now?.status === 'captured' || now?.status === 'pending') return now.status;
    const refund =
      now?.status === 'refunding' || now?.status === 'refunded'
        ? await findRefundByOrderId(db, orderId)
        : undefined;
    throw refund ? refusalOf(refund.reason) : new AppError('PAYMENT_DECLINED', MSG.paymentCaptureFailed);
  }

  /**
   * Captures a claimed order with the provider and records the outcome, once: COMPLETED grants (in the
   * transaction that marks it captured), PENDING waits (the reconciler grants it when the provider
   * completes it), DECLINED frees the order to be tried again. A capture the order cannot use (another
   * amount or currency, or see grant) is given back. A provider that does not answer leaves the claim:
   * the same order may be tried again (the same request id captures once) and the reconciler settles it.
   */
  private async settle(order: OrderRow): Promise<'captured' | 'pending'> {
    const { db, log } = this.deps;
    const result = await this.providers.call(async () => {
      const provider = this.providers.of(order.provider);
      return order.status === 'pending'
        ? provider.checkCapture(order.providerOrderId)
        : provider.captureOrder(order.providerOrderId, `capture-${order.id}`);
    });
    if (result.status === 'DECLINED') {
      if (!(await moveOrder(db, order.id, 'failed'))) return this.outcomeOf(order.id);
      log.info({ orderId: order.id, reason: result.reason }, 'payment declined');
      // The spec's words first, then what the buyer can do about a card that was refused.
      if (result.cardDeclined) {
        throw new AppError('CARD_DECLINED', `${MSG.paymentCaptureFailed} ${MSG.cardDeclined}`);
      }
      throw new AppError('PAYMENT_DECLINED', MSG.paymentCaptureFailed);
    }
    const expected = order.amountCents - order.discountCents;
    if (result.amountCents !== expected || result.currency !== order.currency) {
      log.error(
        { orderId: order.id, captured: result, expected },
        'captured amount differs from the order: refunding it',
      );
      return this.giveBack(order, result, 'wrong_amount');
    }
    if (result.status === 'PENDING') {
      const parked = await moveOrder(db, order.id, 'pending', { providerCaptureId: result.captureId });
      return parked ? 'pending' : this.outcomeOf(order.id);
    }
    let captured: boolean;
    try {
      captured = await db.transaction(async (tx) => {
        const row = await moveOrder(tx, order.id, 'captured', {
          providerCaptureId: result.captureId,
          capturedAt: new Date(),
          providerFeeCents: result.feeCents ?? null,
        });
        if (!row) return false;
        const unusable = await this.grant(tx, row);
        if (unusable) throw new UnusableCapture(unusable);
        return true;
      });
    } catch (error) {
      if (error instanceof UnusableCapture) return this.giveBack(order, result, error.reason);
      throw error;
    }
    if (captured) {
      // A plan's card kept, or its provider's subscription started (here too for a webhook or the reconciler).
      if (order.kind === 'plan') await this.deps.billing?.subscriptions.planCaptured(order);
      return 'captured';
    }
    // Another change came first. A decline recorded meanwhile was answered to the buyer as a failed
    // payment, so the money this capture took goes back.
    const now = await findOrderById(db, order.id);
    if (now?.status === 'failed') return this.giveBack(now, result, 'declined_meanwhile');
    return this.outcomeOf(order.id);
  }

  /**
   * Gives back a completed capture its order cannot use: the order moves to `refunding` with its refund
   * recorded (the whole capture, once per order), then the provider is asked for it. Answers what the
   * buyer is told; when another change came first, what it did.
   */
  private async giveBack(
    order: OrderRow,
    capture: CapturedPayment,
    reason: RefundReason,
  ): Promise<'captured' | 'pending'> {
    const { db, log } = this.deps;
    const refund = await db.transaction(async (tx) => {
      const owed = await moveOrder(tx, order.id, 'refunding', { providerCaptureId: capture.captureId });
      if (!owed) return undefined;
      return insertRefund(tx, {
        orderId: order.id,
        amountCents: capture.amountCents,
        currency: capture.currency,
        reason,
        provider: order.provider,
        providerCaptureId: capture.captureId,
      });
    });
    if (!refund) return this.outcomeOf(order.id);
    log.warn({ orderId: order.id, reason }, 'a capture its order cannot use is being refunded');
    await this.refunds.send(refund);
    throw refusalOf(reason);
  }
}
