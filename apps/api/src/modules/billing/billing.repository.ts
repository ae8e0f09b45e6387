import { ROLE } from '@skillwise/contracts';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findOne } from '../../db/queries/find-one';
import { PLAN_TRANSITIONS, type PlanEvent, planSubscriptions, subscriptions, users } from '../../db/schema';

export type PlanSubscriptionRow = typeof planSubscriptions.$inferSelect;
type PlanChanges = Partial<Omit<typeof planSubscriptions.$inferInsert, 'orgId' | 'status'>>;

export async function findPlanSubscription(db: Db, orgId: number): Promise<PlanSubscriptionRow | undefined> {
  const [row] = await db.select().from(planSubscriptions).where(eq(planSubscriptions.orgId, orgId));
  return row;
}

/** No renewal round holds the row (or its hold has run out: that round's instance died). */
const unclaimed = (now: Date) =>
  or(isNull(planSubscriptions.claimedUntil), lt(planSubscriptions.claimedUntil, now));

/**
 * Moves a plan through one of PLAN_TRANSITIONS from a state that event may leave, in one statement, with
 * `changes` and an optional `guard` (the period it was read in, say). Answers the plan as it now is, or
 * undefined when another change came first.
 */
export async function movePlan(
  db: Db,
  orgId: number,
  event: PlanEvent,
  changes: PlanChanges = {},
  guard?: SQL,
): Promise<PlanSubscriptionRow | undefined> {
  const transition = PLAN_TRANSITIONS[event];
  const [row] = await db
    .update(planSubscriptions)
    .set({ ...changes, status: transition.to, updatedAt: new Date() })
    .where(
      and(eq(planSubscriptions.orgId, orgId), inArray(planSubscriptions.status, [...transition.from]), guard),
    )
    .returning();
  return row;
}

/**
 * A plan bought through checkout: the organisation's row made, or moved by `bought` (whatever state it
 * was in) to renew the bought plan at the end of what is paid. Its card is remembered after the capture.
 */
export async function recordPlanBought(
  db: Db,
  values: {
    orgId: number;
    planPriceId: number;
    periodStart: Date;
    periodEnd: Date;
    provider: string;
    sourceOrderId: string;
    buyerUserId: number;
  },
): Promise<void> {
  const fresh = {
    planPriceId: values.planPriceId,
    nextPlanPriceId: null,
    periodStart: values.periodStart,
    periodEnd: values.periodEnd,
    graceEndsAt: null,
    nextAttemptAt: values.periodEnd,
    failedAttempts: 0,
    lastError: null,
    claimedUntil: null,
    provider: values.provider,
    sourceOrderId: values.sourceOrderId,
    buyerUserId: values.buyerUserId,
    cardToken: null,
    cardLast4: null,
    status: PLAN_TRANSITIONS.bought.to,
    updatedAt: new Date(),
  };
  await db
    .insert(planSubscriptions)
    .values({ orgId: values.orgId, ...fresh })
    .onConflictDoUpdate({
      target: planSubscriptions.orgId,
      set: fresh,
      setWhere: inArray(planSubscriptions.status, [...PLAN_TRANSITIONS.bought.from]),
    });
}

/** Saves the card the plan was bought with, if the row still follows that purchase. */
export async function saveCard(
  db: Db,
  orgId: number,
  sourceOrderId: string,
  card: { token: string; last4: string },
): Promise<void> {
  await db
    .update(planSubscriptions)
    .set({ cardToken: card.token, cardLast4: card.last4, updatedAt: new Date() })
    .where(and(eq(planSubscriptions.orgId, orgId), eq(planSubscriptions.sourceOrderId, sourceOrderId)));
}

