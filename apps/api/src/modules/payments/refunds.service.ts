import {
  formatCents,
  type Paged,
  type RefundPolicy,
  type RefundRequest,
  type RequestRefundResponse,
} from '@skillwise/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { pageOfQuery } from '../../db/paging';
import { completionOf } from '../../db/queries/completion';
import { findOrganisation } from '../../db/queries/organisations';
import { courses, orders, organisations, refundRequests, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { ListQuery } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { isOwnerOf, mayManageRefunds } from '../access/access';
import type { RefundNotices } from '../notifications/refund-notices';
import { dollars } from '../organisations/organisations.service';
import type { OrderRefunds } from './order-refunds';
import { findOrderById, type OrderRow } from './payments.repository';

const DAY_MS = 86_400_000;

export type RefundDeps = {
  db: Db;
  /** Gives the money back through the provider that took it, once per request. */
  refunds: Pick<OrderRefunds, 'refundOrder'>;
  log: FastifyBaseLogger;
  /** Tells the school of a request and the buyer of its answer (notice and e-mail). */
  notices: Pick<RefundNotices, 'refundRequested' | 'refundAnswered'>;
};

/** What a buyer is told when the guarantee does not refund at once: why, and that the school decides. */
const SCHOOL_DECIDES = 'The school decides on your request.';

const requestColumns = {
  id: refundRequests.id,
  orderId: refundRequests.orderId,
  product: courses.title,
  buyerEmail: users.email,
  amountCents: sql<number>`${orders.amountCents} - ${orders.discountCents} - ${orders.refundedCents}`.mapWith(
    Number,
  ),
  currency: orders.currency,
  reason: refundRequests.reason,
  outsideBecause: refundRequests.outsideBecause,
  status: refundRequests.status,
  answer: refundRequests.answer,
  createdAt: refundRequests.createdAt,
  answeredAt: refundRequests.answeredAt,
};

/**
 * The money-back guarantee (docs/decisions/029): each school's window and progress limit; a buyer's
 * request, refunded at once inside them (the whole of what is left, the course taken away) or put to the
 * school outside them; the school's answer to such a request. The money moves through
 * OrderRefunds.refundOrder (order-refunds.ts), once per request.
 */
export class RefundService {
  constructor(private readonly deps: RefundDeps) {}

  private orgOf(actor: Actor, orgId: number | undefined): number {
    const id = orgId ?? actor.orgId;
    if (id === null || id === undefined || !mayManageRefunds(actor, id)) throw notFound('Organisation');
    return id;
  }

  /** GET organization/GetRefundPolicy */
  async policy(actor: Actor): Promise<RefundPolicy> {
    const org = await findOrganisation(this.deps.db, this.orgOf(actor, undefined));
    if (!org) throw notFound('Organisation');
    return {
      refund_window_days: org.refundWindowDays,
      refund_max_progress_percent: org.refundMaxProgressPercent,
    };
  }

  /** POST organization/SetRefundPolicy */
  async setPolicy(actor: Actor, input: RefundPolicy): Promise<RefundPolicy> {
    const id = this.orgOf(actor, undefined);
    await this.deps.db
      .update(organisations)
      .set({
        refundWindowDays: input.refund_window_days,
        refundMaxProgressPercent: input.refund_max_progress_percent,
        updatedAt: new Date(),
      })
      .where(eq(organisations.id, id));
    return this.policy(actor);
  }

  /**
   * Why a purchase is outside its school's guarantee now, or null when the guarantee refunds it: the
   * window (days since the purchase) and the share of the course's lessons completed.
   */
  private async outsideBecause(order: OrderRow, now: Date): Promise<string | null> {
    const org = await findOrganisation(this.deps.db, order.orgId);
    const days = org?.refundWindowDays ?? 0;
    if (days === 0) return 'This school offers no money-back guarantee.';
    const ends = new Date((order.capturedAt ?? now).getTime() + days * DAY_MS);
    if (now > ends)
      return `The ${days}-day money-back guarantee ended on ${ends.toISOString().slice(0, 10)}.`;
    const max = org?.refundMaxProgressPercent ?? null;
    if (max !== null && order.courseId !== null) {
      const { total, completed } = await completionOf(this.deps.db, order.userId, order.courseId);
      const percent = total === 0 ? 0 : Math.floor((completed * 100) / total);
      if (percent > max) {
        return `You have completed ${percent}% of the course; the guarantee covers up to ${max}%.`;
      }
    }
    return null;
  }

  /**
   * POST orders/RequestRefund: the buyer's own course purchase. Inside the school's guarantee, refunded
   * at once (all that is left, the course taken away, once per order); outside it, a request the school
   * answers (one pending at a time: asked again, the same request).
   */
  async request(actor: Actor, input: { order_Id: number; reason: string }, now = new Date()) {
    const { db, refunds } = this.deps;
    const order = await findOrderById(db, input.order_Id);
    if (order?.kind !== 'course' || !isOwnerOf(actor, order)) throw notFound('Order');
    if ((order.status !== 'captured' && order.status !== 'refunded') || order.capturedAt === null) {
      throw new AppError('CONFLICT', 'This order was never paid: there is nothing to refund.');
    }
    if (order.amountCents - order.discountCents - order.refundedCents <= 0) {
      throw new AppError('CONFLICT', 'This purchase is refunded in full already.');
    }
    const pending = await this.pendingOf(order.id);
    if (pending) return this.requested(pending);
    const outside = await this.outsideBecause(order, now);
    if (outside === null) {
      const refund = await refunds.refundOrder(order, {
        reason: 'guarantee',
        note: input.reason,
        requestedBy: actor.userId,
        removeAccess: true,
        key: `guarantee-${order.id}`,
      });
      const money = formatCents(Math.round(refund.amount * 100), refund.currency);
      const message =
        refund.status === 'completed'
          ? `Refunded ${money} under the school’s money-back guarantee. The course is no longer yours.`
          : `Your refund of ${money} is on its way: the payment provider takes it as soon as it answers. The course is no longer yours.`;
      return { outcome: 'refunded', message, refund, request: null } satisfies RequestRefundResponse;
    }
    // Recorded and put to the school together: the school hears of each request once.
    await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(refundRequests)
        .values({
          orderId: order.id,
          orgId: order.orgId,
          userId: order.userId,
          reason: input.reason,
          outsideBecause: outside,
        })
        .onConflictDoNothing()
        .returning({ id: refundRequests.id });
      if (!made || order.courseId === null) return;
      await this.deps.notices.refundRequested(
        {
          requestId: made.id,
          orderId: order.id,
          userId: order.userId,
          courseId: order.courseId,
          amountCents: order.amountCents - order.discountCents - order.refundedCents,
          currency: order.currency,
          reason: input.reason,
          outsideBecause: outside,
        },
        tx,
      );
    });
    const made = await this.pendingOf(order.id);
    if (!made) throw new Error(`no pending refund request of order ${order.id}`);
    return this.requested(made);
  }

  private async requested(request: RefundRequest): Promise<RequestRefundResponse> {
    return {
      outcome: 'requested',
      message: `${request.outside_because} ${SCHOOL_DECIDES}`,
      refund: null,
      request,
    };
  }

  private async pendingOf(orderId: number): Promise<RefundRequest | undefined> {
    const [row] = await this.requestQuery()
      .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.status, 'pending')))
      .limit(1);
    return row ? toRequest(row) : undefined;
  }

  private requestQuery() {
    return this.deps.db
      .select(requestColumns)
      .from(refundRequests)
      .innerJoin(orders, eq(orders.id, refundRequests.orderId))
      .innerJoin(users, eq(users.id, refundRequests.userId))
      .leftJoin(courses, eq(courses.id, orders.courseId))
      .$dynamic();
  }

  /** GET orders/GetRefundRequests: the school's requests, those waiting first, then the newest. */
  async requests(actor: Actor, list: ListQuery): Promise<Paged<RefundRequest>> {
    const orgId = this.orgOf(actor, undefined);
    const where = eq(refundRequests.orgId, orgId);
    const query = this.requestQuery()
      .where(where)
      .orderBy(sql`${refundRequests.status} = 'pending' desc`, desc(refundRequests.id));
    const page = await pageOfQuery(query, list.window, () => this.deps.db.$count(refundRequests, where));
    return { rows: page.rows.map(toRequest), total: page.total };
  }

  /**
   * POST orders/AnswerRefundRequest: approved, the sale is refunded in full and the course taken away
   * (once: the refund is keyed by the request); declined, the buyer reads the school's message. A request
   * answered already is a 409.
   */
  async answer(
    actor: Actor,
    input: { request_Id: number; approve: boolean; message?: string | undefined },
  ): Promise<RefundRequest> {
    const { db, refunds } = this.deps;
    const [row] = await db.select().from(refundRequests).where(eq(refundRequests.id, input.request_Id));
    if (!row || !mayManageRefunds(actor, row.orgId)) throw notFound('Refund request');
    if (row.status !== 'pending') throw new AppError('CONFLICT', 'This request was answered already.');
    // The answer is claimed first (one of two answers given at once wins), then the money moves.
    const [claimed] = await db
      .update(refundRequests)
      .set({
        status: input.approve ? 'approved' : 'declined',
        answer: input.message?.trim() || null,
        answeredBy: actor.userId,
        answeredAt: new Date(),
      })
      .where(and(eq(refundRequests.id, row.id), eq(refundRequests.status, 'pending')))
      .returning({ id: refundRequests.id });
    if (!claimed) throw new AppError('CONFLICT', 'This request was answered already.');
    let givenCents = 0;
    if (input.approve) {
      try {
        const order = await findOrderById(db, row.orderId);
        if (!order) throw notFound('Order');
        const refund = await refunds.refundOrder(order, {
          reason: 'school_refund',
          note: `Refund request ${row.id}: ${row.reason}`,
          requestedBy: actor.userId,
          auditBy: actor,
          removeAccess: true,
          key: `request-${row.id}`,
        });
        givenCents = Math.round(refund.amount * 100);
        await db
          .update(refundRequests)
          .set({ refundId: refund.refund_Id })
          .where(eq(refundRequests.id, row.id));
      } catch (error) {
        // Refused before any money moved (refunded in full already, say): the request waits again.
        if (error instanceof AppError) {
          await db
            .update(refundRequests)
            .set({ status: 'pending', answer: null, answeredBy: null, answeredAt: null })
            .where(eq(refundRequests.id, row.id));
        }
        throw error;
      }
    }
    const order = await findOrderById(db, row.orderId);
    if (order?.courseId != null) {
      await this.deps.notices.refundAnswered({
        requestId: row.id,
        orderId: order.id,
        userId: row.userId,
        courseId: order.courseId,
        approved: input.approve,
        message: input.message?.trim() || null,
        amountCents: givenCents,
        currency: order.currency,
      });
    }
    const [now] = await this.requestQuery().where(eq(refundRequests.id, row.id));
    if (!now) throw notFound('Refund request');
    return toRequest(now);
  }
}

function toRequest(row: {
  id: number;
  orderId: number;
  product: string | null;
  buyerEmail: string;
  amountCents: number;
  currency: string;
  reason: string;
  outsideBecause: string;
  status: 'pending' | 'approved' | 'declined';
  answer: string | null;
  createdAt: Date;
  answeredAt: Date | null;
}): RefundRequest {
  return {
    request_Id: row.id,
    order_Id: row.orderId,
    product: row.product ?? 'Course',
    buyer_email: row.buyerEmail,
    amount: dollars(Math.max(0, row.amountCents)),
    currency: row.currency,
    reason: row.reason,
    outside_because: row.outsideBecause,
    status: row.status,
    answer: row.answer,
    created_date: row.createdAt.toISOString(),
    answered_date: row.answeredAt?.toISOString() ?? null,
  };
}
