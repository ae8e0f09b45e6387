import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { publishVideoLesson } from '../../../test/authoring';
import { openBecomes, openUnder } from '../../../test/descriptors';
import { createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, TEST_KEYS, type TestContext } from '../../../test/helpers';
import { courses, enrolments, lessons } from '../../db/schema';
import { signLessonUrl } from '../../lib/signed-url';
import { MEDIA_GRANT_CACHE_MS, MediaService } from './media.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const publishedVideoLesson = (options: { preview: boolean }) => publishVideoLesson(ctx, options);

/** The app's address on a real port (it starts listening the first time). */
async function listening(): Promise<string> {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

test('the staff URL streams the file with Range answers byte for byte', async () => {
  const { lesson, data } = await publishedVideoLesson({ preview: false });
  const url = lesson.content_path as string;
  const whole = await call(ctx.app, { method: 'GET', url });
  expect(whole.statusCode).toBe(200);
  expect(whole.headers['content-type']).toBe('video/mp4');
  expect(whole.headers['accept-ranges']).toBe('bytes');
  expect(Buffer.compare(whole.rawPayload, data)).toBe(0);

  const part = await call(ctx.app, { method: 'GET', url, headers: { range: 'bytes=1000-1999' } });
  expect(part.statusCode).toBe(206);
  expect(part.headers['content-range']).toBe(`bytes 1000-1999/${data.length}`);
  expect(Buffer.compare(part.rawPayload, data.subarray(1000, 2000))).toBe(0);

  const open = await call(ctx.app, { method: 'GET', url, headers: { range: 'bytes=99000-' } });
  expect(Buffer.compare(open.rawPayload, data.subarray(99000))).toBe(0);
  const suffix = await call(ctx.app, { method: 'GET', url, headers: { range: 'bytes=-500' } });
  expect(Buffer.compare(suffix.rawPayload, data.subarray(data.length - 500))).toBe(0);

  const past = await call(ctx.app, { method: 'GET', url, headers: { range: `bytes=${data.length}-` } });
  expect(past.statusCode).toBe(416);
  expect(past.headers['content-range']).toBe(`bytes */${data.length}`);
});

test('HEAD says what GET would send, reading nothing', async () => {
  const { lesson, data } = await publishedVideoLesson({ preview: false });
  const url = lesson.content_path as string;
  const whole = await call(ctx.app, { method: 'HEAD', url });
  expect(whole.statusCode).toBe(200);
  expect(whole.headers['content-length']).toBe(String(data.length));
  expect(whole.rawPayload.length).toBe(0);
  const part = await call(ctx.app, { method: 'HEAD', url, headers: { range: 'bytes=10-19' } });
  expect(part.statusCode).toBe(206);
  expect(part.headers['content-length']).toBe('10');
  expect(part.headers['content-range']).toBe(`bytes 10-19/${data.length}`);
});

test('over real connections, lessons and ranges sent at once each arrive byte for byte, cut ones included', async () => {
  // 12 MB, more than the sockets hold: a slow reader keeps the server waiting on buffers it wrote from, which
  // the other answers use again once written (a buffer used again too early shows here as wrong bytes).
  const { lesson, data } = await publishVideoLesson(ctx, { preview: false, bytes: 12_000_000 });
  const address = await listening();
  const url = new URL(lesson.content_path as string, address).toString();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  /** GETs `range` (or all), reading `slow`ly when told; after `cutAfter` bytes the connection is dropped. */
  const get = (range: { start: number; end: number } | undefined, cutAfter?: number, slow = false) =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const request = http.get(url, {
        agent,
        headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
      });
      request.on('error', (error) =>
        cutAfter === undefined ? reject(error) : resolve({ status: 0, body: Buffer.alloc(0) }),
      );
      request.on('response', (answer) => {
        const parts: Buffer[] = [];
        let received = 0;
        answer.on('data', (part: Buffer) => {
          parts.push(part);
          received += part.length;
          // A slow reader: the server's socket fills, and its writes wait on the buffers they were given.
          if (slow) {
            answer.pause();
            setTimeout(() => answer.resume(), 5);
          }
          if (cutAfter !== undefined && received >= cutAfter) {
            request.destroy();
            resolve({ status: answer.statusCode ?? 0, body: Buffer.alloc(0) });
          }
        });
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(parts) }));
        answer.on('error', reject);
      });
    });
  const ranges = Array.from({ length: 40 }, () => {
    const start = Math.floor(Math.random() * data.length);
    return { start, end: Math.min(data.length - 1, start + Math.floor(Math.random() * 1_200_000)) };
  });
  try {
    const [wholes, parts] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, (_, i) => get(undefined, undefined, i % 2 === 0))),
      Promise.all(ranges.map((range, i) => get(range, undefined, i % 4 === 0))),
      Promise.all(Array.from({ length: 6 }, () => get(undefined, 600_000))),
    ]);
    for (const whole of wholes) {
      expect(whole.status).toBe(200);
      expect(Buffer.compare(whole.body, data)).toBe(0);
    }
    parts.forEach((part, i) => {
      const range = ranges[i] as { start: number; end: number };
      expect(part.status).toBe(206);
      expect(
        Buffer.compare(part.body, data.subarray(range.start, range.end + 1)),
        JSON.stringify(range),
      ).toBe(0);
    });
    // After the cut downloads the server still sends the whole file right.
    const after = await get(undefined);
    expect(Buffer.compare(after.body, data)).toBe(0);
  } finally {
    agent.destroy();
  }
});

