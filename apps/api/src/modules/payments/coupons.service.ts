import {
  COUPON_MSG,
  type Coupon,
  type CouponInput,
  type CouponQuote,
  type CouponState,
  type Paged,
  type UpdateCouponBody,
} from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons } from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { AppError, notFound } from '../../lib/errors';
import type { ListQuery } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { mayManageCoupons, requireAccess } from '../access/access';
import { dollars } from '../organisations/organisations.service';
import {
  type CouponFigures,
  type CouponRow,
  countCouponUses,
  couponCoursesOf,
  couponFiguresOf,
  couponNamesCourse,
  findCouponByCode,
  findCouponById,
  isCouponOnOrders,
  listCoupons,
  ownCourseIds,
  setCouponCourses,
} from './coupons.repository';

const DAY_MS = 86_400_000;

/** A code the order cannot take, said to the buyer on the field they typed it in. */
const refused = (message: string) =>
  new AppError('COUPON_REFUSED', message, [{ field: 'coupon_code', message }]);

/** What a coupon takes off a price, in cents: never more than the price. */
export const discountOf = (coupon: CouponRow, priceCents: number): number =>
  Math.min(
    priceCents,
    coupon.percentOff === null
      ? (coupon.amountOffCents ?? 0)
      : Math.round((priceCents * coupon.percentOff) / 100),
  );

/**
 * The coupon a buyer typed for a course, and what it takes off the course's price, or why not: a code of
 * the course's own school (another school's code is not valid here), active, within its dates, for this
 * course, with a use left in all and for this buyer. The price is the server's.
 */
export async function quoteCoupon(
  db: Db,
  course: { id: number; orgId: number; priceCents: number },
  code: string,
  userId: number,
  now = new Date(),
): Promise<{ coupon: CouponRow; discountCents: number }> {
  const coupon = await findCouponByCode(db, course.orgId, code.toUpperCase());
  if (!coupon) throw refused(COUPON_MSG.unknown);
  if (!coupon.active) throw refused(COUPON_MSG.paused);
  if (coupon.startsAt !== null && now < coupon.startsAt) throw refused(COUPON_MSG.notYet);
  if (coupon.endsAt !== null && now >= coupon.endsAt) throw refused(COUPON_MSG.expired);
  if (!coupon.allCourses && !(await couponNamesCourse(db, coupon.id, course.id))) {
    throw refused(COUPON_MSG.notForCourse);
  }
  checkUses(coupon, await countCouponUses(db, coupon.id, userId));
  return { coupon, discountCents: discountOf(coupon, course.priceCents) };
}

function checkUses(coupon: CouponRow, uses: { all: number; byUser: number }) {
  if (coupon.maxUses !== null && uses.all >= coupon.maxUses) throw refused(COUPON_MSG.usedUp);
  if (coupon.maxUsesPerStudent !== null && uses.byUser >= coupon.maxUsesPerStudent) {
    throw refused(COUPON_MSG.usedByYou);
  }
}

/**
 * Takes an order's use of its coupon, in the transaction that claims the order for capture (or records a
 * free one), before any money moves: under the coupon's row lock its uses are counted, this order left
 * out, so of two buyers racing for the last use the second waits, then counts the first and is refused.
 */
export async function takeCouponUse(db: Db, order: { id?: number; couponId: number | null; userId: number }) {
  if (order.couponId === null) return;
  const coupon = await findCouponById(db, order.couponId);
  if (!coupon) throw refused(COUPON_MSG.unknown);
  const uses = await countCouponUses(db, coupon.id, order.userId, {
    lock: true,
    ...(order.id === undefined ? {} : { exceptOrderId: order.id }),
  });
  checkUses(coupon, uses);
}

/** A UTC day's start; a coupon's last day ends at the next one's. */
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const stateOf = (coupon: CouponRow, uses: number, now: Date): CouponState => {
  if (!coupon.active) return 'paused';
  if (coupon.endsAt !== null && now >= coupon.endsAt) return 'expired';
  if (coupon.maxUses !== null && uses >= coupon.maxUses) return 'used_up';
  if (coupon.startsAt !== null && now < coupon.startsAt) return 'scheduled';
  return 'active';
};

const toCoupon = (coupon: CouponRow, courseIds: number[], figures: CouponFigures, now: Date): Coupon => ({
  coupon_Id: coupon.id,
  code: coupon.code,
  kind: coupon.percentOff === null ? 'amount' : 'percent',
  value: coupon.percentOff ?? dollars(coupon.amountOffCents ?? 0),
  course_ids: coupon.allCourses ? null : courseIds,
  starts_on: coupon.startsAt === null ? null : dayOf(coupon.startsAt),
  ends_on: coupon.endsAt === null ? null : dayOf(new Date(coupon.endsAt.getTime() - DAY_MS)),
  max_uses: coupon.maxUses,
  max_uses_per_student: coupon.maxUsesPerStudent,
  active: coupon.active,
  state: stateOf(coupon, figures.uses, now),
  uses: figures.uses,
  revenue: dollars(figures.revenueCents),
  discount_given: dollars(figures.discountCents),
  created_at: coupon.createdAt.toISOString(),
});

