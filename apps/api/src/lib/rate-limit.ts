import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';

export type RateLimitSettings = { windowSeconds: number; accountMax: number; addressMax: number };

/**
 * Fixed-window counters in the database, so every API instance shares them.
 * Keys look like `login:acct:<email>` or `login:addr:<ip>`.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    readonly settings: RateLimitSettings,
  ) {}

  /** Counts one hit and answers the hits in the current window. */
  async hit(key: string): Promise<{ hits: number; resetAt: Date }> {
    const window = sql`make_interval(secs => ${this.settings.windowSeconds})`;
    const expired = sql`${rateLimits.windowStart} <= now() - ${window}`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, windowStart: sql`now()`, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
          windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
    const start = row?.windowStart ?? new Date();
    return { hits: row?.hits ?? 1, resetAt: new Date(start.getTime() + this.settings.windowSeconds * 1000) };
  }

  /** The hits in the current window without counting one. */
  async peek(key: string): Promise<{ hits: number; resetAt: Date }> {
    const [row] = await this.db
      .select({
        hits: rateLimits.hits,
        windowStart: rateLimits.windowStart,
        live: sql<boolean>`${rateLimits.windowStart} > now() - make_interval(secs => ${this.settings.windowSeconds})`,
      })
      .from(rateLimits)
      .where(eq(rateLimits.key, key));
    if (!row?.live) return { hits: 0, resetAt: new Date() };
    return {
      hits: row.hits,
      resetAt: new Date(row.windowStart.getTime() + this.settings.windowSeconds * 1000),
    };
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  /** Counts a request from an address; over the limit is a 429. */
  async limitAddress(action: string, ip: string): Promise<void> {
    const { hits, resetAt } = await this.hit(`${action}:addr:${ip}`);
    if (hits > this.settings.addressMax) throw tooMany(resetAt);
  }

  /** Refuses an account that has used up its tries in this window (counted with `failAccount`). */
  async checkAccount(action: string, account: string): Promise<void> {
    const { hits, resetAt } = await this.peek(`${action}:acct:${account}`);
    if (hits >= this.settings.accountMax) throw tooMany(resetAt);
  }

  async failAccount(action: string, account: string): Promise<void> {
    await this.hit(`${action}:acct:${account}`);
  }

  /** Counts an attempt for an account, refusing past the limit (for calls that send mail). */
  async limitAccount(action: string, account: string): Promise<void> {
    const { hits, resetAt } = await this.hit(`${action}:acct:${account}`);
    if (hits > this.settings.accountMax) throw tooMany(resetAt);
  }

  resetAccount(action: string, account: string): Promise<void> {
    return this.reset(`${action}:acct:${account}`);
  }
}

function tooMany(resetAt: Date): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}
