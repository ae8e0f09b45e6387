import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, TEST_KEYS, type TestContext } from '../../../test/helpers';
import { createQuizLesson } from '../../../test/quizzes';
import { type FilePart, filesOnDisk, fixtures, upload } from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import {
  courses,
  enrolments,
  lessons,
  pendingFileDeletions,
  quizAttempts,
  storedFiles,
} from '../../db/schema';
import { readTar } from '../../lib/backup/archive';
import { writeBackup } from '../../lib/backup/write';
import { signQuestionImageUrl } from '../../lib/signed-url';
import { FileSweeper } from '../media/file-sweeper';

/**
 * Images on quiz questions (docs/decisions/035): the school uploads one before saving the quiz, SaveQuiz
 * takes its key, a student's attempt keeps it and shows it by a signed URL to whoever may read the lesson,
 * a replaced image goes as other files go unless an attempt still shows it, and backups carry it.
 */
const MAX_IMAGE_BYTES = 8192;
let ctx: TestContext;
let publisher: TestUser;
let otherPublisher: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({ MAX_IMAGE_BYTES: String(MAX_IMAGE_BYTES) });
  publisher = await createPublisher(ctx);
  otherPublisher = await createPublisher(ctx);
});
afterAll(async () => ctx.close());

const post = (url: string, body: unknown, token?: string) =>
  call(ctx.app, { method: 'POST', url, body, ...(token ? { token } : {}) });
const get = (url: string, token?: string) =>
  call(ctx.app, { method: 'GET', url, ...(token ? { token } : {}) });

const picture = (data = fixtures.png(), filename = 'diagram.png'): FilePart => ({
  field: 'file',
  filename,
  contentType: 'image/png',
  data,
});

const uploadImage = (lessonId: number, token: string | undefined, file: FilePart = picture()) =>
  upload(ctx.app, 'POST', '/api/quizzes/UploadQuestionImage', token, { lesson_Id: lessonId }, file);