test('requests cut at any moment leave no descriptor open once their file is deleted', async () => {
  const { lesson, data } = await publishVideoLesson(ctx, { preview: false, bytes: 3_000_000 });
  const url = new URL(lesson.content_path as string, await listening()).toString();
  /** A GET (a range when `range`) whose connection is dropped after `afterMs`, or at its first bytes. */
  const cut = (afterMs: number | 'first bytes', range?: string) =>
    new Promise<void>((resolve) => {
      const request = http.get(url, { headers: range ? { range } : {} });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.on('response', (answer) => {
        answer.on('error', () => undefined);
        if (afterMs === 'first bytes') answer.once('data', () => request.destroy());
      });
      if (afterMs !== 'first bytes') setTimeout(() => request.destroy(), afterMs);
    });
  await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      cut(
        i % 3 === 0 ? 'first bytes' : i % 5,
        i % 2 === 0 ? `bytes=${i * 1000}-${i * 1000 + 300_000}` : undefined,
      ),
    ),
  );
  // Answers still go out whole afterwards.
  const whole = await fetch(url);
  expect(Buffer.compare(Buffer.from(await whole.arrayBuffer()), data)).toBe(0);
  const [fileKey] = await ctx.database.db
    .execute(`select file_key from lessons where id = ${lesson.lesson_Id}`)
    .then((r) => (r as unknown as { rows: { file_key: string }[] }).rows.map((x) => x.file_key));
  await ctx.storage.delete(fileKey as string);
  // Other lessons' files stay open, kept for their next request: this one's descriptor is closed.
  await openBecomes(path.join(ctx.filesDir, (fileKey as string).slice(0, 2), fileKey as string), 0);
});

test('an altered signature, another lesson, another viewer or an expired URL gives nothing', async () => {
  const { lesson, publisher } = await publishedVideoLesson({ preview: false });
  const other = await publishedVideoLesson({ preview: false });
  const url = new URL(lesson.content_path, 'http://x');
  const variants = [
    `${url.pathname}?viewer=${url.searchParams.get('viewer')}&expires=${url.searchParams.get('expires')}&signature=${'A'.repeat(43)}`,
    `/api/media/lessons/${other.lesson.lesson_Id}${url.search}`,
    `${url.pathname}?viewer=0&expires=${url.searchParams.get('expires')}&signature=${url.searchParams.get('signature')}`,
    `${url.pathname}?viewer=${url.searchParams.get('viewer')}&expires=${Number(url.searchParams.get('expires')) + 1}&signature=${url.searchParams.get('signature')}`,
    `/api/media/lessons/${lesson.lesson_Id}`,
  ];
  for (const variant of variants) {
    expect((await call(ctx.app, { method: 'GET', url: variant })).statusCode, variant).toBeGreaterThanOrEqual(
      400,
    );
  }
  // A correctly signed URL whose time has passed.
  const [fileKey] = await ctx.database.db
    .execute(`select file_key from lessons where id = ${lesson.lesson_Id}`)
    .then((r) => (r as unknown as { rows: { file_key: string }[] }).rows.map((x) => x.file_key));
  const expired = signLessonUrl(TEST_KEYS.mediaUrls, {
    lessonId: lesson.lesson_Id,
    fileKey: fileKey ?? '',
    viewerId: publisher.userId,
    expires: Math.floor(Date.now() / 1000) - 1,
  });
  expect((await call(ctx.app, { method: 'GET', url: expired })).statusCode).toBe(404);
});

