import type { KeyObject } from 'node:crypto';
import {
  ALREADY_VERIFIED_MESSAGE,
  CODE_RESEND_SECONDS,
  type LoginResponse,
  MSG,
  type MyPasswordCodeResponse,
  type MyProfile,
  PASSWORD_CHANGED_MESSAGE,
  type RegisterResponse,
  type ResendCodeResponse,
  ROLE,
  type UserProfile,
  type VerifyCodeResponse,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '@skillwise/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  DUMMY_PASSWORD_HASH,
  hashCode,
  hashPassword,
  newToken,
  safeEqualHex,
  sha256,
  verifyPassword,
} from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { AppKeys } from '../../lib/keys';
import type { Mailer } from '../../lib/mail';
import { type Caller, EMAIL_LOOKUP, type RateLimiter } from '../../lib/rate-limit';
import type { Actor } from '../../plugins/auth';
import { allows, canCheckEmail, requireAccess } from '../access/access';
import { deviceIdFor, issueDeviceToken } from './device-token';
import { deleteSession, deleteUserSessions, insertSession } from './session.repository';
import {
  type CodePurpose,
  consumeCode,
  countEnrolledCourses,
  deleteCode,
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  listOpenCodes,
  liveCodeOrNew,
  markCodeConfirmed,
  renewCode,
  type UserRow,
  updateUser,
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

export type AccountDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Codes and device tokens are signed with their own keys (lib/keys.ts). */
  keys: Pick<AppKeys, 'codes' | 'deviceTokens'>;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
};

/**
 * The 6 digits of a code, worked out from its account, purpose and creation time with the code key: any
 * mail of one live code carries the same digits, so it can be mailed again without being kept readable.
 */
const codeOf = (key: KeyObject, scope: string, createdAt: Date): string =>
  String(
    Number.parseInt(hashCode(key, `${scope}:issued`, String(createdAt.getTime())).slice(0, 12), 16) %
      1_000_000,
  ).padStart(6, '0');

/** The client of an account call: its address, and the device token its browser sent if any. */
export type Client = { ip: string; deviceToken?: string | undefined };

/** No account has this id: an unknown e-mail's code lookups read nothing, as an account without codes. */
const NO_ACCOUNT = 0;

/** A reset code that is not there: unknown e-mail, no code, an expired or a used one all answer this. */
const codeInvalidOrExpired = () =>
  new AppError(
    'CODE_INVALID',
    'The verification code is invalid or has expired. Please request a new code.',
    [{ field: 'VerificationCode', message: 'is invalid or has expired' }],
  );

export const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'An account with this e-mail address already exists. Please log in.', [
    { field: 'email', message: 'is already registered' },
  ]);

export function toProfile(user: UserRow, canEdit: boolean): UserProfile {
  return {
    user_id: user.id,
    email: user.email,
    fullName: user.fullName,
    role_id: user.roleId,
    org_Id: user.orgId,
    verified: user.verified,
    is_active: user.isActive,
    created_date: user.createdAt.toISOString(),
    can_edit: canEdit,
  };
}

