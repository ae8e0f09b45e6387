import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addSection, authorCourse } from '../../../test/authoring';
import { createPublisher, type TestUser } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startTestBucket, type TestBucket } from '../../../test/s3';
import { TusClient } from '../../../test/tus';
import { fixtures, upload } from '../../../test/uploads';
import { lessons } from '../../db/schema';
import { newFileKey } from '../../lib/storage';
import { LessonDurationBackfill } from './lesson-durations';

const FIXTURES = path.join(import.meta.dirname, '../../../test/fixtures/media');
const media = (name: string) => readFile(path.join(FIXTURES, name));

describe.each(['disk', 'bucket'] as const)(
  'every upload path records the duration (files on %s)',
  (where) => {
    let bucket: TestBucket | undefined;
    let ctx: TestContext;
    let base: string;
    let publisher: TestUser;
    let sectionId: number;

    beforeAll(async () => {
      bucket = where === 'bucket' ? await startTestBucket() : undefined;
      ctx = await createTestContext({ ...bucket?.env });
      base = await TusClient.listen(ctx.app);
      publisher = await createPublisher(ctx);
      const { course } = await authorCourse(ctx, publisher.token);
      sectionId = (await addSection(ctx, publisher.token, course.course_Id)).section_Id;
    });
    afterAll(async () => {
      await ctx?.close();
      await bucket?.close();
    });

    const rowOf = async (lessonId: number) => {
      const [row] = await ctx.database.db.select().from(lessons).where(eq(lessons.id, lessonId));
      if (!row) throw new Error(`no lesson ${lessonId}`);
      return row;
    };

    const createLesson = async (lessonId: number, contentType: string, name: string, data: Buffer) =>
      upload(
        ctx.app,
        'POST',
        '/api/lessons/createLessons',
        publisher.token,
        {
          'Object.lesson_Id': lessonId,
          'Object.lesson_title': `Lesson ${name}`,
          'Object.contentType': contentType,
          'Object.section_Id': sectionId,
        },
        { field: 'fileName', filename: name, contentType: 'application/octet-stream', data },
      );

    test('the add-lesson call: a video whose movie header is at its end, and an audio file', async () => {
      const video = await createLesson(0, 'video', 'video.mp4', await media('video.mp4'));
      expect(video.statusCode).toBe(201);
      expect((await rowOf(video.json().lesson_Id)).durationSeconds).toBeCloseTo(3, 3);
      const audio = await createLesson(0, 'audio', 'audio-vbr.mp3', await media('audio-vbr.mp3'));
      expect(audio.statusCode).toBe(201);
      expect((await rowOf(audio.json().lesson_Id)).durationSeconds).toBeCloseTo(3.168, 3);
    });

    test('the edit-lesson call: a replaced file brings its duration, a PDF in its place none', async () => {
      const created = await createLesson(0, 'video', 'video.mp4', await media('video.mp4'));
      const id = created.json().lesson_Id as number;
      const replaced = await createLesson(id, 'video', 'video.webm', await media('video.webm'));
      expect(replaced.statusCode).toBe(200);
      expect((await rowOf(id)).durationSeconds).toBeCloseTo(3.008, 3);
      // A title change without a file keeps the duration.
      const renamed = await upload(ctx.app, 'POST', '/api/lessons/createLessons', publisher.token, {
        'Object.lesson_Id': id,
        'Object.lesson_title': 'Renamed',
        'Object.contentType': 'video',
        'Object.section_Id': sectionId,
      });
      expect(renamed.statusCode).toBe(200);
      expect((await rowOf(id)).durationSeconds).toBeCloseTo(3.008, 3);
      const pdf = await createLesson(id, 'pdf', 'notes.pdf', fixtures.pdf());
      expect(pdf.statusCode).toBe(200);
      expect((await rowOf(id)).durationSeconds).toBeNull();
    });

    test('the bulk upload', async () => {
      const res = await upload(
        ctx.app,
        'POST',
        '/api/lessons/UploadLesson',
        publisher.token,
        { section_Id: sectionId, contentType: 'video/quicktime' },
        {
          field: 'file',
          filename: 'clip.mov',
          contentType: 'video/quicktime',
          data: await media('video.mov'),
        },
      );
      expect(res.statusCode).toBe(201);
      expect((await rowOf(res.json().lesson_Id)).durationSeconds).toBeCloseTo(3, 3);
    });

    test('resumable uploads, as a lesson and as a bulk file', async () => {
      const tus = new TusClient(base, publisher.token);
      const send = async (data: Buffer, metadata: Record<string, string | number>) => {
        const created = await tus.create(data.length, metadata);
        expect(created.status).toBe(201);
        const last = await tus.patch(created.location, 0, data);
        expect(last.status).toBe(200);
        return last.json<{ lesson_Id: number }>().lesson_Id;
      };
      const lesson = await send(await media('audio.ogg'), {
        lesson_Id: 0,
        lesson_title: 'Resumed audio',
        contentType: 'audio',
        section_Id: sectionId,
        filename: 'talk.ogg',
      });
      expect((await rowOf(lesson)).durationSeconds).toBeCloseTo(3, 3);
      const bulk = await send(await media('video.mkv'), { section_Id: sectionId, filename: 'clip.mkv' });
      expect((await rowOf(bulk)).durationSeconds).toBeCloseTo(3.138, 3);
    });

    test('a file whose duration cannot be read is stored all the same, its duration unknown', async () => {
      const res = await createLesson(0, 'video', 'odd.mp4', fixtures.mp4());
      expect(res.statusCode).toBe(201);
      expect((await rowOf(res.json().lesson_Id)).durationSeconds).toBeNull();
      const text = await createLesson(0, 'text', 'notes.txt', fixtures.text());
      expect(text.statusCode).toBe(201);
      expect((await rowOf(text.json().lesson_Id)).durationSeconds).toBeNull();
    });
  },
);

