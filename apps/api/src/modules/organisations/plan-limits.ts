import {
  INTEGRATIONS_MSG,
  INTEGRATIONS_PLAN,
  MARKETING_EMAILS_PER_MONTH,
  teamSeatsOf,
} from '@skillwise/contracts';
import { and, count, eq, gte, ne, sql, sum } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { isStudentOfOrg } from '../../db/queries/users';
import { broadcasts, courses, organisations } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findActiveSubscription } from './organisations.repository';

const noPlan = () =>
  new AppError('PLAN_LIMIT', 'Your organisation has no running subscription: choose a plan first.');

const formatNumber = (n: number) => n.toLocaleString('en-US');

/**
 * Takes the organisation's row lock for the rest of the transaction: two requests that count and then
 * add (a student, a published course, a paid period) for one organisation take turns, so a limit holds
 * under concurrent requests and on several instances.
 */
export async function lockOrganisation(tx: Db, orgId: number): Promise<void> {
  await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, orgId))
    .for('update');
}

/**
 * The plans' real limits (DESIGN decision 7): products are published courses, contacts are students.
 * Going over is refused with the plan's name and limit; nothing already there is touched. Each check
 * runs in the transaction that makes the change, under the organisation's lock.
 */
export class PlanLimits {
  constructor(private readonly db: Db) {}

  /** Publishes a course if the plan allows one more published course: `publish` runs in the same transaction. */
  async withPublishSlot<T>(orgId: number, courseId: number, publish: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await lockOrganisation(tx, orgId);
      const subscription = await findActiveSubscription(tx, orgId);
      if (!subscription) throw noPlan();
      const [row] = await tx
        .select({ n: count() })
        .from(courses)
        .where(and(eq(courses.orgId, orgId), eq(courses.published, true), ne(courses.id, courseId)));
      if ((row?.n ?? 0) >= subscription.maxProducts) {
        const limit = subscription.maxProducts;
        const plan = subscription.plan;
        throw new AppError(
          'PLAN_LIMIT',
          limit === 1
            ? `Your ${plan} plan allows ${formatNumber(limit)} published course. Unpublish one or upgrade your plan to publish more.`
            : `Your ${plan} plan allows ${formatNumber(limit)} published courses. Unpublish one or upgrade your plan to publish more.`,
        );
      }
      return publish(tx);
    });
  }

  /**
   * Checks, inside `tx` and under the organisation's lock, that a student may become one of its contacts
   * (added, assigned or buying). A student who already is one costs nothing. Buyers whose payment is
   * being captured hold their place already, so captures running at once cannot pass the limit either.
   */
  async checkNewContact(tx: Db, orgId: number, userId: number | undefined): Promise<void> {
    await lockOrganisation(tx, orgId);
    if (userId !== undefined && (await isStudentOfOrg(tx, orgId, userId))) return;
    const subscription = await findActiveSubscription(tx, orgId);
    if (!subscription) throw noPlan();
    // The organisation's students (org_members) and the buyers holding a place while their payment is
    // captured who are not among them yet.
    const result = await tx.execute(sql`
      select (
        (select count(*) from org_members where org_id = ${orgId} and user_id <> ${userId ?? 0})
        + (select count(distinct o.user_id) from orders o
            where o.org_id = ${orgId} and o.kind = 'course' and o.status in ('capturing', 'pending')
              and o.user_id <> ${userId ?? 0}
              and not exists (select 1 from org_members m where m.org_id = ${orgId} and m.user_id = o.user_id))
      )::int as n`);
    const n = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    if (n >= subscription.maxContacts) {
      throw new AppError(
        'PLAN_LIMIT',
        `The ${subscription.plan} plan of this organisation allows ${formatNumber(subscription.maxContacts)} students; it cannot take more. Upgrade the plan to add students.`,
      );
    }
  }

  /**
   * The school's marketing e-mails this calendar month (UTC): its plan's allowance (null: unlimited) and
   * the recipients of its messages queued since the month began. Read under the organisation's lock by
   * `checkMarketingEmails`; read alone, it is what the composer shows.
   */
  async marketingEmails(
    tx: Db,
    orgId: number,
    now = new Date(),
  ): Promise<{ plan: string | null; limit: number | null; used: number }> {
    const subscription = await findActiveSubscription(tx, orgId, now);
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const [row] = await tx
      .select({ n: sum(broadcasts.recipientCount) })
      .from(broadcasts)
      .where(and(eq(broadcasts.orgId, orgId), gte(broadcasts.queuedAt, monthStart)));
    const plan = subscription?.plan ?? null;
    return {
      plan,
      limit: plan === null ? 0 : (MARKETING_EMAILS_PER_MONTH[plan] ?? null),
      used: Number(row?.n ?? 0),
    };
  }

  /**
   * Checks, inside `tx`, that `recipients` more marketing e-mails fit in the school's allowance this
   * month (docs/decisions/036), under the organisation's lock: two instances sending at once take turns,
   * the second counting the first's. A message that would pass it is refused whole, saying what remains.
   */
  async checkMarketingEmails(tx: Db, orgId: number, recipients: number, now = new Date()): Promise<void> {
    await lockOrganisation(tx, orgId);
    const { plan, limit, used } = await this.marketingEmails(tx, orgId, now);
    if (plan === null) throw noPlan();
    if (limit === null || used + recipients <= limit) return;
    const remaining = Math.max(0, limit - used);
    throw new AppError(
      'PLAN_LIMIT',
      `Your ${plan} plan allows ${formatNumber(limit)} marketing e-mails a month; ${formatNumber(remaining)} remain this month and this message would go to ${formatNumber(recipients)} students. Choose fewer students, wait for next month or upgrade your plan.`,
    );
  }

  /** `checkNewContact` in a transaction of its own: a check before a step that cannot share one (a payment). */
  async checkNewContactNow(orgId: number, userId: number | undefined): Promise<void> {
    await this.db.transaction((tx) => this.checkNewContact(tx, orgId, userId));
  }
}

/** The school's plan (null: none running) and the seats its team has (TEAM_SEATS, docs/decisions/039). */
export async function teamSeats(db: Db, orgId: number): Promise<{ plan: string | null; limit: number }> {
  const plan = (await findActiveSubscription(db, orgId))?.plan ?? null;
  return { plan, limit: teamSeatsOf(plan) };
}

/**
 * Webhooks and API keys are the Growth plan's (the plan cards, docs/decisions/037): a school on another
 * plan, or none, is refused with a 403 naming the plan it needs.
 */
export async function requireIntegrationsPlan(db: Db, orgId: number): Promise<void> {
  await requirePlan(db, orgId, INTEGRATIONS_PLAN, INTEGRATIONS_MSG.needsPlan);
}

/** Whether the school's running plan is `plan` now (a school without one has none). */
export async function isOnPlan(db: Db, orgId: number, plan: string, now = new Date()): Promise<boolean> {
  return (await findActiveSubscription(db, orgId, now))?.plan === plan;
}

/** A feature of one plan only: a school on another plan, or none, is refused with a 403 naming it. */
export async function requirePlan(db: Db, orgId: number, plan: string, message: string): Promise<void> {
  if (!(await isOnPlan(db, orgId, plan))) throw new AppError('FORBIDDEN', message);
}
