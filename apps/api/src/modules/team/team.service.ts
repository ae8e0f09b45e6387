import {
  ACCEPT_INVITE_PATH,
  type AuditEvent,
  type Invitation,
  type MyTeamRole,
  type Paged,
  ROLE,
  TEAM_INVITE_DAYS,
  TEAM_MSG,
  type Team,
  type TeamInvite,
  type TeamRole,
} from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findOrganisation } from '../../db/queries/organisations';
import { outgoingMail, users } from '../../db/schema';
import { newToken, sha256 } from '../../lib/crypto';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { recipientLocale, t } from '../../lib/i18n';
import { type ListQuery, mapPage } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import {
  mayChangeOwners,
  mayManageTeam,
  publisherOrgOf,
  schoolOwnerOrgOf,
  schoolStaffOrgOf,
} from '../access/access';
import { lockOrganisation, teamSeats } from '../organisations/plan-limits';
import type { Client } from '../users/device-token';
import type { ProfileService } from '../users/profiles.service';
import { recordAudit } from './audit';
import {
  countOwners,
  countSeatsUsed,
  findInviteByHash,
  findMember,
  findOrgCourses,
  findPendingInviteForEmail,
  insertInvite,
  isPending,
  joinTeam,
  leaveTeam,
  listAuditEvents,
  listMembers,
  listPendingInvites,
  markInviteAccepted,
  revokeInvite,
  setInstructorCourses,
  setTeamRole,
} from './team.repository';

type Deps = { db: Db; publicUrl: string; profiles: ProfileService };

const DAY_MS = 86_400_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const invalidInvite = () => new AppError('NOT_FOUND', TEAM_MSG.inviteInvalid);
const lastOwner = () => new AppError('CONFLICT', TEAM_MSG.lastOwner);

/**
 * A school's team (docs/decisions/039): members with roles, invitations by e-mail, the last owner kept,
 * ownership handed over with the password, instructors' courses, and the audit log of what the team did.
 * Each change that counts (seats, owners) runs under the organisation's row lock, so two at once take turns.
 */
export class TeamService {
  constructor(private readonly deps: Deps) {}

  /** GET team/GetMyRole: the caller's school and role on its team. */
  async myRole(actor: Actor): Promise<MyTeamRole> {
    const orgId = publisherOrgOf(actor);
    const org = await findOrganisation(this.deps.db, orgId);
    if (!org || actor.team === null) throw notFound('Organisation');
    return { org_Id: orgId, org_name: org.name, role: actor.team };
  }

  /** GET team/GetTeam: members, pending invitations and seats. */
  async team(actor: Actor): Promise<Team> {
    const { db } = this.deps;
    const orgId = this.staffOrg(actor);
    const [members, invites, used, seats] = await Promise.all([
      listMembers(db, orgId),
      listPendingInvites(db, orgId),
      countSeatsUsed(db, orgId),
      teamSeats(db, orgId),
    ]);
    return {
      members: members.map((m) => ({
        user_Id: m.userId,
        full_name: m.fullName,
        email: m.email,
        role: m.role,
        last_login_at: iso(m.lastLoginAt),
        course_Ids: m.role === 'instructor' ? m.courseIds.map(Number) : [],
      })),
      invites: invites.map((i) => this.inviteOut(i)),
      seats: { ...seats, used },
    };
  }

