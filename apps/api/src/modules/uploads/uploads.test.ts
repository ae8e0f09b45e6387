import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { lessonSchema } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addSection, authorCourse } from '../../../test/authoring';
import { createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { startTestBucket, type TestBucket } from '../../../test/s3';
import { TusClient } from '../../../test/tus';
import { fixtures } from '../../../test/uploads';
import { lessons, pendingFileDeletions, sections, uploadReservations, users } from '../../db/schema';
import { FileSweeper } from '../media/file-sweeper';
import { TUS_PATH } from './uploads.routes';

const MAX_LESSON_BYTES = 40 * 1024 * 1024;
const MiB = 1024 * 1024;

/** Resolves when the server has finished with the next PATCH: a cut one included. */
function patchWatcher() {
  const waiting: Array<() => void> = [];
  return {
    extend(app: FastifyInstance) {
      // Called once the handler is done with a request, even one whose client has gone.
      app.addHook('onSend', async (request, _reply, payload) => {
        if (request.method === 'PATCH') waiting.shift()?.();
        return payload;
      });
    },
    next() {
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
  };
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(['disk', 'bucket'] as const)('resumable lesson uploads (tus) on %s', (where) => {
  let bucket: TestBucket | undefined;
  let ctx: TestContext;
  let base: string;
  const watcher = patchWatcher();

  beforeAll(async () => {
    bucket = where === 'bucket' ? await startTestBucket() : undefined;
    ctx = await createTestContext(
      { ...bucket?.env, MAX_LESSON_BYTES: String(MAX_LESSON_BYTES), PUBLIC_CACHE_SECONDS: '0' },
      watcher.extend,
    );
    base = await TusClient.listen(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
    await bucket?.close();
  });

  async function sectionOf(publisher: TestUser) {
    const { course } = await authorCourse(ctx, publisher.token);
    const section = await addSection(ctx, publisher.token, course.course_Id, 'One');
    return section.section_Id as number;
  }

  const courseOfSection = async (_publisher: TestUser, sectionId: number) => {
    const [row] = await ctx.database.db.select().from(sections).where(eq(sections.id, sectionId));
    return row?.courseId ?? 0;
  };

  const lessonMeta = (sectionId: number, contentType = 'video', title = 'Long clip') => ({
    lesson_Id: 0,
    lesson_title: title,
    contentType,
    section_Id: sectionId,
    filename: 'clip.mp4',
    filetype: 'video/mp4',
  });

  const lessonsOf = (sectionId: number) =>
    ctx.database.db.select().from(lessons).where(eq(lessons.sectionId, sectionId));

  const readStored = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.storage.read(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  /** Where unfinished uploads live: the tus folder on disk, or the bucket's keys and multipart uploads. */
  const leftovers = async () => {
    if (bucket) return [...(await bucket.objects()), ...(await bucket.uploads())];
    return readdir(path.join(ctx.filesDir, 'tus')).catch(() => [] as string[]);
  };

  test('a lesson file sent in chunks, cut off half-way, resumes from the offset HEAD gives and becomes one lesson', async () => {
    const publisher = await createPublisher(ctx);
    const sectionId = await sectionOf(publisher);
    const tus = new TusClient(base, publisher.token);
    const file = fixtures.mp4(14 * MiB + 12345);

    const created = await tus.create(file.length, lessonMeta(sectionId));
    expect(created.status).toBe(201);
    expect(created.location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f-]{36}\.mp4$/);

    const first = await tus.patch(created.location, 0, file.subarray(0, 6 * MiB));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(6 * MiB));

    // The second chunk is cut off after 3 MiB of its 6: whatever arrived is kept.
    const settled = watcher.next();
    await tus.cutPatch(created.location, 6 * MiB, file.subarray(6 * MiB, 12 * MiB), 3 * MiB);
    await settled;

    const head = await tus.offset(created.location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-length')).toBe(String(file.length));
    expect(head.offset).toBeGreaterThanOrEqual(6 * MiB);
    expect(head.offset).toBeLessThanOrEqual(9 * MiB);
    expect(await lessonsOf(sectionId)).toHaveLength(0);

    const last = await tus.patch(created.location, head.offset, file.subarray(head.offset));
    expect(last.status).toBe(200);
    expect(last.headers.get('upload-offset')).toBe(String(file.length));
    const lesson = lessonSchema.parse(last.json());
    expect(lesson).toMatchObject({
      lesson_title: 'Long clip',
      contentType: 'video',
      section_Id: sectionId,
      file_mime: 'video/mp4',
      file_size: file.length,
      published: false,
    });

    const rows = await lessonsOf(sectionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.fileKey).toBe(created.location.split('/').pop());
    expect(sha(await readStored(rows[0]?.fileKey ?? ''))).toBe(sha(file));

    // The lesson is the curriculum's like any other.
    const sections = (
      await call(ctx.app, {
        method: 'GET',
        url: `/api/courseSections/GetCourseSectionsByCourseId/${await courseOfSection(publisher, sectionId)}`,
        token: publisher.token,
      })
    ).json();
    expect(sections[0].lessons[0].lesson_Id).toBe(lesson.lesson_Id);
  });

  test('a repeated final PATCH makes one lesson and answers it again', async () => {
    const publisher = await createPublisher(ctx);
    const sectionId = await sectionOf(publisher);
    const tus = new TusClient(base, publisher.token);
    const file = fixtures.pdf(200_000);
    const { location } = await tus.create(file.length, lessonMeta(sectionId, 'pdf', 'Notes'));

    const half = 100_000;
    expect((await tus.patch(location, 0, file.subarray(0, half))).status).toBe(204);
    const done = await tus.patch(location, half, file.subarray(half));
    expect(done.status).toBe(200);
    const lessonId = done.json<{ lesson_Id: number }>().lesson_Id;

    // The same request again: the offset has moved on, nothing is written or made.
    expect((await tus.patch(location, half, file.subarray(half))).status).toBe(409);
    // A client that lost the answer and resumes at the end gets the same lesson.
    const again = await tus.patch(location, file.length, Buffer.alloc(0));
    expect(again.status).toBe(200);
    expect(again.json<{ lesson_Id: number }>().lesson_Id).toBe(lessonId);
    const [twice, thrice] = await Promise.all([
      tus.patch(location, file.length, Buffer.alloc(0)),
      tus.patch(location, file.length, Buffer.alloc(0)),
    ]);
    expect([
      twice.json<{ lesson_Id: number }>().lesson_Id,
      thrice.json<{ lesson_Id: number }>().lesson_Id,
    ]).toEqual([lessonId, lessonId]);
    expect(await lessonsOf(sectionId)).toHaveLength(1);
    expect((await tus.offset(location)).offset).toBe(file.length);
    // A finished upload is a lesson's file: it cannot be terminated.
    expect((await tus.delete(location)).status).toBe(400);
    expect(sha(await readStored(location.split('/').pop() ?? ''))).toBe(sha(file));
  });

  test('401 without a token, 403 for a student, 404 for another organisation', async () => {
    const publisher = await createPublisher(ctx);
    const sectionId = await sectionOf(publisher);
    // Discovery needs no token.
    const options = await fetch(`${base}/api/uploads/tus`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-version')).toBe('1.0.0');
    expect(options.headers.get('tus-max-size')).toBe(String(MAX_LESSON_BYTES));
    expect(options.headers.get('tus-extension')).toContain('creation');

    const anonymous = new TusClient(base, undefined);
    const noToken = await anonymous.create(1000, lessonMeta(sectionId));
    expect(noToken.status).toBe(401);
    expect(noToken.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });

    const student = await createStudent(ctx);
    expect((await new TusClient(base, student.token).create(1000, lessonMeta(sectionId))).status).toBe(403);

    const other = await createPublisher(ctx);
    const outsider = new TusClient(base, other.token);
    const refused = await outsider.create(1000, lessonMeta(sectionId));
    expect(refused.status).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });

    // An upload belongs to the user who made it: anyone else finds nothing there.
    const owner = new TusClient(base, publisher.token);
    const file = fixtures.mp4(10_000);
    const { location } = await owner.create(file.length, lessonMeta(sectionId));
    expect((await outsider.offset(location)).status).toBe(404);
    expect((await outsider.patch(location, 0, file)).status).toBe(404);
    expect((await outsider.delete(location)).status).toBe(404);
    expect((await anonymous.patch(location, 0, file)).status).toBe(401);
    expect((await owner.offset(location)).offset).toBe(0);
    expect(await lessonsOf(sectionId)).toHaveLength(0);
    expect((await owner.delete(location)).status).toBe(204);
    expect((await owner.offset(location)).status).toBe(404);
  });

  /**
   * Two organisations' publishers, each with an unfinished upload; the URLs put the other's id where the
   * tus server's own reading of a URL (its last segment, query included) would find it.
   */
  async function twoSchools() {
    const victim = await createPublisher(ctx);
    const owner = new TusClient(base, victim.token);
    const theirs = fixtures.mp4(300_000);
    const target = await owner.create(theirs.length, lessonMeta(await sectionOf(victim)));
    expect((await owner.patch(target.location, 0, theirs.subarray(0, 100_000))).status).toBe(204);
    const targetId = target.location.split('/').pop() ?? '';
    const attacker = await createPublisher(ctx);
    const outsider = new TusClient(base, attacker.token);
    const own = fixtures.mp4(50_000);
    const attackerSection = await sectionOf(attacker);
    const tricks = async () => {
      const urls = [];
      for (const query of [`?x=/${targetId}`, `?/${targetId}`, `?x=${TUS_PATH}/${targetId}`]) {
        const mine = await outsider.create(own.length, lessonMeta(attackerSection));
        expect(mine.status).toBe(201);
        urls.push({ mine: mine.location, url: `${mine.location}${query}` });
      }
      return urls;
    };
    /** The other organisation's upload is as its owner left it, and finishes whole. */
    const untouched = async () => {
      const head = await owner.offset(target.location);
      expect(head.status).toBe(200);
      expect(head.offset).toBe(100_000);
      expect(head.headers.get('upload-length')).toBe(String(theirs.length));
      const done = await owner.patch(target.location, 100_000, theirs.subarray(100_000));
      expect(done.status).toBe(200);
      const lesson = lessonSchema.parse(done.json());
      const [row] = await ctx.database.db.select().from(lessons).where(eq(lessons.id, lesson.lesson_Id));
      expect(row?.fileKey).toBe(targetId);
      expect(sha(await readStored(targetId))).toBe(sha(theirs));
    };
    return { target, theirs, outsider, own, attackerSection, tricks, untouched };
  }

  test('HEAD tells only of the upload whose owner was checked, whatever else its URL names', async () => {
    const { outsider, own, tricks, untouched } = await twoSchools();
    for (const { url } of await tricks()) {
      const head = await outsider.offset(url);
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-length')).toBe(String(own.length));
      expect(head.offset).toBe(0);
    }
    await untouched();
  });

  test('PATCH writes only to the upload whose owner was checked, whatever else its URL names', async () => {
    const { outsider, own, theirs, tricks, untouched } = await twoSchools();
    for (const { url, mine } of await tricks()) {
      // At the other upload's offset: refused against its own (offset 0); nothing is written anywhere.
      expect((await outsider.patch(url, 100_000, theirs.subarray(100_000, 200_000))).status).toBe(409);
      // At its own offset, the bytes go to its own upload.
      expect((await outsider.patch(url, 0, own.subarray(0, 10_000))).status).toBe(204);
      expect((await outsider.offset(mine)).offset).toBe(10_000);
    }
    await untouched();
  });

  test('DELETE terminates only the upload whose owner was checked, whatever else its URL names', async () => {
    const { outsider, tricks, untouched } = await twoSchools();
    for (const { url, mine } of await tricks()) {
      expect((await outsider.delete(url)).status).toBe(204);
      expect((await outsider.offset(mine)).status).toBe(404);
    }
    await untouched();
  });

  test('another organisation’s upload named by the path, or by POST, is not reached', async () => {
    const { target, theirs, outsider, own, attackerSection, untouched } = await twoSchools();
    const mine = await outsider.create(own.length, lessonMeta(attackerSection));
    // The path names the other upload and the query the caller's own: checked as what the path names.
    const reversed = `${target.location}?x=/${mine.location.split('/').pop()}`;
    expect((await outsider.offset(reversed)).status).toBe(404);
    expect((await outsider.patch(reversed, 100_000, theirs.subarray(100_000))).status).toBe(404);
    expect((await outsider.delete(reversed)).status).toBe(404);
    // Concatenation, the one way a creation could name existing uploads, is not offered.
    const concat = await outsider.create(theirs.length, lessonMeta(attackerSection), {
      'upload-concat': `final;${target.location}`,
    });
    expect(concat.status).toBe(501);
    expect(concat.location).toBe('');
    await untouched();
  });

  test('413 for an Upload-Length over MAX_LESSON_BYTES, 400 for bad metadata, nothing stored', async () => {
    const publisher = await createPublisher(ctx);
    const sectionId = await sectionOf(publisher);
    const tus = new TusClient(base, publisher.token);
    const before = await leftovers();
    const big = await tus.create(MAX_LESSON_BYTES + 1, lessonMeta(sectionId));
    expect(big.status).toBe(413);
    expect(big.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is too large. The maximum is 40 MB.',
    });
    const untitled = await tus.create(1000, { ...lessonMeta(sectionId), lesson_title: ' ' });
    expect(untitled.status).toBe(400);
    expect(untitled.json().details[0].field).toBe('lesson_title');
    expect((await tus.create(1000, { ...lessonMeta(sectionId), contentType: 'html' })).status).toBe(400);
    expect(await leftovers()).toEqual(before);
  });

  test('415 for a disguised file when its first bytes arrive, and the partial upload is removed', async () => {
    const publisher = await createPublisher(ctx);
    const sectionId = await sectionOf(publisher);
    const tus = new TusClient(base, publisher.token);
    const before = await leftovers();

    const page = Buffer.concat([fixtures.html(), Buffer.alloc(6 * MiB, 0x20)]);
    const { location } = await tus.create(page.length, lessonMeta(sectionId));
    const refused = await tus.patch(location, 0, page);
    expect(refused.status).toBe(415);
    expect(refused.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect((await tus.offset(location)).status).toBe(404);

    // A real PDF declared as a video: refused with the createLessons words.
    const pdf = fixtures.pdf(50_000);
    const declared = await tus.create(pdf.length, lessonMeta(sectionId, 'video'));
    const mismatch = await tus.patch(declared.location, 0, pdf);
    expect(mismatch.status).toBe(415);
    expect(mismatch.json<{ message: string }>().message).toBe(
      'The file is a PDF, not a video: choose a matching content type.',
    );

    expect(await leftovers()).toEqual(before);
    expect(await lessonsOf(sectionId)).toHaveLength(0);
  });

  test('a failure at the last byte leaves no row and no file', async () => {
    const publisher = await createPublisher(ctx);
    const sectionId = await sectionOf(publisher);
    const tus = new TusClient(base, publisher.token);
    const before = await leftovers();
    const file = fixtures.mp4(300_000);
    const { location } = await tus.create(file.length, lessonMeta(sectionId));
    expect((await tus.patch(location, 0, file.subarray(0, 100_000))).status).toBe(204);
    // The section goes before the upload ends.
    const gone = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/courseSections/${sectionId}`,
      token: publisher.token,
    });
    expect(gone.statusCode).toBe(200);
    const last = await tus.patch(location, 100_000, file.subarray(100_000));
    expect(last.status).toBe(404);
    expect(last.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Section not found.' });
    const key = location.split('/').pop() ?? '';
    expect(await ctx.storage.size(key)).toBeUndefined();
    expect(await leftovers()).toEqual(before);
    expect(await lessonsOf(sectionId)).toHaveLength(0);
  });

  /** A video lesson made resumably, as Add Lesson makes it: its id, its file's key and the section. */
  async function lessonWithFile(publisher: TestUser) {
    const sectionId = await sectionOf(publisher);
    const tus = new TusClient(base, publisher.token);
    const file = fixtures.mp4(120_000);
    const { location } = await tus.create(file.length, lessonMeta(sectionId));
    const made = lessonSchema.parse((await tus.patch(location, 0, file)).json());
    return { sectionId, lessonId: made.lesson_Id, key: location.split('/').pop() ?? '', bytes: file.length };
  }

  /** Edit Lesson's metadata: the lesson's id with its new title and type (lessons/createLessons' fields). */
  const editMeta = (sectionId: number, lessonId: number | string, contentType = 'video') => ({
    ...lessonMeta(sectionId, contentType, 'Long clip, recut'),
    lesson_Id: lessonId,
  });

  const holdOf = (key: string) =>
    ctx.database.db.select().from(uploadReservations).where(eq(uploadReservations.id, key));

  test('Edit Lesson replaces a file resumably: the lesson changes at the last byte only, for its uploader only', async () => {
    const publisher = await createPublisher(ctx);
    const { sectionId, lessonId, key: oldKey, bytes } = await lessonWithFile(publisher);
    const tus = new TusClient(base, publisher.token);
    const file = fixtures.mp4(9 * MiB + 4321);
    const created = await tus.create(file.length, editMeta(sectionId, lessonId));
    expect(created.status).toBe(201);
    const key = created.location.split('/').pop() ?? '';
    expect((await tus.patch(created.location, 0, file.subarray(0, 6 * MiB))).status).toBe(204);

    // Unfinished, the upload has changed nothing: the lesson plays its old file under its old title.
    const [before] = await lessonsOf(sectionId);
    expect(before).toMatchObject({ id: lessonId, title: 'Long clip', fileKey: oldKey, fileSize: bytes });

    // Only the user who began it may see or continue it: a colleague of the same school, another
    // school's publisher and a caller without a token reach nothing, and the lesson stays as it was.
    const colleague = await createPublisher(ctx);
    await ctx.database.db.update(users).set({ orgId: publisher.orgId }).where(eq(users.id, colleague.userId));
    const stranger = await createPublisher(ctx);
    for (const other of [colleague, stranger]) {
      const client = new TusClient(base, other.token);
      expect((await client.offset(created.location)).status).toBe(404);
      expect((await client.patch(created.location, 6 * MiB, file.subarray(6 * MiB))).status).toBe(404);
    }
    expect((await new TusClient(base, undefined).patch(created.location, 6 * MiB, file)).status).toBe(401);
    expect((await tus.offset(created.location)).offset).toBe(6 * MiB);
    expect(await lessonsOf(sectionId)).toEqual([before]);

    const done = await tus.patch(created.location, 6 * MiB, file.subarray(6 * MiB));
    expect(done.status).toBe(200);
    expect(lessonSchema.parse(done.json())).toMatchObject({
      lesson_Id: lessonId,
      lesson_title: 'Long clip, recut',
      contentType: 'video',
      file_size: file.length,
    });
    const rows = await lessonsOf(sectionId);
    expect(rows.map((row) => [row.id, row.fileKey])).toEqual([[lessonId, key]]);
    expect(sha(await readStored(key))).toBe(sha(file));
    // The new file's record replaced the upload's hold; the old file waits out its grace period (decision 011).
    expect(await holdOf(key)).toEqual([]);
    const queued = await ctx.database.db
      .select()
      .from(pendingFileDeletions)
      .where(eq(pendingFileDeletions.fileKey, oldKey));
    expect(queued).toHaveLength(1);
    expect(await ctx.storage.size(oldKey)).toBe(bytes);
  });

  test('Edit Lesson’s upload is refused for another school’s lesson or bad fields, and one that fails leaves nothing', async () => {
    const publisher = await createPublisher(ctx);
    const { sectionId, lessonId, key: oldKey } = await lessonWithFile(publisher);
    const tus = new TusClient(base, publisher.token);
    const stranger = await createPublisher(ctx);
    const outsider = new TusClient(base, stranger.token);
    const strangerSection = await sectionOf(stranger);
    const before = await leftovers();

    const anonymous = new TusClient(base, undefined);
    expect((await anonymous.create(1000, editMeta(sectionId, lessonId))).status).toBe(401);
    // Another school's lesson, named with the other school's section or with one of its own.
    expect((await outsider.create(1000, editMeta(sectionId, lessonId))).status).toBe(404);
    const foreign = await outsider.create(1000, editMeta(strangerSection, lessonId));
    expect(foreign.status).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    const badId = await tus.create(1000, editMeta(sectionId, 'seven'));
    expect(badId.status).toBe(400);
    expect(badId.json().details[0].field).toBe('lesson_Id');
    const huge = await tus.create(1000, editMeta(sectionId, 2 ** 40));
    expect(huge.status).toBe(400);
    expect(huge.json().details[0].field).toBe('lesson_Id');
    expect((await tus.create(1000, editMeta(sectionId, 2 ** 31 - 1))).status).toBe(404);
    expect(await leftovers()).toEqual(before);

    // A file that is not what the lesson's type says: refused at its first bytes, the lesson untouched.
    const pdf = fixtures.pdf(50_000);
    const wrong = await tus.create(pdf.length, editMeta(sectionId, lessonId, 'video'));
    expect((await tus.patch(wrong.location, 0, pdf)).status).toBe(415);

    // The lesson deleted before the last byte: no lesson comes back, and no file or hold stays.
    const file = fixtures.mp4(300_000);
    const { location } = await tus.create(file.length, editMeta(sectionId, lessonId));
    expect((await tus.patch(location, 0, file.subarray(0, 100_000))).status).toBe(204);
    const [untouched] = await lessonsOf(sectionId);
    expect(untouched).toMatchObject({ id: lessonId, title: 'Long clip', fileKey: oldKey });
    const gone = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/lessons/${lessonId}`,
      token: publisher.token,
    });
    expect(gone.statusCode).toBe(200);
    const last = await tus.patch(location, 100_000, file.subarray(100_000));
    expect(last.status).toBe(404);
    expect(last.json()).toMatchObject({ code: 'NOT_FOUND' });
    const key = location.split('/').pop() ?? '';
    expect(await ctx.storage.size(key)).toBeUndefined();
    expect(await holdOf(key)).toEqual([]);
    expect(await leftovers()).toEqual(before);
    expect(await lessonsOf(sectionId)).toEqual([]);
  });

  test('a bulk upload (no lesson title) becomes a lesson like lessons/UploadLesson makes', async () => {
    const publisher = await createPublisher(ctx);
    const sectionId = await sectionOf(publisher);
    const tus = new TusClient(base, publisher.token);
    const image = fixtures.png(20_000);
    const { location, status } = await tus.create(image.length, {
      section_Id: sectionId,
      contentType: 'image/png',
      filename: 'Kitchen tour.png',
      filetype: 'image/png',
    });
    expect(status).toBe(201);
    const done = await tus.patch(location, 0, image);
    expect(done.status).toBe(200);
    expect(done.json()).toMatchObject({ lesson_title: 'Kitchen tour', contentType: 'image/png' });
  });

  test('the sweeper removes uploads left alone for its grace period, and keeps the rest', async () => {
    const publisher = await createPublisher(ctx);
    const sectionId = await sectionOf(publisher);
    const tus = new TusClient(base, publisher.token);
    const before = await leftovers();
    const file = fixtures.mp4(9 * MiB);
    const { location } = await tus.create(file.length, lessonMeta(sectionId));
    expect((await tus.patch(location, 0, file.subarray(0, 6 * MiB))).status).toBe(204);

    const sweeper = new FileSweeper({
      db: ctx.database.db,
      storage: ctx.storage,
      resumable: ctx.app.resumableUploads,
    });
    await sweeper.sweep(Date.now());
    expect((await tus.offset(location)).offset).toBe(6 * MiB);

    // Past the grace period (and past a day, when a bucket's multipart uploads may be aborted anyway).
    const report = await sweeper.sweep(Date.now() + 26 * 3600_000);
    expect(report.incomplete).toBeGreaterThanOrEqual(1);
    expect((await tus.offset(location)).status).toBe(404);
    const key = location.split('/').pop() ?? '';
    expect((await leftovers()).filter((name) => name.startsWith(key))).toEqual([]);
    expect(before.filter((name) => name.startsWith(key))).toEqual([]);
  });
});
