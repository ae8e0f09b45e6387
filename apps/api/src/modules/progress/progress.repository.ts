import { COMPLETION_SHARE, MAX_PLAYBACK_RATE } from '@skillwise/contracts';
import { and, asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lessonProgress, lessons, sections } from '../../db/schema';

export type ProgressChange = {
  /** Where the student is in the lesson; in a video or audio lesson, the advance credits watched time. */
  positionSeconds?: number | undefined;
  /** true marks the lesson done, false undoes that; absent leaves it to what was watched. */
  completed?: boolean | undefined;
  /** The server's clock at this save: a position's advance is weighed against the time since the last. */
  at: Date;
  /**
   * The lesson's length as the server measured its file, when watching completes it (video, audio): the
   * lesson completes once COMPLETION_SHARE of it was credited. Absent or null, watching completes nothing.
   */
  measuredSeconds?: number | null | undefined;
  /** The most unused allowance a save carries over to the next (WATCH_SLACK_SECONDS). */
  slackSeconds: number;
};

const p = lessonProgress;
/** Watched time is kept in milliseconds: an int4 holds MAX_LESSON_SECONDS of them 24 times over. */
const MS = 1000;

/**
 * The watched time one save credits, as SQL over the row as it was (DESIGN decision 12): from the last
 * saved position onwards, as far as the new position went but no further than MAX_PLAYBACK_RATE times the
 * wall time since the last save plus the allowance carried from earlier saves. A position behind the last
 * one (a seek back) credits nothing; a jump ahead credits only what the clock allows.
 */
function creditOf(positionSeconds: number, at: Date, slackSeconds: number) {
  const elapsed = sql`greatest(coalesce(extract(epoch from (${at.toISOString()}::timestamptz - ${p.positionSavedAt}))::float8, 0), 0)`;
  const allowance = sql`(${MAX_PLAYBACK_RATE}::float8 * ${elapsed} + ${p.slackSeconds})`;
  const credit = sql`least(greatest(${positionSeconds}::float8 - ${p.positionSeconds}, 0), ${allowance})`;
  const span = sql`int4range(round(${p.positionSeconds} * ${MS})::int, round((${p.positionSeconds} + ${credit}) * ${MS})::int)`;
  return {
    watched: sql`(${p.watched} + int4multirange(${span}))`,
    slackSeconds: sql`least(${slackSeconds}::float8, ${allowance} - ${credit})`,
  };
}

/** Whether `watched` covers COMPLETION_SHARE of the first `measuredSeconds` of the lesson. */
const coversEnough = (watched: SQL, measuredSeconds: number) => sql`(
  select coalesce(sum(upper(r) - lower(r)), 0) >= ${Math.ceil(COMPLETION_SHARE * measuredSeconds * MS)}::int
  from unnest(${watched} * int4multirange(int4range(0, ${Math.round(measuredSeconds * MS)}::int))) r)`;

/**
 * Records a student's position and/or completion of a lesson in one statement: the first save also marks
 * the lesson started; later ones change only what they carry. A position credits watched time (above) and
 * completes a lesson whose measured length is given once enough of it is covered; the row is locked by the
 * statement itself, so two saves racing for the same lesson credit one after the other, never the same
 * time twice. A lesson completed again keeps the time it was first completed. `newlyCompleted` tells
 * whether this save completed a lesson that was not complete: only then is its completion time the
 * statement's own (now()).
 */
export async function saveLessonProgress(db: Db, userId: number, lessonId: number, change: ProgressChange) {
  const { positionSeconds, completed, at, measuredSeconds } = change;
  const credit =
    positionSeconds === undefined
      ? undefined
      : { positionSeconds, positionSavedAt: at, ...creditOf(positionSeconds, at, change.slackSeconds) };
  // Watching completes a lesson whose length is known; a student's own word (true or false) wins.
  const completes =
    completed !== undefined
      ? sql`${completed}::boolean`
      : credit && measuredSeconds
        ? sql`(${p.completed} or ${coversEnough(credit.watched, measuredSeconds)})`
        : undefined;
  const [row] = await db
    .insert(lessonProgress)
    .values({
      userId,
      lessonId,
      started: true,
      positionSeconds: positionSeconds ?? 0,
      // The first position only starts the clock: there is no earlier one to measure an advance from.
      positionSavedAt: positionSeconds === undefined ? null : at,
      completed: completed ?? false,
      completedAt: completed ? sql`now()` : null,
    })
    .onConflictDoUpdate({
      target: [p.userId, p.lessonId],
      set: {
        ...(credit ?? {}),
        ...(completes === undefined
          ? {}
          : {
              completed: completes,
              completedAt: sql`case when not ${completes} then null when ${p.completed} then ${p.completedAt} else now() end`,
            }),
        updatedAt: sql`now()`,
      },
    })
    .returning({
      ...getTableColumns(lessonProgress),
      newlyCompleted: sql<boolean>`(${p.completed} and ${p.completedAt} = now())`,
    });
  if (!row) throw new Error('insert lesson_progress returned no row');
  const { newlyCompleted, ...saved } = row;
  return { saved, newlyCompleted: newlyCompleted === true };
}

/**
 * A course's published lessons in published sections, in course order (section order, then lesson
 * order), each with this student's state: one query whatever the size of the course.
 */
export async function listCourseLessonProgress(db: Db, userId: number, courseId: number) {
  return db
    .select({
      lessonId: lessons.id,
      started: sql<boolean>`coalesce(${lessonProgress.started}, false)`,
      positionSeconds: sql<number>`coalesce(${lessonProgress.positionSeconds}, 0)`,
      completed: sql<boolean>`coalesce(${lessonProgress.completed}, false)`,
      completedAt: lessonProgress.completedAt,
    })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(and(eq(sections.courseId, courseId), eq(sections.published, true), eq(lessons.published, true)))
    .orderBy(asc(sections.orderNumber), asc(sections.id), asc(lessons.orderNumber), asc(lessons.id));
}
