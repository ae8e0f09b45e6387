import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations, orgIdColumn, userIdColumn, users } from './accounts';
import { courseIdColumn, courses } from './catalogue';
import { createdAt, updatedAt } from './common';

/** Kickstarter, Basic, Growth with their real limits (DESIGN decision 7). */
export const plans = pgTable('plans', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  maxProducts: integer('max_products').notNull(),
  maxContacts: integer('max_contacts').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** One row per plan category (MonthlyKickstart ...): operators change prices here, not in code. */
export const planPrices = pgTable(
  'plan_prices',
  {
    id: integer('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    category: text('category').notNull().unique(),
    billingType: text('billing_type', { enum: ['monthly', 'annual'] }).notNull(),
    months: integer('months').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('plan_prices_amount_nonnegative', sql`${t.amountCents} >= 0`),
    check('plan_prices_billing_type', sql`${t.billingType} in ('monthly', 'annual')`),
  ],
);

/**
 * A school's coupon (docs/decisions/030): a percentage (`percent_off`) or an amount (`amount_off_cents`)
 * off its courses, all of them (`all_courses`) or those of `coupon_courses`, from `starts_at` until
 * `ends_at` (null: open), `max_uses` times in all and `max_uses_per_student` times by one buyer (null: no
 * limit), unless paused. Its uses are its orders that took one (orders.coupon_id), counted under this
 * row's lock when a capture claims its order, so the last use goes to one buyer on every instance.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    /** In capitals: a code is typed in any case. */
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    allCourses: boolean('all_courses').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerStudent: integer('max_uses_per_student'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_org_code_idx').on(t.orgId, t.code),
    index('coupons_org_created_idx').on(t.orgId, t.createdAt, t.id),
    check(
      'coupons_one_discount',
      sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null) and coalesce(${t.percentOff}, 1) between 1 and 100 and coalesce(${t.amountOffCents}, 1) > 0`,
    ),
    check(
      'coupons_limits_positive',
      sql`coalesce(${t.maxUses}, 1) > 0 and coalesce(${t.maxUsesPerStudent}, 1) > 0`,
    ),
  ],
);

/** The chosen courses of a coupon that is not for all of its school's courses. */
export const couponCourses = pgTable(
  'coupon_courses',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    courseId: courseIdColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.couponId, t.courseId] }),
    index('coupon_courses_course_idx').on(t.courseId),
  ],
);

/** A purchase: a course by a student or a plan by a publisher. Amounts come from the server. */
export const ORDER_STATUSES = [
  'created',
  'approved',
  'capturing',
  'pending',
  'captured',
  'failed',
  'refunding',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Every change of an order's status, as the states it may leave for each state it enters (DESIGN "Money":
 * money only moves forward). The one table every change goes through (payments.repository.ts
 * `moveOrder`): a change from any other state changes nothing, so of two concurrent changes the first
 * wins and the second learns it. Nothing returns to `created`; `captured` and `refunded` are final.
 * - approved: the buyer approved the payment (the sandbox's card page), also again after a decline.
 * - capturing: claimed for capture; a claim left by a provider that did not answer is claimed again, and
 *   a pending one is claimed when its buyer asks again.
 * - failed: the provider declined the capture; the buyer may try again (through a new claim).
 * - refunding: a capture that cannot be used (another amount, a course owned, unpublished or gone, a
 *   plan that cannot apply, an order declined meanwhile): the money is owed back, its refund recorded.
 */
export const ORDER_TRANSITIONS = {
  created: [],
  approved: ['created', 'failed'],
  capturing: ['created', 'approved', 'failed', 'capturing', 'pending'],
  pending: ['capturing'],
  captured: ['capturing', 'pending'],
  failed: ['capturing', 'pending'],
  refunding: ['capturing', 'pending', 'failed'],
  // From captured: a refund made at the provider (its dashboard), reported by its webhook.
  refunded: ['refunding', 'captured'],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The seller for a course, the buyer for a plan. */
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['course', 'plan'] }).notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'restrict' }),
    planPriceId: integer('plan_price_id').references(() => planPrices.id),
    /** Gross: the price of the course or plan, as the order was made. */
    amountCents: integer('amount_cents').notNull(),
    /** What a coupon took off the gross; what was charged is amount_cents - discount_cents. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The coupon the order was made with (docs/decisions/030), and its code as the buyer used it. */
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'restrict' }),
    couponCode: text('coupon_code'),
    /**
     * The operator's fee on a course sale, fixed when the order is made from PLATFORM_FEE_PERCENT (plan
     * orders: 0, a plan's price is the operator's own). docs/decisions/024.
     */
    platformFeeCents: integer('platform_fee_cents').notNull().default(0),
    /** The payment provider's fee as its capture reported it; null when it reported none. */
    providerFeeCents: integer('provider_fee_cents'),
    /**
     * What has been given back of a sale, owed or taken (its refunds' sum, kept with each refund in its
     * transaction): never more than was paid (a check), however many partial refunds race.
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerCaptureId: text('provider_capture_id'),
    /**
     * created -> approved (the buyer approved it) -> capturing (claimed for capture) -> captured, or
     * failed (declined; may be tried again), pending (the provider holds the money for review), or
     * refunding -> refunded (a capture that could not be used, given back): ORDER_TRANSITIONS.
     */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('created'),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_provider_order_idx').on(t.provider, t.providerOrderId),
    index('orders_user_id_idx').on(t.userId, t.createdAt),
    index('orders_org_id_idx').on(t.orgId, t.createdAt),
    // An organisation's sales, newest first, a page at a time (orders/GetSalesByOrgId): the captured
    // ones and those refunded after they were (payments.repository.ts courseSalesWhere). The sums of
    // every matching sale and the search's course are read from the index too (an index-only scan):
    // an organisation's orders lie one to a page among everyone's, and reading 2,000 of those pages
    // was most of the list's time at 10,000,000 enrolments (docs/BENCHMARKS.md).
    index('orders_org_sales_idx')
      .on(
        t.orgId,
        t.capturedAt,
        t.id,
        t.courseId,
        t.amountCents,
        t.discountCents,
        t.platformFeeCents,
        t.providerFeeCents,
        t.refundedCents,
      )
      .where(
        sql`${t.status} in ('captured', 'refunded') and ${t.kind} = 'course' and ${t.capturedAt} is not null`,
      ),
    index('orders_course_id_idx').on(t.courseId),
    // A coupon's uses (those of its orders that took one) and its buyers' own.
    index('orders_coupon_idx').on(t.couponId, t.userId).where(sql`${t.couponId} is not null`),
    // A provider's webhook names the capture (Stripe: a refund or dispute of a PaymentIntent).
    index('orders_provider_capture_idx')
      .on(t.provider, t.providerCaptureId)
      .where(sql`${t.providerCaptureId} is not null`),
    // One order per buyer and course in capture at a time: two tabs never charge twice.
    uniqueIndex('orders_one_capture_per_course_idx')
      .on(t.userId, t.courseId)
      .where(sql`${t.kind} = 'course' and ${t.status} in ('capturing', 'pending')`),
    // The reconciler's query: orders whose capture is in flight or held by the provider.
    index('orders_in_flight_idx').on(t.updatedAt).where(sql`${t.status} in ('capturing', 'pending')`),
    check('orders_kind', sql`${t.kind} in ('course', 'plan')`),
    check(
      'orders_status',
      sql`${t.status} in ('created', 'approved', 'capturing', 'pending', 'captured', 'failed', 'refunding', 'refunded')`,
    ),
    check('orders_amount_nonnegative', sql`${t.amountCents} >= 0 and ${t.discountCents} <= ${t.amountCents}`),
    check(
      'orders_fees_nonnegative',
      sql`${t.discountCents} >= 0 and ${t.platformFeeCents} >= 0 and coalesce(${t.providerFeeCents}, 0) >= 0`,
    ),
    check(
      'orders_refunded_within_paid',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents} - ${t.discountCents}`,
    ),
  ],
);

