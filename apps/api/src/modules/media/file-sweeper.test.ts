import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addSection, authorCourse } from '../../../test/authoring';
import { createPublisher } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startTestBucket, type TestBucket } from '../../../test/s3';
import { filesOnDisk, fixtures, upload } from '../../../test/uploads';
import { courses, lessons, pendingFileDeletions } from '../../db/schema';
import { newFileKey } from '../../lib/storage';
import { FileSweeper } from './file-sweeper';

/** A lesson with a file, made through the API: its key, and the course cover's and author photo's. */
async function referencedKeys(ctx: TestContext) {
  const publisher = await createPublisher(ctx);
  const { course } = await authorCourse(ctx, publisher.token);
  const section = await addSection(ctx, publisher.token, course.course_Id, 'One');
  const lesson = await upload(
    ctx.app,
    'POST',
    '/api/lessons/createLessons',
    publisher.token,
    {
      'Object.lesson_Id': 0,
      'Object.lesson_title': 'Notes',
      'Object.contentType': 'pdf',
      'Object.section_Id': section.section_Id,
    },
    { field: 'fileName', filename: 'notes.pdf', contentType: 'application/pdf', data: fixtures.pdf() },
  );
  const { db } = ctx.database;
  const [lessonRow] = await db.select().from(lessons).where(eq(lessons.id, lesson.json().lesson_Id));
  const [courseRow] = await db.select().from(courses).where(eq(courses.id, course.course_Id));
  const keys = [lessonRow?.fileKey, courseRow?.imageKey];
  if (keys.some((key) => !key)) throw new Error('the files were not stored');
  return keys as string[];
}

const HOUR = 3600_000;

