import { stat } from 'node:fs/promises';
import { NO_PLAN_STORAGE_BYTES, PLAN_STORAGE_BYTES, storageUsageSchema } from '@skillwise/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addSection, authorCourse } from '../../../test/authoring';
import { createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { TusClient, tusMetadata } from '../../../test/tus';
import {
  type FilePart,
  filesOnDisk,
  fixtures,
  imagePart,
  multipart,
  sendSlowly,
  upload,
} from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import { authors, courses, lessons, storedFiles, uploadReservations } from '../../db/schema';
import { newFileKey } from '../../lib/storage';
import { FileSweeper } from '../media/file-sweeper';
import { MAX_OPEN_UPLOADS } from './storage-quota';

const KiB = 1024;
const MiB = 1024 * KiB;
const GROWTH = PLAN_STORAGE_BYTES.Growth;

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  // Room for the 450 MB resumable uploads an organisation without a plan may declare.
  ctx = await createTestContext({
    MAX_LESSON_BYTES: String(NO_PLAN_STORAGE_BYTES),
    PUBLIC_CACHE_SECONDS: '0',
  });
  base = await TusClient.listen(ctx.app);
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;

/** What the organisation's records add up to. */
async function usedBy(orgId: number): Promise<number> {
  const [row] = await db()
    .select({ used: sql<string>`coalesce(sum(${storedFiles.sizeBytes}), 0)` })
    .from(storedFiles)
    .where(eq(storedFiles.orgId, orgId));
  return Number(row?.used ?? 0);
}

/** What the organisation's live holds (uploads under way) add up to. */
async function heldBy(orgId: number): Promise<number> {
  const [row] = await db()
    .select({ held: sql<string>`coalesce(sum(${uploadReservations.bytes}), 0)` })
    .from(uploadReservations)
    .where(and(eq(uploadReservations.orgId, orgId), gt(uploadReservations.expiresAt, sql`now()`)));
  return Number(row?.held ?? 0);
}

/** Waits until `check` holds, for at most five seconds. */
async function eventually(check: () => Promise<boolean>, what: string) {
  const until = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`still not so after 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const recordsOf = async (orgId: number) =>
  (await db().select().from(storedFiles).where(eq(storedFiles.orgId, orgId)))
    .map((row) => `${row.fileKey}:${row.sizeBytes}`)
    .sort();

/** Leaves `room` bytes of `allowance` free: the organisation already stores a file of the rest. */
async function leaveRoom(orgId: number, room: number, allowance = GROWTH) {
  const used = await usedBy(orgId);
  await db()
    .insert(storedFiles)
    .values({ fileKey: newFileKey('bin'), orgId, sizeBytes: allowance - used - room });
}

/** A publisher with a course (its cover and its author's photo stored) and a section. */
async function school(options: { subscribed?: boolean; category?: string } = {}) {
  const publisher = await createPublisher(ctx, options);
  const { course, author, category } = await authorCourse(ctx, publisher.token);
  const section = await addSection(ctx, publisher.token, course.course_Id, 'One');
  return {
    publisher,
    orgId: publisher.orgId as number,
    course,
    author,
    category,
    sectionId: section.section_Id as number,
  };
}

const pdfPart = (size: number, filename = 'notes.pdf'): FilePart => ({
  field: 'fileName',
  filename,
  contentType: 'application/pdf',
  data: fixtures.pdf(size),
});

const createLesson = (token: string, sectionId: number, file: FilePart, lessonId = 0) =>
  upload(
    ctx.app,
    'POST',
    '/api/lessons/createLessons',
    token,
    {
      'Object.lesson_Id': lessonId,
      'Object.lesson_title': 'Notes',
      'Object.contentType': 'pdf',
      'Object.section_Id': sectionId,
    },
    file,
  );

const bulkUpload = (token: string, sectionId: number, file: FilePart) =>
  upload(
    ctx.app,
    'POST',
    '/api/lessons/UploadLesson',
    token,
    { section_Id: sectionId },
    { ...file, field: 'file' },
  );

const authorFields = {
  'Object.first_name': 'Ada',
  'Object.last_name': 'Lovelace',
  'Object.gender': 'F',
  'Object.email_address': 'ada@example.com',
  'Object.bio': 'Writes.',
};

const createAuthor = (token: string, photo: FilePart) =>
  upload(ctx.app, 'POST', '/api/authors/CreateAuthors', token, authorFields, photo);

const updateAuthor = (token: string, authorId: number, photo: FilePart) =>
  upload(
    ctx.app,
    'PUT',
    '/api/authors/UpdateAuthors',
    token,
    { ...authorFields, 'Object.author_id': authorId },
    photo,
  );

const courseFields = (s: Awaited<ReturnType<typeof school>>) => ({
  'Object.course_title': 'Second course',
  'Object.course_description': 'More.',
  'Object.price': '10',
  'Object.price_type_Id': '2',
  'Object.category_id': String(s.category.category_Id),
  'Object.author_id': String(s.author.author_id),
});

const createCourse = (s: Awaited<ReturnType<typeof school>>, cover: FilePart) =>
  upload(ctx.app, 'POST', '/api/courses/createCourse', s.publisher.token, courseFields(s), cover);

const updateCourse = (s: Awaited<ReturnType<typeof school>>, cover: FilePart) =>
  upload(
    ctx.app,
    'PUT',
    '/api/courses/updateCourse',
    s.publisher.token,
    { ...courseFields(s), 'Object.course_title': 'French Cooking', 'Object.course_Id': s.course.course_Id },
    cover,
  );

const getUsage = (token?: string, query = '') =>
  call(ctx.app, {
    method: 'GET',
    url: `/api/organization/GetStorageUsage${query}`,
    ...(token ? { token } : {}),
  });

/** Everything an upload could leave behind: stored files, records, and the rows that name files. */
async function snapshot(orgId: number) {
  const names = await db().execute(sql`
    select l.id::text || ':' || coalesce(l.file_key, '') as name from lessons l
      join sections s on s.id = l.section_id join courses c on c.id = s.course_id where c.org_id = ${orgId}
    union all select 'course:' || id::text || ':' || coalesce(image_key, '') from courses where org_id = ${orgId}
    union all select 'author:' || id::text || ':' || coalesce(photo_key, '') from authors where org_id = ${orgId}`);
  return {
    files: (await filesOnDisk(ctx)).sort(),
    records: await recordsOf(orgId),
    rows: rowsOf<{ name: string }>(names)
      .map((row) => row.name)
      .sort(),
  };
}

const planLimit = (res: { statusCode: number; json(): { code?: string; message?: string } }) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(409);
  expect(res.json().code).toBe('PLAN_LIMIT');
  return res.json().message ?? '';
};

describe('storage allowance', () => {
  test('every stored file counts: the cover, the photo and lesson files, at their real sizes', async () => {
    const s = await school();
    expect(await usedBy(s.orgId)).toBe(2 * 2048);
    const lesson = await createLesson(s.publisher.token, s.sectionId, pdfPart(40 * KiB));
    expect(lesson.statusCode, lesson.body).toBe(201);
    const bulk = await bulkUpload(s.publisher.token, s.sectionId, pdfPart(30 * KiB, 'more.pdf'));
    expect(bulk.statusCode, bulk.body).toBe(201);
    expect(await usedBy(s.orgId)).toBe(2 * 2048 + 70 * KiB);

    const res = await getUsage(s.publisher.token);
    expect(res.statusCode).toBe(200);
    expect(storageUsageSchema.parse(res.json())).toEqual({
      used_bytes: 2 * 2048 + 70 * KiB,
      reserved_bytes: 0,
      allowance_bytes: GROWTH,
      plan: 'Growth',
    });
  });

  test('each plan has its allowance; without a running plan it is the small one', async () => {
    const kick = await createPublisher(ctx, { category: 'MonthlyKickstart' });
    const basic = await createPublisher(ctx, { category: 'AnnualBasic' });
    const none = await createPublisher(ctx, { subscribed: false });
    const allowance = async (user: TestUser) => (await getUsage(user.token)).json();
    expect(await allowance(kick)).toMatchObject({ allowance_bytes: 5 * 1024 ** 3, plan: 'Kickstarter' });
    expect(await allowance(basic)).toMatchObject({ allowance_bytes: 50 * 1024 ** 3, plan: 'Basic' });
    expect(await allowance(none)).toMatchObject({ allowance_bytes: 500 * MiB, plan: null });
    expect(NO_PLAN_STORAGE_BYTES).toBe(500 * MiB);
  });

  test('over the allowance, every multipart path is refused and leaves no row and no file', async () => {
    const s = await school({ category: 'MonthlyBasic' });
    await leaveRoom(s.orgId, 1000, PLAN_STORAGE_BYTES.Basic);
    const before = await snapshot(s.orgId);
    const attempts = {
      lesson: await createLesson(s.publisher.token, s.sectionId, pdfPart(8 * KiB)),
      bulk: await bulkUpload(s.publisher.token, s.sectionId, pdfPart(8 * KiB)),
      newAuthor: await createAuthor(s.publisher.token, imagePart()),
      authorPhoto: await updateAuthor(s.publisher.token, s.author.author_id, imagePart()),
      newCourse: await createCourse(s, imagePart()),
      courseImage: await updateCourse(s, imagePart()),
    };
    for (const [path, res] of Object.entries(attempts)) {
      const message = planLimit(res);
      expect(message, path).toMatch(
        /^Your Basic plan allows 50 GB of files and 49\.9 GB are used\. Delete files or upgrade your plan to upload more\.$/,
      );
    }
    expect(await snapshot(s.orgId)).toEqual(before);
    // What still fits is taken; an edit without a file is no upload.
    expect((await createLesson(s.publisher.token, s.sectionId, pdfPart(900))).statusCode).toBe(201);
    const renamed = await upload(ctx.app, 'PUT', '/api/courses/updateCourse', s.publisher.token, {
      ...courseFields(s),
      'Object.course_title': 'Renamed',
      'Object.course_Id': s.course.course_Id,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  test('a multipart upload stops as soon as it would pass what is left', async () => {
    const s = await school();
    await leaveRoom(s.orgId, 1000);
    const before = await snapshot(s.orgId);
    // Declared larger than what is left: refused before its body is read, and the connection closes.
    const declared = await createLesson(s.publisher.token, s.sectionId, pdfPart(2 * MiB));
    planLimit(declared);
    expect(declared.headers.connection).toBe('close');
    // Within the declared slack: refused while it streams, once past what is left.
    planLimit(await createLesson(s.publisher.token, s.sectionId, pdfPart(200 * KiB)));
    expect(await snapshot(s.orgId)).toEqual(before);
  });

  test('without a running plan, the organisation stores up to the small allowance', async () => {
    const s = await school({ subscribed: false });
    await leaveRoom(s.orgId, 3000, NO_PLAN_STORAGE_BYTES);
    const before = await snapshot(s.orgId);
    const message = planLimit(await createLesson(s.publisher.token, s.sectionId, pdfPart(4 * KiB)));
    expect(message).toBe(
      'Without a running plan your organisation may store 500 MB of files and 499.9 MB are used. Delete files or choose a plan to upload more.',
    );
    expect(await snapshot(s.orgId)).toEqual(before);
    expect((await createAuthor(s.publisher.token, imagePart())).statusCode).toBe(201);
    expect(await usedBy(s.orgId)).toBe(NO_PLAN_STORAGE_BYTES - 3000 + 2048);
    planLimit(await createAuthor(s.publisher.token, imagePart()));
  });

  test('deleting a lesson frees its space; a replaced file no longer counts', async () => {
    const s = await school();
    const first = await createLesson(s.publisher.token, s.sectionId, pdfPart(40 * KiB));
    expect(first.statusCode).toBe(201);
    const lessonId = first.json().lesson_Id as number;
    await leaveRoom(s.orgId, 20 * KiB);
    const used = await usedBy(s.orgId);

    // Replacing: the lesson's new file counts, the old one not.
    const replaced = await createLesson(s.publisher.token, s.sectionId, pdfPart(10 * KiB), lessonId);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await usedBy(s.orgId)).toBe(used - 30 * KiB);
    const photo = await updateAuthor(s.publisher.token, s.author.author_id, imagePart(fixtures.png(1000)));
    expect(photo.statusCode, photo.body).toBe(200);
    const cover = await updateCourse(s, imagePart(fixtures.png(1500)));
    expect(cover.statusCode, cover.body).toBe(200);
    expect(await usedBy(s.orgId)).toBe(used - 30 * KiB - 1048 - 548);
    const [course] = await db().select().from(courses).where(eq(courses.id, s.course.course_Id));
    const [author] = await db().select().from(authors).where(eq(authors.id, s.author.author_id));
    const keys = (await db().select().from(storedFiles).where(eq(storedFiles.orgId, s.orgId))).map(
      (r) => r.fileKey,
    );
    expect(keys).toEqual(expect.arrayContaining([course?.imageKey, author?.photoKey]));

    // Full, then a deletion makes room again.
    const room = GROWTH - (await usedBy(s.orgId));
    planLimit(await createLesson(s.publisher.token, s.sectionId, pdfPart(room + 1)));
    const deleted = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/lessons/${lessonId}`,
      token: s.publisher.token,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await usedBy(s.orgId)).toBe(GROWTH - room - 10 * KiB);
    expect((await createLesson(s.publisher.token, s.sectionId, pdfPart(room + 1))).statusCode).toBe(201);
  });

  test('uploads running at once that each fit but together do not: exactly those that fit are kept', async () => {
    const s = await school();
    const size = 40 * KiB;
    await leaveRoom(s.orgId, 2 * size + 10 * KiB);
    const before = await filesOnDisk(ctx);
    const answers = await Promise.all([
      createLesson(s.publisher.token, s.sectionId, pdfPart(size, 'a.pdf')),
      bulkUpload(s.publisher.token, s.sectionId, pdfPart(size, 'b.pdf')),
      createLesson(s.publisher.token, s.sectionId, pdfPart(size, 'c.pdf')),
      createAuthor(s.publisher.token, imagePart(fixtures.png(size))),
      createCourse(s, imagePart(fixtures.png(size))),
    ]);
    const kept = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(kept).toHaveLength(2);
    for (const res of refused) planLimit(res);
    expect(await usedBy(s.orgId)).toBe(GROWTH - 10 * KiB);
    expect((await filesOnDisk(ctx)).length).toBe(before.length + 2);
    // The school's own course and author, plus the two uploads kept, whatever paths they took.
    expect((await snapshot(s.orgId)).rows).toHaveLength(2 + 2);
  });

  test('files stored before records were kept are counted from their rows and the storage', async () => {
    const s = await school();
    expect((await createLesson(s.publisher.token, s.sectionId, pdfPart(12 * KiB))).statusCode).toBe(201);
    await db().delete(storedFiles).where(eq(storedFiles.orgId, s.orgId));
    expect((await getUsage(s.publisher.token)).json().used_bytes).toBe(2 * 2048 + 12 * KiB);
    expect(await usedBy(s.orgId)).toBe(2 * 2048 + 12 * KiB);
  });
});

