import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { createQuizLesson } from '../../../test/quizzes';
import { upload } from '../../../test/uploads';
import {
  certificates,
  courses,
  enrolments,
  lessonProgress,
  lessons,
  quizAttempts,
  sections,
} from '../../db/schema';

/**
 * Quizzes (docs/decisions/031) through the API: a school writes a quiz lesson, a student takes it, the
 * server grades it against the attempt's own questions, and a pass completes the lesson and the course.
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

/** The bank most tests use: a question of each kind graded by the server. */
const BANK = [
  {
    kind: 'single',
    text: 'What is 2 + 2?',
    points: 1,
    explanation: 'Two and two make four.',
    options: [
      { text: 'Three', correct: false },
      { text: 'Four', correct: true, explanation: 'SECRET-FOUR' },
    ],
  },
  {
    kind: 'multiple',
    text: 'Which are prime?',
    points: 2,
    options: [
      { text: 'Two', correct: true },
      { text: 'Three', correct: true },
      { text: 'Nine', correct: false },
    ],
  },
  {
    kind: 'true_false',
    text: 'Water is wet.',
    points: 1,
    options: [
      { text: 'True', correct: true },
      { text: 'False', correct: false },
    ],
  },
  { kind: 'short', text: 'Which city is the Big Apple?', points: 1, accepted_answers: ['New York'] },
];

/** The right answer of each bank question, by its text: what a student who knows would choose. */
const RIGHT: Record<string, string[] | string> = {
  'What is 2 + 2?': ['Four'],
  'Which are prime?': ['Two', 'Three'],
  'Water is wet.': ['True'],
  'Which city is the Big Apple?': '  new   YORK ',
  'Explain gravity.': 'Things fall down.',
};

type AttemptQuestion = { question_Id: number; text: string; options: { option_Id: number; text: string }[] };

/** Answers to an attempt's questions: right ones, or wrong ones. */
function answersTo(questions: AttemptQuestion[], right = true) {
  return questions.map((q) => {
    const want = RIGHT[q.text];
    if (typeof want === 'string') return { question_Id: q.question_Id, text: right ? want : 'no idea' };
    const chosen = q.options.filter((o) => (want ?? []).includes(o.text) === right).slice(0, right ? 9 : 1);
    return { question_Id: q.question_Id, option_Ids: chosen.map((o) => o.option_Id) };
  });
}

/**
 * A published course of the publisher's school (giving a certificate) whose one published section holds a
 * quiz lesson made through lessons/createLessons, its quiz saved with `settings`; and an enrolled student.
 */
async function quizCourse(settings: Record<string, unknown> = {}, bank: unknown[] = BANK) {
  const { db } = ctx.database;
  const { courseId, sectionId, lessonId } = await createQuizLesson(ctx, publisher);
  await db.update(courses).set({ certificate: true }).where(eq(courses.id, courseId));
  const saved = await post(
    '/api/quizzes/SaveQuiz',
    { lesson_Id: lessonId, questions: bank, ...settings },
    publisher.token,
  );
  expect(saved.statusCode, saved.body).toBe(200);
  const student = await createStudent(ctx);
  await db.insert(enrolments).values({ userId: student.userId, courseId, source: 'assigned' });
  return { courseId, sectionId, lessonId, student, quiz: saved.json() };
}

const start = (lessonId: number, token: string) =>
  post('/api/quizzes/StartAttempt', { lesson_Id: lessonId }, token);
const submit = (attemptId: number, answers: unknown[], token: string) =>
  post('/api/quizzes/SubmitAttempt', { attempt_Id: attemptId, answers }, token);

/** Every `correct`, explanation and accepted answer of the bank, as text a leak would show. */
const SECRETS = [
  '"correct"',
  'SECRET-FOUR',
  'Two and two make four',
  'New York',
  'accepted_answers',
  '"explanation"',
];
const leaks = (body: string) => SECRETS.filter((secret) => body.includes(secret));

