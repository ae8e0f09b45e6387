import { z } from 'zod';
import { expected } from './common';

/**
 * Release schedules and lessons in order (docs/decisions/032): when a section's lessons open to a
 * student, and the texts a student reads about a lesson that is not open yet.
 */

/** How a section opens: at once, on a date, or a number of days after the student's start. */
export const RELEASE_MODES = ['immediately', 'on_date', 'after_days'] as const;
export type ReleaseMode = (typeof RELEASE_MODES)[number];

/** The most days after enrolment a section may wait (ten years). */
export const MAX_RELEASE_DAYS = 3650;

/** A date and time ('2026-12-01T09:00:00Z', with any offset) or a day ('2026-12-01', its start in UTC). */
export const releaseDateSchema = z
  .string(expected('a date'))
  .trim()
  .refine(
    (v) =>
      (/^\d{4}-\d{2}-\d{2}$/.test(v) ||
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) &&
      !Number.isNaN(Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v)),
    'must be a date like 2026-12-01 or 2026-12-01T09:00:00Z',
  )
  .transform((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v))
  .refine(
    (d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 9999,
    'must be a year from 2000 to 9999',
  );

export const releaseDaysSchema = z
  .union(
    [z.number(), z.string().trim().regex(/^\d+$/, 'must be a whole number of days')],
    expected('a number of days'),
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .int('must be a whole number of days')
      .min(0, 'must be 0 or more')
      .max(MAX_RELEASE_DAYS, `must be at most ${MAX_RELEASE_DAYS}`),
  );

/**
 * The optional release fields of courseSections/InsertCourseSections and UpdateCourseSections (README
 * "Additions"): `release_mode` with `release_at` (on_date) or `release_days` (after_days). Absent, the
 * section keeps its schedule (a new one opens immediately).
 */
export const sectionReleaseFields = {
  release_mode: z.enum(RELEASE_MODES, expected('one of immediately, on_date, after_days')).optional(),
  release_at: releaseDateSchema.nullable().optional(),
  release_days: releaseDaysSchema.nullable().optional(),
};

/** Checks that the release field the mode needs is given. */
export const checkSectionRelease = (
  body: {
    release_mode?: ReleaseMode | undefined;
    release_at?: Date | null | undefined;
    release_days?: number | null | undefined;
  },
  ctx: z.RefinementCtx,
) => {
  if (body.release_mode === undefined) {
    if (body.release_at != null || body.release_days != null) {
      ctx.addIssue({
        code: 'custom',
        path: ['release_mode'],
        message: 'is required with release_at or release_days',
      });
    }
    return;
  }
  if (body.release_mode === 'on_date' && body.release_at == null) {
    ctx.addIssue({
      code: 'custom',
      path: ['release_at'],
      message: 'is required when release_mode is on_date',
    });
  }
  if (body.release_mode === 'after_days' && body.release_days == null) {
    ctx.addIssue({
      code: 'custom',
      path: ['release_days'],
      message: 'is required when release_mode is after_days',
    });
  }
};

/** A section's schedule as the school reads it. */
export const sectionReleaseSchema = z.object({
  release_mode: z.enum(RELEASE_MODES),
  /** ISO 8601, for on_date; otherwise null. */
  release_at: z.string().nullable(),
  /** For after_days; otherwise null. */
  release_days: z.number().nullable(),
});

/** Whether a lesson is open to the student asking, and when it opens (null: after the previous lesson). */
export const lessonReleaseSchema = z.object({
  locked: z.boolean(),
  opens_at: z.string().nullable(),
});

const opensText = (date: Date) =>
  `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;

/** What a student is told of a lesson that is not open yet. */
export const RELEASE_MSG = {
  opensOn: (opensAt: Date | string) => `This lesson opens on ${opensText(new Date(opensAt))}.`,
  completePrevious: 'Complete the previous lesson to open this one.',
  /** The web's short labels beside a locked lesson. */
  opensOnShort: (day: string) => `Opens on ${day}`,
  completePreviousShort: 'Complete the previous lesson first',
} as const;
