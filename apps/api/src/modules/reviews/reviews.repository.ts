import type { Paged } from '@skillwise/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsText, pageOfQuery } from '../../db/paging';
import { courseReviews, courses, users } from '../../db/schema';
import type { ListQuery } from '../../lib/paging';

const reviewColumns = {
  id: courseReviews.id,
  courseId: courseReviews.courseId,
  userId: courseReviews.userId,
  rating: courseReviews.rating,
  comment: courseReviews.comment,
  hidden: courseReviews.hidden,
  createdAt: courseReviews.createdAt,
  updatedAt: courseReviews.updatedAt,
  fullName: users.fullName,
};

export type ReviewRow = {
  id: number;
  courseId: number;
  userId: number;
  rating: number;
  comment: string;
  hidden: boolean;
  createdAt: Date;
  updatedAt: Date;
  fullName: string;
};

/** The student's review of the course, if it wrote one. */
export async function findReview(db: Db, courseId: number, userId: number): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select(reviewColumns)
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, userId)));
  return row;
}

/** A review with its course's organisation, for the publisher's permission check. */
export async function findReviewById(db: Db, id: number) {
  const [row] = await db
    .select({ review: reviewColumns, orgId: courses.orgId })
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .innerJoin(courses, eq(courses.id, courseReviews.courseId))
    .where(eq(courseReviews.id, id));
  return row;
}

/**
 * One review per student and course: the first submission creates it, a later one changes its rating and
 * comment (a review the publisher hid stays hidden). Answers whether it was created.
 */
export async function upsertReview(
  db: Db,
  values: { courseId: number; userId: number; rating: number; comment: string },
): Promise<{ id: number; created: boolean }> {
  const [row] = await db
    .insert(courseReviews)
    .values(values)
    .onConflictDoUpdate({
      target: [courseReviews.courseId, courseReviews.userId],
      set: { rating: values.rating, comment: values.comment, updatedAt: sql`now()` },
    })
    // xmax is 0 for a row this statement inserted, set for one it updated.
    .returning({ id: courseReviews.id, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('upsert course_reviews returned no row');
  return { id: row.id, created: Boolean(row.created) };
}

export async function setReviewHidden(db: Db, id: number, hidden: boolean) {
  await db.update(courseReviews).set({ hidden }).where(eq(courseReviews.id, id));
}

/**
 * A course's reviews, newest (latest changed) first with the id breaking ties; the visible ones only
 * unless `includeHidden` (the publisher's view); searched on the comment. A page is a read of
 * course_reviews_course_visible_idx.
 */
export async function listCourseReviews(
  db: Db,
  courseId: number,
  includeHidden: boolean,
  list: ListQuery,
): Promise<Paged<ReviewRow>> {
  const where = and(
    eq(courseReviews.courseId, courseId),
    includeHidden ? undefined : eq(courseReviews.hidden, false),
    containsText(list.search, courseReviews.comment),
  );
  const query = db
    .select(reviewColumns)
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .where(where)
    .orderBy(desc(courseReviews.updatedAt), desc(courseReviews.id))
    .$dynamic();
  return pageOfQuery(query, list.window, () => db.$count(courseReviews, where));
}

/** The average (one decimal) and number of a course's visible ratings. */
export async function ratingOf(db: Db, courseId: number): Promise<{ average: number | null; count: number }> {
  const [row] = await db
    .select({
      average: sql<string | null>`round(avg(${courseReviews.rating}), 1)`,
      count: count(),
    })
    .from(courseReviews)
    .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.hidden, false)));
  const n = row?.count ?? 0;
  return { average: n > 0 && row?.average != null ? Number(row.average) : null, count: n };
}
