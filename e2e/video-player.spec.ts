import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { LessonVideo, Section } from '@skillwise/contracts';
import { uniqueSuffix } from './support/api';
import { expectAccessible } from './support/axe';
import {
  addEnrolledStudent,
  createCourse,
  PUBLISHER,
  publisherApi,
  unpublishCourse,
} from './support/courses';
import { expect, test, WIDTHS } from './support/fixtures';
import { logIn } from './support/flows';
import { uniqueEmail } from './support/outbox';
import { shot } from './support/screens';

const unique = uniqueSuffix();
const LESSON = 'Reading the tide table';
const course = { title: `Tides ${unique}`, id: 0, lessonId: 0 };
const student = { name: `Tam Tide ${unique}`, email: uniqueEmail('tam'), password: 'high-water-1' };

/**
 * A 720p clip of a few seconds with sound, made with ffmpeg (which the server's streaming copies need
 * too): its ladder has more than one rung, so the quality menu has something to offer.
 */
const makeClip = (): Buffer => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'skillwise-clip-')), 'tide.mp4');
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-t', '8', '-i', 'testsrc2=size=1280x720:rate=25'],
    ...['-f', 'lavfi', '-t', '8', '-i', 'sine=frequency=440'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '800k', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '64k', '-shortest', file],
  ]);
  return readFileSync(file);
};

/** The video lesson of the course, as its staff are answered it. */
const lessonVideo = async (api: APIRequestContext): Promise<LessonVideo | null | undefined> => {
  const { headers, ok } = await publisherApi(api);
  const sections = await ok<Section[]>(
    api.get(`/api/courseSections/GetCourseSectionsByCourseId/${course.id}`, { headers }),
  );
  return sections.flatMap((section) => section.lessons).find((lesson) => lesson.lesson_Id === course.lessonId)
    ?.video;
};

/** Every curriculum list the page loads answers the lesson's video in the state given (the rest as the server says). */
const showVideoAs = (page: Page, video: Partial<LessonVideo>) =>
  page.route('**/api/courseSections/GetCourseSectionsByCourseId/**', async (route) => {
    const response = await route.fetch();
    const sections = (await response.json()) as Section[];
    for (const lesson of sections.flatMap((section) => section.lessons)) {
      if (lesson.lesson_Id === course.lessonId && lesson.video) {
        lesson.video = { ...lesson.video, progress: null, error: null, stream_url: null, ...video };
      }
    }
    await route.fulfill({ response, json: sections });
  });

/** The course's one section, opened (sections start collapsed). */
const openSection = (page: Page) =>
  page.getByRole('button', { name: /^All kinds of lessons 1 lesson/ }).click();

/** The curriculum drawn afresh at the page's width, its section open. */
const reopenCurriculum = async (page: Page) => {
  await page.reload();
  await openSection(page);
};

const lessonButton = (page: Page) =>
  page
    .getByRole('complementary', { name: 'Course content' })
    .getByRole('button', { name: new RegExp(LESSON) });

const videoState = (page: Page) =>
  page.locator('video').evaluate((video: HTMLVideoElement) => ({
    src: video.currentSrc,
    time: video.currentTime,
    rate: video.playbackRate,
    muted: video.muted,
  }));

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const made = await createCourse(api, { title: course.title, unique, lessons: [], published: true });
  course.id = made.courseId;
  const { headers, ok } = await publisherApi(api);
  const lesson = await ok<{ lesson_Id: number }>(
    api.post('/api/lessons/createLessons', {
      headers,
      multipart: {
        'Object.lesson_Id': '0',
        'Object.lesson_title': LESSON,
        'Object.contentType': 'video',
        'Object.section_Id': String(made.sectionId),
        fileName: { name: 'tide.mp4', mimeType: 'video/mp4', buffer: makeClip() },
      },
    }),
  );
  course.lessonId = lesson.lesson_Id;
  await ok(
    api.put('/api/lessons/publishUnpublishLesson', {
      headers,
      data: { Id: lesson.lesson_Id, published: true },
    }),
  );
  await ok(
    api.put('/api/lessons/handleMakeRemovePreviewLesson', {
      headers,
      data: { Id: lesson.lesson_Id, makepreview: true },
    }),
  );
  await addEnrolledStudent(api, student, course.id);
  await api.dispose();
});

test.afterAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await unpublishCourse(api, course.id);
  await api.dispose();
});

