import { z } from 'zod';
import { idSchema } from './common';
import { pageQuerySchema } from './paging';
import { attemptSummarySchema, QUESTION_KINDS } from './quizzes';

/**
 * The school's side of quizzes (docs/decisions/034): the attempts waiting for grading, a quiz's results
 * (its students, its summary) and a student's attempts. Staff of the course's school only.
 */

/** Page sizes of the school's quiz lists, and each call's default when only `page` is given. */
export const QUIZ_RESULTS_PAGE_SIZES = { gradingQueue: 10, quizResults: 10 } as const;

/** How many buckets the spread of scores has: 0–9 %, 10–19 %, … 90–100 %. */
export const SCORE_BUCKETS = 10;
/** How many of the hardest questions a quiz's summary lists. */
export const HARDEST_QUESTIONS = 5;

/** GET quizzes/GetGradingQueue: paging, and optionally one of the school's courses. */
export const gradingQueueQuerySchema = pageQuerySchema.extend({ course_Id: idSchema.optional() });

/** An attempt waiting for the school to grade its open answers, oldest submission first. */
export const gradingQueueRowSchema = z.object({
  attempt_Id: z.number(),
  number: z.number(),
  submitted_at: z.string(),
  course_Id: z.number(),
  course_title: z.string(),
  lesson_Id: z.number(),
  lesson_title: z.string(),
  user_Id: z.number(),
  student_name: z.string(),
  student_email: z.string(),
  /** Open answers still without points. */
  waiting: z.number(),
});
export type GradingQueueRow = z.infer<typeof gradingQueueRowSchema>;

/** GET quizzes/GetQuizResults/:id (the lesson's id): paging, searched on the student's name or e-mail. */
export const quizResultsQuerySchema = pageQuerySchema;

/** A student who attempted a quiz, with its best result (of attempts with a score). */
export const quizStudentResultSchema = z.object({
  user_Id: z.number(),
  student_name: z.string(),
  student_email: z.string(),
  attempts: z.number(),
  /** The best score of a submitted attempt; null while none has one. */
  best_score: z.number().nullable(),
  /** The best attempt's points available. */
  max_score: z.number().nullable(),
  /** The best score in percent of its attempt's points (0 to 100, whole); null without a score. */
  best_percent: z.number().nullable(),
  last_attempt_at: z.string(),
  /** Whether any attempt passed. */
  passed: z.boolean(),
  /** Whether an attempt waits for grading. */
  waiting: z.boolean(),
});
export type QuizStudentResult = z.infer<typeof quizStudentResultSchema>;

/** GET quizzes/GetQuizSummary/:id (the lesson's id): the quiz's figures over all its students. */
export const quizSummarySchema = z.object({
  lesson_Id: z.number(),
  lesson_title: z.string(),
  course_Id: z.number(),
  course_title: z.string(),
  pass_percent: z.number(),
  /** Attempts submitted (in progress ones are not counted). */
  attempts: z.number(),
  /** Students with a submitted attempt. */
  students: z.number(),
  /** Students with a graded attempt (one whose pass is decided). */
  graded_students: z.number(),
  passed_students: z.number(),
  /** passed_students / graded_students in percent (whole); null when no student has a graded attempt. */
  pass_rate: z.number().nullable(),
  /** Students by their best score in percent: SCORE_BUCKETS counts, 0–9 %, 10–19 %, … 90–100 %. */
  score_buckets: z.array(z.number()),
  /** The questions answered with full points least often (by text and kind, as attempts kept them). */
  hardest: z.array(
    z.object({
      text: z.string(),
      kind: z.enum(QUESTION_KINDS),
      answers: z.number(),
      full_points: z.number(),
      /** full_points / answers in percent (whole). */
      full_percent: z.number(),
    }),
  ),
});
export type QuizSummary = z.infer<typeof quizSummarySchema>;

/** GET quizzes/GetStudentAttempts: a student's attempts at a course's quizzes, or at one quiz. */
export const studentAttemptsQuerySchema = z
  .object({
    user_Id: idSchema,
    course_Id: idSchema.optional(),
    lesson_Id: idSchema.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.course_Id === undefined && query.lesson_Id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['course_Id'], message: 'is required (or lesson_Id)' });
    }
  });

/** A student's attempt, with the quiz it belongs to: the course's order of lessons, then first to last. */
export const studentAttemptSchema = attemptSummarySchema.extend({
  lesson_Id: z.number(),
  lesson_title: z.string(),
});
export type StudentAttempt = z.infer<typeof studentAttemptSchema>;

/** A score as a whole percent of the points available (0 when there are none). */
export const scorePercent = (score: number, max: number): number =>
  max > 0 ? Math.floor((score * 100) / max) : 0;