/** A multipart form whose parts come in the order given (a file for a Buffer), as a client may send it. */
function sendParts(token: string, parts: [string, Buffer | number][]) {
  const boundary = 'skillwise-parts';
  const body = Buffer.concat([
    ...parts.flatMap(([name, value]) =>
      Buffer.isBuffer(value)
        ? [
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
            ),
            value,
            Buffer.from('\r\n'),
          ]
        : [
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
            ),
          ],
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return call(ctx.app, {
    method: 'POST',
    url: '/api/quizzes/UploadQuestionImage',
    token,
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const quizLesson = (owner: TestUser = publisher, options: { preview?: boolean } = {}) =>
  createQuizLesson(ctx, owner, options);

const question = (imageKey: string | null, text = 'What does the picture show?') => ({
  kind: 'single',
  text,
  image_key: imageKey,
  options: [
    { text: 'A cat', correct: true },
    { text: 'A dog', correct: false },
  ],
});

const saveQuiz = (lessonId: number, questions: unknown[], token = publisher.token) =>
  post('/api/quizzes/SaveQuiz', { lesson_Id: lessonId, questions }, token);

/** A quiz lesson whose one question shows a freshly uploaded image, and a student enrolled in its course. */
async function quizWithImage(options: { preview?: boolean } = {}) {
  const { courseId, lessonId } = await quizLesson(publisher, options);
  const data = fixtures.png(3000);
  const uploaded = await uploadImage(lessonId, publisher.token, picture(data));
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const key: string = uploaded.json().image_key;
  const saved = await saveQuiz(lessonId, [question(key)]);
  expect(saved.statusCode, saved.body).toBe(200);
  const student = await createStudent(ctx);
  await ctx.database.db.insert(enrolments).values({ userId: student.userId, courseId, source: 'assigned' });
  return { courseId, lessonId, key, data, student };
}

const stored = async (key: string) =>
  ctx.database.db.select().from(storedFiles).where(eq(storedFiles.fileKey, key));
const onDisk = async (key: string) => (await filesOnDisk(ctx)).some((file) => file.endsWith(key));
const queued = async (key: string) =>
  (await ctx.database.db.select().from(pendingFileDeletions).where(eq(pendingFileDeletions.fileKey, key)))
    .length > 0;

/** Every sweep pass once every wait is over: deletions due, orphans, records no row names. */
const sweepEverything = () =>
  new FileSweeper({ db: ctx.database.db, storage: ctx.storage, graceMs: 0, deleteGraceMs: 0 }).sweep(
    Date.now() + 1000,
  );

describe('quizzes/UploadQuestionImage', () => {
  test('stores the school’s image, recorded against its storage, and answers its key and a URL', async () => {
    const { lessonId } = await quizLesson();
    const data = fixtures.png(4000);
    const res = await uploadImage(lessonId, publisher.token, picture(data));
    expect(res.statusCode, res.body).toBe(201);
    const { image_key: key, image_url: url } = res.json();
    expect(key).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(url).toContain(`/api/media/quiz-images/${lessonId}/${key}?`);
    expect(await stored(key)).toEqual([
      expect.objectContaining({ orgId: publisher.orgId, sizeBytes: data.length }),
    ]);
    expect(await readFile(path.join(ctx.filesDir, key.slice(0, 2), key))).toEqual(data);
    // The school's staff see what they uploaded before the quiz is saved.
    const shown = await get(url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload).toEqual(data);
  });

  test('refuses what is not a picture (415) and a picture past MAX_IMAGE_BYTES (413), storing nothing', async () => {
    const { lessonId } = await quizLesson();
    const before = (await filesOnDisk(ctx)).length;
    const [{ n: recordsBefore }] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from stored_files`),
    ) as [{ n: number }];
    const pdf = await uploadImage(lessonId, publisher.token, {
      ...picture(fixtures.pdf(), 'notes.png'),
    });
    expect(pdf.statusCode, pdf.body).toBe(415);
    expect(pdf.json().message).toBe('This file is not an image: use a JPEG, PNG, GIF or WebP picture.');
    const html = await uploadImage(lessonId, publisher.token, picture(fixtures.html(), 'x.png'));
    expect(html.statusCode).toBe(415);
    const large = await uploadImage(lessonId, publisher.token, picture(fixtures.png(MAX_IMAGE_BYTES + 1)));
    expect(large.statusCode, large.body).toBe(413);
    expect(large.json().message).toContain('The file is too large.');
    expect((await filesOnDisk(ctx)).length).toBe(before);
    const [{ n: recordsAfter }] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from stored_files`),
    ) as [{ n: number }];
    expect(recordsAfter).toBe(recordsBefore);
    const holds = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from upload_reservations where org_id = ${publisher.orgId}`,
      ),
    );
    expect(holds[0]?.n).toBe(0);
  });

  test('asks for a token, the lesson’s school, a quiz lesson and its fields; refused, nothing is stored', async () => {
    const { lessonId } = await quizLesson();
    const student = await createStudent(ctx);
    const before = (await filesOnDisk(ctx)).length;
    expect((await uploadImage(lessonId, undefined)).statusCode).toBe(401);
    const foreign = await uploadImage(lessonId, otherPublisher.token);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().message).toBe('Lesson not found.');
    expect((await uploadImage(lessonId, student.token)).statusCode).toBe(404);
    expect((await uploadImage(999_999_999, publisher.token)).statusCode).toBe(404);
    const bad = await upload(
      ctx.app,
      'POST',
      '/api/quizzes/UploadQuestionImage',
      publisher.token,
      { lesson_Id: 'abc' },
      picture(),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'lesson_Id' })]);
    const missing = await upload(ctx.app, 'POST', '/api/quizzes/UploadQuestionImage', publisher.token, {
      lesson_Id: lessonId,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'file', message: 'is required' }]);
    // The file before the lesson: the lesson is unknown when the file arrives, so nothing is stored.
    const late = await sendParts(publisher.token, [
      ['file', fixtures.png()],
      ['lesson_Id', lessonId],
    ]);
    expect(late.statusCode).toBe(400);
    expect(late.json().details).toEqual([{ field: 'lesson_Id', message: 'is required' }]);
    // A lesson named again after the file, another school's: checked too, and the file discarded.
    const other = await quizLesson(otherPublisher);
    const swapped = await sendParts(publisher.token, [
      ['lesson_Id', lessonId],
      ['file', fixtures.png()],
      ['lesson_Id', other.lessonId],
    ]);
    expect(swapped.statusCode).toBe(404);
    // Not a quiz lesson: the form's own lesson kinds take their files elsewhere.
    await ctx.database.db.update(lessons).set({ contentType: 'pdf' }).where(eq(lessons.id, lessonId));
    const notQuiz = await uploadImage(lessonId, publisher.token);
    expect(notQuiz.statusCode).toBe(400);
    expect(notQuiz.json().details).toEqual([expect.objectContaining({ field: 'lesson_Id' })]);
    expect((await filesOnDisk(ctx)).length).toBe(before);
  });
});

describe('quizzes/SaveQuiz and GetQuiz with images', () => {
  test('a question keeps the school’s uploaded image; GetQuiz answers its key and URL', async () => {
    const { lessonId, key } = await quizWithImage();
    const quiz = await get(`/api/quizzes/GetQuiz/${lessonId}`, publisher.token);
    expect(quiz.statusCode).toBe(200);
    const [first] = quiz.json().questions;
    expect(first.image_key).toBe(key);
    expect(first.image_url).toContain(`/api/media/quiz-images/${lessonId}/${key}?`);
    // A question without an image, and a caller sending none, keep working as before.
    const plain = await saveQuiz(lessonId, [question(key), { ...question(null), text: 'No picture' }]);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().questions[1]).toMatchObject({ image_key: null, image_url: null });
  });

  test('a key that is not an image uploaded for this school’s quiz is a 400 on that question', async () => {
    const { lessonId } = await quizLesson();
    const other = await quizLesson(otherPublisher);
    const foreignUpload = await uploadImage(other.lessonId, otherPublisher.token);
    const foreignKey: string = foreignUpload.json().image_key;
    const ownUpload = await uploadImage(lessonId, publisher.token);
    const ownKey: string = ownUpload.json().image_key;
    const [cover] = await ctx.database.db
      .select({ key: courses.imageKey })
      .from(courses)
      .where(sql`${courses.imageKey} is not null`)
      .limit(1);
    for (const key of [foreignKey, 'f0f0f0f0-0000-4000-8000-000000000000.png', cover?.key ?? 'cover']) {
      const res = await saveQuiz(lessonId, [question(ownKey), question(key, 'Second')]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toEqual([
        {
          field: 'questions.1.image_key',
          message: 'must be an image uploaded for this school’s quiz with quizzes/UploadQuestionImage',
        },
      ]);
    }
    const typed = await saveQuiz(lessonId, [{ ...question(null), image_key: 42 }]);
    expect(typed.statusCode).toBe(400);
    expect(typed.json().details).toEqual([expect.objectContaining({ field: 'questions.0.image_key' })]);
    // Another quiz of the same school does not take an image one of its quizzes shows.
    const second = await quizLesson();
    const saved = await saveQuiz(lessonId, [question(ownKey)]);
    expect(saved.statusCode).toBe(200);
    const taken = await saveQuiz(second.lessonId, [question(ownKey)]);
    expect(taken.statusCode).toBe(400);
  });

  test('a removed image no attempt shows is queued for deletion, stops counting, and goes after the sweep', async () => {
    const { lessonId, key } = await quizWithImage();
    const replaced = await uploadImage(lessonId, publisher.token);
    const next: string = replaced.json().image_key;
    const saved = await saveQuiz(lessonId, [question(next)]);
    expect(saved.statusCode).toBe(200);
    expect(await queued(key)).toBe(true);
    expect(await stored(key)).toEqual([]);
    expect(await onDisk(key)).toBe(true);
    await sweepEverything();
    expect(await onDisk(key)).toBe(false);
    expect(await onDisk(next)).toBe(true);
    expect(await stored(next)).toHaveLength(1);
  });
});

describe('students see question images', () => {
  test('an attempt carries each question’s image URL, which the enrolled student can fetch', async () => {
    const { lessonId, key, data, student } = await quizWithImage();
    const intro = await get(`/api/quizzes/GetQuizForStudent/${lessonId}`, student.token);
    expect(intro.statusCode).toBe(200);
    const started = await post('/api/quizzes/StartAttempt', { lesson_Id: lessonId }, student.token);
    expect(started.statusCode, started.body).toBe(201);
    const url: string = started.json().questions[0].image_url;
    expect(url).toContain(`/api/media/quiz-images/${lessonId}/${key}?viewer=${student.userId}&`);
    // The snapshot names the image, and nothing of the school's answers leaks with it.
    expect(started.body).not.toContain('image_key');
    const image = await get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload).toEqual(data);
    const again = await get(`/api/quizzes/GetAttempt/${started.json().attempt_Id}`, student.token);
    expect(again.json().questions[0].image_url).toBe(url);
  });

  test('a student not enrolled (or no longer), a locked lesson, or a tampered URL gets a 404', async () => {
    const { courseId, lessonId, key, student } = await quizWithImage();
    const started = await post('/api/quizzes/StartAttempt', { lesson_Id: lessonId }, student.token);
    const url: string = started.json().questions[0].image_url;
    expect((await get(url)).statusCode).toBe(200);
    // A URL made for another student who is not enrolled.
    const outsider = await createStudent(ctx);
    const expires = Math.floor(Date.now() / 1000) + 3600;
    const forOutsider = signQuestionImageUrl(TEST_KEYS.mediaUrls, {
      lessonId,
      fileKey: key,
      viewerId: outsider.userId,
      expires,
    });
    expect((await get(forOutsider)).statusCode).toBe(404);
    // A visitor's URL for a lesson that is not a preview.
    const forVisitor = signQuestionImageUrl(TEST_KEYS.mediaUrls, {
      lessonId,
      fileKey: key,
      viewerId: 0,
      expires,
    });
    expect((await get(forVisitor)).statusCode).toBe(404);
    // The signature binds the image: another key of the school is not reached with it.
    const otherKey = (await uploadImage(lessonId, publisher.token)).json().image_key as string;
    expect((await get(url.replace(key, otherKey))).statusCode).toBe(404);
    expect((await get(url.replace('signature=', 'signature=x'))).statusCode).toBe(404);
    // Unpublished: the enrolled student loses it too.
    await ctx.database.db.update(lessons).set({ published: false }).where(eq(lessons.id, lessonId));
    expect((await get(url)).statusCode).toBe(404);
    await ctx.database.db.update(lessons).set({ published: true }).where(eq(lessons.id, lessonId));
    expect((await get(url)).statusCode).toBe(200);
    // Enrolment gone: refused at once.
    await ctx.database.db.delete(enrolments).where(eq(enrolments.courseId, courseId));
    const refused = await get(url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('File not found.');
  });

  test('visitors of a preview quiz lesson may see its images', async () => {
    const { lessonId, key, data } = await quizWithImage({ preview: true });
    const expires = Math.floor(Date.now() / 1000) + 3600;
    const url = signQuestionImageUrl(TEST_KEYS.mediaUrls, { lessonId, fileKey: key, viewerId: 0, expires });
    const image = await get(url);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload).toEqual(data);
  });

  test('an attempt keeps its image after the question’s image is replaced and the sweeper runs', async () => {
    const { lessonId, key, data, student } = await quizWithImage();
    const started = await post('/api/quizzes/StartAttempt', { lesson_Id: lessonId }, student.token);
    const attemptId: number = started.json().attempt_Id;
    const replaced = await uploadImage(lessonId, publisher.token);
    const next: string = replaced.json().image_key;
    expect((await saveQuiz(lessonId, [question(next)])).statusCode).toBe(200);
    // Still the school's while the attempt shows it: not queued, still counted.
    expect(await queued(key)).toBe(false);
    expect(await stored(key)).toHaveLength(1);
    await sweepEverything();
    expect(await onDisk(key)).toBe(true);
    expect(await stored(key)).toHaveLength(1);
    const attempt = await get(`/api/quizzes/GetAttempt/${attemptId}`, student.token);
    const url: string = attempt.json().questions[0].image_url;
    expect(url).toContain(key);
    const image = await get(url);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload).toEqual(data);
    // The school sees the new image; a new attempt would draw it.
    const quiz = await get(`/api/quizzes/GetQuiz/${lessonId}`, publisher.token);
    expect(quiz.json().questions[0].image_key).toBe(next);

    // Once the attempts that kept it are reset, it goes as other files go.
    const reset = await post(
      '/api/quizzes/ResetAttempts',
      { lesson_Id: lessonId, user_Id: student.userId },
      publisher.token,
    );
    expect(reset.statusCode).toBe(200);
    expect(await queued(key)).toBe(true);
    expect(await stored(key)).toEqual([]);
    await sweepEverything();
    expect(await onDisk(key)).toBe(false);
    expect(await onDisk(next)).toBe(true);
    expect(await ctx.database.db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId))).toEqual(
      [],
    );
  });
});

describe('backups', () => {
  test('carry the images questions show and those attempts keep', async () => {
    const { lessonId, key, student } = await quizWithImage();
    await post('/api/quizzes/StartAttempt', { lesson_Id: lessonId }, student.token);
    const next: string = (await uploadImage(lessonId, publisher.token)).json().image_key;
    expect((await saveQuiz(lessonId, [question(next)])).statusCode).toBe(200);
    const chunks: Buffer[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    await writeBackup({ database: ctx.database, storage: ctx.storage }, out);
    out.end();
    const names: string[] = [];
    for await (const entry of readTar(
      (async function* () {
        yield Buffer.concat(chunks);
      })(),
    )) {
      names.push(entry.name);
      for await (const _ of entry.body) {
        // read through
      }
    }
    expect(names).toContain(`files/${key}`);
    expect(names).toContain(`files/${next}`);
  });
});
