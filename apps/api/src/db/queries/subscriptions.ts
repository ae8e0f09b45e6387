import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../client';
import { planPrices, plans, subscriptions } from '../schema';

/** Plans and paid periods: read by organisations (plan limits) and written by payments. */

/**
 * The running paid period of an organisation, if any, with its plan: of the periods covering now, the
 * one that started last (an upgrade takes effect at once; the older period resumes if it outlasts it).
 */
export async function findActiveSubscription(db: Db, orgId: number, now = new Date()) {
  const [row] = await db
    .select({
      planPriceId: subscriptions.planPriceId,
      periodStart: subscriptions.periodStart,
      periodEnd: subscriptions.periodEnd,
      category: planPrices.category,
      plan: plans.name,
      rank: plans.sortOrder,
      maxProducts: plans.maxProducts,
      maxContacts: plans.maxContacts,
    })
    .from(subscriptions)
    .innerJoin(planPrices, eq(planPrices.id, subscriptions.planPriceId))
    .innerJoin(plans, eq(plans.id, planPrices.planId))
    .where(
      and(
        eq(subscriptions.orgId, orgId),
        gt(subscriptions.periodEnd, now),
        lte(subscriptions.periodStart, now),
      ),
    )
    .orderBy(desc(subscriptions.periodStart), desc(subscriptions.id))
    .limit(1);
  return row;
}

/** Inserts a paid period once per order: answers false when that order already made one. */
export async function insertSubscription(
  db: Db,
  values: typeof subscriptions.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoNothing({ target: subscriptions.orderId })
    .returning({ id: subscriptions.id });
  return rows.length === 1;
}

/**
 * Until when the organisation is paid without a gap, counting from `now` through the periods that
 * follow one another (a renewal, a queued plan); undefined when nothing paid covers `now` (grace days
 * after a failed renewal are not paid).
 */
export async function findPaidThrough(db: Db, orgId: number, now = new Date()): Promise<Date | undefined> {
  const periods = await db
    .select({ start: subscriptions.periodStart, end: subscriptions.periodEnd })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.orgId, orgId), gt(subscriptions.periodEnd, now), eq(subscriptions.kind, 'paid')),
    )
    .orderBy(asc(subscriptions.periodStart));
  let through = now;
  for (const period of periods) {
    if (period.start > through) break;
    if (period.end > through) through = period.end;
  }
  return through > now ? through : undefined;
}

export async function findPlanPriceById(db: Db, id: number) {
  const [row] = await db
    .select({
      id: planPrices.id,
      category: planPrices.category,
      months: planPrices.months,
      amountCents: planPrices.amountCents,
      currency: planPrices.currency,
      plan: plans.name,
      rank: plans.sortOrder,
    })
    .from(planPrices)
    .innerJoin(plans, eq(plans.id, planPrices.planId))
    .where(eq(planPrices.id, id));
  return row;
}

export async function listPlanPrices(db: Db) {
  return db
    .select({
      id: planPrices.id,
      category: planPrices.category,
      billingType: planPrices.billingType,
      months: planPrices.months,
      amountCents: planPrices.amountCents,
      currency: planPrices.currency,
      plan: plans.name,
      maxProducts: plans.maxProducts,
      maxContacts: plans.maxContacts,
    })
    .from(planPrices)
    .innerJoin(plans, eq(plans.id, planPrices.planId))
    .orderBy(asc(plans.sortOrder), asc(planPrices.months));
}

export async function findPlanPriceByCategory(db: Db, category: string) {
  const [row] = await db.select().from(planPrices).where(eq(planPrices.category, category));
  return row;
}
