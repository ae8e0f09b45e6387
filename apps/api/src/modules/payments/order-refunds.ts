import type { RefundOrderResponse } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { revokeEnrolment } from '../../db/queries/enrolments';
import { findPlanPriceById } from '../../db/queries/subscriptions';
import type { RefundReason } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { PaymentProviderError, type ProviderRefund, type RefundResult } from '../../lib/payments/provider';
import type { Actor } from '../../plugins/auth';
import { mayRefundSale } from '../access/access';
import type { SaleRefundCause } from '../notifications/money-messages';
import { dollars } from '../organisations/organisations.service';
import { type AuditActor, recordAudit } from '../team/audit';
import type { PaymentProviders } from './payment-providers';
import {
  addRefunded,
  completeRefund,
  findOrderByCaptureId,
  findOrderById,
  findRefundById,
  findRefundByRequestKey,
  insertRefund,
  listPendingRefunds,
  moveOrder,
  noteRefundFailure,
  type OrderRow,
  type PaymentEvent,
  type RefundRow,
  recordPaymentEvent,
} from './payments.repository';
import type { PaymentDeps } from './payments.service';

/** Why a capture was given back, as the buyer reads it on the refund receipt. */
const REFUND_REASON_TEXTS: Record<RefundReason, string> = {
  wrong_amount: 'The payment provider charged another amount than the order’s.',
  already_owned: 'You already had this course when the payment completed.',
  course_unavailable: 'The course was no longer on sale when the payment completed.',
  plan_unavailable: 'The plan could no longer be applied when the payment completed.',
  declined_meanwhile: 'The payment had been reported as failed before it completed.',
  provider_refund: 'The school refunded this payment.',
  school_refund: 'The school refunded this payment.',
  guarantee: 'Refunded under the school’s money-back guarantee.',
};

/** Why a plan was refunded (by the operator), as the school reads it on the refund receipt. */
const PLAN_REFUNDED = 'Skillwise refunded your plan; its paid period ended.';

/** A school's refund of one of its sales (one of several a sale may have), or its guarantee taken up. */
const isSchoolRefund = (refund: RefundRow) =>
  refund.reason === 'school_refund' || refund.reason === 'guarantee';

/**
 * Money given back (docs/decisions/029): a school's refund of a sale, a capture its order cannot use, a
 * refund made in the provider's dashboard. What was given back in all never exceeds what was paid; each
 * refund is asked of the provider with one idempotency key, so it is made once however often it is asked.
 */
export class OrderRefunds {
  constructor(
    private readonly deps: PaymentDeps,
    private readonly providers: PaymentProviders,
  ) {}

  /**
   * POST orders/RefundOrder (docs/decisions/029): the school gives back one of its course sales, whole or
   * a part, through the provider that took it. What was given back in all never exceeds what was paid
   * (the order's `refunded_cents`, raised with each refund in its transaction); a request sent again with
   * its `request_id` answers the refund it made. With `remove_access` (by default for what is left in
   * full) the buyer loses the course in the same transaction: enrolment revoked, certificate revoked,
   * review hidden. The provider is asked at once; down, the refund waits and the reconciler asks again
   * every minute (`status: pending`).
   */
  async refundSale(
    actor: Actor,
    input: {
      order_Id: number;
      amount?: number | undefined;
      reason: string;
      remove_access?: boolean | undefined;
      request_id?: string | undefined;
    },
  ): Promise<RefundOrderResponse> {
    const order = await findOrderById(this.deps.db, input.order_Id);
    if (!order || !mayRefundSale(actor, order)) throw notFound('Order');
    return this.refundOrder(order, {
      cents: input.amount === undefined ? undefined : Math.round(input.amount * 100),
      reason: 'school_refund',
      note: input.reason,
      requestedBy: actor.userId,
      auditBy: actor,
      removeAccess: input.remove_access,
      key: input.request_id ? `school-${order.id}-${input.request_id}` : null,
    });
  }

