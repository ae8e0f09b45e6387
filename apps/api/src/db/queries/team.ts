import type { Db } from '../client';
import { courseInstructors } from '../schema';

/** Gives one course to an instructor (the course they just made, docs/decisions/039). */
export async function assignCourse(db: Db, userId: number, courseId: number) {
  await db.insert(courseInstructors).values({ courseId, userId }).onConflictDoNothing();
}
