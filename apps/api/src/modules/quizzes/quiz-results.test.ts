import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { createQuizLesson } from '../../../test/quizzes';
import { enrolments, lessons, notifications, outgoingMail, users } from '../../db/schema';

/**
 * The school's side of quizzes (docs/decisions/034) through the API: the grading queue, a quiz's results
 * and summary, a student's attempts, and the student told once its attempt is graded.
 */
let ctx: TestContext;
let publisher: TestUser;
let otherPublisher: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  publisher = await createPublisher(ctx);
  otherPublisher = await createPublisher(ctx);
});
afterAll(async () => ctx.close());

const post = (url: string, body: unknown, token?: string) =>
  call(ctx.app, { method: 'POST', url, body, ...(token ? { token } : {}) });
const get = (url: string, token?: string) =>
  call(ctx.app, { method: 'GET', url, ...(token ? { token } : {}) });

/** A choice question worth 1 and an open one worth 4. */
const BANK = [
  {
    kind: 'single',
    text: 'What is 2 + 2?',
    points: 1,
    options: [
      { text: 'Three', correct: false },
      { text: 'Four', correct: true },
    ],
  },
  { kind: 'open', text: 'Explain gravity.', points: 4 },
];

type AttemptQuestion = { question_Id: number; text: string; options: { option_Id: number; text: string }[] };

/** Answers: the choice right or wrong, and an open answer written. */
const answersTo = (questions: AttemptQuestion[], right: boolean) =>
  questions.map((q) =>
    q.options.length > 0
      ? {
          question_Id: q.question_Id,
          option_Ids: q.options.filter((o) => (o.text === 'Four') === right).map((o) => o.option_Id),
        }
      : { question_Id: q.question_Id, text: 'Things fall down.' },
  );

/** A published course of `owner`'s school holding a published quiz lesson with BANK saved. */
async function quizCourse(owner: TestUser = publisher, title = 'Physics') {
  const { courseId, lessonId } = await createQuizLesson(ctx, owner, {
    courseTitle: title,
    lessonTitle: 'Gravity quiz',
  });
  const saved = await post(
    '/api/quizzes/SaveQuiz',
    { lesson_Id: lessonId, questions: BANK, pass_percent: 60 },
    owner.token,
  );
  expect(saved.statusCode, saved.body).toBe(200);
  return { courseId, lessonId };
}

/** A new student enrolled in the course, who submits one attempt (waiting for grading). */
async function submitted(courseId: number, lessonId: number, right = true, name = 'Sam Student') {
  const student = await createStudent(ctx, name);
  await ctx.database.db.insert(enrolments).values({ userId: student.userId, courseId, source: 'assigned' });
  return { student, attempt: await attemptBy(student, lessonId, right) };
}

async function attemptBy(student: TestUser, lessonId: number, right = true) {
  const started = await post('/api/quizzes/StartAttempt', { lesson_Id: lessonId }, student.token);
  expect(started.statusCode, started.body).toBe(201);
  const attempt = started.json();
  const done = await post(
    '/api/quizzes/SubmitAttempt',
    { attempt_Id: attempt.attempt_Id, answers: answersTo(attempt.questions, right) },
    student.token,
  );
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json().status).toBe('needs_grading');
  return done.json() as { attempt_Id: number; questions: AttemptQuestion[] };
}

const openQuestion = (attempt: { questions: AttemptQuestion[] }) =>
  attempt.questions.find((q) => q.text === 'Explain gravity.')?.question_Id ?? 0;

const grade = (
  attempt: { attempt_Id: number; questions: AttemptQuestion[] },
  points: number,
  token = publisher.token,
) =>
  post(
    '/api/quizzes/GradeAnswer',
    { attempt_Id: attempt.attempt_Id, question_Id: openQuestion(attempt), points, comment: 'Seen.' },
    token,
  );

