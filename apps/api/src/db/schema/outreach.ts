import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { orgIdColumn, userIdColumn, users } from './accounts';
import { courses } from './catalogue';
import { createdAt, updatedAt } from './common';

/**
 * A school's e-mail to its students (docs/decisions/036): written as a draft, sent now or scheduled, to
 * all its students, a course's, or those it added who are enrolled in none of its courses. Once sent
 * (`queued_at`), each recipient is a row of `broadcast_recipients` and each message a row of the mail
 * queue; `recipient_count` is what the school's monthly allowance counts.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    /** Plain text, or sanitized HTML (format 'html'), as the school wrote it. */
    body: text('body').notNull(),
    format: text('format', { enum: ['text', 'html'] })
      .notNull()
      .default('text'),
    audience: text('audience', { enum: ['all', 'course', 'not_enrolled'] })
      .notNull()
      .default('all'),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['draft', 'scheduled', 'sent', 'cancelled'] })
      .notNull()
      .default('draft'),
    /** When a scheduled message is released (state 'scheduled'). */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** When its messages were queued (state 'sent'): the month its recipients count in. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    /** Students whose messages were queued. */
    recipientCount: integer('recipient_count').notNull().default(0),
    /** Students of the audience left out because their e-mails were off when it was sent. */
    skippedCount: integer('skipped_count').notNull().default(0),
    /** Test sends to its author (bounded, not counted in the allowance). */
    testSends: integer('test_sends').notNull().default(0),
    /** Why a scheduled message was not sent at its time (the allowance), shown with its draft. */
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('broadcasts_org_idx').on(t.orgId, t.id.desc()),
    index('broadcasts_org_queued_idx').on(t.orgId, t.queuedAt),
    index('broadcasts_due_idx').on(t.scheduledAt).where(sql`${t.state} = 'scheduled'`),
    check('broadcasts_format', sql`${t.format} in ('text', 'html')`),
    check('broadcasts_audience', sql`${t.audience} in ('all', 'course', 'not_enrolled')`),
    check('broadcasts_state', sql`${t.state} in ('draft', 'scheduled', 'sent', 'cancelled')`),
  ],
);

/**
 * One row per student a sent message was queued for (`mail_id`, its outgoing_mail row, pruned later), or
 * left out (`skipped`). The mail worker records `delivered_at` or `failed_at` as it sends, so the counts
 * outlive the queue's rows.
 */
export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    broadcastId: integer('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    mailId: integer('mail_id'),
    skipped: boolean('skipped').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.broadcastId, t.userId] }),
    index('broadcast_recipients_mail_idx').on(t.mailId),
    index('broadcast_recipients_user_idx').on(t.userId),
  ],
);
