import {
  type Locale,
  MSG,
  type MyLanguageResponse,
  type MyPasswordCodeResponse,
  type MyProfile,
  PASSWORD_CHANGED_MESSAGE,
  type UserProfile,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '@skillwise/contracts';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { EMAIL_LOOKUP } from '../../lib/rate-limit';
import type { Actor } from '../../plugins/auth';
import { allows, canCheckEmail, requireAccess } from '../access/access';
import { type Client, callerOf } from './device-token';
import { deleteUserSessions } from './session.repository';
import {
  consumeCode,
  countEnrolledCourses,
  findUserByEmail,
  findUserById,
  type UserRow,
  updateUser,
} from './users.repository';
import type { AccountDeps } from './users.service';
import { codeInvalidOrExpired, VerificationCodes } from './verification-codes';

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

/**
 * Accounts as a signed-in caller reads and changes them (SPEC §7 users/*): another account's profile as
 * the access module allows, a school's change to a student it created, the caller's own profile and its
 * own password, proven with the current one or a mailed code.
 */
export class ProfileService {
  private readonly codes: VerificationCodes;

  constructor(private readonly deps: AccountDeps) {
    this.codes = new VerificationCodes(deps);
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
    return {
      ...toProfile(user, true),
      courses: counts.courses,
      completedCourses: counts.completed,
      language: user.language,
    };
  }

  /**
   * PUT users/SetMyLanguage: the signed-in person's language (docs/decisions/044), or null for none. The
   * web app opens in it on every browser they log in on.
   */
  async setMyLanguage(actor: Actor, language: Locale | null): Promise<MyLanguageResponse> {
    const user = await this.ownAccount(actor);
    if (user.language !== language) await updateUser(this.deps.db, user.id, { language });
    return { language };
  }

  /**
   * POST users/RequestMyPasswordCode: mails the signed-in account its reset code (the code store of
   * resetPasswordRequest and its bounds on mail), for a student who no longer knows its password. When
   * the live code was mailed moments ago, it says so instead of claiming a new mail.
   */
  async requestMyPasswordCode(actor: Actor, client: Client): Promise<MyPasswordCodeResponse> {
    const user = await this.ownAccount(actor);
    const sent = await this.codes.send(user, 'reset', client.ip);
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
    const { limiter, keys } = this.deps;
    const caller = callerOf(keys.deviceTokens, client, actor.email);
    if (proof.currentPassword === undefined && proof.VerificationCode !== undefined) {
      await limiter.limitAddress('reset', client.ip);
      const counted = await limiter.limitAccount('reset', actor.email, caller);
      const user = await this.ownAccount(actor);
      const result = await this.codes.match(user.id, proof.VerificationCode, ['reset'], client.ip);
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
    const { db, limiter, keys } = this.deps;
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
      await limiter.resetAccount('login', actor.email, callerOf(keys.deviceTokens, client, actor.email));
    }
  }
}
