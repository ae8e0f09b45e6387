import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { plans } from './billing';
import { updatedAt } from './common';

/**
 * What each plan's card lists (SPEC §2.15), next to the prices, so the operator edits it without code
 * (`npm run plan-features`, docs/decisions/038). Seeded with the spec's lists by db/plan-features.ts.
 * `capability` names what the item stands for (PLAN_CAPABILITIES); `included` is the operator's word on
 * whether this installation provides it, or null: as the software decides (capabilityProvided).
 * `note`: a short remark shown with the item (e.g. a part of it this installation does not provide).
 */
export const planFeatures = pgTable(
  'plan_features',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    capability: text('capability').notNull(),
    included: boolean('included'),
    note: text('note'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('plan_features_plan_position_idx').on(t.planId, t.position),
    check('plan_features_position_positive', sql`${t.position} > 0`),
  ],
);