describe('the school writes a quiz lesson', () => {
  test('a quiz lesson is made by createLessons without a file; a file is refused; it stays a quiz', async () => {
    const { sectionId, lessonId, quiz } = await quizCourse();
    expect(quiz.questions).toHaveLength(4);
    expect(quiz.questions[0].options[1]).toMatchObject({ text: 'Four', correct: true });
    expect(quiz.questions[3].accepted_answers).toEqual(['New York']);
    const withFile = await upload(
      ctx.app,
      'POST',
      '/api/lessons/createLessons',
      publisher.token,
      {
        'Object.lesson_Id': 0,
        'Object.lesson_title': 'Quiz with a file',
        'Object.contentType': 'quiz',
        'Object.section_Id': sectionId,
      },
      {
        field: 'fileName',
        filename: 'a.pdf',
        contentType: 'application/pdf',
        data: Buffer.from('%PDF-1.4\n'),
      },
    );
    expect(withFile.statusCode).toBe(400);
    expect(withFile.json().details[0].field).toBe('fileName');
    const toPdf = await upload(ctx.app, 'POST', '/api/lessons/createLessons', publisher.token, {
      'Object.lesson_Id': lessonId,
      'Object.lesson_title': 'Now a PDF',
      'Object.contentType': 'pdf',
      'Object.section_Id': sectionId,
    });
    expect(toPdf.statusCode).toBe(400);
    expect(toPdf.json().details[0].field).toBe('Object.contentType');
  });

  test('GetQuiz answers the staff with every answer; nobody else', async () => {
    const { lessonId, student } = await quizCourse();
    const own = await get(`/api/quizzes/GetQuiz/${lessonId}`, publisher.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().questions[1].options.filter((o: { correct: boolean }) => o.correct)).toHaveLength(2);
    expect((await get(`/api/quizzes/GetQuiz/${lessonId}`)).statusCode).toBe(401);
    expect((await get(`/api/quizzes/GetQuiz/${lessonId}`, otherPublisher.token)).statusCode).toBe(404);
    expect((await get(`/api/quizzes/GetQuiz/${lessonId}`, student.token)).statusCode).toBe(404);
  });

  test('SaveQuiz: no token 401, another school 404, bad input 400 naming the field, not a quiz lesson 400', async () => {
    const { lessonId, courseId } = await quizCourse();
    const body = { lesson_Id: lessonId, questions: BANK };
    expect((await post('/api/quizzes/SaveQuiz', body)).statusCode).toBe(401);
    expect((await post('/api/quizzes/SaveQuiz', body, otherPublisher.token)).statusCode).toBe(404);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ pass_percent: 101 }, 'pass_percent'],
      [{ questions: [] }, 'questions'],
      [{ show_answers: 'sometimes' }, 'show_answers'],
      [{ draw_count: 9 }, 'draw_count'],
      [
        {
          questions: [
            {
              ...BANK[0],
              options: [
                { text: 'a', correct: true },
                { text: 'b', correct: true },
              ],
            },
          ],
        },
        'questions.0.options',
      ],
      [{ questions: [{ kind: 'short', text: 'Say it' }] }, 'questions.0.accepted_answers'],
      [{ questions: [{ kind: 'essay', text: 'Say it' }] }, 'questions.0.kind'],
    ];
    for (const [change, field] of cases) {
      const res = await post('/api/quizzes/SaveQuiz', { ...body, ...change }, publisher.token);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const [section] = await ctx.database.db.select().from(sections).where(eq(sections.courseId, courseId));
    const [pdf] = await ctx.database.db
      .insert(lessons)
      .values({ sectionId: section?.id ?? 0, title: 'Notes', contentType: 'pdf', published: true })
      .returning();
    const notQuiz = await post('/api/quizzes/SaveQuiz', { ...body, lesson_Id: pdf?.id }, publisher.token);
    expect(notQuiz.statusCode).toBe(400);
    expect(notQuiz.json().details[0].field).toBe('lesson_Id');
  });
});