  /**
   * Gives back a course sale (the school's refund, or its guarantee taken up by the student) or a plan
   * order (the operator's refund, npm run refund-plan: recorded as a refund asked through the app): `cents` of
   * it (all that is left by default), once per `key`, the course taken away with it when `removeAccess`
   * (by default when it gives back all that is left), then sent to the provider. The caller has checked
   * who may; this checks what may be refunded.
   */
  async refundOrder(
    order: OrderRow,
    options: {
      cents?: number | undefined;
      reason: 'school_refund' | 'guarantee';
      note: string;
      /** Who asked: a school's staff, the buyer; null for the operator (a plan's refund, npm run refund-plan). */
      requestedBy: number | null;
      /** The school's member who gave it back, recorded in the school's audit log with the refund. */
      auditBy?: AuditActor | undefined;
      removeAccess?: boolean | undefined;
      key: string | null;
    },
  ): Promise<RefundOrderResponse> {
    const { db, log } = this.deps;
    const { key } = options;
    const earlier = key ? await findRefundByRequestKey(db, key) : undefined;
    if (earlier) return this.refundAnswer(earlier);
    const paid = order.amountCents - order.discountCents;
    if ((order.status !== 'captured' && order.status !== 'refunded') || order.capturedAt === null) {
      throw new AppError('CONFLICT', 'This order was never paid: there is nothing to refund.');
    }
    if (paid === 0 || !order.providerCaptureId) {
      throw new AppError('CONFLICT', 'This enrolment was free: there is nothing to refund.');
    }
    const left = paid - order.refundedCents;
    if (left <= 0) throw new AppError('CONFLICT', 'This sale is refunded in full already.');
    const cents = options.cents ?? left;
    if (cents > left) {
      throw fieldError('amount', `must be at most ${dollars(left)}, what is left of the sale`);
    }
    const removeAccess = options.removeAccess ?? cents === left;
    let refund: RefundRow;
    try {
      refund = await db.transaction(async (tx) => {
        const raised = await addRefunded(tx, order.id, cents);
        if (!raised) {
          const now = await findOrderById(tx, order.id);
          const remaining = now ? now.amountCents - now.discountCents - now.refundedCents : 0;
          throw fieldError(
            'amount',
            `must be at most ${dollars(Math.max(0, remaining))}, what is left of the sale`,
          );
        }
        const row = await insertRefund(tx, {
          orderId: order.id,
          amountCents: cents,
          currency: order.currency,
          reason: options.reason,
          provider: order.provider,
          providerCaptureId: order.providerCaptureId ?? '',
          requestKey: key,
          note: options.note,
          requestedBy: options.requestedBy,
          removedAccess: removeAccess,
        });
        if (removeAccess && order.courseId !== null) await revokeEnrolment(tx, order.userId, order.courseId);
        if (options.auditBy) {
          await recordAudit(tx, order.orgId, options.auditBy, 'order.refunded', `Order ${order.id}`, {
            order_Id: order.id,
            amount: dollars(cents),
            currency: order.currency,
            removed_access: removeAccess,
          });
        }
        return row;
      });
    } catch (error) {
      // The same request, sent twice at once: the first one's refund.
      const same = key && isUniqueViolation(error) ? await findRefundByRequestKey(db, key) : undefined;
      if (same) return this.refundAnswer(same);
      throw error;
    }
    log.info(
      { orderId: order.id, refundId: refund.id, cents, removeAccess },
      `a sale was refunded (${options.reason})`,
    );
    await this.send(refund);
    return this.refundAnswer((await findRefundById(db, refund.id)) ?? refund);
  }

  private async refundAnswer(refund: RefundRow): Promise<RefundOrderResponse> {
    const order = await findOrderById(this.deps.db, refund.orderId);
    const paid = order ? order.amountCents - order.discountCents : 0;
    const refunded = order?.refundedCents ?? 0;
    return {
      refund_Id: refund.id,
      order_Id: refund.orderId,
      amount: dollars(refund.amountCents),
      currency: refund.currency,
      status: refund.status,
      removed_access: refund.removedAccess,
      refunded_total: dollars(refunded),
      refundable: dollars(Math.max(0, paid - refunded)),
    };
  }

  /**
   * Asks the provider for a refund owed (the same idempotency key on every try, so it refunds once) and,
   * once it is taken, records it: the refund completed, the order refunded and its buyer told, together
   * and once. A provider that fails leaves the refund owed, for the reconciler. Answers whether it was taken.
   */
  async send(refund: RefundRow): Promise<boolean> {
    const { db, log } = this.deps;
    let taken: RefundResult;
    // A capture given back has one refund, keyed by its order; a school's refunds (several) by their own.
    const key = isSchoolRefund(refund) ? `refund-${refund.orderId}-${refund.id}` : `refund-${refund.orderId}`;
    try {
      taken = await this.providers
        .of(refund.provider)
        .refund(
          { captureId: refund.providerCaptureId, amountCents: refund.amountCents, currency: refund.currency },
          key,
        );
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log.error({ err: error, orderId: refund.orderId }, 'a refund could not be made yet');
      await noteRefundFailure(db, refund.id, error.message);
      return false;
    }
    await db.transaction(async (tx) => {
      if (!(await completeRefund(tx, refund.id, taken.refundId))) return;
      // A school's refund is one of several: the sale is refunded once they give back all it was paid.
      const order = isSchoolRefund(refund)
        ? await this.refundedInFull(tx, refund.orderId)
        : await moveOrder(tx, refund.orderId, 'refunded');
      if (!order) return;
      await this.tellRefunded(tx, order, refund, {
        refundReference: taken.refundId,
        // A plan's refund is the operator's (npm run refund-plan).
        reason:
          order.kind === 'plan' && refund.reason === 'school_refund'
            ? PLAN_REFUNDED
            : REFUND_REASON_TEXTS[refund.reason],
        refundedAt: new Date(),
        cause: !isSchoolRefund(refund)
          ? undefined
          : refund.reason === 'guarantee'
            ? 'guarantee'
            : refund.requestKey?.startsWith('request-')
              ? 'request'
              : 'school',
      });
    });
    return true;
  }

