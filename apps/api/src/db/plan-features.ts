import { PLANS, type PlanCapability, type PlanName, SPEC_PLAN_FEATURES } from '@skillwise/contracts';
import { asc, count, eq, inArray, max } from 'drizzle-orm';
import type { Db } from './client';
import { planFeatures, plans } from './schema';

/**
 * The spec's cards (SPEC_PLAN_FEATURES) written into plan_features when it holds nothing: on every
 * migration (each start, each operator command), so a new installation has them and the operator's
 * edits are kept. Two instances starting at once write them once (the plan and position are unique).
 */
export async function seedPlanFeatures(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(planFeatures);
  if ((existing?.n ?? 0) > 0) return;
  const rows = await db
    .select({ id: plans.id, name: plans.name })
    .from(plans)
    .where(inArray(plans.name, [...PLANS]));
  const values = rows.flatMap((plan) =>
    SPEC_PLAN_FEATURES[plan.name as PlanName].map((feature, index) => ({
      planId: plan.id,
      position: index + 1,
      text: feature.text,
      capability: feature.capability,
      note: feature.note ?? null,
    })),
  );
  if (values.length > 0) await db.insert(planFeatures).values(values).onConflictDoNothing();
}

export type PlanFeatureRow = {
  id: number;
  plan: string;
  position: number;
  text: string;
  capability: PlanCapability;
  included: boolean | null;
  note: string | null;
};

/** Every plan's items, by plan and position: one query. */
export async function listPlanFeatures(db: Db): Promise<PlanFeatureRow[]> {
  const rows = await db
    .select({
      id: planFeatures.id,
      plan: plans.name,
      position: planFeatures.position,
      text: planFeatures.text,
      capability: planFeatures.capability,
      included: planFeatures.included,
      note: planFeatures.note,
    })
    .from(planFeatures)
    .innerJoin(plans, eq(plans.id, planFeatures.planId))
    .orderBy(asc(plans.sortOrder), asc(planFeatures.position));
  return rows.map((row) => ({ ...row, capability: row.capability as PlanCapability }));
}

/** One plan's id by its name, if it is one of the plans. */
export async function findPlanId(db: Db, name: string): Promise<number | undefined> {
  const [row] = await db.select({ id: plans.id }).from(plans).where(eq(plans.name, name));
  return row?.id;
}

/** Appends an item to a plan's card (after its last). */
export async function appendPlanFeature(
  db: Db,
  values: { planId: number; text: string; capability: PlanCapability },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ position: max(planFeatures.position) })
      .from(planFeatures)
      .where(eq(planFeatures.planId, values.planId));
    const [row] = await tx
      .insert(planFeatures)
      .values({ ...values, position: (last?.position ?? 0) + 1 })
      .returning({ id: planFeatures.id });
    if (!row) throw new Error('insert plan_features returned no row');
    return row.id;
  });
}

/** Changes an item; answers false when there is none with that id. */
export async function updatePlanFeature(
  db: Db,
  id: number,
  changes: Partial<{ text: string; included: boolean | null; note: string | null }>,
): Promise<boolean> {
  const rows = await db
    .update(planFeatures)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(planFeatures.id, id))
    .returning({ id: planFeatures.id });
  return rows.length === 1;
}

/** Removes an item (the others keep their order); answers false when there is none with that id. */
export async function deletePlanFeature(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(planFeatures)
    .where(eq(planFeatures.id, id))
    .returning({ id: planFeatures.id });
  return rows.length === 1;
}
