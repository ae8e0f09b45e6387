import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LessonVideo } from '@skillwise/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { publishVideoLesson } from '../../../test/authoring';
import { createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { upload } from '../../../test/uploads';
import { findReferencedKeys } from '../../db/queries/files';
import {
  enrolments,
  lessons,
  pendingFileDeletions,
  storedFiles,
  videoAssets,
  videoJobs,
} from '../../db/schema';
import { moovPlacement } from '../../lib/mp4-faststart';
import { type Ffmpeg, findFfmpeg } from './ffmpeg';
import { claimVideoJob, finishVideoJob } from './video.repository';
import { VideoWorker } from './video-worker';

const hasFfmpeg = existsSync('/usr/bin/ffmpeg') || process.env.FFMPEG_PATH !== undefined;

let ctx: TestContext;
let ffmpeg: Ffmpeg | undefined;
let dir: string;
/** A 4-second 1280x720 clip with sound, its index after its media (ffmpeg's default), and a 480p one. */
let clip720: Buffer;
let clip480: Buffer;
/** The 480p clip with its index first: its one job makes the copies. */
let clip480First: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  dir = await mkdtemp(path.join(tmpdir(), 'skillwise-video-test-'));
  ffmpeg = await findFfmpeg({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
  if (!ffmpeg) return;
  const make = (name: string, size: string, ...extra: string[]) => {
    const file = path.join(dir, name);
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '4'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', ...extra, file],
    ]);
    return readFileSync(file);
  };
  clip720 = make('clip720.mp4', '1280x720');
  clip480 = make('clip480.mp4', '854x480');
  clip480First = make('clip480-first.mp4', '854x480', '-movflags', '+faststart');
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

const worker = (options: { ffmpeg?: Ffmpeg | undefined; staleSeconds?: number } = {}) =>
  new VideoWorker({
    db: ctx.database.db,
    storage: ctx.storage,
    ffmpeg: 'ffmpeg' in options ? options.ffmpeg : ffmpeg,
    workDir: dir,
    heartbeatMs: 200,
    ...(options.staleSeconds !== undefined ? { staleSeconds: options.staleSeconds } : {}),
  });

/** The lesson's `video` field as the viewer gets it from GetLessonContentUrl. */
async function videoOf(lessonId: number, token?: string): Promise<LessonVideo> {
  const res = await call(ctx.app, {
    method: 'GET',
    url: `/api/lessons/GetLessonContentUrl/${lessonId}`,
    ...(token ? { token } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json().video;
}

const lessonRow = async (id: number) =>
  (await ctx.database.db.select().from(lessons).where(eq(lessons.id, id)))[0];

describe.skipIf(!hasFfmpeg)('with ffmpeg', () => {
  test('an upload with its index last is rewritten index-first, then gets a poster and the ladder it reaches', async () => {
    const made = await publishVideoLesson(ctx, { preview: false, data: clip720 });
    const id = made.lesson.lesson_Id as number;
    const before = await lessonRow(id);
    expect(await moovPlacement(ctx.storage, before?.fileKey as string)).toBe('end');
    expect((await videoOf(id, made.publisher.token)).state).toBe('processing');

    expect(await worker().drain()).toBe(2);

    const after = await lessonRow(id);
    expect(after?.fileKey).not.toBe(before?.fileKey);
    expect(await moovPlacement(ctx.storage, after?.fileKey as string)).toBe('front');
    // The new file takes the old one's place in the school's storage; the old one waits for deletion.
    const counted = await ctx.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.fileKey, after?.fileKey as string));
    expect(counted).toHaveLength(1);
    const queued = await ctx.database.db
      .select()
      .from(pendingFileDeletions)
      .where(eq(pendingFileDeletions.fileKey, before?.fileKey as string));
    expect(queued).toHaveLength(1);

    const video = await videoOf(id, made.publisher.token);
    expect(video.state).toBe('ready');
    expect(video.progress).toBeNull();
    expect(video.poster_srcset).toMatch(/ 320w, .* 640w, .* 1280w$/);
    const master = await call(ctx.app, { method: 'GET', url: video.stream_url as string });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const heights = [...master.body.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1]));
    expect(heights).toEqual([360, 540, 720]);
    expect(master.body).toContain('CODECS="avc1.4d402a,mp4a.40.2"');

    // A rendition's playlist names its file by byte ranges, with the same grant; the bytes answer by range.
    const variant = master.body.split('\n').find((line) => line.startsWith('stream/360.m3u8?')) as string;
    const base = new URL(video.stream_url as string, 'http://x');
    const media = await call(ctx.app, {
      method: 'GET',
      url: new URL(variant, base).pathname + new URL(variant, base).search,
    });
    expect(media.statusCode).toBe(200);
    expect(media.body).toContain('#EXT-X-MAP:URI="360.mp4?');
    const range = /#EXT-X-BYTERANGE:(\d+)@(\d+)/.exec(media.body);
    const segmentUrl = new URL(
      media.body.split('\n').find((line) => line.startsWith('360.mp4?')) as string,
      new URL(variant, base),
    );
    const start = Number(range?.[2]);
    const length = Number(range?.[1]);
    const segment = await call(ctx.app, {
      method: 'GET',
      url: segmentUrl.pathname + segmentUrl.search,
      headers: { range: `bytes=${start}-${start + length - 1}` },
    });
    expect(segment.statusCode).toBe(206);
    expect(segment.rawPayload.length).toBe(length);
    expect(segment.rawPayload.subarray(4, 8).toString('latin1')).toMatch(/sidx|styp|moof/);

    const poster = await call(ctx.app, { method: 'GET', url: video.poster_url as string });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');

    // Nobody else reads them: a student not enrolled, a visitor, a URL signed for someone else.
    const stranger = await createStudent(ctx);
    const signedForOther = await call(ctx.app, {
      method: 'GET',
      url: (video.stream_url as string).replace(/viewer=\d+/, `viewer=${stranger.userId}`),
    });
    expect(signedForOther.statusCode).toBe(404);
    const noGrant = await call(ctx.app, { method: 'GET', url: `/api/media/lessons/${id}/stream/360.mp4` });
    expect(noGrant.statusCode).toBe(400);
    const strangerAsks = await call(ctx.app, {
      method: 'GET',
      url: `/api/lessons/GetLessonContentUrl/${id}`,
      token: stranger.token,
    });
    expect(strangerAsks.statusCode).toBe(404);

    // An enrolled student plays them; unenrolled, the same URLs answer 404.
    const student = await createStudent(ctx);
    await ctx.database.db
      .insert(enrolments)
      .values({ userId: student.userId, courseId: made.course.course_Id, source: 'assigned' });
    const own = await videoOf(id, student.token);
    expect(own.state).toBe('ready');
    expect(own.error).toBeNull();
    const mine = await call(ctx.app, { method: 'GET', url: own.stream_url as string });
    expect(mine.statusCode).toBe(200);
    const removed = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/studentCourse/DeleteAssignedCourse?user_id=${student.userId}&course_id=${made.course.course_Id}`,
      token: made.publisher.token,
    });
    expect(removed.statusCode).toBe(200);
    for (const url of [own.stream_url, own.poster_url]) {
      expect((await call(ctx.app, { method: 'GET', url: url as string })).statusCode).toBe(404);
    }
  }, 180_000);

  test('a 480p source is never upscaled: 360p and its own height', async () => {
    const made = await publishVideoLesson(ctx, { preview: true, data: clip480 });
    await worker().drain();
    const video = await videoOf(made.lesson.lesson_Id);
    expect(video.state).toBe('ready');
    const master = await call(ctx.app, { method: 'GET', url: video.stream_url as string });
    expect([...master.body.matchAll(/RESOLUTION=(\d+x\d+)/g)].map((m) => m[1])).toEqual([
      '640x360',
      '854x480',
    ]);
    // A visitor of a preview lesson gets them too, with no reason for staff.
    expect(video.error).toBeNull();
  }, 180_000);

  test('two workers share the jobs, each done once; a job whose worker died is taken over', async () => {
    // Earlier tests' jobs are all done: these two lessons' are the only ones.
    await worker().drain();
    const a = await publishVideoLesson(ctx, { preview: false, data: clip480First });
    const b = await publishVideoLesson(ctx, { preview: false, data: clip480First });
    // One instance claims the next job and dies: its heartbeat stops.
    const dead = await claimVideoJob(ctx.database.db, 'dead-instance', 60);
    expect(dead).toBeDefined();
    await ctx.database.db
      .update(videoJobs)
      .set({ heartbeatAt: new Date(Date.now() - 3_600_000) })
      .where(eq(videoJobs.id, dead?.id as number));
    const counts = await Promise.all([
      worker({ staleSeconds: 60 }).drain(),
      worker({ staleSeconds: 60 }).drain(),
    ]);
    expect(counts[0] + counts[1]).toBe(2);
    for (const made of [a, b]) {
      const rows = await ctx.database.db
        .select()
        .from(videoAssets)
        .where(and(eq(videoAssets.lessonId, made.lesson.lesson_Id), eq(videoAssets.kind, 'rendition')));
      expect(rows.map((r) => r.height).sort()).toEqual([360, 480]);
      const [job] = await ctx.database.db
        .select()
        .from(videoJobs)
        .where(and(eq(videoJobs.lessonId, made.lesson.lesson_Id), eq(videoJobs.state, 'done')));
      expect(job?.renditions).toBe(true);
    }
  }, 240_000);

  test('replacing the file cancels the job and deletes what was made from the old one', async () => {
    const made = await publishVideoLesson(ctx, { preview: false, data: clip480 });
    const id = made.lesson.lesson_Id as number;
    await worker().drain();
    const made1 = await ctx.database.db.select().from(videoAssets).where(eq(videoAssets.lessonId, id));
    expect(made1.length).toBeGreaterThan(0);
    const replaced = await upload(
      ctx.app,
      'POST',
      '/api/lessons/createLessons',
      made.publisher.token,
      {
        'Object.lesson_Id': id,
        'Object.lesson_title': 'Clip',
        'Object.contentType': 'video',
        'Object.section_Id': made.section.section_Id,
      },
      { field: 'fileName', filename: 'again.mp4', contentType: 'video/mp4', data: clip480 },
    );
    expect(replaced.statusCode).toBeLessThan(300);
    expect(await ctx.database.db.select().from(videoAssets).where(eq(videoAssets.lessonId, id))).toHaveLength(
      0,
    );
    const gone = await ctx.database.db.select().from(pendingFileDeletions);
    for (const asset of made1) expect(gone.map((g) => g.fileKey)).toContain(asset.fileKey);
    expect((await videoOf(id, made.publisher.token)).state).toBe('processing');
  }, 180_000);

  test('a file replaced mid-encode stops its encode; nothing made from the old file is kept or left behind', async () => {
    const long = path.join(dir, 'long.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-t', '40'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', long],
    ]);
    const made = await publishVideoLesson(ctx, { preview: false, data: readFileSync(long) });
    const id = made.lesson.lesson_Id as number;
    const first = (await lessonRow(id))?.fileKey as string;
    const draining = worker().drain();
    // Under way: the heartbeat has recorded some progress.
    for (;;) {
      const [job] = await ctx.database.db
        .select()
        .from(videoJobs)
        .where(and(eq(videoJobs.lessonId, id), eq(videoJobs.sourceKey, first)));
      if (job?.state === 'running' && job.progress > 0) break;
      expect(job?.state).not.toBe('done');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const replaced = await upload(
      ctx.app,
      'POST',
      '/api/lessons/createLessons',
      made.publisher.token,
      {
        'Object.lesson_Id': id,
        'Object.lesson_title': 'Clip',
        'Object.contentType': 'video',
        'Object.section_Id': made.section.section_Id,
      },
      { field: 'fileName', filename: 'short.mp4', contentType: 'video/mp4', data: clip480First },
    );
    expect(replaced.statusCode).toBeLessThan(300);
    await draining;
    const [old] = await ctx.database.db
      .select()
      .from(videoJobs)
      .where(and(eq(videoJobs.lessonId, id), eq(videoJobs.sourceKey, first)));
    expect(old?.state).toBe('cancelled');
    const kept = await ctx.database.db.select().from(videoAssets).where(eq(videoAssets.lessonId, id));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((asset) => asset.sourceKey !== first)).toBe(true);
    // Every stored file is named by a row or queued for deletion: no orphan.
    const stored: string[] = [];
    for await (const file of ctx.storage.list()) stored.push(file.key);
    const named = await findReferencedKeys(ctx.database.db, stored);
    expect(stored.filter((key) => !named.has(key))).toEqual([]);
  }, 240_000);

  test('a file ffmpeg cannot read fails with its reason, shown to the staff only', async () => {
    const made = await publishVideoLesson(ctx, { preview: true });
    await worker().drain();
    const staff = await videoOf(made.lesson.lesson_Id, made.publisher.token);
    expect(staff.state).toBe('failed');
    expect(staff.error).toBeTruthy();
    expect(staff.stream_url).toBeNull();
    const visitor = await videoOf(made.lesson.lesson_Id);
    expect(visitor.state).toBe('failed');
    expect(visitor.error).toBeNull();
  }, 60_000);
});

test('without ffmpeg the index still moves to the front, and the lesson says its copies are off', async () => {
  const fixture = readFileSync(path.join(__dirname, '../../../test/fixtures/media/video.mp4'));
  const made = await publishVideoLesson(ctx, { preview: false, data: fixture });
  const id = made.lesson.lesson_Id as number;
  await worker({ ffmpeg: undefined }).drain();
  const row = await lessonRow(id);
  expect(await moovPlacement(ctx.storage, row?.fileKey as string)).toBe('front');
  // The app built for tests has not looked for ffmpeg: a done job without copies says off.
  const video = await videoOf(id, made.publisher.token);
  expect(video.state).toBe('off');
  expect(video.stream_url).toBeNull();
  const original = await call(ctx.app, {
    method: 'GET',
    url: (
      await call(ctx.app, {
        method: 'GET',
        url: `/api/lessons/GetLessonContentUrl/${id}`,
        token: made.publisher.token,
      })
    ).json().content_path,
  });
  expect(original.statusCode).toBe(200);
});

test('what killed instances left in the work folder is removed; a running job’s folder is kept', async () => {
  const made = await publishVideoLesson(ctx, { preview: false });
  // Another instance on this machine holds this lesson's job, its heartbeat alive.
  const elsewhere = 'elsewhere:1:cafebabe';
  const job = await claimVideoJob(ctx.database.db, elsewhere, 60);
  expect(job?.lessonId).toBe(made.lesson.lesson_Id);
  const id = job?.id as number;
  const folder = async (name: string) => {
    await mkdir(path.join(dir, name), { recursive: true });
    await writeFile(path.join(dir, name, 'source'), 'partial');
  };
  await folder(`job-${id}-cafebabe`); // its running job
  await folder(`job-${id}-deadbeef`); // the same job under a claim taken over from a killed instance
  await folder('job-999999-0badf00d'); // a job that is gone
  await writeFile(path.join(dir, 'not-a-job.txt'), 'kept');
  await worker().sweep();
  let names = await readdir(dir);
  expect(names).toContain(`job-${id}-cafebabe`);
  expect(names).not.toContain(`job-${id}-deadbeef`);
  expect(names).not.toContain('job-999999-0badf00d');
  // That instance dies: once its heartbeat is a minute old, its folder goes too.
  await ctx.database.db
    .update(videoJobs)
    .set({ heartbeatAt: new Date(Date.now() - 3_600_000) })
    .where(eq(videoJobs.id, id));
  await worker().sweep();
  names = await readdir(dir);
  expect(names).not.toContain(`job-${id}-cafebabe`);
  // Only job folders are its to remove.
  expect(names).toContain('not-a-job.txt');
  await finishVideoJob(ctx.database.db, id, elsewhere, { state: 'failed', error: 'a test’s claim' });
});

test('a deleted lesson takes its jobs with it', async () => {
  const made = await publishVideoLesson(ctx, { preview: false });
  const id = made.lesson.lesson_Id as number;
  const del = await call(ctx.app, {
    method: 'DELETE',
    url: `/api/lessons/${id}`,
    token: made.publisher.token,
  });
  expect(del.statusCode).toBeLessThan(300);
  expect(await ctx.database.db.select().from(videoJobs).where(eq(videoJobs.lessonId, id))).toHaveLength(0);
});