test('who gets a URL: staff and enrolled students; visitors only for preview lessons', async () => {
  const { course, lesson, data, publisher } = await publishedVideoLesson({ preview: true });
  const student = await createStudent(ctx);
  const stranger = await createStudent(ctx);
  const otherPublisher = await createPublisher(ctx);
  await ctx.database.db
    .insert(enrolments)
    .values({ userId: student.userId, courseId: course.course_Id, source: 'assigned' });

  const preview = await call(ctx.app, {
    method: 'GET',
    url: `/api/courseSections/GetCourseSectionsByCourseIdForPreview/${course.course_Id}`,
  });
  const previewUrl = preview.json()[0].lessons[0].content_path;
  expect(previewUrl).toMatch(/viewer=0/);
  expect(Buffer.compare((await call(ctx.app, { method: 'GET', url: previewUrl })).rawPayload, data)).toBe(0);

  const sectionsUrl = `/api/courseSections/GetCourseSectionsByCourseId/${course.course_Id}`;
  const enrolled = await call(ctx.app, { method: 'GET', url: sectionsUrl, token: student.token });
  expect(enrolled.statusCode).toBe(200);
  expect(
    (await call(ctx.app, { method: 'GET', url: enrolled.json()[0].lessons[0].content_path })).statusCode,
  ).toBe(200);
  expect((await call(ctx.app, { method: 'GET', url: sectionsUrl, token: stranger.token })).statusCode).toBe(
    404,
  );
  expect(
    (await call(ctx.app, { method: 'GET', url: sectionsUrl, token: otherPublisher.token })).statusCode,
  ).toBe(404);

  // Once the lesson is no longer a preview, the visitor's URL stops working; the student's still does.
  await call(ctx.app, {
    method: 'PUT',
    url: '/api/lessons/handleMakeRemovePreviewLesson',
    token: publisher.token,
    body: { Id: lesson.lesson_Id, makepreview: false },
  });
  expect((await call(ctx.app, { method: 'GET', url: previewUrl })).statusCode).toBe(404);
  expect(
    (await call(ctx.app, { method: 'GET', url: enrolled.json()[0].lessons[0].content_path })).statusCode,
  ).toBe(200);
});

test('public images are only covers and photos', async () => {
  const { lesson } = await publishedVideoLesson({ preview: false });
  const [row] = await ctx.database.db
    .execute(`select file_key from lessons where id = ${lesson.lesson_Id}`)
    .then((r) => (r as unknown as { rows: { file_key: string }[] }).rows);
  expect((await call(ctx.app, { method: 'GET', url: `/api/files/public/${row?.file_key}` })).statusCode).toBe(
    404,
  );
  expect(
    (await call(ctx.app, { method: 'GET', url: '/api/files/public/..%2F..%2Fetc%2Fpasswd' })).statusCode,
  ).toBe(404);
});

test('GetLessonContentUrl hands a fresh URL to those who may watch, and to nobody else', async () => {
  const open = await publishedVideoLesson({ preview: true });
  const closed = await publishedVideoLesson({ preview: false });
  const student = await createStudent(ctx);
  await ctx.database.db
    .insert(enrolments)
    .values({ userId: student.userId, courseId: closed.course.course_Id, source: 'assigned' });
  const fresh = (lessonId: number, token?: string) =>
    call(ctx.app, {
      method: 'GET',
      url: `/api/lessons/GetLessonContentUrl/${lessonId}`,
      ...(token ? { token } : {}),
    });

  const visitor = await fresh(open.lesson.lesson_Id);
  expect(visitor.json().content_path).toMatch(/viewer=0/);
  expect((await call(ctx.app, { method: 'GET', url: visitor.json().content_path })).statusCode).toBe(200);
  expect((await fresh(closed.lesson.lesson_Id)).statusCode).toBe(404);
  const enrolled = await fresh(closed.lesson.lesson_Id, student.token);
  expect(enrolled.json().content_path).toMatch(new RegExp(`viewer=${student.userId}`));
  expect((await call(ctx.app, { method: 'GET', url: enrolled.json().content_path })).statusCode).toBe(200);
  expect((await fresh(closed.lesson.lesson_Id, open.publisher.token)).statusCode).toBe(404);
  expect((await fresh(closed.lesson.lesson_Id, closed.publisher.token)).statusCode).toBe(200);
});

