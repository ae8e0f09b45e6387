import { readFile } from 'node:fs/promises';
import { CAPTION_LANGUAGES_MAX, CAPTION_MAX_BYTES } from '@skillwise/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addSection, publishVideoLesson, uploadLesson } from '../../../test/authoring';
import { createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, TEST_KEYS, type TestContext } from '../../../test/helpers';
import { type FilePart, filesOnDisk, fixtures, upload } from '../../../test/uploads';
import { enrolments, lessonCaptions, pendingFileDeletions, storedFiles } from '../../db/schema';
import { signCaptionUrl } from '../../lib/signed-url';
import { captionTracksFor } from './caption-tracks';

/**
 * A video lesson's captions (docs/decisions/042): uploaded per language by the course's staff, checked and
 * stored as WebVTT, counted against the school's storage, served by a signed URL under the lesson's own
 * access rules, and gone with their row or their lesson.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello there.\n\n00:00:03.000 --> 00:00:04.000\nBye.\n';
const SRT =
  '1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Olá</i> & <font color="red">bem-vindo</font>\r\n\r\n' +
  '2\r\n00:01:03,250 --> 00:01:04,000\r\nTchau.\r\n';
const SRT_AS_VTT =
  'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\n<i>Olá</i> &amp; bem-vindo\n\n' +
  '2\n00:01:03.250 --> 00:01:04.000\nTchau.\n';

const captionsFile = (text: string | Buffer, filename = 'captions.vtt'): FilePart => ({
  field: 'file',
  filename,
  contentType: 'text/vtt',
  data: Buffer.isBuffer(text) ? text : Buffer.from(text),
});

const uploadCaptions = (
  lessonId: number,
  token: string | undefined,
  fields: Record<string, string>,
  file: FilePart | undefined = captionsFile(VTT),
) => upload(ctx.app, 'POST', `/api/lessons/UploadCaptions/${lessonId}`, token, fields, file);

const listCaptions = (lessonId: number, token?: string) =>
  call(ctx.app, { method: 'GET', url: `/api/lessons/GetCaptions/${lessonId}`, ...(token ? { token } : {}) });

const deleteCaptions = (lessonId: number, language: string, token?: string) =>
  call(ctx.app, {
    method: 'DELETE',
    url: `/api/lessons/DeleteCaptions/${lessonId}?language=${encodeURIComponent(language)}`,
    ...(token ? { token } : {}),
  });

const rowsOfLesson = (lessonId: number) =>
  ctx.database.db.select().from(lessonCaptions).where(eq(lessonCaptions.lessonId, lessonId));
const keyOf = async (lessonId: number, language: string) =>
  (
    await ctx.database.db
      .select()
      .from(lessonCaptions)
      .where(and(eq(lessonCaptions.lessonId, lessonId), eq(lessonCaptions.language, language)))
  )[0]?.fileKey ?? '';
const queued = async (key: string) =>
  (await ctx.database.db.select().from(pendingFileDeletions).where(eq(pendingFileDeletions.fileKey, key)))
    .length > 0;
const recorded = async (key: string) =>
  ctx.database.db.select().from(storedFiles).where(eq(storedFiles.fileKey, key));
const storedText = async (key: string) => {
  const file = (await filesOnDisk(ctx)).find((name) => name.endsWith(key));
  return file ? readFile(file, 'utf8') : undefined;
};

const fieldsOf = (body: string) =>
  (JSON.parse(body) as { details?: { field: string }[] }).details?.map((d) => d.field);

/** Expects a refusal naming `field`, with nothing stored for it. */
async function expectRefused(
  res: Awaited<ReturnType<typeof uploadCaptions>>,
  field: string,
  status = 400,
  before?: string[],
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(fieldsOf(res.body)).toEqual([field]);
  if (before) expect((await filesOnDisk(ctx)).sort()).toEqual(before);
}

/** A published video lesson with an enrolled student. */
async function videoWithStudent() {
  const made = await publishVideoLesson(ctx, { preview: false });
  const student = await createStudent(ctx);
  await ctx.database.db
    .insert(enrolments)
    .values({ userId: student.userId, courseId: made.course.course_Id, source: 'assigned' });
  return { ...made, lessonId: made.lesson.lesson_Id as number, student };
}

const tracksFor = (lessonIds: number[], viewer: number) =>
  captionTracksFor(
    { db: ctx.database.db, mediaUrlKey: TEST_KEYS.mediaUrls, config: ctx.config },
    lessonIds,
    viewer,
  );

