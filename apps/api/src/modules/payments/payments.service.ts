import { randomUUID } from 'node:crypto';
import {
  type CaptureResponse,
  CURRENCY,
  formatCents,
  MSG,
  type OrderResponse,
  type Paged,
  type PaymentProviderName,
  type PaymentsConfig,
  PLAN_CATEGORIES,
  type PlanCategory,
  type RefundOrderResponse,
  ROLE,
  SALES_SERIES_MAX_BUCKETS,
  type SALES_TOTAL_HEADERS,
  type SaleRow,
  type SalesInterval,
  type SalesSeries,
  type SalesSeriesQuery,
} from '@skillwise/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { findPriceType } from '../../db/queries/courses';
import { insertEnrolment, isEnrolled, revokeEnrolment } from '../../db/queries/enrolments';
import { countVisibleLessons } from '../../db/queries/publishing';
import {
  findActiveSubscription,
  findPaidThrough,
  findPlanPriceByCategory,
  findPlanPriceById,
  insertSubscription,
  listPlanPrices,
} from '../../db/queries/subscriptions';
import type { RefundReason } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { type ListQuery, mapPage } from '../../lib/paging';
import { PAYPAL_WEBHOOK_HEADERS, PayPalProvider, type PayPalTransmission } from '../../lib/payments/paypal';
import {
  type CapturedPayment,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderRefund,
  type RefundResult,
} from '../../lib/payments/provider';
import type { SandboxProvider } from '../../lib/payments/sandbox';
import { StripeProvider } from '../../lib/payments/stripe';
import type { Actor } from '../../plugins/auth';
import {
  findAccess,
  isOwnerOf,
  isSchoolOwnerOf,
  mayBuyCourses,
  mayRefundSale,
  requireAccess,
  type Subject,
} from '../access/access';
import type { BillingService } from '../billing/billing.service';
import type { NotificationService } from '../notifications/notifications.service';
import { dollars } from '../organisations/organisations.service';
import { lockOrganisation, type PlanLimits } from '../organisations/plan-limits';
import { type AuditActor, recordAudit } from '../team/audit';
import { quoteCoupon, takeCouponUse } from './coupons.service';
import { dollarsText, netOf, platformFeeOf } from './earnings';
import {
  addRefunded,
  type CourseSaleRow,
  completeRefund,
  findOrderByCaptureId,
  findOrderById,
  findOrderByProviderId,
  findRefundById,
  findRefundByOrderId,
  findRefundByRequestKey,
  insertOrder,
  insertRefund,
  isPaymentEventRecorded,
  listCourseSales,
  listCourseSalesWithSums,
  listOrdersInFlight,
  listPendingRefunds,
  moveOrder,
  noteRefundFailure,
  type OrderRow,
  type PaymentEvent,
  type RefundRow,
  recordPaymentEvent,
  salesSeries,
} from './payments.repository';
import type { PayoutAccountService } from './payout-accounts.service';

export type PaymentDeps = {
  db: Db;
  /** The default provider: the one an order takes when it names none. */
  provider: PaymentProvider;
  /** Every other configured provider an order may name; each order is settled by its own. */
  others?: readonly PaymentProvider[];
  /** Set when the provider is the built-in sandbox, whose approval page we serve. */
  sandbox: SandboxProvider | undefined;
  limits: PlanLimits;
  log: FastifyBaseLogger;
  notifications: NotificationService;
  /** PLATFORM_FEE_PERCENT in hundredths of a percent: the operator's fee fixed on each course order. */
  platformFeeBasisPoints?: number;
  /** The renewal engine: a plan bought here renews by itself (docs/decisions/025). */
  billing?: BillingService | undefined;
  /** The schools' own accounts: with PAYOUT_MODE=connected a course order pays its school (docs/decisions/026). */
  payoutAccounts?: PayoutAccountService | undefined;
};

const isCategory = (value: string): value is PlanCategory =>
  (PLAN_CATEGORIES as readonly string[]).includes(value);

const NOT_ON_SALE = 'This course is not on sale at the moment.';

/**
 * The web app's checkouts, where a hosted payment page sends the buyer back (with `?orderId=`) when
 * CreateOrder names no `returnPath`: each captures the order it is brought back with.
 */
const COURSE_CHECKOUT_PATH = '/students/checkout';
const PLAN_CHECKOUT_PATH = '/admin/checkout';

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

