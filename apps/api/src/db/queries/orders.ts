import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { orders } from '../schema';

/** Orders: written by payments (purchases) and by billing (a plan's renewals and upgrades). */

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
