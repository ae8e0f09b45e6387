import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orgIdColumn, userIdColumn, users } from './accounts';
import { orders } from './billing';
import { courses, lessonIdColumn } from './catalogue';
import { createdAt, updatedAt } from './common';

/** Who is enrolled in which course, and how it came: an enrolment's, and a revoked one's, columns. */
const enrolmentColumns = () => ({
  userId: userIdColumn(),
  courseId: integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'restrict' }),
  source: text('source', { enum: ['assigned', 'purchased', 'free'] }).notNull(),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
});

/** A student's access to a course, and how it came. */
export const enrolments = pgTable(
  'enrolments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...enrolmentColumns(),
    createdAt: createdAt(),
    /** The start a section's "days after enrolment" counts from, when the school moved it; null: createdAt. */
    releaseStartAt: timestamp('release_start_at', { withTimezone: true }),
    /** The school opened every section for this student, whatever the schedule (docs/decisions/032). */
    releaseAll: boolean('release_all').notNull().default(false),
  },
  (t) => [
    // Also a student's courses (user_id first).
    uniqueIndex('enrolments_user_course_idx').on(t.userId, t.courseId),
    // An organisation's students are the users enrolled in its courses: read from the index alone.
    index('enrolments_course_user_idx').on(t.courseId, t.userId),
    check('enrolments_source', sql`${t.source} in ('assigned', 'purchased', 'free')`),
  ],
);

/**
 * An enrolment a refund took away (docs/decisions/029): the enrolment row itself is deleted, so that every
 * check of access ("is there an enrolment") refuses the course at once; this keeps what was removed and
 * why. The student's progress is kept (it belongs to the student and the lessons), so buying the course
 * again brings it back.
 */
export const enrolmentRevocations = pgTable(
  'enrolment_revocations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...enrolmentColumns(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enrolment_revocations_user_course_idx').on(t.userId, t.courseId)],
);

/** Students an organisation added itself (registerStudent); enrolled students count as its contacts too. */
export const orgStudents = pgTable(
  'org_students',
  {
    orgId: orgIdColumn(),
    userId: userIdColumn(),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] }), index('org_students_user_id_idx').on(t.userId)],
);

/**
 * An organisation's students, one row each: the ones it added (org_students) and the ones enrolled in
 * its courses, with the number of its courses they have, their name's sort key and e-mail address. Kept by triggers on
 * enrolments, org_students and users (migration 0006), so every path that enrols, adds or renames keeps
 * it true; the students list reads one page of it in name order and counts it without gathering and
 * de-duplicating both sources on every request.
 */
export const orgMembers = pgTable(
  'org_members',
  {
    orgId: orgIdColumn(),
    userId: userIdColumn(),
    /** lower(users.full_name): the list's order, and what a search matches with the e-mail address. */
    sortName: text('sort_name').notNull(),
    /** lower(users.email), so a search reads the organisation's rows alone. */
    email: text('email').notNull(),
    /** The organisation added the student itself (an org_students row). */
    added: boolean('added').notNull().default(false),
    /** How many of the organisation's courses the student is enrolled in. */
    courses: integer('courses').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId] }),
    // The migration adds INCLUDE (email, added, courses): a page, a search and a count of one organisation
    // read this index alone, never the table's rows, which lie scattered across the heap.
    index('org_members_org_name_idx').on(t.orgId, t.sortName, t.userId),
    index('org_members_user_id_idx').on(t.userId),
  ],
);

/**
 * A set of integer ranges (PostgreSQL's int4multirange, on PostgreSQL 14 and later and on PGlite), in its
 * text form, e.g. '{[0,10000),[12000,20000)}': overlapping and touching ranges merge as they are added.
 */
const int4multirange = customType<{ data: string; driverData: string }>({
  dataType: () => 'int4multirange',
});

/**
 * Per-student lesson state: started (SPEC §3 lessonstarted), where a video or audio lesson was left, and
 * completion (a video or audio lesson of which the server saw 90% watched, or a lesson marked done;
 * DESIGN decisions 11 and 12, docs/decisions/010).
 */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: userIdColumn(),
    lessonId: lessonIdColumn(),
    started: boolean('started').notNull().default(true),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Seconds into the video or audio where the student left it; the player resumes there. */
    positionSeconds: doublePrecision('position_seconds').notNull().default(0),
    /** When the position was last saved, by the server's clock: null until a position is saved. */
    positionSavedAt: timestamp('position_saved_at', { withTimezone: true }),
    /** The parts of a video or audio lesson the server credited as watched, in milliseconds. */
    watched: int4multirange('watched').notNull().default(sql`'{}'`),
    /**
     * Watching time the wall clock allowed at earlier saves but no position used, carried to the next save
     * (at most WATCH_SLACK_SECONDS), so a save that arrives early after a late one loses nothing.
     */
    slackSeconds: doublePrecision('slack_seconds').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('lesson_progress_lesson_id_idx').on(t.lessonId),
    check('lesson_progress_position', sql`${t.positionSeconds} >= 0`),
  ],
);
