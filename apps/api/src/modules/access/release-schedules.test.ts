import { RELEASE_MSG } from '@skillwise/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { fixtures, upload } from '../../../test/uploads';
import { courses, enrolments, lessons, notifications, outgoingMail, sections, users } from '../../db/schema';

/**
 * Release schedules and lessons in order (docs/decisions/032): a section opens at once, on a date or some
 * days after the student's start; the school moves a student's start or opens everything; in a course
 * whose lessons open in order each waits for the one before (a quiz: passed). Decided in the access module
 * for the lesson's data, its URL and its file alike; staff and preview lessons are never locked.
 */
let ctx: TestContext;
let publisher: TestUser;
let otherPublisher: TestUser;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  publisher = await createPublisher(ctx);
  otherPublisher = await createPublisher(ctx);
});
afterAll(async () => ctx.close());

const get = (url: string, token?: string) =>
  call(ctx.app, { method: 'GET', url, ...(token ? { token } : {}) });
const send = (method: 'POST' | 'PUT', url: string, body: unknown, token?: string) =>
  call(ctx.app, { method, url, body, ...(token ? { token } : {}) });

type Schedule = { mode: 'immediately' | 'on_date' | 'after_days'; at?: Date; days?: number };

/** A published course of the publisher's school with an enrolled student, enrolled `enrolledDaysAgo` ago. */
async function course(options: { enrolledDaysAgo?: number; inOrder?: boolean } = {}) {
  const { db } = ctx.database;
  const made = await createCourse(ctx, publisher.orgId ?? 0);
  if (options.inOrder) await db.update(courses).set({ lessonsInOrder: true }).where(eq(courses.id, made.id));
  const student = await createStudent(ctx);
  await db.insert(enrolments).values({
    userId: student.userId,
    courseId: made.id,
    source: 'assigned',
    createdAt: new Date(Date.now() - (options.enrolledDaysAgo ?? 0) * DAY),
  });
  return { courseId: made.id, student };
}

let order = 0;
/** A published section with its schedule and one published lesson (a PDF with its file, or a quiz). */
async function section(
  courseId: number,
  schedule: Schedule,
  lesson: { preview?: boolean; quiz?: boolean } = {},
) {
  const { db } = ctx.database;
  order += 1;
  const [row] = await db
    .insert(sections)
    .values({
      courseId,
      name: `Week ${order}`,
      published: true,
      orderNumber: order,
      releaseMode: schedule.mode,
      releaseAt: schedule.at ?? null,
      releaseDays: schedule.days ?? null,
    })
    .returning();
  const sectionId = row?.id ?? 0;
  const made = await upload(
    ctx.app,
    'POST',
    '/api/lessons/createLessons',
    publisher.token,
    {
      'Object.lesson_Id': 0,
      'Object.lesson_title': lesson.quiz ? 'Check' : 'Notes',
      'Object.contentType': lesson.quiz ? 'quiz' : 'pdf',
      'Object.section_Id': sectionId,
    },
    lesson.quiz
      ? undefined
      : { field: 'fileName', filename: 'notes.pdf', contentType: 'application/pdf', data: fixtures.pdf() },
  );
  expect(made.statusCode, made.body).toBe(201);
  const lessonId: number = made.json().lesson_Id;
  await db
    .update(lessons)
    .set({ published: true, preview: lesson.preview ?? false })
    .where(eq(lessons.id, lessonId));
  return { sectionId, lessonId };
}

