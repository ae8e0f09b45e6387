import { type Paged, ROLE, type TeamRole } from '@skillwise/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsText, pageOfQuery } from '../../db/paging';
import { auditEvents, courseInstructors, courses, teamInvites, users } from '../../db/schema';
import type { ListQuery } from '../../lib/paging';

/** The team's members: the organisation's publisher accounts, owners first, with an instructor's courses. */
export async function listMembers(db: Db, orgId: number) {
  return db
    .select({
      userId: users.id,
      fullName: users.fullName,
      email: users.email,
      role: users.teamRole,
      lastLoginAt: users.lastLoginAt,
      courseIds: sql<number[]>`coalesce((select array_agg(ci.course_id order by ci.course_id)
        from course_instructors ci where ci.user_id = ${users.id}), '{}')`,
    })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.roleId, ROLE.PUBLISHER)))
    .orderBy(
      sql`case ${users.teamRole} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(users.fullName),
      asc(users.id),
    );
}

/** A member of the organisation's team, or undefined. */
export async function findMember(db: Db, orgId: number, userId: number, lock = false) {
  const query = db
    .select({
      userId: users.id,
      fullName: users.fullName,
      email: users.email,
      role: users.teamRole,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, orgId), eq(users.roleId, ROLE.PUBLISHER)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

const pending = (now = sql`now()`) =>
  and(isNull(teamInvites.acceptedAt), isNull(teamInvites.revokedAt), gt(teamInvites.expiresAt, now));

/** Invitations not yet accepted, revoked or expired, newest first, with who sent each. */
export async function listPendingInvites(db: Db, orgId: number) {
  return db
    .select({
      id: teamInvites.id,
      email: teamInvites.email,
      role: teamInvites.role,
      invitedBy: users.fullName,
      expiresAt: teamInvites.expiresAt,
      createdAt: teamInvites.createdAt,
    })
    .from(teamInvites)
    .leftJoin(users, eq(users.id, teamInvites.invitedBy))
    .where(and(eq(teamInvites.orgId, orgId), pending()))
    .orderBy(desc(teamInvites.id));
}

/** Seats taken: members and pending invitations (one query). */
export async function countSeatsUsed(db: Db, orgId: number): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`(select count(*) from users u where u.org_id = ${orgId} and u.role_id = ${ROLE.PUBLISHER})
        + (select count(*) from team_invites i where i.org_id = ${orgId} and i.accepted_at is null
            and i.revoked_at is null and i.expires_at > now())`,
    })
    .from(sql`(select 1) as one`);
  return Number(row?.n ?? 0);
}

/** The organisation's owners. */
export async function countOwners(db: Db, orgId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.roleId, ROLE.PUBLISHER), eq(users.teamRole, 'owner')));
  return row?.n ?? 0;
}

export async function findPendingInviteForEmail(db: Db, orgId: number, email: string) {
  const [row] = await db
    .select({ id: teamInvites.id })
    .from(teamInvites)
    .where(and(eq(teamInvites.orgId, orgId), eq(teamInvites.email, email), pending()));
  return row;
}

export async function insertInvite(db: Db, values: typeof teamInvites.$inferInsert) {
  const [row] = await db.insert(teamInvites).values(values).returning();
  if (!row) throw new Error('invite not inserted');
  return row;
}

/** An invitation by its token's hash, with its school's name; locked when asked. */
export async function findInviteByHash(db: Db, tokenHash: string, lock = false) {
  const query = db
    .select({
      invite: teamInvites,
      school: sql<string>`(select o.name from organisations o where o.id = ${teamInvites.orgId})`,
      invitedBy: sql<string | null>`(select u.full_name from users u where u.id = ${teamInvites.invitedBy})`,
    })
    .from(teamInvites)
    .where(eq(teamInvites.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update', { of: teamInvites }) : await query;
  return row;
}

export const isPending = (invite: typeof teamInvites.$inferSelect, now = new Date()) =>
  invite.acceptedAt === null && invite.revokedAt === null && invite.expiresAt.getTime() > now.getTime();

export async function markInviteAccepted(db: Db, id: number, userId: number) {
  await db
    .update(teamInvites)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(eq(teamInvites.id, id));
}

/** Revokes a pending invitation of the organisation; answers its e-mail, or undefined when none was pending. */
export async function revokeInvite(db: Db, orgId: number, id: number) {
  const [row] = await db
    .update(teamInvites)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(teamInvites.id, id), eq(teamInvites.orgId, orgId), pending()))
    .returning({ email: teamInvites.email, role: teamInvites.role });
  return row;
}

/** Puts an account on the organisation's team with a role (its publisher account from now on). */
export async function joinTeam(db: Db, userId: number, orgId: number, role: TeamRole) {
  await db
    .update(users)
    .set({ roleId: ROLE.PUBLISHER, orgId, teamRole: role, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function setTeamRole(db: Db, userId: number, role: TeamRole) {
  await db.update(users).set({ teamRole: role, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/**
 * Takes an account off its team: it stays an account (a student's, which may study and be invited again)
 * and loses every course it was given. Its sessions stay; from its next request it is nobody's staff.
 */
export async function leaveTeam(db: Db, userId: number) {
  await db.delete(courseInstructors).where(eq(courseInstructors.userId, userId));
  await db
    .update(users)
    .set({ roleId: ROLE.STUDENT, orgId: null, teamRole: 'owner', updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Which of `ids` are the organisation's courses, with their titles. */
export async function findOrgCourses(db: Db, orgId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(and(eq(courses.orgId, orgId), inArray(courses.id, [...ids])));
}

/** Gives an instructor exactly these courses (already checked to be the organisation's). */
export async function setInstructorCourses(db: Db, userId: number, courseIds: readonly number[]) {
  await db
    .delete(courseInstructors)
    .where(
      courseIds.length === 0
        ? eq(courseInstructors.userId, userId)
        : and(eq(courseInstructors.userId, userId), notInArray(courseInstructors.courseId, [...courseIds])),
    );
  if (courseIds.length > 0) {
    await db
      .insert(courseInstructors)
      .values(courseIds.map((courseId) => ({ courseId, userId })))
      .onConflictDoNothing();
  }
}

export type AuditRow = typeof auditEvents.$inferSelect;

export async function insertAuditEvent(db: Db, values: typeof auditEvents.$inferInsert) {
  await db.insert(auditEvents).values(values);
}

/** The organisation's audit log, newest first, searched in the actor, the action and the subject. */
export async function listAuditEvents(db: Db, orgId: number, list: ListQuery): Promise<Paged<AuditRow>> {
  const where = and(
    eq(auditEvents.orgId, orgId),
    containsText(
      list.search,
      auditEvents.subject,
      auditEvents.actorName,
      auditEvents.actorEmail,
      auditEvents.action,
    ),
  );
  const query = db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.id)).$dynamic();
  return pageOfQuery(query, list.window, () => db.$count(auditEvents, where));
}
