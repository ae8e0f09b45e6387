import {
  ALREADY_VERIFIED_MESSAGE,
  CODE_RESEND_SECONDS,
  type Locale,
  type LoginResponse,
  MSG,
  type RegisterResponse,
  type ResendCodeResponse,
  ROLE,
  type VerifyCodeResponse,
} from '@skillwise/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { DUMMY_PASSWORD_HASH, hashPassword, newToken, sha256, verifyPassword } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { AppKeys } from '../../lib/keys';
import type { Mailer } from '../../lib/mail';
import { EMAIL_LOOKUP, type RateLimiter } from '../../lib/rate-limit';
import type { Actor } from '../../plugins/auth';
import { type Client, callerOf, issueDeviceToken } from './device-token';
import { deleteSession, deleteUserSessions, insertSession } from './session.repository';
import {
  consumeCode,
  deleteUser,
  findUserByEmail,
  insertUser,
  listOpenCodes,
  markCodeConfirmed,
  recordLogin,
  type UserRow,
  updateUser,
} from './users.repository';
import {
  CODE_RESEND_AFTER_MS,
  CODE_TTL_MS,
  codeInvalidOrExpired,
  VerificationCodes,
} from './verification-codes';

export type AccountDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Codes and device tokens are signed with their own keys (lib/keys.ts). */
  keys: Pick<AppKeys, 'codes' | 'deviceTokens'>;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
};

/** No account has this id: an unknown e-mail's code lookups read nothing, as an account without codes. */
const NO_ACCOUNT = 0;

export const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'An account with this e-mail address already exists. Please log in.', [
    { field: 'email', message: 'is already registered' },
  ]);

/**
 * Account rules before a session (SPEC §7 users/*, DESIGN security model): sign-up, its code, login and
 * logout, a forgotten password's reset. The signed-in account's own calls are profiles.service.ts.
 */
export class AccountService {
  private readonly codes: VerificationCodes;

  constructor(private readonly deps: AccountDeps) {
    this.codes = new VerificationCodes(deps);
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
      await this.codes.send(user, 'verify');
    } catch (error) {
      await undo(user);
      throw error;
    }
    return user;
  }

  async registerStudent(
    input: { email: string; password: string; fullName: string; language?: Locale | undefined },
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
          language: input.language ?? null,
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
    const counted = await limiter.limitAccount(
      'login',
      username,
      callerOf(keys.deviceTokens, client, username),
    );
    const user = await findUserByEmail(db, username);
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !passwordOk) {
      throw new AppError('INVALID_CREDENTIALS', MSG.loginFailed);
    }
    await limiter.succeeded(counted);
    // SPEC §4 sends an unverified login to the code screen, so logging in again is how a lost code is
    // mailed again.
    if (!user.verified) await this.codes.send(user, 'verify', client.ip);
    const token = newToken();
    await Promise.all([
      insertSession(db, user.id, sha256(token), new Date(Date.now() + config.sessionTtlHours * 3600_000)),
      recordLogin(db, user.id),
    ]);
    return {
      response: {
        token,
        user: {
          org_Id: user.orgId,
          user_id: user.id,
          verified: user.verified,
          role_id: user.roleId,
          // An addition, only when the person chose a language: the web app opens in it (decision 044).
          ...(user.language ? { language: user.language } : {}),
        },
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
    const { db, limiter, keys } = this.deps;
    await limiter.limitAddress('verify', client.ip);
    const counted = await limiter.limitAccount('verify', email, callerOf(keys.deviceTokens, client, email));
    const user = await findUserByEmail(db, email);
    if (!user) {
      return { verified: false, message: MSG.invalidCode, reason: 'invalid' };
    }
    const result = await this.codes.match(user.id, code, ['verify', 'reset'], client.ip);
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

  /**
   * The account a code is mailed to, looked up within the address's shared budget (decision 002); a 404
   * naming `email` when no account uses the address.
   */
  private async accountToMail(email: string, client: Client) {
    const { db, limiter } = this.deps;
    await limiter.limitAddress(EMAIL_LOOKUP, client.ip);
    const user = await findUserByEmail(db, email);
    if (!user) {
      throw new AppError('NOT_FOUND', MSG.codeSendFailedCheckEmail, [
        { field: 'email', message: 'no account uses this e-mail address' },
      ]);
    }
    return user;
  }

  /**
   * Mails the account's reset code. Nothing a stranger does for the account refuses this: the mails it
   * sends to one mailbox are bounded by `sendCode` (the live code again, a few times), and the lookup by
   * the address's shared budget.
   */
  async requestPasswordReset(email: string, client: Client): Promise<true> {
    const user = await this.accountToMail(email, client);
    await this.codes.send(user, 'reset', client.ip);
    return true;
  }

  /**
   * POST users/ResendVerificationCode: mails the sign-up code of an account not yet verified again, for
   * the code screen's Resend (SPEC §2.10). The code store's own bounds decide whether a mail goes out
   * (the live code again, at most once a minute and `CODE_MAILS_MAX` times per 15 minutes); the lookup
   * counts in the address's shared budget, as resetPasswordRequest's does (decision 002).
   */
  async resendVerificationCode(email: string, client: Client): Promise<ResendCodeResponse> {
    const user = await this.accountToMail(email, client);
    const { db } = this.deps;
    if (user.verified) {
      throw new AppError('CONFLICT', ALREADY_VERIFIED_MESSAGE, [
        { field: 'email', message: 'this e-mail address is already verified' },
      ]);
    }
    const sent = await this.codes.send(user, 'verify', client.ip);
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
    const caller = callerOf(keys.deviceTokens, client, email);
    const counted = await limiter.limitAccount('reset', email, caller);
    const user = await findUserByEmail(db, email);
    const result = await this.codes.match(user?.id ?? NO_ACCOUNT, code, ['reset'], client.ip);
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
}
