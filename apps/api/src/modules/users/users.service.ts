import {
  type LoginResponse,
  MSG,
  type MyPasswordCodeResponse,
  type MyProfile,
  PASSWORD_CHANGED_MESSAGE,
  type RegisterResponse,
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
  randomCode,
  safeEqualHex,
  sha256,
  verifyPassword,
} from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, forbidden, notFound } from '../../lib/errors';
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
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  listOpenCodes,
  markCodeConfirmed,
  replaceCode,
  type UserRow,
  updateUser,
} from './users.repository';

/**
 * Codes live 15 minutes and die after 5 wrong tries from one address (DESIGN security model): tries from
 * elsewhere cannot kill the owner's code; the account-wide limit bounds them all (decision 002).
 */
export const CODE_TTL_MS = 15 * 60 * 1000;
export const CODE_MAX_FAILURES = 5;
/** A lost sign-up code is sent anew by logging in again, at most once a minute. */
export const CODE_RESEND_AFTER_MS = 60_000;

export type AccountDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  secret: string;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
};

/** The client of an account call: its address, and the device token its browser sent if any. */
export type Client = { ip: string; deviceToken?: string | undefined };

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
    return { ip: client.ip, device: deviceIdFor(this.deps.secret, account, client.deviceToken) };
  }

  private codeScope(userId: number, purpose: CodePurpose) {
    return `${userId}:${purpose}`;
  }

  /** Creates a fresh code (the only live one of its purpose) and e-mails it. */
  async issueCode(user: Pick<UserRow, 'id' | 'email' | 'fullName'>, purpose: CodePurpose): Promise<void> {
    const { db, secret, mailer, log } = this.deps;
    const code = randomCode();
    await replaceCode(db, {
      userId: user.id,
      purpose,
      codeHash: hashCode(secret, this.codeScope(user.id, purpose), code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
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
      throw new AppError('MAIL_FAILED', MSG.codeSendFailed);
    }
    if (mailer.kind === 'outbox') log.info({ to: user.email, purpose, code }, 'code written to the outbox');
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
      await this.issueCode(user, 'verify');
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
    const { db, limiter, config, secret } = this.deps;
    await limiter.limitAddress('login', client.ip);
    const counted = await limiter.limitAccount('login', username, this.caller(client, username));
    const user = await findUserByEmail(db, username);
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !passwordOk) {
      throw new AppError('INVALID_CREDENTIALS', MSG.loginFailed);
    }
    await limiter.succeeded(counted);
    if (!user.verified) await this.ensureLiveVerifyCode(user, client.ip);
    const token = newToken();
    await insertSession(db, user.id, sha256(token), new Date(Date.now() + config.sessionTtlHours * 3600_000));
    await updateUser(db, user.id, { lastLoginAt: new Date() });
    return {
      response: {
        token,
        user: { org_Id: user.orgId, user_id: user.id, verified: user.verified, role_id: user.roleId },
      },
      deviceToken: issueDeviceToken(secret, username),
    };
  }

  /**
   * SPEC §4 sends an unverified login to the code screen with a fresh code, so logging in again is how a
   * lost code is sent anew; a code mailed less than a minute ago (and still usable) is not sent twice.
   */
  private async ensureLiveVerifyCode(user: UserRow, ip: string) {
    const now = Date.now();
    const recent = (await listOpenCodes(this.deps.db, user.id)).filter(
      (c) =>
        c.purpose === 'verify' &&
        c.createdAt.getTime() > now - CODE_RESEND_AFTER_MS &&
        c.expiresAt.getTime() > now,
    );
    const tries = await this.triesAt(recent, ip);
    if (!recent.some((c) => (tries.get(c.id) ?? 0) < CODE_MAX_FAILURES)) await this.issueCode(user, 'verify');
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
    const result = await this.matchCode(user, code, ['verify', 'reset'], client.ip);
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

  private async matchCode(user: UserRow, code: string, purposes: CodePurpose[], ip: string) {
    const { db, secret, limiter } = this.deps;
    const now = Date.now();
    const open = (await listOpenCodes(db, user.id)).filter((c) => purposes.includes(c.purpose));
    const unexpired = open.filter((c) => c.expiresAt.getTime() > now);
    const tries = await this.triesAt(unexpired, ip);
    const live = unexpired.filter((c) => (tries.get(c.id) ?? 0) < CODE_MAX_FAILURES);
    const match = live.find((c) =>
      safeEqualHex(c.codeHash, hashCode(secret, this.codeScope(user.id, c.purpose), code)),
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
    return { ok: false as const, reason: 'invalid' as const, message: MSG.invalidCode as string };
  }

  /** Every reset e-mail counts, sent or not: the limit is on mail to one mailbox. */
  async requestPasswordReset(email: string, client: Client): Promise<true> {
    const { db, limiter } = this.deps;
    await limiter.limitAddress(EMAIL_LOOKUP, client.ip);
    await limiter.limitAccount('reset-mail', email, this.caller(client, email));
    const user = await findUserByEmail(db, email);
    if (!user) {
      throw new AppError('NOT_FOUND', MSG.codeSendFailedCheckEmail, [
        { field: 'email', message: 'no account uses this e-mail address' },
      ]);
    }
    await this.issueCode(user, 'reset');
    return true;
  }

  /** Sets a new password only with a live reset code for that e-mail; every session is then revoked. */
  async resetPassword(
    email: string,
    password: string,
    code: string,
    client: Client,
  ): Promise<{ message: string }> {
    const { db, limiter } = this.deps;
    await limiter.limitAddress('reset', client.ip);
    const caller = this.caller(client, email);
    const counted = await limiter.limitAccount('reset', email, caller);
    const invalid = () =>
      new AppError(
        'CODE_INVALID',
        'The verification code is invalid or has expired. Please request a new code.',
        [{ field: 'VerificationCode', message: 'is invalid or has expired' }],
      );
    const user = await findUserByEmail(db, email);
    if (!user) {
      throw invalid();
    }
    const result = await this.matchCode(user, code, ['reset'], client.ip);
    if (!result.ok) {
      throw new AppError('CODE_INVALID', result.message, [
        { field: 'VerificationCode', message: result.message },
      ]);
    }
    const passwordHash = await hashPassword(password);
    if (!(await consumeCode(db, result.code.id))) throw invalid();
    // The owner proved the mailbox and chose their own password: a school that created the account no
    // longer manages its name and password (DESIGN: only accounts it created, and only until then).
    await updateUser(db, user.id, { passwordHash, verified: true, isActive: true, createdByOrgId: null });
    await deleteUserSessions(db, user.id);
    await limiter.succeeded(counted);
    // The mailbox's owner chose this password: wrong ones tried before no longer count.
    await limiter.resetAccount('login', email, caller);
    return { message: 'Your password has been changed. You can now log in.' };
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
   * POST users/RequestMyPasswordCode: mails the signed-in account a reset code (the code store and the
   * per-account mail limits of resetPasswordRequest), for a student who no longer knows its password.
   */
  async requestMyPasswordCode(actor: Actor, client: Client): Promise<MyPasswordCodeResponse> {
    await this.deps.limiter.limitAccount('reset-mail', actor.email, this.caller(client, actor.email));
    const user = await this.ownAccount(actor);
    await this.issueCode(user, 'reset');
    return {
      message: `We sent a 6-digit code to ${user.email}. It expires in 15 minutes.`,
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
      const result = await this.matchCode(user, proof.VerificationCode, ['reset'], client.ip);
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
    if (proof.codeId !== undefined && !(await consumeCode(db, proof.codeId))) {
      throw new AppError(
        'CODE_INVALID',
        'The verification code is invalid or has expired. Please request a new code.',
        [{ field: 'VerificationCode', message: 'is invalid or has expired' }],
      );
    }
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