  /** Asks again for the refunds still owed since before `before`; stops once `signal` is aborted. */
  async sendPending(before: Date, signal?: AbortSignal): Promise<number> {
    let refunded = 0;
    for (const refund of await listPendingRefunds(this.deps.db, before)) {
      if (signal?.aborted) break;
      if (await this.send(refund)) refunded += 1;
    }
    return refunded;
  }

  /** The order of a school's refund, moved to `refunded` once its refunds give back all that was paid. */
  private async refundedInFull(tx: Db, orderId: number): Promise<OrderRow | undefined> {
    const order = await findOrderById(tx, orderId);
    if (order?.status !== 'captured') return order;
    if (order.refundedCents < order.amountCents - order.discountCents) return order;
    return (await moveOrder(tx, orderId, 'refunded')) ?? (await findOrderById(tx, orderId));
  }

  /**
   * The buyer's refund receipt, and for a course sale given back by its school or at the provider
   * (`cause`) the school's notice: in the transaction that records the refund.
   */
  private async tellRefunded(
    tx: Db,
    order: OrderRow,
    refund: RefundRow,
    told: { refundReference: string | null; reason: string; refundedAt: Date; cause?: SaleRefundCause },
  ) {
    const { refunds } = this.deps.notifications;
    const planPrice = order.planPriceId === null ? undefined : await findPlanPriceById(tx, order.planPriceId);
    await refunds.purchaseRefunded(
      {
        orderId: order.id,
        refundId: refund.id,
        userId: order.userId,
        courseId: order.courseId,
        plan: planPrice?.plan ?? null,
        amountCents: refund.amountCents,
        currency: refund.currency,
        reference: order.providerOrderId,
        refundReference: told.refundReference,
        reason: told.reason,
        refundedAt: told.refundedAt,
      },
      tx,
    );
    if (order.courseId !== null && told.cause) {
      await refunds.saleRefunded(
        {
          refundId: refund.id,
          orderId: order.id,
          userId: order.userId,
          courseId: order.courseId,
          amountCents: refund.amountCents,
          currency: refund.currency,
          cause: told.cause,
          removedAccess: refund.removedAccess,
        },
        tx,
      );
    }
  }

  /**
   * A capture refunded in the provider's dashboard (read back from the provider), with the event in one
   * transaction: what it gave back beyond the refunds made through the app is recorded (a completed
   * refund row, the order's `refunded_cents`) and its buyer sent a receipt; refunded wholly, the order is
   * `refunded` and a course it bought is taken away (enrolment and certificate revoked, review hidden), as
   * the school's own refund in full does. A refund we asked for ourselves is completed by `send`.
   */
  async refundedAtProvider(event: PaymentEvent, refund: ProviderRefund) {
    const { db, log } = this.deps;
    const order = refund.captureId
      ? await findOrderByCaptureId(db, event.provider, refund.captureId)
      : undefined;
    await db.transaction(async (tx) => {
      if (!(await recordPaymentEvent(tx, event))) return;
      const now = order ? await findOrderById(tx, order.id) : undefined;
      if (now?.status !== 'captured') return;
      // What the dashboard gave back beyond the school's own refunds through the app (recorded already).
      const extra = Math.min(refund.amountCents, now.amountCents - now.discountCents) - now.refundedCents;
      if (extra <= 0) return;
      if (refund.refunded) {
        if (!(await moveOrder(tx, now.id, 'refunded'))) return;
        if (now.kind === 'course' && now.courseId !== null) {
          await revokeEnrolment(tx, now.userId, now.courseId);
        }
      }
      // A school's refund raced this one for the same cents: undone, and the provider delivers it again.
      if (!(await addRefunded(tx, now.id, extra))) throw new Error(`order ${now.id} was refunded meanwhile`);
      const refundedAt = new Date();
      const recorded = await insertRefund(tx, {
        orderId: now.id,
        amountCents: extra,
        currency: refund.currency,
        reason: 'provider_refund',
        provider: event.provider,
        providerCaptureId: refund.captureId ?? '',
        providerRefundId: refund.refundId,
        status: 'completed',
        completedAt: refundedAt,
        removedAccess: refund.refunded && now.kind === 'course',
      });
      await this.tellRefunded(tx, now, recorded, {
        refundReference: refund.refundId,
        reason: REFUND_REASON_TEXTS.provider_refund,
        refundedAt,
        cause: 'provider',
      });
      log.info({ orderId: now.id }, `an order was refunded in the ${event.provider} dashboard`);
    });
  }
}
