import { z } from 'zod';
import { emailSchema, expected, idSchema } from './common';
import { PASSWORD_MAX } from './constants';

/**
 * A school's team (docs/decisions/039): its owners (everything, the plan and payments included), admins
 * (everything but the plan and payments) and instructors (the courses they make or are given, those
 * courses' students and results; no sales, settings or team).
 */
export const TEAM_ROLES = ['owner', 'admin', 'instructor'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  instructor: 'Instructor',
};

/** What each role may do, as the team screen explains it. */
export const TEAM_ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  owner: 'Everything, the plan, payouts and the team’s owners included.',
  admin: 'Everything but the plan, payouts and payment accounts.',
  instructor:
    'Creates courses and changes only the courses given to them; sees only their students and results.',
};

/**
 * Seats on a school's team by plan, members and pending invitations together (the plan cards' "Multiple
 * Admin Users"). A plan not named here has one.
 */
export const TEAM_SEATS: Record<string, number> = {
  Kickstarter: 1,
  Basic: 1,
  Growth: 10,
};
export const teamSeatsOf = (plan: string | null): number => (plan === null ? 1 : (TEAM_SEATS[plan] ?? 1));

/** How long an invitation's link works. */
export const TEAM_INVITE_DAYS = 7;
/** The longest invitation token accepted (they are 43 characters). */
export const TEAM_INVITE_TOKEN_MAX = 100;

export const TEAM_MSG = {
  seatsFull: (plan: string, seats: number) =>
    `Your ${plan} plan has ${seats} seat${seats === 1 ? '' : 's'} on the team, all taken by members and pending invitations. Remove one or upgrade your plan to add more.`,
  invited: 'Invitation sent.',
  inviteInvalid: 'This invitation is no longer valid. Ask the school to send a new one.',
  wrongEmail: 'This invitation was sent to another e-mail address. Log in with that address to accept it.',
  alreadyOnTeam: 'This account is already on a school’s team. Leave that team first.',
  alreadyMember: 'This person is already on your team.',
  alreadyInvited: 'This address already has a pending invitation.',
  lastOwner: 'A school needs an owner: make another member an owner first.',
  ownerOnly: 'Only an owner can do this.',
  wrongPassword: 'The password is not correct.',
  notInstructor: 'Courses are given to instructors only; owners and admins can change every course.',
  notYourRole: 'Your role on the school’s team does not allow this.',
  joined: (school: string) => `You joined ${school}’s team.`,
} as const;

const teamRoleSchema = z.enum(TEAM_ROLES, expected(`one of ${TEAM_ROLES.join(', ')}`));

export const inviteMemberSchema = z.object({ email: emailSchema, role: teamRoleSchema });
export const inviteIdSchema = z.object({ invite_Id: idSchema });
export const inviteTokenSchema = z.object({
  token: z
    .string(expected('text'))
    .trim()
    .min(1, 'is required')
    .max(TEAM_INVITE_TOKEN_MAX, `must be at most ${TEAM_INVITE_TOKEN_MAX} characters`),
});
export const changeMemberRoleSchema = z.object({ user_Id: idSchema, role: teamRoleSchema });
export const memberIdSchema = z.object({ user_Id: idSchema });
export const transferOwnershipSchema = z.object({
  user_Id: idSchema,
  password: z
    .string(expected('text'))
    .min(1, 'is required')
    .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
});
export const setInstructorCoursesSchema = z.object({
  user_Id: idSchema,
  course_Ids: z
    .array(idSchema, expected('a list of course ids'))
    .max(1000, 'must list at most 1000 courses')
    .transform((ids) => [...new Set(ids)]),
});

export const teamMemberSchema = z.object({
  user_Id: z.number(),
  full_name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  last_login_at: z.string().nullable(),
  /** An instructor's courses (ids); empty for owners and admins, who have every course. */
  course_Ids: z.array(z.number()),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInviteSchema = z.object({
  invite_Id: z.number(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;

export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invites: z.array(teamInviteSchema),
  seats: z.object({ plan: z.string().nullable(), limit: z.number(), used: z.number() }),
});
export type Team = z.infer<typeof teamSchema>;

/** The caller's place on its school's team. */
export const myTeamRoleSchema = z.object({
  org_Id: z.number(),
  org_name: z.string(),
  role: z.enum(TEAM_ROLES),
});
export type MyTeamRole = z.infer<typeof myTeamRoleSchema>;

/** An invitation as its link's page shows it, to anyone holding the link. */
export const invitationSchema = z.object({
  school: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const AUDIT_ACTIONS = [
  'course.published',
  'course.unpublished',
  'order.refunded',
  'student.removed',
  'member.invited',
  'member.invite_revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'member.courses_changed',
  'team.ownership_transferred',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'course.published': 'Published a course',
  'course.unpublished': 'Unpublished a course',
  'order.refunded': 'Refunded a sale',
  'student.removed': 'Removed a student',
  'member.invited': 'Invited a member',
  'member.invite_revoked': 'Revoked an invitation',
  'member.joined': 'Joined the team',
  'member.role_changed': 'Changed a member’s role',
  'member.removed': 'Removed a member',
  'member.left': 'Left the team',
  'member.courses_changed': 'Changed an instructor’s courses',
  'team.ownership_transferred': 'Handed over ownership',
};

export const auditEventSchema = z.object({
  id: z.number(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who did it (null: the account is gone), by name as it was then. */
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  /** What it was done to, in words ("Photography 101", "sam@example.com"). */
  subject: z.string(),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
