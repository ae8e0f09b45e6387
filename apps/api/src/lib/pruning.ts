import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rowsOf } from '../db/client';
import { rateLimits, sessions, uploadReservations, verificationCodes } from '../db/schema';
import type { BackgroundWork } from './background';
import { pruneMailStatement } from './mail-queue';
import { ACCOUNT_WINDOW_SECONDS, type RateLimitSettings } from './rate-limit';

/** How often the server prunes, after doing it once at start-up. */
export const PRUNE_EVERY_MS = 15 * 60_000;

/**
 * A code is kept a day past its end, so a late try still hears "this code has expired" rather than
 * "invalid", and a reset code stays visible to support for a while.
 */
const CODE_KEPT_AFTER = sql`interval '1 day'`;

export type Pruned = {
  sessions: number;
  codes: number;
  rateLimits: number;
  mail: number;
  reservations: number;
};

/** Deletes with one statement and answers how many rows went (both drivers answer `{ rows }`). */
async function deleteCounting(db: Db, statement: SQL): Promise<number> {
  const result = await db.execute(
    sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * Deletes what no request can use any more: expired sessions, codes a day past their expiry or their
 * use, rate-limit counters whose window has ended (an ended window counts as no row at all), queued
 * e-mails sent a week ago or given up a month ago (lib/mail-queue.ts), and uploads' storage holds past
 * their lease (they hold nothing already; modules/organisations/storage-quota.ts).
 */
export async function pruneExpired(
  db: Db,
  limits: Pick<RateLimitSettings, 'windowSeconds'>,
): Promise<Pruned> {
  const longestWindow = Math.max(limits.windowSeconds, ACCOUNT_WINDOW_SECONDS);
  return {
    sessions: await deleteCounting(db, sql`delete from ${sessions} where ${sessions.expiresAt} <= now()`),
    codes: await deleteCounting(
      db,
      sql`delete from ${verificationCodes}
          where ${verificationCodes.expiresAt} <= now() - ${CODE_KEPT_AFTER}
             or ${verificationCodes.consumedAt} <= now() - ${CODE_KEPT_AFTER}`,
    ),
    rateLimits: await deleteCounting(
      db,
      sql`delete from ${rateLimits}
          where ${rateLimits.windowStart} <= now() - make_interval(secs => ${longestWindow})`,
    ),
    mail: await deleteCounting(db, pruneMailStatement()),
    reservations: await deleteCounting(
      db,
      sql`delete from ${uploadReservations} where ${uploadReservations.expiresAt} <= now()`,
    ),
  };
}

/** Prunes at once, then every `everyMs`, as background work (one run at a time, stopped with the app). */
export function schedulePruning(
  background: BackgroundWork,
  db: Db,
  limits: Pick<RateLimitSettings, 'windowSeconds'>,
  log: FastifyBaseLogger,
  everyMs = PRUNE_EVERY_MS,
): void {
  const prune = async () => {
    const pruned = await pruneExpired(db, limits);
    if (Object.values(pruned).some((n) => n > 0)) {
      log.info({ pruned }, 'expired rows deleted');
    }
  };
  background.every('pruning expired rows', everyMs, prune, 0);
}
