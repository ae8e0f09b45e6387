import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { issueCertificate } from '../../modules/certificates/certificates.repository';
import { findCourseFigures } from '../../modules/courses/courses.repository';
import { listEnrolledCourses } from '../../modules/enrolments/enrolments.repository';
import { countEnrolledCourses } from '../../modules/users/users.repository';
import { courses, enrolments, lessonProgress, lessons, sections } from '../schema';

/**
 * The one completion rule (completion.ts), seen the same way by the four places that count: a student's
 * progress per course, My Profile's completed courses, the certificate's issue, and the course's figures
 * (with the course detail's lesson count, which reads the figures' count).
 */
let ctx: TestContext;
let publisher: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  publisher = await createPublisher(ctx);
});
afterAll(async () => ctx.close());

/** A course whose only counted lesson is `counted`: the others are unpublished, or in a hidden section. */
async function courseWithOneCountedLesson() {
  const { db } = ctx.database;
  const course = await createCourse(ctx, publisher.orgId ?? 0);
  await db.update(courses).set({ certificate: true }).where(eq(courses.id, course.id));
  const [shown, hidden] = await db
    .insert(sections)
    .values([
      { courseId: course.id, name: 'Shown', published: true, orderNumber: 1 },
      { courseId: course.id, name: 'Hidden', published: false, orderNumber: 2 },
    ])
    .returning();
  if (!shown || !hidden) throw new Error('no sections');
  const [counted, draft, inHidden] = await db
    .insert(lessons)
    .values([
      { sectionId: shown.id, title: 'Counted', contentType: 'pdf', published: true },
      { sectionId: shown.id, title: 'Draft', contentType: 'pdf', published: false },
      { sectionId: hidden.id, title: 'In hidden', contentType: 'pdf', published: true },
    ])
    .returning();
  if (!counted || !draft || !inHidden) throw new Error('no lessons');
  return { courseId: course.id, counted: counted.id, others: [draft.id, inHidden.id] };
}

async function complete(userId: number, lessonIds: number[]) {
  await ctx.database.db
    .insert(lessonProgress)
    .values(lessonIds.map((lessonId) => ({ userId, lessonId, started: true, completed: true })));
}

/** The completion My Courses shows for one enrolment (read with the list's page). */
async function completionIn(userId: number, courseId: number) {
  const { rows } = await listEnrolledCourses(ctx.database.db, userId, { courseId });
  return rows[0] && { total: rows[0].total, completed: rows[0].completed };
}

const issue = (userId: number, courseId: number) =>
  issueCertificate(ctx.database.db, { number: `SW-TEST-${userId}-${courseId}`, userId, courseId });

test('only published lessons of published sections count, and all of them must be completed', async () => {
  const { db } = ctx.database;
  const { courseId, counted, others } = await courseWithOneCountedLesson();
  const student = await createStudent(ctx);
  await db.insert(enrolments).values({ userId: student.userId, courseId, source: 'assigned' });

  // The lessons that do not count, completed: the course is not.
  await complete(student.userId, others);
  expect(await completionIn(student.userId, courseId)).toEqual({
    total: 1,
    completed: 0,
  });
  expect(await countEnrolledCourses(db, student.userId)).toEqual({ courses: 1, completed: 0 });
  expect(await issue(student.userId, courseId)).toBeUndefined();

  // The one that counts: completed everywhere at once.
  await complete(student.userId, [counted]);
  expect(await completionIn(student.userId, courseId)).toEqual({
    total: 1,
    completed: 1,
  });
  expect(await countEnrolledCourses(db, student.userId)).toEqual({ courses: 1, completed: 1 });
  expect(await issue(student.userId, courseId)).toEqual(expect.any(Number));
  expect((await findCourseFigures(db, [courseId])).get(courseId)?.lessons).toBe(1);
});

test("a student's completion of one course counts nothing in another, nor another student's", async () => {
  const { db } = ctx.database;
  const first = await courseWithOneCountedLesson();
  const second = await courseWithOneCountedLesson();
  const student = await createStudent(ctx);
  const other = await createStudent(ctx);
  for (const { userId } of [student, other]) {
    await db.insert(enrolments).values([
      { userId, courseId: first.courseId, source: 'assigned' },
      { userId, courseId: second.courseId, source: 'assigned' },
    ]);
  }
  await complete(student.userId, [first.counted]);
  await complete(other.userId, [second.counted]);
  const { rows } = await listEnrolledCourses(db, student.userId);
  expect(rows.map((r) => [r.id, r.total, r.completed])).toEqual([
    [first.courseId, 1, 1],
    [second.courseId, 1, 0],
  ]);
  expect(await completionIn(other.userId, first.courseId)).toEqual({ total: 1, completed: 0 });
  expect(await completionIn(other.userId, second.courseId)).toEqual({ total: 1, completed: 1 });
});

test('a course with no counted lesson is never completed', async () => {
  const { db } = ctx.database;
  const course = await createCourse(ctx, publisher.orgId ?? 0);
  await db.update(courses).set({ certificate: true }).where(eq(courses.id, course.id));
  const student = await createStudent(ctx);
  await db.insert(enrolments).values({ userId: student.userId, courseId: course.id, source: 'assigned' });
  expect(await countEnrolledCourses(db, student.userId)).toEqual({ courses: 1, completed: 0 });
  expect(await completionIn(student.userId, course.id)).toEqual({ total: 0, completed: 0 });
  expect(await issue(student.userId, course.id)).toBeUndefined();
});

test('the course detail counts the published lessons once, from the figures; its staff see them all', async () => {
  const { courseId } = await courseWithOneCountedLesson();
  const url = `/api/courses/details/${courseId}`;
  const publicDetail = (await call(ctx.app, { method: 'GET', url })).json();
  expect(publicDetail.lessons_count).toBe(1);
  expect(publicDetail.published_lessons_count).toBe(1);
  expect(publicDetail.sections_count).toBe(1);
  const staffDetail = (await call(ctx.app, { method: 'GET', url, token: publisher.token })).json();
  expect(staffDetail.lessons_count).toBe(3);
  expect(staffDetail.sections_count).toBe(2);
  expect(staffDetail.published_lessons_count).toBe(1);
});
