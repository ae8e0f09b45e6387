import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { addSection, authorCourse } from '../../../test/authoring';
import { createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { createQuizLesson, uploadQuestionImage } from '../../../test/quizzes';
import { startTestBucket, type TestBucket } from '../../../test/s3';
import { fixtures, sweepDeletedFiles, upload } from '../../../test/uploads';
import { authors, courses, enrolments, lessons } from '../../db/schema';

// Files in a bucket (a real S3 server on a free port), on whichever database the suite runs on.
const MAX_LESSON_BYTES = 9 * 1024 * 1024;
let bucket: TestBucket;
let ctx: TestContext;
beforeAll(async () => {
  bucket = await startTestBucket();
  ctx = await createTestContext({
    ...bucket.env,
    MAX_LESSON_BYTES: String(MAX_LESSON_BYTES),
    // Every public answer is computed afresh, so a repeated ETag means a repeated answer.
    PUBLIC_CACHE_SECONDS: '0',
  });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await ctx.close();
  await bucket.close();
});

const fileKeyOf = async (lessonId: number) => {
  const [row] = await ctx.database.db.select().from(lessons).where(eq(lessons.id, lessonId));
  return row?.fileKey ?? null;
};

async function sectionOf(publisher: TestUser) {
  const { course, author } = await authorCourse(ctx, publisher.token);
  const section = await addSection(ctx, publisher.token, course.course_Id, 'One');
  return { course, author, section };
}

const lessonFields = (sectionId: number, lessonId = 0) => ({
  'Object.lesson_Id': lessonId,
  'Object.lesson_title': 'Clip',
  'Object.contentType': 'video',
  'Object.section_Id': sectionId,
});

const uploadVideo = (token: string, sectionId: number, data: Buffer, lessonId = 0) =>
  upload(ctx.app, 'POST', '/api/lessons/createLessons', token, lessonFields(sectionId, lessonId), {
    field: 'fileName',
    filename: 'clip.mp4',
    contentType: 'video/mp4',
    data,
  });

async function publishAll(token: string, courseId: number, sectionId: number, lessonId: number) {
  const put = (url: string, body: unknown) => call(ctx.app, { method: 'PUT', url, token, body });
  await put('/api/courseSections/publishUnpublishSection', { Id: sectionId, published: true });
  await put('/api/lessons/publishUnpublishLesson', { Id: lessonId, published: true });
  await put('/api/lessons/handleMakeRemovePreviewLesson', { Id: lessonId, makepreview: true });
  await put('/api/courses/publishUnpublishCourse', { Id: courseId, published: true });
}

test('a lesson goes to the bucket; its URL is the bucket’s own, and Range answers 206 with the right bytes', async () => {
  const publisher = await createPublisher(ctx);
  const { section } = await sectionOf(publisher);
  const data = fixtures.mp4(300_000);
  const res = await uploadVideo(publisher.token, section.section_Id, data);
  expect(res.statusCode).toBe(201);
  const key = await fileKeyOf(res.json().lesson_Id);
  expect(await bucket.objects()).toContain(key);

  const url = new URL(res.json().content_path);
  expect(url.origin).toBe(bucket.env.S3_ENDPOINT);
  expect(url.pathname).toBe(`/${bucket.bucket}/${key}`);
  expect(url.searchParams.get('X-Amz-Signature')).toBeTruthy();
  const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${data.length}`);
  expect(Buffer.compare(Buffer.from(await part.arrayBuffer()), data.subarray(1000, 2000))).toBe(0);
  const whole = await fetch(url);
  expect(whole.status).toBe(200);
  expect(whole.headers.get('content-type')).toBe('video/mp4');
  expect(Buffer.compare(Buffer.from(await whole.arrayBuffer()), data)).toBe(0);
});

test('a lesson larger than one part streams up in parts and comes back whole', async () => {
  const publisher = await createPublisher(ctx);
  const { section } = await sectionOf(publisher);
  const data = fixtures.mp4(MAX_LESSON_BYTES);
  const res = await uploadVideo(publisher.token, section.section_Id, data);
  expect(res.statusCode).toBe(201);
  expect(res.json().file_size).toBe(data.length);
  const back = await fetch(res.json().content_path);
  expect(Buffer.compare(Buffer.from(await back.arrayBuffer()), data)).toBe(0);
  expect(await bucket.uploads()).toEqual([]);
});

test('refused uploads (413 while streaming, 415, a failure after the upload) leave no object and no row', async () => {
  const publisher = await createPublisher(ctx);
  const other = await createPublisher(ctx);
  const { section } = await sectionOf(publisher);
  const before = await bucket.objects();

  // Past the limit after a first part has gone up: the multipart upload is aborted.
  const tooLarge = await uploadVideo(
    publisher.token,
    section.section_Id,
    fixtures.mp4(MAX_LESSON_BYTES + 512 * 1024),
  );
  expect(tooLarge.statusCode).toBe(413);
  const html = await upload(
    ctx.app,
    'POST',
    '/api/lessons/createLessons',
    publisher.token,
    lessonFields(section.section_Id),
    {
      field: 'fileName',
      filename: 'clip.mp4',
      contentType: 'video/mp4',
      data: fixtures.html(),
    },
  );
  expect(html.statusCode).toBe(415);
  // Stored, then refused: another organisation's section.
  const foreign = await uploadVideo(other.token, section.section_Id, fixtures.mp4(50_000));
  expect(foreign.statusCode).toBe(404);

  expect(await bucket.objects()).toEqual(before);
  expect(await bucket.uploads()).toEqual([]);
  const rows = await ctx.database.db.select().from(lessons).where(eq(lessons.sectionId, section.section_Id));
  expect(rows).toEqual([]);
});

test('URLs made within one window are identical, so a cached answer keeps its ETag and answers 304', async () => {
  const publisher = await createPublisher(ctx);
  const { course, section } = await sectionOf(publisher);
  const lesson = (await uploadVideo(publisher.token, section.section_Id, fixtures.mp4(20_000))).json();
  await publishAll(publisher.token, course.course_Id, section.section_Id, lesson.lesson_Id);

  const hour = Math.floor(Date.now() / 3600_000) * 3600_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(hour + 5 * 60_000);
  const previewUrl = `/api/courseSections/GetCourseSectionsByCourseIdForPreview/${course.course_Id}`;
  const staffUrl = `/api/courseSections/GetCourseSectionsByCourseId/${course.course_Id}`;
  const staff = await call(ctx.app, { method: 'GET', url: staffUrl, token: publisher.token });
  const first = await call(ctx.app, { method: 'GET', url: previewUrl });
  const fresh = await call(ctx.app, {
    method: 'GET',
    url: `/api/lessons/GetLessonContentUrl/${lesson.lesson_Id}`,
  });
  vi.setSystemTime(hour + 55 * 60_000);
  const second = await call(ctx.app, { method: 'GET', url: previewUrl });
  const again = await call(ctx.app, {
    method: 'GET',
    url: `/api/lessons/GetLessonContentUrl/${lesson.lesson_Id}`,
  });
  const revalidated = await call(ctx.app, {
    method: 'GET',
    url: previewUrl,
    headers: { 'if-none-match': String(first.headers.etag) },
  });
  vi.setSystemTime(hour + 65 * 60_000);
  const nextWindow = await call(ctx.app, { method: 'GET', url: previewUrl });

  const urlIn = (answer: typeof first) => answer.json()[0].lessons[0].content_path as string;
  expect(urlIn(first)).toBe(fresh.json().content_path);
  expect(urlIn(second)).toBe(urlIn(first));
  expect(again.json().content_path).toBe(fresh.json().content_path);
  expect(second.headers.etag).toBe(first.headers.etag);
  expect(revalidated.statusCode).toBe(304);
  expect(nextWindow.headers.etag).not.toBe(first.headers.etag);
  // A signed-in answer is never stored; its URLs are the same all the same.
  expect(staff.headers['cache-control']).toBe('no-store');
  expect(staff.json()[0].lessons[0].content_path).toBe(urlIn(first));
  expect(new URL(urlIn(first)).searchParams.get('X-Amz-Expires')).toBe('7200');
});

test('unpublishing stops new URLs at once; replacing the file removes the old object', async () => {
  const publisher = await createPublisher(ctx);
  const student = await createStudent(ctx);
  const { course, section } = await sectionOf(publisher);
  const lesson = (await uploadVideo(publisher.token, section.section_Id, fixtures.mp4(20_000))).json();
  await publishAll(publisher.token, course.course_Id, section.section_Id, lesson.lesson_Id);
  await ctx.database.db
    .insert(enrolments)
    .values({ userId: student.userId, courseId: course.course_Id, source: 'assigned' });
  const ask = () =>
    call(ctx.app, {
      method: 'GET',
      url: `/api/lessons/GetLessonContentUrl/${lesson.lesson_Id}`,
      token: student.token,
    });
  const oldUrl = (await ask()).json().content_path;
  expect((await fetch(oldUrl)).status).toBe(200);

  const newFile = fixtures.mp4(30_000);
  const replaced = await uploadVideo(publisher.token, section.section_Id, newFile, lesson.lesson_Id);
  expect(replaced.statusCode).toBe(200);
  const newUrl = (await ask()).json().content_path;
  expect(newUrl).not.toBe(oldUrl);
  expect(Buffer.compare(Buffer.from(await (await fetch(newUrl)).arrayBuffer()), newFile)).toBe(0);
  // The old object stays until the sweeper's wait is over (decision 011), then its URL answers nothing.
  await sweepDeletedFiles(ctx);
  expect((await fetch(oldUrl)).status).toBe(404);

  await call(ctx.app, {
    method: 'PUT',
    url: '/api/lessons/publishUnpublishLesson',
    token: publisher.token,
    body: { Id: lesson.lesson_Id, published: false },
  });
  expect((await ask()).statusCode).toBe(404);
});

test('deleting a lesson, a section or an author removes its objects after the wait; covers come through the app', async () => {
  const publisher = await createPublisher(ctx);
  const { course, author, section } = await sectionOf(publisher);
  const one = (await uploadVideo(publisher.token, section.section_Id, fixtures.mp4(10_000))).json();
  const two = (await uploadVideo(publisher.token, section.section_Id, fixtures.mp4(10_000))).json();
  const keyOne = await fileKeyOf(one.lesson_Id);
  const keyTwo = await fileKeyOf(two.lesson_Id);

  const deleted = await call(ctx.app, {
    method: 'DELETE',
    url: `/api/lessons/${one.lesson_Id}`,
    token: publisher.token,
  });
  expect(deleted.statusCode).toBe(200);
  // Objects go once the sweeper's wait is over (decision 011).
  expect(await bucket.objects()).toContain(keyOne);
  await sweepDeletedFiles(ctx);
  expect(await bucket.objects()).not.toContain(keyOne);
  expect(await bucket.objects()).toContain(keyTwo);
  await call(ctx.app, {
    method: 'DELETE',
    url: `/api/courseSections/${section.section_Id}`,
    token: publisher.token,
  });
  await sweepDeletedFiles(ctx);
  expect(await bucket.objects()).not.toContain(keyTwo);

  const [cover] = await ctx.database.db.select().from(courses).where(eq(courses.id, course.course_Id));
  const image = await call(ctx.app, { method: 'GET', url: course.course_image });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/png');
  expect(image.headers['cache-control']).toContain('immutable');
  expect(await bucket.objects()).toContain(cover?.imageKey);

  // An author no course uses goes with its photo.
  const spare = await upload(
    ctx.app,
    'POST',
    '/api/authors/CreateAuthors',
    publisher.token,
    {
      'Object.first_name': 'Spare',
      'Object.last_name': 'Author',
      'Object.gender': 'M',
      'Object.email_address': 'spare@example.com',
    },
    { field: 'fileName', filename: 'p.png', contentType: 'image/png', data: fixtures.png() },
  );
  expect(spare.statusCode).toBe(201);
  const [row] = await ctx.database.db.select().from(authors).where(eq(authors.id, spare.json().author_id));
  expect(await bucket.objects()).toContain(row?.photoKey);
  const gone = await call(ctx.app, {
    method: 'DELETE',
    url: `/api/authors/${spare.json().author_id}`,
    token: publisher.token,
  });
  expect(gone.statusCode).toBe(200);
  await sweepDeletedFiles(ctx);
  expect(await bucket.objects()).not.toContain(row?.photoKey);
  expect(author.author_id).toBeGreaterThan(0);
});

test('a quiz question’s image goes to the bucket; the staff and the attempt get the bucket’s own URL', async () => {
  const publisher = await createPublisher(ctx);
  const { lessonId, courseId } = await createQuizLesson(ctx, publisher);
  const data = fixtures.png(5000);
  const key = await uploadQuestionImage(ctx, publisher, lessonId, data);
  expect(await bucket.objects()).toContain(key);
  const saved = await call(ctx.app, {
    method: 'POST',
    url: '/api/quizzes/SaveQuiz',
    token: publisher.token,
    body: {
      lesson_Id: lessonId,
      questions: [
        {
          kind: 'true_false',
          text: 'Is this a diagram?',
          image_key: key,
          options: [
            { text: 'True', correct: true },
            { text: 'False', correct: false },
          ],
        },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const student = await createStudent(ctx);
  await ctx.database.db.insert(enrolments).values({ userId: student.userId, courseId, source: 'assigned' });
  const started = await call(ctx.app, {
    method: 'POST',
    url: '/api/quizzes/StartAttempt',
    token: student.token,
    body: { lesson_Id: lessonId },
  });
  expect(started.statusCode, started.body).toBe(201);
  const url = new URL(started.json().questions[0].image_url);
  expect(url.origin).toBe(bucket.env.S3_ENDPOINT);
  expect(url.pathname).toBe(`/${bucket.bucket}/${key}`);
  const image = await fetch(url);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await image.arrayBuffer())).toEqual(data);
});
