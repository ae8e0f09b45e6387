import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { prepared } from '../../db/prepared';
import { courseCompletion, isCompleted } from '../../db/queries/completion';
import type { NewUser } from '../../db/queries/users';
import { courses, enrolments, users, verificationCodes } from '../../db/schema';

export {
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  isStudentOfOrg,
  type NewUser,
  type UserRow,
} from '../../db/queries/users';
export type CodePurpose = 'verify' | 'reset';

const loggedIn = prepared((db) =>
  db
    .update(users)
    .set({ lastLoginAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_logged_in'),
);

/** Notes a login's time on the account: every login does, so the statement is prepared. */
export async function recordLogin(db: Db, id: number): Promise<void> {
  await loggedIn(db).execute({ id });
}

export async function updateUser(db: Db, id: number, values: Partial<NewUser>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export type CodeRow = typeof verificationCodes.$inferSelect;

/**
 * The live code of this purpose (not consumed, not expired), or a new one made by `make` when there is
 * none, which replaces the dead ones. One transaction holding the user's row, so two requests at once
 * make one code between them.
 */
export async function liveCodeOrNew(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  make: (createdAt: Date) => { codeHash: string; expiresAt: Date },
): Promise<{ code: CodeRow; created: boolean }> {
  const now = new Date();
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const purposeOf = and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose));
    const [live] = await tx
      .select()
      .from(verificationCodes)
      .where(and(purposeOf, isNull(verificationCodes.consumedAt), gt(verificationCodes.expiresAt, now)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (live) return { code: live, created: false };
    await tx.delete(verificationCodes).where(purposeOf);
    const createdAt = now;
    const [code] = await tx
      .insert(verificationCodes)
      .values({ userId, purpose, createdAt, ...make(createdAt) })
      .returning();
    if (!code) throw new Error('the code was not stored');
    return { code, created: true };
  });
}

/** A code that never reached its mailbox: the next request makes another. */
export async function deleteCode(db: Db, codeId: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, codeId));
}

/** A live code mailed again lives its full time again from now. */
export async function renewCode(db: Db, codeId: number, expiresAt: Date): Promise<void> {
  await db.update(verificationCodes).set({ expiresAt }).where(eq(verificationCodes.id, codeId));
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
 * completed, by the one completion rule (db/queries/completion.ts). One query.
 */
export async function countEnrolledCourses(
  db: Db,
  userId: number,
): Promise<{ courses: number; completed: number }> {
  const enrolled = sql`select ${enrolments.courseId} from ${enrolments} where ${enrolments.userId} = ${userId}`;
  const result = await db.execute(sql`
    select count(*)::int as courses, (count(*) filter (where ${isCompleted('cc')}))::int as completed
    from ${enrolments} e
    join ${courses} c on c.id = e.course_id and c.published
    left join (${courseCompletion(userId, enrolled)}) cc on cc.course_id = e.course_id
    where e.user_id = ${userId}`);
  const [row] = rowsOf<{ courses: number; completed: number }>(result);
  return { courses: Number(row?.courses ?? 0), completed: Number(row?.completed ?? 0) };
}
