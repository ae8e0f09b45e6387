import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type CourseFigures, courseDetailSchema, courseListItemSchema } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addSection, authorCourse } from '../../../test/authoring';
import { createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { fixtures, upload } from '../../../test/uploads';
import { courses, enrolments, lessons, sections } from '../../db/schema';

const FIXTURES = path.join(import.meta.dirname, '../../../test/fixtures/media');

/** What the database holds for a course, computed here without the code under test. */
async function figuresInDatabase(ctx: TestContext, courseId: number): Promise<CourseFigures> {
  const { db } = ctx.database;
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw new Error(`no course ${courseId}`);
  const sectionRows = await db.select().from(sections).where(eq(sections.courseId, courseId));
  const lessonRows = (
    await db.select().from(lessons).innerJoin(sections, eq(sections.id, lessons.sectionId))
  ).filter((row) => row.sections.courseId === courseId);
  const visible = lessonRows.filter((row) => row.sections.published && row.lessons.published);
  const students = await db.$count(enrolments, eq(enrolments.courseId, courseId));
  const times = [
    course.updatedAt,
    ...sectionRows.map((s) => s.updatedAt),
    ...lessonRows.map((l) => l.lessons.updatedAt),
  ];
  return {
    students_count: students,
    published_lessons_count: visible.length,
    duration_seconds: Math.round(visible.reduce((sum, row) => sum + (row.lessons.durationSeconds ?? 0), 0)),
    last_updated: new Date(Math.max(...times.map((t) => t.getTime()))).toISOString(),
  };
}

const figuresOf = (answer: Partial<CourseFigures>) => ({
  students_count: answer.students_count,
  published_lessons_count: answer.published_lessons_count,
  duration_seconds: answer.duration_seconds,
  last_updated: answer.last_updated,
});

describe('course figures in the course detail and the catalogue cards', () => {
  let ctx: TestContext;
  let publisher: TestUser;
  let courseId: number;

  beforeAll(async () => {
    // No answer cache: every call reads the database (the cache has its own test below).
    ctx = await createTestContext({ PUBLIC_CACHE_SECONDS: '0' });
    publisher = await createPublisher(ctx);
    courseId = (await authorCourse(ctx, publisher.token)).course.course_Id;
    await put(publisher, '/api/courses/publishUnpublishCourse', { Id: courseId, published: true });
  });
  afterAll(async () => ctx?.close());

  const put = async (user: TestUser, url: string, body: unknown) => {
    const res = await call(ctx.app, { method: 'PUT', url, token: user.token, body });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  const detail = async (token?: string) => {
    const res = await call(ctx.app, {
      method: 'GET',
      url: `/api/courses/details/${courseId}`,
      ...(token ? { token } : {}),
    });
    expect(res.statusCode).toBe(200);
    return courseDetailSchema.parse(res.json());
  };

  const card = async (url: string, id: number, token?: string) => {
    const res = await call(ctx.app, { method: 'GET', url, ...(token ? { token } : {}) });
    expect(res.statusCode).toBe(200);
    const found = (res.json() as unknown[])
      .map((c) => courseListItemSchema.parse(c))
      .find((c) => c.course_Id === id);
    if (!found) throw new Error(`course ${id} is not in ${url}`);
    return found;
  };

  const lesson = async (sectionId: number, contentType: string, file: string | Buffer, title = 'Lesson') => {
    const data = typeof file === 'string' ? await readFile(path.join(FIXTURES, file)) : file;
    const res = await upload(
      ctx.app,
      'POST',
      '/api/lessons/createLessons',
      publisher.token,
      {
        'Object.lesson_Id': 0,
        'Object.lesson_title': title,
        'Object.contentType': contentType,
        'Object.section_Id': sectionId,
      },
      { field: 'fileName', filename: 'file', contentType: 'application/octet-stream', data },
    );
    expect(res.statusCode).toBe(201);
    return res.json().lesson_Id as number;
  };

  /** Every answer that shows the course's figures shows the same ones: the database's. */
  const expectFigures = async (expected: Partial<CourseFigures> = {}) => {
    const truth = await figuresInDatabase(ctx, courseId);
    expect(truth).toMatchObject(expected);
    const student = await createStudent(ctx);
    for (const answer of [
      await detail(),
      await detail(student.token),
      await detail(publisher.token),
      await card('/api/courses/GetAllCoursesDetail', courseId),
      await card('/api/courses/GetAllCoursesDetail?page=1&pageSize=100', courseId),
    ]) {
      expect(figuresOf(answer)).toEqual(truth);
    }
    // The publisher's own list shows no figures and reads none.
    const own = await card('/api/courses/GetCoursesbyOrgId?page=1&pageSize=100', courseId, publisher.token);
    expect(own.students_count).toBeUndefined();
    return truth;
  };

  test('a new course: no students, no lessons, no duration, updated when it was made or published', async () => {
    const truth = await expectFigures({ students_count: 0, published_lessons_count: 0, duration_seconds: 0 });
    const [row] = await ctx.database.db.select().from(courses).where(eq(courses.id, courseId));
    expect(truth.last_updated).toBe(row?.updatedAt.toISOString());
  });

  test('published lessons of published sections count, with the duration of their video and audio', async () => {
    const open = (await addSection(ctx, publisher.token, courseId, 'Open')).section_Id as number;
    const hidden = (await addSection(ctx, publisher.token, courseId, 'Hidden')).section_Id as number;
    const video = await lesson(open, 'video', 'video.mp4');
    const audio = await lesson(open, 'audio', 'audio-vbr.mp3');
    const pdf = await lesson(open, 'pdf', fixtures.pdf(), 'Notes');
    // A draft lesson: not published.
    await lesson(open, 'video', 'video.webm');
    const inHiddenSection = await lesson(hidden, 'video', 'video.mkv');
    // Nothing published yet: nothing counts.
    await expectFigures({ published_lessons_count: 0, duration_seconds: 0 });

    await put(publisher, '/api/courseSections/publishUnpublishSection', { Id: open, published: true });
    for (const id of [video, audio, pdf, inHiddenSection]) {
      await put(publisher, '/api/lessons/publishUnpublishLesson', { Id: id, published: true });
    }
    // video 3 s + audio 3.168 s; the draft lesson and the hidden section's lesson are not counted.
    await expectFigures({ published_lessons_count: 3, duration_seconds: 6 });

    await put(publisher, '/api/lessons/publishUnpublishLesson', { Id: audio, published: false });
    const truth = await expectFigures({ published_lessons_count: 2, duration_seconds: 3 });
    const [changed] = await ctx.database.db.select().from(lessons).where(eq(lessons.id, audio));
    // Unpublishing is the latest change.
    expect(truth.last_updated).toBe(changed?.updatedAt.toISOString());
  });

  test('enrolled students are counted, however they came', async () => {
    const before = (await figuresInDatabase(ctx, courseId)).students_count;
    for (const source of ['purchased', 'assigned', 'free', 'purchased'] as const) {
      const student = await createStudent(ctx);
      await ctx.database.db.insert(enrolments).values({ userId: student.userId, courseId, source });
    }
    await expectFigures({ students_count: before + 4 });
  });

  test('each card of a page has its own course’s figures', async () => {
    const other = (await authorCourse(ctx, publisher.token, { 'Object.course_title': 'Second course' }))
      .course.course_Id as number;
    await put(publisher, '/api/courses/publishUnpublishCourse', { Id: other, published: true });
    const student = await createStudent(ctx);
    await ctx.database.db
      .insert(enrolments)
      .values({ userId: student.userId, courseId: other, source: 'free' });
    const res = await call(ctx.app, {
      method: 'GET',
      url: '/api/courses/GetAllCoursesDetail?page=1&pageSize=12',
    });
    const list = (res.json() as unknown[]).map((c) => courseListItemSchema.parse(c));
    expect(list.length).toBeGreaterThanOrEqual(2);
    for (const item of list) {
      expect(figuresOf(item)).toEqual(await figuresInDatabase(ctx, item.course_Id));
    }
    expect(list.find((c) => c.course_Id === other)?.students_count).toBe(1);
  });

  test('an unpublished course’s figures reach its staff only; a bad id is a 400', async () => {
    const draft = (await authorCourse(ctx, publisher.token, { 'Object.course_title': 'Draft' })).course
      .course_Id as number;
    const url = `/api/courses/details/${draft}`;
    const own = await call(ctx.app, { method: 'GET', url, token: publisher.token });
    expect(own.statusCode).toBe(200);
    expect(figuresOf(courseDetailSchema.parse(own.json()))).toEqual(await figuresInDatabase(ctx, draft));
    const stranger = await createPublisher(ctx);
    const student = await createStudent(ctx);
    expect((await call(ctx.app, { method: 'GET', url })).statusCode).toBe(404);
    expect((await call(ctx.app, { method: 'GET', url, token: stranger.token })).statusCode).toBe(404);
    expect((await call(ctx.app, { method: 'GET', url, token: student.token })).statusCode).toBe(404);
    const bad = await call(ctx.app, { method: 'GET', url: '/api/courses/details/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('id');
  });
});

test('the public answer is cached: a new enrolment shows once the cache expires or an authoring change clears it', async () => {
  const ctx = await createTestContext({ PUBLIC_CACHE_SECONDS: '60' });
  try {
    const publisher = await createPublisher(ctx);
    const courseId = (await authorCourse(ctx, publisher.token)).course.course_Id as number;
    const publish = (published: boolean) =>
      call(ctx.app, {
        method: 'PUT',
        url: '/api/courses/publishUnpublishCourse',
        token: publisher.token,
        body: { Id: courseId, published },
      });
    expect((await publish(true)).statusCode).toBe(200);
    const students = async () =>
      (await call(ctx.app, { method: 'GET', url: `/api/courses/details/${courseId}` })).json().students_count;
    expect(await students()).toBe(0);
    const student = await createStudent(ctx);
    await ctx.database.db.insert(enrolments).values({ userId: student.userId, courseId, source: 'free' });
    // Within PUBLIC_CACHE_SECONDS the cached answer stands (README).
    expect(await students()).toBe(0);
    // Any authoring change through this instance clears the cache.
    expect((await publish(true)).statusCode).toBe(200);
    expect(await students()).toBe(1);
  } finally {
    await ctx.close();
  }
});
