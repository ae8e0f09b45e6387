import { randomUUID } from 'node:crypto';
import {
  type CaptureResponse,
  formatCents,
  MSG,
  type OrderResponse,
  type PaymentProviderName,
  PLAN_CATEGORIES,
  type PlanCategory,
} from '@skillwise/contracts';
import { findPriceType } from '../../db/queries/courses';
import { insertEnrolment } from '../../db/queries/enrolments';
import { countVisibleLessons } from '../../db/queries/publishing';
import {
  findActiveSubscription,
  findPaidThrough,
  findPlanPriceByCategory,
  findPlanPriceById,
  listPlanPrices,
} from '../../db/queries/subscriptions';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { isOwnerOf, isSchoolOwnerOf, mayBuyCourses, requireAccess } from '../access/access';
import { dollars } from '../organisations/organisations.service';
import { quoteCoupon, takeCouponUse } from './coupons.service';
import { platformFeeOf } from './earnings';
import { couponOf, NOT_ON_SALE, type OrderCapture } from './order-capture';
import type { PaymentProviders } from './payment-providers';
import { findOrderByProviderId, insertOrder, type OrderRow } from './payments.repository';
import type { PaymentDeps } from './payments.service';

const isCategory = (value: string): value is PlanCategory =>
  (PLAN_CATEGORIES as readonly string[]).includes(value);

/**
 * The web app's checkouts, where a hosted payment page sends the buyer back (with `?orderId=`) when
 * CreateOrder names no `returnPath`: each captures the order it is brought back with.
 */
const COURSE_CHECKOUT_PATH = '/students/checkout';
const PLAN_CHECKOUT_PATH = '/admin/checkout';

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

/** The answer of a CaptureOrder call: COMPLETED, or PENDING while the provider holds the money for review. */
const captureAnswer = (
  order: OrderRow,
  outcome: 'captured' | 'pending',
  bought: Pick<CaptureResponse, 'course_Id' | 'subscriptionCategoryType' | 'subscriptionEndsAt'>,
): CaptureResponse => ({
  id: order.providerOrderId,
  status: outcome === 'captured' ? 'COMPLETED' : 'PENDING',
  message: outcome === 'captured' ? MSG.paymentSuccess : MSG.paymentPending,
  ...bought,
});

/** Order, approve, capture (SPEC §4): the checkout calls for courses and plans, at the server's prices. */
export class CheckoutService {
  constructor(
    private readonly deps: PaymentDeps,
    private readonly providers: PaymentProviders,
    private readonly capture: OrderCapture,
  ) {}

  private ownBuyer(actor: Actor, userId: number) {
    if (!isOwnerOf(actor, { userId })) throw forbidden('An order is placed for the signed-in user only.');
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
    const provider = this.providers.forNewOrder(input.provider);
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
    const created = await this.providers.call(() =>
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
  private async findOrder(providerOrderId: string, names = [...this.providers.names(), 'free']) {
    for (const name of names) {
      const order = await findOrderByProviderId(this.deps.db, name, providerOrderId);
      if (order) return order;
    }
    return undefined;
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
    const outcome = await this.capture.capture(order);
    return captureAnswer(order, outcome, {
      course_Id: input.course_Id,
      subscriptionCategoryType: null,
      subscriptionEndsAt: null,
    });
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
    const provider = this.providers.forNewOrder(input.provider);
    this.ownBuyer(actor, input.user_id);
    const planPrice = await this.planPriceFor(input);
    const customerId =
      (await this.deps.billing?.subscriptions.customerOf(actor.orgId, provider.name)) ?? null;
    const created = await this.providers.call(() =>
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
   * POST organization/CaptureOrder: adds the plan's months, once (see OrderCapture's grantPlan for when
   * they start). `subscriptionEndsAt` is how long the organisation is now paid for without a gap.
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
    const outcome = await this.capture.capture(order);
    // The card it was paid with, for its renewals (the sandbox keeps a token and the last four digits), or
    // the provider's subscription: asked again when another path captured it (each is done once).
    if (outcome === 'captured') await this.deps.billing?.subscriptions.planCaptured(order);
    const paidThrough = await findPaidThrough(db, order.orgId);
    return captureAnswer(order, outcome, {
      course_Id: null,
      subscriptionCategoryType: isCategory(planPrice.category) ? planPrice.category : null,
      subscriptionEndsAt: paidThrough?.toISOString() ?? null,
    });
  }
}
