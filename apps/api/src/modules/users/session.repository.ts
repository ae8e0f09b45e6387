import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { sessions, users } from '../../db/schema';

export async function insertSession(db: Db, userId: number, tokenHash: string, expiresAt: Date) {
  const [row] = await db
    .insert(sessions)
    .values({ userId, tokenHash, expiresAt })
    .returning({ id: sessions.id });
  return row;
}

const sessionUser = prepared((db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      roleId: users.roleId,
      orgId: users.orgId,
      verified: users.verified,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_user'),
);

/** The live session for a token hash, with the account behind it: one prepared query per request. */
export async function findSessionUser(db: Db, tokenHash: string) {
  const [row] = await sessionUser(db).execute({ tokenHash });
  return row;
}

export async function deleteSession(db: Db, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a user, except `keepSessionId` when given (the caller's own). */
export async function deleteUserSessions(db: Db, userId: number, keepSessionId?: number) {
  await db
    .delete(sessions)
    .where(
      keepSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
    );
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
