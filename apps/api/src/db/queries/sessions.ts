import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { prepared } from '../prepared';
import { sessions, users } from '../schema';

/** The session behind a bearer token, read by the auth plugin on every signed-in request. */

const sessionUser = prepared((db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      roleId: users.roleId,
      orgId: users.orgId,
      teamRole: users.teamRole,
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
