import { and, asc, count, desc, eq, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsText, inWindow, pageOf } from '../../db/paging';
import { courses, type OrderStatus, orders, planPrices, users } from '../../db/schema';
import type { ListQuery } from '../../lib/paging';

export type OrderRow = typeof orders.$inferSelect;

export async function insertOrder(db: Db, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('insert orders returned no row');
  return row;
}

export async function findOrderByProviderId(db: Db, provider: string, providerOrderId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerOrderId, providerOrderId)));
  return row;
}

/** Marks an order captured once: false when another request captured it first. */
export async function markCaptured(db: Db, id: number, captureId: string): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status: 'captured', providerCaptureId: captureId, capturedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orders.id, id), ne(orders.status, 'captured')))
    .returning({ id: orders.id });
  return rows.length === 1;
}

export async function setOrderStatus(
  db: Db,
  id: number,
  status: Exclude<OrderStatus, 'captured'>,
  providerCaptureId?: string,
) {
  await db
    .update(orders)
    .set({ status, updatedAt: new Date(), ...(providerCaptureId ? { providerCaptureId } : {}) })
    .where(and(eq(orders.id, id), ne(orders.status, 'captured')));
}

/**
 * Claims an order for capture ('capturing'), unless it is captured or refunded: false then. For a course,
 * the partial unique index refuses a second order of the same buyer and course in capture (23505).
 */
export async function claimOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: 'capturing', updatedAt: new Date() })
    .where(and(eq(orders.id, id), notInArray(orders.status, ['captured', 'refunded'])))
    .returning();
  return row;
}

export async function findOrderById(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The order of this buyer and course whose capture is in flight or held by the provider, if any. */
export async function findCourseOrderInFlight(db: Db, userId: number, courseId: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.courseId, courseId),
        inArray(orders.status, ['capturing', 'pending']),
      ),
    );
  return row;
}

/** Orders left in capture (a crash, a provider that did not answer) or held pending, untouched since `before`. */
export async function listOrdersInFlight(db: Db, before: Date, limit = 50) {
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, ['capturing', 'pending']), lt(orders.updatedAt, before)))
    .orderBy(asc(orders.updatedAt))
    .limit(limit);
}

const saleColumns = {
  id: orders.id,
  date: orders.capturedAt,
  amountCents: orders.amountCents,
  currency: orders.currency,
  courseId: orders.courseId,
  courseTitle: courses.title,
  planCategory: planPrices.category,
  buyerEmail: users.email,
};

/**
 * Captured course orders, newest first, with what was bought and by whom: one query; searched on the
 * course title. The status and kind are written as literals so that the planner can use the partial index
 * orders_org_sales_idx (org_id, captured_at, id) for an organisation's page without sorting its history.
 */
export async function listCourseSales(db: Db, filter: { orgId?: number; userId?: number }, list: ListQuery) {
  const where = and(
    sql`${orders.status} = 'captured' and ${orders.kind} = 'course'`,
    filter.orgId === undefined ? undefined : eq(orders.orgId, filter.orgId),
    filter.userId === undefined ? undefined : eq(orders.userId, filter.userId),
    containsText(list.search, courses.title),
  );
  const query = db
    .select(saleColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(courses, eq(courses.id, orders.courseId))
    .leftJoin(planPrices, eq(planPrices.id, orders.planPriceId))
    .where(where)
    .orderBy(desc(orders.capturedAt), desc(orders.id))
    .$dynamic();
  return pageOf(
    list.window,
    () => inWindow(query, list.window),
    async () => {
      // Every order has its buyer (a required foreign key), so only the course is joined, for the search;
      // without a search the planner drops that join (courses.id is unique and nothing of it is read).
      const [row] = await db
        .select({ n: count() })
        .from(orders)
        .leftJoin(courses, eq(courses.id, orders.courseId))
        .where(where);
      return row?.n ?? 0;
    },
  );
}