/** The Upload-Metadata of a resumable upload of a PDF lesson. */
const meta = (sectionId: number) => ({
  lesson_Id: 0,
  lesson_title: 'Long notes',
  contentType: 'pdf',
  section_Id: sectionId,
  filename: 'long.pdf',
  filetype: 'application/pdf',
});

describe('resumable uploads (tus) and the allowance', () => {
  test('kept when it fits, at its size', async () => {
    const s = await school();
    const tus = new TusClient(base, s.publisher.token);
    const file = fixtures.pdf(300 * KiB);
    const created = await tus.create(file.length, meta(s.sectionId));
    expect(created.status, created.text).toBe(201);
    const done = await tus.patch(created.location, 0, file);
    expect(done.status, done.text).toBe(200);
    expect(await usedBy(s.orgId)).toBe(2 * 2048 + file.length);
  });

  test('refused at creation when its length passes what is left', async () => {
    const s = await school();
    await leaveRoom(s.orgId, 100 * KiB);
    const before = await snapshot(s.orgId);
    const tus = new TusClient(base, s.publisher.token);
    const created = await tus.create(100 * KiB + 1, meta(s.sectionId));
    expect(created.status).toBe(409);
    expect(created.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      message: expect.stringMatching(/^Your Growth plan allows 250 GB of files and /),
    });
    expect(await snapshot(s.orgId)).toEqual(before);
    expect((await tus.create(100 * KiB, meta(s.sectionId))).status).toBe(201);
  });

  test('refused at its last byte when the room went meanwhile outside its hold: no lesson, no file', async () => {
    const s = await school();
    const before = await snapshot(s.orgId);
    const tus = new TusClient(base, s.publisher.token);
    const file = fixtures.pdf(200 * KiB);
    const created = await tus.create(file.length, meta(s.sectionId));
    expect(created.status).toBe(201);
    expect((await tus.patch(created.location, 0, file.subarray(0, 100 * KiB))).status).toBe(204);
    // Files recorded without a hold (found on first use, or a plan that ended shrinks the allowance).
    await leaveRoom(s.orgId, 150 * KiB);
    const withFiller = await snapshot(s.orgId);
    const last = await tus.patch(created.location, 100 * KiB, file.subarray(100 * KiB));
    expect(last.status).toBe(409);
    expect(last.json<{ code: string }>().code).toBe('PLAN_LIMIT');
    expect(await snapshot(s.orgId)).toEqual({ ...before, records: withFiller.records });
  });

  test('created at once, only the uploads that fit are created, and those finish together', async () => {
    const s = await school();
    const size = 64 * KiB;
    await leaveRoom(s.orgId, 2 * size + KiB);
    const tus = new TusClient(base, s.publisher.token);
    const created = await Promise.all([0, 1, 2].map(() => tus.create(size, meta(s.sectionId))));
    expect(created.map((c) => c.status).sort()).toEqual([201, 201, 409]);
    const open = created.filter((c) => c.status === 201);
    const answers = await Promise.all(open.map(({ location }) => tus.patch(location, 0, fixtures.pdf(size))));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await usedBy(s.orgId)).toBe(GROWTH - KiB);
    expect(await heldBy(s.orgId)).toBe(0);
    const rows = await db().select().from(lessons).where(eq(lessons.sectionId, s.sectionId));
    expect(rows).toHaveLength(2);
  });
});

