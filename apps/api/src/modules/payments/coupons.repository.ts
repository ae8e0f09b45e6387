import { and, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsText, pageOfQuery } from '../../db/paging';
import { findOne } from '../../db/queries/find-one';
import { couponCourses, coupons, courses, orders } from '../../db/schema';
import type { ListQuery } from '../../lib/paging';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;

/**
 * The states of an order that took its coupon's use (docs/decisions/030): claimed for capture or past
 * it. An order made and never paid, or declined, took none.
 */
const USED = sql`${orders.status} in ('capturing', 'pending', 'captured', 'refunding', 'refunded')`;

/** A school's coupon by its code (in capitals). */
export async function findCouponByCode(db: Db, orgId: number, code: string) {
  return findOne(db, coupons, and(eq(coupons.orgId, orgId), eq(coupons.code, code)));
}

export async function findCouponById(db: Db, id: number) {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/** Whether a coupon that is not for all its school's courses names this one. */
export async function couponNamesCourse(db: Db, couponId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: couponCourses.courseId })
    .from(couponCourses)
    .where(and(eq(couponCourses.couponId, couponId), eq(couponCourses.courseId, courseId)));
  return row !== undefined;
}

/**
 * A coupon's uses: in all, and by one buyer, leaving out one order (the one being claimed). With `lock`
 * the coupon's row is locked first (in the caller's transaction), so that two claims count in turn.
 */
export async function countCouponUses(
  db: Db,
  couponId: number,
  userId: number,
  options: { exceptOrderId?: number; lock?: boolean } = {},
): Promise<{ all: number; byUser: number }> {
  if (options.lock) {
    await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId)).for('update');
  }
  const [row] = await db
    .select({
      all: count(),
      byUser: sql<number>`count(*) filter (where ${orders.userId} = ${userId})`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        eq(orders.couponId, couponId),
        USED,
        options.exceptOrderId === undefined ? undefined : ne(orders.id, options.exceptOrderId),
      ),
    );
  return { all: row?.all ?? 0, byUser: row?.byUser ?? 0 };
}

/** The school's courses among `ids`. */
export async function ownCourseIds(db: Db, orgId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.orgId, orgId), inArray(courses.id, ids)));
  return rows.map((r) => r.id);
}

/** A coupon's chosen courses, replaced (none: for all the school's courses). */
export async function setCouponCourses(db: Db, couponId: number, courseIds: number[]) {
  await db.delete(couponCourses).where(eq(couponCourses.couponId, couponId));
  if (courseIds.length > 0) {
    await db.insert(couponCourses).values(courseIds.map((courseId) => ({ couponId, courseId })));
  }
}

/** Whether any order was made with the coupon (it is then paused, never deleted). */
export async function isCouponOnOrders(db: Db, couponId: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.couponId, couponId)).limit(1);
  return row !== undefined;
}

export type CouponFigures = { uses: number; revenueCents: number; discountCents: number };

/**
 * A school's coupons, newest first, searched on the code, with each one's courses and figures: three
 * queries for the page whatever its size.
 */
export async function listCoupons(db: Db, orgId: number, list: ListQuery) {
  const where: SQL | undefined = and(eq(coupons.orgId, orgId), containsText(list.search, coupons.code));
  const query = db.select().from(coupons).where(where).orderBy(desc(coupons.createdAt), desc(coupons.id));
  const page = await pageOfQuery(query.$dynamic(), list.window, () => db.$count(coupons, where));
  const ids = page.rows.map((r) => r.id);
  const [named, figures] = await Promise.all([couponCoursesOf(db, ids), couponFiguresOf(db, ids)]);
  return {
    ...page,
    rows: page.rows.map((row) => ({
      coupon: row,
      courseIds: named.get(row.id) ?? [],
      figures: figures.get(row.id) ?? { uses: 0, revenueCents: 0, discountCents: 0 },
    })),
  };
}

export async function couponCoursesOf(db: Db, couponIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (couponIds.length === 0) return map;
  const rows = await db
    .select()
    .from(couponCourses)
    .where(inArray(couponCourses.couponId, couponIds))
    .orderBy(couponCourses.couponId, couponCourses.courseId);
  for (const row of rows) map.set(row.couponId, [...(map.get(row.couponId) ?? []), row.courseId]);
  return map;
}

/** Each coupon's uses, and what its sales paid and it took off (sales: captured, or refunded since). */
export async function couponFiguresOf(db: Db, couponIds: number[]): Promise<Map<number, CouponFigures>> {
  const map = new Map<number, CouponFigures>();
  if (couponIds.length === 0) return map;
  const sold = sql`${orders.status} in ('captured', 'refunded') and ${orders.capturedAt} is not null`;
  const rows = await db
    .select({
      couponId: orders.couponId,
      uses: count(),
      revenue: sql<string>`coalesce(sum(${orders.amountCents} - ${orders.discountCents}) filter (where ${sold}), 0)::text`,
      discount: sql<string>`coalesce(sum(${orders.discountCents}) filter (where ${sold}), 0)::text`,
    })
    .from(orders)
    .where(and(inArray(orders.couponId, couponIds), USED))
    .groupBy(orders.couponId);
  for (const row of rows) {
    if (row.couponId === null) continue;
    map.set(row.couponId, {
      uses: row.uses,
      revenueCents: Number(row.revenue),
      discountCents: Number(row.discount),
    });
  }
  return map;
}
