import { assignedCourseSchema, PAGE_SIZES, ROLE, studentRowSchema } from '@skillwise/contracts';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext, uniqueEmail } from '../../../test/helpers';
import {
  expectBadQueries,
  expectPaging,
  expectSearch,
  fetchList,
  type ListCall,
  withQuery,
} from '../../../test/paging';
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
  await db
    .insert(lessonProgress)
    .values({ userId: student.userId, lessonId: made[0]?.id ?? 0, completed: true });

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

describe('studentCourse/getStudentByOrgID?enrolled', () => {
  /** An organisation of its own, so the other lists' figures stay as they are. */
  let school: TestUser;
  let other: TestUser;
  const ids: Record<string, number> = {};
  /** Enrolled in the school's courses (Ada in two of them), the second two added by it as well. */
  const ENROLLED_ONLY = ['Eve Enrolled', 'Bob Buyer', 'Fay Free', 'Dan Dual'];
  const ADDED_AND_ENROLLED = ['Ada Added', 'Carl Both'];
  /** Added by the school with no course of it; Otto has one of the other organisation's. */
  const ADDED_ONLY = ['Nia None', 'Ned None', 'nina none', 'Nora Nobody', 'Zed Zero', 'Otto Other'];

  beforeAll(async () => {
    const { db } = ctx.database;
    school = await createPublisher(ctx);
    other = await createPublisher(ctx);
    const schoolOrg = school.orgId ?? 0;
    const [first, second] = [
      await createCourse(ctx, schoolOrg, { title: 'School one' }),
      await createCourse(ctx, schoolOrg, { title: 'School two', published: false }),
    ];
    const elsewhere = await createCourse(ctx, other.orgId ?? 0, { title: 'Elsewhere' });
    for (const row of await insertStudents([...ENROLLED_ONLY, ...ADDED_AND_ENROLLED, ...ADDED_ONLY])) {
      ids[row.fullName] = row.id;
    }
    const id = (name: string) => ids[name] ?? 0;
    await db
      .insert(orgStudents)
      .values([...ADDED_AND_ENROLLED, ...ADDED_ONLY].map((name) => ({ orgId: schoolOrg, userId: id(name) })));
    const enrol = (name: string, courseId: number) => ({
      userId: id(name),
      courseId,
      source: 'assigned' as const,
    });
    await db
      .insert(enrolments)
      .values([
        ...[...ENROLLED_ONLY, ...ADDED_AND_ENROLLED].map((name) => enrol(name, first.id)),
        enrol('Ada Added', second.id),
        enrol('Otto Other', elsewhere.id),
      ]);
  });

  const studentsWith = (user: TestUser, enrolled?: string): ListCall => ({
    url: withQuery(
      `/api/studentCourse/getStudentByOrgID/${user.orgId}`,
      enrolled === undefined ? '' : `enrolled=${enrolled}`,
    ),
    token: user.token,
    idOf: (row) => studentRowSchema.parse(row).user_id,
  });
  /** The students' ids in the list's order (by lower-cased name, then id), as the database sorts them. */
  async function inOrder(names: string[]) {
    const result = await ctx.database.db.execute(
      sql`select id from ${users} where ${inArray(
        users.id,
        names.map((name) => ids[name] ?? 0),
      )} order by lower(full_name), id`,
    );
    return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
  }

  test('true pages the students with a course of the organisation, counting only those', async () => {
    const enrolled = [...ENROLLED_ONLY, ...ADDED_AND_ENROLLED];
    await expectPaging(ctx, studentsWith(school, 'true'), await inOrder(enrolled), PAGE_SIZES.students);
    const ada = await fetchList(ctx, studentsWith(school, 'true'), 'search=ada%20added');
    expect(ada.rows).toEqual([
      {
        fullName: 'Ada Added',
        email: expect.any(String),
        numberofcourses: 2,
        totalcost: 0,
        user_id: ids['Ada Added'],
      },
    ]);
  });

  test('false pages the students the organisation added that have none, another’s course aside', async () => {
    await expectPaging(ctx, studentsWith(school, 'false'), await inOrder(ADDED_ONLY), PAGE_SIZES.students);
    const none = await fetchList(ctx, studentsWith(school, 'false'));
    expect(none.rows.map((row) => studentRowSchema.parse(row).numberofcourses)).toEqual(
      ADDED_ONLY.map(() => 0),
    );
  });

  test('without it the list holds both, as before', async () => {
    const all = [...ENROLLED_ONLY, ...ADDED_AND_ENROLLED, ...ADDED_ONLY];
    const whole = await fetchList(ctx, studentsWith(school));
    expect(whole.ids).toEqual(await inOrder(all));
    expect(whole.total).toBe(all.length);
  });

  test('combines with the search and the page, the total counting the rows both keep', async () => {
    await expectSearch(
      ctx,
      studentsWith(school, 'false'),
      'NONE',
      await inOrder(['Ned None', 'Nia None', 'nina none']),
    );
    await expectSearch(ctx, studentsWith(school, 'true'), 'none', []);
    // Letters no address holds (`<name>.<hex>@example.com` with the name's letters only), so only
    // names match.
    await expectSearch(
      ctx,
      studentsWith(school, 'true'),
      'R',
      await inOrder(['Bob Buyer', 'Carl Both', 'Eve Enrolled', 'Fay Free']),
    );
    const second = await fetchList(ctx, studentsWith(school, 'false'), 'search=n&page=2&pageSize=2');
    const withN = await inOrder(ADDED_ONLY.filter((name) => name.toLowerCase().includes('n')));
    expect(second.ids).toEqual(withN.slice(2, 4));
    expect(second.total).toBe(withN.length);
    const past = await fetchList(ctx, studentsWith(school, 'true'), 'search=r&page=4&pageSize=2');
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(4);
  });

  test('takes true and false in any case, or 1 and 0', async () => {
    const enrolled = await inOrder([...ENROLLED_ONLY, ...ADDED_AND_ENROLLED]);
    expect((await fetchList(ctx, studentsWith(school, 'TRUE'))).ids).toEqual(enrolled);
    expect((await fetchList(ctx, studentsWith(school, '1'))).ids).toEqual(enrolled);
    expect((await fetchList(ctx, studentsWith(school, 'False'))).ids).toEqual(await inOrder(ADDED_ONLY));
  });

  test('a bad value is a 400 naming enrolled; bad paging beside it too', async () => {
    const url = `/api/studentCourse/getStudentByOrgID/${school.orgId}`;
    for (const query of ['enrolled=maybe', 'enrolled=', 'enrolled=2', 'enrolled=true&enrolled=false']) {
      const res = await call(ctx.app, { method: 'GET', url: `${url}?${query}`, token: school.token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details, query).toEqual([{ field: 'enrolled', message: expect.any(String) }]);
    }
    await expectBadQueries(ctx, studentsWith(school, 'false'));
  });

  test('another organisation sees only its own students, whatever the value', async () => {
    const theirs = await fetchList(ctx, studentsWith(other, 'true'), 'pageSize=10');
    expect(theirs.ids).toEqual([ids['Otto Other']]);
    expect(theirs.rows).toMatchObject([{ numberofcourses: 1 }]);
    expect(theirs.total).toBe(1);
    const added = await fetchList(ctx, studentsWith(other, 'false'), 'pageSize=10');
    expect(added.rows).toEqual([]);
    expect(added.total).toBe(0);
    for (const value of ['true', 'false']) {
      const nobody = await fetchList(ctx, studentsWith(stranger, value), 'page=2&pageSize=10');
      expect(nobody.rows).toEqual([]);
      expect(nobody.total).toBe(0);
    }
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

  test('published=true leaves the drafts out, false keeps only them; the total agrees', async () => {
    const draft = (await createCourse(ctx, mine.orgId ?? 0, { title: 'Beta draft', published: false })).id;
    const all = await inListOrder();
    const published = all.filter((id) => id !== draft);
    const onlyPublished = { ...unassigned(mine), url: withQuery(unassigned(mine).url, 'published=true') };
    await expectPaging(ctx, onlyPublished, published, PAGE_SIZES.unassignedCourses);
    await expectSearch(ctx, onlyPublished, 'beta', [courseIds.Beta]);
    const drafts = await fetchList(ctx, unassigned(mine), 'published=false');
    expect(drafts.rows.map((row) => (row as { course_Id: number }).course_Id)).toEqual([draft]);
    expect(drafts.total).toBe(1);
    expect((await fetchList(ctx, unassigned(mine), 'published=maybe')).status).toBe(400);
  });
});
