import { assignedCourseSchema, PAGE_SIZES, ROLE, studentRowSchema } from '@skillwise/contracts';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext, uniqueEmail } from '../../../test/helpers';
import { expectBadQueries, expectPaging, expectSearch, fetchList, type ListCall } from '../../../test/paging';
import { rowsOf } from '../../db/client';
import {
  courses,
  enrolments,
  lessonProgress,
  lessons,
  orders,
  orgStudents,
  sections,
  users,
} from '../../db/schema';

let ctx: TestContext;
let mine: TestUser;
let theirs: TestUser;
let stranger: TestUser;
/** The student whose courses are listed: enrolled in six of mine (one a draft) and one of theirs. */
let student: TestUser;
const courseIds: Record<string, number> = {};
/** Students of mine by name (names repeat: the first of each). */
const studentIds: Record<string, number> = {};

const ENROLLED = ['Alpha One', '100% Fun', 'a_b course', 'alpha two', 'aXb course'];
const UNASSIGNED = ['Zeta', 'Same', 'Beta', 'x_y', 'xzy'];
const ADDED = ['Zoe Adams', 'amy Brown', 'Amy Brown', 'Under_Score', 'UnderXScore', '100% Person'];

async function insertStudents(names: string[]) {
  const rows = await ctx.database.db
    .insert(users)
    .values(
      names.map((fullName) => ({
        email: uniqueEmail(fullName.replace(/[^a-z]/gi, '').toLowerCase() || 'student'),
        passwordHash: 'not-a-login',
        fullName,
        roleId: ROLE.STUDENT,
        verified: true,
        isActive: true,
      })),
    )
    .returning({ id: users.id, fullName: users.fullName });
  return rows;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  mine = await createPublisher(ctx);
  theirs = await createPublisher(ctx);
  stranger = await createPublisher(ctx);
  student = await createStudent(ctx, 'Sam Student');
  for (const title of [...ENROLLED, ...UNASSIGNED]) {
    courseIds[title] ??= (await createCourse(ctx, mine.orgId ?? 0, { title })).id;
    if (title === 'Same') courseIds['Same 2'] = (await createCourse(ctx, mine.orgId ?? 0, { title })).id;
  }
  courseIds.Draft = (await createCourse(ctx, mine.orgId ?? 0, { title: 'Draft alpha', published: false })).id;
  courseIds.Theirs = (await createCourse(ctx, theirs.orgId ?? 0, { title: 'Their alpha' })).id;

  // Enrolment times in minutes: "aXb course" and "Theirs" share one, so the id decides between them.
  const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 0, minutes));
  const enrolled = [...ENROLLED, 'Draft', 'Theirs'];
  const minutes = [10, 0, 8, 7, 6, 5, 6];
  await db.insert(enrolments).values(
    enrolled.map((title, i) => ({
      userId: student.userId,
      courseId: courseIds[title] ?? 0,
      source: 'assigned' as const,
      createdAt: at(minutes[i] ?? 0),
    })),
  );

  // Progress: one of two published lessons of "Alpha One" started.
  const [section] = await db
    .insert(sections)
    .values({ courseId: courseIds['Alpha One'] ?? 0, name: 'S', published: true })
    .returning();
  const made = await db
    .insert(lessons)
    .values(
      [1, 2].map((n) => ({
        sectionId: section?.id ?? 0,
        title: `L${n}`,
        contentType: 'pdf',
        published: true,
      })),
    )
    .returning();
  await db.insert(lessonProgress).values({ userId: student.userId, lessonId: made[0]?.id ?? 0 });

  // Students mine added, one enrolled only, one of theirs only.
  for (const row of await insertStudents(ADDED)) studentIds[row.fullName] ??= row.id;
  await db
    .insert(orgStudents)
    .values(ADDED.map((_, i) => ({ orgId: mine.orgId ?? 0, userId: Object.values(studentIds)[i] ?? 0 })));
  const amyTwin = (await insertStudents(['Amy Brown']))[0]?.id ?? 0;
  await db.insert(orgStudents).values({ orgId: mine.orgId ?? 0, userId: amyTwin });
  studentIds['Amy Brown 2'] = amyTwin;
  const [buyer] = await insertStudents(['Bea Buyer']);
  studentIds['Bea Buyer'] = buyer?.id ?? 0;
  const [theirsOnly] = await insertStudents(['Theo Theirs']);
  await db.insert(orgStudents).values({ orgId: theirs.orgId ?? 0, userId: theirsOnly?.id ?? 0 });

  // Bea bought two of mine and one of theirs: mine counts two courses and what she paid mine.
  for (const [courseId, orgId, cents] of [
    [courseIds['Alpha One'], mine.orgId, 1999],
    [courseIds.Zeta, mine.orgId, 500],
    [courseIds.Theirs, theirs.orgId, 7000],
  ] as const) {
    await db
      .insert(enrolments)
      .values({ userId: studentIds['Bea Buyer'] ?? 0, courseId: courseId ?? 0, source: 'purchased' });
    await db.insert(orders).values({
      userId: studentIds['Bea Buyer'] ?? 0,
      orgId: orgId ?? 0,
      kind: 'course',
      courseId: courseId ?? 0,
      amountCents: cents,
      provider: 'sandbox',
      providerOrderId: `paging-${courseId}`,
      status: 'captured',
      capturedAt: new Date(),
    });
  }
});
afterAll(async () => ctx.close());

