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
import { organisations, users } from './accounts';
import { orders } from './billing';
import { courses, lessons } from './catalogue';
import { createdAt } from './common';

/** A student's access to a course, and how it came. */
export const enrolments = pgTable(
  'enrolments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    source: text('source', { enum: ['assigned', 'purchased', 'free'] }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Also a student's courses (user_id first).
    uniqueIndex('enrolments_user_course_idx').on(t.userId, t.courseId),
    // An organisation's students are the users enrolled in its courses: read from the index alone.
    index('enrolments_course_user_idx').on(t.courseId, t.userId),
    check('enrolments_source', sql`${t.source} in ('assigned', 'purchased', 'free')`),
  ],
);

/** Students an organisation added itself (registerStudent); enrolled students count as its contacts too. */
export const orgStudents = pgTable(
  'org_students',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] }), index('org_students_user_id_idx').on(t.userId)],
);

/** Per-student lesson state (SPEC §3 lessonstarted). */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    started: boolean('started').notNull().default(true),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('lesson_progress_lesson_id_idx').on(t.lessonId),
  ],
);