/** What a capture request answers when its capture was given back: the error the buyer would have met before paying. */
function refusalOf(reason: RefundReason): AppError {
  if (reason === 'already_owned') return new AppError('CONFLICT', MSG.alreadyEnrolled);
  if (reason === 'course_unavailable') return new AppError('CONFLICT', NOT_ON_SALE);
  if (reason === 'plan_unavailable') return notFound('Plan');
  return new AppError('PAYMENT_DECLINED', MSG.paymentCaptureFailed);
}

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

/** A webhook event taken already: thrown inside the claim's transaction to undo it. */
class ReplayedEvent extends Error {}

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

/** A page of an organisation's sales with the sums over every sale matching the search, as dollarsText. */
export type SalesPage = Paged<SaleRow> & {
  totalSalePrice: string;
  totalEarnings: string;
  totals: Record<keyof typeof SALES_TOTAL_HEADERS, string>;
  providerFeeUnreported: number;
};

/** The default first day of a series ending on `to`: 30 days, 12 weeks or 12 months, `to`'s own included. */
function seriesStart(interval: SalesInterval, to: string): string {
  const date = new Date(`${to}T00:00:00Z`);
  if (interval === 'month') return addMonths(date, -11).toISOString().slice(0, 10);
  date.setUTCDate(date.getUTCDate() - (interval === 'day' ? 29 : 77));
  return date.toISOString().slice(0, 10);
}

/** How many buckets a series from `from` to `to` has (each date in UTC; weeks from Monday). */
function bucketsBetween(interval: SalesInterval, from: string, to: string): number {
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(`${to}T00:00:00Z`);
  if (interval === 'month') {
    return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth() + 1;
  }
  const monday = (d: Date) => d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000;
  if (interval === 'week') return Math.round((monday(b) - monday(a)) / (7 * 86_400_000)) + 1;
  return Math.round((b.getTime() - a.getTime()) / 86_400_000) + 1;
}

