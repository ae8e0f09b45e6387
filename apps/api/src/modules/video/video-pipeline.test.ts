import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { publishVideoLesson } from '../../../test/authoring';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { videoJobs } from '../../db/schema';
import { BackgroundWork } from '../../lib/background';
import { VideoPipeline } from './video-pipeline';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const pipeline = (ffmpegPath: string, renditions = true) =>
  new VideoPipeline({
    db: ctx.database.db,
    storage: ctx.storage,
    config: {
      ...ctx.config,
      video: { renditions, ffmpegPath, ffprobePath: ffmpegPath === 'ffmpeg' ? 'ffprobe' : ffmpegPath },
    },
    log: ctx.app.log,
  });

/** Starts a pipeline on its own background work, stopped at once: only what start-up does is seen. */
async function started(p: VideoPipeline): Promise<string> {
  const background = new BackgroundWork(ctx.app.log);
  const line = await p.start(background);
  await background.stop();
  return line;
}

test('without ffmpeg the server says at start-up that streaming copies are off, and lessons say off', async () => {
  const made = await publishVideoLesson(ctx, { preview: false });
  const p = pipeline('/nonexistent/ffmpeg');
  expect(p.renditionsOn()).toBe(true);
  expect(await started(p)).toMatch(
    /^video: streaming copies are off: ffmpeg .* was not found \(FFMPEG_PATH=\/nonexistent\/ffmpeg\)/,
  );
  expect(p.renditionsOn()).toBe(false);
  expect(await started(pipeline('ffmpeg', false))).toMatch(
    /streaming copies are off \(VIDEO_RENDITIONS=off\)/,
  );
  // The app's own pipeline is told as a server's would be; a job not done yet still says processing.
  const answer = await call(ctx.app, {
    method: 'GET',
    url: `/api/lessons/GetLessonContentUrl/${made.lesson.lesson_Id}`,
    token: made.publisher.token,
  });
  expect(answer.json().video.state).toBe('processing');
  await ctx.database.db
    .update(videoJobs)
    .set({ state: 'done', renditions: false })
    .where(eq(videoJobs.lessonId, made.lesson.lesson_Id));
  const off = await call(ctx.app, {
    method: 'GET',
    url: `/api/lessons/GetLessonContentUrl/${made.lesson.lesson_Id}`,
    token: made.publisher.token,
  });
  expect(off.json().video).toMatchObject({ state: 'off', stream_url: null, progress: null });
});

test.skipIf(!existsSync('/usr/bin/ffmpeg'))(
  'with ffmpeg found, videos stored while copies were off are queued for them again',
  async () => {
    const made = await publishVideoLesson(ctx, { preview: false });
    await ctx.database.db
      .update(videoJobs)
      .set({ state: 'done', renditions: false })
      .where(eq(videoJobs.lessonId, made.lesson.lesson_Id));
    const p = pipeline('ffmpeg');
    expect(await started(p)).toMatch(/^video: streaming copies \(HLS/);
    expect(p.renditionsOn()).toBe(true);
    const [job] = await ctx.database.db
      .select()
      .from(videoJobs)
      .where(eq(videoJobs.lessonId, made.lesson.lesson_Id));
    expect(job?.state).toBe('queued');
  },
);
