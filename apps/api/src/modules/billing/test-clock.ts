import { eq, sql } from 'drizzle-orm';
import { planSubscriptions, subscriptions } from '../../db/schema';
import type { BillingService } from './billing.service';

/**
 * Test only (registered with NODE_ENV=test): moves an organisation's plan and its periods `days` into the
 * past, as if that time had gone by, so that a journey sees a renewal, a grace and a lapse happen.
 */
export async function moveClockBack(billing: BillingService, orgId: number, days: number): Promise<void> {
  const db = billing.database;
  const shift = sql`make_interval(days => ${Math.round(days)}::int)`;
  await db.transaction(async (tx) => {
    await tx
      .update(planSubscriptions)
      .set({
        periodStart: sql`${planSubscriptions.periodStart} - ${shift}`,
        periodEnd: sql`${planSubscriptions.periodEnd} - ${shift}`,
        graceEndsAt: sql`${planSubscriptions.graceEndsAt} - ${shift}`,
        nextAttemptAt: sql`${planSubscriptions.nextAttemptAt} - ${shift}`,
        renewalRemindedFor: sql`${planSubscriptions.renewalRemindedFor} - ${shift}`,
        expiryRemindedFor: sql`${planSubscriptions.expiryRemindedFor} - ${shift}`,
        claimedUntil: null,
      })
      .where(eq(planSubscriptions.orgId, orgId));
    await tx
      .update(subscriptions)
      .set({
        periodStart: sql`${subscriptions.periodStart} - ${shift}`,
        periodEnd: sql`${subscriptions.periodEnd} - ${shift}`,
      })
      .where(eq(subscriptions.orgId, orgId));
  });
}
