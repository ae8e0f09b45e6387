import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';

export type RateLimitSettings = {
  windowSeconds: number;
  accountMax: number;
  addressMax: number;
  accountHourlyMax: number;
};

/**
 * Who makes a try at an account: the client's address, and the id of a device token (issued to this
 * browser by an earlier successful login to that account) when it showed a valid one.
 */
export type Caller = { ip: string; device?: string | undefined };

/** A counted try, as `limitAccount` charged it, so a success can give it back. */
export type AccountTry = { action: string; account: string; caller: Caller; accountWide: boolean };

/** The account-wide counter's window: an hour, as OWASP ASVS 2.2.1 counts. */
export const ACCOUNT_WINDOW_SECONDS = 3600;
/**
 * The share of the account-wide hourly allowance kept for addresses new to the account this hour, and how
 * many tries an address makes there before it is no longer new (decision 002): one typo still leaves the
 * owner a try, and a stranger needs more than a dozen addresses of its own to use the share up.
 */
export const ACCOUNT_RESERVE_SHARE = 0.5;
export const NEW_ADDRESS_TRIES = 2;

/**
 * The calls that tell whether an e-mail has an account (sign-up, organisation registration, a reset
 * request, checkUserExists, a school adding a student) share one budget per address, so no mix of them
 * lists accounts faster than `addressMax` e-mails per window.
 */
export const EMAIL_LOOKUP = 'email-lookup';

/**
 * The upsert that counts a hit under `key`, starting a new window when the last has ended; with `below`,
 * only while the window holds fewer than `max` hits. Prepared: every login makes several.
 */
const upsertHitQuery = (below: boolean) =>
  prepared((db) => {
    const window = sql`make_interval(secs => ${sql.placeholder('windowSeconds')}::float8)`;
    const expired = sql`${rateLimits.windowStart} <= now() - ${window}`;
    return db
      .insert(rateLimits)
      .values({ key: sql.placeholder('key'), windowStart: sql`now()`, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
          windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
        },
        ...(below
          ? { setWhere: sql`${expired} or ${rateLimits.hits} < ${sql.placeholder('max')}::int` }
          : {}),
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
      .prepare(below ? 'rate_hit_below' : 'rate_hit');
  });
const hitQuery = upsertHitQuery(false);
const hitBelowQuery = upsertHitQuery(true);

const releaseQuery = prepared((db) =>
  db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, sql.placeholder('key')))
    .prepare('rate_release'),
);