  /**
   * POST team/InviteMember: a single-use link mailed to the address, valid TEAM_INVITE_DAYS days; only its
   * hash is kept. A seat is taken from now on (members and pending invitations count).
   */
  async invite(actor: Actor, input: { email: string; role: TeamRole }): Promise<TeamInvite> {
    const { db, publicUrl } = this.deps;
    const orgId = this.staffOrg(actor);
    if (input.role === 'owner' && !mayChangeOwners(actor, orgId)) {
      throw new AppError('FORBIDDEN', TEAM_MSG.ownerOnly);
    }
    const token = newToken();
    const created = await db.transaction(async (tx) => {
      await lockOrganisation(tx, orgId);
      const org = await findOrganisation(tx, orgId);
      if (!org) throw notFound('Organisation');
      const members = await listMembers(tx, orgId);
      if (members.some((m) => m.email === input.email)) {
        throw new AppError('CONFLICT', TEAM_MSG.alreadyMember, [
          { field: 'email', message: TEAM_MSG.alreadyMember },
        ]);
      }
      if (await findPendingInviteForEmail(tx, orgId, input.email)) {
        throw new AppError('CONFLICT', TEAM_MSG.alreadyInvited, [
          { field: 'email', message: TEAM_MSG.alreadyInvited },
        ]);
      }
      await this.checkSeat(tx, orgId, 0);
      const expiresAt = new Date(Date.now() + TEAM_INVITE_DAYS * DAY_MS);
      const row = await insertInvite(tx, {
        orgId,
        email: input.email,
        role: input.role,
        tokenHash: sha256(token),
        invitedBy: actor.userId,
        expiresAt,
      });
      const link = `${publicUrl}${ACCEPT_INVITE_PATH}?token=${encodeURIComponent(token)}`;
      // In the invited person's language when they have an account, else the school's (docs/decisions/047).
      const [account] = await tx
        .select({ language: users.language })
        .from(users)
        .where(eq(users.email, input.email.toLowerCase()));
      const language = recipientLocale(account?.language, org.language);
      const names = { inviter: actor.fullName, school: org.name };
      // Queued in the same transaction: the invitation exists exactly when its e-mail is on its way.
      await tx.insert(outgoingMail).values({
        to: input.email,
        subject: t(language, 'team.invite.subject', names),
        text: [
          t(language, 'mail.helloAnyone'),
          '',
          t(language, 'team.invite.text', { ...names, role: input.role }),
          t(language, 'team.invite.accept', { link }),
          '',
          t(language, 'team.invite.expires', { days: TEAM_INVITE_DAYS }),
          '',
          'Skillwise',
        ].join('\n'),
        orgId,
        language,
      });
      await recordAudit(tx, orgId, actor, 'member.invited', input.email, { role: input.role });
      return { ...row, invitedBy: actor.fullName };
    });
    return this.inviteOut(created);
  }

  /** POST team/RevokeInvite: the link stops working and its seat is free again. */
  async revoke(actor: Actor, inviteId: number): Promise<{ revoked: true }> {
    const orgId = this.staffOrg(actor);
    await this.deps.db.transaction(async (tx) => {
      const row = await revokeInvite(tx, orgId, inviteId);
      if (!row) throw notFound('Invitation');
      if (row.role === 'owner' && !mayChangeOwners(actor, orgId)) {
        throw new AppError('FORBIDDEN', TEAM_MSG.ownerOnly);
      }
      await recordAudit(tx, orgId, actor, 'member.invite_revoked', row.email, { role: row.role });
    });
    return { revoked: true };
  }

  /** GET team/GetInvitation: what an invitation's link offers, to whoever holds the link. */
  async invitation(token: string): Promise<Invitation> {
    const found = await findInviteByHash(this.deps.db, sha256(token));
    if (!found || !isPending(found.invite)) throw invalidInvite();
    return {
      school: found.school,
      email: found.invite.email,
      role: found.invite.role,
      invited_by: found.invitedBy,
      expires_at: found.invite.expiresAt.toISOString(),
    };
  }