/** Organisations whose renewal (or retry) is due and that no round holds, oldest first. */
export async function listDueRenewals(db: Db, now: Date, limit = 50): Promise<number[]> {
  const rows = await db
    .select({ orgId: planSubscriptions.orgId })
    .from(planSubscriptions)
    .where(
      and(
        inArray(planSubscriptions.status, ['active', 'past_due']),
        lte(planSubscriptions.nextAttemptAt, now),
        unclaimed(now),
        // A provider's own subscription renews it: its webhooks report the renewal (docs/decisions/027).
        isNull(planSubscriptions.providerSubscriptionId),
      ),
    )
    .orderBy(asc(planSubscriptions.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => r.orgId);
}

/**
 * Holds a plan for one renewal try (or one change) until `until`, in one conditional UPDATE: of two
 * rounds (two instances) only one gets it. `due` asks that its renewal be due as well.
 */
export async function claimPlan(
  db: Db,
  orgId: number,
  now: Date,
  until: Date,
  options: { due: boolean; states: readonly PlanSubscriptionRow['status'][] },
): Promise<PlanSubscriptionRow | undefined> {
  const [row] = await db
    .update(planSubscriptions)
    .set({ claimedUntil: until })
    .where(
      and(
        eq(planSubscriptions.orgId, orgId),
        inArray(planSubscriptions.status, [...options.states]),
        options.due ? lte(planSubscriptions.nextAttemptAt, now) : undefined,
        unclaimed(now),
      ),
    )
    .returning();
  return row;
}

export async function releasePlan(db: Db, orgId: number, lastError?: string): Promise<void> {
  await db
    .update(planSubscriptions)
    .set({ claimedUntil: null, ...(lastError === undefined ? {} : { lastError }) })
    .where(eq(planSubscriptions.orgId, orgId));
}

/** Lapses, in one statement each, the plans whose grace ended or whose cancelled period ended. */
export async function lapseEnded(db: Db, now: Date): Promise<PlanSubscriptionRow[]> {
  const graceEnded = await db
    .update(planSubscriptions)
    .set({ status: PLAN_TRANSITIONS.grace_ended.to, nextAttemptAt: null, updatedAt: now })
    .where(
      and(
        inArray(planSubscriptions.status, [...PLAN_TRANSITIONS.grace_ended.from]),
        lte(planSubscriptions.graceEndsAt, now),
        unclaimed(now),
      ),
    )
    .returning();
  const periodEnded = await db
    .update(planSubscriptions)
    .set({ status: PLAN_TRANSITIONS.period_ended.to, nextAttemptAt: null, updatedAt: now })
    .where(
      and(
        inArray(planSubscriptions.status, [...PLAN_TRANSITIONS.period_ended.from]),
        lte(planSubscriptions.periodEnd, now),
        unclaimed(now),
      ),
    )
    .returning();
  return [...graceEnded, ...periodEnded];
}

/**
 * Marks the reminders due (the period ends within `withinMs`) as sent for that period, in one statement:
 * answers the plans to remind, each once per period whichever instance gets there first.
 */
export async function takeReminders(db: Db, now: Date, withinMs: number) {
  const horizon = new Date(now.getTime() + withinMs);
  const renewals = await db
    .update(planSubscriptions)
    .set({ renewalRemindedFor: sql`${planSubscriptions.periodEnd}` })
    .where(
      and(
        eq(planSubscriptions.status, 'active'),
        lte(planSubscriptions.periodEnd, horizon),
        gt(planSubscriptions.periodEnd, now),
        sql`${planSubscriptions.renewalRemindedFor} is distinct from ${planSubscriptions.periodEnd}`,
      ),
    )
    .returning();
  const expiries = await db
    .update(planSubscriptions)
    .set({ expiryRemindedFor: sql`${planSubscriptions.periodEnd}` })
    .where(
      and(
        eq(planSubscriptions.status, 'cancelling'),
        lte(planSubscriptions.periodEnd, horizon),
        gt(planSubscriptions.periodEnd, now),
        sql`${planSubscriptions.expiryRemindedFor} is distinct from ${planSubscriptions.periodEnd}`,
      ),
    )
    .returning();
  return { renewals, expiries };
}

/** The grace days of an organisation, ended: a renewal or a purchase paid them. */
/**
 * Ends now the paid periods an order bought that have not ended (one not started yet ends where it would
 * have started). Answers how many there were.
 */
export async function endPeriodsOfOrder(db: Db, orderId: number, now: Date): Promise<number> {
  const rows = await db
    .update(subscriptions)
    .set({ periodEnd: sql`greatest(${subscriptions.periodStart}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(subscriptions.orderId, orderId), gt(subscriptions.periodEnd, now)))
    .returning({ id: subscriptions.id });
  return rows.length;
}

export async function deleteGracePeriods(db: Db, orgId: number): Promise<void> {
  await db.delete(subscriptions).where(and(eq(subscriptions.orgId, orgId), eq(subscriptions.kind, 'grace')));
}

/** Who a renewal's order and receipt are for: the publisher who bought the plan, or else the school's first owner. */
export async function findPlanBuyer(db: Db, row: PlanSubscriptionRow): Promise<number | undefined> {
  if (row.buyerUserId !== null) return row.buyerUserId;
  const [publisher] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, row.orgId), eq(users.roleId, ROLE.PUBLISHER), eq(users.teamRole, 'owner')))
    .orderBy(asc(users.id))
    .limit(1);
  return publisher?.id;
}

/** The plan a provider's subscription renews. */
export async function findPlanBySubscription(
  db: Db,
  subscriptionId: string,
): Promise<PlanSubscriptionRow | undefined> {
  return findOne(db, planSubscriptions, eq(planSubscriptions.providerSubscriptionId, subscriptionId));
}

/**
 * Records the provider's subscription (and customer, and card) of the plan bought with `sourceOrderId`,
 * if the row still follows that purchase and has no other subscription.
 */
export async function saveSubscription(
  db: Db,
  orgId: number,
  sourceOrderId: string,
  values: {
    provider: string;
    subscriptionId: string;
    customerId?: string | null;
    card?: { token: string; last4: string } | null;
    /** Where the school approves it, when the provider asks it to (PayPal). */
    approveUrl?: string | null;
  },
): Promise<PlanSubscriptionRow | undefined> {
  const [row] = await db
    .update(planSubscriptions)
    .set({
      providerSubscriptionId: values.subscriptionId,
      subscriptionProvider: values.provider,
      subscriptionApproveUrl: values.approveUrl ?? null,
      ...(values.customerId ? { providerCustomerId: values.customerId } : {}),
      ...(values.card ? { cardToken: values.card.token, cardLast4: values.card.last4 } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(planSubscriptions.orgId, orgId),
        eq(planSubscriptions.sourceOrderId, sourceOrderId),
        or(
          isNull(planSubscriptions.providerSubscriptionId),
          eq(planSubscriptions.providerSubscriptionId, values.subscriptionId),
        ),
      ),
    )
    .returning();
  return row;
}

/** Notes why a provider's subscription could not be started or ended yet (and when: the next try is an hour later). */
export async function noteSubscriptionError(db: Db, orgId: number, message: string): Promise<void> {
  await db
    .update(planSubscriptions)
    .set({ lastError: message, updatedAt: new Date() })
    .where(eq(planSubscriptions.orgId, orgId));
}

/** Notes that the provider was asked about the plan now (the next time is an hour later). */
export async function touchPlan(db: Db, orgId: number, at: Date): Promise<void> {
  await db.update(planSubscriptions).set({ updatedAt: at }).where(eq(planSubscriptions.orgId, orgId));
}

/** Forgets a provider's subscription that ended (or was ended): the plan follows the engine's rules alone. */
export async function forgetSubscription(db: Db, orgId: number, subscriptionId: string): Promise<void> {
  await db
    .update(planSubscriptions)
    .set({
      providerSubscriptionId: null,
      subscriptionProvider: null,
      subscriptionApproveUrl: null,
      updatedAt: new Date(),
    })
    .where(
      and(eq(planSubscriptions.orgId, orgId), eq(planSubscriptions.providerSubscriptionId, subscriptionId)),
    );
}

/**
 * Plans to settle with a provider that renews by its own subscriptions (`providers`): those bought there
 * whose subscription is not started yet while their period runs, lapsed ones whose subscription is still
 * to be ended, and those whose renewal the provider has not reported an hour after their period's end.
 */
export async function listSubscriptionsToSettle(db: Db, providers: string[], now: Date) {
  if (providers.length === 0) return { unstarted: [], lapsed: [], overdue: [] };
  const unstarted = await db
    .select()
    .from(planSubscriptions)
    .where(
      and(
        inArray(planSubscriptions.provider, providers),
        inArray(planSubscriptions.status, ['active']),
        isNull(planSubscriptions.providerSubscriptionId),
        isNotNull(planSubscriptions.sourceOrderId),
        gt(planSubscriptions.periodEnd, now),
        // Tried at the capture, then hourly (a failed try touches the row).
        lt(planSubscriptions.updatedAt, new Date(now.getTime() - 3600_000)),
      ),
    )
    .limit(50);
  const lapsed = await db
    .select()
    .from(planSubscriptions)
    .where(and(eq(planSubscriptions.status, 'lapsed'), isNotNull(planSubscriptions.providerSubscriptionId)))
    .limit(50);
  // Renewed by the provider, whose report is an hour late (a webhook lost or not configured): asked hourly.
  const overdue = await db
    .select()
    .from(planSubscriptions)
    .where(
      and(
        inArray(planSubscriptions.status, ['active', 'past_due']),
        isNotNull(planSubscriptions.providerSubscriptionId),
        lt(planSubscriptions.periodEnd, new Date(now.getTime() - 3600_000)),
        lt(planSubscriptions.updatedAt, new Date(now.getTime() - 3600_000)),
      ),
    )
    .limit(50);
  return { unstarted, lapsed, overdue };
}

/**
 * The school's approval of its plan's subscription, as the provider reports it: approved (the page is
 * forgotten), or still to approve on `approveUrl` (the provider's page of now).
 */
export async function noteSubscriptionApproval(
  db: Db,
  orgId: number,
  subscriptionId: string,
  approveUrl: string | null,
): Promise<void> {
  await db
    .update(planSubscriptions)
    .set({ subscriptionApproveUrl: approveUrl, updatedAt: new Date() })
    .where(
      and(eq(planSubscriptions.orgId, orgId), eq(planSubscriptions.providerSubscriptionId, subscriptionId)),
    );
}
