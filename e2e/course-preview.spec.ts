import type { Page } from '@playwright/test';
import { uniqueSuffix } from './support/api';
import { seriousViolations } from './support/axe';
import { addEnrolledStudent, createCourse, PUBLISHER } from './support/courses';
import { expect, test } from './support/fixtures';
import { logIn } from './support/flows';
import { uniqueEmail } from './support/outbox';
import { shot } from './support/screens';

const unique = uniqueSuffix();
const LESSONS = {
  video: 'Leaving the mooring',
  pdf: 'The knot chart',
  audio: 'Harbour sounds',
  text: 'Bowline notes',
  hidden: 'Unfinished lesson',
} as const;
const draft = { title: `Draft Knots ${unique}`, id: 0 };
const live = { title: `Live Knots ${unique}`, id: 0 };
const student = { name: `Ona Rope ${unique}`, email: uniqueEmail('ona'), password: 'learn-the-ropes-1' };

/** Records every progress call the page makes. */
const progressCalls = (page: Page) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/ChangeLessonStartedFlag|lessonstarted/i.test(request.url())) calls.push(request.url());
  });
  return calls;
};

const lessonButton = (page: Page, title: string) =>
  page
    .getByRole('complementary', { name: 'Course content' })
    .getByRole('button', { name: new RegExp(title) });

/** Opens the audio lesson and proves it plays from where the bar is dragged to (seeking). */
async function checkAudio(page: Page) {
  await lessonButton(page, LESSONS.audio).click();
  const audio = page.locator('audio');
  await expect(audio).toHaveAttribute('controls', '');
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThanOrEqual(1);
  const seekable = await audio.evaluate((el: HTMLAudioElement) =>
    el.seekable.length ? el.seekable.end(0) : 0,
  );
  expect(seekable).toBeGreaterThan(2);
  await audio.evaluate((el: HTMLAudioElement) => {
    el.currentTime = 2;
  });
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeCloseTo(2, 0);
}

/** Opens the text lesson: read in the page as text, markup shown and never run, line breaks kept. */
async function checkText(page: Page) {
  await lessonButton(page, LESSONS.text).click();
  const article = page.getByRole('article', { name: LESSONS.text });
  await expect(article).toContainText('Make a small loop, then:');
  await expect(article).toContainText('Sailors write <b>bold</b> & <script>alert(1)</script> in notes');
  expect(await article.locator('b, script').count()).toBe(0);
  const text = await article.evaluate((el) => (el.firstElementChild as HTMLElement).innerText);
  expect(text).toContain('\n    1. up through the hole,');
  const whiteSpace = await article.evaluate(
    (el) => getComputedStyle(el.firstElementChild as Element).whiteSpace,
  );
  expect(whiteSpace).toBe('pre-wrap');
}

async function checkPdfAndVideo(page: Page) {
  await lessonButton(page, LESSONS.pdf).click();
  await expect(page.getByTitle(`${LESSONS.pdf} (PDF)`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the PDF in a new tab' })).toHaveAttribute(
    'href',
    /\/api\/media\/lessons\//,
  );
  await lessonButton(page, LESSONS.video).click();
  const video = page.locator('video');
  await expect(video).toHaveAttribute('controls', '');
  await video.evaluate((el: HTMLVideoElement) => el.play().catch(() => undefined));
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState >= 2 || el.currentTime > 0))
    .toBe(true);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const lessons = [
    { title: LESSONS.video, type: 'video' as const },
    { title: LESSONS.pdf, type: 'pdf' as const },
    { title: LESSONS.audio, type: 'audio' as const },
    { title: LESSONS.text, type: 'text' as const },
    { title: LESSONS.hidden, type: 'video' as const, published: false },
  ];
  draft.id = (
    await createCourse(api, { title: draft.title, unique: `d${unique}`, lessons, published: false })
  ).courseId;
  live.id = (
    await createCourse(api, { title: live.title, unique: `l${unique}`, lessons, published: true })
  ).courseId;
  await addEnrolledStudent(api, student, live.id);
  await api.dispose();
});

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a publisher previews a draft course from its details, every lesson playable, nothing recorded', async ({
      page,
    }) => {
      const progress = progressCalls(page);
      await logIn(page, PUBLISHER.email, PUBLISHER.password);
      await expect(page).toHaveURL(/\/admin$/);
      await page.getByLabel('Search By Class Name').fill(draft.title);
      await page.getByRole('button', { name: `See Details: ${draft.title}` }).click();
      await expect(page).toHaveURL(/\/admin\/adminCourseDetails\?id=\d+$/);
      await page.getByRole('button', { name: 'Preview course' }).click();

      await expect(page).toHaveURL(new RegExp(`/admin/previewCourse\\?id=${draft.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: draft.title })).toBeVisible();
      const notice = page.getByRole('note', { name: 'Preview' });
      await expect(notice).toContainText('as an enrolled student sees it');
      await expect(notice).toContainText('not published yet');
      await expect(notice).toContainText('1 unpublished lesson');
      await expect(lessonButton(page, LESSONS.audio)).toBeVisible();
      await expect(page.getByText(LESSONS.hidden)).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `preview-${width}`);

      await checkAudio(page);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `preview-audio-${width}`);
      await checkText(page);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `preview-text-${width}`);
      await checkPdfAndVideo(page);
      expect(progress).toEqual([]);

      // Back to the course's details, then the same preview from the curriculum screen.
      await page.getByRole('link', { name: 'Course details' }).click();
      await expect(page).toHaveURL(/\/admin\/adminCourseDetails\?id=\d+$/);
      await page.getByRole('button', { name: 'Add/Edit Curriculum' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Curriculum' })).toBeVisible();
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/previewCourse\\?id=${draft.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: draft.title })).toBeVisible();

      // coursePages opens on a lesson.
      await page.goto(`/admin/coursePages?id=${draft.id}`);
      await expect(page.getByRole('heading', { level: 2, name: LESSONS.video })).toBeVisible();
      expect(progress).toEqual([]);
    });

    test('an enrolled student listens to the audio lesson with seeking and reads the text lesson', async ({
      page,
    }) => {
      await logIn(page, student.email, student.password);
      await expect(page).toHaveURL(/\/students$/);
      await page.goto(`/students/takeCourse?id=${live.id}`);
      await expect(page.getByRole('heading', { level: 1, name: live.title })).toBeVisible();
      await expect(page.getByText(LESSONS.hidden)).toHaveCount(0);

      await checkAudio(page);
      await shot(page, `student-audio-${width}`);
      // Playing the audio lesson records it as started, as a video does.
      await page.locator('audio').evaluate((el: HTMLAudioElement) => el.play().catch(() => undefined));
      await expect(lessonButton(page, LESSONS.audio)).toContainText(/Started|Completed/);

      await checkText(page);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `student-text-${width}`);
      await checkPdfAndVideo(page);
    });
  });
}

test('another organisation’s course cannot be previewed', async ({ page }) => {
  await logIn(page, PUBLISHER.email, PUBLISHER.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/previewCourse?id=999999');
  await expect(page.getByText('Course not found')).toBeVisible();
});