describe('quizzes/GetGradingQueue', () => {
  test('the school’s waiting attempts, oldest first, paged, by course; nobody else’s', async () => {
    const school = await createPublisher(ctx);
    const first = await quizCourse(school, 'Physics');
    const second = await quizCourse(school, 'Chemistry');
    const a = await submitted(first.courseId, first.lessonId, true, 'Ada First');
    const b = await submitted(second.courseId, second.lessonId, true, 'Ben Second');
    const c = await submitted(first.courseId, first.lessonId, true, 'Cy Third');
    // Another school's waiting attempt is never in the list.
    const other = await quizCourse(otherPublisher);
    await submitted(other.courseId, other.lessonId);

    const all = await get('/api/quizzes/GetGradingQueue', school.token);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().map((r: { attempt_Id: number }) => r.attempt_Id)).toEqual([
      a.attempt.attempt_Id,
      b.attempt.attempt_Id,
      c.attempt.attempt_Id,
    ]);
    expect(all.json()[0]).toMatchObject({
      course_Id: first.courseId,
      course_title: 'Physics',
      lesson_Id: first.lessonId,
      lesson_title: 'Gravity quiz',
      user_Id: a.student.userId,
      student_name: 'Ada First',
      student_email: a.student.email,
      waiting: 1,
      number: 1,
    });
    expect(all.headers['x-total-count']).toBe('3');

    const paged = await get('/api/quizzes/GetGradingQueue?page=2&pageSize=2', school.token);
    expect(paged.json().map((r: { attempt_Id: number }) => r.attempt_Id)).toEqual([c.attempt.attempt_Id]);
    expect(paged.headers['x-total-count']).toBe('3');

    const physics = await get(`/api/quizzes/GetGradingQueue?course_Id=${first.courseId}`, school.token);
    expect(physics.json()).toHaveLength(2);
    const ben = await get('/api/quizzes/GetGradingQueue?search=ben%20sec&page=1&pageSize=2', school.token);
    expect(ben.json().map((r: { attempt_Id: number }) => r.attempt_Id)).toEqual([b.attempt.attempt_Id]);
    expect(ben.headers['x-total-count']).toBe('1');
    const chemistry = await get('/api/quizzes/GetGradingQueue?search=chemis', school.token);
    expect(chemistry.json()).toHaveLength(1);

    // Graded, an attempt leaves the queue.
    expect((await grade(a.attempt, 3, school.token)).statusCode).toBe(200);
    const after = await get('/api/quizzes/GetGradingQueue', school.token);
    expect(after.json()).toHaveLength(2);
  });

  test('no token, a student, another school’s course, bad input', async () => {
    const { courseId } = await quizCourse();
    const student = await createStudent(ctx);
    expect((await get('/api/quizzes/GetGradingQueue')).statusCode).toBe(401);
    expect((await get('/api/quizzes/GetGradingQueue', student.token)).statusCode).toBe(404);
    const others = await get(`/api/quizzes/GetGradingQueue?course_Id=${courseId}`, otherPublisher.token);
    expect(others.statusCode).toBe(404);
    const bad = await get('/api/quizzes/GetGradingQueue?course_Id=abc', publisher.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('course_Id');
    const badPage = await get('/api/quizzes/GetGradingQueue?pageSize=1000', publisher.token);
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().details[0].field).toBe('pageSize');
  });
});

