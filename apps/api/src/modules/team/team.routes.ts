import {
  auditEventSchema,
  changeMemberRoleSchema,
  invitationSchema,
  inviteIdSchema,
  inviteMemberSchema,
  inviteTokenSchema,
  memberIdSchema,
  myTeamRoleSchema,
  PAGE_SIZES,
  pageQuerySchema,
  setInstructorCoursesSchema,
  TEAM_ROLES,
  teamInviteSchema,
  teamSchema,
  transferOwnershipSchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuery, sendPage } from '../../lib/paging';
import { noBody, paged, type ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf } from '../../plugins/auth';
import { clientOf } from '../users/users.routes';
import type { TeamService } from './team.service';

/** A school's team, its invitations and its audit log (docs/decisions/039). */
export function registerTeamRoutes(server: FastifyInstance, service: TeamService, auth: Auth) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: auth() };
  const tags = ['Team'];
  const staff =
    'The school’s owners and admins; an instructor: 403 "Your role on the school’s team does not allow this."; an account on no team: 403; no token: 401.';
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    '/team/GetMyRole',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The caller’s school and its role on the school’s team',
        description: 'Any member of a school’s team; anyone else: 403.',
        response: { 200: myTeamRoleSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await service.myRole(actorOf(request))),
  );

  app.get(
    '/team/GetTeam',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The team’s members with their roles, pending invitations and seats taken of the plan’s',
        description: staff,
        response: { 200: teamSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await service.team(actorOf(request))),
  );

  app.post(
    '/team/InviteMember',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Mails an invitation to join the team with a role; its link works once, for 7 days',
        description: `${staff} Only an owner invites an owner (403). An address already on the team or with a pending invitation: 409. No free seat (members and pending invitations count): 409 naming the plan.`,
        body: inviteMemberSchema,
        response: { 201: teamInviteSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.invite(actorOf(request), request.body)),
  );

  app.post(
    '/team/RevokeInvite',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Revokes a pending invitation: its link stops working and its seat is free',
        description: `${staff} An invitation not pending, or another school’s: 404.`,
        body: inviteIdSchema,
        response: { 200: z.object({ revoked: z.literal(true) }) },
      },
    },
    async (request) => service.revoke(actorOf(request), request.body.invite_Id),
  );

  app.get(
    '/team/GetInvitation',
    {
      schema: {
        tags,
        summary: 'What an invitation’s link offers: the school, the role and the address it was sent to',
        description: 'Public: the token is the proof. An unknown, used, revoked or expired one: 404.',
        querystring: inviteTokenSchema,
        response: { 200: invitationSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await service.invitation(request.query.token)),
  );

  app.post(
    '/team/AcceptInvite',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Joins the team the invitation is for, with its role; the link works once',
        description:
          'The signed-in, verified account the invitation was sent to (another address: 403). An account already on a team: 409. An unknown, used, revoked or expired invitation: 404.',
        body: inviteTokenSchema,
        response: { 200: myTeamRoleSchema.extend({ message: z.string() }) },
      },
    },
    async (request) => service.accept(actorOf(request), request.body.token),
  );

  app.post(
    '/team/ChangeMemberRole',
    {
      ...signedIn,
      schema: {
        tags,
        summary: `Gives a member another role (${TEAM_ROLES.join(', ')}), from the member’s next request on`,
        description: `${staff} Making or unmaking an owner is an owner’s (403); the last owner stays one (409).`,
        body: changeMemberRoleSchema,
        response: { 200: z.object({ user_Id: z.number(), role: z.enum(TEAM_ROLES) }) },
      },
    },
    async (request) => service.changeRole(actorOf(request), request.body.user_Id, request.body.role),
  );

  app.post(
    '/team/RemoveMember',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Takes a member off the team; the account stays, and its next request is no member’s',
        description: `${staff} An owner is removed by an owner only (403), never the last one (409). Not a member: 404.`,
        body: memberIdSchema,
        response: { 200: z.object({ removed: z.literal(true) }) },
      },
    },
    async (request) => service.remove(actorOf(request), request.body.user_Id),
  );

  app.post(
    '/team/LeaveTeam',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The caller leaves its school’s team',
        description: 'Any member; the last owner: 409 (make another member an owner first).',
        body: noBody(),
        response: { 200: z.object({ removed: z.literal(true) }) },
      },
    },
    async (request) => service.leave(actorOf(request)),
  );

  app.post(
    '/team/TransferOwnership',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Hands ownership to another member, proven with the caller’s password',
        description:
          'An owner (anyone else on the team: 403). The member becomes an owner and the caller an admin. A wrong password: 400 on `password`, counted as a failed login.',
        body: transferOwnershipSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => service.transferOwnership(actorOf(request), request.body, clientOf(request)),
  );

  app.post(
    '/team/SetInstructorCourses',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The school’s courses an instructor may change (all others stay out of reach)',
        description: `${staff} The member must be an instructor (400 on \`user_Id\`); every course the school’s (400 on \`course_Ids\`).`,
        body: setInstructorCoursesSchema,
        response: { 200: z.object({ user_Id: z.number(), course_Ids: z.array(z.number()) }) },
      },
    },
    async (request) => service.setCourses(actorOf(request), request.body),
  );

  app.get(
    '/team/GetAuditLog',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Who published, unpublished, refunded, removed a student or changed the team, newest first',
        description: `${staff} Paged (\`page\`, \`pageSize\`; the count in X-Total-Count) and searched in who, what and the action.`,
        querystring: pageQuerySchema,
        response: { 200: paged(auditEventSchema) },
      },
    },
    async (request, reply) => {
      void reply.headers(noStore);
      return sendPage(
        reply,
        await service.auditLog(actorOf(request), listQuery(request.query, PAGE_SIZES.auditLog)),
      );
    },
  );
}