test('the school sees its video being made into streaming copies, then ready', async ({ page, request }) => {
  await logIn(page, PUBLISHER.email, PUBLISHER.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/curriculum?id=${course.id}`);
  // Sections start collapsed.
  await openSection(page);
  const row = page.locator(`[data-lesson-id="${course.lessonId}"]`);
  await expect(row.getByText(LESSON)).toBeVisible();
  // Processing (with its progress) or already done: a few seconds of video are quick to encode.
  await expect(row.getByText(/Processing…|Streaming copies ready/)).toBeVisible();

  // Each state as the list may answer it, whatever the job is doing now: processing shows its progress
  // and keeps asking; a failure says why and that the original plays.
  const listCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/courseSections/GetCourseSectionsByCourseId/')) listCalls.push(sent.url());
  });
  await showVideoAs(page, { state: 'processing', progress: 42 });
  await reopenCurriculum(page);
  await expect(row.getByText('Processing… 42%')).toBeVisible();
  await expect(row.getByRole('progressbar', { name: 'Streaming copies' })).toHaveAttribute('value', '42');
  const asked = listCalls.length;
  await expect.poll(() => listCalls.length, { timeout: 60_000 }).toBeGreaterThan(asked);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await reopenCurriculum(page);
    await expect(row.getByText('Processing… 42%')).toBeVisible();
    await expectAccessible(page);
    await shot(page, `video-state-processing-${width}`);
  }
  await page.unrouteAll({ behavior: 'wait' });
  await showVideoAs(page, { state: 'failed', error: 'The file has no video stream.' });
  await reopenCurriculum(page);
  await expect(
    row.getByText('Streaming copies failed: The file has no video stream. — the original file plays'),
  ).toBeVisible();
  await shot(page, 'video-state-failed-360');
  await page.unrouteAll({ behavior: 'wait' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await reopenCurriculum(page);

  // The job runs in the background at the lowest priority: no tight limit on a busy machine.
  await expect.poll(async () => (await lessonVideo(request))?.state, { timeout: 240_000 }).toBe('ready');
  // The list is asked again while a video is processing: the line turns without a reload.
  await expect(row.getByText('Streaming copies ready')).toBeVisible({ timeout: 60_000 });
  await expect(row.getByRole('progressbar')).toHaveCount(0);
  // Once none is processing, the list is no longer asked every few seconds.
  const settled = listCalls.length;
  await page.waitForTimeout(9_000);
  expect(listCalls.length).toBe(settled);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await reopenCurriculum(page);
    await expect(row.getByText('Streaming copies ready')).toBeVisible();
    await expectAccessible(page);
    await shot(page, `video-state-${width}`);
  }
});

test('a student watches the lesson through its stream, at their speed, with the keyboard', async ({
  page,
}) => {
  const streamRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/media\/lessons\/\d+\/stream/.test(request.url())) streamRequests.push(request.url());
  });
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/students$/);
  await page.goto(`/students/takeCourse?id=${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();

  // The lesson list shows the poster's smallest width, decorative, in a box of its own size.
  const thumb = lessonButton(page).locator('img');
  await expect(thumb).toHaveAttribute('alt', '');
  await expect(thumb).toHaveAttribute('src', /\/poster\/320\.jpg/);
  await expect.poll(() => thumb.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await lessonButton(page).click();
  const player = page.getByRole('group', { name: `Video player: ${LESSON}` });
  const video = player.locator('video');
  await expect(video).toHaveAttribute('poster', /\/poster\/\d+\.jpg/);
  // Chromium has no HLS of its own: hls.js plays the master playlist through Media Source Extensions.
  await expect.poll(() => streamRequests.some((url) => /stream\.m3u8/.test(url))).toBe(true);
  await expect(player.getByLabel('Video quality')).toBeVisible();
  const qualities = await player.getByLabel('Video quality').locator('option').allTextContents();
  expect(qualities[0]).toMatch(/^Auto/);
  expect(qualities.slice(1)).toEqual(expect.arrayContaining(['720p', '360p']));

  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(async () => (await videoState(page)).time).toBeGreaterThan(0.5);
  expect((await videoState(page)).src).toMatch(/^blob:/);
  expect(streamRequests.some((url) => /stream\/\d+\.mp4/.test(url))).toBe(true);

  // The speed chosen holds after a reload, and for the next lesson.
  await player.getByLabel('Playback speed').selectOption('1.5');
  await expect.poll(async () => (await videoState(page)).rate).toBe(1.5);
  await page.reload();
  await lessonButton(page).click();
  await expect(player.getByLabel('Playback speed')).toHaveValue('1.5');
  await expect.poll(async () => (await videoState(page)).rate).toBe(1.5);

  // Shortcuts while the player has focus: faster, mute, pause and play; the help lists them.
  await video.focus();
  await page.keyboard.press('Shift+>');
  await expect(player.getByLabel('Playback speed')).toHaveValue('1.75');
  await page.keyboard.press('m');
  await expect.poll(async () => (await videoState(page)).muted).toBe(true);
  await expect(player.getByRole('status')).toHaveText('Muted');
  await page.keyboard.press('k');
  await expect.poll(async () => (await videoState(page)).time).toBeGreaterThan(0.3);
  await player.getByText('Keyboard shortcuts').click();
  await expect(player.getByText('Back or forward 10 seconds')).toBeVisible();

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await player.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await shot(page, `video-player-${width}`);
  }
});

test('a visitor sees the preview’s poster on the course page, then plays it', async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/courseDetail?id=${course.id}`);
    const preview = page.getByRole('region', { name: 'Free preview' });
    const poster = preview.locator('img');
    await expect(poster).toHaveAttribute('alt', '');
    await expect
      .poll(() => poster.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await preview.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await shot(page, `video-preview-${width}`);
  }
  const preview = page.getByRole('region', { name: 'Free preview' });
  await preview.getByRole('button', { name: 'Play the preview' }).click();
  const video = preview.locator('video');
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0.3);
});
