import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { enrolments } from '../schema';

export type EnrolmentSource = 'assigned' | 'purchased' | 'free';

export async function isEnrolled(db: Db, userId: number, courseId: number): Promise<boolean> {
  return (await findEnrolment(db, userId, courseId)) !== undefined;
}

export async function findEnrolment(db: Db, userId: number, courseId: number) {
  const [row] = await db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
  return row;
}

/** Enrols once: answers false when the student already had the course. */
export async function insertEnrolment(
  db: Db,
  values: { userId: number; courseId: number; source: EnrolmentSource; orderId?: number | null },
): Promise<boolean> {
  const rows = await db
    .insert(enrolments)
    .values(values)
    .onConflictDoNothing({ target: [enrolments.userId, enrolments.courseId] })
    .returning({ id: enrolments.id });
  return rows.length === 1;
}
