import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';

export {
  appendPlanFeature,
  deletePlanFeature,
  findPlanId,
  listPlanFeatures,
  type PlanFeatureRow,
  updatePlanFeature,
} from '../../db/plan-features';
export { findOrganisation } from '../../db/queries/organisations';
export {
  findActiveSubscription,
  findPaidThrough,
  findPlanPriceByCategory,
  findPlanPriceById,
  insertSubscription,
  listPlanPrices,
} from '../../db/queries/subscriptions';

export type OrganisationRow = typeof organisations.$inferSelect;

export async function insertOrganisation(db: Db, values: typeof organisations.$inferInsert) {
  const [row] = await db.insert(organisations).values(values).returning();
  if (!row) throw new Error('insert organisations returned no row');
  return row;
}

export async function deleteOrganisation(db: Db, id: number) {
  await db.delete(organisations).where(eq(organisations.id, id));
}
