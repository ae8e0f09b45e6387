import { ROLE } from '@skillwise/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createCourse, createPublisher, type TestUser } from '../../../test/factories';
import { createTestContext, type TestContext, uniqueEmail } from '../../../test/helpers';
import { rowsOf } from '../../db/client';
import { enrolments, orgMembers, orgStudents, users } from '../../db/schema';

// org_members is kept by triggers: after every kind of change it must equal what the two sources say.

let ctx: TestContext;
let first: TestUser;
let second: TestUser;
const course: Record<string, number> = {};

type Member = {
  org_id: number;
  user_id: number;
  sort_name: string;
  email: string;
  added: boolean;
  courses: number;
};

/** The students of every organisation, computed from the sources the way the table is defined. */
async function fromSources(): Promise<Member[]> {
  const result = await ctx.database.db.execute(sql`
    select m.org_id, m.user_id, lower(u.full_name) as sort_name, lower(u.email) as email, bool_or(m.added) as added,
      sum(m.courses)::int as courses
    from (
      select org_id, user_id, true as added, 0 as courses from org_students
      union all
      select c.org_id, e.user_id, false, 1 from enrolments e join courses c on c.id = e.course_id
    ) m
    join users u on u.id = m.user_id and u.role_id = ${ROLE.STUDENT}
    group by m.org_id, m.user_id, u.full_name, u.email
    order by m.org_id, m.user_id`);
  return rowsOf<Member>(result).map(normal);
}

async function table(): Promise<Member[]> {
  const result = await ctx.database.db.execute(
    sql`select org_id, user_id, sort_name, email, added, courses from org_members order by org_id, user_id`,
  );
  return rowsOf<Member>(result).map(normal);
}

const normal = (m: Member): Member => ({
  org_id: Number(m.org_id),
  user_id: Number(m.user_id),
  sort_name: m.sort_name,
  email: m.email,
  added: Boolean(m.added),
  courses: Number(m.courses),
});

async function expectInStep() {
  expect(await table()).toEqual(await fromSources());
}

async function insertUsers(names: string[], roleId: number = ROLE.STUDENT) {
  return ctx.database.db
    .insert(users)
    .values(
      names.map((fullName) => ({
        email: uniqueEmail('member'),
        passwordHash: 'not-a-login',
        fullName,
        roleId,
        verified: true,
        isActive: true,
      })),
    )
    .returning({ id: users.id });
}

beforeAll(async () => {
  ctx = await createTestContext();
  first = await createPublisher(ctx);
  second = await createPublisher(ctx);
  for (const [name, org] of [
    ['a1', first],
    ['a2', first],
    ['a3', first],
    ['b1', second],
  ] as const) {
    course[name] = (await createCourse(ctx, org.orgId ?? 0, { title: name })).id;
  }
});

afterAll(async () => {
  await ctx?.close();
});

test('enrolments, added students, renames and deletions keep org_members equal to its sources', async () => {
  const { db } = ctx.database;
  const [ann, bob, cat, dan] = await insertUsers(['Ann Zed', 'bob Young', 'Cat Xu', 'Dan Wu']);
  const [publisherAsBuyer] = await insertUsers(['Not A Student'], ROLE.PUBLISHER);
  if (!ann || !bob || !cat || !dan || !publisherAsBuyer) throw new Error('no users');
  const enrol = (userId: number, ...names: string[]) =>
    names.map((n) => ({ userId, courseId: course[n] ?? 0, source: 'assigned' as const }));

  // One statement enrolling several students in several courses of two organisations.
  await db
    .insert(enrolments)
    .values([
      ...enrol(ann.id, 'a1', 'a2', 'b1'),
      ...enrol(bob.id, 'a1'),
      ...enrol(publisherAsBuyer.id, 'a1'),
    ]);
  await expectInStep();
  expect((await table()).find((m) => m.user_id === ann.id && m.org_id === first.orgId)?.courses).toBe(2);
  expect((await table()).some((m) => m.user_id === publisherAsBuyer.id)).toBe(false);

  // Added by the school: a new member, and one who is enrolled already.
  await db.insert(orgStudents).values([
    { orgId: first.orgId ?? 0, userId: cat.id },
    { orgId: first.orgId ?? 0, userId: bob.id },
  ]);
  await expectInStep();

  // One enrolment of two goes: still a member with one course; the last one goes: no longer a member.
  await db
    .delete(enrolments)
    .where(and(eq(enrolments.userId, ann.id), eq(enrolments.courseId, course.a1 ?? 0)));
  await expectInStep();
  await db
    .delete(enrolments)
    .where(and(eq(enrolments.userId, ann.id), eq(enrolments.courseId, course.a2 ?? 0)));
  await expectInStep();
  expect((await table()).some((m) => m.user_id === ann.id && m.org_id === first.orgId)).toBe(false);

  // An added student who is also enrolled stays when the school lets go; one who is not leaves.
  await db.delete(orgStudents).where(inArray(orgStudents.userId, [bob.id, cat.id]));
  await expectInStep();
  expect((await table()).find((m) => m.user_id === bob.id)?.added).toBe(false);
  expect((await table()).some((m) => m.user_id === cat.id)).toBe(false);

  // A rename moves the student in the list's order, in every organisation.
  await db.update(users).set({ fullName: 'Aaron Able' }).where(eq(users.id, ann.id));
  await expectInStep();
  expect((await table()).find((m) => m.user_id === ann.id)?.sort_name).toBe('aaron able');
  await db.update(users).set({ email: 'aaron.able@example.com' }).where(eq(users.id, ann.id));
  await expectInStep();

  // Enrolled and added together, then deleted: nothing of the student is left.
  await db.insert(orgStudents).values({ orgId: second.orgId ?? 0, userId: dan.id });
  await db.insert(enrolments).values(enrol(dan.id, 'b1', 'a3'));
  await expectInStep();
  await db.delete(users).where(eq(users.id, dan.id));
  await expectInStep();
  const left = await db.select().from(orgMembers).where(eq(orgMembers.userId, dan.id));
  expect(left).toEqual([]);
});

test('the students list answers from org_members: a page in name order and the total', async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/studentCourse/getStudentByOrgID/${first.orgId}?page=1&pageSize=1`,
    headers: { authorization: `Bearer ${first.token}` },
  });
  expect(res.statusCode).toBe(200);
  const members = (await table()).filter((m) => m.org_id === first.orgId);
  expect(res.headers['x-total-count']).toBe(String(members.length));
  const firstByName = [...members].sort((a, b) =>
    a.sort_name === b.sort_name ? a.user_id - b.user_id : a.sort_name < b.sort_name ? -1 : 1,
  )[0];
  expect(res.json()[0]?.user_id).toBe(firstByName?.user_id);
});
