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
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_user'),
);

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionUser>['execute']>>[number];
export type SessionUser = Omit<SessionRow, 'expiresAt'>;

/** The live session for a token hash, with the account behind it: one prepared query per request. */
export async function findSessionUser(db: Db, tokenHash: string): Promise<SessionUser | undefined> {
  const kept = keptSessions.get(db);
  if (kept) return kept.find(tokenHash, () => readSessionUser(db, tokenHash));
  return withoutExpiry(await readSessionUser(db, tokenHash));
}

async function readSessionUser(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await sessionUser(db).execute({ tokenHash });
  return row;
}

function withoutExpiry(row: SessionRow | undefined): SessionUser | undefined {
  if (!row) return undefined;
  const { expiresAt: _, ...user } = row;
  return user;
}

/** The channel a database announces session changes on (migration 0043), and its word for "all". */
export const SESSION_CHANGES_CHANNEL = 'session_changes';
const ALL_SESSIONS = '*';

/** How many sessions the embedded server keeps at most: the least recently used go first. */
export const KEPT_SESSIONS_MAX = 10_000;

/**
 * The sessions the embedded server has read (docs/decisions/055). Its database is one connection in this
 * process, and it announces every change to what the session reader answers within the change's own
 * statement, before the statement's promise settles (migration 0043): a change is forgotten here before
 * any request can read again, so a session ended, or an account re-roled, is gone from the next request on,
 * as when every request reads the database. A read that a notice overtook is not kept.
 */
export class KeptSessions {
  readonly #rows = new Map<string, SessionRow>();
  readonly #byUser = new Map<number, Set<string>>();
  /** Bumped by every notice: a read that began before the last one is answered but not kept. */
  #notices = 0;

  constructor(readonly max = KEPT_SESSIONS_MAX) {}

  get size() {
    return this.#rows.size;
  }

  async find(tokenHash: string, read: () => Promise<SessionRow | undefined>) {
    const kept = this.#rows.get(tokenHash);
    if (kept && kept.expiresAt.getTime() > Date.now()) {
      // Last used now: moved to the end of the eviction order.
      this.#rows.delete(tokenHash);
      this.#rows.set(tokenHash, kept);
      return withoutExpiry(kept);
    }
    if (kept) this.#drop(tokenHash, kept.userId);
    const notices = this.#notices;
    const row = await read();
    if (row && notices === this.#notices) this.#keep(tokenHash, row);
    return withoutExpiry(row);
  }

  /** A notice from the database: the account's sessions, or all of them for `*`, are read again. */
  forget(payload: string) {
    this.#notices++;
    if (payload === ALL_SESSIONS) {
      this.#rows.clear();
      this.#byUser.clear();
      return;
    }
    const userId = Number(payload);
    for (const tokenHash of this.#byUser.get(userId) ?? []) this.#rows.delete(tokenHash);
    this.#byUser.delete(userId);
  }

  #keep(tokenHash: string, row: SessionRow) {
    if (this.#rows.size >= this.max) {
      const [oldest] = this.#rows;
      if (oldest) this.#drop(oldest[0], oldest[1].userId);
    }
    this.#rows.set(tokenHash, row);
    const hashes = this.#byUser.get(row.userId) ?? new Set<string>();
    hashes.add(tokenHash);
    this.#byUser.set(row.userId, hashes);
  }

  #drop(tokenHash: string, userId: number) {
    this.#rows.delete(tokenHash);
    const hashes = this.#byUser.get(userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.#byUser.delete(userId);
  }
}

const keptSessions = new WeakMap<Db, KeptSessions>();

/**
 * Makes `findSessionUser` keep the sessions it reads from `db`. Only for a database whose every change
 * comes through this process and whose notices arrive before the change's promise settles: the
 * embedded one (db/client.ts `openPglite`).
 */
export function keepSessions(db: Db, kept = new KeptSessions()): KeptSessions {
  keptSessions.set(db, kept);
  return kept;
}
