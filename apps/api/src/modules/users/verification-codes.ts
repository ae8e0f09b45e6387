import type { KeyObject } from 'node:crypto';
import { CODE_RESEND_SECONDS, MSG } from '@skillwise/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { hashCode, safeEqualHex } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { recipientLocale, t } from '../../lib/i18n';
import type { AppKeys } from '../../lib/keys';
import type { Mailer } from '../../lib/mail';
import type { RateLimiter } from '../../lib/rate-limit';
import {
  type CodePurpose,
  deleteCode,
  listOpenCodes,
  liveCodeOrNew,
  renewCode,
  type UserRow,
} from './users.repository';

/**
 * Codes live 15 minutes and die after 5 wrong tries from one address (DESIGN security model): tries from
 * elsewhere cannot kill the owner's code; the account-wide limit bounds them all (decision 002).
 */
export const CODE_TTL_MS = 15 * 60 * 1000;
export const CODE_MAX_FAILURES = 5;
/** A live code is mailed again at most once a minute, and at most this many mails per 15 minutes. */
export const CODE_RESEND_AFTER_MS = CODE_RESEND_SECONDS * 1000;
export const CODE_MAILS_MAX = 5;

/**
 * The 6 digits of a code, worked out from its account, purpose and creation time with the code key: any
 * mail of one live code carries the same digits, so it can be mailed again without being kept readable.
 */
const codeOf = (key: KeyObject, scope: string, createdAt: Date): string =>
  String(
    Number.parseInt(hashCode(key, `${scope}:issued`, String(createdAt.getTime())).slice(0, 12), 16) %
      1_000_000,
  ).padStart(6, '0');

/** A reset code that is not there: unknown e-mail, no code, an expired or a used one all answer this. */
export const codeInvalidOrExpired = () =>
  new AppError(
    'CODE_INVALID',
    'The verification code is invalid or has expired. Please request a new code.',
    [{ field: 'VerificationCode', message: 'is invalid or has expired' }],
  );

/**
 * The codes mailed to an account (decision 002): one live code per account and purpose, made or mailed
 * again on request within bounds, and checked with a limited number of tries from each address.
 */
export class VerificationCodes {
  constructor(
    private readonly deps: {
      db: Db;
      mailer: Mailer;
      keys: Pick<AppKeys, 'codes'>;
      limiter: RateLimiter;
      log: FastifyBaseLogger;
    },
  ) {}

  /**
   * Mails the account's one live code of this purpose, made now if none is live (decision 002). Whoever
   * asks, a code is never replaced while it lives, so a request from a stranger cannot void the one the
   * owner is typing: it is mailed again instead (and lives 15 minutes from then), at most once a minute
   * and `CODE_MAILS_MAX` times per 15 minutes. Past that the mailbox already holds it and nothing is sent;
   * a new code is always mailed. Answers whether a mail went out. A resend from an address gives that
   * address its tries at the code afresh, as a new code would.
   */
  async send(
    user: Pick<UserRow, 'id' | 'email' | 'fullName'> & Partial<Pick<UserRow, 'language'>>,
    purpose: CodePurpose,
    ip?: string,
  ): Promise<boolean> {
    const { db, keys, mailer, log, limiter } = this.deps;
    const scope = this.scope(user.id, purpose);
    const now = Date.now();
    const { code: row, created } = await liveCodeOrNew(db, user.id, purpose, (createdAt) => ({
      codeHash: hashCode(keys.codes, scope, codeOf(keys.codes, scope, createdAt)),
      expiresAt: new Date(createdAt.getTime() + CODE_TTL_MS),
    }));
    const mails = this.codeMails(user.id, purpose);
    if (created) {
      await limiter.hit(mails.key, mails.windowSeconds);
    } else {
      const lastMailed = row.expiresAt.getTime() - CODE_TTL_MS;
      if (lastMailed > now - CODE_RESEND_AFTER_MS) return false;
      if (!(await limiter.hitBelow(mails.key, mails.windowSeconds, CODE_MAILS_MAX)).counted) return false;
    }
    const code = codeOf(keys.codes, scope, row.createdAt);
    // In the person's language (docs/decisions/047); the platform's own mail, so no school's to fall back on.
    const language = recipientLocale(user.language);
    const subject = t(language, purpose === 'verify' ? 'code.subject.verify' : 'code.subject.reset');
    const text = [
      t(language, 'mail.hello', { name: user.fullName }),
      '',
      t(language, purpose === 'verify' ? 'code.text.verify' : 'code.text.reset', { code }),
      '',
      t(language, 'code.expires'),
      '',
      'Skillwise',
    ].join('\n');
    try {
      await mailer.send({ to: user.email, subject, text, language });
    } catch (error) {
      log.error({ err: error, to: user.email }, 'could not send the code');
      // A new code nobody received must not hold back the next request's mail for a minute.
      if (created) await deleteCode(db, row.id);
      throw new AppError('MAIL_FAILED', MSG.codeSendFailed);
    }
    if (!created) {
      await renewCode(db, row.id, new Date(now + CODE_TTL_MS));
      if (ip !== undefined) await limiter.reset(this.codeTries(row.id, ip).key);
    }
    if (mailer.kind === 'outbox') log.info({ to: user.email, purpose, code }, 'code written to the outbox');
    return true;
  }

