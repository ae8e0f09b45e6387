import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { uploadQuestionImage } from '../../../test/quizzes';
import { fixtures } from '../../../test/uploads';
import { courses, enrolments, lessons, quizAttempts, sections } from '../../db/schema';

/**
 * A preview quiz (docs/decisions/033): anyone who may read a preview quiz lesson gets its questions
 * without answers and has answers graded, with nothing stored.
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

const BANK = [
  {
    kind: 'single',
    text: 'What is 2 + 2?',
    points: 2,
    explanation: 'Two and two make four.',
    options: [
      { text: 'Three', correct: false },
      { text: 'Four', correct: true, explanation: 'SECRET-FOUR' },
    ],
  },
  {
    kind: 'true_false',
    text: 'Water is wet.',
    options: [
      { text: 'True', correct: true },
      { text: 'False', correct: false },
    ],
  },
  { kind: 'short', text: 'Which city is the Big Apple?', accepted_answers: ['New York'] },
];
const SECRETS = ['"correct"', 'SECRET-FOUR', 'Two and two make four', 'New York', 'accepted_answers'];

type Question = { question_Id: number; text: string; options: { option_Id: number; text: string }[] };

/** Answers naming options and texts by their words. */
const answersTo = (questions: Question[], words: Record<string, string>) =>
  questions.map((q) => {
    const want = words[q.text] ?? '';
    if (q.options.length === 0) return { question_Id: q.question_Id, text: want };
    return {
      question_Id: q.question_Id,
      option_Ids: q.options.filter((o) => o.text === want).map((o) => o.option_Id),
    };
  });
const RIGHT = {
  'What is 2 + 2?': 'Four',
  'Water is wet.': 'True',
  'Which city is the Big Apple?': ' new york',
};
const WRONG = { 'What is 2 + 2?': 'Three', 'Water is wet.': 'True', 'Which city is the Big Apple?': 'Paris' };

/** A quiz lesson of the publisher's school, in a published section of a course, saved with `settings`. */
async function previewQuiz(
  options: { preview?: boolean; coursePublished?: boolean; settings?: Record<string, unknown> } = {},
  bank: unknown[] = BANK,
) {
  const { db } = ctx.database;
  const course = await createCourse(ctx, publisher.orgId ?? 0, {
    published: options.coursePublished ?? true,
  });
  const [section] = await db
    .insert(sections)
    .values({ courseId: course.id, name: 'Try it', published: true, orderNumber: 1 })
    .returning();
  const [lesson] = await db
    .insert(lessons)
    .values({
      sectionId: section?.id ?? 0,
      title: 'Warm-up quiz',
      contentType: 'quiz',
      published: true,
      preview: options.preview ?? true,
    })
    .returning();
  const lessonId = lesson?.id ?? 0;
  const saved = await post(
    '/api/quizzes/SaveQuiz',
    { lesson_Id: lessonId, questions: bank, pass_percent: 75, ...options.settings },
    publisher.token,
  );
  expect(saved.statusCode, saved.body).toBe(200);
  return { courseId: course.id, lessonId };
}

const attemptsStored = async () => {
  const [row] = await ctx.database.db.select({ n: count() }).from(quizAttempts);
  return Number(row?.n ?? 0);
};

