import { PLAN_REMINDER_DAYS } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { findPlanPriceById } from '../../db/queries/subscriptions';
import { DAY_MS } from '../../lib/dates';
import type { NotificationService } from '../notifications/notifications.service';
import { lapseEnded, type PlanSubscriptionRow, takeReminders } from './billing.repository';

/**
 * What a school's publishers are told of its plan (docs/decisions/025): that it lapsed, that it renews or
 * ends soon. Each notice once per plan and period (the notification's dedupe key names the period).
 */
export class PlanNotices {
  constructor(private readonly deps: { db: Db; notifications: Pick<NotificationService, 'planNotice'> }) {}

  /** The plan of `row` lapsed at `endedAt`: told in the transaction that lapsed it. */
  async lapsed(tx: Db, row: PlanSubscriptionRow, endedAt: Date) {
    const price = await findPlanPriceById(tx, row.planPriceId);
    await this.deps.notifications.planNotice(
      { orgId: row.orgId, plan: price?.plan ?? 'current', periodEnd: row.periodEnd, kind: 'lapsed', endedAt },
      tx,
    );
  }

  /** Lapses the plans whose grace or cancelled period ended, telling their publishers once. */
  async lapseEnded(now: Date): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const lapsed = await lapseEnded(tx, now);
      for (const row of lapsed) {
        await this.lapsed(
          tx,
          row,
          row.status === 'lapsed' && row.graceEndsAt ? row.graceEndsAt : row.periodEnd,
        );
      }
      return lapsed.length;
    });
  }

  /** The renewal and expiry reminders due, each once per period. */
  async remindDue(now: Date): Promise<number> {
    const { db, notifications } = this.deps;
    return db.transaction(async (tx) => {
      const { renewals, expiries } = await takeReminders(tx, now, PLAN_REMINDER_DAYS * DAY_MS);
      for (const row of renewals) {
        const current = await findPlanPriceById(tx, row.planPriceId);
        const next = await findPlanPriceById(tx, row.nextPlanPriceId ?? row.planPriceId);
        await notifications.planNotice(
          {
            orgId: row.orgId,
            plan: next?.plan ?? current?.plan ?? 'current',
            periodEnd: row.periodEnd,
            kind: 'renewal_reminder',
            renewsAt: row.periodEnd,
            amountCents: next?.amountCents ?? 0,
            currency: next?.currency ?? 'USD',
            cardLast4: row.cardLast4,
          },
          tx,
        );
      }
      for (const row of expiries) {
        const current = await findPlanPriceById(tx, row.planPriceId);
        await notifications.planNotice(
          {
            orgId: row.orgId,
            plan: current?.plan ?? 'current',
            periodEnd: row.periodEnd,
            kind: 'expiry_reminder',
            endsAt: row.periodEnd,
          },
          tx,
        );
      }
      return renewals.length + expiries.length;
    });
  }
}
