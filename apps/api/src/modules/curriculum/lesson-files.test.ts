import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { addVideoLesson } from '../../../test/authoring';
import type { TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { startTestBucket, type TestBucket } from '../../../test/s3';
import { TusClient } from '../../../test/tus';
import { fixtures, upload } from '../../../test/uploads';
import { lessons, pendingFileDeletions } from '../../db/schema';
import { FileSweeper } from '../media/file-sweeper';
import { CurriculumService } from './curriculum.service';

// A lesson's file replaced (by a resumable upload, an edit or a bulk upload) changes the storage only
// after the change commits (decision 011): a change that fails keeps the old file and the lesson playing
// it, and leaves no new file; one that commits deletes the old file only once FILE_DELETE_GRACE_HOURS
// have passed. On local disk and in a bucket, on whichever database the suite runs on.

const HOUR = 3600_000;

describe.each(['disk', 'bucket'] as const)('a lesson’s file replaced, on %s', (where) => {
  let bucket: TestBucket | undefined;
  let ctx: TestContext;
  let base: string;

  beforeAll(async () => {
    bucket = where === 'bucket' ? await startTestBucket() : undefined;
    ctx = await createTestContext({ ...bucket?.env });
    base = await TusClient.listen(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
    await bucket?.close();
  });

  const lessonRow = async (lessonId: number) => {
    const [row] = await ctx.database.db.select().from(lessons).where(eq(lessons.id, lessonId));
    return row;
  };

  /** A video lesson with its file, made through lessons/createLessons. */
  async function videoLesson() {
    const { publisher, section, lesson, data } = await addVideoLesson(ctx, { bytes: 50_000 });
    const lessonId: number = lesson.lesson_Id;
    const key = (await lessonRow(lessonId))?.fileKey;
    if (!key) throw new Error('the lesson has no file');
    return { publisher, sectionId: section.section_Id as number, lessonId, data, key };
  }

  /** The bytes a publisher's player gets for the lesson now, through the URL the API hands out. */
  async function played(publisher: TestUser, lessonId: number): Promise<Buffer> {
    const asked = await call(ctx.app, {
      method: 'GET',
      url: `/api/lessons/GetLessonContentUrl/${lessonId}`,
      token: publisher.token,
    });
    const url: string = asked.json().content_path;
    if (bucket) return Buffer.from(await (await fetch(url)).arrayBuffer());
    const answer = await call(ctx.app, { method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    return answer.rawPayload;
  }

  /** The lesson's file replaced through a resumable upload: the final PATCH's answer, and the new key. */
  async function replaceResumably(publisher: TestUser, sectionId: number, lessonId: number, data: Buffer) {
    const tus = new TusClient(base, publisher.token);
    const { location } = await tus.create(data.length, {
      lesson_Id: lessonId,
      lesson_title: 'Clip, again',
      contentType: 'video',
      section_Id: sectionId,
      filename: 'again.mp4',
      filetype: 'video/mp4',
    });
    return { answer: await tus.patch(location, 0, data), key: location.split('/').pop() ?? '' };
  }

  /** The lesson edited through lessons/createLessons with a new file. */
  const editWithFile = (publisher: TestUser, sectionId: number, lessonId: number, data: Buffer) =>
    upload(
      ctx.app,
      'POST',
      '/api/lessons/createLessons',
      publisher.token,
      {
        'Object.lesson_Id': lessonId,
        'Object.lesson_title': 'Clip, edited',
        'Object.contentType': 'video',
        'Object.section_Id': sectionId,
      },
      { field: 'fileName', filename: 'edited.mp4', contentType: 'video/mp4', data },
    );

  /**
   * Until `stop` is called, a change to the lesson fails when its transaction commits, after everything
   * in it has run: a constraint checked at commit, as a conflicting change or a lost connection would.
   */
  async function refuseCommitsOf(lessonId: number): Promise<() => Promise<void>> {
    const { db } = ctx.database;
    await db.execute(sql`create or replace function refuse_commit() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit' using errcode = 'check_violation'; end $$`);
    await db.execute(
      sql.raw(`create constraint trigger refuse_commit after update on lessons deferrable initially deferred
        for each row when (new.id = ${Number(lessonId)}) execute function refuse_commit()`),
    );
    return async () => {
      await db.execute(sql`drop trigger refuse_commit on lessons`);
    };
  }

  test('a replacement whose transaction fails keeps the old file, and the lesson plays it', async () => {
    const { publisher, sectionId, lessonId, data, key } = await videoLesson();
    const stop = await refuseCommitsOf(lessonId);
    let resumableKey: string;
    try {
      const resumable = await replaceResumably(publisher, sectionId, lessonId, fixtures.mp4(60_000));
      expect(resumable.answer.status).toBe(409);
      const edited = await editWithFile(publisher, sectionId, lessonId, fixtures.mp4(70_000));
      expect(edited.statusCode).toBe(409);
      resumableKey = resumable.key;
    } finally {
      await stop();
    }

    // The lesson still names its file, which is still there, and nothing is queued to delete it.
    expect(await lessonRow(lessonId)).toMatchObject({ fileKey: key, title: 'Clip', fileSize: data.length });
    expect(await ctx.storage.size(key)).toBe(data.length);
    expect(
      await ctx.database.db.select().from(pendingFileDeletions).where(eq(pendingFileDeletions.fileKey, key)),
    ).toEqual([]);
    expect(Buffer.compare(await played(publisher, lessonId), data)).toBe(0);
    // Neither new file was left behind: no stored video but the lessons' own.
    expect(await ctx.storage.size(resumableKey)).toBeUndefined();
    const names: string[] = [];
    for await (const file of ctx.storage.list()) names.push(file.key);
    expect(names.filter((name) => name.endsWith('.mp4')).sort()).toEqual(
      (await ctx.database.db.select({ key: lessons.fileKey }).from(lessons))
        .flatMap((row) => (row.key?.endsWith('.mp4') ? [row.key] : []))
        .sort(),
    );

    // However long the sweeper waits, the file stays: no committed change stopped naming it.
    await new FileSweeper({ db: ctx.database.db, storage: ctx.storage }).sweep(Date.now() + 48 * HOUR);
    expect(await ctx.storage.size(key)).toBe(data.length);
    expect(Buffer.compare(await played(publisher, lessonId), data)).toBe(0);
  });

  test('an edit that commits and then fails to answer keeps the new file its lesson names', async () => {
    const { publisher, sectionId, lessonId } = await videoLesson();
    const replacement = fixtures.mp4(65_000);
    // The change is saved; building its answer fails afterwards, as a lost connection would.
    const answer = vi.spyOn(CurriculumService.prototype, 'toLesson').mockImplementationOnce(() => {
      throw new Error('the answer could not be made');
    });
    try {
      const edited = await editWithFile(publisher, sectionId, lessonId, replacement);
      expect(edited.statusCode).toBe(500);
    } finally {
      answer.mockRestore();
    }
    const row = await lessonRow(lessonId);
    expect(row).toMatchObject({ title: 'Clip, edited', fileSize: replacement.length });
    expect(await ctx.storage.size(row?.fileKey ?? '')).toBe(replacement.length);
    expect(Buffer.compare(await played(publisher, lessonId), replacement)).toBe(0);
  });

  test('a replacement that commits deletes the old file only once FILE_DELETE_GRACE_HOURS have passed', async () => {
    const { publisher, sectionId, lessonId, data, key } = await videoLesson();
    const replacement = fixtures.mp4(60_000);
    const { answer, key: newKey } = await replaceResumably(publisher, sectionId, lessonId, replacement);
    expect(answer.status).toBe(200);
    expect(await lessonRow(lessonId)).toMatchObject({ fileKey: newKey, fileSize: replacement.length });
    expect(Buffer.compare(await played(publisher, lessonId), replacement)).toBe(0);

    const sweeper = new FileSweeper({ db: ctx.database.db, storage: ctx.storage, deleteGraceMs: 24 * HOUR });
    expect(await sweeper.sweep()).toMatchObject({ deleted: 0 });
    expect(await sweeper.sweep(Date.now() + 23 * HOUR)).toMatchObject({ deleted: 0 });
    expect(await ctx.storage.size(key)).toBe(data.length);
    expect((await sweeper.sweep(Date.now() + 25 * HOUR)).deleted).toBeGreaterThanOrEqual(1);
    expect(await ctx.storage.size(key)).toBeUndefined();
    expect(Buffer.compare(await played(publisher, lessonId), replacement)).toBe(0);
  });
});