/** `months` calendar months after `start`, the day clamped to the month's last (31 Jan + 1 = 28/29 Feb). */
export function addMonths(start: Date, months: number): Date {
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** An order's coupon as its receipt says it: the code, the list price and what it took off. */
const couponOf = (order: OrderRow) =>
  order.couponCode === null
    ? undefined
    : { code: order.couponCode, listCents: order.amountCents, discountCents: order.discountCents };

/**
 * The client's price must be the server's (to the cent); the amount charged is always the server's. A
 * coupon's order may be sent at the list price (as the spec's client does) or at the price the coupon
 * gives (`orPaidCents`).
 */
function checkPrice(clientDollars: number | undefined, serverCents: number, orPaidCents = serverCents) {
  if (clientDollars === undefined) return;
  const client = Math.round(clientDollars * 100);
  if (client !== serverCents && client !== orPaidCents) {
    throw new AppError(
      'PRICE_MISMATCH',
      `The price is ${formatCents(serverCents)}, not ${formatCents(Math.round(clientDollars * 100))}. Please reload and try again.`,
      [{ field: 'price', message: `must be ${dollars(serverCents)}` }],
    );
  }
}

/** Order, approve, capture (SPEC §4) for courses and plans, through one provider interface. */
export class PaymentService {
  /** The configured providers by name, the default first. */
  private readonly providers: ReadonlyMap<string, PaymentProvider>;

  constructor(private readonly deps: PaymentDeps) {
    const all = [deps.provider, ...(deps.others ?? []).filter((p) => p.name !== deps.provider.name)];
    this.providers = new Map(all.map((p) => [p.name, p]));
  }

  config(): PaymentsConfig {
    return {
      provider: this.deps.provider.name,
      clientId: this.deps.provider.clientId,
      currency: 'USD',
      providers: [...this.providers.values()].map((p) => ({ name: p.name, clientId: p.clientId })),
    };
  }

  /** The provider a new order names (400 when it is not configured), or the default one. */
  private providerFor(name: PaymentProviderName | undefined): PaymentProvider {
    if (name === undefined) return this.deps.provider;
    const provider = this.providers.get(name);
    if (!provider) {
      throw new AppError('VALIDATION', `provider: ${name} is not configured on this server`, [
        { field: 'provider', message: `must be one of ${[...this.providers.keys()].join(', ')}` },
      ]);
    }
    return provider;
  }

  /**
   * The provider that holds an order (or a refund owed): the one it was made with. One no longer
   * configured is a provider failure: the claim or the refund stays for when it is configured again.
   */
  private providerOf(name: string): PaymentProvider {
    const provider = this.providers.get(name);
    if (!provider) throw new PaymentProviderError(`${name} is not configured`);
    return provider;
  }

  private ownBuyer(actor: Actor, userId: number) {
    if (!isOwnerOf(actor, { userId })) throw forbidden('An order is placed for the signed-in user only.');
  }

  private async providerCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        this.deps.log.error({ err: error }, 'payment provider failed');
        throw new AppError('PAYMENT_PROVIDER', MSG.paymentError);
      }
      throw error;
    }
  }

  /** Only students buy courses: a publisher's account cannot study, so it must not pay for one. */
  private studentBuyer(actor: Actor) {
    if (!mayBuyCourses(actor)) {
      throw forbidden('Courses are bought with a student account. Please log in as a student.');
    }
  }

  /**
   * A course a student may buy now: published, its organisation subscribed, not owned already, and with
   * a lesson to study: one with no published lesson yet is neither sold nor enrolled in free (409
   * COMING_SOON, docs/decisions/017), when the order is made and again before any money moves.
   */
  private async courseOnSale(actor: Actor, courseId: number) {
    const { db } = this.deps;
    const course = await requireAccess(db, actor, 'course.buy', courseId);
    if (course.enrolled) throw new AppError('CONFLICT', MSG.alreadyEnrolled);
    const [subscription, lessons] = await Promise.all([
      findActiveSubscription(db, course.orgId),
      countVisibleLessons(db, courseId),
    ]);
    if (!subscription) throw new AppError('CONFLICT', NOT_ON_SALE);
    if (lessons === 0) throw new AppError('COMING_SOON', MSG.courseComingSoon);
    return course;
  }

  /** POST courses/CreateOrder: a published course on sale, not already owned, at the server's price. */
  async createCourseOrder(
    actor: Actor,
    input: {
      price: number;
      user_id: number;
      course_id: number;
      provider?: PaymentProviderName | undefined;
      returnPath?: string | undefined;
      coupon_code?: string | undefined;
    },
  ): Promise<OrderResponse> {
    const { db, limits } = this.deps;
    const provider = this.providerFor(input.provider);
    this.ownBuyer(actor, input.user_id);
    this.studentBuyer(actor);
    const course = await this.courseOnSale(actor, input.course_id);
    const priceType = await findPriceType(db, course.priceTypeId);
    const isFree = priceType?.isFree === true || course.priceCents === 0;
    // A coupon is for a price: a free course takes none (its code is not even looked at).
    const coupon =
      input.coupon_code === undefined || isFree
        ? undefined
        : await quoteCoupon(db, course, input.coupon_code, actor.userId);
    const discountCents = coupon?.discountCents ?? 0;
    const paidCents = course.priceCents - discountCents;
    checkPrice(input.price, course.priceCents, paidCents);
    const withCoupon = coupon
      ? { discountCents, couponId: coupon.coupon.id, couponCode: coupon.coupon.code }
      : {};
    const couponAnswer = coupon
      ? {
          list_price: dollars(course.priceCents),
          discount: dollars(discountCents),
          coupon_code: coupon.coupon.code,
        }
      : {};
    await limits.checkNewContactNow(course.orgId, actor.userId);
    if (isFree || paidCents === 0) {
      // Free, or made free by a coupon: enrolled at once, recorded as an order of 0 so it shows among
      // purchases (a coupon's with the list price and what it took off).
      const id = `FREE-${randomUUID()}`;
      await db.transaction(async (tx) => {
        await limits.checkNewContact(tx, course.orgId, actor.userId);
        // The coupon's use, under its lock: the last one goes to one buyer.
        if (coupon) await takeCouponUse(tx, { couponId: coupon.coupon.id, userId: actor.userId });
        const order = await insertOrder(tx, {
          userId: actor.userId,
          orgId: course.orgId,
          kind: 'course',
          courseId: course.id,
          amountCents: isFree ? 0 : course.priceCents,
          ...withCoupon,
          // Nothing is charged: no fee of anyone's.
          providerFeeCents: 0,
          currency: course.currency,
          provider: 'free',
          providerOrderId: id,
          status: 'captured',
          capturedAt: new Date(),
        });
        if (
          !(await insertEnrolment(tx, {
            userId: actor.userId,
            courseId: course.id,
            source: 'free',
            orderId: order.id,
          }))
        ) {
          // Two clicks at once: the other one enrolled the student; this order is not kept.
          throw new AppError('CONFLICT', MSG.alreadyEnrolled);
        }
        await this.deps.notifications.coursePurchased(
          {
            orderId: order.id,
            userId: actor.userId,
            courseId: course.id,
            amountCents: 0,
            currency: course.currency,
            reference: id,
            capturedAt: order.capturedAt ?? new Date(),
            coupon: couponOf(order),
          },
          tx,
        );
      });
      return {
        id,
        status: 'COMPLETED',
        amount: 0,
        currency: course.currency,
        provider: 'free',
        approveUrl: null,
        ...couponAnswer,
      };
    }
    const platformFeeCents = platformFeeOf(paidCents, this.deps.platformFeeBasisPoints ?? 0);
    // Connected mode: paid into the school's own account, or refused before anything is made.
    const payee = await this.deps.payoutAccounts?.payeeOf(course.orgId, provider.name, platformFeeCents);
    const created = await this.providerCall(() =>
      provider.createOrder({
        amountCents: paidCents,
        currency: course.currency,
        description: course.title,
        referenceId: `course-${course.id}`,
        buyerEmail: actor.email,
        requestId: randomUUID(),
        returnPath: input.returnPath ?? COURSE_CHECKOUT_PATH,
        ...(payee ? { payee } : {}),
      }),
    );
    await insertOrder(db, {
      userId: actor.userId,
      orgId: course.orgId,
      kind: 'course',
      courseId: course.id,
      amountCents: course.priceCents,
      ...withCoupon,
      platformFeeCents,
      currency: course.currency,
      provider: provider.name,
      providerOrderId: created.id,
    });
    return {
      id: created.id,
      status: 'CREATED',
      amount: dollars(paidCents),
      currency: course.currency,
      provider: provider.name,
      approveUrl: created.approveUrl,
      ...couponAnswer,
    };
  }

  /** The caller's own order by the provider's id; anyone else's is not found. */
  private async ownOrder(actor: Actor, providerOrderId: string, kind: 'course' | 'plan'): Promise<OrderRow> {
    const order = await this.findOrder(providerOrderId);
    if (!order || !isOwnerOf(actor, order) || order.kind !== kind) throw notFound('Order');
    return order;
  }

  /** An order by its provider's id, among the configured providers' orders and the free ones. */
  private async findOrder(providerOrderId: string, names = [...this.providers.keys(), 'free']) {
    for (const name of names) {
      const order = await findOrderByProviderId(this.deps.db, name, providerOrderId);
      if (order) return order;
    }
    return undefined;
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
    await this.deps.billing?.planBought(tx, {
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
    const result = await this.providerCall(async () => {
      const provider = this.providerOf(order.provider);
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
      if (order.kind === 'plan') await this.deps.billing?.planCaptured(order);
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
    await this.sendRefund(refund);
    throw refusalOf(reason);
  }

  /**
   * Asks the provider for a refund owed (the same idempotency key on every try, so it refunds once) and,
   * once it is taken, records it: the refund completed, the order refunded and its buyer told, together
   * and once. A provider that fails leaves the refund owed, for the reconciler. Answers whether it was taken.
   */
  private async sendRefund(refund: RefundRow): Promise<boolean> {
    const { db, log, notifications } = this.deps;
    let taken: RefundResult;
    // A capture given back has one refund, keyed by its order; a school's refunds (several) by their own.
    const key =
      refund.reason === 'school_refund' || refund.reason === 'guarantee'
        ? `refund-${refund.orderId}-${refund.id}`
        : `refund-${refund.orderId}`;
    try {
      taken = await this.providerOf(refund.provider).refund(
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
      const order =
        refund.reason === 'school_refund' || refund.reason === 'guarantee'
          ? await this.refundedInFull(tx, refund.orderId)
          : await moveOrder(tx, refund.orderId, 'refunded');
      if (!order) return;
      const planPrice =
        order.planPriceId === null ? undefined : await findPlanPriceById(tx, order.planPriceId);
      await notifications.purchaseRefunded(
        {
          orderId: order.id,
          refundId: refund.id,
          userId: order.userId,
          courseId: order.courseId,
          plan: planPrice?.plan ?? null,
          amountCents: refund.amountCents,
          currency: refund.currency,
          reference: order.providerOrderId,
          refundReference: taken.refundId,
          // A plan's refund is the operator's (npm run refund-plan).
          reason:
            order.kind === 'plan' && refund.reason === 'school_refund'
              ? PLAN_REFUNDED
              : REFUND_REASON_TEXTS[refund.reason],
          refundedAt: new Date(),
        },
        tx,
      );
      if (order.courseId !== null && (refund.reason === 'school_refund' || refund.reason === 'guarantee')) {
        await notifications.saleRefunded(
          {
            refundId: refund.id,
            orderId: order.id,
            userId: order.userId,
            courseId: order.courseId,
            amountCents: refund.amountCents,
            currency: refund.currency,
            cause:
              refund.reason === 'guarantee'
                ? 'guarantee'
                : refund.requestKey?.startsWith('request-')
                  ? 'request'
                  : 'school',
            removedAccess: refund.removedAccess,
          },
          tx,
        );
      }
    });
    return true;
  }

  /** The order of a school's refund, moved to `refunded` once its refunds give back all that was paid. */
  private async refundedInFull(tx: Db, orderId: number): Promise<OrderRow | undefined> {
    const order = await findOrderById(tx, orderId);
    if (order?.status !== 'captured') return order;
    if (order.refundedCents < order.amountCents - order.discountCents) return order;
    return (await moveOrder(tx, orderId, 'refunded')) ?? (await findOrderById(tx, orderId));
  }

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
    await this.sendRefund(refund);
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

  /** Claim, then settle: what both CaptureOrder calls (and a provider's webhook) do. */
  private async capture(order: OrderRow, event?: PaymentEvent): Promise<'captured' | 'pending'> {
    if (order.status === 'captured') return 'captured';
    const claimed = await this.claim(order, event);
    if (claimed === 'captured') return 'captured';
    return this.settle(order.status === 'pending' ? { ...claimed, status: 'pending' } : claimed);
  }

  /**
   * Settles orders left in capture or held pending for longer than `olderThanMs` (a crash, a provider
   * that did not answer, a review that has finished), then asks again for the refunds still owed: run
   * every minute by the server. Each order is captured once and each refund made once, whichever
   * instance gets there first. Stops between orders once `signal` is aborted (the server is closing).
   */
  async settleInFlight(
    olderThanMs = 60_000,
    signal?: AbortSignal,
  ): Promise<{ settled: number; refunded: number }> {
    const { db, log } = this.deps;
    const before = new Date(Date.now() - olderThanMs);
    let settled = 0;
    let refunded = 0;
    for (const order of await listOrdersInFlight(db, before)) {
      if (signal?.aborted) return { settled, refunded };
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
    for (const refund of await listPendingRefunds(db, before)) {
      if (signal?.aborted) break;
      if (await this.sendRefund(refund)) refunded += 1;
    }
    return { settled, refunded };
  }

  /** POST courses/CaptureOrder: enrols once, however often and from however many tabs it is called. */
  async captureCourseOrder(
    actor: Actor,
    input: { orderId: string; course_Id: number; price?: number | undefined; user_id: number },
  ): Promise<CaptureResponse> {
    this.ownBuyer(actor, input.user_id);
    const order = await this.ownOrder(actor, input.orderId, 'course');
    if (order.courseId !== input.course_Id) throw notFound('Order');
    checkPrice(input.price, order.amountCents, order.amountCents - order.discountCents);
    if (order.status !== 'captured' && order.status !== 'capturing' && order.status !== 'pending') {
      // Before any money moves: the course is still on sale (the claim then checks the plan's limit).
      this.studentBuyer(actor);
      await this.courseOnSale(actor, order.courseId);
    }
    const outcome = await this.capture(order);
    return {
      id: order.providerOrderId,
      status: outcome === 'captured' ? 'COMPLETED' : 'PENDING',
      message: outcome === 'captured' ? MSG.paymentSuccess : MSG.paymentPending,
      course_Id: input.course_Id,
      subscriptionCategoryType: null,
      subscriptionEndsAt: null,
    };
  }

  /** The plan price an organisation order is for: named, or recognised by its price. */
  private async planPriceFor(input: { price: number; subscriptionCategoryType?: PlanCategory | undefined }) {
    const { db } = this.deps;
    if (input.subscriptionCategoryType) {
      const price = await findPlanPriceByCategory(db, input.subscriptionCategoryType);
      if (!price) throw notFound('Plan');
      checkPrice(input.price, price.amountCents);
      return price;
    }
    const cents = Math.round(input.price * 100);
    const matches = (await listPlanPrices(db)).filter((p) => p.amountCents === cents);
    if (matches.length !== 1 || !matches[0]) {
      throw new AppError(
        'PRICE_MISMATCH',
        `No plan costs ${formatCents(cents)}. Please reload the plans and try again.`,
        [{ field: 'price', message: 'matches no plan' }],
      );
    }
    const found = await findPlanPriceByCategory(db, matches[0].category);
    if (!found) throw notFound('Plan');
    return found;
  }

  /** POST organization/CreateOrder: a publisher buys a plan for its organisation. */
  async createPlanOrder(
    actor: Actor & { orgId: number },
    input: {
      price: number;
      user_id: number;
      subscriptionCategoryType?: PlanCategory | undefined;
      provider?: PaymentProviderName | undefined;
      returnPath?: string | undefined;
    },
  ): Promise<OrderResponse> {
    const { db } = this.deps;
    const provider = this.providerFor(input.provider);
    this.ownBuyer(actor, input.user_id);
    const planPrice = await this.planPriceFor(input);
    const customerId = (await this.deps.billing?.customerOf(actor.orgId, provider.name)) ?? null;
    const created = await this.providerCall(() =>
      provider.createOrder({
        amountCents: planPrice.amountCents,
        currency: planPrice.currency,
        description: `Skillwise ${planPrice.category} plan`,
        referenceId: `plan-${planPrice.category}-org-${actor.orgId}`,
        buyerEmail: actor.email,
        requestId: randomUUID(),
        returnPath: input.returnPath ?? PLAN_CHECKOUT_PATH,
        keepCardFor: {
          orgId: actor.orgId,
          userId: actor.userId,
          customerId,
        },
      }),
    );
    await insertOrder(db, {
      userId: actor.userId,
      orgId: actor.orgId,
      kind: 'plan',
      planPriceId: planPrice.id,
      amountCents: planPrice.amountCents,
      currency: planPrice.currency,
      provider: provider.name,
      providerOrderId: created.id,
    });
    return {
      id: created.id,
      status: 'CREATED',
      amount: dollars(planPrice.amountCents),
      currency: planPrice.currency,
      provider: provider.name,
      approveUrl: created.approveUrl,
    };
  }

  /**
   * POST organization/CaptureOrder: adds the plan's months, once (see grantPlan for when they start).
   * `subscriptionEndsAt` is how long the organisation is now paid for without a gap.
   */
  async capturePlanOrder(
    actor: Actor & { orgId: number },
    input: { orderId: string; subscriptionCategoryType: PlanCategory; price?: number | undefined },
  ): Promise<CaptureResponse> {
    const { db } = this.deps;
    const order = await this.ownOrder(actor, input.orderId, 'plan');
    const planPrice = order.planPriceId === null ? undefined : await findPlanPriceById(db, order.planPriceId);
    if (!planPrice || !isSchoolOwnerOf(actor, order.orgId)) throw notFound('Order');
    if (planPrice.category !== input.subscriptionCategoryType) {
      throw new AppError(
        'CONFLICT',
        `This order is for the ${planPrice.category} plan, not ${input.subscriptionCategoryType}.`,
        [{ field: 'subscriptionCategoryType', message: `must be ${planPrice.category}` }],
      );
    }
    checkPrice(input.price, order.amountCents);
    const outcome = await this.capture(order);
    // The card it was paid with, for its renewals (the sandbox keeps a token and the last four digits), or
    // the provider's subscription: asked again when another path captured it (each is done once).
    if (outcome === 'captured') await this.deps.billing?.planCaptured(order);
    const paidThrough = await findPaidThrough(db, order.orgId);
    return {
      id: order.providerOrderId,
      status: outcome === 'captured' ? 'COMPLETED' : 'PENDING',
      message: outcome === 'captured' ? MSG.paymentSuccess : MSG.paymentPending,
      course_Id: null,
      subscriptionCategoryType: isCategory(planPrice.category) ? planPrice.category : null,
      subscriptionEndsAt: paidThrough?.toISOString() ?? null,
    };
  }

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
      const sessionId = await this.providerCall(() => stripe.sessionOfIntent(intentId));
      const order = sessionId ? await findOrderByProviderId(db, 'stripe', sessionId) : undefined;
      await this.settleFromWebhook(event, order, sessionId ?? intentId);
    } else if (verified.type === 'charge.refunded' && object.object === 'charge' && object.id) {
      const chargeId = object.id;
      await this.refundedAtProvider(event, await this.providerCall(() => stripe.chargeRefunds(chargeId)));
    } else if (
      verified.type === 'account.updated' &&
      object.object === 'account' &&
      object.id &&
      this.deps.payoutAccounts
    ) {
      // The account read back from Stripe, recorded with the event in one transaction: taken once.
      const accountId = object.id;
      const accounts = this.deps.payoutAccounts;
      const account = await this.providerCall(() => stripe.retrieveAccount(accountId));
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
      const renewal = await this.providerCall(() => stripe.renewalOf(invoiceId));
      await this.deps.billing.subscriptionRenewal(renewal, (tx) => recordPaymentEvent(tx, event));
    } else if (
      (verified.type === 'customer.subscription.updated' ||
        verified.type === 'customer.subscription.deleted') &&
      object.object === 'subscription' &&
      object.id &&
      this.deps.billing
    ) {
      const subscriptionId = object.id;
      const subscription = await this.providerCall(() => stripe.subscriptions.retrieve(subscriptionId));
      await this.deps.billing.subscriptionChanged(subscription, (tx) => recordPaymentEvent(tx, event));
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
    const verified = parsed && (await this.providerCall(() => paypal.verifyWebhook(transmission, raw)));
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
      const refund = await this.providerCall(() => paypal.captureRefunds(captureId ?? id, refundId));
      await this.refundedAtProvider(event, refund);
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
        const renewal = await this.providerCall(() => subscriptions.saleRenewal(id));
        if (renewal.subscriptionId) await billing.subscriptionRenewal(renewal, record);
        else await recordPaymentEvent(db, event);
      } else if (event.type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED') {
        const renewal = await this.providerCall(() => subscriptions.failedRenewal(id));
        if (renewal) await billing.subscriptionRenewal(renewal, record);
        else await recordPaymentEvent(db, event);
      } else {
        const subscription = await this.providerCall(() => subscriptions.retrieve(id));
        await billing.subscriptionChanged(subscription, record);
        if (event.type === 'BILLING.SUBSCRIPTION.ACTIVATED') {
          await this.providerCall(() => billing.endUnfollowed(subscriptions, subscription));
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
      if (order) await this.capture(order, event);
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
      await notifications.saleDisputed(
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

  /**
   * A capture refunded in the provider's dashboard (read back from the provider), with the event in one
   * transaction: what it gave back beyond the refunds made through the app is recorded (a completed
   * refund row, the order's `refunded_cents`) and its buyer sent a receipt; refunded wholly, the order is
   * `refunded` and a course it bought is taken away (enrolment and certificate revoked, review hidden), as
   * the school's own refund in full does. A refund we asked for ourselves is completed by sendRefund.
   */
  private async refundedAtProvider(event: PaymentEvent, refund: ProviderRefund) {
    const { db, log, notifications } = this.deps;
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
      const planPrice = now.planPriceId === null ? undefined : await findPlanPriceById(tx, now.planPriceId);
      await notifications.purchaseRefunded(
        {
          orderId: now.id,
          refundId: recorded.id,
          userId: now.userId,
          courseId: now.courseId,
          plan: planPrice?.plan ?? null,
          amountCents: extra,
          currency: refund.currency,
          reference: now.providerOrderId,
          refundReference: refund.refundId,
          reason: REFUND_REASON_TEXTS.provider_refund,
          refundedAt,
        },
        tx,
      );
      if (now.courseId !== null) {
        await notifications.saleRefunded(
          {
            refundId: recorded.id,
            orderId: now.id,
            userId: now.userId,
            courseId: now.courseId,
            amountCents: extra,
            currency: refund.currency,
            cause: 'provider',
            removedAccess: recorded.removedAccess,
          },
          tx,
        );
      }
      log.info({ orderId: now.id }, `an order was refunded in the ${event.provider} dashboard`);
    });
  }

  /** What the sandbox approval page shows: the amount the provider holds, for the order's buyer only. */
  async sandboxOrder(actor: Actor, providerOrderId: string) {
    const { db, sandbox } = this.deps;
    const order = sandbox ? await findOrderByProviderId(db, 'sandbox', providerOrderId) : undefined;
    const payment = order && isOwnerOf(actor, order) ? await sandbox?.find(providerOrderId) : undefined;
    if (!payment) throw notFound('Sandbox payment');
    return {
      id: payment.id,
      amount: dollars(payment.amountCents),
      currency: payment.currency,
      description: payment.description,
      status: payment.status,
    };
  }

  /** The sandbox approval page's card form: only the buyer of the order may approve it. */
  async approveSandbox(actor: Actor, providerOrderId: string, cardNumber: string) {
    const { db, sandbox } = this.deps;
    if (!sandbox) throw notFound('Sandbox payment');
    const order = await findOrderByProviderId(db, 'sandbox', providerOrderId);
    if (!order || !isOwnerOf(actor, order)) throw notFound('Sandbox payment');
    if (order.status === 'captured') throw new AppError('CONFLICT', 'This payment is already complete.');
    const result = await sandbox.approve(providerOrderId, cardNumber);
    // An order claimed for capture meanwhile keeps its state: approving again never moves it back.
    if (result.status === 'approved') await moveOrder(db, order.id, 'approved');
    return { id: providerOrderId, status: result.status === 'approved' ? 'APPROVED' : 'DECLINED' };
  }

  /** A sale as its buyer sees it: the price paid (as `earnings` too), nothing of the school's figures. */
  private toPurchase(row: CourseSaleRow): SaleRow {
    return {
      order_Id: row.id,
      date: (row.date ?? new Date(0)).toISOString(),
      // What the buyer paid: the list price less a coupon's discount (`gross` and `discount` for the school).
      sale_price: dollars(row.amountCents - row.discountCents),
      earnings: dollars(row.amountCents - row.discountCents),
      currency: row.currency,
      product: row.courseTitle ?? (row.planCategory ? `${row.planCategory} plan` : 'Order'),
      course_Id: row.courseId,
      buyer_email: row.buyerEmail,
      refunded: dollars(row.refundedCents),
      refund_request: row.refundRequest,
      refund_answer: row.refundAnswer,
      coupon_code: row.couponCode,
    };
  }

  /** A sale as its school sees it: what it earns (the net) and the parts of it (earnings.ts). */
  private toSale(row: CourseSaleRow): SaleRow {
    const net = netOf({
      gross: row.amountCents,
      discount: row.discountCents,
      platformFee: row.platformFeeCents,
      providerFee: row.providerFeeCents,
      refunded: row.refundedCents,
    });
    return {
      ...this.toPurchase(row),
      earnings: dollars(net),
      gross: dollars(row.amountCents),
      discount: dollars(row.discountCents),
      platform_fee: dollars(row.platformFeeCents),
      provider_fee: row.providerFeeCents === null ? null : dollars(row.providerFeeCents),
      refunded: dollars(row.refundedCents),
      net: dollars(net),
    };
  }

  /**
   * GET orders/GetSalesByOrgId: the organisation's captured course sales; searched on the course title,
   * with the sums over every matching sale (the page shows only some of them).
   */
  async sales(actor: Actor & { orgId: number }, list: ListQuery): Promise<SalesPage> {
    const page = await listCourseSalesWithSums(this.deps.db, { orgId: actor.orgId }, list);
    const { sums } = page;
    const net = netOf(sums);
    return {
      ...mapPage(page, (r) => this.toSale(r)),
      totalSalePrice: dollarsText(sums.gross - sums.discount),
      totalEarnings: dollarsText(net),
      totals: {
        gross: dollarsText(sums.gross),
        discount: dollarsText(sums.discount),
        platformFee: dollarsText(sums.platformFee),
        providerFee: dollarsText(sums.providerFee),
        refunded: dollarsText(sums.refunded),
        net: dollarsText(net),
      },
      providerFeeUnreported: sums.providerFeeUnknown,
    };
  }

  /**
   * GET orders/GetSalesSeries: the organisation's gross and net per UTC day, week or month from `from` to
   * `to`, every bucket of the range answered (one query). At most SALES_SERIES_MAX_BUCKETS buckets.
   */
  async salesSeries(actor: Actor & { orgId: number }, query: SalesSeriesQuery): Promise<SalesSeries> {
    const { interval } = query;
    const to = query.to ?? new Date().toISOString().slice(0, 10);
    const from = query.from ?? seriesStart(interval, to);
    if (from > to) throw fieldError(query.from === undefined ? 'to' : 'from', 'must not be after to');
    const max = SALES_SERIES_MAX_BUCKETS[interval];
    if (bucketsBetween(interval, from, to) > max) {
      throw fieldError('from', `must be at most ${max} ${interval}s before to`);
    }
    const points = await salesSeries(this.deps.db, actor.orgId, interval, from, to);
    return {
      interval,
      from,
      to,
      currency: CURRENCY,
      points: points.map(({ start, sums }) => ({
        start,
        gross: Number(dollarsText(sums.gross)),
        net: Number(dollarsText(netOf(sums))),
      })),
    };
  }

  /** GET orders/GetPurchasesByUserId/{id}: a student's own purchases; a publisher, its students' from it. */
  async purchases(actor: Actor, userId: number, list: ListQuery): Promise<Paged<SaleRow>> {
    const { db } = this.deps;
    await requireAccess(db, actor, 'student.read', userId);
    if (actor.userId === userId) {
      return mapPage(await listCourseSales(db, { userId }, list), (r) => this.toPurchase(r));
    }
    const page = await listCourseSales(db, { userId, orgId: actor.orgId ?? 0 }, list);
    return mapPage(page, (r) => this.toSale(r));
  }
}