/** Why a capture was given back (a refund's `reason`). */
export const REFUND_REASONS = [
  'wrong_amount',
  'already_owned',
  'course_unavailable',
  'plan_unavailable',
  'declined_meanwhile',
  'provider_refund',
  /** The school gave the money back (orders/RefundOrder, docs/decisions/029). */
  'school_refund',
  /** The student took up the school's money-back guarantee (orders/RequestRefund). */
  'guarantee',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * Money given back: a capture that could not be used (one row for the whole capture, its amount what the
 * provider says was paid), a refund made in the provider's dashboard, or the school's refunds of a sale,
 * whole or in parts (their sum is the order's `refunded_cents`, which never exceeds what was paid).
 * `pending` until the provider has taken it (tried again by the reconciler with the same idempotency key).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    /** The school's request (its order and key): a repeated request (a double click, a retry) is this refund. */
    requestKey: text('request_key').unique(),
    /** Why the school refunded, in its words (school_refund). */
    note: text('note'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The buyer's access to the course was removed with it. */
    removedAccess: boolean('removed_access').notNull().default(false),
    provider: text('provider').notNull(),
    providerCaptureId: text('provider_capture_id').notNull(),
    /** The provider's reference of the refund, once it has taken it. */
    providerRefundId: text('provider_refund_id'),
    status: text('status', { enum: ['pending', 'completed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('order_refunds_order_id_idx').on(t.orderId),
    // The reconciler's query: refunds still owed.
    index('order_refunds_pending_idx').on(t.updatedAt).where(sql`${t.status} = 'pending'`),
    check('order_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('order_refunds_status', sql`${t.status} in ('pending', 'completed')`),
    check(
      'order_refunds_reason',
      sql`${t.reason} in ('wrong_amount', 'already_owned', 'course_unavailable', 'plan_unavailable', 'declined_meanwhile', 'provider_refund', 'school_refund', 'guarantee')`,
    ),
    check('order_refunds_completed', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
  ],
);

/** A paid period of a plan; the organisation is subscribed while now() < current_period_end. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    planPriceId: integer('plan_price_id')
      .notNull()
      .references(() => planPrices.id),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /**
     * `paid`, or `grace`: the days after a renewal that failed during which the plan keeps working
     * unpaid (no order; docs/decisions/025). A grace period counts for the plan's limits, never as paid.
     */
    kind: text('kind', { enum: ['paid', 'grace'] })
      .notNull()
      .default('paid'),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscriptions_org_period_idx').on(t.orgId, t.periodEnd),
    uniqueIndex('subscriptions_order_id_idx').on(t.orderId),
    check('subscriptions_kind', sql`${t.kind} in ('paid', 'grace')`),
  ],
);

/**
 * Where an organisation's plan stands between its paid periods (docs/decisions/025):
 * - active: it renews by itself at the end of the period (auto-renew on);
 * - cancelling: it ends at the end of the period (cancelled, may be resumed until then);
 * - past_due: a renewal failed; the plan keeps working through the grace days while the renewal is
 *   tried again daily;
 * - lapsed: the grace days passed unpaid, or a cancelled period ended: nothing renews it until the school
 *   buys a plan again.
 */
export const PLAN_STATES = ['active', 'cancelling', 'past_due', 'lapsed'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/**
 * Every change of a plan's state, named, with the states it may leave and the one it enters: the one
 * table every change goes through (billing.repository.ts `movePlan`), in one conditional UPDATE, so of
 * two concurrent changes (two instances' renewal rounds, a cancel during a renewal) the first wins and
 * the second learns it. A provider's webhook (a renewal paid or failed elsewhere) moves a plan through
 * the same names: `renewal_paid`, `renewal_failed`.
 */
export const PLAN_TRANSITIONS = {
  /** A plan bought or changed through checkout (organization/CaptureOrder): it renews from now on. */
  bought: { from: ['active', 'cancelling', 'past_due', 'lapsed'], to: 'active' },
  /** The next period was paid (the saved card charged, or the provider's renewal paid). */
  renewal_paid: { from: ['active', 'past_due'], to: 'active' },
  /** A renewal's payment failed: grace starts (or goes on), retried daily. */
  renewal_failed: { from: ['active', 'past_due'], to: 'past_due' },
  /** organization/CancelPlan: it ends with the period. */
  cancel: { from: ['active'], to: 'cancelling' },
  /** organization/ResumePlan: it renews again. */
  resume: { from: ['cancelling'], to: 'active' },
  /** An upgrade (organization/ChangePlan) paid for the rest of the period: it runs from now. */
  upgraded: { from: ['active'], to: 'active' },
  /** A change chosen for the next period (organization/ChangePlan), or withdrawn. */
  scheduled: { from: ['active'], to: 'active' },
  /** The grace days passed unpaid. */
  grace_ended: { from: ['past_due'], to: 'lapsed' },
  /** A cancelled plan's period ended. */
  period_ended: { from: ['cancelling'], to: 'lapsed' },
  /** The operator refunded the purchase it follows (npm run refund-plan): it ends now, nothing renews it. */
  refunded: { from: ['active', 'cancelling', 'past_due'], to: 'lapsed' },
} as const satisfies Record<string, { from: readonly PlanState[]; to: PlanState }>;
export type PlanEvent = keyof typeof PLAN_TRANSITIONS;

/** One row per organisation that bought a plan through checkout: the renewal engine's state. */
export const planSubscriptions = pgTable(
  'plan_subscriptions',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The plan of the running period, which a renewal charges unless a change is scheduled. */
    planPriceId: integer('plan_price_id')
      .notNull()
      .references(() => planPrices.id),
    /** A downgrade (or another billing period) chosen to start with the next period. */
    nextPlanPriceId: integer('next_plan_price_id').references(() => planPrices.id),
    status: text('status', { enum: PLAN_STATES }).notNull().default('active'),
    /** The paid period a renewal follows: the next one starts at `period_end`. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** The publisher who bought the plan: renewals are its orders and it gets their receipts. */
    buyerUserId: integer('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** past_due: until when the plan keeps working unpaid (kept once lapsed: when it ended). */
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    /** When the renewal round next charges it (the period's end, then daily during grace). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Failed tries at renewing the current period (0 once a renewal is paid). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A renewal round holds the row until then: another instance's round leaves it alone. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The provider the plan was paid with and the provider's order that paid it (where its card came from). */
    provider: text('provider').notNull(),
    sourceOrderId: text('source_order_id'),
    /** The provider's reference of the saved card (never a card number) and the card's last four digits. */
    cardToken: text('card_token'),
    cardLast4: text('card_last4'),
    /**
     * The provider's own subscription that renews the plan (Stripe's `sub_…`, PayPal's `I-…`): its
     * webhooks report each renewal, and the renewal round never charges the plan itself. Null: the round does.
     */
    providerSubscriptionId: text('provider_subscription_id'),
    /**
     * The provider that subscription is at (the plan's own provider, unless it was bought again through
     * another one since: the old subscription is then ended there).
     */
    subscriptionProvider: text('subscription_provider'),
    /**
     * A subscription the school has still to approve on the provider's page (PayPal's, docs/decisions/028):
     * that page. Null once approved (or for one needing no approval).
     */
    subscriptionApproveUrl: text('subscription_approve_url'),
    /** The organisation's customer at the provider (Stripe's `cus_…`), kept across purchases. */
    providerCustomerId: text('provider_customer_id'),
    /** The period end each reminder was sent for: once per period. */
    renewalRemindedFor: timestamp('renewal_reminded_for', { withTimezone: true }),
    expiryRemindedFor: timestamp('expiry_reminded_for', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The renewal round's query: plans whose renewal (or retry) is due.
    index('plan_subscriptions_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('active', 'past_due')`),
    // A provider's webhook finds the plan its subscription renews.
    uniqueIndex('plan_subscriptions_provider_subscription_idx').on(t.providerSubscriptionId),
    check('plan_subscriptions_status', sql`${t.status} in ('active', 'cancelling', 'past_due', 'lapsed')`),
    check('plan_subscriptions_grace', sql`${t.status} <> 'past_due' or ${t.graceEndsAt} is not null`),
  ],
);

/**
 * Every webhook event a provider sent us, once: a replayed event (providers deliver at least once) finds
 * its id here and changes nothing. Written in the transaction that applies the event's effect.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId)],
);

/** The built-in sandbox provider's own record of each payment (DESIGN: works offline, no real money). */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    /** The caller's idempotency key: the same request id answers the same payment. */
    requestId: text('request_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['created', 'approved', 'declined', 'captured', 'refunded'] })
      .notNull()
      .default('created'),
    cardLast4: text('card_last4'),
    /** The card approved for this payment, kept for charges without the buyer (renewals). */
    cardToken: text('card_token').references(() => sandboxCards.token),
    captureId: text('capture_id'),
    /** What its refunds gave back in all: never more than the payment. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('sandbox_payments_refunded', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
    check(
      'sandbox_payments_status',
      sql`${t.status} in ('created', 'approved', 'declined', 'captured', 'refunded')`,
    ),
  ],
);

/**
 * Money the operator paid a school out of its course sales, when the operator collects the payments
 * (PAYOUT_MODE=collected): recorded with `npm run payouts -- record`. A school's balance is the net of its
 * sales less these (docs/decisions/024). One row per school and reference, so a repeated command records once.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** The operator's reference of the transfer (a bank reference, a cheque number). */
    reference: text('reference').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payouts_org_reference_idx').on(t.orgId, t.reference),
    index('payouts_org_created_idx').on(t.orgId, t.createdAt),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The sandbox's saved cards: what a real provider keeps for charging a card again (a token and the last
 * four digits), never the number. `declines` says whether charging it again is refused: the declined
 * test card, or 4000 0000 0000 0341, which pays once and is declined on every later charge.
 */
export const sandboxCards = pgTable('sandbox_cards', {
  token: text('token').primaryKey(),
  last4: text('last4').notNull(),
  declines: boolean('declines').notNull(),
  createdAt: createdAt(),
});

/**
 * The account a school is paid into when each school is paid directly (PAYOUT_MODE=connected): its
 * Stripe connected account (`acct_…`) or its PayPal payee e-mail, one per school and provider, with
 * the state Stripe last reported (docs/decisions/026). `enabled`: it can take payments.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    provider: text('provider', { enum: ['stripe', 'paypal'] }).notNull(),
    /** Stripe's connected account id, or the PayPal payee's e-mail. */
    accountId: text('account_id').notNull(),
    status: text('status', { enum: ['pending', 'enabled', 'restricted'] })
      .notNull()
      .default('pending'),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_accounts_org_provider_idx').on(t.orgId, t.provider),
    index('payment_accounts_account_idx').on(t.provider, t.accountId),
    check('payment_accounts_provider', sql`${t.provider} in ('stripe', 'paypal')`),
    check('payment_accounts_status', sql`${t.status} in ('pending', 'enabled', 'restricted')`),
  ],
);

/** The sandbox's refunds, one per request id: a repeated request answers the refund it made. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  requestId: text('request_id').primaryKey(),
  id: text('id').notNull().unique(),
  captureId: text('capture_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: createdAt(),
});

export const REFUND_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;

/**
 * A student's request for a refund outside the school's guarantee (docs/decisions/029): the school
 * approves it (the sale refunded in full, the course taken away) or declines it with a message. One
 * pending request per order.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orgId: orgIdColumn(),
    userId: userIdColumn(),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_REQUEST_STATUSES }).notNull().default('pending'),
    /** Why it is outside the guarantee, as the student was told. */
    outsideBecause: text('outside_because').notNull(),
    answer: text('answer'),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    refundId: integer('refund_id').references(() => orderRefunds.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refund_requests_one_pending_idx').on(t.orderId).where(sql`${t.status} = 'pending'`),
    // A purchase's latest request (the buyer's Purchases).
    index('refund_requests_order_idx').on(t.orderId, t.id),
    index('refund_requests_org_idx').on(t.orgId, t.status, t.createdAt),
    check('refund_requests_status', sql`${t.status} in ('pending', 'approved', 'declined')`),
  ],
);
