import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { uniqueSuffix } from './support/api';
import { addEnrolledStudent, createCourse, fixtureFile, PUBLISHER } from './support/courses';
import { expect, test } from './support/fixtures';
import { logIn } from './support/flows';
import { uniqueEmail } from './support/outbox';
import { bucketObjects, s3Settings } from './support/s3';

// The app whose files live in a bucket (s3rver), started beside the one on local disk by the config.
const s3 = s3Settings();
test.use({ baseURL: s3.appOrigin, viewport: { width: 1280, height: 800 } });

const unique = uniqueSuffix();
const COURSE = `Harbour Lights ${unique}`;
const SECTION = 'All kinds of lessons';
const VIDEO = 'Lights at dusk';
const PDF = 'The light list';
const student = {
  name: `Ines Bucket ${unique}`,
  email: uniqueEmail('ines'),
  password: 'lights-on-the-water-1',
};

/** The lesson's section card in the curriculum, found by its Add Lesson button. */
const section = (page: Page) =>
  page
    .locator('ol[aria-label="Sections"] > li')
    .filter({ has: page.getByRole('button', { name: `Add Lesson to ${SECTION}`, exact: true }) });

const chooseFromMenu = async (page: Page, menuName: string, item: string) => {
  await page.getByRole('button', { name: menuName }).click();
  await page.getByRole('menu', { name: menuName }).getByRole('menuitem', { name: item, exact: true }).click();
};

const openCurriculum = async (page: Page) => {
  await logIn(page, PUBLISHER.email, PUBLISHER.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByLabel('Search By Class Name').fill(COURSE);
  await page.getByRole('button', { name: `See Details: ${COURSE}` }).click();
  await page.getByRole('main').getByRole('button', { name: 'Add/Edit Curriculum' }).click();
  await expect(page).toHaveURL(/\/admin\/curriculum\?id=\d+$/);
  await expandSection(page);
};

const expandSection = async (page: Page) => {
  await expect(section(page)).toBeVisible();
  const collapsed = section(page).getByRole('button', { expanded: false }).filter({ hasText: SECTION });
  if (await collapsed.count()) await collapsed.click();
};

/** The object key a presigned bucket URL names: `/<bucket>/<key>` with path-style addressing. */
const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).replace(`/${s3.bucket}/`, '');

/** The answers the bucket gave the page: method, status and whether the browser asked for a range. */
const bucketTraffic = (page: Page) => {
  const seen: Array<{ method: string; status: number; range: boolean; url: string }> = [];
  page.on('response', (response) => {
    if (!response.url().startsWith(`${s3.endpoint}/`)) return;
    const request = response.request();
    seen.push({
      method: request.method(),
      status: response.status(),
      range: request.headers().range !== undefined,
      url: response.url(),
    });
  });
  return seen;
};

/**
 * The lesson answers the page gets say nothing of the video's streaming copies, so the player plays the
 * lesson's own file from the bucket, as it does until the copies are ready (docs/decisions/043): what this
 * journey follows is the file, whether or not its copies were made meanwhile.
 */
const playOriginalFiles = (page: Page) =>
  page.route(
    /\/api\/(courseSections\/GetCourseSectionsByCourseId|lessons\/GetLessonContentUrl)\//,
    async (route) => {
      const response = await route.fetch();
      const withoutVideo = (value: unknown): unknown => {
        if (Array.isArray(value)) return value.map(withoutVideo);
        if (value && typeof value === 'object') {
          const { video: _video, ...rest } = value as Record<string, unknown>;
          return Object.fromEntries(Object.entries(rest).map(([key, inner]) => [key, withoutVideo(inner)]));
        }
        return value;
      };
      await route.fulfill({ response, json: withoutVideo(await response.json()) });
    },
  );

/**
 * Opens the course as the student (from My Courses, or at the address given) and plays its video
 * lesson: the bucket's presigned URL, with seeking.
 */
async function watchVideo(page: Page, courseAddress?: string) {
  const traffic = bucketTraffic(page);
  await playOriginalFiles(page);
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/students$/);
  if (courseAddress) {
    await page.goto(courseAddress);
  } else {
    await page.getByRole('link', { name: 'My Courses' }).first().click();
    await page.getByRole('button', { name: COURSE }).click();
  }
  await expect(page).toHaveURL(/\/students\/takeCourse\?id=\d+$/);
  const address = page.url();
  const panel = page.getByRole('complementary', { name: 'Course content' });
  await panel.getByRole('button', { name: new RegExp(VIDEO) }).click();

  const video = page.locator('video');
  await expect(video).toBeVisible();
  const src = (await video.getAttribute('src')) ?? '';
  expect(src.startsWith(`${s3.endpoint}/${s3.bucket}/`), src).toBe(true);
  expect(new URL(src).searchParams.get('X-Amz-Signature')).toBeTruthy();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThan(0);

  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() =>
      video.evaluate((element: HTMLVideoElement) => element.played.length > 0 && element.currentTime > 0),
    )
    .toBe(true);
  // Seeking asks the bucket for a byte range, which it answers with 206.
  await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        element.pause();
        element.addEventListener('seeked', () => resolve(), { once: true });
        element.currentTime = 1.2;
      }),
  );
  expect(await video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeCloseTo(1.2, 1);
  await video.evaluate((element: HTMLVideoElement) => element.play());
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime > 1.25 || element.ended))
    .toBe(true);
  await expect
    .poll(() =>
      traffic.some(
        (entry) => entry.url.startsWith(src.split('?')[0] ?? src) && entry.range && entry.status === 206,
      ),
    )
    .toBe(true);
  return { src, traffic, panel, address };
}

