import { z } from 'zod';
import { flagSchema } from './authoring';
import { emailSchema, expected, giveEither, idSchema, passwordSchema, requiredText } from './common';
import { COUNTER_SHORT } from './constants';
import { courseListItemSchema } from './courses';
import { pageQuerySchema } from './paging';
import { REFUND_REQUEST_STATES } from './payments';
import { releaseDateSchema } from './release';
import { lessonVideoSchema } from './video';

/** studentCourse/getStudentByOrgID/{id}: one row per student of the caller's organisation. */
export const studentRowSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  /** Courses of this organisation the student is enrolled in. */
  numberofcourses: z.number(),
  /** Dollars the student paid this organisation for courses. */
  totalcost: z.number(),
  user_id: z.number(),
});
export type StudentRow = z.infer<typeof studentRowSchema>;

/**
 * Query of studentCourse/getStudentByOrgID/{id}: paging and search, and `enrolled` (README "Additions"):
 * true keeps the students enrolled in at least one of the organisation's courses, false those it added
 * who have none; absent lists both, as the My Students filter "All students" does.
 */
export const studentListQuerySchema = pageQuerySchema.extend({ enrolled: flagSchema.optional() });

/**
 * Query of courses/UnAssignedCourses/{id}: paging and search, and `published` (README "Additions"): true
 * keeps the published courses only (what the enrolment select offers), false the drafts; absent, both.
 */
export const unassignedCoursesQuerySchema = pageQuerySchema.extend({ published: flagSchema.optional() });

/** studentCourse/registerStudent: the Add Students form (SPEC §3 "New student form"). */
export const registerStudentBodySchema = z.object({
  name: requiredText(COUNTER_SHORT),
  email: emailSchema,
  password: z.union([passwordSchema, z.literal(''), z.null()]).optional(),
  enroll: flagSchema.optional(),
  course_Id: z.union([idSchema, z.literal(''), z.literal('0'), z.literal(0), z.null()]).optional(),
  course_title: z.unknown().optional(),
  consent: flagSchema.optional(),
  payment: z.string(expected('text')).max(100).optional(),
});
export type RegisterStudentBody = z.input<typeof registerStudentBodySchema>;

export const registerStudentResponseSchema = z.object({
  message: z.string(),
  user_id: z.number(),
  enrolled: z.boolean(),
});

/** Query of studentCourse/AssignCoursetoStudent and DeleteAssignedCourse. */
export const assignQuerySchema = z.object({ user_id: idSchema, course_id: idSchema });

/** A course as the student area and the Enrollments table show it. */
export const assignedCourseSchema = courseListItemSchema.extend({
  /** Share of the course's published lessons completed, e.g. '40%' (DESIGN decision 11). */
  progress: z.string(),
  /** How the student got it: assigned by the publisher, purchased or free. */
  source: z.enum(['assigned', 'purchased', 'free']),
  enrolled_date: z.string(),
  /** The purchase that enrolled the student (a bought course), for a refund request (docs/decisions/029). */
  order_Id: z.number().nullable().optional(),
  /** The latest refund request of that purchase, and the school's answer to it. */
  refund_request: z.enum(REFUND_REQUEST_STATES).nullable().optional(),
  refund_answer: z.string().nullable().optional(),
  /** The start the school gave the student in this course, or null, and whether it opened every section. */
  release_start_at: z.string().nullable().optional(),
  release_all: z.boolean().optional(),
});
export type AssignedCourse = z.infer<typeof assignedCourseSchema>;

/** lessons/ChangeLessonStartedFlag: the same fields in the query and the body. */
export const lessonStartedSchema = z.object({
  lesson_Id: idSchema,
  lessonstarted: flagSchema,
});

export const lessonUrlSchema = z.object({
  lesson_Id: z.number(),
  content_path: z.string().nullable(),
  /** A video lesson's streaming copies, poster and captions, signed afresh (docs/decisions/041). */
  video: lessonVideoSchema.nullable().optional(),
});

/**
 * POST studentCourse/SetStudentRelease (README "Additions"): the school moves one student's start in a
 * course (the day "days after enrolment" counts from; null: back to the enrolment's own date) or opens
 * every section for them. At least one of the two.
 */
export const setStudentReleaseBodySchema = z
  .object({
    user_Id: idSchema,
    course_Id: idSchema,
    release_start_at: releaseDateSchema.nullable().optional(),
    release_all: flagSchema.optional(),
  })
  .superRefine(giveEither('release_start_at', 'release_all', 'release_all'));
export type SetStudentReleaseBody = z.input<typeof setStudentReleaseBodySchema>;

export const studentReleaseSchema = z.object({
  user_Id: z.number(),
  course_Id: z.number(),
  /** When the student's enrolment began. */
  enrolled_date: z.string(),
  /** The start the school gave the student, or null (the enrolment's date counts). */
  release_start_at: z.string().nullable(),
  release_all: z.boolean(),
});
export type StudentRelease = z.infer<typeof studentReleaseSchema>;
