import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  courses,
  enrolments,
  lessonProgress,
  lessons,
  orgMembers,
  sections,
  users,
  verificationCodes,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type CodePurpose = 'verify' | 'reset';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert users returned no row');
  return row;
}

export async function updateUser(db: Db, id: number, values: Partial<NewUser>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** A student is one of an organisation's contacts if it added them or they are enrolled in its course. */
export async function isStudentOfOrg(db: Db, orgId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: orgMembers.userId })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)));
  return row !== undefined;
}

/** Replaces any earlier code of this purpose: only the newest one works. */
export async function replaceCode(
  db: Db,
  values: { userId: number; purpose: CodePurpose; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.userId, values.userId), eq(verificationCodes.purpose, values.purpose)));
    await tx.insert(verificationCodes).values(values);
  });
}

/** Codes not yet consumed, newest first, live or not (the service tells why a dead one failed). */
export async function listOpenCodes(db: Db, userId: number) {
  return db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt));
}

export async function markCodeConfirmed(db: Db, codeId: number): Promise<void> {
  await db.update(verificationCodes).set({ confirmedAt: new Date() }).where(eq(verificationCodes.id, codeId));
}

/** Consumes a code once: false when a concurrent request consumed it first. */
export async function consumeCode(db: Db, codeId: number): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/**
 * The published courses a user is enrolled in (what My Courses lists) and how many of them it has
 * completed: every published lesson of the course's published sections done, as a course's progress
 * counts them (DESIGN decision 11). A course with no published lesson is not completed. One query.
 */
export async function countEnrolledCourses(
  db: Db,
  userId: number,
): Promise<{ courses: number; completed: number }> {
  const perCourse = db
    .select({
      courseId: enrolments.courseId,
      total: sql<number>`count(${lessons.id})`.as('total'),
      done: sql<number>`count(${lessonProgress.lessonId}) filter (where ${lessonProgress.completed})`.as(
        'done',
      ),
    })
    .from(enrolments)
    .innerJoin(courses, and(eq(courses.id, enrolments.courseId), eq(courses.published, true)))
    .leftJoin(sections, and(eq(sections.courseId, enrolments.courseId), eq(sections.published, true)))
    .leftJoin(lessons, and(eq(lessons.sectionId, sections.id), eq(lessons.published, true)))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(eq(enrolments.userId, userId))
    .groupBy(enrolments.courseId)
    .as('per_course');
  const [row] = await db
    .select({
      courses: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${perCourse.total} > 0 and ${perCourse.done} = ${perCourse.total}))::int`,
    })
    .from(perCourse);
  return { courses: row?.courses ?? 0, completed: row?.completed ?? 0 };
}
