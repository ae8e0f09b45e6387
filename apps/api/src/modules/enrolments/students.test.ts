import { assignedCourseSchema, MSG, studentRowSchema } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext, uniqueEmail } from '../../../test/helpers';
import { multipart } from '../../../test/uploads';
import { enrolments, lessons, orders, sections, users } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const registerStudent = (token: string | undefined, fields: Record<string, string | boolean | number>) => {
  const body = multipart(fields);
  return call(ctx.app, {
    method: 'POST',
    url: '/api/studentCourse/registerStudent',
    ...(token ? { token } : {}),
    body: body.payload,
    headers: { 'content-type': body.contentType },
  });
};

async function courseWithLessons(orgId: number, count = 4) {
  const course = await createCourse(ctx, orgId);
  const { db } = ctx.database;
  const [section] = await db
    .insert(sections)
    .values({ courseId: course.id, name: 'S', published: true })
    .returning();
  const made = await db
    .insert(lessons)
    .values(
      Array.from({ length: count }, (_, i) => ({
        sectionId: section?.id ?? 0,
        title: `L${i}`,
        contentType: 'pdf',
        published: true,
      })),
    )
    .returning();
  return { course, lessons: made };
}

describe('studentCourse/registerStudent and getStudentByOrgID', () => {
  test('a publisher adds a student enrolled in its course; the list shows courses and spend', async () => {
    const publisher = await createPublisher(ctx);
    const { course } = await courseWithLessons(publisher.orgId ?? 0);
    const email = uniqueEmail('added');
    const res = await registerStudent(publisher.token, {
      name: 'Added Student',
      email,
      password: '',
      enroll: true,
      course_Id: course.id,
      course_title: course.title,
      consent: true,
      payment: "They didn't. It's free",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: MSG.studentAdded, enrolled: true });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ roleId: 3, createdByOrgId: publisher.orgId, verified: true });
    const mail = ctx.mailer.sent.find((m) => m.to === email);
    expect(mail?.text).toContain('/resetPasswordRequest');

    await ctx.database.db.insert(orders).values({
      userId: row?.id ?? 0,
      orgId: publisher.orgId ?? 0,
      kind: 'course',
      courseId: course.id,
      amountCents: 1999,
      provider: 'sandbox',
      providerOrderId: `test-${email}`,
      status: 'captured',
    });
    const list = await call(ctx.app, {
      method: 'GET',
      url: `/api/studentCourse/getStudentByOrgID/${publisher.orgId}`,
      token: publisher.token,
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json().map((r: unknown) => studentRowSchema.parse(r));
    expect(rows).toEqual([
      { fullName: 'Added Student', email, numberofcourses: 1, totalcost: 19.99, user_id: row?.id },
    ]);
  });

  test('an e-mail already registered answers the spec text; bad input names the field', async () => {
    const publisher = await createPublisher(ctx);
    const existing = await createStudent(ctx);
    const taken = await registerStudent(publisher.token, { name: 'Again', email: existing.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG.userAlreadyRegistered);
    for (const [fields, field] of [
      [{ email: uniqueEmail() }, 'name'],
      [{ name: 'N', email: 'bad' }, 'email'],
      [{ name: 'N', email: uniqueEmail(), password: 'short' }, 'password'],
      [{ name: 'N', email: uniqueEmail(), enroll: true }, 'course_Id'],
    ] as const) {
      const res = await registerStudent(publisher.token, fields);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
  });

  test('a publisher cannot enrol a new student in another organisation’s course; others see nobody', async () => {
    const publisher = await createPublisher(ctx);
    const other = await createPublisher(ctx);
    const student = await createStudent(ctx);
    const { course } = await courseWithLessons(other.orgId ?? 0);
    const res = await registerStudent(publisher.token, {
      name: 'N',
      email: uniqueEmail(),
      enroll: true,
      course_Id: course.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('course_Id');
    await registerStudent(publisher.token, { name: 'Mine', email: uniqueEmail() });
    const theirs = await call(ctx.app, {
      method: 'GET',
      url: `/api/studentCourse/getStudentByOrgID/${publisher.orgId}`,
      token: other.token,
    });
    expect(theirs.json()).toEqual([]);
    expect(
      (
        await call(ctx.app, {
          method: 'GET',
          url: '/api/studentCourse/getStudentByOrgID/1',
          token: student.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(ctx.app, { method: 'GET', url: '/api/studentCourse/getStudentByOrgID/1' })).statusCode,
    ).toBe(401);
    expect((await registerStudent(student.token, { name: 'N', email: uniqueEmail() })).statusCode).toBe(403);
    expect((await registerStudent(undefined, { name: 'N', email: uniqueEmail() })).statusCode).toBe(401);
  });

  test('the publisher may rename and reset the password of a student it created, not of one who signed up alone', async () => {
    const publisher = await createPublisher(ctx);
    const { course } = await courseWithLessons(publisher.orgId ?? 0);
    const email = uniqueEmail('created');
    await registerStudent(publisher.token, { name: 'Created', email, password: 'first password' });
    const studentSession = await call(ctx.app, {
      method: 'POST',
      url: '/api/users/Login',
      body: { username: email, password: 'first password' },
    });
    const change = (target: string) =>
      call(ctx.app, {
        method: 'PUT',
        url: '/api/users/changeUserProfile',
        token: publisher.token,
        body: { email: target, fullName: 'Renamed', password: 'second password' },
      });
    expect((await change(email)).statusCode).toBe(200);
    // A new password ends the student's sessions; the publisher who set it stays signed in.
    const whoIs = (token: string) => call(ctx.app, { method: 'GET', url: '/api/users/GetMyProfile', token });
    expect((await whoIs(studentSession.json().token)).statusCode).toBe(401);
    expect(studentSession.statusCode).toBe(200);
    expect((await whoIs(publisher.token)).statusCode).toBe(200);
    const login = await call(ctx.app, {
      method: 'POST',
      url: '/api/users/Login',
      body: { username: email, password: 'second password' },
    });
    expect(login.statusCode).toBe(200);

    const alone = await createStudent(ctx);
    await ctx.database.db
      .insert(enrolments)
      .values({ userId: alone.userId, courseId: course.id, source: 'purchased' });
    expect((await change(alone.email)).statusCode).toBe(403);
    const canEdit = async (target: string) =>
      (
        await call(ctx.app, {
          method: 'GET',
          url: `/api/users/getUserByemailID?email=${encodeURIComponent(target)}`,
          token: publisher.token,
        })
      ).json().can_edit;
    expect(await canEdit(email)).toBe(true);
    expect(await canEdit(alone.email)).toBe(false);

    // Once the student chooses their own password through the e-mailed code, the school lets go.
    await call(ctx.app, { method: 'PUT', url: '/api/users/resetPasswordRequest', body: { email } });
    const reset = await call(ctx.app, {
      method: 'PUT',
      url: '/api/users/resetpassword',
      body: { email, password: 'my own password', VerificationCode: ctx.mailer.lastCode(email) },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await change(email)).statusCode).toBe(403);
    expect(await canEdit(email)).toBe(false);
  });
});

describe('assigning courses', () => {
  test('assign, list unassigned, check, remove; a purchased course stays', async () => {
    const publisher = await createPublisher(ctx);
    const first = await courseWithLessons(publisher.orgId ?? 0);
    const second = await courseWithLessons(publisher.orgId ?? 0);
    const email = uniqueEmail();
    const { user_id } = (await registerStudent(publisher.token, { name: 'S', email })).json();
    const token = publisher.token;

    const unassigned = await call(ctx.app, {
      method: 'GET',
      url: `/api/courses/UnAssignedCourses/${user_id}`,
      token,
    });
    expect(unassigned.json().map((c: { course_Id: number }) => c.course_Id)).toEqual(
      [first.course.id, second.course.id].sort((a, b) => a - b),
    );

    const assign = (courseId: number | string, userId: number | string = user_id) =>
      call(ctx.app, {
        method: 'POST',
        url: `/api/studentCourse/AssignCoursetoStudent?user_id=${userId}&course_id=${courseId}`,
        token,
      });
    expect((await assign(first.course.id)).statusCode).toBe(201);
    expect((await assign(first.course.id)).statusCode).toBe(409);
    const missing = await call(ctx.app, {
      method: 'POST',
      url: `/api/studentCourse/AssignCoursetoStudent?user_id=${user_id}`,
      token,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: MSG.userAndCourseRequired,
      details: [{ field: 'course_id' }],
    });
    expect((await assign('abc')).statusCode).toBe(400);

    const check = await call(ctx.app, {
      method: 'GET',
      url: `/api/studentCourse/GetAllCoursesByUserIdandCourseId/${user_id}/${first.course.id}`,
      token,
    });
    expect(assignedCourseSchema.parse(check.json()[0])).toMatchObject({
      course_Id: first.course.id,
      source: 'assigned',
      progress: '0%',
    });
    const none = await call(ctx.app, {
      method: 'GET',
      url: `/api/studentCourse/GetAllCoursesByUserIdandCourseId/${user_id}/${second.course.id}`,
      token,
    });
    expect(none.json()).toEqual([]);

    const removed = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/studentCourse/DeleteAssignedCourse?user_id=${user_id}&course_id=${first.course.id}`,
      token,
    });
    expect(removed.statusCode).toBe(200);
    await ctx.database.db
      .insert(enrolments)
      .values({ userId: user_id, courseId: second.course.id, source: 'purchased' });
    const keep = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/studentCourse/DeleteAssignedCourse?user_id=${user_id}&course_id=${second.course.id}`,
      token,
    });
    expect(keep.statusCode).toBe(409);
    const assigned = await call(ctx.app, {
      method: 'GET',
      url: `/api/studentCourse/GetAssignedCourses/${user_id}`,
      token,
    });
    expect(assigned.json().map((c: { course_Id: number }) => c.course_Id)).toEqual([second.course.id]);
  });

  test('another organisation can neither assign nor remove nor read; a stranger student cannot be enrolled', async () => {
    const publisher = await createPublisher(ctx);
    const other = await createPublisher(ctx);
    const { course } = await courseWithLessons(publisher.orgId ?? 0);
    const { user_id } = (
      await registerStudent(publisher.token, {
        name: 'S',
        email: uniqueEmail(),
        enroll: true,
        course_Id: course.id,
      })
    ).json();
    const stranger = await createStudent(ctx);
    const otherCourse = (await courseWithLessons(other.orgId ?? 0)).course;

    const asOther = (method: 'POST' | 'DELETE', path: string) =>
      call(ctx.app, { method, url: path, token: other.token });
    expect(
      (
        await asOther(
          'POST',
          `/api/studentCourse/AssignCoursetoStudent?user_id=${user_id}&course_id=${course.id}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await asOther(
          'POST',
          `/api/studentCourse/AssignCoursetoStudent?user_id=${user_id}&course_id=${otherCourse.id}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await asOther(
          'DELETE',
          `/api/studentCourse/DeleteAssignedCourse?user_id=${user_id}&course_id=${course.id}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, {
          method: 'GET',
          url: `/api/courses/UnAssignedCourses/${user_id}`,
          token: other.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, {
          method: 'GET',
          url: `/api/studentCourse/GetAssignedCourses/${user_id}`,
          token: other.token,
        })
      ).statusCode,
    ).toBe(404);
    const strangerAssign = await call(ctx.app, {
      method: 'POST',
      url: `/api/studentCourse/AssignCoursetoStudent?user_id=${stranger.userId}&course_id=${course.id}`,
      token: publisher.token,
    });
    expect(strangerAssign.statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(enrolments).where(eq(enrolments.userId, user_id));
    expect(row?.courseId).toBe(course.id);
  });
});

describe('a student’s own courses and progress', () => {
  test('a student reads only its own; completing lessons moves its progress; the publisher sees it', async () => {
    const publisher = await createPublisher(ctx);
    const { course, lessons: made } = await courseWithLessons(publisher.orgId ?? 0, 4);
    const student = await createStudent(ctx);
    const stranger = await createStudent(ctx);
    await ctx.database.db
      .insert(enrolments)
      .values({ userId: student.userId, courseId: course.id, source: 'assigned' });

    const start = (lessonId: number | undefined, token = student.token, lessonstarted = true) =>
      call(ctx.app, {
        method: 'PUT',
        url: `/api/lessons/ChangeLessonStartedFlag?lesson_Id=${lessonId ?? ''}&lessonstarted=${lessonstarted}`,
        token,
        body: { lesson_Id: lessonId, lessonstarted },
      });
    expect((await start(made[0]?.id)).json()).toEqual({ lesson_Id: made[0]?.id, lessonstarted: true });
    expect((await start(made[0]?.id)).statusCode).toBe(200);
    await start(made[1]?.id);
    expect((await start(made[2]?.id, stranger.token)).statusCode).toBe(404);
    // Progress is completion (DESIGN decision 11): starting alone moves nothing; two of four done is half.
    const progressNow = async () =>
      (
        await call(ctx.app, {
          method: 'GET',
          url: `/api/studentCourse/GetAssignedCourses/${student.userId}`,
          token: student.token,
        })
      ).json()[0].progress;
    expect(await progressNow()).toBe('0%');
    for (const lesson of made.slice(0, 2)) {
      const done = await call(ctx.app, {
        method: 'POST',
        url: '/api/studentCourse/SaveLessonProgress',
        token: student.token,
        body: { lesson_Id: lesson.id, completed: true },
      });
      expect(done.statusCode).toBe(200);
    }
    const missing = await call(ctx.app, {
      method: 'PUT',
      url: '/api/lessons/ChangeLessonStartedFlag',
      token: student.token,
      body: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MSG.missingLessonId);

    const mine = await call(ctx.app, {
      method: 'GET',
      url: `/api/studentCourse/GetAssignedCourses/${student.userId}`,
      token: student.token,
    });
    expect(mine.json()[0]).toMatchObject({ course_Id: course.id, progress: '50%' });
    const check = await call(ctx.app, {
      method: 'GET',
      url: `/api/studentCourse/GetAllCoursesByUserIdandCourseId/${student.userId}/${course.id}`,
      token: student.token,
    });
    expect(check.json()).toHaveLength(1);
    const sectionsRes = await call(ctx.app, {
      method: 'GET',
      url: `/api/courseSections/GetCourseSectionsByCourseId/${course.id}`,
      token: student.token,
    });
    expect(sectionsRes.json()[0].lessons.map((l: { lessonstarted: boolean }) => l.lessonstarted)).toEqual([
      true,
      true,
      false,
      false,
    ]);

    expect(
      (
        await call(ctx.app, {
          method: 'GET',
          url: `/api/studentCourse/GetAssignedCourses/${student.userId}`,
          token: stranger.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, {
          method: 'GET',
          url: `/api/studentCourse/GetAllCoursesByUserIdandCourseId/${student.userId}/${course.id}`,
          token: stranger.token,
        })
      ).statusCode,
    ).toBe(404);
    const asPublisher = await call(ctx.app, {
      method: 'GET',
      url: `/api/studentCourse/GetAssignedCourses/${student.userId}`,
      token: publisher.token,
    });
    expect(asPublisher.json()[0].progress).toBe('50%');
  });
});

describe('what stays with the student', () => {
  test('an unpublished course leaves the student’s lists; its publisher still sees the enrolment', async () => {
    const publisher = await createPublisher(ctx);
    const student = await createStudent(ctx);
    const course = await createCourse(ctx, publisher.orgId ?? 0);
    await ctx.database.db
      .insert(enrolments)
      .values({ userId: student.userId, courseId: course.id, source: 'assigned' });
    const mine = (token: string) =>
      call(ctx.app, { method: 'GET', url: `/api/studentCourse/GetAssignedCourses/${student.userId}`, token });
    const one = (token: string) =>
      call(ctx.app, {
        method: 'GET',
        url: `/api/studentCourse/GetAllCoursesByUserIdandCourseId/${student.userId}/${course.id}`,
        token,
      });
    expect((await mine(student.token)).json()).toHaveLength(1);

    await call(ctx.app, {
      method: 'PUT',
      url: '/api/courses/publishUnpublishCourse',
      token: publisher.token,
      body: { Id: course.id, published: false },
    });
    expect((await mine(student.token)).json()).toEqual([]);
    expect((await one(student.token)).json()).toEqual([]);
    expect((await mine(publisher.token)).json()).toHaveLength(1);
    expect((await one(publisher.token)).json()).toHaveLength(1);
  });

  test('a free course the student took alone cannot be taken away by the publisher', async () => {
    const publisher = await createPublisher(ctx);
    const student = await createStudent(ctx);
    const course = await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 0 });
    await ctx.database.db
      .insert(enrolments)
      .values({ userId: student.userId, courseId: course.id, source: 'free' });
    const res = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/studentCourse/DeleteAssignedCourse?user_id=${student.userId}&course_id=${course.id}`,
      token: publisher.token,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/enrolled in this free course themselves/);
    expect(
      await ctx.database.db.select().from(enrolments).where(eq(enrolments.userId, student.userId)),
    ).toHaveLength(1);
  });

  test('lessonstarted takes True and FALSE as readily as true and false', async () => {
    const publisher = await createPublisher(ctx);
    const student = await createStudent(ctx);
    const { course, lessons: made } = await courseWithLessons(publisher.orgId ?? 0, 2);
    const lessonIds = made.map((lesson) => lesson.id);
    await ctx.database.db
      .insert(enrolments)
      .values({ userId: student.userId, courseId: course.id, source: 'assigned' });
    const res = await call(ctx.app, {
      method: 'PUT',
      url: `/api/lessons/ChangeLessonStartedFlag?lesson_Id=${lessonIds[0]}&lessonstarted=True`,
      token: student.token,
      body: { lesson_Id: lessonIds[0], lessonstarted: 'True' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lessonstarted).toBe(true);
  });
});
