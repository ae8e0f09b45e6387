import type { Paged } from '@skillwise/contracts';
import { and, asc, count, desc, eq, inArray, lt, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { containsText, inWindow, pageOf } from '../../db/paging';
import { findOne } from '../../db/queries/find-one';
import { latestRefundRequestColumns, type OrderRow } from '../../db/queries/orders';
import {
  courses,
  ORDER_TRANSITIONS,
  type OrderStatus,
  orderRefunds,
  orders,
  paymentEvents,
  planPrices,
  users,
} from '../../db/schema';
import type { ListQuery } from '../../lib/paging';

// Shared with billing (a plan's renewals are orders too): the queries live in db/queries.
export { findOrderByProviderId, insertOrder, type OrderRow } from '../../db/queries/orders';

/** The order whose capture (at `provider`) has this id. */
export async function findOrderByCaptureId(db: Db, provider: string, providerCaptureId: string) {
  return findOne(
    db,
    orders,
    and(eq(orders.provider, provider), eq(orders.providerCaptureId, providerCaptureId)),
  );
}

export type PaymentEvent = { provider: string; eventId: string; type: string };

/** Whether a provider's webhook event was taken already. */
export async function isPaymentEventRecorded(db: Db, event: PaymentEvent): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)));
  return row !== undefined;
}

/**
 * Records a webhook event once, in the caller's transaction: false when it was recorded before (a
 * replay, or another instance taking the same delivery), and the caller then changes nothing.
 */
export async function recordPaymentEvent(db: Db, event: PaymentEvent): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/**
 * Moves an order to `to` from one of the states ORDER_TRANSITIONS lets it leave for `to`, in one
 * statement, with `changes` to its other columns. Answers the order as it now is, or undefined when it
 * was in no such state: another change came first, and the caller reads what it did.
 */
export async function moveOrder(
  db: Db,
  id: number,
  to: OrderStatus,
  changes: Partial<Pick<OrderRow, 'providerCaptureId' | 'capturedAt' | 'providerFeeCents'>> = {},
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
  return findOne(
    db,
    orders,
    and(
      eq(orders.userId, userId),
      eq(orders.courseId, courseId),
      inArray(orders.status, ['capturing', 'pending']),
    ),
  );
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

/** An order's first refund (a capture given back has one only). */
export async function findRefundByOrderId(db: Db, orderId: number): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.id))
    .limit(1);
  return row;
}

export async function findRefundById(db: Db, id: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, id));
  return row;
}

/** The refund a school's request made (its key), if any. */
export async function findRefundByRequestKey(db: Db, requestKey: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.requestKey, requestKey));
  return row;
}

/**
 * Adds `cents` to what a sale has given back, only if the sum stays within what was paid (the order's
 * row is the one place that total lives: of two refunds racing for the last cents, one is refused).
 */
