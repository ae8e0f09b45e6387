import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { sessions } from '../../db/schema';

const sessionInsert = prepared((db) =>
  db
    .insert(sessions)
    .values({
      userId: sql.placeholder('userId'),
      tokenHash: sql.placeholder('tokenHash'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .returning({ id: sessions.id })
    .prepare('session_insert'),
);

/** A new session: every login makes one, so the statement is prepared. */
export async function insertSession(db: Db, userId: number, tokenHash: string, expiresAt: Date) {
  const [row] = await sessionInsert(db).execute({ userId, tokenHash, expiresAt });
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
