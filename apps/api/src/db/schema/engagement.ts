import { LOCALES, NOTIFICATION_KINDS } from '@skillwise/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, userIdColumn, users } from './accounts';
import { courses } from './catalogue';
import { createdAt } from './common';

/**
 * A certificate issued once when a student completes a course whose certificate flag is yes. What it
 * says (names, title, organisation, author) is copied at issue time, so renaming or unpublishing the
 * course later changes nothing on a certificate already earned. Deleting the student's account revokes
 * it, and so does a refund that takes the course away: the row stays, belonging to nobody, so that its
 * number answers "revoked", with the personal data erased. One certificate per student and course at a
 * time: the course bought again and completed issues a new one.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The public number on the PDF and in /certificates/{number}: random, not guessable from another. */
    number: text('number').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    studentName: text('student_name').notNull(),
    courseTitle: text('course_title').notNull(),
    orgName: text('org_name').notNull(),
    authorName: text('author_name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    // One certificate per student and course: issuing twice (a retried or concurrent completion) is a no-op.
    uniqueIndex('certificates_user_course_idx').on(t.userId, t.courseId),
    // A publisher's list of who earned one, newest first.
    index('certificates_course_issued_idx').on(t.courseId, t.issuedAt.desc(), t.id.desc()),
  ],
);

/** What a user is told in My Notification (and, mostly, by e-mail too). */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** An in-app path the notification leads to ('' when none). */
    link: text('link').notNull().default(''),
    /** Makes an event notify once per user (a lesson published, unpublished and published again). */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId, t.id.desc()),
    // The bell's unread count reads only unread rows.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_user_dedupe_idx').on(t.userId, t.dedupeKey),
    check(
      'notifications_kind',
      sql`${t.kind} in ('enrolled', 'purchased', 'lesson_published', 'certificate_issued', 'sale', 'new_student', 'refunded', 'plan', 'quiz_graded', 'section_opened')`,
    ),
  ],
);

/**
 * Mail waiting to go out. Whatever a request decides to send is written here in the same transaction as
 * the change it reports, and a worker on each instance sends it (claiming rows with SKIP LOCKED), with
 * retries: a slow or failing SMTP server never holds a request, and a message is never lost with a crash.
 * A notification e-mail names the account its unsubscribe link is for; the link itself is signed when the
 * message is sent (lib/mail-queue.ts), so no key ever reaches the database.
 */
export const outgoingMail = pgTable(
  'outgoing_mail',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** The account whose unsubscribe line and List-Unsubscribe headers the message ends with; none for receipts. */
    unsubscribeUserId: integer('unsubscribe_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The school (organisation) the message is about: its name, read as the message is sent, names the
     * sender, heads the subject and brands the HTML part. None for the platform's own mail (plan receipts).
     */
    orgId: integer('org_id').references(() => organisations.id, { onDelete: 'set null' }),
    /**
     * The school's message to its students this is one of (docs/decisions/036): sent after the queue's
     * other mail that is due, its delivery recorded on its broadcast_recipients row.
     */
    broadcastId: integer('broadcast_id'),
    /**
     * The language it is written in (docs/decisions/047): its frame, footer and unsubscribe line are
     * written in it as it is sent. Null for messages queued before languages: English.
     */
    language: text('language', { enum: LOCALES }),
    attempts: integer('attempts').notNull().default(0),
    /** Claimed by a worker that has not yet recorded whether it went: past its lease, that worker died. */
    inFlight: boolean('in_flight').notNull().default(false),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('outgoing_mail_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);
