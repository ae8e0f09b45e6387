import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lessonProgress, lessons, sections } from '../../db/schema';

export type ProgressChange = {
  /** Where the student is in a video or audio lesson. */
  positionSeconds?: number | undefined;
  /** true completes the lesson, false undoes that; absent leaves it as it is. */
  completed?: boolean | undefined;
};

/**
 * Records a student's position and/or completion of a lesson in one statement: the first save also marks
 * the lesson started; later ones change only what they carry. A lesson completed again keeps the time it
 * was first completed. `newlyCompleted` tells whether this save completed a lesson that was not complete:
 * only then is its completion time the statement's own (now()).
 */
export async function saveLessonProgress(db: Db, userId: number, lessonId: number, change: ProgressChange) {
  const { positionSeconds, completed } = change;
  const [row] = await db
    .insert(lessonProgress)
    .values({
      userId,
      lessonId,
      started: true,
      positionSeconds: positionSeconds ?? 0,
      completed: completed ?? false,
      completedAt: completed ? sql`now()` : null,
    })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        ...(positionSeconds === undefined ? {} : { positionSeconds }),
        ...(completed === undefined
          ? {}
          : {
              completed,
              completedAt: completed
                ? sql`case when ${lessonProgress.completed} then ${lessonProgress.completedAt} else now() end`
                : null,
            }),
        updatedAt: sql`now()`,
      },
    })
    .returning({
      ...getTableColumns(lessonProgress),
      newlyCompleted: sql<boolean>`(${lessonProgress.completed} and ${lessonProgress.completedAt} = now())`,
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
