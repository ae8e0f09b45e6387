import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { courseInstructors } from '../schema';

/**
 * Whether the viewer (a prepared statement's `viewerId` placeholder) is an instructor given the course
 * (docs/decisions/039); its team role decides the rest. The access facts of a course read it, and so does
 * a query that reads them with its own answer.
 */
export const assignedTo = (courseId: SQL) =>
  sql<boolean>`exists (select 1 from course_instructors ci
    where ci.user_id = ${sql.placeholder('viewerId')} and ci.course_id = ${courseId})`;

/** Gives one course to an instructor (the course they just made, docs/decisions/039). */
export async function assignCourse(db: Db, userId: number, courseId: number) {
  await db.insert(courseInstructors).values({ courseId, userId }).onConflictDoNothing();
}
