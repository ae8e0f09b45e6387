import { and, count, eq, ne, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { courses } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isStudentOfOrg } from '../users/users.repository';
import { findActiveSubscription } from './organisations.repository';

const noPlan = () =>
  new AppError('PLAN_LIMIT', 'Your organisation has no running subscription: choose a plan first.');

const formatNumber = (n: number) => n.toLocaleString('en-US');

/**
 * The plans' real limits (DESIGN decision 7): products are published courses, contacts are students.
 * Going over is refused with the plan's name and limit; nothing already there is touched.
 */
export class PlanLimits {
  constructor(private readonly db: Db) {}

  /** Before publishing a course: the plan must allow one more published course. */
  async checkPublish(orgId: number, courseId: number): Promise<void> {
    const subscription = await findActiveSubscription(this.db, orgId);
    if (!subscription) throw noPlan();
    const [row] = await this.db
      .select({ n: count() })
      .from(courses)
      .where(and(eq(courses.orgId, orgId), eq(courses.published, true), ne(courses.id, courseId)));
    if ((row?.n ?? 0) >= subscription.maxProducts) {
      const limit = subscription.maxProducts;
      throw new AppError(
        'PLAN_LIMIT',
        `Your ${subscription.plan} plan allows ${formatNumber(limit)} published course${limit === 1 ? '' : 's'}. Unpublish one or upgrade your plan to publish more.`,
      );
    }
  }

  /** Before a student becomes one of the organisation's contacts (added, assigned or buying). */
  async checkNewContact(orgId: number, userId: number | undefined): Promise<void> {
    if (userId !== undefined && (await isStudentOfOrg(this.db, orgId, userId))) return;
    const subscription = await findActiveSubscription(this.db, orgId);
    if (!subscription) throw noPlan();
    const result = await this.db.execute(sql`
      select count(*)::int as n from (
        select user_id from org_students where org_id = ${orgId}
        union
        select e.user_id from enrolments e join courses c on c.id = e.course_id where c.org_id = ${orgId}
      ) contacts`);
    const n = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    if (n >= subscription.maxContacts) {
      throw new AppError(
        'PLAN_LIMIT',
        `The ${subscription.plan} plan of this organisation allows ${formatNumber(subscription.maxContacts)} students; it cannot take more. Upgrade the plan to add students.`,
      );
    }
  }
}
