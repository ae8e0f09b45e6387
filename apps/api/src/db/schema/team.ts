import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { orgIdColumn, userIdColumn, users } from './accounts';
import { courseIdColumn } from './catalogue';
import { createdAt } from './common';

/**
 * An invitation to a school's team (docs/decisions/039): sent to an e-mail address, accepted once through
 * its link before it expires. Only the token's SHA-256 is kept.
 */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'instructor'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('team_invites_org_idx').on(t.orgId, t.id),
    check('team_invites_role', sql`${t.role} in ('owner', 'admin', 'instructor')`),
    check('team_invites_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** The courses given to an instructor: the only ones they may change, and whose students they see. */
export const courseInstructors = pgTable(
  'course_instructors',
  {
    courseId: courseIdColumn(),
    userId: userIdColumn(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('course_instructors_user_idx').on(t.userId)],
);

/**
 * What a school's team did that matters afterwards (AUDIT_ACTIONS): who published, refunded, removed a
 * student or changed a member. Written in the transaction of the change; the actor's name is kept as it
 * was, so the record outlives the account.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_org_idx').on(t.orgId, t.id)],
);