/** The columns a coupon's input sets. */
const columnsOf = (input: CouponInput) => ({
  code: input.code,
  percentOff: input.kind === 'percent' ? input.value : null,
  amountOffCents: input.kind === 'amount' ? Math.round(input.value * 100) : null,
  allCourses: input.course_ids === null,
  startsAt: input.starts_on === null ? null : dayStart(input.starts_on),
  endsAt: input.ends_on === null ? null : new Date(dayStart(input.ends_on).getTime() + DAY_MS),
  maxUses: input.max_uses,
  maxUsesPerStudent: input.max_uses_per_student,
  active: input.active,
});

const CODE_TAKEN = 'A coupon with this code exists already.';

/**
 * A school's coupons (docs/decisions/030): made, changed, paused and deleted by its staff, listed with
 * their uses and revenue; CheckCoupon tells a buyer what a code makes of a course's price.
 */
export class CouponService {
  constructor(private readonly deps: { db: Db }) {}

  private orgOf(actor: Actor): number {
    const id = actor.orgId;
    if (id === null || id === undefined || !mayManageCoupons(actor, id)) throw notFound('Organisation');
    return id;
  }

  /** The school's coupon, or not found (another school's too). */
  private async ownCoupon(actor: Actor, couponId: number): Promise<CouponRow> {
    const orgId = this.orgOf(actor);
    const coupon = await findCouponById(this.deps.db, couponId);
    if (!coupon || coupon.orgId !== orgId) throw notFound('Coupon');
    return coupon;
  }

  /** The chosen courses, each the school's own (400 on `course_ids` otherwise). */
  private async chosenCourses(orgId: number, input: CouponInput): Promise<number[]> {
    if (input.course_ids === null) return [];
    const ids = [...new Set(input.course_ids)];
    const own = await ownCourseIds(this.deps.db, orgId, ids);
    if (own.length !== ids.length) {
      throw new AppError('VALIDATION', 'course_ids: must be courses of your school', [
        { field: 'course_ids', message: 'must be courses of your school' },
      ]);
    }
    return ids;
  }

  private async answer(coupon: CouponRow): Promise<Coupon> {
    const { db } = this.deps;
    const [named, figures] = await Promise.all([
      couponCoursesOf(db, [coupon.id]),
      couponFiguresOf(db, [coupon.id]),
    ]);
    return toCoupon(
      coupon,
      named.get(coupon.id) ?? [],
      figures.get(coupon.id) ?? { uses: 0, revenueCents: 0, discountCents: 0 },
      new Date(),
    );
  }

  /** A write that may meet another coupon's code: 409 on `code`. */
  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new AppError('CONFLICT', CODE_TAKEN, [{ field: 'code', message: CODE_TAKEN }]);
    }
  }

  /** GET organization/GetCoupons */
  async list(actor: Actor, list: ListQuery): Promise<Paged<Coupon>> {
    const page = await listCoupons(this.deps.db, this.orgOf(actor), list);
    const now = new Date();
    return { total: page.total, rows: page.rows.map((r) => toCoupon(r.coupon, r.courseIds, r.figures, now)) };
  }

  /** POST organization/CreateCoupon */
  async create(actor: Actor, input: CouponInput): Promise<Coupon> {
    const orgId = this.orgOf(actor);
    const courseIds = await this.chosenCourses(orgId, input);
    const coupon = await this.saving(() =>
      this.deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(coupons)
          .values({ orgId, ...columnsOf(input) })
          .returning();
        if (!row) throw new Error('coupon not inserted');
        await setCouponCourses(tx, row.id, courseIds);
        return row;
      }),
    );
    return this.answer(coupon);
  }

  /** POST organization/UpdateCoupon: the whole coupon again. Orders made with it keep their price. */
  async update(actor: Actor, input: UpdateCouponBody): Promise<Coupon> {
    const existing = await this.ownCoupon(actor, input.coupon_Id);
    const courseIds = await this.chosenCourses(existing.orgId, input);
    const coupon = await this.saving(() =>
      this.deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(coupons)
          .set({ ...columnsOf(input), updatedAt: new Date() })
          .where(eq(coupons.id, existing.id))
          .returning();
        if (!row) throw notFound('Coupon');
        await setCouponCourses(tx, row.id, courseIds);
        return row;
      }),
    );
    return this.answer(coupon);
  }

  /** POST organization/DeleteCoupon: one no order was made with (one that was is paused instead). */
  async remove(actor: Actor, couponId: number): Promise<{ coupon_Id: number }> {
    const coupon = await this.ownCoupon(actor, couponId);
    const { db } = this.deps;
    if (await isCouponOnOrders(db, coupon.id)) {
      throw new AppError('CONFLICT', 'This coupon was used: pause it instead.');
    }
    try {
      await db.delete(coupons).where(eq(coupons.id, coupon.id));
    } catch (error) {
      // An order made with it meanwhile (its foreign key refuses the delete).
      if (isForeignKeyViolation(error)) {
        throw new AppError('CONFLICT', 'This coupon was used: pause it instead.');
      }
      throw error;
    }
    return { coupon_Id: coupon.id };
  }

  /** GET courses/CheckCoupon: the course's price with the code for the signed-in buyer, or why not. */
  async check(actor: Actor, input: { course_id: number; code: string }): Promise<CouponQuote> {
    const course = await requireAccess(this.deps.db, actor, 'course.buy', input.course_id);
    const { coupon, discountCents } = await quoteCoupon(this.deps.db, course, input.code, actor.userId);
    return {
      code: coupon.code,
      course_Id: course.id,
      list_price: dollars(course.priceCents),
      discount: dollars(discountCents),
      price: dollars(course.priceCents - discountCents),
      currency: course.currency,
    };
  }
}
