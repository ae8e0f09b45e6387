import { ROLE, TEAM_MSG, type TeamRole } from '@skillwise/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authorCourse } from '../../../test/authoring';
import {
  createCourse,
  createPublisher,
  createStudent,
  createTeamMember,
  type TestUser,
} from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { auditEvents, courseInstructors, outgoingMail, teamInvites, users } from '../../db/schema';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_ADDRESS_MAX: '100000' });
});
afterAll(async () => ctx.close());

const get = (url: string, token?: string) =>
  call(ctx.app, { method: 'GET', url, ...(token ? { token } : {}) });
const post = (url: string, body: unknown, token?: string) =>
  call(ctx.app, { method: 'POST', url, body, ...(token ? { token } : {}) });

/** The invitation's token, read from the e-mail queued for it. */
async function mailedToken(email: string): Promise<string> {
  const [mail] = await ctx.database.db
    .select({ text: outgoingMail.text })
    .from(outgoingMail)
    .where(eq(outgoingMail.to, email))
    .orderBy(desc(outgoingMail.id))
    .limit(1);
  const match = /acceptInvite\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(match[1]);
}

/** Invites a new student account to the owner's team and accepts; answers the member. */
async function invited(owner: TestUser, role: TeamRole): Promise<TestUser> {
  const person = await createStudent(ctx, `New ${role}`);
  const sent = await post('/api/team/InviteMember', { email: person.email, role }, owner.token);
  expect(sent.statusCode, sent.body).toBe(201);
  const token = await mailedToken(person.email);
  const accepted = await post('/api/team/AcceptInvite', { token }, person.token);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { ...person, orgId: owner.orgId };
}

const auditActions = async (orgId: number | null) =>
  (
    await ctx.database.db
      .select({ action: auditEvents.action, subject: auditEvents.subject, actor: auditEvents.actorEmail })
      .from(auditEvents)
      .where(eq(auditEvents.orgId, orgId ?? 0))
      .orderBy(auditEvents.id)
  ).map((row) => row.action);

