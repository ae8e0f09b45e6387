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
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

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
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerCaptureId: text('provider_capture_id'),
    /**
     * created -> approved (the buyer approved it) -> capturing (claimed for capture) -> captured, or
     * failed (declined; may be tried again), pending (the provider holds the money for review), or
     * refunded (captured for the wrong amount and given back).
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
    // One order per buyer and course in capture at a time: two tabs never charge twice.
    uniqueIndex('orders_one_capture_per_course_idx')
      .on(t.userId, t.courseId)
      .where(sql`${t.kind} = 'course' and ${t.status} in ('capturing', 'pending')`),
    // The reconciler's query: orders whose capture is in flight or held by the provider.
    index('orders_in_flight_idx').on(t.updatedAt).where(sql`${t.status} in ('capturing', 'pending')`),
    check('orders_kind', sql`${t.kind} in ('course', 'plan')`),
    check(
      'orders_status',
      sql`${t.status} in ('created', 'approved', 'capturing', 'pending', 'captured', 'failed', 'refunded')`,
    ),
    check('orders_amount_nonnegative', sql`${t.amountCents} >= 0`),
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
