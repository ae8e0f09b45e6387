import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { orders, refundRequests } from '../schema';
import { findOne } from './find-one';

/** Orders: written by payments (purchases) and by billing (a plan's renewals and upgrades). */

export type OrderRow = typeof orders.$inferSelect;

export async function insertOrder(db: Db, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('insert orders returned no row');
  return row;
}

export async function findOrderByProviderId(db: Db, provider: string, providerOrderId: string) {
  return findOne(db, orders, and(eq(orders.provider, provider), eq(orders.providerOrderId, providerOrderId)));
}

/**
 * The select columns of an order's latest refund request (its status) and the school's answer to it, for
 * lists of purchases (`orderId` the order's id column): read from refund_requests_order_idx.
 */
export const latestRefundRequestColumns = (orderId: SQL | SQLWrapper) => {
  const latest = (column: SQL) =>
    sql`(select ${column} from ${refundRequests} r where r.order_id = ${orderId} order by r.id desc limit 1)`;
  return {
    refundRequest: sql<'pending' | 'approved' | 'declined' | null>`${latest(sql`r.status`)}`,
    refundAnswer: sql<string | null>`${latest(sql`r.answer`)}`,
  };
};
