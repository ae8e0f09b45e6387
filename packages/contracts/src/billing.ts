import { z } from 'zod';
import { expected, idSchema } from './common';
import { PLAN_CATEGORIES, PLANS } from './constants';
import { PAYMENT_PROVIDERS } from './payments';

/** How many days a plan keeps working after its renewal failed, retried daily (docs/decisions/025). */
export const PLAN_GRACE_DAYS = 7;
/** How many days before a period ends the renewal (or expiry) reminder is e-mailed. */
export const PLAN_REMINDER_DAYS = 7;

/**
 * Where a plan stands (README "Additions"): `none` before any plan was bought through checkout (or a plan
 * given by hand, which simply ends), otherwise the renewal engine's state.
 */
export const PLAN_RENEWAL_STATES = ['none', 'active', 'cancelling', 'past_due', 'lapsed'] as const;
export type PlanRenewalState = (typeof PLAN_RENEWAL_STATES)[number];

/** GET organization/GetPlanRenewal, and what CancelPlan, ResumePlan and ChangePlan answer. */
export const planRenewalSchema = z.object({
  status: z.enum(PLAN_RENEWAL_STATES),
  /** True while the plan renews by itself at `current_period_end` (active, or past_due being retried). */
  auto_renew: z.boolean(),
  /**
   * The provider whose own subscription renews the plan (Stripe Billing, PayPal Subscriptions: it charges
   * and reports each renewal), or null when the app charges the saved card itself (docs/decisions/027).
   */
  renews_through: z.enum(PAYMENT_PROVIDERS).nullable(),
  /**
   * A plan bought through PayPal renews once the school approves its subscription on PayPal's page: that
   * page, until it is approved (`auto_renew` is false meanwhile); null otherwise (docs/decisions/028).
   */
  renewal_approval_url: z.string().nullable(),
  plan: z.enum(PLANS).nullable(),
  subscriptionCategoryType: z.enum(PLAN_CATEGORIES).nullable(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  /** When the next renewal is charged (active), or tried again (past_due); null otherwise. */
  renews_at: z.string().nullable(),
  /** What that renewal charges, in dollars, and for which plan (a scheduled change included). */
  renewal_amount: z.number().nullable(),
  currency: z.string(),
  /** past_due: the plan keeps working until then; unpaid by then, it lapses. */
  grace_ends_at: z.string().nullable(),
  /** cancelling: the day the plan ends; lapsed: the day it ended. */
  ends_at: z.string().nullable(),
  /** The saved card renewals charge: its last four digits (never more), or null when none is saved. */
  card_last4: z.string().nullable(),
  /** A change chosen to start with the next period (a downgrade, another billing period). */
  scheduled_change: z
    .object({ subscriptionCategoryType: z.enum(PLAN_CATEGORIES), plan: z.enum(PLANS), starts_at: z.string() })
    .nullable(),
});
export type PlanRenewal = z.infer<typeof planRenewalSchema>;

/** POST organization/CancelPlan and ResumePlan: the caller's organisation, or the one named (its own). */
export const planActionBodySchema = z.object({ org_Id: idSchema.optional() });

/** POST organization/ChangePlan: the plan to move to; `preview` answers what would happen, changing nothing. */
export const changePlanBodySchema = z.object({
  org_Id: idSchema.optional(),
  subscriptionCategoryType: z.enum(PLAN_CATEGORIES, expected(`one of ${PLAN_CATEGORIES.join(', ')}`)),
  preview: z.boolean(expected('true or false')).optional(),
});

/** What organization/ChangePlan did (or, with `preview`, would do). */
export const changePlanResponseSchema = z.object({
  /** `upgrade`: now, the difference charged; `scheduled`: from the next period; `unchanged`: a scheduled change withdrawn, or nothing to do. */
  change: z.enum(['upgrade', 'scheduled', 'unchanged']),
  /** The prorated difference charged (or to be charged) now, in dollars; 0 when nothing is. */
  charged: z.number(),
  currency: z.string(),
  /** The order of the charge (it shows among purchases and has its receipt); null when none was made. */
  order_Id: z.number().nullable(),
  renewal: planRenewalSchema,
});
export type ChangePlanResponse = z.infer<typeof changePlanResponseSchema>;