describe('quizzes/GetQuizResults and GetQuizSummary', () => {
  test('each student’s attempts, best result and pass; the quiz’s figures', async () => {
    const { courseId, lessonId } = await quizCourse();
    // Ann: a wrong choice graded 4 of 4 (80 %, passed), then a second attempt still waiting.
    const ann = await submitted(courseId, lessonId, false, 'Ann Able');
    expect((await grade(ann.attempt, 4)).json()).toMatchObject({ status: 'graded', score: 4, passed: true });
    await attemptBy(ann.student, lessonId, true);
    // Bob: right choice, open answer 0 of 4 (20 %, failed).
    const bob = await submitted(courseId, lessonId, true, 'Bob Baker');
    expect((await grade(bob.attempt, 0)).json()).toMatchObject({ score: 1, passed: false });
    // Cat: waiting for grading.
    await submitted(courseId, lessonId, true, 'Cat Cole');

    const list = await get(`/api/quizzes/GetQuizResults/${lessonId}?page=1&pageSize=10`, publisher.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['x-total-count']).toBe('3');
    const [a, b, c] = list.json();
    expect(a).toMatchObject({
      user_Id: ann.student.userId,
      student_name: 'Ann Able',
      student_email: ann.student.email,
      attempts: 2,
      best_score: 4,
      max_score: 5,
      best_percent: 80,
      passed: true,
      waiting: true,
    });
    expect(b).toMatchObject({
      student_name: 'Bob Baker',
      attempts: 1,
      best_score: 1,
      best_percent: 20,
      passed: false,
    });
    expect(c).toMatchObject({
      student_name: 'Cat Cole',
      best_score: null,
      best_percent: null,
      passed: false,
      waiting: true,
    });
    expect(new Date(a.last_attempt_at).getTime()).toBeGreaterThan(0);

    const searched = await get(`/api/quizzes/GetQuizResults/${lessonId}?search=bak`, publisher.token);
    expect(searched.json().map((r: { student_name: string }) => r.student_name)).toEqual(['Bob Baker']);
    const byEmail = await get(
      `/api/quizzes/GetQuizResults/${lessonId}?search=${encodeURIComponent(ann.student.email)}`,
      publisher.token,
    );
    expect(byEmail.json()).toHaveLength(1);
    const second = await get(`/api/quizzes/GetQuizResults/${lessonId}?page=2&pageSize=2`, publisher.token);
    expect(second.json().map((r: { student_name: string }) => r.student_name)).toEqual(['Cat Cole']);
    expect(second.headers['x-total-count']).toBe('3');

    const summary = await get(`/api/quizzes/GetQuizSummary/${lessonId}`, publisher.token);
    expect(summary.statusCode, summary.body).toBe(200);
    const s = summary.json();
    expect(s).toMatchObject({
      lesson_Id: lessonId,
      lesson_title: 'Gravity quiz',
      course_Id: courseId,
      pass_percent: 60,
      attempts: 4,
      students: 3,
      graded_students: 2,
      passed_students: 1,
      pass_rate: 50,
    });
    expect(s.score_buckets).toHaveLength(10);
    expect(s.score_buckets[8]).toBe(1);
    expect(s.score_buckets[2]).toBe(1);
    expect(s.score_buckets.reduce((x: number, y: number) => x + y, 0)).toBe(2);
    // The choice: 3 of 4 answers right; the open one: graded twice, full points once.
    expect(s.hardest).toEqual([
      { text: 'Explain gravity.', kind: 'open', answers: 2, full_points: 1, full_percent: 50 },
      { text: 'What is 2 + 2?', kind: 'single', answers: 4, full_points: 3, full_percent: 75 },
    ]);
  });

  test('questions are grouped by their text and kind across saves of the quiz', async () => {
    const { courseId, lessonId } = await quizCourse();
    const one = await submitted(courseId, lessonId, true);
    // Saved again: new question ids; the next attempt keeps the new ones.
    await post(
      '/api/quizzes/SaveQuiz',
      { lesson_Id: lessonId, questions: BANK, pass_percent: 60 },
      publisher.token,
    );
    const two = await submitted(courseId, lessonId, false);
    expect(openQuestion(one.attempt)).not.toBe(openQuestion(two.attempt));
    const s = (await get(`/api/quizzes/GetQuizSummary/${lessonId}`, publisher.token)).json();
    expect(s.hardest).toEqual([
      { text: 'What is 2 + 2?', kind: 'single', answers: 2, full_points: 1, full_percent: 50 },
    ]);
    expect(s.pass_rate).toBeNull();
  });

  test('no token, another school, a student, bad input, not a quiz', async () => {
    const { courseId, lessonId } = await quizCourse();
    const { student } = await submitted(courseId, lessonId);
    for (const url of [
      `/api/quizzes/GetQuizResults/${lessonId}`,
      `/api/quizzes/GetQuizSummary/${lessonId}`,
    ]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, otherPublisher.token)).statusCode).toBe(404);
      expect((await get(url, student.token)).statusCode).toBe(404);
    }
    const badId = await get('/api/quizzes/GetQuizSummary/abc', publisher.token);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details[0].field).toBe('id');
    const badSearch = await get(`/api/quizzes/GetQuizResults/${lessonId}?page=0`, publisher.token);
    expect(badSearch.statusCode).toBe(400);
    expect(badSearch.json().details[0].field).toBe('page');
    const [text] = await ctx.database.db
      .insert(lessons)
      .values({ sectionId: (await sectionOf(lessonId)) ?? 0, title: 'Notes', contentType: 'text' })
      .returning();
    expect((await get(`/api/quizzes/GetQuizSummary/${text?.id}`, publisher.token)).statusCode).toBe(404);
  });
});

async function sectionOf(lessonId: number) {
  const [row] = await ctx.database.db.select().from(lessons).where(eq(lessons.id, lessonId));
  return row?.sectionId;
}