  /**
   * POST team/AcceptInvite: the signed-in account whose e-mail the invitation was sent to joins the team
   * with its role, once. An account already on a team (this one or another) is refused.
   */
  async accept(actor: Actor, token: string): Promise<MyTeamRole & { message: string }> {
    const { db } = this.deps;
    const tokenHash = sha256(token);
    const peek = await findInviteByHash(db, tokenHash);
    if (!peek) throw invalidInvite();
    const orgId = peek.invite.orgId;
    return db.transaction(async (tx) => {
      // The school first, then the invitation: the order every change of the team takes its locks in.
      await lockOrganisation(tx, orgId);
      const found = await findInviteByHash(tx, tokenHash, true);
      if (!found || !isPending(found.invite)) throw invalidInvite();
      const { invite } = found;
      if (invite.email !== actor.email) throw new AppError('FORBIDDEN', TEAM_MSG.wrongEmail);
      if (actor.role === ROLE.PUBLISHER && actor.orgId === invite.orgId) {
        throw new AppError('CONFLICT', TEAM_MSG.alreadyMember);
      }
      if (actor.role === ROLE.PUBLISHER && actor.orgId !== null) {
        throw new AppError('CONFLICT', TEAM_MSG.alreadyOnTeam);
      }
      // Its seat was taken when it was sent; a plan changed since may have fewer.
      await this.checkSeat(tx, invite.orgId, 1);
      await joinTeam(tx, actor.userId, invite.orgId, invite.role);
      await markInviteAccepted(tx, invite.id, actor.userId);
      await recordAudit(tx, invite.orgId, actor, 'member.joined', actor.email, { role: invite.role });
      return {
        org_Id: invite.orgId,
        org_name: found.school,
        role: invite.role,
        message: TEAM_MSG.joined(found.school),
      };
    });
  }

  /**
   * POST team/ChangeMemberRole: owners and admins change roles; only an owner makes or unmakes owners, and
   * the last owner stays one. Takes effect on the member's next request.
   */
  async changeRole(
    actor: Actor,
    userId: number,
    role: TeamRole,
  ): Promise<{ user_Id: number; role: TeamRole }> {
    const orgId = this.staffOrg(actor);
    await this.deps.db.transaction(async (tx) => {
      await lockOrganisation(tx, orgId);
      const member = await findMember(tx, orgId, userId, true);
      if (!member) throw notFound('Member');
      if (member.role === role) return;
      if ((member.role === 'owner' || role === 'owner') && !mayChangeOwners(actor, orgId)) {
        throw new AppError('FORBIDDEN', TEAM_MSG.ownerOnly);
      }
      if (member.role === 'owner' && (await countOwners(tx, orgId)) <= 1) throw lastOwner();
      await setTeamRole(tx, userId, role);
      await recordAudit(tx, orgId, actor, 'member.role_changed', member.email, {
        from: member.role,
        to: role,
      });
    });
    return { user_Id: userId, role };
  }

  /**
   * POST team/RemoveMember: takes a member off the team (their account stays, a student's); an owner only
   * by an owner, and never the last one. Their next request is refused.
   */
  async remove(actor: Actor, userId: number): Promise<{ removed: true }> {
    const orgId = this.staffOrg(actor);
    await this.takeOff(actor, orgId, userId, userId === actor.userId ? 'member.left' : 'member.removed');
    return { removed: true };
  }

  /** POST team/LeaveTeam: the caller leaves its school's team, unless it is its last owner. */
  async leave(actor: Actor): Promise<{ removed: true }> {
    const orgId = publisherOrgOf(actor);
    await this.takeOff(actor, orgId, actor.userId, 'member.left');
    return { removed: true };
  }

  /**
   * POST team/TransferOwnership: an owner hands ownership to another member, proving it with its password
   * (counted as logins are); the member becomes an owner and the caller an admin.
   */
  async transferOwnership(
    actor: Actor,
    input: { user_Id: number; password: string },
    client: Client,
  ): Promise<{ message: string }> {
    const orgId = schoolOwnerOrgOf(actor);
    if (input.user_Id === actor.userId) {
      throw fieldError('user_Id', 'must be another member of the team');
    }
    const { db, profiles } = this.deps;
    if (!(await findMember(db, orgId, input.user_Id))) throw notFound('Member');
    await profiles.provePassword(actor, input.password, client, 'password', TEAM_MSG.wrongPassword);
    await db.transaction(async (tx) => {
      await lockOrganisation(tx, orgId);
      const member = await findMember(tx, orgId, input.user_Id, true);
      const self = await findMember(tx, orgId, actor.userId, true);
      if (!member) throw notFound('Member');
      if (self?.role !== 'owner') throw new AppError('FORBIDDEN', TEAM_MSG.ownerOnly);
      await setTeamRole(tx, member.userId, 'owner');
      await setTeamRole(tx, actor.userId, 'admin');
      await recordAudit(tx, orgId, actor, 'team.ownership_transferred', member.email, { from: member.role });
    });
    return { message: 'Ownership handed over.' };
  }

