import { z } from 'zod';
import { lessonSchema } from './authoring';

/**
 * Answers that had no schema of their own: the OpenAPI document describes them and the API's tests check
 * every answer against them.
 */

/** users/checkUserExists: whether an account has this e-mail. */
export const userExistsResponseSchema = z.boolean();

/** users/resetPasswordRequest answers `true` (SPEC §7), whether or not the e-mail has an account. */
export const resetRequestResponseSchema = z.literal(true);

/** lessons/ChangeLessonStartedFlag: the lesson's flag for the caller. */
export const lessonStartedResponseSchema = z.object({ lesson_Id: z.number(), lessonstarted: z.boolean() });

/** lessons/UploadLesson: the lesson made from the file, and its file's URL again as `url`. */
export const uploadedLessonSchema = lessonSchema.extend({ url: z.string().nullable() });

/** sandbox/orders/{id}/approve: whether the test card approved the sandbox order. */
export const sandboxApproveResponseSchema = z.object({
  id: z.string(),
  status: z.enum(['APPROVED', 'DECLINED']),
});

/** GET health */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

/** sandbox/orders/{id}: what the sandbox approval page shows of an order, for its buyer only. */
export const sandboxOrderSchema = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  status: z.string(),
});

/** courses/UnAssignedCourses/{id}: a course of the organisation the student is not enrolled in. */
export const unassignedCourseSchema = z.object({
  course_Id: z.number(),
  course_title: z.string(),
  published: z.boolean(),
});