describe('quizzes/GetPreviewQuiz and CheckPreviewQuiz', () => {
  test('a visitor reads the questions without answers and has answers graded, nothing stored', async () => {
    const { lessonId } = await previewQuiz();
    const before = await attemptsStored();
    const served = await get(`/api/quizzes/GetPreviewQuiz/${lessonId}`);
    expect(served.statusCode, served.body).toBe(200);
    expect(SECRETS.filter((secret) => served.body.includes(secret))).toEqual([]);
    const quiz = served.json();
    expect(quiz).toMatchObject({ lesson_title: 'Warm-up quiz', pass_percent: 75, max_score: 4 });
    expect(quiz.questions.map((q: Question) => q.text)).toEqual(BANK.map((q) => q.text));

    const right = await post('/api/quizzes/CheckPreviewQuiz', {
      lesson_Id: lessonId,
      answers: answersTo(quiz.questions, RIGHT),
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ status: 'submitted', score: 4, max_score: 4, passed: true });
    expect(right.json().answers_shown).toBe(true);
    const first = right.json().questions[0];
    expect(first).toMatchObject({ explanation: 'Two and two make four.', points_awarded: 2 });
    expect(first.options.find((o: { text: string }) => o.text === 'Four')).toMatchObject({
      correct: true,
      explanation: 'SECRET-FOUR',
    });

    const wrong = await post('/api/quizzes/CheckPreviewQuiz', {
      lesson_Id: lessonId,
      answers: answersTo(quiz.questions, WRONG),
    });
    expect(wrong.json()).toMatchObject({ score: 1, passed: false, answers_shown: true });
    expect(wrong.json().questions[2]).toMatchObject({ answer: { text: 'Paris' }, points_awarded: 0 });
    expect(await attemptsStored()).toBe(before);
  });

  test('show_answers: never gives the score only; after_passing only once passed', async () => {
    const never = await previewQuiz({ settings: { show_answers: 'never' } });
    const q = (await get(`/api/quizzes/GetPreviewQuiz/${never.lessonId}`)).json().questions;
    const graded = await post('/api/quizzes/CheckPreviewQuiz', {
      lesson_Id: never.lessonId,
      answers: answersTo(q, RIGHT),
    });
    expect(graded.json()).toMatchObject({ score: 4, passed: true, answers_shown: false });
    expect(SECRETS.filter((secret) => graded.body.includes(secret))).toEqual([]);
    expect(graded.body).not.toContain('points_awarded');

    const afterPassing = await previewQuiz({ settings: { show_answers: 'after_passing' } });
    const questions = (await get(`/api/quizzes/GetPreviewQuiz/${afterPassing.lessonId}`)).json().questions;
    const failed = await post('/api/quizzes/CheckPreviewQuiz', {
      lesson_Id: afterPassing.lessonId,
      answers: answersTo(questions, WRONG),
    });
    expect(failed.json()).toMatchObject({ passed: false, answers_shown: false });
    expect(SECRETS.filter((secret) => failed.body.includes(secret))).toEqual([]);
    const passed = await post('/api/quizzes/CheckPreviewQuiz', {
      lesson_Id: afterPassing.lessonId,
      answers: answersTo(questions, RIGHT),
    });
    expect(passed.json()).toMatchObject({ passed: true, answers_shown: true });
  });

  test('an open answer is not graded: the result waits, nothing decides its pass', async () => {
    const { lessonId } = await previewQuiz({}, [
      ...BANK,
      { kind: 'open', text: 'Explain gravity.', points: 3 },
    ]);
    const questions = (await get(`/api/quizzes/GetPreviewQuiz/${lessonId}`)).json().questions;
    const result = await post('/api/quizzes/CheckPreviewQuiz', {
      lesson_Id: lessonId,
      answers: answersTo(questions, { ...RIGHT, 'Explain gravity.': 'Things fall.' }),
    });
    expect(result.json()).toMatchObject({ status: 'needs_grading', score: 4, max_score: 7, passed: null });
    expect(result.json().questions[3]).toMatchObject({
      answer: { text: 'Things fall.' },
      points_awarded: null,
    });
  });

  test('a lesson that is not a preview is not found, to visitors and enrolled students alike', async () => {
    const { courseId, lessonId } = await previewQuiz({ preview: false });
    const student = await createStudent(ctx);
    await ctx.database.db.insert(enrolments).values({ userId: student.userId, courseId, source: 'assigned' });
    for (const token of [undefined, student.token]) {
      expect((await get(`/api/quizzes/GetPreviewQuiz/${lessonId}`, token)).statusCode).toBe(404);
      const checked = await post(
        '/api/quizzes/CheckPreviewQuiz',
        { lesson_Id: lessonId, answers: [] },
        token,
      );
      expect(checked.statusCode).toBe(404);
    }
  });

  test('a preview lesson of an unpublished course: not found, but its school may try it', async () => {
    const { lessonId } = await previewQuiz({ coursePublished: false });
    for (const token of [undefined, otherPublisher.token]) {
      expect((await get(`/api/quizzes/GetPreviewQuiz/${lessonId}`, token)).statusCode).toBe(404);
      const checked = await post(
        '/api/quizzes/CheckPreviewQuiz',
        { lesson_Id: lessonId, answers: [] },
        token,
      );
      expect(checked.statusCode).toBe(404);
    }
    const staff = await post(
      '/api/quizzes/CheckPreviewQuiz',
      { lesson_Id: lessonId, answers: [] },
      publisher.token,
    );
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json()).toMatchObject({ score: 0, passed: false });
  });

  test('another school’s account may try a published preview quiz like anyone', async () => {
    const { lessonId } = await previewQuiz();
    const served = await get(`/api/quizzes/GetPreviewQuiz/${lessonId}`, otherPublisher.token);
    expect(served.statusCode).toBe(200);
    expect(SECRETS.filter((secret) => served.body.includes(secret))).toEqual([]);
  });

  test('a question’s image comes with its URL, which the visitor (or any reader) can fetch', async () => {
    const { lessonId } = await previewQuiz();
    const data = fixtures.png(2000);
    const key = await uploadQuestionImage(ctx, publisher, lessonId, data);
    const [first, ...rest] = BANK;
    const saved = await post(
      '/api/quizzes/SaveQuiz',
      { lesson_Id: lessonId, pass_percent: 75, questions: [{ ...first, image_key: key }, ...rest] },
      publisher.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const served = await get(`/api/quizzes/GetPreviewQuiz/${lessonId}`);
    expect(served.statusCode, served.body).toBe(200);
    // The URL only: the key is the school's, as the answers are.
    expect(served.body).not.toContain('image_key');
    const [withImage, ...without] = served.json().questions;
    expect(without.map((q: { image_url: string | null }) => q.image_url)).toEqual([null, null]);
    const url: string = withImage.image_url;
    expect(url).toContain(`/api/media/quiz-images/${lessonId}/${key}?viewer=0&`);
    const image = await get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload).toEqual(data);

    // The result shows the picture with its question too.
    const checked = await post('/api/quizzes/CheckPreviewQuiz', {
      lesson_Id: lessonId,
      answers: answersTo(served.json().questions, RIGHT),
    });
    expect(checked.json().questions[0].image_url).toBe(url);

    // A signed-in reader of another school gets a URL of their own, which works for them.
    const theirs = await get(`/api/quizzes/GetPreviewQuiz/${lessonId}`, otherPublisher.token);
    const theirUrl: string = theirs.json().questions[0].image_url;
    expect(theirUrl).toContain(`viewer=${otherPublisher.userId}&`);
    expect((await get(theirUrl)).statusCode).toBe(200);

    // No longer a preview: the visitor's URL stops working with the quiz.
    await ctx.database.db.update(lessons).set({ preview: false }).where(eq(lessons.id, lessonId));
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(`/api/quizzes/GetPreviewQuiz/${lessonId}`)).statusCode).toBe(404);
  });

  test('a lesson that is no quiz is not found', async () => {
    const { db } = ctx.database;
    const course = await createCourse(ctx, publisher.orgId ?? 0);
    const [section] = await db
      .insert(sections)
      .values({ courseId: course.id, name: 'Read', published: true, orderNumber: 1 })
      .returning();
    const [lesson] = await db
      .insert(lessons)
      .values({
        sectionId: section?.id ?? 0,
        title: 'Notes',
        contentType: 'pdf',
        published: true,
        preview: true,
      })
      .returning();
    expect((await get(`/api/quizzes/GetPreviewQuiz/${lesson?.id}`)).statusCode).toBe(404);
  });

  test('bad input is a 400 naming the field', async () => {
    const { lessonId } = await previewQuiz();
    const noId = await post('/api/quizzes/CheckPreviewQuiz', { lesson_Id: 'x', answers: [] });
    expect(noId.statusCode).toBe(400);
    expect(noId.body).toContain('lesson_Id');
    const noAnswers = await post('/api/quizzes/CheckPreviewQuiz', { lesson_Id: lessonId, answers: 'all' });
    expect(noAnswers.statusCode).toBe(400);
    expect(noAnswers.body).toContain('answers');
    const stranger = await post('/api/quizzes/CheckPreviewQuiz', {
      lesson_Id: lessonId,
      answers: [{ question_Id: 999_999, option_Ids: [1] }],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.body).toContain('answers.0.question_Id');
    const badId = await get('/api/quizzes/GetPreviewQuiz/abc');
    expect(badId.statusCode).toBe(400);
  });

  test('the course being unpublished later takes the preview away', async () => {
    const { courseId, lessonId } = await previewQuiz();
    await ctx.database.db.update(courses).set({ published: false }).where(eq(courses.id, courseId));
    expect((await get(`/api/quizzes/GetPreviewQuiz/${lessonId}`)).statusCode).toBe(404);
  });
});
