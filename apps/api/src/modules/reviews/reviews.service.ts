import type { CourseRating, MyReview, Paged, Review, saveReviewBodySchema } from '@skillwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { type ListQuery, mapPage } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { allows, mayModerateReview, NOT_ENROLLED_TO_REVIEW, requireAccess } from '../access/access';
import {
  findReview,
  findReviewById,
  listCourseReviews,
  type ReviewRow,
  ratingOf,
  setReviewHidden,
  upsertReview,
} from './reviews.repository';

type Publisher = Actor & { orgId: number };
export type SaveReviewInput = z.output<typeof saveReviewBodySchema>;

export { NOT_ENROLLED_TO_REVIEW };

/** How a reviewer is named publicly: the first name and the last name's initial ('Sam S.'). */
export const reviewerName = (fullName: string): string => {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  if (!first) return 'A student';
  return last ? `${first} ${[...last][0]?.toUpperCase() ?? ''}.` : first;
};

const toReview = (row: ReviewRow): Review => ({
  review_Id: row.id,
  course_Id: row.courseId,
  rating: row.rating,
  comment: row.comment,
  reviewer: reviewerName(row.fullName),
  hidden: row.hidden,
  created_date: row.createdAt.toISOString(),
  updated_date: row.updatedAt.toISOString(),
});

/**
 * Course reviews: an enrolled student rates a published course once (a second submission changes it);
 * everyone reads the visible ones, their average and count; the course's publisher hides and shows them.
 */
export class ReviewService {
  constructor(private readonly deps: { db: Db }) {}

  /** The course if the caller may see it (published, or its staff), else 404. */
  private async visibleCourse(actor: Actor | null, courseId: number) {
    const course = await requireAccess(this.deps.db, actor, 'course.read', courseId);
    return { course, staff: course.staff };
  }

  /** reviews/GetCourseRating/{id} */
  async rating(actor: Actor | null, courseId: number): Promise<CourseRating> {
    await this.visibleCourse(actor, courseId);
    return { course_Id: courseId, ...(await ratingOf(this.deps.db, courseId)) };
  }

  /** reviews/GetCourseReviews/{id}: the visible reviews; the course's publisher also gets the hidden. */
  async list(actor: Actor | null, courseId: number, list: ListQuery): Promise<Paged<Review>> {
    const { staff } = await this.visibleCourse(actor, courseId);
    return mapPage(await listCourseReviews(this.deps.db, courseId, staff, list), toReview);
  }

  /** reviews/GetMyCourseReview/{id}: the caller's own review, and whether it may write one. */
  async mine(actor: Actor, courseId: number): Promise<MyReview> {
    const { course } = await this.visibleCourse(actor, courseId);
    const row = await findReview(this.deps.db, courseId, actor.userId);
    return {
      course_Id: courseId,
      canReview: allows(actor, 'course.review', course),
      review: row ? toReview(row) : null,
    };
  }

  /** reviews/SaveCourseReview: creates the caller's review or changes it; never another student's. */
  async save(actor: Actor, input: SaveReviewInput): Promise<{ review: Review; created: boolean }> {
    const { db } = this.deps;
    const course = await requireAccess(db, actor, 'course.review', input.course_Id);
    const { created } = await upsertReview(db, {
      courseId: course.id,
      userId: actor.userId,
      rating: input.rating,
      comment: input.comment,
    });
    const row = await findReview(db, course.id, actor.userId);
    if (!row) throw notFound('Review');
    return { review: toReview(row), created };
  }

  /** reviews/hideUnhideReview: only the publisher of the review's course; another's answers 404. */
  async setHidden(actor: Publisher, reviewId: number, hidden: boolean): Promise<Review> {
    const { db } = this.deps;
    const found = await findReviewById(db, reviewId);
    if (!found || !mayModerateReview(actor, found)) throw notFound('Review');
    await setReviewHidden(db, reviewId, hidden);
    return toReview({ ...found.review, hidden });
  }
}