  /** POST team/SetInstructorCourses: exactly these of the school's courses are the instructor's. */
  async setCourses(
    actor: Actor,
    input: { user_Id: number; course_Ids: number[] },
  ): Promise<{ user_Id: number; course_Ids: number[] }> {
    const orgId = this.staffOrg(actor);
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      const member = await findMember(tx, orgId, input.user_Id, true);
      if (!member) throw notFound('Member');
      if (member.role !== 'instructor') throw fieldError('user_Id', TEAM_MSG.notInstructor);
      const found = await findOrgCourses(tx, orgId, input.course_Ids);
      if (found.length !== input.course_Ids.length) {
        throw fieldError('course_Ids', 'must all be courses of your school');
      }
      await setInstructorCourses(tx, member.userId, input.course_Ids);
      await recordAudit(tx, orgId, actor, 'member.courses_changed', member.email, {
        courses: found.map((c) => c.title),
      });
    });
    return { user_Id: input.user_Id, course_Ids: [...input.course_Ids].sort((a, b) => a - b) };
  }

  /** GET team/GetAuditLog: the school's audit log, newest first, paged and searched. */
  async auditLog(actor: Actor, list: ListQuery): Promise<Paged<AuditEvent>> {
    const orgId = this.staffOrg(actor);
    return mapPage(await listAuditEvents(this.deps.db, orgId, list), (row) => ({
      id: row.id,
      action: row.action as AuditEvent['action'],
      actor_name: row.actorName,
      actor_email: row.actorEmail,
      subject: row.subject,
      detail: row.detail,
      created_at: row.createdAt.toISOString(),
    }));
  }

  /** The caller's school when it may manage the team: its owners and admins; an instructor: 403. */
  private staffOrg(actor: Actor): number {
    const orgId = schoolStaffOrgOf(actor);
    if (!mayManageTeam(actor, orgId)) throw new AppError('FORBIDDEN', TEAM_MSG.notYourRole);
    return orgId;
  }

  /** Refuses when the team has no free seat; `own` seats are the change's own (an invitation accepted). */
  private async checkSeat(tx: Db, orgId: number, own: number): Promise<void> {
    const { plan, limit } = await teamSeats(tx, orgId);
    if ((await countSeatsUsed(tx, orgId)) - own >= limit) {
      throw new AppError('PLAN_LIMIT', TEAM_MSG.seatsFull(plan ?? 'current', limit));
    }
  }

  private async takeOff(
    actor: Actor,
    orgId: number,
    userId: number,
    action: 'member.removed' | 'member.left',
  ): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await lockOrganisation(tx, orgId);
      const member = await findMember(tx, orgId, userId, true);
      if (!member) throw notFound('Member');
      if (member.role === 'owner') {
        if (userId !== actor.userId && !mayChangeOwners(actor, orgId)) {
          throw new AppError('FORBIDDEN', TEAM_MSG.ownerOnly);
        }
        if ((await countOwners(tx, orgId)) <= 1) throw lastOwner();
      }
      await leaveTeam(tx, userId);
      await recordAudit(tx, orgId, actor, action, member.email, { role: member.role });
    });
  }

  private inviteOut(i: {
    id: number;
    email: string;
    role: TeamRole;
    invitedBy: string | null;
    expiresAt: Date;
    createdAt: Date;
  }): TeamInvite {
    return {
      invite_Id: i.id,
      email: i.email,
      role: i.role,
      invited_by: i.invitedBy,
      expires_at: i.expiresAt.toISOString(),
      created_at: i.createdAt.toISOString(),
    };
  }
}
