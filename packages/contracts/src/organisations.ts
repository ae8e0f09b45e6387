import { z } from 'zod';
import { PLAN_CAPABILITIES, PLAN_CATEGORIES, PLANS } from './constants';

/** GET organization/getOrgById/{id} */
export const organisationSchema = z.object({
  org_Id: z.number(),
  org_Name: z.string(),
  org_url: z.string(),
  org_Description: z.string().nullable(),
  primary_email: z.string(),
  is_active: z.boolean(),
  /** True while a paid period runs (SPEC §4: subscribed goes to /admin). */
  isSubscribed: z.boolean(),
  subscriptionStatus: z.enum(['active', 'inactive']),
  subscriptionCategory: z.enum(PLAN_CATEGORIES).nullable(),
  plan: z.enum(PLANS).nullable(),
  subscriptionEndsAt: z.string().nullable(),
  created_date: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;

/** One item of a plan's card (GET pricingplan's `features`). */
export const planFeatureSchema = z.object({
  /** The spec's text, or the operator's. */
  text: z.string(),
  /** What it stands for (docs/decisions/038). */
  capability: z.enum(PLAN_CAPABILITIES),
  /** Whether this installation provides it: a card marks the others "Not included". */
  included: z.boolean(),
  /** A short remark shown with it, e.g. a part of it not provided; null: none. */
  note: z.string().nullable(),
});
export type PlanFeature = z.infer<typeof planFeatureSchema>;

/** GET pricingplan: the first element holds the six prices, in dollars. */
export const pricingRecordSchema = z.object({
  monthlyKickstart: z.number(),
  annualKickstart: z.number(),
  monthlyBasic: z.number(),
  annualBasic: z.number(),
  monthlyGrowth: z.number(),
  annualGrowth: z.number(),
  /**
   * README "Additions" (docs/decisions/038): each plan's card, in order, as the operator keeps it in the
   * database (`npm run plan-features`), with whether this installation provides each item.
   */
  features: z
    .object({
      Kickstarter: z.array(planFeatureSchema),
      Basic: z.array(planFeatureSchema),
      Growth: z.array(planFeatureSchema),
    })
    .optional(),
});
export type PricingRecord = z.infer<typeof pricingRecordSchema>;

/** GET organization/getAllAdminSubscriptionTypeCategory */
export const subscriptionTypeCategorySchema = z.object({
  subscriptionCategory_Id: z.number(),
  subscriptionCategoryType: z.enum(PLAN_CATEGORIES),
  plan: z.enum(PLANS),
  billingType: z.enum(['monthly', 'annual']),
  months: z.number(),
  price: z.number(),
  currency: z.string(),
  maxProducts: z.number(),
  maxContacts: z.number(),
});
export type SubscriptionTypeCategory = z.infer<typeof subscriptionTypeCategorySchema>;

/** GET organization/GetStorageUsage (README "Additions"): the caller's organisation's stored files. */
export const storageUsageSchema = z.object({
  used_bytes: z.number(),
  /** Room held by uploads under way (their declared or streamed bytes), counted against the allowance too. */
  reserved_bytes: z.number(),
  allowance_bytes: z.number(),
  /** The running plan, or null: then the allowance is the small one without a plan. */
  plan: z.enum(PLANS).nullable(),
});
export type StorageUsageAnswer = z.infer<typeof storageUsageSchema>;
