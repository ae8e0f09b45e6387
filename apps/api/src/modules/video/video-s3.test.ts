import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { publishVideoLesson } from '../../../test/authoring';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { startTestBucket, type TestBucket } from '../../../test/s3';
import { videoAssets } from '../../db/schema';
import type { S3Storage } from '../../lib/s3-storage';
import { findFfmpeg } from './ffmpeg';
import { VideoWorker } from './video-worker';

// Streaming copies made into a bucket (a real S3 server on a free port) and read from it by presigned URLs.
const hasFfmpeg = existsSync('/usr/bin/ffmpeg') || process.env.FFMPEG_PATH !== undefined;
let bucket: TestBucket;
let ctx: TestContext;
let dir: string;

beforeAll(async () => {
  bucket = await startTestBucket();
  ctx = await createTestContext(bucket.env);
  dir = await mkdtemp(path.join(tmpdir(), 'skillwise-video-s3-'));
});
afterAll(async () => {
  await ctx.close();
  await bucket.close();
  await rm(dir, { recursive: true, force: true });
});

test('the bucket is given one CORS rule for the site’s origin, once', async () => {
  const storage = ctx.storage as S3Storage;
  expect(await storage.allowReadsFrom('https://school.example')).toBe('added');
  expect(await storage.allowReadsFrom('https://school.example')).toBe('present');
  expect(await storage.allowReadsFrom('https://other.example')).toBe('added');
});

describe.skipIf(!hasFfmpeg)('with ffmpeg', () => {
  test('the ladder is made from the bucket into the bucket, and its playlists name presigned URLs', async () => {
    const ffmpeg = await findFfmpeg({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
    const file = path.join(dir, 'clip.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=960x540:rate=25', '-f', 'lavfi'],
      ...['-i', 'sine=frequency=440', '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ]);
    const made = await publishVideoLesson(ctx, { preview: true, data: readFileSync(file) });
    const id = made.lesson.lesson_Id as number;
    await new VideoWorker({ db: ctx.database.db, storage: ctx.storage, ffmpeg, workDir: dir }).drain();

    const assets = await ctx.database.db.select().from(videoAssets).where(eq(videoAssets.lessonId, id));
    const objects = await bucket.objects();
    for (const asset of assets) expect(objects).toContain(asset.fileKey);

    const answer = await call(ctx.app, { method: 'GET', url: `/api/lessons/GetLessonContentUrl/${id}` });
    const video = answer.json().video;
    expect(video.state).toBe('ready');
    expect(video.poster_url).toContain(bucket.env.S3_ENDPOINT);
    const master = await call(ctx.app, { method: 'GET', url: video.stream_url });
    expect([...master.body.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1]))).toEqual([360, 540]);
    const variant = master.body
      .split('\n')
      .find((line: string) => line.startsWith('stream/540.m3u8?')) as string;
    const url = new URL(variant, new URL(video.stream_url, 'http://x'));
    const media = await call(ctx.app, { method: 'GET', url: url.pathname + url.search });
    const presigned = media.body.split('\n').find((line: string) => line.startsWith('http')) as string;
    expect(presigned).toContain('X-Amz-Signature=');
    const range = /#EXT-X-BYTERANGE:(\d+)@(\d+)/.exec(media.body);
    const start = Number(range?.[2]);
    const bytes = await fetch(presigned, { headers: { range: `bytes=${start}-${start + 99}` } });
    expect(bytes.status).toBe(206);
    expect((await bytes.arrayBuffer()).byteLength).toBe(100);
  }, 180_000);
});