describe('studentCourse/getStudentByOrgID', () => {
  const studentsOf = (user: TestUser): ListCall => ({
    url: `/api/studentCourse/getStudentByOrgID/${mine.orgId}`,
    token: user.token,
    idOf: (row) => studentRowSchema.parse(row).user_id,
  });

  /** The order the list has always had: by lower-cased name, then id. */
  async function inListOrder(ids: number[]) {
    const result = await ctx.database.db.execute(
      sql`select id from ${users} where ${inArray(users.id, ids)} order by lower(full_name), id`,
    );
    return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
  }

  test('pages the students mine added and those enrolled in its courses, by name', async () => {
    const all = await inListOrder([student.userId, ...Object.values(studentIds)]);
    expect(all).toHaveLength(ADDED.length + 3);
    await expectPaging(ctx, studentsOf(mine), all, PAGE_SIZES.students);
  });

  test('a page counts each student’s courses of mine and what they paid mine', async () => {
    const page = await fetchList(ctx, studentsOf(mine), 'search=buyer&pageSize=10');
    expect(page.rows.map((row) => studentRowSchema.parse(row))).toEqual([
      {
        fullName: 'Bea Buyer',
        email: expect.any(String),
        numberofcourses: 2,
        totalcost: 24.99,
        user_id: studentIds['Bea Buyer'],
      },
    ]);
    const sam = await fetchList(ctx, studentsOf(mine), `search=${encodeURIComponent(student.email)}`);
    expect(sam.rows).toMatchObject([{ user_id: student.userId, numberofcourses: 6, totalcost: 0 }]);
  });

  test('searches names and e-mail addresses case-insensitively, with % and _ taken literally', async () => {
    const list = studentsOf(mine);
    // Three students of one name (in two spellings), told apart by id.
    const amys = await inListOrder(
      ['amy Brown', 'Amy Brown', 'Amy Brown 2'].map((name) => studentIds[name] ?? 0),
    );
    expect(amys.slice(1)).toEqual([studentIds['Amy Brown'], studentIds['Amy Brown 2']]);
    await expectSearch(ctx, list, 'AMY BROWN', amys);
    await expectSearch(ctx, list, 'r_s', [studentIds.Under_Score]);
    await expectSearch(ctx, list, '100%', [studentIds['100% Person']]);
    await expectSearch(ctx, list, student.email.toUpperCase(), [student.userId]);
    await expectSearch(ctx, list, 'Theo', []);
  });

  test('bad parameters are a 400; no token is a 401; another organisation sees only its own', async () => {
    await expectBadQueries(ctx, studentsOf(mine));
    const anonymous = await call(ctx.app, {
      method: 'GET',
      url: `/api/studentCourse/getStudentByOrgID/${mine.orgId}?pageSize=10`,
    });
    expect(anonymous.statusCode).toBe(401);
    const nobody = await fetchList(ctx, studentsOf(stranger), 'pageSize=10');
    expect(nobody.rows).toEqual([]);
    expect(nobody.total).toBe(0);
    const past = await fetchList(ctx, studentsOf(stranger), 'page=3&pageSize=10');
    expect(past.total).toBe(0);
    // Theirs share two students with mine (enrolled in its course), with their own figures.
    const other = await fetchList(ctx, studentsOf(theirs), 'pageSize=10');
    expect(other.rows.map((row) => studentRowSchema.parse(row))).toEqual([
      expect.objectContaining({ user_id: studentIds['Bea Buyer'], numberofcourses: 1, totalcost: 70 }),
      expect.objectContaining({ user_id: student.userId, numberofcourses: 1, totalcost: 0 }),
      expect.objectContaining({ fullName: 'Theo Theirs', numberofcourses: 0, totalcost: 0 }),
    ]);
    expect(other.total).toBe(3);
  });
});