describe('quizzes/GetStudentAttempts', () => {
  test('a student’s attempts at a course’s quizzes, or one quiz', async () => {
    const { courseId, lessonId } = await quizCourse();
    const { student, attempt } = await submitted(courseId, lessonId);
    await grade(attempt, 4);
    await attemptBy(student, lessonId, false);
    const byCourse = await get(
      `/api/quizzes/GetStudentAttempts?user_Id=${student.userId}&course_Id=${courseId}`,
      publisher.token,
    );
    expect(byCourse.statusCode, byCourse.body).toBe(200);
    expect(byCourse.json()).toHaveLength(2);
    expect(byCourse.json()[0]).toMatchObject({
      attempt_Id: attempt.attempt_Id,
      number: 1,
      status: 'graded',
      score: 5,
      max_score: 5,
      passed: true,
      lesson_Id: lessonId,
      lesson_title: 'Gravity quiz',
    });
    expect(byCourse.json()[1]).toMatchObject({ number: 2, status: 'needs_grading', passed: null });
    const byLesson = await get(
      `/api/quizzes/GetStudentAttempts?user_Id=${student.userId}&lesson_Id=${lessonId}`,
      publisher.token,
    );
    expect(byLesson.json()).toHaveLength(2);
  });

  test('no token, another school, a student, bad input', async () => {
    const { courseId, lessonId } = await quizCourse();
    const { student } = await submitted(courseId, lessonId);
    const url = `/api/quizzes/GetStudentAttempts?user_Id=${student.userId}&course_Id=${courseId}`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, otherPublisher.token)).statusCode).toBe(404);
    expect((await get(url, student.token)).statusCode).toBe(404);
    const byLesson = `/api/quizzes/GetStudentAttempts?user_Id=${student.userId}&lesson_Id=${lessonId}`;
    expect((await get(byLesson, otherPublisher.token)).statusCode).toBe(404);
    const neither = await get(`/api/quizzes/GetStudentAttempts?user_Id=${student.userId}`, publisher.token);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details[0].field).toBe('course_Id');
    const noUser = await get(`/api/quizzes/GetStudentAttempts?course_Id=${courseId}`, publisher.token);
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().details[0].field).toBe('user_Id');
  });
});

describe('the student told its attempt was graded', () => {
  const noticesOf = (userId: number) =>
    ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'quiz_graded')));
  const mailTo = (email: string) =>
    ctx.database.db.select().from(outgoingMail).where(eq(outgoingMail.to, email));

  test('once the last open answer has its points: in-app and by e-mail, once per attempt', async () => {
    const { courseId, lessonId } = await quizCourse();
    const { student, attempt } = await submitted(courseId, lessonId);
    expect(await noticesOf(student.userId)).toHaveLength(0);
    expect((await grade(attempt, 3)).statusCode).toBe(200);
    const [notice, ...more] = await noticesOf(student.userId);
    expect(more).toHaveLength(0);
    expect(notice).toMatchObject({
      title: 'Your quiz "Gravity quiz" was graded',
      link: `/students/takeCourse?id=${courseId}&lesson=${lessonId}`,
      dedupeKey: `quiz_graded:${attempt.attempt_Id}`,
    });
    expect(notice?.body).toContain('4 of 5 points (80%). You passed.');
    const mail = await mailTo(student.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Your quiz "Gravity quiz" was graded');

    // A grade changed later tells nothing more.
    expect((await grade(attempt, 0)).statusCode).toBe(200);
    expect(await noticesOf(student.userId)).toHaveLength(1);
    expect(await mailTo(student.email)).toHaveLength(1);

    // The student reads it in its notifications.
    const mine = await get('/api/notifications/GetMyNotifications', student.token);
    expect(mine.json().find((n: { kind: string }) => n.kind === 'quiz_graded')).toBeTruthy();
  });

  test('no e-mail when the student keeps e-mails off; a failed grade says so', async () => {
    const { courseId, lessonId } = await quizCourse();
    const { student, attempt } = await submitted(courseId, lessonId, false);
    await ctx.database.db
      .update(users)
      .set({ emailNotifications: false })
      .where(eq(users.id, student.userId));
    expect((await grade(attempt, 1)).json()).toMatchObject({ passed: false });
    const [notice] = await noticesOf(student.userId);
    expect(notice?.body).toContain('1 of 5 points (20%). You did not pass this time.');
    expect(await mailTo(student.email)).toHaveLength(0);
  });
});
