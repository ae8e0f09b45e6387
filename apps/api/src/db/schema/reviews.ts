import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { userIdColumn } from './accounts';
import { courseIdColumn } from './catalogue';
import { createdAt, updatedAt } from './common';

/**
 * A student's rating of a course (1 to 5) with an optional plain-text comment: one per student and
 * course, changed in place when the student submits again. A hidden review (the publisher's choice) is
 * neither shown publicly nor counted in the course's average.
 */
export const courseReviews = pgTable(
  'course_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: courseIdColumn(),
    userId: userIdColumn(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('course_reviews_course_user_idx').on(t.courseId, t.userId),
    // The public list (newest first) and the average read one course's visible reviews from this index.
    index('course_reviews_course_visible_idx').on(t.courseId, t.hidden, t.updatedAt.desc(), t.id.desc()),
    index('course_reviews_user_id_idx').on(t.userId),
    check('course_reviews_rating', sql`${t.rating} between 1 and 5`),
    check('course_reviews_comment_length', sql`char_length(${t.comment}) <= 1000`),
  ],
);
