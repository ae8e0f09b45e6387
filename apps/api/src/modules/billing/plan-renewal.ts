import {
  PLAN_CATEGORIES,
  PLANS,
  type PlanCategory,
  type PlanName,
  type PlanRenewal,
} from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { findPlanPriceById } from '../../db/queries/subscriptions';
import { dollars } from '../organisations/organisations.service';
import { findPlanSubscription } from './billing.repository';
import type { PlanSubscriptions } from './plan-subscriptions';

const asCategory = (value: string): PlanCategory | null =>
  (PLAN_CATEGORIES as readonly string[]).includes(value) ? (value as PlanCategory) : null;
const asPlan = (value: string): PlanName | null =>
  (PLANS as readonly string[]).includes(value) ? (value as PlanName) : null;

/**
 * GET organization/GetPlanRenewal's answer: the organisation's plan, how it renews (the saved card, a
 * provider's subscription, one still to approve), when, for how much, and a change scheduled for the next
 * period; `status: none` when it never bought a plan.
 */
export async function describeRenewal(
  db: Db,
  subscriptions: PlanSubscriptions,
  orgId: number,
  now = new Date(),
): Promise<PlanRenewal> {
  const row = await findPlanSubscription(db, orgId);
  if (!row) {
    return {
      status: 'none',
      auto_renew: false,
      renews_through: null,
      renewal_approval_url: null,
      plan: null,
      subscriptionCategoryType: null,
      current_period_start: null,
      current_period_end: null,
      renews_at: null,
      renewal_amount: null,
      currency: 'USD',
      grace_ends_at: null,
      ends_at: null,
      card_last4: null,
      scheduled_change: null,
    };
  }
  const current = await findPlanPriceById(db, row.planPriceId);
  const next = row.nextPlanPriceId === null ? undefined : await findPlanPriceById(db, row.nextPlanPriceId);
  const renews = row.status === 'active' || row.status === 'past_due';
  const managed = subscriptions.of(row);
  const charged = next ?? current;
  const nextCategory = next ? asCategory(next.category) : null;
  const nextPlan = next ? asPlan(next.plan) : null;
  return {
    status: row.status,
    // A subscription still to approve renews nothing yet.
    auto_renew: renews && row.subscriptionApproveUrl === null,
    renews_through: managed && !managed.awaitingApproval ? managed.name : null,
    renewal_approval_url: renews ? row.subscriptionApproveUrl : null,
    plan: current ? asPlan(current.plan) : null,
    subscriptionCategoryType: current ? asCategory(current.category) : null,
    current_period_start: row.periodStart.toISOString(),
    current_period_end: row.periodEnd.toISOString(),
    renews_at: renews ? (row.nextAttemptAt ?? row.periodEnd).toISOString() : null,
    renewal_amount: renews && charged ? dollars(charged.amountCents) : null,
    currency: charged?.currency ?? 'USD',
    grace_ends_at: row.status === 'past_due' ? (row.graceEndsAt?.toISOString() ?? null) : null,
    ends_at:
      row.status === 'cancelling'
        ? row.periodEnd.toISOString()
        : row.status === 'lapsed'
          ? (row.graceEndsAt && row.graceEndsAt > row.periodEnd
              ? row.graceEndsAt
              : row.periodEnd
            ).toISOString()
          : null,
    card_last4: row.cardLast4,
    scheduled_change:
      nextCategory && nextPlan && row.status !== 'lapsed' && now < row.periodEnd
        ? { subscriptionCategoryType: nextCategory, plan: nextPlan, starts_at: row.periodEnd.toISOString() }
        : nextCategory && nextPlan && row.status !== 'lapsed'
          ? {
              subscriptionCategoryType: nextCategory,
              plan: nextPlan,
              starts_at: (row.nextAttemptAt ?? row.periodEnd).toISOString(),
            }
          : null,
  };
}