describe('the pass over lessons stored before durations were read', () => {
  let ctx: TestContext;
  let sectionId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    const publisher = await createPublisher(ctx);
    const { course } = await authorCourse(ctx, publisher.token);
    sectionId = (await addSection(ctx, publisher.token, course.course_Id)).section_Id;
  });
  afterAll(async () => ctx?.close());

  /** A lesson as an older version stored it: its file, no duration. */
  const olderLesson = async (name: string, mime: string, data: Buffer) => {
    const key = newFileKey(path.extname(name).slice(1));
    await ctx.storage.put(key, Readable.from([data]));
    const [row] = await ctx.database.db
      .insert(lessons)
      .values({
        sectionId,
        title: name,
        contentType: mime.split('/')[0] ?? 'video',
        fileKey: key,
        fileMime: mime,
        fileSize: data.length,
        updatedAt: new Date('2025-01-02T03:04:05Z'),
      })
      .returning();
    if (!row) throw new Error('no lesson');
    return row;
  };
  const rowOf = async (id: number) =>
    (await ctx.database.db.select().from(lessons).where(eq(lessons.id, id)))[0];
  const pass = () =>
    new LessonDurationBackfill({ db: ctx.database.db, storage: ctx.storage, pauseMs: 0 }).run();

  test('does nothing when no lesson lacks a duration', async () => {
    expect(await pass()).toEqual({ measured: 0, unknown: 0 });
  });

  test('fills in the video and audio lessons, one file at a time, leaving "last updated" alone', async () => {
    const video = await olderLesson('intro.mp4', 'video/mp4', await media('video-faststart.mp4'));
    const audio = await olderLesson('talk.flac', 'audio/flac', await media('audio.flac'));
    const pdf = await olderLesson('guide.pdf', 'application/pdf', fixtures.pdf());
    const damaged = await olderLesson('odd.mp4', 'video/mp4', fixtures.mp4());
    const missing = await olderLesson('gone.webm', 'video/webm', await media('video.webm'));
    await ctx.storage.delete(missing.fileKey ?? '');

    expect(await pass()).toEqual({ measured: 2, unknown: 2 });
    expect((await rowOf(video.id))?.durationSeconds).toBeCloseTo(3, 3);
    expect((await rowOf(audio.id))?.durationSeconds).toBeCloseTo(3, 3);
    expect((await rowOf(pdf.id))?.durationSeconds).toBeNull();
    expect((await rowOf(damaged.id))?.durationSeconds).toBeNull();
    expect((await rowOf(missing.id))?.durationSeconds).toBeNull();
    expect((await rowOf(video.id))?.updatedAt.toISOString()).toBe('2025-01-02T03:04:05.000Z');

    // The next start tries only what is still unknown.
    expect(await pass()).toEqual({ measured: 0, unknown: 2 });
  });

  test('stops at its next file when the server stops, and start() runs it in the background', async () => {
    await ctx.database.db.delete(lessons).where(eq(lessons.sectionId, sectionId));
    const video = await media('video.mp4');
    const made = [
      await olderLesson('clip1.mp4', 'video/mp4', video),
      await olderLesson('clip2.mp4', 'video/mp4', video),
      await olderLesson('clip3.mp4', 'video/mp4', video),
    ];
    // The server stops while the pass reads its first file: that one is finished, the others wait.
    let reading!: () => void;
    const firstRead = new Promise<void>((resolve) => {
      reading = resolve;
    });
    const storage = Object.create(ctx.storage) as typeof ctx.storage;
    storage.read = (key, range) => {
      reading();
      return ctx.storage.read(key, range);
    };
    const stopped = new LessonDurationBackfill({ db: ctx.database.db, storage, pauseMs: 0 });
    stopped.start(0);
    await firstRead;
    await stopped.stop();
    const durations = await Promise.all(
      made.map(async (lesson) => (await rowOf(lesson.id))?.durationSeconds),
    );
    expect(durations[0]).toBeCloseTo(3, 3);
    expect(durations.slice(1)).toEqual([null, null]);
    const background = new LessonDurationBackfill({ db: ctx.database.db, storage: ctx.storage, pauseMs: 0 });
    background.start(0);
    const filled = async () =>
      (await Promise.all(made.map((lesson) => rowOf(lesson.id)))).every(
        (row) => row?.durationSeconds !== null,
      );
    // Generous: this only stops a pass that never ends.
    await expect.poll(filled, { timeout: 300_000 }).toBe(true);
    await background.stop();
    for (const lesson of made) expect((await rowOf(lesson.id))?.durationSeconds).toBeCloseTo(3, 3);
  });
});
