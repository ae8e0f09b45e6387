import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, orders, planPrices, users } from '../../db/schema';

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

export async function setOrderStatus(db: Db, id: number, status: 'approved' | 'failed') {
  await db.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, id));
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

/** Captured orders, newest first, with what was bought and by whom: one query. */
export async function listCapturedOrders(
  db: Db,
  filter: { orgId?: number; userId?: number; kind?: 'course' | 'plan' },
) {
  return db
    .select(saleColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(courses, eq(courses.id, orders.courseId))
    .leftJoin(planPrices, eq(planPrices.id, orders.planPriceId))
    .where(
      and(
        eq(orders.status, 'captured'),
        filter.orgId === undefined ? undefined : eq(orders.orgId, filter.orgId),
        filter.userId === undefined ? undefined : eq(orders.userId, filter.userId),
        filter.kind === undefined ? undefined : eq(orders.kind, filter.kind),
      ),
    )
    .orderBy(desc(orders.capturedAt), desc(orders.id));
}