describe('a student takes a quiz', () => {
  test('what the student receives before submitting holds no correct answer', async () => {
    const { lessonId, student } = await quizCourse({ show_answers: 'after_each_attempt' });
    const quiz = await get(`/api/quizzes/GetQuizForStudent/${lessonId}`, student.token);
    expect(quiz.statusCode).toBe(200);
    expect(quiz.json()).toMatchObject({ question_count: 4, can_start: true, attempts: [], passed: false });
    expect(leaks(quiz.body)).toEqual([]);
    const started = await start(lessonId, student.token);
    expect(started.statusCode).toBe(201);
    expect(started.json().questions).toHaveLength(4);
    expect(leaks(started.body)).toEqual([]);
    const again = await get(`/api/quizzes/GetAttempt/${started.json().attempt_Id}`, student.token);
    expect(leaks(again.body)).toEqual([]);
    // A second tab's start answers the same open attempt.
    const second = await start(lessonId, student.token);
    expect(second.statusCode).toBe(200);
    expect(second.json().attempt_Id).toBe(started.json().attempt_Id);
    // After submitting, the quiz shows its answers (after each attempt).
    const done = await submit(
      started.json().attempt_Id,
      answersTo(started.json().questions, false),
      student.token,
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().answers_shown).toBe(true);
    expect(done.body).toContain('SECRET-FOUR');
  });

  test('no token 401; a visitor or another student reads no attempt and starts none', async () => {
    const { lessonId, student } = await quizCourse();
    const stranger = await createStudent(ctx);
    expect((await start(lessonId, '')).statusCode).toBe(401);
    expect((await start(lessonId, stranger.token)).statusCode).toBe(404);
    expect((await get(`/api/quizzes/GetQuizForStudent/${lessonId}`)).statusCode).toBe(404);
    expect((await get(`/api/quizzes/GetQuizForStudent/${lessonId}`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/api/quizzes/GetMyAttempts/${lessonId}`)).statusCode).toBe(401);
    expect((await get(`/api/quizzes/GetMyAttempts/${lessonId}`, stranger.token)).statusCode).toBe(404);
    const attempt = (await start(lessonId, student.token)).json();
    expect((await get(`/api/quizzes/GetAttempt/${attempt.attempt_Id}`)).statusCode).toBe(401);
    expect((await get(`/api/quizzes/GetAttempt/${attempt.attempt_Id}`, stranger.token)).statusCode).toBe(404);
    expect(
      (await get(`/api/quizzes/GetAttempt/${attempt.attempt_Id}`, otherPublisher.token)).statusCode,
    ).toBe(404);
    expect((await get(`/api/quizzes/GetAttempt/${attempt.attempt_Id}`, publisher.token)).statusCode).toBe(
      200,
    );
    const answers = answersTo(attempt.questions);
    expect((await submit(attempt.attempt_Id, answers, '')).statusCode).toBe(401);
    expect((await submit(attempt.attempt_Id, answers, stranger.token)).statusCode).toBe(404);
    expect((await submit(attempt.attempt_Id, answers, publisher.token)).statusCode).toBe(404);
    // The school's staff preview with GetQuiz; they take no attempt.
    expect((await start(lessonId, publisher.token)).statusCode).toBe(403);
    expect((await start(lessonId, otherPublisher.token)).statusCode).toBe(404);
  });

  test('starts at once make one attempt; a visitor reads a preview quiz without answers and starts none', async () => {
    const { lessonId, student } = await quizCourse();
    const starts = await Promise.all([1, 2, 3].map(() => start(lessonId, student.token)));
    expect(starts.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(starts.map((r) => r.json().attempt_Id)).size).toBe(1);
    await ctx.database.db.update(lessons).set({ preview: true }).where(eq(lessons.id, lessonId));
    const visitor = await get(`/api/quizzes/GetQuizForStudent/${lessonId}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ can_start: false, attempts: [] });
    expect(leaks(visitor.body)).toEqual([]);
  });

  test('bad answers are a 400 naming the field', async () => {
    const { lessonId, student } = await quizCourse();
    const attempt = (await start(lessonId, student.token)).json();
    const [single, multiple] = attempt.questions;
    const cases: Array<[unknown, string]> = [
      [{ attempt_Id: attempt.attempt_Id, answers: 'all' }, 'answers'],
      [{ attempt_Id: 'x', answers: [] }, 'attempt_Id'],
      [{ attempt_Id: attempt.attempt_Id, answers: [{ question_Id: 999999 }] }, 'answers.0.question_Id'],
      [
        {
          attempt_Id: attempt.attempt_Id,
          answers: [{ question_Id: single.question_Id, option_Ids: [multiple.options[0].option_Id] }],
        },
        'answers.0.option_Ids',
      ],
      [
        {
          attempt_Id: attempt.attempt_Id,
          answers: [
            {
              question_Id: single.question_Id,
              option_Ids: single.options.map((o: { option_Id: number }) => o.option_Id),
            },
          ],
        },
        'answers.0.option_Ids',
      ],
      [
        {
          attempt_Id: attempt.attempt_Id,
          answers: [{ question_Id: single.question_Id }, { question_Id: single.question_Id }],
        },
        'answers.1.question_Id',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/quizzes/SubmitAttempt', body, student.token);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
    // Nothing of that closed the attempt.
    const [row] = await ctx.database.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.id, attempt.attempt_Id));
    expect(row?.status).toBe('in_progress');
    const bad = await post('/api/quizzes/StartAttempt', { lesson_Id: 'seven' }, student.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('lesson_Id');
  });

  test('short answers are compared trimmed, without case, inner spaces collapsed; all or nothing for choices', async () => {
    const { lessonId, student } = await quizCourse();
    const attempt = (await start(lessonId, student.token)).json();
    const answers = answersTo(attempt.questions).map((a) => {
      const q = attempt.questions.find((x: AttemptQuestion) => x.question_Id === a.question_Id);
      // Only one of the two primes: no points for the multiple choice question.
      if (q.text === 'Which are prime?') return { ...a, option_Ids: a.option_Ids?.slice(0, 1) };
      return a;
    });
    const done = (await submit(attempt.attempt_Id, answers, student.token)).json();
    expect(done).toMatchObject({ status: 'submitted', score: 3, max_score: 5, passed: false });
    const byText = (text: string) => done.questions.find((q: { text: string }) => q.text === text);
    expect(byText('Which city is the Big Apple?').points_awarded).toBe(1);
    expect(byText('Which are prime?').points_awarded).toBe(0);
  });

  test('attempts allowed and the wait between attempts are kept, with when to try again', async () => {
    const { lessonId, student } = await quizCourse({ attempts_allowed: 2, wait_seconds: 3600 });
    const first = (await start(lessonId, student.token)).json();
    await submit(first.attempt_Id, answersTo(first.questions, false), student.token);
    const early = await start(lessonId, student.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^You can try this quiz again after \d{4}-\d\d-\d\dT/);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(3500);
    const view = (await get(`/api/quizzes/GetQuizForStudent/${lessonId}`, student.token)).json();
    expect(view).toMatchObject({ can_start: false, attempts_left: 1 });
    expect(view.next_attempt_at).not.toBeNull();
    // An hour later (the attempt moved back in time), the second attempt starts; then none is left.
    await ctx.database.db
      .update(quizAttempts)
      .set({ submittedAt: new Date(Date.now() - 3601_000) })
      .where(eq(quizAttempts.id, first.attempt_Id));
    const second = await start(lessonId, student.token);
    expect(second.statusCode).toBe(201);
    expect(second.json().number).toBe(2);
    await submit(second.json().attempt_Id, answersTo(second.json().questions, false), student.token);
    await ctx.database.db
      .update(quizAttempts)
      .set({ submittedAt: new Date(Date.now() - 7200_000) })
      .where(eq(quizAttempts.userId, student.userId));
    const third = await start(lessonId, student.token);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('You have used all 2 attempts at this quiz.');
    const mine = await get(`/api/quizzes/GetMyAttempts/${lessonId}`, student.token);
    expect(mine.json().map((a: { number: number }) => a.number)).toEqual([1, 2]);

    // The school gives the attempts back: only its staff, and the student starts again from the first.
    const body = { lesson_Id: lessonId, user_Id: student.userId };
    expect((await post('/api/quizzes/ResetAttempts', body)).statusCode).toBe(401);
    expect((await post('/api/quizzes/ResetAttempts', body, otherPublisher.token)).statusCode).toBe(404);
    expect((await post('/api/quizzes/ResetAttempts', body, student.token)).statusCode).toBe(404);
    const bad = await post(
      '/api/quizzes/ResetAttempts',
      { lesson_Id: lessonId, user_Id: 'x' },
      publisher.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('user_Id');
    expect((await get(`/api/quizzes/GetMyAttempts/${lessonId}`, student.token)).json()).toHaveLength(2);
    const reset = await post('/api/quizzes/ResetAttempts', body, publisher.token);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ lesson_Id: lessonId, user_Id: student.userId, deleted: 2 });
    const again = await start(lessonId, student.token);
    expect(again.statusCode).toBe(201);
    expect(again.json().number).toBe(1);
  });

  test('the time limit is the server’s: a submission past it is refused and the attempt closed', async () => {
    const { lessonId, student } = await quizCourse({ time_limit_seconds: 60 });
    const attempt = (await start(lessonId, student.token)).json();
    expect(new Date(attempt.deadline).getTime() - new Date(attempt.started_at).getTime()).toBe(60_000);
    // Within the grace: taken.
    await ctx.database.db
      .update(quizAttempts)
      .set({ deadline: new Date(Date.now() - 2000) })
      .where(eq(quizAttempts.id, attempt.attempt_Id));
    const inGrace = await submit(attempt.attempt_Id, answersTo(attempt.questions), student.token);
    expect(inGrace.statusCode).toBe(200);
    // A later attempt, submitted a minute after its deadline: refused.
    const late = (await start(lessonId, student.token)).json();
    await ctx.database.db
      .update(quizAttempts)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(quizAttempts.id, late.attempt_Id));
    const refused = await submit(late.attempt_Id, answersTo(late.questions), student.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^The time for this attempt ran out at /);
    const [row] = await ctx.database.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.id, late.attempt_Id));
    expect(row).toMatchObject({ status: 'submitted', score: 0, passed: false });
  });

  test('two submissions of one attempt at once grade it once', async () => {
    const { lessonId, student } = await quizCourse();
    const attempt = (await start(lessonId, student.token)).json();
    const answers = answersTo(attempt.questions);
    const results = await Promise.all(
      [1, 2, 3].map(() => submit(attempt.attempt_Id, answers, student.token)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(
      'This attempt has already been submitted.',
    );
    const rows = await ctx.database.db
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, student.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'submitted', score: 5, passed: true });
  });

  test('an attempt keeps its questions: editing the quiz later changes no attempt', async () => {
    const { lessonId, student } = await quizCourse();
    const attempt = (await start(lessonId, student.token)).json();
    // The school makes "Three" the answer to 2 + 2 and drops every other question.
    const edited = [
      {
        ...BANK[0],
        options: [
          { text: 'Three', correct: true },
          { text: 'Four', correct: false },
        ],
      },
    ];
    expect(
      (await post('/api/quizzes/SaveQuiz', { lesson_Id: lessonId, questions: edited }, publisher.token))
        .statusCode,
    ).toBe(200);
    const done = (await submit(attempt.attempt_Id, answersTo(attempt.questions), student.token)).json();
    expect(done).toMatchObject({ score: 5, max_score: 5, passed: true });
    expect(done.questions).toHaveLength(4);
  });

  test('draws and shuffles: an attempt holds draw_count questions of the bank', async () => {
    const { lessonId, student } = await quizCourse({
      draw_count: 2,
      shuffle_questions: true,
      shuffle_options: true,
    });
    const attempt = (await start(lessonId, student.token)).json();
    expect(attempt.questions).toHaveLength(2);
    expect(
      (await get(`/api/quizzes/GetQuizForStudent/${lessonId}`, student.token)).json().question_count,
    ).toBe(2);
    const done = (await submit(attempt.attempt_Id, answersTo(attempt.questions), student.token)).json();
    expect(done.score).toBe(done.max_score);
  });
});

