import { afterAll, beforeAll, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { enrolments, lessonProgress, lessons, sections } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

test('GetAssignedCourses: a student reads its own courses with progress, nobody else’s', async () => {
  const publisher = await createPublisher(ctx);
  const other = await createPublisher(ctx);
  const student = await createStudent(ctx);
  const stranger = await createStudent(ctx);
  const course = await createCourse(ctx, publisher.orgId ?? 0);
  const { db } = ctx.database;
  const [section] = await db
    .insert(sections)
    .values({ courseId: course.id, name: 'One', published: true })
    .returning();
  const made = await db
    .insert(lessons)
    .values(
      [1, 2, 3, 4].map((n) => ({
        sectionId: section?.id ?? 0,
        title: `L${n}`,
        contentType: 'pdf',
        published: n < 4,
      })),
    )
    .returning();
  await db.insert(enrolments).values({ userId: student.userId, courseId: course.id, source: 'assigned' });
  // Progress counts completed lessons (DESIGN decision 11): a started one alone does not count.
  await db.insert(lessonProgress).values([
    { userId: student.userId, lessonId: made[0]?.id ?? 0, completed: true },
    { userId: student.userId, lessonId: made[1]?.id ?? 0 },
  ]);

  const own = await call(ctx.app, {
    method: 'GET',
    url: `/api/studentCourse/GetAssignedCourses/${student.userId}`,
    token: student.token,
  });
  expect(own.statusCode).toBe(200);
  expect(own.json()).toHaveLength(1);
  expect(own.json()[0]).toMatchObject({ course_Id: course.id, progress: '33%' });

  const url = `/api/studentCourse/GetAssignedCourses/${student.userId}`;
  expect((await call(ctx.app, { method: 'GET', url, token: stranger.token })).statusCode).toBe(404);
  expect((await call(ctx.app, { method: 'GET', url, token: other.token })).statusCode).toBe(404);
  expect((await call(ctx.app, { method: 'GET', url })).statusCode).toBe(401);
  expect((await call(ctx.app, { method: 'GET', url, token: publisher.token })).json()).toHaveLength(1);
  expect(
    (
      await call(ctx.app, {
        method: 'GET',
        url: '/api/studentCourse/GetAssignedCourses/-1',
        token: student.token,
      })
    ).statusCode,
  ).toBe(400);
});
