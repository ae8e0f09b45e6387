import { z } from 'zod';
import { flagSchema } from './authoring';
import { expected, giveEither, idSchema } from './common';
import { lessonKind } from './constants';

/**
 * A video or audio lesson is complete when this share of its length, as the server measured the file, was
 * watched (DESIGN decisions 11 and 12); any other lesson when the student marks it done.
 */
export const COMPLETION_SHARE = 0.9;
/**
 * The fastest playback speed the player offers: the server credits watched time no faster than this
 * many seconds of a lesson per second of the wall clock (DESIGN decision 12).
 */
export const MAX_PLAYBACK_RATE = 2;
/** The longest position or duration a lesson may report, in seconds (a day). */
export const MAX_LESSON_SECONDS = 86_400;
/** How often a playing video or audio lesson saves its position, at most. */
export const POSITION_SAVE_INTERVAL_MS = 10_000;

/**
 * Whether a lesson completes by being watched (video, audio: the server judges it from the time it saw
 * pass) rather than by being marked done (pdf, text, an image).
 */
export const completesByWatching = (contentType: string | null | undefined): boolean => {
  const kind = lessonKind(contentType);
  return kind === 'video' || kind === 'audio';
};

/**
 * Whether the student marks a lesson done itself (pdf, text, an image): not one that completes by being
 * watched, nor a quiz, which completes when an attempt passes (docs/decisions/031).
 */
export const completesByMarking = (contentType: string | null | undefined): boolean =>
  !completesByWatching(contentType) && lessonKind(contentType) !== 'quiz';

const seconds = (what: string) =>
  z
    .number(expected(what))
    .refine(Number.isFinite, `must be ${what}`)
    .pipe(
      z.number().min(0, 'must be 0 or more').max(MAX_LESSON_SECONDS, `must be at most ${MAX_LESSON_SECONDS}`),
    );

/**
 * studentCourse/SaveLessonProgress (README "Additions"): where the student is in a video or audio lesson,
 * or `completed` to mark a lesson done (true: pdf, text or image lessons only) or undo that (false, any
 * lesson). At least one of `positionSeconds` and `completed`. A video or audio lesson completes from the
 * watched time the server credits between saves, against the length it measured from the file;
 * `durationSeconds` is still accepted from existing clients but decides nothing.
 */
export const saveLessonProgressBodySchema = z
  .object({
    lesson_Id: idSchema,
    positionSeconds: seconds('a number of seconds').optional(),
    /** Accepted from existing clients and ignored: the server measures the lesson's file itself. */
    durationSeconds: seconds('a number of seconds').optional(),
    completed: flagSchema.optional(),
  })
  .superRefine(giveEither('positionSeconds', 'completed', 'positionSeconds'));
export type SaveLessonProgressBody = z.input<typeof saveLessonProgressBodySchema>;

/** One lesson's state for the student. */
export const lessonProgressSchema = z.object({
  lesson_Id: z.number(),
  lessonstarted: z.boolean(),
  positionSeconds: z.number(),
  completed: z.boolean(),
  completed_date: z.string().nullable(),
  /**
   * Whether the lesson is not open yet, and when it opens (docs/decisions/032): lessonReleaseSchema's
   * fields, written out because reading its `.shape` as this module loads would keep the validation
   * library in the public pages' first script, which reads this module's constants.
   */
  locked: z.boolean().optional(),
  opens_at: z.string().nullable().optional(),
});
export type LessonProgress = z.infer<typeof lessonProgressSchema>;

/**
 * studentCourse/GetCourseProgress/{id}: the student's progress in a course. `progress` is completed
 * published lessons over published lessons (as the Enrollments table shows it); `nextLesson_Id` is the
 * first lesson in course order not completed and open to the student (docs/decisions/032), null when
 * there is none.
 */
export const courseProgressSchema = z.object({
  course_Id: z.number(),
  totalLessons: z.number(),
  completedLessons: z.number(),
  progress: z.string(),
  nextLesson_Id: z.number().nullable(),
  lessons: z.array(lessonProgressSchema),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

/** The share as the spec's Progress column shows it, e.g. '40%'. */
export const progressText = (p: { total: number; completed: number } | undefined) =>
  !p || p.total === 0 ? '0%' : `${Math.round((100 * p.completed) / p.total)}%`;