  /**
   * The account's open code of one of `purposes` that `code` is, counting a wrong try against each live
   * one for this address; or why none matched (`exhausted`, `expired`, `invalid`).
   */
  async match(userId: number, code: string, purposes: CodePurpose[], ip: string) {
    const { db, keys, limiter } = this.deps;
    const now = Date.now();
    const open = (await listOpenCodes(db, userId)).filter((c) => purposes.includes(c.purpose));
    const unexpired = open.filter((c) => c.expiresAt.getTime() > now);
    const tries = await this.triesAt(unexpired, ip);
    const live = unexpired.filter((c) => (tries.get(c.id) ?? 0) < CODE_MAX_FAILURES);
    const match = live.find((c) =>
      safeEqualHex(c.codeHash, hashCode(keys.codes, this.scope(userId, c.purpose), code)),
    );
    if (match) return { ok: true as const, code: match };
    for (const c of live) {
      const { key, windowSeconds } = this.codeTries(c.id, ip);
      await limiter.hit(key, windowSeconds);
    }
    if (live.length === 0 && unexpired.length > 0) {
      return {
        ok: false as const,
        reason: 'exhausted' as const,
        message: 'Too many wrong tries: this code no longer works. Please request a new code.',
      };
    }
    if (live.length === 0 && open.length > 0) {
      return {
        ok: false as const,
        reason: 'expired' as const,
        message: 'This code has expired. Please request a new code.',
      };
    }
    return {
      ok: false as const,
      reason: 'invalid' as const,
      message: MSG.invalidCode as string,
      hadLiveCode: live.length > 0,
    };
  }

  private scope(userId: number, purpose: CodePurpose) {
    return `${userId}:${purpose}`;
  }

  /** The code mails sent to one account for one purpose, counted per code lifetime. */
  private codeMails(userId: number, purpose: CodePurpose) {
    return { key: `code-mail:${purpose}:${userId}`, windowSeconds: CODE_TTL_MS / 1000 };
  }

  /** Wrong tries at one code from one address, counted for the code's lifetime. */
  private codeTries(codeId: number, ip: string) {
    return { key: `code:${codeId}:addr:${ip}`, windowSeconds: CODE_TTL_MS / 1000 };
  }

  /** How many wrong tries this address has made at each of `codes`. */
  private async triesAt(codes: Array<{ id: number }>, ip: string): Promise<Map<number, number>> {
    const counts = await Promise.all(
      codes.map(async (c) => {
        const { key, windowSeconds } = this.codeTries(c.id, ip);
        return [c.id, await this.deps.limiter.count(key, windowSeconds)] as const;
      }),
    );
    return new Map(counts);
  }
}