/**
 * Fixed-window counters in the database, so every API instance shares them.
 * Keys look like `login:addr:<ip>`, `login:acct:<email>:addr:<ip>` (and its `:hour` twin),
 * `login:acct:<email>` or `login:device:<id>` (decision 002).
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    readonly settings: RateLimitSettings,
  ) {}

  /** Counts one hit and answers the hits in the current window (`windowSeconds` long). */
  async hit(
    key: string,
    windowSeconds = this.settings.windowSeconds,
  ): Promise<{ hits: number; resetAt: Date }> {
    const row = await this.upsertHit(key, windowSeconds);
    const start = row?.windowStart ?? new Date();
    return { hits: row?.hits ?? 1, resetAt: new Date(start.getTime() + windowSeconds * 1000) };
  }

  /**
   * Counts one hit only while the window holds fewer than `max`, in one statement (so a burst cannot slip
   * past): answers whether it counted, and when the window ends.
   */
  async hitBelow(
    key: string,
    windowSeconds: number,
    max: number,
  ): Promise<{ counted: boolean; resetAt: Date }> {
    const counted = await this.upsertHit(key, windowSeconds, max);
    const [full] = counted
      ? [counted]
      : await this.db
          .select({ windowStart: rateLimits.windowStart })
          .from(rateLimits)
          .where(eq(rateLimits.key, key));
    const start = full?.windowStart ?? new Date();
    return { counted: counted !== undefined, resetAt: new Date(start.getTime() + windowSeconds * 1000) };
  }

  /** The one upsert that counts a hit (starting a new window when the last has ended), below `max` if given. */
  private async upsertHit(key: string, windowSeconds: number, max?: number) {
    const [row] = await (max === undefined
      ? hitQuery(this.db).execute({ key, windowSeconds })
      : hitBelowQuery(this.db).execute({ key, windowSeconds, max }));
    return row;
  }

  /** The hits counted under `key` in its current window (0 when none), without counting one. */
  async count(key: string, windowSeconds = this.settings.windowSeconds): Promise<number> {
    const window = sql`make_interval(secs => ${windowSeconds})`;
    const [row] = await this.db
      .select({ hits: rateLimits.hits })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), sql`${rateLimits.windowStart} > now() - ${window}`));
    return row?.hits ?? 0;
  }

  /** Forgets the counters under these keys, in one statement. */
  async reset(...keys: string[]): Promise<void> {
    await this.db.delete(rateLimits).where(inArray(rateLimits.key, keys));
  }

  /** Gives back one hit: a try that turned out to succeed. */
  async release(key: string): Promise<void> {
    await releaseQuery(this.db).execute({ key });
  }

  /** Counts a request from an address; over the limit is a 429. */
  async limitAddress(action: string, ip: string): Promise<void> {
    const { hits, resetAt } = await this.hit(`${action}:addr:${ip}`);
    if (hits > this.settings.addressMax) throw tooMany(resetAt);
  }

  /**
   * Counts one try at an account before the try is judged, refusing past a limit: each count and its check
   * are one statement, so a burst of tries sent at once cannot slip past. A success gives the try back
   * (`succeeded`), so what is limited is the tries that failed. The counters (decision 002):
   * - per account and address, `accountMax` per window: one address guesses as slowly as ever, and its
   *   refusals touch nobody else;
   * - per account from all addresses, `accountHourlyMax` judged tries per hour, which bounds an attacker
   *   who rotates addresses. Addresses that have already failed at the account this hour meet a lower
   *   line, `accountHourlyMax` less `ACCOUNT_RESERVE_SHARE` of it: the rest is kept for addresses making
   *   their first `NEW_ADDRESS_TRIES` tries, so a stranger's addresses that ran the count up cannot close
   *   the door on the owner coming from anywhere else;
   * - a caller with a valid device token for the account is not counted account-wide, but per token,
   *   `accountMax` per window: a token that keeps failing stops counting as one.
   */
  async limitAccount(action: string, account: string, caller: Caller): Promise<AccountTry> {
    const { accountMax, accountHourlyMax } = this.settings;
    const pair = await this.hit(pairKey(action, account, caller.ip));
    if (pair.hits > accountMax) throw tooMany(pair.resetAt);
    const tried = await this.hit(hourlyPairKey(action, account, caller.ip), ACCOUNT_WINDOW_SECONDS);
    if (caller.device !== undefined) {
      const device = await this.hit(`${action}:device:${caller.device}`);
      if (device.hits <= accountMax) return { action, account, caller, accountWide: false };
    }
    const max =
      tried.hits <= NEW_ADDRESS_TRIES
        ? accountHourlyMax
        : accountHourlyMax - Math.floor(accountHourlyMax * ACCOUNT_RESERVE_SHARE);
    const wide = await this.hitBelow(`${action}:acct:${account}`, ACCOUNT_WINDOW_SECONDS, max);
    if (!wide.counted) throw tooMany(wide.resetAt);
    return { action, account, caller, accountWide: true };
  }

  /** A try that succeeded: its address and device start afresh, and it no longer counts for the account. */
  async succeeded(counted: AccountTry): Promise<void> {
    const { action, account, caller } = counted;
    await this.reset(
      pairKey(action, account, caller.ip),
      hourlyPairKey(action, account, caller.ip),
      ...(caller.device === undefined ? [] : [`${action}:device:${caller.device}`]),
    );
    if (counted.accountWide) await this.release(`${action}:acct:${account}`);
  }

  /** Forgets an account's failed tries of `action` from every address and this caller's. */
  async resetAccount(action: string, account: string, caller: Caller): Promise<void> {
    await this.reset(
      `${action}:acct:${account}`,
      pairKey(action, account, caller.ip),
      hourlyPairKey(action, account, caller.ip),
    );
  }
}

const pairKey = (action: string, account: string, ip: string) => `${action}:acct:${account}:addr:${ip}`;
/** An address's tries at an account in the account-wide hour: whether it is still a new address there. */
const hourlyPairKey = (action: string, account: string, ip: string) => `${pairKey(action, account, ip)}:hour`;

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
