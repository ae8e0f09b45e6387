import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../client';
import { lessons, sections } from '../schema';
import { countedLesson } from './completion';

/**
 * What students can see of a course, and publishing it in one go (docs/decisions/017): read by the
 * courses module (publishing a course with its sections and lessons), the curriculum module (a section
 * with its lessons) and the payments module (a course with no published lesson is not sold).
 */

/** A course's sections, or one section. */
export type PublishScope = { courseId: number } | { sectionId: number };

/**
 * Publishes every section in the scope and every lesson in them, in the caller's transaction; rows already
 * published are left as they are (their last change stays). Answers how many of each it published.
 */
export async function publishSectionsAndLessons(
  db: Db,
  scope: PublishScope,
): Promise<{ sections: number; lessons: number }> {
  const inScope =
    'courseId' in scope ? eq(sections.courseId, scope.courseId) : eq(sections.id, scope.sectionId);
  const now = new Date();
  const sectionRows = await db
    .update(sections)
    .set({ published: true, updatedAt: now })
    .where(and(inScope, eq(sections.published, false)))
    .returning({ id: sections.id });
  const sectionIds = db.select({ id: sections.id }).from(sections).where(inScope);
  const lessonRows = await db
    .update(lessons)
    .set({ published: true, updatedAt: now })
    .where(and(inArray(lessons.sectionId, sectionIds), eq(lessons.published, false)))
    .returning({ id: lessons.id });
  return { sections: sectionRows.length, lessons: lessonRows.length };
}

/** How many lessons of the course students would see (published lessons of published sections). */
export async function countVisibleLessons(db: Db, courseId: number): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from ${sections} s
    join ${lessons} l on l.section_id = s.id where s.course_id = ${courseId} and ${countedLesson}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}
