import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orgIdColumn, users } from './accounts';
import { createdAt, updatedAt } from './common';

/**
 * A URL a school registered to be told of its events (docs/decisions/037), signed with its own secret
 * (Standard Webhooks). Disabled by the school, or by the worker after a run of failed deliveries
 * (`disabled_reason`); `consecutive_failures` counts the events in a row whose every attempt failed.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The signing secret, `whsec_<base64>`: the school is shown it on create and on a roll. */
    secret: text('secret').notNull(),
    /** The event types it is sent (WEBHOOK_EVENT_TYPES). */
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** When the first of the current run of failures happened (null: the last delivery succeeded). */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.orgId, t.id)],
);

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/**
 * One event for one endpoint: the outbox row, written in the transaction of the event it reports, then
 * posted by the worker (`next_attempt_at`), retried with growing waits until delivered or failed.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's id (`msg_...`), the same for every endpoint and every attempt: the webhook-id header. */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** Makes an event once per endpoint however often its service reports it (null: a redelivery, a test). */
    dedupeKey: text('dedupe_key'),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    state: text('state', { enum: WEBHOOK_DELIVERY_STATES }).notNull().default('pending'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id.desc()),
    uniqueIndex('webhook_deliveries_dedupe_idx').on(t.endpointId, t.dedupeKey),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    check('webhook_deliveries_state', sql`${t.state} in ('pending', 'delivered', 'failed')`),
  ],
);

/**
 * A key a school's own tools call the API with, as its publisher for that school only. Only its SHA-256
 * is kept; `prefix` is the start shown in the list.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_org_idx').on(t.orgId, t.id)],
);