describe('lessons/UploadCaptions', () => {
  test('stores a WebVTT file, counted against the school’s storage, and answers the captions', async () => {
    const { publisher, lessonId } = await videoWithStudent();
    const res = await uploadCaptions(lessonId, publisher.token, { language: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    const [caption] = res.json();
    expect(caption).toMatchObject({ language: 'en', label: 'English', size_bytes: Buffer.byteLength(VTT) });
    expect(Number.isNaN(Date.parse(caption.created_at))).toBe(false);
    const key = await keyOf(lessonId, 'en');
    expect(key).toMatch(/\.vtt$/);
    expect(await storedText(key)).toBe(VTT);
    const [record] = await recorded(key);
    expect(record).toMatchObject({ orgId: publisher.orgId, sizeBytes: Buffer.byteLength(VTT) });
    expect((await listCaptions(lessonId, publisher.token)).json()).toEqual(res.json());
  });

  test('converts SRT to WebVTT, with the language in its canonical form and a label given', async () => {
    const { publisher, lessonId } = await videoWithStudent();
    const srt = await uploadCaptions(
      lessonId,
      publisher.token,
      { language: 'pt-br' },
      captionsFile(SRT, 'a.srt'),
    );
    expect(srt.statusCode, srt.body).toBe(201);
    expect(srt.json()).toEqual([
      expect.objectContaining({ language: 'pt-BR', label: 'Brazilian Portuguese' }),
    ]);
    expect(await storedText(await keyOf(lessonId, 'pt-BR'))).toBe(SRT_AS_VTT);

    const labelled = await uploadCaptions(lessonId, publisher.token, { language: 'fr', label: ' Français ' });
    expect(labelled.json().map((c: { language: string; label: string }) => [c.language, c.label])).toEqual([
      ['fr', 'Français'],
      ['pt-BR', 'Brazilian Portuguese'],
    ]);
  });

  test('a language uploaded again replaces its file, the old one queued for deletion', async () => {
    const { publisher, lessonId } = await videoWithStudent();
    await uploadCaptions(lessonId, publisher.token, { language: 'en' });
    const first = await keyOf(lessonId, 'en');
    const again = await uploadCaptions(
      lessonId,
      publisher.token,
      { language: 'en' },
      captionsFile(SRT, 'b.srt'),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toHaveLength(1);
    const second = await keyOf(lessonId, 'en');
    expect(second).not.toBe(first);
    expect(await queued(first)).toBe(true);
    expect(await recorded(first)).toEqual([]);
    expect(await recorded(second)).toHaveLength(1);
  });

  test(`takes at most ${CAPTION_LANGUAGES_MAX} languages; a language it has may still be replaced`, async () => {
    const { publisher, lessonId } = await videoWithStudent();
    const languages = ['ar', 'bn', 'de', 'el', 'en', 'es', 'fa', 'fi', 'fr', 'he', 'hi', 'id', 'it', 'ja'];
    languages.push('ko', 'nl', 'pl', 'pt', 'ru', 'sv');
    expect(languages).toHaveLength(CAPTION_LANGUAGES_MAX);
    for (const language of languages) {
      const res = await uploadCaptions(lessonId, publisher.token, { language });
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = (await filesOnDisk(ctx)).sort();
    const over = await uploadCaptions(lessonId, publisher.token, { language: 'tr' });
    await expectRefused(over, 'language', 409, before);
    expect(over.json().message).toMatch(/at most 20 languages/);
    expect((await uploadCaptions(lessonId, publisher.token, { language: 'sv' })).statusCode).toBe(201);
    expect(await rowsOfLesson(lessonId)).toHaveLength(CAPTION_LANGUAGES_MAX);
  });

  test('refuses a bad language, a file that is not captions, or one too large, storing nothing', async () => {
    const { publisher, lessonId } = await videoWithStudent();
    const before = (await filesOnDisk(ctx)).sort();
    for (const language of ['', 'x-private', 'english', 'en_US!', 'a'.repeat(40)]) {
      await expectRefused(
        await uploadCaptions(lessonId, publisher.token, { language }),
        'language',
        400,
        before,
      );
    }
    await expectRefused(await uploadCaptions(lessonId, publisher.token, {}), 'language', 400, before);
    const bad: [Buffer | string, RegExp][] = [
      [fixtures.png(), /WebVTT/],
      [fixtures.mp4(4096), /WebVTT/],
      ['Just some notes\nabout the lesson\n', /WebVTT/],
      ['WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nBackwards\n', /line 3: a cue must end after it starts/],
      ['WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nCommas\n', /line 3: .*00:00:01\.000 --> 00:00:02\.500/],
      ['WEBVTT\n\nHello without times\n', /line 3: a cue must have its times/],
      ['WEBVTT\n', /no cues/],
      ['1\n00:00:01,000 --> 00:00:0x,000\nBroken\n', /line 2: .*00:00:01,000 --> 00:00:02,500/],
      [Buffer.from([0xff, 0xfe, 0x57, 0x00, 0x45, 0x00]), /UTF-8/],
      [Buffer.alloc(0), /empty/],
    ];
    for (const [data, message] of bad) {
      const res = await uploadCaptions(lessonId, publisher.token, { language: 'en' }, captionsFile(data));
      await expectRefused(res, 'file', 400, before);
      expect(res.json().details[0].message).toMatch(message);
    }
    const big = `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'x'.repeat(CAPTION_MAX_BYTES)}\n`;
    const tooBig = await uploadCaptions(lessonId, publisher.token, { language: 'en' }, captionsFile(big));
    await expectRefused(tooBig, 'file', 400, before);
    expect(tooBig.json().details[0].message).toMatch(/at most 2 MB/);
    const noFile = await upload(ctx.app, 'POST', `/api/lessons/UploadCaptions/${lessonId}`, publisher.token, {
      language: 'en',
    });
    await expectRefused(noFile, 'file');
    expect(await rowsOfLesson(lessonId)).toEqual([]);
    const orphans = await ctx.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.orgId, publisher.orgId ?? 0));
    expect(orphans.every((row) => !row.fileKey.endsWith('.vtt'))).toBe(true);
  });

  test('a lesson that is not a video takes no captions', async () => {
    const { publisher, course } = await videoWithStudent();
    const section = await addSection(ctx, publisher.token, course.course_Id, 'Two');
    const pdf = await uploadLesson(ctx, publisher.token, section.section_Id, {
      title: 'Notes',
      contentType: 'pdf',
      file: { filename: 'notes.pdf', contentType: 'application/pdf', data: fixtures.pdf() },
    });
    const res = await uploadCaptions(pdf.json().lesson_Id, publisher.token, { language: 'en' });
    await expectRefused(res, 'id');
    expect(res.json().details[0].message).toMatch(/video lesson/);
  });

  test('only the course’s staff: no token 401, a student or another school 404', async () => {
    const { lessonId, student } = await videoWithStudent();
    const other: TestUser = await createPublisher(ctx);
    expect((await uploadCaptions(lessonId, undefined, { language: 'en' })).statusCode).toBe(401);
    expect((await listCaptions(lessonId)).statusCode).toBe(401);
    expect((await deleteCaptions(lessonId, 'en')).statusCode).toBe(401);
    for (const token of [student.token, other.token]) {
      expect((await uploadCaptions(lessonId, token, { language: 'en' })).statusCode).toBe(404);
      expect((await listCaptions(lessonId, token)).statusCode).toBe(404);
      expect((await deleteCaptions(lessonId, 'en', token)).statusCode).toBe(404);
    }
    expect(await rowsOfLesson(lessonId)).toEqual([]);
  });
});

describe('lessons/DeleteCaptions', () => {
  test('removes one language, its file queued for deletion; an unknown one is 404, a bad tag 400', async () => {
    const { publisher, lessonId } = await videoWithStudent();
    await uploadCaptions(lessonId, publisher.token, { language: 'en' });
    await uploadCaptions(lessonId, publisher.token, { language: 'de' });
    const key = await keyOf(lessonId, 'de');
    const res = await deleteCaptions(lessonId, 'DE', publisher.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((c: { language: string }) => c.language)).toEqual(['en']);
    expect(await queued(key)).toBe(true);
    expect(await recorded(key)).toEqual([]);
    expect((await deleteCaptions(lessonId, 'de', publisher.token)).statusCode).toBe(404);
    const bad = await deleteCaptions(lessonId, 'not a tag', publisher.token);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['language']);
  });

  test('a deleted lesson takes its captions and their files with it', async () => {
    const { publisher, lessonId } = await videoWithStudent();
    await uploadCaptions(lessonId, publisher.token, { language: 'en' });
    const key = await keyOf(lessonId, 'en');
    const gone = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/lessons/${lessonId}`,
      token: publisher.token,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await rowsOfLesson(lessonId)).toEqual([]);
    expect(await queued(key)).toBe(true);
  });
});

describe('captions served by their signed URL', () => {
  test('captionTracksFor: every lesson’s tracks in one call, by language, signed per hour', async () => {
    const a = await videoWithStudent();
    const b = await videoWithStudent();
    await uploadCaptions(a.lessonId, a.publisher.token, { language: 'fr' });
    await uploadCaptions(a.lessonId, a.publisher.token, { language: 'en' });
    await uploadCaptions(b.lessonId, b.publisher.token, { language: 'es' });
    const tracks = await tracksFor([a.lessonId, b.lessonId, 999_999], a.student.userId);
    expect([...tracks.keys()].sort()).toEqual([a.lessonId, b.lessonId].sort());
    expect(tracks.get(a.lessonId)?.map((t) => [t.language, t.label])).toEqual([
      ['en', 'English'],
      ['fr', 'French'],
    ]);
    expect(tracks.get(a.lessonId)?.[0]?.url).toMatch(
      new RegExp(
        `^/api/media/lessons/${a.lessonId}/captions/en\\?viewer=${a.student.userId}&expires=\\d+&signature=`,
      ),
    );
    // The same within the hour: answers that carry them keep their ETag.
    expect(await tracksFor([a.lessonId], a.student.userId)).toEqual(
      new Map([[a.lessonId, tracks.get(a.lessonId)]]),
    );
    expect((await tracksFor([], 0)).size).toBe(0);
  });

  test('200 to the enrolled student and the staff; 404 to anyone else, after unenrolment, unpublishing, replacement or with a wrong signature', async () => {
    const { publisher, lessonId, course, student } = await videoWithStudent();
    const stranger = await createStudent(ctx);
    await uploadCaptions(lessonId, publisher.token, { language: 'en' }, captionsFile(SRT, 'en.srt'));
    const get = (url: string) => call(ctx.app, { method: 'GET', url });
    const urlFor = async (viewer: number) =>
      (await tracksFor([lessonId], viewer)).get(lessonId)?.[0]?.url ?? '';

    const studentUrl = await urlFor(student.userId);
    const served = await get(studentUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(served.body).toBe(SRT_AS_VTT);
    expect((await get(await urlFor(publisher.userId))).statusCode).toBe(200);

    expect((await get(await urlFor(stranger.userId))).statusCode).toBe(404);
    expect((await get(await urlFor(0))).statusCode).toBe(404);
    expect((await get(studentUrl.replace(/signature=[^&]+/, 'signature=AAAA'))).statusCode).toBe(404);
    expect(
      (await get(studentUrl.replace(`viewer=${student.userId}`, `viewer=${stranger.userId}`))).statusCode,
    ).toBe(404);
    expect((await get(studentUrl.replace('/captions/en', '/captions/fr'))).statusCode).toBe(404);
    const key = await keyOf(lessonId, 'en');
    const expired = signCaptionUrl(TEST_KEYS.mediaUrls, {
      lessonId,
      language: 'en',
      fileKey: key,
      viewerId: student.userId,
      expires: Math.floor(Date.now() / 1000) - 1,
    });
    expect((await get(expired)).statusCode).toBe(404);

    // Unpublished: the student's URL stops; the staff's still works.
    const publish = (published: boolean) =>
      call(ctx.app, {
        method: 'PUT',
        url: '/api/lessons/publishUnpublishLesson',
        token: publisher.token,
        body: { Id: lessonId, published },
      });
    await publish(false);
    expect((await get(studentUrl)).statusCode).toBe(404);
    expect((await get(await urlFor(publisher.userId))).statusCode).toBe(200);
    await publish(true);
    expect((await get(studentUrl)).statusCode).toBe(200);

    // Replaced: the old URL names a file the lesson no longer has.
    await uploadCaptions(lessonId, publisher.token, { language: 'en' });
    expect((await get(studentUrl)).statusCode).toBe(404);
    const fresh = await urlFor(student.userId);
    expect((await get(fresh)).body).toBe(VTT);
    // The lesson's answer carries the same track (the video part of lesson answers, decision 041).
    const sections = await call(ctx.app, {
      method: 'GET',
      url: `/api/courseSections/GetCourseSectionsByCourseId/${course.course_Id}`,
      token: student.token,
    });
    expect(sections.json()[0].lessons[0].video.captions).toEqual([
      { language: 'en', label: 'English', url: fresh },
    ]);

    // Unenrolled: nothing more.
    await ctx.database.db
      .delete(enrolments)
      .where(and(eq(enrolments.userId, student.userId), eq(enrolments.courseId, course.course_Id)));
    expect((await get(fresh)).statusCode).toBe(404);
  });
});
