import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addVideoLesson } from '../../../test/authoring';
import { createStudent } from '../../../test/factories';
import { call, createTestContext, openTestDatabase, type TestContext } from '../../../test/helpers';
import { startTestBucket, type TestBucket } from '../../../test/s3';
import { upload } from '../../../test/uploads';
import { type Database, type Db, rowsOf } from '../../db/client';
import {
  enrolments,
  lessonCaptions,
  lessons,
  orders,
  quizAttemptAnswers,
  quizAttempts,
  quizOptions,
  quizQuestions,
  quizzes,
  videoAssets,
} from '../../db/schema';
import { FileSweeper } from '../../modules/media/file-sweeper';
import { S3Storage } from '../s3-storage';
import { type FileStorage, LocalDiskStorage, newFileKey } from '../storage';
import { readTar, TarWriter } from './archive';
import { isDatabaseEmpty, wipeDatabase } from './database';
import { openBackup, type RestoreReport, restoreBackup } from './restore';
import { writeBackup } from './write';

// A backup made from a school's content (a course with a lesson file, an enrolment, an order) restores
// into a fresh database every row and every file, on whichever database the suite runs on.

const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'skillwise-backup-'));
  scratch.push(dir);
  return dir;
};

/** Every public table with its row count and a checksum of its rows (independent of the tool's own). */
async function tableFingerprints(db: Db) {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`),
  );
  const result: Record<string, { rows: number; md5: string | null }> = {};
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    for (const { name } of tables) {
      const [row] = rowsOf<{ rows: number; md5: string | null }>(
        await tx.execute(
          sql.raw(
            `select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as md5 from "${name}" t`,
          ),
        ),
      );
      result[name] = { rows: row?.rows ?? 0, md5: row?.md5 ?? null };
    }
  });
  return result;
}

/**
 * A quiz lesson beside `sectionId`'s lessons, its quiz with a question and its options, and a student's
 * graded attempt keeping its questions (JSON) and answers: the quiz tables carry rows of every kind.
 */
async function addQuiz(db: Db, sectionId: number, userId: number) {
  const [lesson] = await db
    .insert(lessons)
    .values({ sectionId, title: 'Check yourself', contentType: 'quiz', orderNumber: 2 })
    .returning();
  const [quiz] = await db
    .insert(quizzes)
    .values({ lessonId: lesson?.id ?? 0, passPercent: 50 })
    .returning();
  const [question] = await db
    .insert(quizQuestions)
    .values({
      quizId: quiz?.id ?? 0,
      kind: 'open',
      text: 'Explain “gravity”.',
      points: 2,
      acceptedAnswers: ['a', 'b c'],
    })
    .returning();
  await db.insert(quizOptions).values([
    { questionId: question?.id ?? 0, text: 'True', correct: true, orderNumber: 1 },
    { questionId: question?.id ?? 0, text: 'False', orderNumber: 2 },
  ]);
  const [attempt] = await db
    .insert(quizAttempts)
    .values({
      quizId: quiz?.id ?? 0,
      userId,
      number: 1,
      status: 'graded',
      submittedAt: new Date(),
      questions: [{ id: question?.id, kind: 'open', text: 'Explain “gravity”.', points: 2, options: [] }],
      score: 2,
      maxScore: 2,
      passed: true,
      passPercent: 50,
    })
    .returning();
  await db.insert(quizAttemptAnswers).values({
    attemptId: attempt?.id ?? 0,
    questionId: question?.id ?? 0,
    answer: { text: 'Things fall.\nDown.' },
    pointsAwarded: 2,
    graderComment: 'Good',
    gradedAt: new Date(),
  });
}

/** The captions makeContent gives its video lesson (docs/decisions/042). */
const CAPTIONS = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nBon appétit.\n';

/**
 * A school's content, made through the API: a course with a cover, an author photo, a video lesson's file
 * and its captions.
 */
async function makeContent(ctx: TestContext) {
  const { publisher, course, lesson, data: video } = await addVideoLesson(ctx, { bytes: 200_000 });
  const captioned = await upload(
    ctx.app,
    'POST',
    `/api/lessons/UploadCaptions/${lesson.lesson_Id}`,
    publisher.token,
    { language: 'fr' },
    { field: 'file', filename: 'fr.vtt', contentType: 'text/vtt', data: Buffer.from(CAPTIONS) },
  );
  if (captioned.statusCode !== 201) throw new Error(`UploadCaptions: ${captioned.body}`);
  const [row] = await ctx.database.db.select().from(lessons).where(eq(lessons.id, lesson.lesson_Id));
  const student = await createStudent(ctx);
  const [order] = await ctx.database.db
    .insert(orders)
    .values({
      userId: student.userId,
      orgId: publisher.orgId ?? 0,
      kind: 'course',
      courseId: course.course_Id,
      amountCents: 4999,
      provider: 'sandbox',
      providerOrderId: `order-${student.userId}`,
      status: 'captured',
      capturedAt: new Date(),
    })
    .returning();
  await ctx.database.db
    .insert(enrolments)
    .values({ userId: student.userId, courseId: course.course_Id, source: 'purchased', orderId: order?.id });
  await addQuiz(ctx.database.db, row?.sectionId ?? 0, student.userId);
  // What a video job made from the lesson's file (docs/decisions/041): a poster, carried like any file.
  const posterKey = newFileKey('jpg');
  const poster = Buffer.from('a poster frame');
  await ctx.storage.put(posterKey, Readable.from([poster]));
  await ctx.database.db.insert(videoAssets).values({
    fileKey: posterKey,
    lessonId: row?.id ?? 0,
    sourceKey: row?.fileKey ?? '',
    kind: 'poster',
    width: 320,
    height: 180,
    sizeBytes: poster.length,
  });
  return { video, token: publisher.token, lessonId: row?.id ?? 0, videoKey: row?.fileKey ?? '' };
}

async function backupTo(
  file: string,
  database: Database,
  storage: FileStorage,
  options: { appSecret?: string; fileDeleteGraceHours?: number } = {},
) {
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file));
  try {
    return await writeBackup({ database, storage, ...options }, gzip);
  } finally {
    gzip.end();
    await written;
  }
}

/**
 * `storage` as a backup sees it, except that the backup's first look at a file, which comes after its
 * snapshot of the rows, first waits for `meanwhile`: a change made while the backup runs.
 */
function duringBackup(storage: FileStorage, meanwhile: () => Promise<void>): FileStorage {
  let happened: Promise<void> | undefined;
  const first = () => {
    happened ??= meanwhile();
    return happened;
  };
  const seen = Object.create(storage) as FileStorage & Partial<Pick<S3Storage, 'head'>>;
  seen.size = async (key) => {
    await first();
    return storage.size(key);
  };
  if (storage instanceof S3Storage) {
    seen.head = async (key) => {
      await first();
      return storage.head(key);
    };
  }
  return seen;
}

/** A copy of the archive `from` without its entry `name`, as a backup that missed a file would be. */
async function withoutEntry(from: string, to: string, name: string) {
  const gunzip = createGunzip();
  createReadStream(from).pipe(gunzip);
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(to));
  const tar = new TarWriter(gzip);
  for await (const entry of readTar(gunzip)) {
    if (entry.name === name) await Readable.from(entry.body).toArray();
    else await tar.add(entry.name, entry.size, entry.body);
  }
  await tar.finish();
  gzip.end();
  await written;
}

async function restoreFrom(file: string, database: Database, storage: FileStorage, dataDir?: string) {
  const gunzip = createGunzip();
  createReadStream(file).pipe(gunzip);
  const backup = await openBackup(gunzip);
  return { manifest: backup.manifest, report: await restoreBackup(backup, { database, storage, dataDir }) };
}

/** A fresh, empty database on the suite's server (or in memory). */
async function emptyDatabase() {
  const database = await openTestDatabase();
  await wipeDatabase(database);
  expect(await isDatabaseEmpty(database)).toBe(true);
  return database;
}

describe('files on local disk', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('a backup restores every row and every file into a fresh database and folder', async () => {
    const { video } = await makeContent(ctx);
    const dir = await tempDir();
    const file = path.join(dir, 'backup.tar.gz');
    const backup = await backupTo(file, ctx.database, ctx.storage, { appSecret: 'a-generated-secret' });
    expect(backup.files).toBe(5);

    const target = await emptyDatabase();
    try {
      const filesDir = path.join(dir, 'data', 'files');
      const storage = new LocalDiskStorage(filesDir);
      const { manifest, report } = await restoreFrom(file, target, storage, path.join(dir, 'data'));
      expect(manifest.files).toEqual({ kind: 'local' });
      expect(report.files).toBe(5);
      expect(await readFile(path.join(dir, 'data', 'app-secret'), 'utf8')).toBe('a-generated-secret');

      const before = await tableFingerprints(ctx.database.db);
      const after = await tableFingerprints(target.db);
      expect(after).toEqual(before);
      expect(before.lessons?.rows).toBeGreaterThan(0);
      expect(before.enrolments?.rows).toBeGreaterThan(0);
      expect(before.orders?.rows).toBeGreaterThan(0);
      expect(before.lesson_captions?.rows).toBeGreaterThan(0);
      for (const table of [
        'quizzes',
        'quiz_questions',
        'quiz_options',
        'quiz_attempts',
        'quiz_attempt_answers',
      ]) {
        expect(before[table]?.rows, table).toBeGreaterThan(0);
      }

      // Every stored file comes back byte for byte, the lesson's among them.
      for await (const { key } of ctx.storage.list()) {
        const original = await readFile(path.join(ctx.filesDir, key.slice(0, 2), key));
        expect(Buffer.compare(await readFile(path.join(filesDir, key.slice(0, 2), key)), original)).toBe(0);
      }
      const [lesson] = rowsOf<{ file_key: string }>(
        await target.db.execute(
          sql`select file_key from lessons where file_key is not null order by id desc limit 1`,
        ),
      );
      const restoredVideo = await readFile(
        path.join(filesDir, lesson?.file_key.slice(0, 2) ?? '', lesson?.file_key ?? ''),
      );
      expect(Buffer.compare(restoredVideo, video)).toBe(0);
      // The video's captions come back with their row.
      const [captions] = await target.db.select().from(lessonCaptions).orderBy(sql`id desc`).limit(1);
      const captionsKey = captions?.fileKey ?? '';
      expect(await readFile(path.join(filesDir, captionsKey.slice(0, 2), captionsKey), 'utf8')).toBe(
        CAPTIONS,
      );

      // Sequences come back too: the next row gets a new id.
      const [last] = await target.db.select().from(orders).orderBy(sql`id desc`).limit(1);
      if (!last) throw new Error('no order restored');
      const { id: _lastId, ...copy } = last;
      const [next] = await target.db
        .insert(orders)
        .values({ ...copy, providerOrderId: 'after-restore' })
        .returning();
      expect(next?.id).toBeGreaterThan(last.id);
    } finally {
      await target.close();
    }
  });

  test('a lesson deleted while a backup runs keeps its file in the backup, and the restore has both', async () => {
    const { video, token, lessonId, videoKey } = await makeContent(ctx);
    const dir = await tempDir();
    const file = path.join(dir, 'backup.tar.gz');
    const seen = duringBackup(ctx.storage, async () => {
      const deleted = await call(ctx.app, { method: 'DELETE', url: `/api/lessons/${lessonId}`, token });
      expect(deleted.statusCode).toBe(200);
      // Every instance sweeps hourly: one may run now, while the backup copies the files.
      await new FileSweeper({ db: ctx.database.db, storage: ctx.storage }).sweep();
    });
    await backupTo(file, ctx.database, seen);
    expect(await ctx.database.db.select().from(lessons).where(eq(lessons.id, lessonId))).toEqual([]);

    const target = await emptyDatabase();
    try {
      const filesDir = path.join(dir, 'files');
      const { report } = await restoreFrom(file, target, new LocalDiskStorage(filesDir));
      const [restored] = await target.db.select().from(lessons).where(eq(lessons.id, lessonId));
      expect(restored?.fileKey).toBe(videoKey);
      const bytes = await readFile(path.join(filesDir, videoKey.slice(0, 2), videoKey));
      expect(Buffer.compare(bytes, video)).toBe(0);
      expect(report.checkedFiles).toBeGreaterThanOrEqual(3);
    } finally {
      await target.close();
    }
  });

  test('a backup that outlasts FILE_DELETE_GRACE_HOURS and finds a named file deleted fails, naming it', async () => {
    const { token, lessonId, videoKey } = await makeContent(ctx);
    const dir = await tempDir();
    const seen = duringBackup(ctx.storage, async () => {
      await call(ctx.app, { method: 'DELETE', url: `/api/lessons/${lessonId}`, token });
      // The wait is over for the sweeper: the file goes while the backup still needs it.
      await new FileSweeper({ db: ctx.database.db, storage: ctx.storage, deleteGraceMs: 0 }).sweep(
        Date.now() + 1000,
      );
    });
    const failed = backupTo(path.join(dir, 'backup.tar.gz'), ctx.database, seen, { fileDeleteGraceHours: 0 });
    await expect(failed).rejects.toThrow(`${videoKey} (lesson ${lessonId}): missing`);
    await expect(failed).rejects.toThrow(/longer than FILE_DELETE_GRACE_HOURS \(0\)/);
  });

  test('a restore whose archive lacks a file that its rows name fails, naming the file', async () => {
    const { lessonId, videoKey } = await makeContent(ctx);
    const dir = await tempDir();
    const whole = path.join(dir, 'backup.tar.gz');
    await backupTo(whole, ctx.database, ctx.storage);
    const short = path.join(dir, 'short.tar.gz');
    await withoutEntry(whole, short, `files/${videoKey}`);

    const target = await emptyDatabase();
    try {
      const restore = restoreFrom(short, target, new LocalDiskStorage(path.join(dir, 'files')));
      await expect(restore).rejects.toThrow(
        `1 files that the restored rows name are missing from the backup or differ from what was stored:\n  ${videoKey} (lesson ${lessonId}): missing`,
      );
    } finally {
      await target.close();
    }
  });

  test('a file that is not a backup, or one cut short, is refused', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'backup.tar.gz');
    await backupTo(file, ctx.database, ctx.storage);
    const whole = await readFile(file);
    const gunzipped = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const gunzip = createGunzip();
      gunzip.on('data', (chunk: Buffer) => chunks.push(chunk));
      gunzip.on('end', () => resolve(Buffer.concat(chunks)));
      gunzip.on('error', reject);
      gunzip.end(whole);
    });
    async function* bytes(data: Buffer) {
      yield data;
    }
    await expect(openBackup(bytes(Buffer.alloc(2048, 7)))).rejects.toThrow(
      /not an intact archive|not a Skillwise backup/,
    );
    const target = await emptyDatabase();
    try {
      const cut = await openBackup(bytes(gunzipped.subarray(0, Math.floor(gunzipped.length * 0.6))));
      await expect(
        restoreBackup(cut, { database: target, storage: new LocalDiskStorage(path.join(dir, 'files')) }),
      ).rejects.toThrow(/cut short/);
    } finally {
      await target.close();
    }
  });

  test('any tar program lists a backup, its manifest first and its summary last', async (context) => {
    if (spawnSync('tar', ['--version']).status !== 0) context.skip();
    const dir = await tempDir();
    const file = path.join(dir, 'backup.tar.gz');
    await makeContent(ctx);
    const { files } = await backupTo(file, ctx.database, ctx.storage);
    const names = execFileSync('tar', ['-tzf', file]).toString().trim().split('\n');
    expect(names[0]).toBe('skillwise-backup.json');
    expect(names.at(-1)).toBe('summary.json');
    expect(names.filter((name) => name.startsWith('files/'))).toHaveLength(files);
  });

  test('an archive of the earlier hand-written tar writer still restores', async () => {
    // Made by lib/tar.ts before tar-stream wrote backups: a video lesson (test/fixtures/media/video.mp4),
    // its course's cover and its author's photo, an enrolment; migration 0039.
    const dir = await tempDir();
    const filesDir = path.join(dir, 'files');
    const target = await emptyDatabase();
    try {
      const { manifest, report } = await restoreFrom(
        path.join(import.meta.dirname, '../../../test/fixtures/backup/tar-writer-2026.tar.gz'),
        target,
        new LocalDiskStorage(filesDir),
      );
      expect(manifest.database.lastMigration).toBe('0039_lesson_captions_file_deletions');
      expect(report).toEqual({ tables: 58, rows: 64, files: 3, bytes: 9726, checkedFiles: 3 });
      const [lesson] = await target.db.select().from(lessons);
      const key = lesson?.fileKey ?? '';
      const video = await readFile(path.join(import.meta.dirname, '../../../test/fixtures/media/video.mp4'));
      expect(Buffer.compare(await readFile(path.join(filesDir, key.slice(0, 2), key)), video)).toBe(0);
      expect(await target.db.select().from(enrolments)).toHaveLength(1);
    } finally {
      await target.close();
    }
  });
});

describe('files in a bucket', () => {
  let bucket: TestBucket;
  let ctx: TestContext;
  beforeAll(async () => {
    bucket = await startTestBucket();
    ctx = await createTestContext(bucket.env);
  });
  afterAll(async () => {
    await ctx.close();
    await bucket.close();
  });

  test('the backup lists the bucket’s objects; a restore finds them all, then names the one that went missing', async () => {
    const { video } = await makeContent(ctx);
    const dir = await tempDir();
    const file = path.join(dir, 'backup.tar.gz');
    const backup = await backupTo(file, ctx.database, ctx.storage);
    const keys = await bucket.objects();
    expect(backup.files).toBe(keys.length);
    expect(keys.length).toBe(5);

    const restore = async (): Promise<RestoreReport> => {
      const target = await emptyDatabase();
      const storage = new S3Storage(ctx.config.s3 as NonNullable<typeof ctx.config.s3>);
      try {
        const { manifest, report } = await restoreFrom(file, target, storage);
        expect(manifest.files).toEqual({ kind: 's3', bucket: bucket.bucket });
        expect(await tableFingerprints(target.db)).toEqual(await tableFingerprints(ctx.database.db));
        return report;
      } finally {
        storage.close();
        await target.close();
      }
    };
    const complete = await restore();
    expect(complete).toMatchObject({ checkedFiles: 5 });

    const [lesson] = await ctx.database.db.select().from(lessons);
    const gone = lesson?.fileKey ?? '';
    await ctx.storage.delete(gone);
    await expect(restore()).rejects.toThrow(
      `missing from bucket ${bucket.bucket} or differ from what was stored:\n  ${gone} (lesson ${lesson?.id}): missing`,
    );
    // Back in place for the next backups, which would otherwise fail on it.
    await ctx.storage.put(gone, Readable.from([video]));
  });

  test('an object deleted while a backup runs is still listed, and still in the bucket for the restore', async () => {
    const { token, lessonId, videoKey } = await makeContent(ctx);
    const dir = await tempDir();
    const file = path.join(dir, 'backup.tar.gz');
    const seen = duringBackup(ctx.storage, async () => {
      await call(ctx.app, { method: 'DELETE', url: `/api/lessons/${lessonId}`, token });
      await new FileSweeper({ db: ctx.database.db, storage: ctx.storage }).sweep();
    });
    await backupTo(file, ctx.database, seen);
    expect(await bucket.objects()).toContain(videoKey);
    const target = await emptyDatabase();
    const storage = new S3Storage(ctx.config.s3 as NonNullable<typeof ctx.config.s3>);
    try {
      await restoreFrom(file, target, storage);
      const [restored] = await target.db.select().from(lessons).where(eq(lessons.id, lessonId));
      expect(restored?.fileKey).toBe(videoKey);
    } finally {
      storage.close();
      await target.close();
    }
  });

  test('a bucket backup is refused by a target without a bucket', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'backup.tar.gz');
    await backupTo(file, ctx.database, ctx.storage);
    const target = await emptyDatabase();
    try {
      await expect(restoreFrom(file, target, new LocalDiskStorage(path.join(dir, 'files')))).rejects.toThrow(
        /S3 bucket "skillwise-test"/,
      );
    } finally {
      await target.close();
    }
  });
});
