import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { certificates, courseReviews, enrolmentRevocations, enrolments } from '../schema';
import { findOne } from './find-one';

export type EnrolmentSource = 'assigned' | 'purchased' | 'free';

export async function isEnrolled(db: Db, userId: number, courseId: number): Promise<boolean> {
  return (await findEnrolment(db, userId, courseId)) !== undefined;
}

export async function findEnrolment(db: Db, userId: number, courseId: number) {
  return findOne(db, enrolments, and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
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

/**
 * Takes a course from a student whose payment was refunded (docs/decisions/029), in the refund's
 * transaction: the enrolment is deleted (every access check asks for one) and kept as revoked, the
 * student's certificate of the course revoked and their review of it hidden. The student's progress
 * stays, for a later purchase. A revoked certificate belongs to nobody, as one whose account was deleted
 * (user_id null: migration 0009's trigger records when and erases the name): its number answers
 * "revoked" for good, the student no longer lists or downloads it, and completing the course after buying
 * it again issues a new one with a new number. Answers whether there was access to take.
 */
export async function revokeEnrolment(db: Db, userId: number, courseId: number): Promise<boolean> {
  const [removed] = await db
    .delete(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
    .returning();
  if (!removed) return false;
  await db.insert(enrolmentRevocations).values({
    userId,
    courseId,
    source: removed.source,
    orderId: removed.orderId,
    enrolledAt: removed.createdAt,
  });
  await db
    .update(certificates)
    .set({ userId: null, revokedAt: sql`coalesce(${certificates.revokedAt}, now())` })
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));
  await db
    .update(courseReviews)
    .set({ hidden: true })
    .where(and(eq(courseReviews.userId, userId), eq(courseReviews.courseId, courseId)));
  return true;
}