describe('studentCourse/GetAssignedCourses', () => {
  const coursesOf = (user: TestUser): ListCall => ({
    url: `/api/studentCourse/GetAssignedCourses/${student.userId}`,
    token: user.token,
    idOf: (row) => assignedCourseSchema.parse(row).course_Id,
  });
  const ids = (...titles: string[]) => titles.map((title) => courseIds[title]);

  test('the student pages its published courses, oldest enrolment first, id breaking ties', async () => {
    const all = ids('100% Fun', 'aXb course', 'Theirs', 'alpha two', 'a_b course', 'Alpha One');
    await expectPaging(ctx, coursesOf(student), all, PAGE_SIZES.myCourses);
    const first = await fetchList(ctx, coursesOf(student), 'search=alpha%20one&pageSize=1');
    expect(first.rows).toMatchObject([{ course_Id: courseIds['Alpha One'], progress: '50%' }]);
  });

  test('its publisher pages its own courses of the student, the draft included', async () => {
    const all = ids('100% Fun', 'Draft', 'aXb course', 'alpha two', 'a_b course', 'Alpha One');
    await expectPaging(ctx, coursesOf(mine), all, PAGE_SIZES.myCourses);
  });

  test('searches titles case-insensitively, with % and _ taken literally', async () => {
    await expectSearch(ctx, coursesOf(student), 'ALPHA', ids('Theirs', 'alpha two', 'Alpha One'));
    await expectSearch(ctx, coursesOf(student), 'course', ids('aXb course', 'a_b course'));
    await expectSearch(ctx, coursesOf(mine), 'alpha', ids('Draft', 'alpha two', 'Alpha One'));
    await expectSearch(ctx, coursesOf(student), 'a_b', ids('a_b course'));
    await expectSearch(ctx, coursesOf(student), '%', ids('100% Fun'));
  });

  test('bad parameters are a 400; no token is a 401; an unrelated organisation gets 404', async () => {
    await expectBadQueries(ctx, coursesOf(student));
    const url = `/api/studentCourse/GetAssignedCourses/${student.userId}?page=1`;
    expect((await call(ctx.app, { method: 'GET', url })).statusCode).toBe(401);
    expect((await fetchList(ctx, coursesOf(stranger), 'page=1')).status).toBe(404);
    const other = await fetchList(ctx, coursesOf(theirs), 'pageSize=5');
    expect(other.ids).toEqual(ids('Theirs'));
    expect(other.total).toBe(1);
  });
});

describe('courses/UnAssignedCourses', () => {
  const unassigned = (user: TestUser): ListCall => ({
    url: `/api/courses/UnAssignedCourses/${student.userId}`,
    token: user.token,
    idOf: (row) => (row as { course_Id: number }).course_Id,
  });

  async function inListOrder() {
    const result = await ctx.database.db.execute(sql`
      select id from ${courses} where org_id = ${mine.orgId}
        and id not in (select course_id from ${enrolments} where user_id = ${student.userId})
      order by title, id`);
    return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
  }

  test('pages mine’s courses the student does not have, by title, id breaking ties', async () => {
    const all = await inListOrder();
    expect(all).toHaveLength(UNASSIGNED.length + 1);
    expect(all.indexOf(courseIds.Same ?? 0)).toBe(all.indexOf(courseIds['Same 2'] ?? 0) - 1);
    await expectPaging(ctx, unassigned(mine), all, PAGE_SIZES.unassignedCourses);
  });

  test('searches titles, with _ taken literally', async () => {
    await expectSearch(ctx, unassigned(mine), 'ZETA', [courseIds.Zeta]);
    await expectSearch(ctx, unassigned(mine), 'x_y', [courseIds.x_y]);
    await expectSearch(ctx, unassigned(mine), 'alpha', []);
  });

  test('bad parameters are a 400; no token is a 401; an unrelated organisation gets 404', async () => {
    await expectBadQueries(ctx, unassigned(mine));
    const url = `/api/courses/UnAssignedCourses/${student.userId}?page=1`;
    expect((await call(ctx.app, { method: 'GET', url })).statusCode).toBe(401);
    expect((await fetchList(ctx, unassigned(stranger), 'page=1')).status).toBe(404);
    const other = await fetchList(ctx, unassigned(theirs), 'pageSize=5');
    expect(other.rows).toEqual([]);
    expect(other.total).toBe(0);
  });
});