test('a granted URL is remembered briefly: a change made elsewhere reaches it within MEDIA_GRANT_CACHE_MS', async () => {
  const { course, lesson } = await publishedVideoLesson({ preview: true });
  const { db } = ctx.database;
  let now = Date.now();
  const media = new MediaService({ db, mediaUrlKey: TEST_KEYS.mediaUrls, now: () => now });
  // The visitor's URL of a preview lesson.
  const visitor = await call(ctx.app, {
    method: 'GET',
    url: `/api/lessons/GetLessonContentUrl/${lesson.lesson_Id}`,
  });
  const query = new URL(visitor.json().content_path, 'http://localhost').searchParams;
  const grant = {
    viewer: Number(query.get('viewer')),
    expires: Number(query.get('expires')),
    signature: query.get('signature') ?? '',
  };
  expect((await media.lessonFile(lesson.lesson_Id, grant)).key).toBeTruthy();
  // Another instance takes the course down: the remembered grant holds for a while, then is checked again.
  await db.update(courses).set({ published: false }).where(eq(courses.id, course.course_Id));
  now += MEDIA_GRANT_CACHE_MS - 1;
  expect((await media.lessonFile(lesson.lesson_Id, grant)).key).toBeTruthy();
  now += 2;
  await expect(media.lessonFile(lesson.lesson_Id, grant)).rejects.toMatchObject({ statusCode: 404 });
  // A change through this instance forgets at once.
  await db.update(courses).set({ published: true }).where(eq(courses.id, course.course_Id));
  expect((await media.lessonFile(lesson.lesson_Id, grant)).key).toBeTruthy();
  await db.update(courses).set({ published: false }).where(eq(courses.id, course.course_Id));
  media.forgetGrants();
  await expect(media.lessonFile(lesson.lesson_Id, grant)).rejects.toMatchObject({ statusCode: 404 });
});

test('remembered grants are forgotten by writes that may take a lesson away, and only by those', async () => {
  const { lesson } = await publishedVideoLesson({ preview: true });
  const other = await publishedVideoLesson({ preview: false });
  const student = await createStudent(ctx);
  await ctx.database.db
    .insert(enrolments)
    .values({ userId: student.userId, courseId: other.course.course_Id, source: 'assigned' });
  const visitor = await call(ctx.app, {
    method: 'GET',
    url: `/api/lessons/GetLessonContentUrl/${lesson.lesson_Id}`,
  });
  const url = visitor.json().content_path;
  expect((await call(ctx.app, { method: 'GET', url })).statusCode).toBe(200);
  // Another instance takes the lesson out of the preview: this one still remembers the grant...
  await ctx.database.db.update(lessons).set({ preview: false }).where(eq(lessons.id, lesson.lesson_Id));
  // ...through writes that take nothing away, such as a student's progress save.
  const save = await call(ctx.app, {
    method: 'POST',
    url: '/api/studentCourse/SaveLessonProgress',
    token: student.token,
    body: { lesson_Id: other.lesson.lesson_Id, positionSeconds: 0 },
  });
  expect(save.statusCode, save.body).toBe(200);
  expect((await call(ctx.app, { method: 'GET', url })).statusCode).toBe(200);
  // A write that may take a lesson away (here another course unpublished) checks every URL again.
  const unpublish = await call(ctx.app, {
    method: 'PUT',
    url: '/api/courses/publishUnpublishCourse',
    token: other.publisher.token,
    body: { Id: other.course.course_Id, published: false },
  });
  expect(unpublish.statusCode, unpublish.body).toBe(200);
  expect((await call(ctx.app, { method: 'GET', url })).statusCode).toBe(404);
});

test('an app that closes lets go of the descriptors it kept for the next request', async () => {
  const own = await createTestContext();
  let closed = false;
  try {
    const { lesson, data } = await publishVideoLesson(own, { preview: false });
    const answer = await own.app.inject({ method: 'GET', url: lesson.content_path as string });
    expect(Buffer.compare(answer.rawPayload, data)).toBe(0);
    expect(openUnder(own.filesDir)).toBe(1);
    await own.close();
    closed = true;
    await openBecomes(own.filesDir, 0);
  } finally {
    if (!closed) await own.close();
  }
});
