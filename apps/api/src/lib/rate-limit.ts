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

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  /** Counts a request from an address; over the limit is a 429. */
  async limitAddress(action: string, ip: string): Promise<void> {
    const { hits, resetAt } = await this.hit(`${action}:addr:${ip}`);
    if (hits > this.settings.addressMax) throw tooMany(resetAt);
  }

  /**
   * Counts one try for an account before the try is judged, refusing past the limit: the count and the
   * check are one statement, so a burst of tries sent at once cannot slip past it. A success resets the
   * count (`resetAccount`), so what is limited is the tries that failed.
   */
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