export async function addRefunded(db: Db, orderId: number, cents: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${cents}`, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, orderId),
        sql`${orders.refundedCents} + ${cents} <= ${orders.amountCents} - ${orders.discountCents}`,
      ),
    )
    .returning();
  return row;
}

/**
 * Refunds still owed, untouched since `before` (the provider was down, or the process died). A refund last
 * tried in the very millisecond of `before` is among them: a round asked for "everything until now" right
 * after a try must not miss it.
 */
export async function listPendingRefunds(db: Db, before: Date, limit = 50): Promise<RefundRow[]> {
  return db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.status, 'pending'), lte(orderRefunds.updatedAt, before)))
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
  discountCents: orders.discountCents,
  couponCode: orders.couponCode,
  platformFeeCents: orders.platformFeeCents,
  providerFeeCents: orders.providerFeeCents,
  // What was given back of the sale (owed or taken): the sum of its refunds.
  refundedCents: orders.refundedCents,
  // The buyer's latest refund request and the school's answer (refund_requests_order_idx).
  ...latestRefundRequestColumns(orders.id),
  currency: orders.currency,
  courseId: orders.courseId,
  courseTitle: courses.title,
  planCategory: planPrices.category,
  buyerEmail: users.email,
};

type SalesFilter = { orgId?: number; userId?: number };

/**
 * The course sales of a seller or buyer, searched on the course title: orders captured, and those
 * refunded after they were (a refund from the provider's dashboard), which stay with their refund so
 * that the figures say what the school kept. A capture given back because it could not be used (the
 * course already owned, no longer on sale) never became a sale: its order has no capture time. The
 * condition is written as literals so that the planner can use the partial index orders_org_sales_idx
 * (org_id, captured_at, id) for an organisation's sales.
 */
export const courseSalesWhere = (filter: SalesFilter, search: string | undefined) =>
  and(
    sql`${orders.status} in ('captured', 'refunded') and ${orders.kind} = 'course' and ${orders.capturedAt} is not null`,
    filter.orgId === undefined ? undefined : eq(orders.orgId, filter.orgId),
    filter.userId === undefined ? undefined : eq(orders.userId, filter.userId),
    containsText(search, courses.title),
    // A school's sales are of its own courses: its search reads their titles (courses_org_id_id_idx),
    // not every title of the catalogue.
    search === undefined || filter.orgId === undefined ? undefined : eq(courses.orgId, filter.orgId),
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

/** Sums of cents as text: a bigint sum arrives as a string from one driver and as a number from the other. */
const sumText = (column: SQL | SQLWrapper) => sql<string>`coalesce(sum(${column}), 0)::text`;

/** The sums of the parts of what sales earn (earnings.ts), in cents, and how many sales they cover. */
export type SalesSums = {
  count: number;
  gross: bigint;
  discount: bigint;
  platformFee: bigint;
  /** The provider fees that are known; `providerFeeUnknown` sales had none reported. */
  providerFee: bigint;
  providerFeeUnknown: number;
  refunded: bigint;
};

/** The select list of SalesSums over `orders`: one aggregate row. */
export const salesSumColumns = {
  n: count(),
  gross: sumText(orders.amountCents),
  discount: sumText(orders.discountCents),
  platformFee: sumText(orders.platformFeeCents),
  providerFee: sumText(orders.providerFeeCents),
  providerFeeUnknown: sql<number>`count(*) filter (where ${orders.providerFeeCents} is null)`.mapWith(Number),
  refunded: sumText(orders.refundedCents),
};

export const salesSumsOf = (
  row: Partial<Record<keyof typeof salesSumColumns, unknown>> | undefined,
): SalesSums => ({
  count: Number(row?.n ?? 0),
  gross: BigInt(String(row?.gross ?? 0)),
  discount: BigInt(String(row?.discount ?? 0)),
  platformFee: BigInt(String(row?.platformFee ?? 0)),
  providerFee: BigInt(String(row?.providerFee ?? 0)),
  providerFeeUnknown: Number(row?.providerFeeUnknown ?? 0),
  refunded: BigInt(String(row?.refunded ?? 0)),
});

/**
 * Every matching sale's figures: how many, and the sums of their parts in cents. Every order has its
 * buyer (a required foreign key), so only the course is joined, for the search, and the refund; without a
 * search the planner drops the course's join (courses.id is unique and nothing of it is read). The count
 * and the sums are read from orders_org_sales_idx, which holds the figures (an index-only scan).
 */
async function courseSalesFigures(db: Db, where: SQL | undefined, withSums: boolean): Promise<SalesSums> {
  if (!withSums) {
    const [row] = await db
      .select({ n: count() })
      .from(orders)
      .leftJoin(courses, eq(courses.id, orders.courseId))
      .where(where);
    return salesSumsOf(row);
  }
  const [row] = await db
    .select(salesSumColumns)
    .from(orders)
    .leftJoin(courses, eq(courses.id, orders.courseId))
    .where(where);
  return salesSumsOf(row);
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
 * A page of sales as listCourseSales answers it, with the sums of every matching sale's parts (not only
 * the page's): the page query and one aggregate query, which also gives the total.
 */
export async function listCourseSalesWithSums(
  db: Db,
  filter: SalesFilter,
  list: ListQuery,
): Promise<Paged<CourseSaleRow> & { sums: SalesSums }> {
  const where = courseSalesWhere(filter, list.search);
  const [rows, sums] = await Promise.all([
    inWindow(courseSalesQuery(db, where), list.window),
    courseSalesFigures(db, where, true),
  ]);
  return { rows, total: sums.count, sums };
}

/**
 * An organisation's captured course sales from the UTC day `from` to the day `to` (both included), summed
 * per `interval` bucket (date_trunc in UTC), every bucket of the range answered, empty ones with zeros:
 * one query. Buckets come in order, each named by its first day (YYYY-MM-DD).
 */
export async function salesSeries(
  db: Db,
  orgId: number,
  interval: 'day' | 'week' | 'month',
  from: string,
  to: string,
): Promise<Array<{ start: string; sums: SalesSums }>> {
  const step = `1 ${interval}`;
  const bucketOf = sql`date_trunc(${interval}, ${orders.capturedAt} at time zone 'UTC')`;
  const first = sql`date_trunc(${interval}, ${from}::timestamp)`;
  const last = sql`date_trunc(${interval}, ${to}::timestamp)`;
  const c = salesSumColumns;
  const result = await db.execute(sql`
    select to_char(b.bucket, 'YYYY-MM-DD') as start, p.n, p.gross, p.discount, p.platform_fee,
      p.provider_fee, p.provider_fee_unknown, p.refunded
    from generate_series(${first}, ${last}, ${step}::interval) as b(bucket)
    left join (
      select ${bucketOf} as bucket, ${c.n} as n, ${c.gross} as gross, ${c.discount} as discount,
        ${c.platformFee} as platform_fee, ${c.providerFee} as provider_fee,
        ${c.providerFeeUnknown} as provider_fee_unknown, ${c.refunded} as refunded
      from ${orders}
      where ${courseSalesWhere({ orgId }, undefined)}
        and ${orders.capturedAt} >= (${first} at time zone 'UTC')
        and ${orders.capturedAt} < ((${last} + ${step}::interval) at time zone 'UTC')
      group by 1
    ) as p on p.bucket = b.bucket
    order by b.bucket`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    start: String(row.start),
    sums: salesSumsOf({
      n: row.n,
      gross: row.gross,
      discount: row.discount,
      platformFee: row.platform_fee,
      providerFee: row.provider_fee,
      providerFeeUnknown: row.provider_fee_unknown,
      refunded: row.refunded,
    }),
  }));
}