/** The student's view of one lesson in the course's curriculum. */
async function listed(courseId: number, lessonId: number, token: string) {
  const res = await get(`/api/courseSections/GetCourseSectionsByCourseId/${courseId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  const all = (
    res.json() as {
      lessons: {
        lesson_Id: number;
        locked?: boolean;
        opens_at?: string | null;
        content_path: string | null;
      }[];
    }[]
  ).flatMap((s) => s.lessons);
  return all.find((l) => l.lesson_Id === lessonId);
}

const contentUrl = (lessonId: number, token?: string) =>
  get(`/api/lessons/GetLessonContentUrl/${lessonId}`, token);
const markDone = (lessonId: number, token: string) =>
  send('POST', '/api/studentCourse/SaveLessonProgress', { lesson_Id: lessonId, completed: true }, token);
const setRelease = (body: unknown, token?: string) =>
  send('POST', '/api/studentCourse/SetStudentRelease', body, token);

describe('a section on a date', () => {
  test('is locked before its date, with the date, for the URL, the list and progress; open after it', async () => {
    const { courseId, student } = await course();
    const at = new Date(Date.now() + 3 * DAY);
    const later = await section(courseId, { mode: 'on_date', at });
    const past = await section(courseId, { mode: 'on_date', at: new Date(Date.now() - DAY) });

    const lesson = await listed(courseId, later.lessonId, student.token);
    expect(lesson).toMatchObject({ locked: true, opens_at: at.toISOString(), content_path: null });
    const refused = await contentUrl(later.lessonId, student.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(RELEASE_MSG.opensOn(at));
    expect(refused.json().message).toMatch(/^This lesson opens on [A-Z][a-z]+ \d+, \d{4}/);
    expect((await markDone(later.lessonId, student.token)).statusCode).toBe(403);

    expect(await listed(courseId, past.lessonId, student.token)).toMatchObject({
      locked: false,
      opens_at: null,
    });
    expect((await contentUrl(past.lessonId, student.token)).statusCode).toBe(200);
    expect((await markDone(past.lessonId, student.token)).statusCode).toBe(200);

    // "Continue" skips what is locked: the past section's lesson is done, the later one waits.
    const progress = (await get(`/api/studentCourse/GetCourseProgress/${courseId}`, student.token)).json();
    expect(progress.nextLesson_Id).toBeNull();
    expect(progress.lessons.find((l: { lesson_Id: number }) => l.lesson_Id === later.lessonId)).toMatchObject(
      {
        locked: true,
        opens_at: at.toISOString(),
      },
    );
  });

  test('the school’s staff and a preview lesson are never locked', async () => {
    const { courseId, student } = await course();
    const at = new Date(Date.now() + 5 * DAY);
    const locked = await section(courseId, { mode: 'on_date', at });
    const preview = await section(courseId, { mode: 'on_date', at }, { preview: true });
    expect((await contentUrl(locked.lessonId, publisher.token)).statusCode).toBe(200);
    const staffView = await listed(courseId, locked.lessonId, publisher.token);
    expect(staffView?.locked).toBeUndefined();
    expect(staffView?.content_path).not.toBeNull();
    expect((await contentUrl(preview.lessonId, student.token)).statusCode).toBe(200);
    expect((await contentUrl(preview.lessonId)).statusCode).toBe(200);
    expect(await listed(courseId, preview.lessonId, student.token)).toMatchObject({ locked: false });
  });
});

describe('a section some days after enrolment', () => {
  test('counts from the enrolment, or from the start the school moved, and release_all opens everything', async () => {
    const { courseId, student } = await course({ enrolledDaysAgo: 3 });
    const two = await section(courseId, { mode: 'after_days', days: 2 });
    const five = await section(courseId, { mode: 'after_days', days: 5 });
    expect((await contentUrl(two.lessonId, student.token)).statusCode).toBe(200);
    const waiting = await listed(courseId, five.lessonId, student.token);
    expect(waiting?.locked).toBe(true);
    const [enrolment] = await ctx.database.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, student.userId), eq(enrolments.courseId, courseId)));
    expect(waiting?.opens_at).toBe(new Date((enrolment?.createdAt.getTime() ?? 0) + 5 * DAY).toISOString());
    expect((await contentUrl(five.lessonId, student.token)).statusCode).toBe(403);

    // The school moves the student's start back ten days: five days after it is past.
    const start = new Date(Date.now() - 10 * DAY);
    const moved = await setRelease(
      { user_Id: student.userId, course_Id: courseId, release_start_at: start.toISOString() },
      publisher.token,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ release_start_at: start.toISOString(), release_all: false });
    expect((await contentUrl(five.lessonId, student.token)).statusCode).toBe(200);

    // Back to the enrolment's own date, then everything opened for the student.
    await setRelease(
      { user_Id: student.userId, course_Id: courseId, release_start_at: null },
      publisher.token,
    );
    expect((await contentUrl(five.lessonId, student.token)).statusCode).toBe(403);
    const opened = await setRelease(
      { user_Id: student.userId, course_Id: courseId, release_all: true },
      publisher.token,
    );
    expect(opened.json()).toMatchObject({ release_start_at: null, release_all: true });
    expect(await listed(courseId, five.lessonId, student.token)).toMatchObject({
      locked: false,
      opens_at: null,
    });
    expect((await contentUrl(five.lessonId, student.token)).statusCode).toBe(200);

    // The school sees what it set in the student's courses.
    const theirs = await get(
      `/api/studentCourse/GetAllCoursesByUserIdandCourseId/${student.userId}/${courseId}`,
      publisher.token,
    );
    expect(theirs.json()[0]).toMatchObject({ release_all: true, release_start_at: null });
  });

  test('moving sections shifts no date', async () => {
    const { courseId, student } = await course({ enrolledDaysAgo: 1 });
    const at = new Date(Date.now() + 4 * DAY);
    const dated = await section(courseId, { mode: 'on_date', at });
    const days = await section(courseId, { mode: 'after_days', days: 9 });
    const before = [
      await listed(courseId, dated.lessonId, student.token),
      await listed(courseId, days.lessonId, student.token),
    ].map((l) => l?.opens_at);
    for (const [id, orderNumber] of [
      [days.sectionId, 1],
      [dated.sectionId, 50],
    ] as const) {
      const res = await send(
        'PUT',
        '/api/courseSections/UpdateCourseSections',
        { section_Id: id, section_name: 'Moved', Order_number: orderNumber },
        publisher.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      // The school reads the schedule it set, unchanged by the move.
      expect(res.json().release_mode).toBe(id === dated.sectionId ? 'on_date' : 'after_days');
    }
    const after = [
      await listed(courseId, dated.lessonId, student.token),
      await listed(courseId, days.lessonId, student.token),
    ].map((l) => l?.opens_at);
    expect(after).toEqual(before);
    expect(before[0]).toBe(at.toISOString());
  });
});

describe('a locked lesson’s file', () => {
  test('its content URL and its media URL asked for directly are refused', async () => {
    const { courseId, student } = await course();
    const { lessonId } = await section(courseId, { mode: 'on_date', at: new Date(Date.now() + 2 * DAY) });
    // Opened for the student, who gets a media URL; then closed again.
    await setRelease({ user_Id: student.userId, course_Id: courseId, release_all: 'true' }, publisher.token);
    const open = await contentUrl(lessonId, student.token);
    const mediaUrl: string = open.json().content_path;
    expect(mediaUrl).toMatch(/^\/api\/media\/lessons\//);
    expect((await get(mediaUrl)).statusCode).toBe(200);
    await setRelease({ user_Id: student.userId, course_Id: courseId, release_all: false }, publisher.token);
    const url = await contentUrl(lessonId, student.token);
    expect(url.statusCode).toBe(403);
    const media = await get(mediaUrl);
    expect(media.statusCode).toBe(403);
    expect(media.json().message).toMatch(/^This lesson opens on /);
    expect((await listed(courseId, lessonId, student.token))?.content_path).toBeNull();
  });
});

describe('lessons in order', () => {
  test('a lesson opens once the one before is completed; a quiz only when passed', async () => {
    const { courseId, student } = await course({ inOrder: true });
    const quiz = await section(courseId, { mode: 'immediately' }, { quiz: true });
    const saved = await send(
      'POST',
      '/api/quizzes/SaveQuiz',
      {
        lesson_Id: quiz.lessonId,
        pass_percent: 100,
        questions: [
          {
            kind: 'true_false',
            text: 'Water is wet.',
            options: [
              { text: 'True', correct: true },
              { text: 'False', correct: false },
            ],
          },
        ],
      },
      publisher.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const notes = await section(courseId, { mode: 'immediately' });

    expect(await listed(courseId, quiz.lessonId, student.token)).toMatchObject({ locked: false });
    expect(await listed(courseId, notes.lessonId, student.token)).toMatchObject({
      locked: true,
      opens_at: null,
    });
    const refused = await contentUrl(notes.lessonId, student.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(RELEASE_MSG.completePrevious);
    expect(
      (await get(`/api/studentCourse/GetCourseProgress/${courseId}`, student.token)).json().nextLesson_Id,
    ).toBe(quiz.lessonId);

    const attempt = async (right: boolean) => {
      const started = await send(
        'POST',
        '/api/quizzes/StartAttempt',
        { lesson_Id: quiz.lessonId },
        student.token,
      );
      expect(started.statusCode, started.body).toBe(201);
      const [question] = started.json().questions as {
        question_Id: number;
        options: { option_Id: number; text: string }[];
      }[];
      const option = question?.options.find((o) => (o.text === 'True') === right);
      const submitted = await send(
        'POST',
        '/api/quizzes/SubmitAttempt',
        {
          attempt_Id: started.json().attempt_Id,
          answers: [{ question_Id: question?.question_Id, option_Ids: [option?.option_Id] }],
        },
        student.token,
      );
      expect(submitted.statusCode, submitted.body).toBe(200);
    };
    await attempt(false);
    expect((await contentUrl(notes.lessonId, student.token)).statusCode).toBe(403);
    await attempt(true);
    expect((await contentUrl(notes.lessonId, student.token)).statusCode).toBe(200);
    expect(await listed(courseId, notes.lessonId, student.token)).toMatchObject({ locked: false });
    expect(
      (await get(`/api/studentCourse/GetCourseProgress/${courseId}`, student.token)).json().nextLesson_Id,
    ).toBe(notes.lessonId);
    // The school's staff never wait.
    expect((await contentUrl(notes.lessonId, publisher.token)).statusCode).toBe(200);
  });

  test('courses/updateCourse takes lessons_in_order and the course detail says it', async () => {
    const { courseId } = await course();
    const detail = (await get(`/api/courses/details/${courseId}`, publisher.token)).json();
    expect(detail.lessons_in_order).toBe(false);
    const save = (lessonsInOrder: string) =>
      upload(ctx.app, 'PUT', '/api/courses/updateCourse', publisher.token, {
        'Object.course_Id': courseId,
        'Object.course_title': detail.course_title,
        'Object.course_description': detail.course_description,
        'Object.price': String(detail.price),
        'Object.price_type_Id': String(detail.price_type_Id),
        'Object.category_id': String(detail.category_Id),
        'Object.author_id': String(detail.author_id),
        'Object.lessons_in_order': lessonsInOrder,
      });
    const res = await save('true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lessons_in_order).toBe(true);
    const bad = await save('sometimes');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('lessons_in_order');
  });
});

describe('section release fields on the authoring calls', () => {
  test('are optional, validated, and read back by the school', async () => {
    const { courseId } = await course();
    const plain = await send(
      'POST',
      '/api/courseSections/InsertCourseSections',
      { course_id: courseId, section_name: 'Plain' },
      publisher.token,
    );
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ release_mode: 'immediately', release_at: null, release_days: null });
    const dated = await send(
      'POST',
      '/api/courseSections/InsertCourseSections',
      { course_id: courseId, section_name: 'Dated', release_mode: 'on_date', release_at: '2030-01-15' },
      publisher.token,
    );
    expect(dated.json()).toMatchObject({ release_mode: 'on_date', release_at: '2030-01-15T00:00:00.000Z' });
    const id = dated.json().section_Id;
    const days = await send(
      'PUT',
      '/api/courseSections/UpdateCourseSections',
      { section_Id: id, section_name: 'Dated', release_mode: 'after_days', release_days: 14 },
      publisher.token,
    );
    expect(days.json()).toMatchObject({ release_mode: 'after_days', release_at: null, release_days: 14 });
    // Saved without release fields, the schedule stays.
    const renamed = await send(
      'PUT',
      '/api/courseSections/UpdateCourseSections',
      { section_Id: id, section_name: 'Renamed' },
      publisher.token,
    );
    expect(renamed.json()).toMatchObject({
      section_name: 'Renamed',
      release_mode: 'after_days',
      release_days: 14,
    });

    for (const [change, field] of [
      [{ release_mode: 'on_date' }, 'release_at'],
      [{ release_mode: 'on_date', release_at: 'next week' }, 'release_at'],
      [{ release_mode: 'after_days' }, 'release_days'],
      [{ release_mode: 'after_days', release_days: 3651 }, 'release_days'],
      [{ release_mode: 'after_days', release_days: -1 }, 'release_days'],
      [{ release_mode: 'later' }, 'release_mode'],
      [{ release_days: 3 }, 'release_mode'],
    ] as const) {
      const res = await send(
        'PUT',
        '/api/courseSections/UpdateCourseSections',
        { section_Id: id, section_name: 'Renamed', ...change },
        publisher.token,
      );
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors?.map((e: { field: string }) => e.field) ?? res.body).toContain(field);
    }
    const foreign = await send(
      'PUT',
      '/api/courseSections/UpdateCourseSections',
      { section_Id: id, section_name: 'Mine', release_mode: 'immediately' },
      otherPublisher.token,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('studentCourse/SetStudentRelease', () => {
  test('no token 401, a student 403, another school 404, not enrolled 404, bad input 400 naming the field', async () => {
    const { courseId, student } = await course();
    const body = { user_Id: student.userId, course_Id: courseId, release_all: true };
    expect((await setRelease(body)).statusCode).toBe(401);
    expect((await setRelease(body, student.token)).statusCode).toBe(403);
    expect((await setRelease(body, otherPublisher.token)).statusCode).toBe(404);
    const stranger = await createStudent(ctx);
    // A student of the school, but not in this course.
    const other = await course();
    await ctx.database.db
      .insert(enrolments)
      .values({ userId: stranger.userId, courseId: other.courseId, source: 'assigned' });
    expect((await setRelease({ ...body, user_Id: stranger.userId }, publisher.token)).statusCode).toBe(404);
    for (const [change, field] of [
      [{ release_all: undefined }, 'release_all'],
      [{ release_all: 'maybe' }, 'release_all'],
      [{ release_start_at: 'soon' }, 'release_start_at'],
      [{ user_Id: 'me' }, 'user_Id'],
      [{ course_Id: 0 }, 'course_Id'],
    ] as const) {
      const res = await setRelease({ ...body, ...change }, publisher.token);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors?.map((e: { field: string }) => e.field) ?? res.body).toContain(field);
    }
    expect((await setRelease(body, publisher.token)).statusCode).toBe(200);
  });
});

describe('the section-opened notices', () => {
  test('two workers at once tell each student once, mail only those who allow it, and skip old dates', async () => {
    const { db } = ctx.database;
    const { courseId, student } = await course({ enrolledDaysAgo: 4 });
    const quiet = await createStudent(ctx);
    await db.update(users).set({ emailNotifications: false }).where(eq(users.id, quiet.userId));
    await db.insert(enrolments).values({
      userId: quiet.userId,
      courseId,
      source: 'assigned',
      createdAt: new Date(Date.now() - 4 * DAY),
    });
    // Opened yesterday (date) and a day ago (3 days after a 4-day-old enrolment): both news.
    const dated = await section(courseId, { mode: 'on_date', at: new Date(Date.now() - DAY) });
    const days = await section(courseId, { mode: 'after_days', days: 3 });
    // Opened a month ago, or not yet, or open from the start: not news.
    const old = await section(courseId, { mode: 'on_date', at: new Date(Date.now() - 30 * DAY) });
    await section(courseId, { mode: 'after_days', days: 9 });
    await section(courseId, { mode: 'after_days', days: 0 });

    const now = new Date();
    const notices = ctx.app.notifications;
    const rounds = await Promise.all([notices.sectionsOpened(now), notices.sectionsOpened(now)]);
    expect(rounds.reduce((n, r) => n + r.notified, 0)).toBe(4);
    expect((await notices.sectionsOpened(now)).notified).toBe(0);

    const told = await db
      .select({ userId: notifications.userId, key: notifications.dedupeKey, kind: notifications.kind })
      .from(notifications)
      .where(sql`${notifications.userId} in (${student.userId}, ${quiet.userId})`);
    const keys = (userId: number) =>
      told
        .filter((n) => n.userId === userId && n.kind === 'section_opened')
        .map((n) => n.key)
        .sort();
    const expected = [`section_opened:${dated.sectionId}`, `section_opened:${days.sectionId}`].sort();
    expect(keys(student.userId)).toEqual(expected);
    expect(keys(quiet.userId)).toEqual(expected);
    expect(told.some((n) => n.key === `section_opened:${old.sectionId}`)).toBe(false);

    const mails = async (email: string) =>
      (await db.select().from(outgoingMail).where(eq(outgoingMail.to, email))).filter((m) =>
        m.text.includes('is open to study now'),
      );
    expect(await mails(student.email)).toHaveLength(1);
    expect(await mails(quiet.email)).toHaveLength(0);
  });
});
