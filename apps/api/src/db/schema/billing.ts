import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from './accounts';
import { courses } from './catalogue';
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
    /** What a coupon took off the gross (none yet: 0). */
    discountCents: integer('discount_cents').notNull().default(0),
    /**
     * The operator's fee on a course sale, fixed when the order is made from PLATFORM_FEE_PERCENT (plan
     * orders: 0, a plan's price is the operator's own). docs/decisions/024.
     */
    platformFeeCents: integer('platform_fee_cents').notNull().default(0),
    /** The payment provider's fee as its capture reported it; null when it reported none. */
    providerFeeCents: integer('provider_fee_cents'),
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
    // An organisation's sales, newest first, a page at a time (orders/GetSalesByOrgId).
    index('orders_org_sales_idx')
      .on(t.orgId, t.capturedAt, t.id)
      .where(sql`${t.status} = 'captured' and ${t.kind} = 'course'`),
    index('orders_course_id_idx').on(t.courseId),
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
    check('orders_amount_nonnegative', sql`${t.amountCents} >= 0`),
    check(
      'orders_fees_nonnegative',
      sql`${t.discountCents} >= 0 and ${t.platformFeeCents} >= 0 and coalesce(${t.providerFeeCents}, 0) >= 0`,
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
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * The money of a capture that could not be used, given back: one row per order, for the whole capture
 * (its amount is what the provider says was paid), so a refund never exceeds what was paid. `pending`
 * until the provider has taken it (tried again by the reconciler with the same idempotency key).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
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
    // The reconciler's query: refunds still owed.
    index('order_refunds_pending_idx').on(t.updatedAt).where(sql`${t.status} = 'pending'`),
    check('order_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('order_refunds_status', sql`${t.status} in ('pending', 'completed')`),
    check(
      'order_refunds_reason',
      sql`${t.reason} in ('wrong_amount', 'already_owned', 'course_unavailable', 'plan_unavailable', 'declined_meanwhile', 'provider_refund')`,
    ),
    check('order_refunds_completed', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
  ],
);

/** A paid period of a plan; the organisation is subscribed while now() < current_period_end. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    planPriceId: integer('plan_price_id')
      .notNull()
      .references(() => planPrices.id),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscriptions_org_period_idx').on(t.orgId, t.periodEnd),
    uniqueIndex('subscriptions_order_id_idx').on(t.orderId),
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
    captureId: text('capture_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
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