describe('uploads under way hold their room', () => {
  test('five resumable uploads of 450 MB created at once without a plan (500 MB): one is', async () => {
    const s = await school({ subscribed: false });
    const tus = new TusClient(base, s.publisher.token);
    const declared = 450 * MiB;
    const answers = await Promise.all([0, 1, 2, 3, 4].map(() => tus.create(declared, meta(s.sectionId))));
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'PLAN_LIMIT',
        message:
          'Without a running plan your organisation may store 500 MB of files and 450 MB are used. Delete files or choose a plan to upload more.',
      });
    }
    // The school sees what the upload holds beside what it stores.
    expect((await getUsage(s.publisher.token)).json()).toEqual({
      used_bytes: 2 * 2048,
      reserved_bytes: declared,
      allowance_bytes: NO_PLAN_STORAGE_BYTES,
      plan: null,
    });
    // Cancelled, its room is free again.
    expect((await tus.delete(created[0]?.location ?? '')).status).toBe(204);
    expect(await heldBy(s.orgId)).toBe(0);
    expect((await tus.create(declared, meta(s.sectionId))).status).toBe(201);
  });

  test('multipart uploads at once: stored and held bytes never pass the allowance, and the one over it leaves nothing', async () => {
    const s = await school();
    const room = 3 * MiB;
    const size = 1.25 * MiB;
    await leaveRoom(s.orgId, room);
    const before = await snapshot(s.orgId);
    const known = new Set(before.files);
    const bytesOnDiskSince = async () => {
      const added = (await filesOnDisk(ctx)).filter((file) => !known.has(file));
      const sizes = await Promise.all(
        added.map((file) =>
          stat(file).then(
            (f) => f.size,
            () => 0,
          ),
        ),
      );
      return sizes.reduce((sum, n) => sum + n, 0);
    };
    const body = (name: string) =>
      multipart(
        {
          'Object.lesson_Id': 0,
          'Object.lesson_title': name,
          'Object.contentType': 'pdf',
          'Object.section_Id': s.sectionId,
        },
        {
          field: 'fileName',
          filename: `${name}.pdf`,
          contentType: 'application/pdf',
          data: fixtures.pdf(size),
        },
      );
    const target = { method: 'POST' as const, url: '/api/lessons/createLessons', token: s.publisher.token };
    let running = true;
    const seen = { counted: 0, held: 0, disk: 0 };
    const watching = (async () => {
      while (running) {
        const [used, held, disk] = [await usedBy(s.orgId), await heldBy(s.orgId), await bytesOnDiskSince()];
        seen.counted = Math.max(seen.counted, used + held);
        seen.held = Math.max(seen.held, held);
        seen.disk = Math.max(seen.disk, disk);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    // An upload ends only once the watch has seen room held, however slow the machine is to look.
    // (Not past a minute: an app that held nothing fails the assertion below instead of hanging.)
    const heldSeen = async () => {
      const deadline = Date.now() + 60_000;
      while (seen.held === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        sendSlowly(base, target, body(name), {
          pieceBytes: 64 * KiB,
          pauseMs: 10,
          closedIsRefusal: true,
          beforeEnd: heldSeen,
        }),
      ),
    );
    running = false;
    await watching;

    expect(seen.disk).toBeLessThanOrEqual(room);
    expect(seen.counted).toBeLessThanOrEqual(GROWTH);
    // The watch saw the uploads while they held room, not only before and after.
    expect(seen.held).toBeGreaterThan(0);
    // Two stored; the third refused: its 409 read, or the connection closed on it before it was.
    const statuses = answers.map((a) => a?.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    const refused = answers.find((a) => a?.status !== 201);
    expect([0, 409]).toContain(refused?.status);
    if (refused?.status === 409) expect(refused.json()).toMatchObject({ code: 'PLAN_LIMIT' });
    expect(await heldBy(s.orgId)).toBe(0);
    expect(await usedBy(s.orgId)).toBe(GROWTH - room + 2 * size);
    const after = await snapshot(s.orgId);
    expect(after.files).toHaveLength(before.files.length + 2);
    expect(after.rows).toHaveLength(before.rows.length + 2);
  });

  test('a multipart upload cut off releases its hold and leaves no file', async () => {
    const s = await school();
    const before = await snapshot(s.orgId);
    const body = multipart(
      {
        'Object.lesson_Id': 0,
        'Object.lesson_title': 'Cut',
        'Object.contentType': 'pdf',
        'Object.section_Id': s.sectionId,
      },
      pdfPart(2 * MiB),
    );
    const target = { method: 'POST' as const, url: '/api/lessons/createLessons', token: s.publisher.token };
    const sending = sendSlowly(base, target, body, { pieceBytes: 64 * KiB, pauseMs: 20, cutAfter: MiB });
    await eventually(async () => (await heldBy(s.orgId)) > 0, 'the upload holds room');
    expect(await sending).toBeUndefined();
    await eventually(async () => (await heldBy(s.orgId)) === 0, 'the hold is released');
    await eventually(
      async () => (await snapshot(s.orgId)).files.length === before.files.length,
      'the partial file is removed',
    );
    expect(await snapshot(s.orgId)).toEqual(before);
  });

  test('a resumable upload holds its length until it ends: finished, cancelled, refused or failed', async () => {
    const s = await school();
    const tus = new TusClient(base, s.publisher.token);
    const file = fixtures.pdf(200 * KiB);

    const finished = await tus.create(file.length, meta(s.sectionId));
    expect(await heldBy(s.orgId)).toBe(file.length);
    expect((await tus.patch(finished.location, 0, file.subarray(0, 100 * KiB))).status).toBe(204);
    expect((await tus.patch(finished.location, 100 * KiB, file.subarray(100 * KiB))).status).toBe(200);
    expect(await heldBy(s.orgId)).toBe(0);
    expect(await usedBy(s.orgId)).toBe(2 * 2048 + file.length);
    // Resuming at the very end answers the lesson again, and takes no hold.
    expect((await tus.patch(finished.location, file.length, Buffer.alloc(0))).status).toBe(200);
    expect(await heldBy(s.orgId)).toBe(0);
    const used = await usedBy(s.orgId);

    const cancelled = await tus.create(file.length, meta(s.sectionId));
    expect(await heldBy(s.orgId)).toBe(file.length);
    expect((await tus.delete(cancelled.location)).status).toBe(204);
    expect(await heldBy(s.orgId)).toBe(0);

    const disguised = await tus.create(file.length, meta(s.sectionId));
    const page = Buffer.concat([fixtures.html(), Buffer.alloc(file.length - fixtures.html().length, 0x20)]);
    expect((await tus.patch(disguised.location, 0, page)).status).toBe(415);
    expect(await heldBy(s.orgId)).toBe(0);

    const failing = await tus.create(file.length, meta(s.sectionId));
    expect((await tus.patch(failing.location, 0, file.subarray(0, 100 * KiB))).status).toBe(204);
    const other = await addSection(ctx, s.publisher.token, s.course.course_Id, 'Two');
    const doomed = await tus.create(file.length, meta(other.section_Id as number));
    expect(await heldBy(s.orgId)).toBe(2 * file.length);
    await call(ctx.app, {
      method: 'DELETE',
      url: `/api/courseSections/${other.section_Id}`,
      token: s.publisher.token,
    });
    expect((await tus.patch(doomed.location, 0, file)).status).toBe(404);
    expect(await heldBy(s.orgId)).toBe(file.length);
    expect((await tus.delete(failing.location)).status).toBe(204);

    // A creation the tus server refuses after the checks (no Tus-Resumable header) holds nothing.
    const bare = await fetch(`${base}/api/uploads/tus`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${s.publisher.token}`,
        'upload-length': String(file.length),
        'upload-metadata': tusMetadata(meta(s.sectionId)),
      },
    });
    expect(bare.status).toBe(412);
    expect(await heldBy(s.orgId)).toBe(0);
    expect(await usedBy(s.orgId)).toBe(used);
  });

  test('a hold past its lease holds nothing; its upload takes it again when it resumes, if the room is there', async () => {
    const s = await school();
    const size = 100 * KiB;
    await leaveRoom(s.orgId, size);
    const tus = new TusClient(base, s.publisher.token);
    const file = fixtures.pdf(size);
    const first = await tus.create(size, meta(s.sectionId));
    expect(first.status).toBe(201);
    expect((await tus.patch(first.location, 0, file.subarray(0, 10 * KiB))).status).toBe(204);
    const blocked = await tus.create(size, meta(s.sectionId));
    expect(blocked.status).toBe(409);
    expect(blocked.json()).toMatchObject({ code: 'PLAN_LIMIT' });

    // Left alone past its lease (or its process died): its room is free for others.
    await db()
      .update(uploadReservations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(uploadReservations.orgId, s.orgId));
    expect(await heldBy(s.orgId)).toBe(0);
    const second = await tus.create(size, meta(s.sectionId));
    expect(second.status).toBe(201);

    // The first comes back: its room went meanwhile, so it is refused before a byte is taken.
    const back = await tus.patch(first.location, 10 * KiB, file.subarray(10 * KiB));
    expect(back.status).toBe(409);
    expect(back.json<{ code: string }>().code).toBe('PLAN_LIMIT');
    expect((await tus.offset(first.location)).offset).toBe(10 * KiB);
    expect(await heldBy(s.orgId)).toBe(size);

    // Once the other is cancelled it goes on, and finishes.
    expect((await tus.delete(second.location)).status).toBe(204);
    expect((await tus.patch(first.location, 10 * KiB, file.subarray(10 * KiB))).status).toBe(200);
    expect(await heldBy(s.orgId)).toBe(0);
    expect(await usedBy(s.orgId)).toBe(GROWTH);
  });

  test(`an organisation has at most ${MAX_OPEN_UPLOADS} resumable uploads open; ending one makes way`, async () => {
    const s = await school();
    const other = await school();
    const tus = new TusClient(base, s.publisher.token);
    const file = fixtures.pdf(10 * KiB);
    const open = [];
    for (let i = 0; i < MAX_OPEN_UPLOADS; i += 1) {
      const created = await tus.create(file.length, meta(s.sectionId));
      expect(created.status).toBe(201);
      open.push(created.location);
    }
    const refused = await tus.create(file.length, meta(s.sectionId));
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: `Your organisation has ${MAX_OPEN_UPLOADS} uploads under way. Finish or cancel one before starting another.`,
    });
    // Another organisation's uploads are its own.
    expect(
      (await new TusClient(base, other.publisher.token).create(file.length, meta(other.sectionId))).status,
    ).toBe(201);
    // Finishing one, or cancelling one, makes way for another.
    expect((await tus.patch(open[0] ?? '', 0, file)).status).toBe(200);
    expect((await tus.create(file.length, meta(s.sectionId))).status).toBe(201);
    expect((await tus.create(file.length, meta(s.sectionId))).status).toBe(409);
    expect((await tus.delete(open[1] ?? '')).status).toBe(204);
    expect((await tus.create(file.length, meta(s.sectionId))).status).toBe(201);
  });
});

describe('organization/GetStorageUsage', () => {
  test('needs a token, and a publisher; answers the caller’s own organisation only', async () => {
    expect((await getUsage()).statusCode).toBe(401);
    const student = await createStudent(ctx);
    expect((await getUsage(student.token)).statusCode).toBe(403);
    const one = await school();
    const other = await createPublisher(ctx);
    expect((await getUsage(other.token)).json()).toMatchObject({ used_bytes: 0, plan: 'Growth' });
    expect((await getUsage(one.publisher.token)).json()).toMatchObject({ used_bytes: 2 * 2048 });
  });

  test('takes no parameters: one sent is a 400 naming it', async () => {
    const publisher = await createPublisher(ctx);
    const res = await getUsage(publisher.token, '?org_Id=1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', details: [{ field: 'org_Id' }] });
  });
});

test('the sweeper forgets records of files no row names once the grace period is over', async () => {
  const s = await school();
  await leaveRoom(s.orgId, 0);
  const named = 2 * 2048;
  expect(await usedBy(s.orgId)).toBe(GROWTH);
  await new FileSweeper({ db: db(), storage: ctx.storage }).sweep(Date.now() + 2 * 3600_000);
  expect(await usedBy(s.orgId)).toBe(named);
});