/** The server's log entries (JSON lines; its start-up banner is plain text) at level error (50) and up. */
async function serverErrors() {
  const log = await readFile(path.join(process.env.E2E_S3_DIR ?? '', 'server.log'), 'utf8');
  return log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .filter((line) => ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50);
}

/**
 * A page of its own at the given width, failing on an uncaught exception or a console error as the
 * fixture's page does (a 4xx answer's own line aside: the bucket's answers are checked one by one).
 */
async function inOwnPage(browser: Browser, width: number, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: s3.appOrigin, viewport: { width, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
    errors.push(message.text());
  });
  try {
    await run(page);
  } finally {
    await context.close();
  }
  expect(errors, `console errors on the page ${width} px wide`).toEqual([]);
}

test('on a bucket, lessons play from presigned URLs, seek with ranges, and go with their lesson', async ({
  page,
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: s3.appOrigin });
  // The app's pages may play, frame and fetch from the bucket's origin (what the browser then enforces).
  const csp = (await api.get('/')).headers()['content-security-policy'] ?? '';
  for (const directive of ['media-src', 'frame-src', 'connect-src']) {
    expect(csp.split(';').find((part) => part.trim().startsWith(directive))).toContain(s3.endpoint);
  }
  const { courseId } = await createCourse(api, { title: COURSE, unique, lessons: [], published: false });

  // The publisher adds a video and a PDF lesson through the curriculum, and publishes them and the course.
  await openCurriculum(page);
  for (const lesson of [
    { title: VIDEO, type: 'video', file: fixtureFile('lesson.mp4', 'video/mp4') },
    { title: PDF, type: 'pdf', file: fixtureFile('lesson.pdf', 'application/pdf') },
  ]) {
    await page.getByRole('button', { name: `Add Lesson to ${SECTION}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Lesson' });
    await dialog.getByLabel('Lesson Name').fill(lesson.title);
    await dialog.getByLabel('Content Type').selectOption(lesson.type);
    await dialog.getByLabel('File', { exact: true }).setInputFiles(lesson.file);
    await dialog.getByRole('button', { name: 'Upload Lesson' }).click();
    await expect(page.getByText('Lesson uploaded successfully').first()).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();
    await chooseFromMenu(page, `Lesson menu: ${lesson.title}`, 'Publish Lesson');
    await expect(page.getByText('Lesson published').first()).toBeVisible();
  }
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unpublish', exact: true })).toBeVisible();
  expect(await bucketObjects()).not.toEqual([]);
  await addEnrolledStudent(api, student, courseId);
  await api.dispose();

  // The student watches the video from the bucket, seeks in it, and reads the PDF framed from the bucket.
  let videoKey = '';
  let pdfKey = '';
  let courseAddress = '';
  await inOwnPage(browser, 1280, async (studentPage) => {
    const { src, traffic, panel, address } = await watchVideo(studentPage);
    videoKey = keyOf(src);
    courseAddress = address;
    expect(await bucketObjects()).toContain(videoKey);

    await panel.getByRole('button', { name: new RegExp(PDF) }).click();
    const frame = studentPage.locator('iframe');
    await expect(frame).toBeVisible();
    const pdfSrc = (await frame.getAttribute('src')) ?? '';
    expect(pdfSrc.startsWith(`${s3.endpoint}/${s3.bucket}/`), pdfSrc).toBe(true);
    expect(new URL(pdfSrc).searchParams.get('X-Amz-Signature')).toBeTruthy();
    pdfKey = keyOf(pdfSrc);
    await expect.poll(() => studentPage.frames().some((candidate) => candidate.url() === pdfSrc)).toBe(true);
    await expect
      .poll(() =>
        traffic.some((entry) => entry.url === pdfSrc && entry.method === 'GET' && entry.status === 200),
      )
      .toBe(true);
    await expect(studentPage.getByText('This lesson could not be loaded')).toHaveCount(0);
    // Nothing the bucket answered was refused.
    expect(traffic.filter((entry) => entry.status >= 400)).toEqual([]);
  });

  // The same video on a phone's width (where My Courses sits in the menu: the course is opened by its address).
  await inOwnPage(browser, 360, async (studentPage) => {
    const { src, traffic } = await watchVideo(studentPage, courseAddress);
    expect(keyOf(src)).toBe(videoKey);
    expect(traffic.filter((entry) => entry.status >= 400)).toEqual([]);
  });

  // The publisher deletes the video lesson. Its object stays in the bucket for FILE_DELETE_GRACE_HOURS, so a
  // backup running meanwhile still finds it; the file sweeper deletes it after that (decision 011, tested
  // in apps/api/src/modules/curriculum/lesson-files.test.ts).
  await page.reload();
  await expandSection(page);
  await chooseFromMenu(page, `Lesson menu: ${VIDEO}`, 'Delete Lesson');
  const confirm = page.getByRole('dialog', { name: 'Delete Lesson' });
  await confirm.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(page.getByText('Deleted successfully!').first()).toBeVisible();
  await expect(section(page).getByRole('button', { name: `Move ${VIDEO}` })).toHaveCount(0);
  expect(await bucketObjects()).toContain(videoKey);
  expect(await bucketObjects()).toContain(pdfKey);

  expect(await serverErrors(), 'errors in the log of the server on the bucket').toEqual([]);
});
