import { assignedCourseSchema, courseProgressSchema, lessonProgressSchema } from '@skillwise/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { enrolments, lessonProgress, lessons, sections } from '../../db/schema';
import { completionOf } from './progress.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** A published course of two published sections: a video and a pdf, then a text lesson. */
async function courseWithLessons(orgId: number) {
  const course = await createCourse(ctx, orgId);
  const { db } = ctx.database;
  const [first, second] = await db
    .insert(sections)
    .values([
      { courseId: course.id, name: 'One', published: true, orderNumber: 1 },
      { courseId: course.id, name: 'Two', published: true, orderNumber: 2 },
    ])
    .returning();
  const made = await db
    .insert(lessons)
    .values([
      { sectionId: first?.id ?? 0, title: 'Video', contentType: 'video', published: true, orderNumber: 1 },
      { sectionId: first?.id ?? 0, title: 'Notes', contentType: 'pdf', published: true, orderNumber: 2 },
      { sectionId: second?.id ?? 0, title: 'Text', contentType: 'text', published: true, orderNumber: 1 },
    ])
    .returning();
  return { course, sections: [first, second], lessons: made };
}

async function enrol(student: TestUser, courseId: number) {
  await ctx.database.db.insert(enrolments).values({ userId: student.userId, courseId, source: 'assigned' });
}

const save = (token: string | undefined, body: unknown) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/studentCourse/SaveLessonProgress',
    ...(token ? { token } : {}),
    body: body as object,
  });

const progressOf = (token: string | undefined, courseId: number | string) =>
  call(ctx.app, {
    method: 'GET',
    url: `/api/studentCourse/GetCourseProgress/${courseId}`,
    ...(token ? { token } : {}),
  });

const rowsOf = (userId: number) =>
  ctx.database.db.select().from(lessonProgress).where(eq(lessonProgress.userId, userId));