describe('on local disk', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  const pathOf = (name: string) => path.join(ctx.filesDir, name.slice(0, 2), name);
  /** Sets a file's times `ms` into the past, as if it had been left there that long ago. */
  const age = async (name: string, ms: number) => {
    const then = new Date(Date.now() - ms);
    await utimes(pathOf(name), then, then);
  };
  const writeRaw = async (name: string) => {
    await mkdir(path.dirname(pathOf(name)), { recursive: true });
    await writeFile(pathOf(name), 'bytes');
  };

  test('old orphans and old partial files go; referenced files, fresh ones and foreign names stay', async () => {
    const referenced = await referencedKeys(ctx);
    for (const key of referenced) await age(key, 3 * HOUR);
    const oldOrphan = newFileKey('mp4');
    const freshOrphan = newFileKey('mp4');
    await ctx.storage.put(oldOrphan, Readable.from([Buffer.from('orphan')]));
    await ctx.storage.put(freshOrphan, Readable.from([Buffer.from('orphan')]));
    await age(oldOrphan, 2 * HOUR);
    const oldPartial = `${newFileKey('mp4')}.partial`;
    const freshPartial = `${newFileKey('mp4')}.partial`;
    await writeRaw(oldPartial);
    await writeRaw(freshPartial);
    await age(oldPartial, 2 * HOUR);
    // Names no upload could have made are never touched, however old.
    const foreign = `${oldOrphan.slice(0, 2)}-notes.txt`;
    await writeRaw(foreign);
    await age(foreign, 5 * HOUR);

    const report = await new FileSweeper({ db: ctx.database.db, storage: ctx.storage }).sweep();
    expect(report).toMatchObject({ incomplete: 1, orphans: 1 });
    const left = (await filesOnDisk(ctx)).map((file) => path.basename(file));
    for (const kept of [...referenced, freshOrphan, freshPartial, foreign]) expect(left).toContain(kept);
    expect(left).not.toContain(oldOrphan);
    expect(left).not.toContain(oldPartial);
  });

  test('with the files folder to itself, a crash’s leftovers from before the start go at the first sweep', async () => {
    const referenced = await referencedKeys(ctx);
    // Written a minute before the server started: a crash's half-written file and a file whose row
    // was never saved.
    const leftOrphan = newFileKey('mp4');
    await ctx.storage.put(leftOrphan, Readable.from([Buffer.from('orphan')]));
    const leftPartial = `${newFileKey('mp4')}.partial`;
    await writeRaw(leftPartial);
    for (const name of [leftOrphan, leftPartial, ...referenced]) await age(name, 2 * 60_000);
    const startedAt = new Date(Date.now() - 60_000);
    // Written since the start: an upload in progress and a file whose row is being saved.
    const newPartial = `${newFileKey('mp4')}.partial`;
    await writeRaw(newPartial);
    const newFile = newFileKey('mp4');
    await ctx.storage.put(newFile, Readable.from([Buffer.from('new')]));

    const shared = await new FileSweeper({ db: ctx.database.db, storage: ctx.storage }).sweep();
    expect(shared).toMatchObject({ incomplete: 0, orphans: 0 });
    const report = await new FileSweeper({
      db: ctx.database.db,
      storage: ctx.storage,
      exclusiveSince: startedAt,
    }).sweep();
    expect(report).toMatchObject({ incomplete: 1, orphans: 1 });
    const left = (await filesOnDisk(ctx)).map((file) => path.basename(file));
    for (const kept of [...referenced, newPartial, newFile]) expect(left).toContain(kept);
    expect(left).not.toContain(leftOrphan);
    expect(left).not.toContain(leftPartial);
    await ctx.storage.delete(newFile);
  });

  test('a file a committed change stopped naming outlives the orphans’ grace and goes after its own wait, unless named again', async () => {
    const [lessonKey, coverKey] = await referencedKeys(ctx);
    if (!lessonKey || !coverKey) throw new Error('the files were not stored');
    for (const key of [lessonKey, coverKey]) await age(key, 3 * HOUR);
    const { db } = ctx.database;
    // The delete's own trigger queues the lesson's file, in the delete's transaction.
    await db.delete(lessons).where(eq(lessons.fileKey, lessonKey));
    expect(
      await db.select().from(pendingFileDeletions).where(eq(pendingFileDeletions.fileKey, lessonKey)),
    ).toHaveLength(1);
    // A queued key that a row names again (a resumable upload's repeated last request) keeps its file.
    await db
      .insert(pendingFileDeletions)
      .values({ fileKey: coverKey, queuedAt: new Date(Date.now() - 48 * HOUR) });
    const sweeper = new FileSweeper({ db, storage: ctx.storage });

    // Hours later, past the orphans' grace: the queued file is no orphan, and its own wait is not over.
    expect(await sweeper.sweep(Date.now() + 2 * HOUR)).toMatchObject({ deleted: 0 });
    expect(await ctx.storage.size(lessonKey)).toBeGreaterThan(0);
    expect(await ctx.storage.size(coverKey)).toBeGreaterThan(0);
    expect(
      await db.select().from(pendingFileDeletions).where(eq(pendingFileDeletions.fileKey, coverKey)),
    ).toEqual([]);

    // A day later its wait is over.
    expect(await sweeper.sweep(Date.now() + 25 * HOUR)).toMatchObject({ deleted: 1 });
    expect(await ctx.storage.size(lessonKey)).toBeUndefined();
    expect(await ctx.storage.size(coverKey)).toBeGreaterThan(0);
    expect(await db.select().from(pendingFileDeletions)).toEqual([]);
  });

  test('start sweeps at once and answers its report; stop clears the timer', async () => {
    const orphan = newFileKey('pdf');
    await ctx.storage.put(orphan, Readable.from([Buffer.from('orphan')]));
    await age(orphan, 2 * HOUR);
    const sweeper = new FileSweeper({ db: ctx.database.db, storage: ctx.storage });
    expect(await sweeper.start()).toMatchObject({ orphans: 1 });
    expect(await ctx.storage.size(orphan)).toBeUndefined();
    await sweeper.stop();
  });
});

describe('in an S3 bucket', () => {
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

  test('orphans and abandoned multipart uploads go once old enough; referenced and foreign objects stay', async () => {
    const referenced = await referencedKeys(ctx);
    const orphan = newFileKey('mp4');
    await ctx.storage.put(orphan, Readable.from([Buffer.from('orphan')]));
    const pending = newFileKey('mp4');
    await bucket.startUpload(pending);
    await bucket.putObject('backups/notes.txt', 'not ours');
    await bucket.startUpload('backups/big.bin');
    const sweeper = new FileSweeper({ db: ctx.database.db, storage: ctx.storage });

    // Now, everything is fresh: an upload may still be running, a row may still be on its way.
    expect(await sweeper.sweep()).toMatchObject({ incomplete: 0, orphans: 0 });
    expect(await bucket.objects()).toContain(orphan);
    expect(await bucket.uploads()).toContain(pending);

    // A day and more later (an object's date may be when its upload began, so the wait is longer).
    expect(await sweeper.sweep(Date.now() + 26 * HOUR)).toMatchObject({ incomplete: 1, orphans: 1 });
    const objects = await bucket.objects();
    for (const key of [...referenced, 'backups/notes.txt']) expect(objects).toContain(key);
    expect(objects).not.toContain(orphan);
    expect(await bucket.uploads()).toEqual(['backups/big.bin']);
  });
});
