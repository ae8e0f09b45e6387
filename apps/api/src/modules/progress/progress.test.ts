import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assignedCourseSchema,
  courseProgressSchema,
  lessonProgressSchema,
  type SavedLessonProgress,
} from '@skillwise/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { publishVideoLesson } from '../../../test/authoring';
import {
  createCourse,
  createPublisher,
  createStudent,
  studentActor,
  type TestUser,
} from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { FakeClock, play, recordWatched } from '../../../test/player';
import { certificates, enrolments, lessonProgress, lessons, sections } from '../../db/schema';
import { CertificateService } from '../certificates/certificates.service';
import { ProgressService } from './progress.service';

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
  test('a position is saved and resumed; a pdf and a text lesson are marked done and undone', async () => {
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

    const done = await save(student.token, { lesson_Id: pdf?.id, completed: true });
    expect(done.json()).toMatchObject({ completed: true, positionSeconds: 0 });
    const completedAt = done.json().completed_date;
    expect(typeof completedAt).toBe('string');
    // Marked done again: still done, since the first time.
    expect((await save(student.token, { lesson_Id: pdf?.id, completed: true })).json()).toMatchObject({
      completed: true,
      completed_date: completedAt,
    });
    let now = courseProgressSchema.parse((await progressOf(student.token, course.id)).json());
    expect(now).toMatchObject({ completedLessons: 1, progress: '33%', nextLesson_Id: video?.id });

    await save(student.token, { lesson_Id: text?.id, completed: true });
    now = courseProgressSchema.parse((await progressOf(student.token, course.id)).json());
    expect(now).toMatchObject({ completedLessons: 2, progress: '67%', nextLesson_Id: video?.id });

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
    expect(now).toMatchObject({ completedLessons: 1, progress: '33%', nextLesson_Id: video?.id });

    await save(student.token, { lesson_Id: pdf?.id, completed: 'true' });
    await recordWatched(ctx, student.userId, video?.id ?? 0);
    now = courseProgressSchema.parse((await progressOf(student.token, course.id)).json());
    expect(now).toMatchObject({ completedLessons: 3, progress: '100%', nextLesson_Id: null });
  });

  test('completed: true on a video or audio lesson is a 400 naming completed; false (undo) is taken', async () => {
    const publisher = await createPublisher(ctx);
    const { course, lessons: made } = await courseWithLessons(publisher.orgId ?? 0);
    const [video] = made;
    const [audio, bulkVideo] = await ctx.database.db
      .insert(lessons)
      .values([
        { sectionId: video?.sectionId ?? 0, title: 'Talk', contentType: 'audio', published: true },
        { sectionId: video?.sectionId ?? 0, title: 'Bulk', contentType: 'video/mp4', published: true },
      ])
      .returning();
    const student = await createStudent(ctx);
    await enrol(student, course.id);
    for (const lesson of [video, audio, bulkVideo]) {
      for (const body of [
        { lesson_Id: lesson?.id, completed: true },
        { lesson_Id: lesson?.id, completed: 'true', positionSeconds: 60, durationSeconds: 60 },
      ]) {
        const res = await save(student.token, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION' });
        expect(res.json().details).toEqual([
          { field: 'completed', message: expect.stringContaining('watched') },
        ]);
      }
    }
    // The course's publisher is told the same (its preview records nothing either way).
    expect((await save(publisher.token, { lesson_Id: video?.id, completed: true })).statusCode).toBe(400);
    expect(await rowsOf(student.userId)).toEqual([]);

    // Undo stays for every kind: a video completed before is no longer counted until watched again.
    await recordWatched(ctx, student.userId, video?.id ?? 0);
    const undone = await save(student.token, { lesson_Id: video?.id, completed: false });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ completed: false, completed_date: null });
  });

  test('un-starting a lesson (ChangeLessonStartedFlag false) keeps its position and completion', async () => {
    const publisher = await createPublisher(ctx);
    const { course, lessons: made } = await courseWithLessons(publisher.orgId ?? 0);
    const [video, pdf] = made;
    const student = await createStudent(ctx);
    await enrol(student, course.id);
    await save(student.token, { lesson_Id: video?.id, positionSeconds: 95, durationSeconds: 100 });
    await save(student.token, { lesson_Id: pdf?.id, completed: true });
    for (const lesson of [video, pdf]) {
      const unstart = await call(ctx.app, {
        method: 'PUT',
        url: `/api/lessons/ChangeLessonStartedFlag?lesson_Id=${lesson?.id}&lessonstarted=false`,
        token: student.token,
        body: { lesson_Id: lesson?.id, lessonstarted: false },
      });
      expect(unstart.statusCode).toBe(200);
    }
    const rows = await rowsOf(student.userId);
    expect(rows.find((r) => r.lessonId === video?.id)).toMatchObject({ started: false, positionSeconds: 95 });
    expect(rows.find((r) => r.lessonId === pdf?.id)).toMatchObject({ started: false, completed: true });
    const progress = courseProgressSchema.parse((await progressOf(student.token, course.id)).json());
    expect(progress.lessons[1]).toMatchObject({ lessonstarted: false, completed: true });
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
    // Not a 400 for marking a video done: what the lesson is stays unsaid to those who cannot study it.
    expect((await save(stranger.token, { lesson_Id: made[0]?.id, completed: true })).statusCode).toBe(404);
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

    const res = await save(publisher.token, { lesson_Id: made[0]?.id, positionSeconds: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lessonstarted: false, completed: false, positionSeconds: 0 });
    const done = await save(publisher.token, { lesson_Id: made[1]?.id, completed: true });
    expect(done.json()).toMatchObject({ lessonstarted: false, completed: false, positionSeconds: 0 });
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
    await recordWatched(ctx, student.userId, video?.id ?? 0);

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

/**
 * Watched time (DESIGN decision 12, docs/decisions/010): a real 60-second video whose length the server
 * read from the file at upload, in a course of that one lesson giving a certificate, and the service on a
 * clock the test moves.
 */
describe('a video completes from the time the server saw watched', () => {
  const clock = new FakeClock();
  let progress: ProgressService;
  let course: { course_Id: number };
  let lessonId: number;

  beforeAll(async () => {
    progress = new ProgressService({
      db: ctx.database.db,
      certificates: new CertificateService({ db: ctx.database.db, publicUrl: ctx.config.publicUrl }),
      now: clock.now,
    });
    const data = await readFile(path.join(import.meta.dirname, '../../../test/fixtures/media/video-60s.mp4'));
    const published = await publishVideoLesson(ctx, { preview: false, data });
    course = published.course;
    lessonId = published.lesson.lesson_Id;
    const [lesson] = await ctx.database.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(lesson?.durationSeconds).toBeCloseTo(60, 3);
  });

  /** A student enrolled in the course, and its saves of the video through the service. */
  async function viewer() {
    const student = await createStudent(ctx);
    await enrol(student, course.course_Id);
    const actor = studentActor(student);
    const at = (positionSeconds: number, extra: object = {}) =>
      progress.save(actor, { lesson_Id: lessonId, positionSeconds, ...extra });
    return { student, at };
  }

  /** The seconds of the video the server credited the student with. */
  async function watchedSeconds(student: TestUser): Promise<number> {
    const [row] = await ctx.database.db
      .select({
        ms: sql<number>`(select coalesce(sum(upper(r) - lower(r)), 0) from unnest(${lessonProgress.watched}) r)::int`,
      })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, student.userId), eq(lessonProgress.lessonId, lessonId)));
    return (row?.ms ?? 0) / 1000;
  }

  const certificatesOf = (student: TestUser) =>
    ctx.database.db.select().from(certificates).where(eq(certificates.userId, student.userId));

  const completedBy = (answers: SavedLessonProgress[]) => answers.findIndex((a) => a.completed);

  test('crafted saves complete nothing and earn no certificate', async () => {
    // 59 s of 60, one second after 0 s.
    const early = await viewer();
    await early.at(0);
    clock.advance(1);
    expect(await early.at(59, { durationSeconds: 60 })).toMatchObject({
      completed: false,
      positionSeconds: 59,
    });
    expect(await watchedSeconds(early.student)).toBeCloseTo(2, 3);

    // A duration of one second, claimed by the client.
    const short = await viewer();
    await short.at(0, { durationSeconds: 1 });
    clock.advance(1);
    expect((await short.at(1, { durationSeconds: 1 })).completed).toBe(false);
    expect((await short.at(60, { durationSeconds: 1 })).completed).toBe(false);

    // completed: true is refused for a video, and records nothing.
    const claimed = await viewer();
    await expect(
      progress.save(studentActor(claimed.student), { lesson_Id: lessonId, completed: true }),
    ).rejects.toMatchObject({ code: 'VALIDATION', details: [{ field: 'completed' }] });
    expect(await rowsOf(claimed.student.userId)).toEqual([]);

    // A seek to the end, moments after starting: only what the clock allows is credited.
    const seeker = await viewer();
    await seeker.at(0);
    clock.advance(2);
    expect((await seeker.at(60)).completed).toBe(false);
    clock.advance(1);
    expect((await seeker.at(60)).completed).toBe(false);
    expect(await watchedSeconds(seeker.student)).toBeCloseTo(4, 3);

    // Many saves at one moment, each a few seconds further: no slack is given away per save.
    const burst = await viewer();
    for (let position = 0; position <= 60; position += 3) {
      expect((await burst.at(position)).completed).toBe(false);
    }
    expect(await watchedSeconds(burst.student)).toBe(0);

    for (const { student } of [early, short, claimed, seeker, burst]) {
      expect(await certificatesOf(student)).toEqual([]);
    }
  });

  test.each([1, 2])('an honest player at %ix completes the video and earns the certificate', async (rate) => {
    const { student, at } = await viewer();
    const answers = await play(clock, at, { from: 0, to: 60, rate });
    // Complete only with the last save (the end): 50 s at 1x, 40 s at 2x are not yet 90%.
    expect(completedBy(answers)).toBe(answers.length - 1);
    expect(answers.at(-1)?.certificate?.number).toMatch(/^SW-/);
    expect(await watchedSeconds(student)).toBeCloseTo(60, 3);
    expect(await certificatesOf(student)).toHaveLength(1);
  });

  test('saves held up by timers and the network still complete at 2x', async () => {
    const { student, at } = await viewer();
    const answers = await play(clock, at, { from: 0, to: 60, rate: 2, late: [0.4, 0, 0.3] });
    expect(answers.at(-1)).toMatchObject({ completed: true });
    expect(answers.at(-1)?.certificate).toBeDefined();
    const watched = await watchedSeconds(student);
    expect(watched).toBeGreaterThanOrEqual(54);
    expect(watched).toBeLessThanOrEqual(60);
  });

  test('a part watched twice counts once', async () => {
    const { student, at } = await viewer();
    await play(clock, at, { from: 0, to: 30, rate: 1 });
    // Back to the start, and the same 30 seconds again: 60 seconds of watching, 30 of the video.
    clock.advance(1);
    const again = await play(clock, at, { from: 0, to: 30, rate: 1 });
    expect(again.some((a) => a.completed)).toBe(false);
    expect(await watchedSeconds(student)).toBeCloseTo(30, 3);
    // The rest of the video completes it.
    const rest = await play(clock, at, { from: 30, to: 60, rate: 1 });
    expect(rest.at(-1)).toMatchObject({ completed: true });
    expect(rest.at(-1)?.certificate).toBeDefined();
  });

  test('two saves racing credit the time between them once', async () => {
    const { student, at } = await viewer();
    await at(0);
    clock.advance(10);
    const answers = await Promise.all([at(20), at(40), at(60), at(20), at(40)]);
    expect(answers.some((a) => a.completed)).toBe(false);
    // Ten seconds at 2x: twenty seconds of the video, however many saves claim more.
    expect(await watchedSeconds(student)).toBeCloseTo(20, 3);
  });

  test('a video whose length the server has not read completes once it has, from the time already watched', async () => {
    const { student, at } = await viewer();
    await ctx.database.db.update(lessons).set({ durationSeconds: null }).where(eq(lessons.id, lessonId));
    try {
      const answers = await play(clock, at, { from: 0, to: 60, rate: 1 });
      expect(answers.some((a) => a.completed)).toBe(false);
      expect(await watchedSeconds(student)).toBeCloseTo(60, 3);
    } finally {
      await ctx.database.db.update(lessons).set({ durationSeconds: 60 }).where(eq(lessons.id, lessonId));
    }
    clock.advance(30);
    const next = await at(60);
    expect(next).toMatchObject({ completed: true });
    expect(next.certificate).toBeDefined();
  });

  test('undoing a watched video keeps what was watched: the next save completes it again', async () => {
    const { student, at } = await viewer();
    await play(clock, at, { from: 0, to: 60, rate: 2 });
    const actor = studentActor(student);
    expect(await progress.save(actor, { lesson_Id: lessonId, completed: false })).toMatchObject({
      completed: false,
    });
    clock.advance(5);
    const again = await at(60);
    expect(again).toMatchObject({ completed: true });
    // The certificate is held already: nothing more is issued.
    expect(again.certificate).toBeUndefined();
    expect(await certificatesOf(student)).toHaveLength(1);
  });
});