/** Account rules: sign-up, codes, login, reset, profile (SPEC §7 users/*, DESIGN security model). */
export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  /** The caller as the rate limits see it: a device token counts only if signed for this account. */
  private caller(client: Client, account: string): Caller {
    return { ip: client.ip, device: deviceIdFor(this.deps.keys.deviceTokens, account, client.deviceToken) };
  }

  private codeScope(userId: number, purpose: CodePurpose) {
    return `${userId}:${purpose}`;
  }

  /**
   * Mails the account's one live code of this purpose, made now if none is live (decision 002). Whoever
   * asks, a code is never replaced while it lives, so a request from a stranger cannot void the one the
   * owner is typing: it is mailed again instead (and lives 15 minutes from then), at most once a minute
   * and `CODE_MAILS_MAX` times per 15 minutes. Past that the mailbox already holds it and nothing is sent;
   * a new code is always mailed. Answers whether a mail went out. A resend from an address gives that
   * address its tries at the code afresh, as a new code would.
   */
  async sendCode(
    user: Pick<UserRow, 'id' | 'email' | 'fullName'>,
    purpose: CodePurpose,
    ip?: string,
  ): Promise<boolean> {
    const { db, keys, mailer, log, limiter } = this.deps;
    const scope = this.codeScope(user.id, purpose);
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
    const subject =
      purpose === 'verify' ? 'Your Skillwise verification code' : 'Your Skillwise password reset code';
    const action = purpose === 'verify' ? 'verify your e-mail address' : 'choose a new password';
    const text = [
      `Hello ${user.fullName},`,
      '',
      `Your code to ${action} is: ${code}`,
      '',
      'It expires in 15 minutes. If you did not ask for it, you can ignore this message.',
      '',
      'Skillwise',
    ].join('\n');
    try {
      await mailer.send({ to: user.email, subject, text });
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

  /** The code mails sent to one account for one purpose, counted per code lifetime. */
  private codeMails(userId: number, purpose: CodePurpose) {
    return { key: `code-mail:${purpose}:${userId}`, windowSeconds: CODE_TTL_MS / 1000 };
  }

  /** Creates an account and mails its code; if the mail fails the account is removed so sign-up can be retried. */
  async createAccountWithCode(create: (db: Db) => Promise<UserRow>, undo: (user: UserRow) => Promise<void>) {
    let user: UserRow;
    try {
      user = await create(this.deps.db);
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    try {
      await this.sendCode(user, 'verify');
    } catch (error) {
      await undo(user);
      throw error;
    }
    return user;
  }

  async registerStudent(
    input: { email: string; password: string; fullName: string },
    ip: string,
  ): Promise<RegisterResponse> {
    const { db, limiter } = this.deps;
    await limiter.limitAddress(EMAIL_LOOKUP, ip);
    if (await findUserByEmail(db, input.email)) throw emailTaken();
    const passwordHash = await hashPassword(input.password);
    const user = await this.createAccountWithCode(
      (tx) =>
        insertUser(tx, {
          email: input.email,
          passwordHash,
          fullName: input.fullName,
          roleId: ROLE.STUDENT,
          isActive: false,
          verified: false,
        }),
      (created) => deleteUser(db, created.id),
    );
    return { message: MSG.registrationSuccess, user_id: user.id, org_Id: null };
  }

  /** Answers the session and a fresh device token for this browser (decision 002). */
  async login(
    username: string,
    password: string,
    client: Client,
  ): Promise<{ response: LoginResponse; deviceToken: string }> {
    const { db, limiter, config, keys } = this.deps;
    await limiter.limitAddress('login', client.ip);
    const counted = await limiter.limitAccount('login', username, this.caller(client, username));
    const user = await findUserByEmail(db, username);
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !passwordOk) {
      throw new AppError('INVALID_CREDENTIALS', MSG.loginFailed);
    }
    await limiter.succeeded(counted);
    // SPEC §4 sends an unverified login to the code screen, so logging in again is how a lost code is
    // mailed again.
    if (!user.verified) await this.sendCode(user, 'verify', client.ip);
    const token = newToken();
    await insertSession(db, user.id, sha256(token), new Date(Date.now() + config.sessionTtlHours * 3600_000));
    await updateUser(db, user.id, { lastLoginAt: new Date() });
    return {
      response: {
        token,
        user: { org_Id: user.orgId, user_id: user.id, verified: user.verified, role_id: user.roleId },
      },
      deviceToken: issueDeviceToken(keys.deviceTokens, username),
    };
  }

  async logout(actor: Actor): Promise<{ message: string }> {
    await deleteSession(this.deps.db, actor.sessionId);
    return { message: MSG.logout };
  }

  /**
   * Checks a code sent by e-mail. A verify code marks the account verified; a reset code is confirmed
   * and stays usable by resetpassword. A wrong code counts against every open code of the account.
   */
  async verifyCode(email: string, code: string, client: Client): Promise<VerifyCodeResponse> {
    const { db, limiter } = this.deps;
    await limiter.limitAddress('verify', client.ip);
    const counted = await limiter.limitAccount('verify', email, this.caller(client, email));
    const user = await findUserByEmail(db, email);
    if (!user) {
      return { verified: false, message: MSG.invalidCode, reason: 'invalid' };
    }
    const result = await this.matchCode(user.id, code, ['verify', 'reset'], client.ip);
    if (!result.ok) {
      return { verified: false, message: result.message, reason: result.reason };
    }
    if (result.code.purpose === 'verify') {
      if (!(await consumeCode(db, result.code.id))) {
        return { verified: false, message: MSG.invalidCode, reason: 'invalid' };
      }
      await updateUser(db, user.id, { verified: true, isActive: true });
      await limiter.succeeded(counted);
      return { verified: true, message: 'Your e-mail address is verified. You can now log in.' };
    }
    await markCodeConfirmed(db, result.code.id);
    // The code reached the mailbox, so the address is proven as well.
    if (!user.verified) await updateUser(db, user.id, { verified: true, isActive: true });
    await limiter.succeeded(counted);
    return { verified: true, message: 'Code accepted. Please choose a new password.' };
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

  private async matchCode(userId: number, code: string, purposes: CodePurpose[], ip: string) {
    const { db, keys, limiter } = this.deps;
    const now = Date.now();
    const open = (await listOpenCodes(db, userId)).filter((c) => purposes.includes(c.purpose));
    const unexpired = open.filter((c) => c.expiresAt.getTime() > now);
    const tries = await this.triesAt(unexpired, ip);
    const live = unexpired.filter((c) => (tries.get(c.id) ?? 0) < CODE_MAX_FAILURES);
    const match = live.find((c) =>
      safeEqualHex(c.codeHash, hashCode(keys.codes, this.codeScope(userId, c.purpose), code)),
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

  /**
   * Mails the account's reset code. Nothing a stranger does for the account refuses this: the mails it
   * sends to one mailbox are bounded by `sendCode` (the live code again, a few times), and the lookup by
   * the address's shared budget.
   */
  async requestPasswordReset(email: string, client: Client): Promise<true> {
    const { db, limiter } = this.deps;
    await limiter.limitAddress(EMAIL_LOOKUP, client.ip);
    const user = await findUserByEmail(db, email);
    if (!user) {
      throw new AppError('NOT_FOUND', MSG.codeSendFailedCheckEmail, [
        { field: 'email', message: 'no account uses this e-mail address' },
      ]);
    }
    await this.sendCode(user, 'reset', client.ip);
    return true;
  }

  /**
   * POST users/ResendVerificationCode: mails the sign-up code of an account not yet verified again, for
   * the code screen's Resend (SPEC §2.10). The code store's own bounds decide whether a mail goes out
   * (the live code again, at most once a minute and `CODE_MAILS_MAX` times per 15 minutes); the lookup
   * counts in the address's shared budget, as resetPasswordRequest's does (decision 002).
   */
  async resendVerificationCode(email: string, client: Client): Promise<ResendCodeResponse> {
    const { db, limiter } = this.deps;
    await limiter.limitAddress(EMAIL_LOOKUP, client.ip);
    const user = await findUserByEmail(db, email);
    if (!user) {
      throw new AppError('NOT_FOUND', MSG.codeSendFailedCheckEmail, [
        { field: 'email', message: 'no account uses this e-mail address' },
      ]);
    }
    if (user.verified) {
      throw new AppError('CONFLICT', ALREADY_VERIFIED_MESSAGE, [
        { field: 'email', message: 'this e-mail address is already verified' },
      ]);
    }
    const sent = await this.sendCode(user, 'verify', client.ip);
    const now = Date.now();
    const live = (await listOpenCodes(db, user.id)).find(
      (code) => code.purpose === 'verify' && code.expiresAt.getTime() > now,
    );
    const lastMailed = live ? live.expiresAt.getTime() - CODE_TTL_MS : now;
    const untilNextMinute = Math.ceil((lastMailed + CODE_RESEND_AFTER_MS - now) / 1000);
    // Not sent and the minute over: the 15 minutes' mails are spent; wait another minute at least.
    const resendAfterSeconds = Math.max(
      0,
      sent || untilNextMinute > 0 ? untilNextMinute : CODE_RESEND_SECONDS,
    );
    return {
      message: sent
        ? `We sent your code again to ${user.email}. It is the same 6-digit code, and it expires in 15 minutes.`
        : untilNextMinute > 0
          ? `We sent your code to ${user.email} less than a minute ago: please use the one in that e-mail.`
          : `We have sent your code to ${user.email} several times in the last 15 minutes: please use the one in those e-mails.`,
      email: user.email,
      sent,
      resendAfterSeconds: Math.min(resendAfterSeconds, CODE_RESEND_SECONDS),
    };
  }

  /**
   * Sets a new password only with a live reset code for that e-mail; every session is then revoked. The
   * browser that proved the mailbox gets a device token, so its next login is not held by the account-wide
   * limit strangers may have run up (decision 002). It tells whether an e-mail has an account as little
   * as the calls sharing the lookup budget, and counts there: an unknown e-mail reads the codes of no
   * account, the same queries an account without a live code runs, and both answer the same.
   */
  async resetPassword(
    email: string,
    password: string,
    code: string,
    client: Client,
  ): Promise<{ response: { message: string }; deviceToken: string }> {
    const { db, limiter, keys } = this.deps;
    await limiter.limitAddress(EMAIL_LOOKUP, client.ip);
    const caller = this.caller(client, email);
    const counted = await limiter.limitAccount('reset', email, caller);
    const user = await findUserByEmail(db, email);
    const result = await this.matchCode(user?.id ?? NO_ACCOUNT, code, ['reset'], client.ip);
    if (!user) throw codeInvalidOrExpired();
    if (!result.ok) {
      // Only a live code's own answers (a wrong try, or five of them) differ from an unknown e-mail.
      const noLiveCode = result.reason === 'expired' || (result.reason === 'invalid' && !result.hadLiveCode);
      if (noLiveCode) throw codeInvalidOrExpired();
      throw new AppError('CODE_INVALID', result.message, [
        { field: 'VerificationCode', message: result.message },
      ]);
    }
    const passwordHash = await hashPassword(password);
    if (!(await consumeCode(db, result.code.id))) throw codeInvalidOrExpired();
    // The owner proved the mailbox and chose their own password: a school that created the account no
    // longer manages its name and password (DESIGN: only accounts it created, and only until then).
    await updateUser(db, user.id, { passwordHash, verified: true, isActive: true, createdByOrgId: null });
    await deleteUserSessions(db, user.id);
    await limiter.succeeded(counted);
    // The mailbox's owner chose this password: wrong ones tried before no longer count.
    await limiter.resetAccount('login', email, caller);
    return {
      response: { message: 'Your password has been changed. You can now log in.' },
      deviceToken: issueDeviceToken(keys.deviceTokens, email),
    };
  }

  async checkUserExists(actor: Actor, email: string, ip: string): Promise<boolean> {
    await this.deps.limiter.limitAddress(EMAIL_LOOKUP, ip);
    if (!canCheckEmail(actor, email)) throw forbidden('You can only look up your own e-mail address.');
    return (await findUserByEmail(this.deps.db, email)) !== undefined;
  }

  async getUserByEmail(actor: Actor, email: string): Promise<UserProfile> {
    const found = await findUserByEmail(this.deps.db, email);
    if (!found) throw notFound('User');
    const user = await requireAccess(this.deps.db, actor, 'user.read', found.id);
    return toProfile(user, allows(actor, 'user.update', user));
  }

  /**
   * PUT users/changeUserProfile: a name, a password or both. A school changes a student account it
   * created without proof (the spec's call, SPEC §2.14); a new password for the caller's own account
   * needs the proof ChangeMyPassword takes, counted the same way, so a stolen session cannot take the
   * account by changing its password. The name alone needs none.
   */
  async changeProfile(
    actor: Actor,
    input: {
      email: string;
      fullName?: string | undefined;
      password?: string | null | undefined;
      currentPassword?: string | undefined;
      VerificationCode?: string | undefined;
    },
    client: Client,
  ): Promise<{ message: string }> {
    const { db } = this.deps;
    const found = await findUserByEmail(db, input.email);
    if (!found) throw notFound('User');
    const user = await requireAccess(db, actor, 'user.update', found.id);
    if (input.password && user.id === actor.userId) {
      if (input.currentPassword === undefined && input.VerificationCode === undefined) {
        throw new AppError(
          'VALIDATION',
          'To change your own password, please give your current password or a code mailed to you.',
          [{ field: 'currentPassword', message: 'is required to change your own password' }],
        );
      }
      const proof = await this.proveOwnAccount(actor, input, client);
      await this.setOwnPassword(actor, input.password, proof, client, input.fullName);
      return { message: MSG.profileUpdated };
    }
    const changes: { fullName?: string; passwordHash?: string } = {};
    if (input.fullName !== undefined) changes.fullName = input.fullName;
    if (input.password) changes.passwordHash = await hashPassword(input.password);
    if (Object.keys(changes).length > 0) await updateUser(db, user.id, changes);
    if (changes.passwordHash) await deleteUserSessions(db, user.id);
    return { message: MSG.profileUpdated };
  }

  /** The signed-in account itself: the token decides whose, never a field of the request. */
  private async ownAccount(actor: Actor): Promise<UserRow> {
    const user = await findUserById(this.deps.db, actor.userId);
    // The session was live a moment ago; an account deleted since is as good as signed out.
    if (!user)
      throw new AppError('UNAUTHENTICATED', 'Your session has expired or is invalid. Please log in again.');
    return user;
  }

  /** GET users/GetMyProfile: the caller's own account, its enrolled courses and those it completed. */
  async getMyProfile(actor: Actor): Promise<MyProfile> {
    const user = await this.ownAccount(actor);
    const counts = await countEnrolledCourses(this.deps.db, user.id);
    return { ...toProfile(user, true), courses: counts.courses, completedCourses: counts.completed };
  }

  /**
   * POST users/RequestMyPasswordCode: mails the signed-in account its reset code (the code store of
   * resetPasswordRequest and its bounds on mail), for a student who no longer knows its password. When
   * the live code was mailed moments ago, it says so instead of claiming a new mail.
   */
  async requestMyPasswordCode(actor: Actor, client: Client): Promise<MyPasswordCodeResponse> {
    const user = await this.ownAccount(actor);
    const sent = await this.sendCode(user, 'reset', client.ip);
    return {
      message: sent
        ? `We sent a 6-digit code to ${user.email}. It expires in 15 minutes.`
        : `We sent a 6-digit code to ${user.email} a moment ago: please use the one in that e-mail.`,
      email: user.email,
    };
  }

  /**
   * PUT users/ChangeMyPassword: a new password for the signed-in account, proven with its current
   * password or with a mailed reset code (`proveOwnAccount`). Every other session of the account ends;
   * this one stays.
   */
  async changeMyPassword(
    actor: Actor,
    input: {
      currentPassword?: string | undefined;
      VerificationCode?: string | undefined;
      newPassword: string;
    },
    client: Client,
  ): Promise<{ message: string }> {
    const proof = await this.proveOwnAccount(actor, input, client);
    await this.setOwnPassword(actor, input.newPassword, proof, client);
    return { message: PASSWORD_CHANGED_MESSAGE };
  }

  /**
   * Proves the signed-in caller knows its password, counted against the login limits (so no call can be
   * used to guess it); a wrong one is a 400 on `field` saying `message`.
   */
  async provePassword(actor: Actor, password: string, client: Client, field: string, message: string) {
    try {
      await this.proveOwnAccount(actor, { currentPassword: password }, client);
    } catch (error) {
      if (error instanceof AppError && error.code === 'WRONG_PASSWORD') {
        throw new AppError('WRONG_PASSWORD', message, [{ field, message }]);
      }
      throw error;
    }
  }

  /**
   * Proves the signed-in caller knows its account: the current password (counted against the login
   * limits, so the call cannot be used to guess it) or, when no password is given, a mailed reset code
   * (counted as resetpassword counts). Answers the code to consume, if a code was the proof.
   */
  private async proveOwnAccount(
    actor: Actor,
    proof: { currentPassword?: string | undefined; VerificationCode?: string | undefined },
    client: Client,
  ): Promise<{ codeId?: number }> {
    const { limiter } = this.deps;
    const caller = this.caller(client, actor.email);
    if (proof.currentPassword === undefined && proof.VerificationCode !== undefined) {
      await limiter.limitAddress('reset', client.ip);
      const counted = await limiter.limitAccount('reset', actor.email, caller);
      const user = await this.ownAccount(actor);
      const result = await this.matchCode(user.id, proof.VerificationCode, ['reset'], client.ip);
      if (!result.ok) {
        throw new AppError('CODE_INVALID', result.message, [
          { field: 'VerificationCode', message: result.message },
        ]);
      }
      await limiter.succeeded(counted);
      return { codeId: result.code.id };
    }
    await limiter.limitAddress('login', client.ip);
    const counted = await limiter.limitAccount('login', actor.email, caller);
    const user = await this.ownAccount(actor);
    if (!(await verifyPassword(proof.currentPassword ?? '', user.passwordHash))) {
      throw new AppError('WRONG_PASSWORD', WRONG_CURRENT_PASSWORD_MESSAGE, [
        { field: 'currentPassword', message: 'is not your current password' },
      ]);
    }
    await limiter.succeeded(counted);
    return {};
  }

  /**
   * Sets the proven caller's own password (and name, if given). Every other session ends; this one
   * stays. The owner chose this password, so a school that created the account no longer manages it
   * (as after a reset).
   */
  private async setOwnPassword(
    actor: Actor,
    newPassword: string,
    proof: { codeId?: number },
    client: Client,
    fullName?: string,
  ): Promise<void> {
    const { db, limiter } = this.deps;
    const passwordHash = await hashPassword(newPassword);
    if (proof.codeId !== undefined && !(await consumeCode(db, proof.codeId))) throw codeInvalidOrExpired();
    await updateUser(db, actor.userId, {
      passwordHash,
      createdByOrgId: null,
      ...(fullName === undefined ? {} : { fullName }),
    });
    await deleteUserSessions(db, actor.userId, actor.sessionId);
    // A mailed code proves the mailbox, as a reset does: wrong logins tried before no longer count.
    if (proof.codeId !== undefined) {
      await limiter.resetAccount('login', actor.email, this.caller(client, actor.email));
    }
  }
}
