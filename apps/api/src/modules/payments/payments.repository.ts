import type { Paged } from '@skillwise/contracts';
import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsText, inWindow, pageOf } from '../../db/paging';
import type { OrderRow } from '../../db/queries/orders';
import {
  courses,
  ORDER_TRANSITIONS,
  type OrderStatus,
  orderRefunds,
  orders,
  planPrices,
  users,
} from '../../db/schema';
import type { ListQuery } from '../../lib/paging';

// Shared with billing (a plan's renewals are orders too): the queries live in db/queries.
export { findOrderByProviderId, insertOrder, type OrderRow } from '../../db/queries/orders';

/**
 * Moves an order to `to` from one of the states ORDER_TRANSITIONS lets it leave for `to`, in one
 * statement, with `changes` to its other columns. Answers the order as it now is, or undefined when it
 * was in no such state: another change came first, and the caller reads what it did.
 */
export async function moveOrder(
  db: Db,
  id: number,
  to: OrderStatus,
  changes: Partial<Pick<OrderRow, 'providerCaptureId' | 'capturedAt'>> = {},
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...changes, status: to, updatedAt: new Date() })
    .where(and(eq(orders.id, id), inArray(orders.status, [...ORDER_TRANSITIONS[to]])))
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

export type RefundRow = typeof orderRefunds.$inferSelect;

/** Records the refund an order is owed (its transaction moved the order to `refunding`). */
export async function insertRefund(db: Db, values: typeof orderRefunds.$inferInsert): Promise<RefundRow> {
  const [row] = await db.insert(orderRefunds).values(values).returning();
  if (!row) throw new Error('insert order_refunds returned no row');
  return row;
}

export async function findRefundByOrderId(db: Db, orderId: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  return row;
}

/** Refunds still owed, untouched since `before` (the provider was down, or the process died). */
export async function listPendingRefunds(db: Db, before: Date, limit = 50): Promise<RefundRow[]> {
  return db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.status, 'pending'), lt(orderRefunds.updatedAt, before)))
    .orderBy(asc(orderRefunds.updatedAt))
    .limit(limit);
}

/** Marks a refund taken by the provider, once: undefined when another try recorded it first. */
export async function completeRefund(db: Db, id: number, providerRefundId: string | null) {
  const [row] = await db
    .update(orderRefunds)
    .set({ status: 'completed', providerRefundId, completedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'pending')))
    .returning();
  return row;
}

/** Notes a failed try at a pending refund; the reconciler tries it again a minute later. */
export async function noteRefundFailure(db: Db, id: number, error: string) {
  await db
    .update(orderRefunds)
    .set({ attempts: sql`${orderRefunds.attempts} + 1`, lastError: error, updatedAt: new Date() })
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'pending')));
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

type SalesFilter = { orgId?: number; userId?: number };

/**
 * Captured course orders of a seller or buyer, searched on the course title. The status and kind are
 * written as literals so that the planner can use the partial index orders_org_sales_idx
 * (org_id, captured_at, id) for an organisation's sales.
 */
const courseSalesWhere = (filter: SalesFilter, search: string | undefined) =>
  and(
    sql`${orders.status} = 'captured' and ${orders.kind} = 'course'`,
    filter.orgId === undefined ? undefined : eq(orders.orgId, filter.orgId),
    filter.userId === undefined ? undefined : eq(orders.userId, filter.userId),
    containsText(search, courses.title),
  );

/** The sales, newest first: the index's order, so a page does not sort the organisation's history. */
const courseSalesQuery = (db: Db, where: SQL | undefined) =>
  db
    .select(saleColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(courses, eq(courses.id, orders.courseId))
    .leftJoin(planPrices, eq(planPrices.id, orders.planPriceId))
    .where(where)
    .orderBy(desc(orders.capturedAt), desc(orders.id))
    .$dynamic();

/**
 * Every matching sale's figures: how many, and the sum of their amounts in cents. Every order has its
 * buyer (a required foreign key), so only the course is joined, for the search; without a search the
 * planner drops that join (courses.id is unique and nothing of it is read). The count alone may be read
 * from the index; the sum reads the orders' rows.
 */
async function courseSalesFigures(db: Db, where: SQL | undefined, withSum: boolean) {
  const [row] = await db
    .select({
      n: count(),
      // As text: a bigint sum arrives as a string from one driver and as a number from the other.
      cents: withSum ? sql<string>`coalesce(sum(${orders.amountCents}), 0)::text` : sql<string>`'0'`,
    })
    .from(orders)
    .leftJoin(courses, eq(courses.id, orders.courseId))
    .where(where);
  return { count: row?.n ?? 0, cents: BigInt(row?.cents ?? 0) };
}

/**
 * Captured course orders, newest first, with what was bought and by whom: one query; searched on the
 * course title. Their number is counted only when the page cannot tell it.
 */
export async function listCourseSales(db: Db, filter: SalesFilter, list: ListQuery) {
  const where = courseSalesWhere(filter, list.search);
  return pageOf(
    list.window,
    () => inWindow(courseSalesQuery(db, where), list.window),
    async () => (await courseSalesFigures(db, where, false)).count,
  );
}

export type CourseSaleRow = Awaited<ReturnType<typeof listCourseSales>>['rows'][number];

/**
 * A page of sales as listCourseSales answers it, with the sum in cents of every matching sale's amount
 * (not only the page's): the page query and one aggregate query, which also gives the total.
 */
export async function listCourseSalesWithSum(
  db: Db,
  filter: SalesFilter,
  list: ListQuery,
): Promise<Paged<CourseSaleRow> & { cents: bigint }> {
  const where = courseSalesWhere(filter, list.search);
  const [rows, figures] = await Promise.all([
    inWindow(courseSalesQuery(db, where), list.window),
    courseSalesFigures(db, where, true),
  ]);
  return { rows, total: figures.count, cents: figures.cents };
}