describe('answers shown, open answers and completion', () => {
  test('never: the score only; after passing: once the student has passed', async () => {
    const never = await quizCourse({ show_answers: 'never' });
    const a = (await start(never.lessonId, never.student.token)).json();
    const doneNever = await submit(a.attempt_Id, answersTo(a.questions), never.student.token);
    expect(doneNever.json()).toMatchObject({ answers_shown: false, passed: true });
    expect(leaks(doneNever.body)).toEqual([]);
    expect(doneNever.body).not.toContain('points_awarded');

    const later = await quizCourse({ show_answers: 'after_passing' });
    const failed = (await start(later.lessonId, later.student.token)).json();
    const failedDone = await submit(
      failed.attempt_Id,
      answersTo(failed.questions, false),
      later.student.token,
    );
    expect(failedDone.json()).toMatchObject({ answers_shown: false, passed: false });
    expect(leaks(failedDone.body)).toEqual([]);
    const passed = (await start(later.lessonId, later.student.token)).json();
    const passedDone = await submit(passed.attempt_Id, answersTo(passed.questions), later.student.token);
    expect(passedDone.json()).toMatchObject({ answers_shown: true, passed: true });
    // The failed attempt's answers show too, now that the quiz is passed.
    const failedAgain = await get(`/api/quizzes/GetAttempt/${failed.attempt_Id}`, later.student.token);
    expect(failedAgain.json().answers_shown).toBe(true);
  });

  test('an open answer waits for the school; its grade decides the pass and completes the lesson', async () => {
    const bank = [BANK[0], { kind: 'open', text: 'Explain gravity.', points: 4 }];
    const { lessonId, courseId, student } = await quizCourse({ pass_percent: 80 }, bank);
    const attempt = (await start(lessonId, student.token)).json();
    const done = (await submit(attempt.attempt_Id, answersTo(attempt.questions), student.token)).json();
    expect(done).toMatchObject({ status: 'needs_grading', score: 1, max_score: 5, passed: null });
    const open = attempt.questions.find((q: { text: string }) => q.text === 'Explain gravity.');
    const grade = (body: Record<string, unknown>, token?: string) =>
      post(
        '/api/quizzes/GradeAnswer',
        { attempt_Id: attempt.attempt_Id, question_Id: open.question_Id, ...body },
        token,
      );
    expect((await grade({ points: 4 })).statusCode).toBe(401);
    expect((await grade({ points: 4 }, otherPublisher.token)).statusCode).toBe(404);
    expect((await grade({ points: 4 }, student.token)).statusCode).toBe(404);
    const tooMany = await grade({ points: 5 }, publisher.token);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details[0].field).toBe('points');
    const notOpen = await grade(
      {
        points: 1,
        question_Id: attempt.questions.find((q: { text: string }) => q.text !== 'Explain gravity.')
          .question_Id,
      },
      publisher.token,
    );
    expect(notOpen.statusCode).toBe(400);
    expect(notOpen.json().details[0].field).toBe('question_Id');
    expect((await grade({ points: -1 }, publisher.token)).json().details[0].field).toBe('points');

    // A low grade: graded, not passed, nothing completed.
    const low = await grade({ points: 2, comment: 'Say why.' }, publisher.token);
    expect(low.statusCode).toBe(200);
    expect(low.json()).toMatchObject({ status: 'graded', score: 3, passed: false });
    const completion = () =>
      ctx.database.db
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, student.userId), eq(lessonProgress.lessonId, lessonId)));
    expect((await completion())[0]?.completed ?? false).toBe(false);
    // Graded again, higher: passed, the lesson complete, the course's certificate issued.
    const high = await grade({ points: 4, comment: 'Well put.' }, publisher.token);
    expect(high.json()).toMatchObject({ status: 'graded', score: 5, passed: true });
    expect((await completion())[0]?.completed).toBe(true);
    const mine = await get(`/api/quizzes/GetAttempt/${attempt.attempt_Id}`, student.token);
    const answered = mine.json().questions.find((q: { text: string }) => q.text === 'Explain gravity.');
    expect(answered).toMatchObject({
      points_awarded: 4,
      grader_comment: 'Well put.',
      answer: { text: 'Things fall down.' },
    });
    const issued = await ctx.database.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, student.userId), eq(certificates.courseId, courseId)));
    expect(issued).toHaveLength(1);
  });

  test('a quiz lesson completes only on a pass; marking it done is refused', async () => {
    const { lessonId, courseId, student } = await quizCourse();
    const marked = await post(
      '/api/studentCourse/SaveLessonProgress',
      { lesson_Id: lessonId, completed: true },
      student.token,
    );
    expect(marked.statusCode).toBe(400);
    expect(marked.json().details[0].field).toBe('completed');
    const progress = () => get(`/api/studentCourse/GetCourseProgress/${courseId}`, student.token);
    const failing = (await start(lessonId, student.token)).json();
    await submit(failing.attempt_Id, answersTo(failing.questions, false), student.token);
    expect((await progress()).json()).toMatchObject({ completedLessons: 0, totalLessons: 1 });
    const passing = (await start(lessonId, student.token)).json();
    const done = await submit(passing.attempt_Id, answersTo(passing.questions), student.token);
    expect(done.json().passed).toBe(true);
    expect((await progress()).json()).toMatchObject({
      completedLessons: 1,
      totalLessons: 1,
      nextLesson_Id: null,
    });
    const issued = await ctx.database.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, student.userId), eq(certificates.courseId, courseId)));
    expect(issued).toHaveLength(1);
    // A pass cannot be undone by the student either.
    const undo = await post(
      '/api/studentCourse/SaveLessonProgress',
      { lesson_Id: lessonId, completed: false },
      student.token,
    );
    expect(undo.statusCode).toBe(400);
  });
});
