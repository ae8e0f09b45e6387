import { DEFAULT_LOCALE, LOCALES } from '@skillwise/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common';

/** SPEC §6 roles: 1 Publisher, 2 Author, 3 Student, 4 anything else. */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** A publisher (school). Its subscription lives in `subscriptions`. */
export const organisations = pgTable(
  'organisations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    description: text('description'),
    primaryEmail: text('primary_email').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The money-back guarantee its students take up themselves (docs/decisions/029): days after a purchase
     * (0: none), and the most of a course a student may have completed, in percent (null: no limit).
     */
    refundWindowDays: integer('refund_window_days').notNull().default(30),
    refundMaxProgressPercent: integer('refund_max_progress_percent'),
    /** The language of its site and its e-mails (docs/decisions/044): a visitor's browser may pick another. */
    language: text('language', { enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('organisations_refund_window', sql`${t.refundWindowDays} between 0 and 365`),
    check('organisations_refund_progress', sql`${t.refundMaxProgressPercent} between 0 and 100`),
    check('organisations_language', sql`${t.language} in ('en', 'es', 'ar')`),
  ],
);

/** One global account per e-mail (stored lower-case). Publishers belong to one organisation. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    orgId: integer('org_id').references(() => organisations.id, { onDelete: 'restrict' }),
    isActive: boolean('is_active').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    /** The organisation whose publisher created this account (registerStudent); it may edit it. */
    createdByOrgId: integer('created_by_org_id').references(() => organisations.id, { onDelete: 'set null' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * The account's role on its school's team (docs/decisions/039), read only while it is a publisher with
     * an organisation: owner, admin or instructor. A school's first account is its owner.
     */
    teamRole: text('team_role', { enum: ['owner', 'admin', 'instructor'] })
      .notNull()
      .default('owner'),
    /** Notification e-mails other than receipts; off through the unsubscribe link (no login needed). */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /** The language the person reads the app and their e-mails in; null: their school's, else the browser's. */
    language: text('language', { enum: LOCALES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('users_org_id_idx').on(t.orgId),
    index('users_created_by_org_id_idx').on(t.createdByOrgId),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_team_role', sql`${t.teamRole} in ('owner', 'admin', 'instructor')`),
    check('users_language', sql`${t.language} in ('en', 'es', 'ar')`),
  ],
);

/** A row's school (`org_id`): the row is deleted with the school. */
export const orgIdColumn = () =>
  integer('org_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });

/** A row's account (`user_id`): the row is deleted with the account. */
export const userIdColumn = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Bearer tokens: only their SHA-256 is stored, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** E-mailed 6-digit codes, kept as keyed hashes, with expiry and a count of wrong tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // No longer written: wrong tries are counted per code and address (rate_limits, decision 002). Kept
    // so that instances of the previous version keep working while an upgrade rolls out.
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** A reset code checked by VerifyVerificationCode stays usable for resetpassword until consumed. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_codes_user_purpose_idx').on(t.userId, t.purpose),
    check('verification_codes_purpose', sql`${t.purpose} in ('verify', 'reset')`),
  ],
);

/** Fixed-window counters for rate limits, shared by every API instance on the same database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key] }), index('rate_limits_window_start_idx').on(t.windowStart)],
);