describe('invitations', () => {
  test('a single-use link, its hash stored, accepted by the account it was sent to', async () => {
    const owner = await createPublisher(ctx);
    const person = await createStudent(ctx, 'Ada Admin');
    const sent = await post(
      '/api/team/InviteMember',
      { email: person.email.toUpperCase(), role: 'admin' },
      owner.token,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ email: person.email, role: 'admin', invited_by: 'Pat Publisher' });
    const token = await mailedToken(person.email);
    // Only the hash is kept.
    const rows = await ctx.database.db
      .select()
      .from(teamInvites)
      .where(eq(teamInvites.orgId, owner.orgId ?? 0));
    expect(JSON.stringify(rows)).not.toContain(token);

    const shown = await get(`/api/team/GetInvitation?token=${encodeURIComponent(token)}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ school: 'Test School', email: person.email, role: 'admin' });

    const stranger = await createStudent(ctx);
    const wrong = await post('/api/team/AcceptInvite', { token }, stranger.token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(TEAM_MSG.wrongEmail);
    expect((await post('/api/team/AcceptInvite', { token })).statusCode).toBe(401);

    const accepted = await post('/api/team/AcceptInvite', { token }, person.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ org_Id: owner.orgId, role: 'admin', org_name: 'Test School' });
    // The same account, now on the team: its next request is the admin's.
    const me = await get('/api/team/GetMyRole', person.token);
    expect(me.json()).toMatchObject({ role: 'admin', org_Id: owner.orgId });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, person.userId));
    expect(row).toMatchObject({ roleId: ROLE.PUBLISHER, orgId: owner.orgId, teamRole: 'admin' });

    // Used once.
    expect((await post('/api/team/AcceptInvite', { token }, person.token)).statusCode).toBe(404);
    expect((await get(`/api/team/GetInvitation?token=${encodeURIComponent(token)}`)).statusCode).toBe(404);
    expect(await auditActions(owner.orgId)).toEqual(['member.invited', 'member.joined']);
  });

  test('an expired or revoked link is refused; a revoked one frees its seat', async () => {
    const owner = await createPublisher(ctx);
    const late = await createStudent(ctx);
    await post('/api/team/InviteMember', { email: late.email, role: 'instructor' }, owner.token);
    const lateToken = await mailedToken(late.email);
    await ctx.database.db
      .update(teamInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvites.email, late.email));
    const expired = await post('/api/team/AcceptInvite', { token: lateToken }, late.token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(TEAM_MSG.inviteInvalid);

    const other = await createStudent(ctx);
    const sent = await post(
      '/api/team/InviteMember',
      { email: other.email, role: 'instructor' },
      owner.token,
    );
    const token = await mailedToken(other.email);
    const again = await post('/api/team/InviteMember', { email: other.email, role: 'admin' }, owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TEAM_MSG.alreadyInvited);
    const team = await get('/api/team/GetTeam', owner.token);
    expect(team.json().seats).toEqual({ plan: 'Growth', limit: 10, used: 2 });
    expect(team.json().invites).toHaveLength(1);
    expect(
      (await post('/api/team/RevokeInvite', { invite_Id: sent.json().invite_Id }, owner.token)).statusCode,
    ).toBe(200);
    expect((await post('/api/team/AcceptInvite', { token }, other.token)).statusCode).toBe(404);
    expect((await get('/api/team/GetTeam', owner.token)).json().seats.used).toBe(1);
    // Another school's owner cannot revoke it (it does not exist for them).
    const resent = await post(
      '/api/team/InviteMember',
      { email: other.email, role: 'instructor' },
      owner.token,
    );
    const otherOwner = await createPublisher(ctx);
    const foreign = await post(
      '/api/team/RevokeInvite',
      { invite_Id: resent.json().invite_Id },
      otherOwner.token,
    );
    expect(foreign.statusCode).toBe(404);
  });

  test('Kickstarter and Basic have one seat: a second member is refused before anything is sent', async () => {
    for (const category of ['MonthlyKickstart', 'MonthlyBasic']) {
      const owner = await createPublisher(ctx, { category });
      const person = await createStudent(ctx);
      const refused = await post(
        '/api/team/InviteMember',
        { email: person.email, role: 'admin' },
        owner.token,
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/plan has 1 seat on the team/);
      const mails = await ctx.database.db
        .select()
        .from(outgoingMail)
        .where(eq(outgoingMail.to, person.email));
      expect(mails).toHaveLength(0);
    }
  });

  test('an account already on a team cannot join another; bad input is a 400 naming the field', async () => {
    const owner = await createPublisher(ctx);
    const otherOwner = await createPublisher(ctx);
    await post('/api/team/InviteMember', { email: otherOwner.email, role: 'admin' }, owner.token);
    const token = await mailedToken(otherOwner.email);
    const refused = await post('/api/team/AcceptInvite', { token }, otherOwner.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TEAM_MSG.alreadyOnTeam);
    const self = await post('/api/team/InviteMember', { email: owner.email, role: 'admin' }, owner.token);
    expect(self.statusCode).toBe(409);

    const badEmail = await post(
      '/api/team/InviteMember',
      { email: 'not-an-address', role: 'admin' },
      owner.token,
    );
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().details[0].field).toBe('email');
    const badRole = await post(
      '/api/team/InviteMember',
      { email: 'a@example.com', role: 'king' },
      owner.token,
    );
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().details[0].field).toBe('role');
    const badToken = await post('/api/team/AcceptInvite', { token: 'x'.repeat(500) }, owner.token);
    expect(badToken.statusCode).toBe(400);
    const badIds = await post(
      '/api/team/SetInstructorCourses',
      { user_Id: 'x', course_Ids: [1] },
      owner.token,
    );
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json().details[0].field).toBe('user_Id');
    expect((await get('/api/team/GetTeam')).statusCode).toBe(401);
  });
});

describe('roles', () => {
  test('admins and instructors do what their role allows, and nothing more', async () => {
    const owner = await createPublisher(ctx);
    const admin = await invited(owner, 'admin');
    const instructor = await invited(owner, 'instructor');
    const mine = await createCourse(ctx, owner.orgId ?? 0, { title: 'Given course' });
    const notMine = await createCourse(ctx, owner.orgId ?? 0, { title: 'Another instructor’s course' });
    const given = await post(
      '/api/team/SetInstructorCourses',
      { user_Id: instructor.userId, course_Ids: [mine.id] },
      admin.token,
    );
    expect(given.statusCode, given.body).toBe(200);

    const publish = (id: number, token: string) =>
      call(ctx.app, {
        method: 'PUT',
        url: '/api/courses/publishUnpublishCourse',
        token,
        body: { Id: id, published: false },
      });
    expect((await publish(mine.id, instructor.token)).statusCode).toBe(200);
    expect((await publish(notMine.id, instructor.token)).statusCode).toBe(404);
    const listed = await get('/api/courses/GetCoursesbyOrgId', instructor.token);
    expect(listed.json().map((c: { course_Id: number }) => c.course_Id)).toEqual([mine.id]);

    // No sales, settings, team, e-mail or integrations for an instructor.
    for (const url of ['/api/orders/GetSalesByOrgId', '/api/team/GetTeam', '/api/team/GetAuditLog']) {
      const refused = await get(url, instructor.token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(TEAM_MSG.notYourRole);
    }
    for (const url of [
      '/api/organization/GetBroadcasts',
      '/api/integrations/GetApiKeys',
      '/api/organization/GetCoupons',
    ]) {
      expect([403, 404], url).toContain((await get(url, instructor.token)).statusCode);
    }
    // The admin: the school's business, not its plan or payments.
    expect((await get('/api/orders/GetSalesByOrgId', admin.token)).statusCode).toBe(200);
    expect((await get('/api/team/GetTeam', admin.token)).statusCode).toBe(200);
    const plan = await post(
      '/api/organization/CreateOrder',
      { price: 99, user_id: admin.userId, subscriptionCategoryType: 'MonthlyBasic' },
      admin.token,
    );
    expect(plan.statusCode).toBe(403);
    expect(plan.json().message).toBe(TEAM_MSG.ownerOnly);
    expect((await post('/api/organization/CancelPlan', {}, admin.token)).statusCode).toBe(404);
    expect((await get('/api/orders/GetPayouts', admin.token)).statusCode).toBe(403);
    const owners = await post(
      '/api/team/InviteMember',
      { email: 'boss@example.com', role: 'owner' },
      admin.token,
    );
    expect(owners.statusCode).toBe(403);
    const demote = await post(
      '/api/team/ChangeMemberRole',
      { user_Id: owner.userId, role: 'admin' },
      admin.token,
    );
    expect(demote.statusCode).toBe(403);
    expect((await post('/api/team/RemoveMember', { user_Id: owner.userId }, admin.token)).statusCode).toBe(
      403,
    );
  });

  test('an instructor’s new course is theirs; courses are given to instructors only, of the school', async () => {
    const owner = await createPublisher(ctx);
    const admin = await invited(owner, 'admin');
    const instructor = await invited(owner, 'instructor');
    const foreign = await createCourse(ctx, (await createPublisher(ctx)).orgId ?? 0);
    const refused = await post(
      '/api/team/SetInstructorCourses',
      { user_Id: instructor.userId, course_Ids: [foreign.id] },
      owner.token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].field).toBe('course_Ids');
    const toAdmin = await post(
      '/api/team/SetInstructorCourses',
      { user_Id: admin.userId, course_Ids: [] },
      owner.token,
    );
    expect(toAdmin.statusCode).toBe(400);
    expect(toAdmin.json().details[0].field).toBe('user_Id');
    // Made by the instructor through the API: theirs at once.
    const own = (await authorCourse(ctx, instructor.token)).course.course_Id as number;
    const listed0 = await get('/api/courses/GetCoursesbyOrgId', instructor.token);
    expect(listed0.json().map((c: { course_Id: number }) => c.course_Id)).toEqual([own]);
    const made = await createCourse(ctx, owner.orgId ?? 0);
    await post(
      '/api/team/SetInstructorCourses',
      { user_Id: instructor.userId, course_Ids: [made.id] },
      owner.token,
    );
    const rows = await ctx.database.db
      .select()
      .from(courseInstructors)
      .where(eq(courseInstructors.userId, instructor.userId));
    expect(rows.map((r) => r.courseId)).toEqual([made.id]);
    const team = await get('/api/team/GetTeam', owner.token);
    const listed = team.json().members.find((m: { user_Id: number }) => m.user_Id === instructor.userId);
    expect(listed.course_Ids).toEqual([made.id]);
  });

  test('a removed member’s next request is refused; re-roled, the next request has the new role', async () => {
    const owner = await createPublisher(ctx);
    const member = await invited(owner, 'admin');
    expect((await get('/api/orders/GetSalesByOrgId', member.token)).statusCode).toBe(200);
    await post('/api/team/ChangeMemberRole', { user_Id: member.userId, role: 'instructor' }, owner.token);
    expect((await get('/api/orders/GetSalesByOrgId', member.token)).statusCode).toBe(403);
    const removed = await post('/api/team/RemoveMember', { user_Id: member.userId }, owner.token);
    expect(removed.statusCode).toBe(200);
    for (const url of [
      '/api/courses/GetCoursesbyOrgId',
      '/api/team/GetMyRole',
      '/api/orders/GetSalesByOrgId',
    ]) {
      expect((await get(url, member.token)).statusCode, url).toBe(403);
    }
    // The account stays, a student's: it may study and be invited again.
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, member.userId));
    expect(row).toMatchObject({ roleId: ROLE.STUDENT, orgId: null });
    const otherOwner = await createPublisher(ctx);
    const foreign = await post('/api/team/RemoveMember', { user_Id: owner.userId }, otherOwner.token);
    expect(foreign.statusCode).toBe(404);
    expect(await auditActions(owner.orgId)).toEqual([
      'member.invited',
      'member.joined',
      'member.role_changed',
      'member.removed',
    ]);
  });

  test('the last owner can neither leave nor be demoted; ownership is handed over with the password', async () => {
    const owner = await createPublisher(ctx);
    const admin = await invited(owner, 'admin');
    const self = await post(
      '/api/team/ChangeMemberRole',
      { user_Id: owner.userId, role: 'admin' },
      owner.token,
    );
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(TEAM_MSG.lastOwner);
    expect((await post('/api/team/LeaveTeam', {}, owner.token)).statusCode).toBe(409);
    expect((await post('/api/team/RemoveMember', { user_Id: owner.userId }, owner.token)).statusCode).toBe(
      409,
    );

    const wrong = await post(
      '/api/team/TransferOwnership',
      { user_Id: admin.userId, password: 'nope nope 1' },
      owner.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].field).toBe('password');
    const byAdmin = await post(
      '/api/team/TransferOwnership',
      { user_Id: owner.userId, password: admin.password },
      admin.token,
    );
    expect(byAdmin.statusCode).toBe(403);
    const handed = await post(
      '/api/team/TransferOwnership',
      { user_Id: admin.userId, password: owner.password },
      owner.token,
    );
    expect(handed.statusCode, handed.body).toBe(200);
    expect((await get('/api/team/GetMyRole', admin.token)).json().role).toBe('owner');
    expect((await get('/api/team/GetMyRole', owner.token)).json().role).toBe('admin');
    // Now the former owner may leave.
    expect((await post('/api/team/LeaveTeam', {}, owner.token)).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ roleId: users.roleId })
      .from(users)
      .where(and(eq(users.id, owner.userId)));
    expect(row?.roleId).toBe(ROLE.STUDENT);
  });

  test('the audit log records who published and unpublished, paged and searched', async () => {
    const owner = await createPublisher(ctx);
    const course = await createCourse(ctx, owner.orgId ?? 0, { title: 'Audited course', withLesson: true });
    const put = (url: string, body: unknown) =>
      call(ctx.app, { method: 'PUT', url, token: owner.token, body });
    expect(
      (await put('/api/courses/publishUnpublishCourse', { Id: course.id, published: false })).statusCode,
    ).toBe(200);
    expect(
      (await put('/api/courses/publishUnpublishCourse', { Id: course.id, published: true })).statusCode,
    ).toBe(200);
    const log = await get('/api/team/GetAuditLog?page=1&pageSize=1', owner.token);
    expect(log.statusCode).toBe(200);
    expect(log.headers['x-total-count']).toBe('2');
    expect(log.json()[0]).toMatchObject({
      action: 'course.published',
      subject: 'Audited course',
      actor_email: owner.email,
    });
    const searched = await get('/api/team/GetAuditLog?search=unpublished', owner.token);
    expect(searched.json().map((e: { action: string }) => e.action)).toEqual(['course.unpublished']);
  });
});

describe('factories', () => {
  test('createTeamMember makes a member as an accepted invitation would', async () => {
    const owner = await createPublisher(ctx);
    const member = await createTeamMember(ctx, owner.orgId ?? 0, 'instructor');
    expect((await get('/api/team/GetMyRole', member.token)).json().role).toBe('instructor');
  });
});
