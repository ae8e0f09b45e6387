import { and, eq } from 'drizzle-orm';
import { orders, outgoingMail, planSubscriptions, subscriptions } from '../src/db/schema';
import type { TestUser } from './factories';
import type { TestContext } from './helpers';

/** What the billing tests read back of a school: its plan's row, plan orders, periods and e-mails. */

export const planRowOf = async (ctx: TestContext, user: TestUser) =>
  (
    await ctx.database.db
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.orgId, user.orgId ?? 0))
  )[0];

/** The school's plan orders, oldest first. */
export const planOrdersOf = (ctx: TestContext, user: TestUser) =>
  ctx.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.orgId, user.orgId ?? 0), eq(orders.kind, 'plan')))
    .orderBy(orders.id);

/** The school's periods (paid and grace, or one kind), in their order. */
export const periodsOf = (ctx: TestContext, user: TestUser, kind?: 'paid' | 'grace') =>
  ctx.database.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.orgId, user.orgId ?? 0),
        kind === undefined ? undefined : eq(subscriptions.kind, kind),
      ),
    )
    .orderBy(subscriptions.periodStart);

/** The subjects of the e-mails sent to `user`, in the order they were sent. */
export const mailSubjectsTo = async (ctx: TestContext, user: TestUser) =>
  (
    await ctx.database.db
      .select()
      .from(outgoingMail)
      .where(eq(outgoingMail.to, user.email))
      .orderBy(outgoingMail.id)
  ).map((m) => m.subject);
