import { z } from 'zod';
import { flagSchema } from './authoring';
import { expected, hasControlCharacter, idSchema } from './common';

/** A review's comment: plain text, at most this long. */
export const REVIEW_COMMENT_MAX = 1000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** reviews/SaveCourseReview: the caller's rating of a course it is enrolled in, and an optional comment. */
export const saveReviewBodySchema = z.object({
  course_Id: idSchema,
  rating: z
    .union(
      [z.number(), z.string().trim().regex(/^\d+$/, 'must be a whole number from 1 to 5')],
      expected('a whole number from 1 to 5'),
    )
    .transform((value) => Number(value))
    .pipe(
      z
        .number()
        .int('must be a whole number from 1 to 5')
        .min(RATING_MIN, 'must be a whole number from 1 to 5')
        .max(RATING_MAX, 'must be a whole number from 1 to 5'),
    ),
  comment: z
    .string(expected('text'))
    .trim()
    .max(REVIEW_COMMENT_MAX, `must be at most ${REVIEW_COMMENT_MAX} characters`)
    .refine((value) => !hasControlCharacter(value), 'must not contain control characters')
    .nullable()
    .optional()
    .transform((value) => value ?? ''),
});
export type SaveReviewBody = z.input<typeof saveReviewBodySchema>;

/** reviews/hideUnhideReview: the publisher hides (true) or shows again (false) a review of its course. */
export const hideReviewBodySchema = z.object({ Id: idSchema, hidden: flagSchema });

/** A review as the course page shows it; `reviewer` is the first name and the last name's initial. */
export const reviewSchema = z.object({
  review_Id: z.number(),
  course_Id: z.number(),
  rating: z.number(),
  comment: z.string(),
  reviewer: z.string(),
  /** Only the course's publisher is answered hidden reviews. */
  hidden: z.boolean(),
  created_date: z.string(),
  updated_date: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** reviews/GetCourseRating/{id}: the average of the visible ratings (one decimal), null when none. */
export const courseRatingSchema = z.object({
  course_Id: z.number(),
  average: z.number().nullable(),
  count: z.number(),
});
export type CourseRating = z.infer<typeof courseRatingSchema>;

/** reviews/GetMyCourseReview/{id}: whether the caller may review the course, and its review if any. */
export const myReviewSchema = z.object({
  course_Id: z.number(),
  canReview: z.boolean(),
  review: reviewSchema.nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;