describe('studentCourse/SaveLessonProgress and GetCourseProgress', () => {
  test('a position is saved and resumed; 90% of a video completes it; a pdf is marked done and undone', async () => {
    const publisher = await createPublisher(ctx);
    const { course, lessons: made } = await courseWithLessons(publisher.orgId ?? 0);
    const [video, pdf, text] = made;
    const student = await createStudent(ctx);
    await enrol(student, course.id);

    const fresh = await progressOf(student.token, course.id);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(courseProgressSchema.parse(fresh.json())).toMatchObject({
      course_Id: course.id,
      totalLessons: 3,
      completedLessons: 0,
      progress: '0%',
      nextLesson_Id: video?.id,
    });

    const moved = await save(student.token, {
      lesson_Id: video?.id,
      positionSeconds: 12.5,
      durationSeconds: 100,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(lessonProgressSchema.parse(moved.json())).toEqual({
      lesson_Id: video?.id,
      lessonstarted: true,
      positionSeconds: 12.5,
      completed: false,
      completed_date: null,
    });
    const resumed = courseProgressSchema.parse((await progressOf(student.token, course.id)).json());
    expect(resumed.lessons[0]).toMatchObject({
      lesson_Id: video?.id,
      positionSeconds: 12.5,
      completed: false,
    });

    // Watched to 90% of its duration: complete; the course moves on to the next lesson.
    const watched = await save(student.token, {
      lesson_Id: video?.id,
      positionSeconds: 90,
      durationSeconds: 100,
    });
    expect(watched.json()).toMatchObject({ completed: true, positionSeconds: 90 });
    const completedAt = watched.json().completed_date;
    expect(typeof completedAt).toBe('string');
    // Watching again from the start keeps it complete, and the first completion time.
    const again = await save(student.token, {
      lesson_Id: video?.id,
      positionSeconds: 3,
      durationSeconds: 100,
    });
    expect(again.json()).toMatchObject({ completed: true, positionSeconds: 3, completed_date: completedAt });

    expect((await save(student.token, { lesson_Id: pdf?.id, completed: true })).json()).toMatchObject({
      completed: true,
      positionSeconds: 0,
    });
    let now = courseProgressSchema.parse((await progressOf(student.token, course.id)).json());
    expect(now).toMatchObject({ completedLessons: 2, progress: '67%', nextLesson_Id: text?.id });

    // The Enrollments table and My Courses show the same share.
    const assigned = await call(ctx.app, {
      method: 'GET',
      url: `/api/studentCourse/GetAssignedCourses/${student.userId}`,
      token: publisher.token,
    });
    expect(assignedCourseSchema.parse(assigned.json()[0]).progress).toBe('67%');

    // Undo.
    expect((await save(student.token, { lesson_Id: pdf?.id, completed: false })).json()).toMatchObject({
      completed: false,
      completed_date: null,
    });
    now = courseProgressSchema.parse((await progressOf(student.token, course.id)).json());
    expect(now).toMatchObject({ completedLessons: 1, progress: '33%', nextLesson_Id: pdf?.id });

    await save(student.token, { lesson_Id: pdf?.id, completed: 'true' });
    await save(student.token, { lesson_Id: text?.id, completed: true });
    now = courseProgressSchema.parse((await progressOf(student.token, course.id)).json());
    expect(now).toMatchObject({ completedLessons: 3, progress: '100%', nextLesson_Id: null });
  });

  test('un-starting a lesson (ChangeLessonStartedFlag false) keeps its position and completion', async () => {
    const publisher = await createPublisher(ctx);
    const { course, lessons: made } = await courseWithLessons(publisher.orgId ?? 0);
    const video = made[0];
    const student = await createStudent(ctx);
    await enrol(student, course.id);
    await save(student.token, { lesson_Id: video?.id, positionSeconds: 95, durationSeconds: 100 });
    const unstart = await call(ctx.app, {
      method: 'PUT',
      url: `/api/lessons/ChangeLessonStartedFlag?lesson_Id=${video?.id}&lessonstarted=false`,
      token: student.token,
      body: { lesson_Id: video?.id, lessonstarted: false },
    });
    expect(unstart.statusCode).toBe(200);
    const [row] = await rowsOf(student.userId);
    expect(row).toMatchObject({ started: false, positionSeconds: 95, completed: true });
    const progress = courseProgressSchema.parse((await progressOf(student.token, course.id)).json());
    expect(progress.lessons[0]).toMatchObject({ lessonstarted: false, completed: true });
  });

  test('no token is a 401', async () => {
    expect((await save(undefined, { lesson_Id: 1, positionSeconds: 1 })).statusCode).toBe(401);
    expect((await progressOf(undefined, 1)).statusCode).toBe(401);
  });

  test('bad input is a 400 naming the field', async () => {
    const student = await createStudent(ctx);
    const cases: Array<[unknown, string]> = [
      [{ positionSeconds: 1 }, 'lesson_Id'],
      [{ lesson_Id: 'abc', positionSeconds: 1 }, 'lesson_Id'],
      [{ lesson_Id: 1 }, 'positionSeconds'],
      [{ lesson_Id: 1, positionSeconds: -1 }, 'positionSeconds'],
      [{ lesson_Id: 1, positionSeconds: 86_401 }, 'positionSeconds'],
      [{ lesson_Id: 1, positionSeconds: '12' }, 'positionSeconds'],
      [{ lesson_Id: 1, positionSeconds: 1e308 * 10 }, 'positionSeconds'],
      [{ lesson_Id: 1, positionSeconds: 5, durationSeconds: -3 }, 'durationSeconds'],
      [{ lesson_Id: 1, completed: 'maybe' }, 'completed'],
    ];
    for (const [body, field] of cases) {
      const res = await save(student.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const notJson = await call(ctx.app, {
      method: 'POST',
      url: '/api/studentCourse/SaveLessonProgress',
      token: student.token,
      body: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect((await progressOf(student.token, 'abc')).statusCode).toBe(400);
    expect((await progressOf(student.token, 0)).statusCode).toBe(400);
    expect(await rowsOf(student.userId)).toEqual([]);
  });

  test('a student not enrolled, or another organisation’s publisher, reads and records nothing (404)', async () => {
    const publisher = await createPublisher(ctx);
    const other = await createPublisher(ctx);
    const { course, lessons: made } = await courseWithLessons(publisher.orgId ?? 0);
    const student = await createStudent(ctx);
    const stranger = await createStudent(ctx);
    await enrol(student, course.id);
    await save(student.token, { lesson_Id: made[0]?.id, positionSeconds: 40 });

    expect((await save(stranger.token, { lesson_Id: made[0]?.id, positionSeconds: 5 })).statusCode).toBe(404);
    expect((await progressOf(stranger.token, course.id)).statusCode).toBe(404);
    expect((await save(other.token, { lesson_Id: made[0]?.id, positionSeconds: 5 })).statusCode).toBe(404);
    expect((await progressOf(other.token, course.id)).statusCode).toBe(404);
    expect((await save(student.token, { lesson_Id: 2_000_000_000, completed: true })).statusCode).toBe(404);
    expect((await progressOf(student.token, 2_000_000_000)).statusCode).toBe(404);
    expect(await rowsOf(stranger.userId)).toEqual([]);
    // The student's own position stays its own: another's read of the course shows none of it.
    const [row] = await rowsOf(student.userId);
    expect(row?.positionSeconds).toBe(40);
  });

  test('the course’s publisher in preview gets untouched state and records nothing', async () => {
    const publisher = await createPublisher(ctx);
    const { course, lessons: made } = await courseWithLessons(publisher.orgId ?? 0);
    const student = await createStudent(ctx);
    await enrol(student, course.id);
    await save(student.token, { lesson_Id: made[1]?.id, completed: true });

    const res = await save(publisher.token, { lesson_Id: made[0]?.id, positionSeconds: 30, completed: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lessonstarted: false, completed: false, positionSeconds: 0 });
    expect(await rowsOf(publisher.userId)).toEqual([]);
    const preview = courseProgressSchema.parse((await progressOf(publisher.token, course.id)).json());
    // A student's completion is never shown in the publisher's preview.
    expect(preview).toMatchObject({ totalLessons: 3, completedLessons: 0, nextLesson_Id: made[0]?.id });
  });

  test('an unpublished course, section or lesson refuses; progress counts published lessons only', async () => {
    const publisher = await createPublisher(ctx);
    const { course, sections: made, lessons: list } = await courseWithLessons(publisher.orgId ?? 0);
    const [video, pdf, text] = list;
    const student = await createStudent(ctx);
    await enrol(student, course.id);
    const { db } = ctx.database;
    await save(student.token, { lesson_Id: video?.id, completed: true });

    await db
      .update(lessons)
      .set({ published: false })
      .where(eq(lessons.id, pdf?.id ?? 0));
    expect((await save(student.token, { lesson_Id: pdf?.id, completed: true })).statusCode).toBe(404);
    let progress = courseProgressSchema.parse((await progressOf(student.token, course.id)).json());
    expect(progress).toMatchObject({
      totalLessons: 2,
      completedLessons: 1,
      progress: '50%',
      nextLesson_Id: text?.id,
    });

    await db
      .update(sections)
      .set({ published: false })
      .where(eq(sections.id, made[1]?.id ?? 0));
    expect((await save(student.token, { lesson_Id: text?.id, positionSeconds: 1 })).statusCode).toBe(404);
    progress = courseProgressSchema.parse((await progressOf(student.token, course.id)).json());
    expect(progress).toMatchObject({
      totalLessons: 1,
      completedLessons: 1,
      progress: '100%',
      nextLesson_Id: null,
    });

    await db
      .update(lessons)
      .set({ published: true })
      .where(eq(lessons.id, pdf?.id ?? 0));
    await call(ctx.app, {
      method: 'PUT',
      url: '/api/courses/publishUnpublishCourse',
      token: publisher.token,
      body: { Id: course.id, published: false },
    });
    expect((await save(student.token, { lesson_Id: video?.id, positionSeconds: 1 })).statusCode).toBe(404);
    expect((await progressOf(student.token, course.id)).statusCode).toBe(404);
    const rows = await db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, student.userId), eq(lessonProgress.lessonId, pdf?.id ?? 0)));
    expect(rows).toEqual([]);
  });
});

describe('completionOf', () => {
  test('completes at 90% of the duration, never un-completes from a position', () => {
    expect(completionOf({ positionSeconds: 89.9, durationSeconds: 100 })).toBeUndefined();
    expect(completionOf({ positionSeconds: 90, durationSeconds: 100 })).toBe(true);
    expect(completionOf({ positionSeconds: 5 })).toBeUndefined();
    expect(completionOf({ positionSeconds: 5, durationSeconds: 0 })).toBeUndefined();
    expect(completionOf({ positionSeconds: 100, durationSeconds: 100, completed: false })).toBe(false);
  });
});
