import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { uniqueSuffix } from './support/api';
import { createCourse, PUBLISHER, publisherApi } from './support/courses';
import { expect, test } from './support/fixtures';
import { logIn } from './support/flows';

const unique = uniqueSuffix();
const COURSE = `Resumable Sailing ${unique}`;
const SECTION = 'All kinds of lessons';
const CHUNK = 8 * 1024 * 1024;

/** A video lesson of 10 MiB (two tus chunks): the fixture's first bytes, then filler. */
const video = (() => {
  const head = readFileSync(path.join(import.meta.dirname, 'fixtures', 'lesson.mp4'));
  const data = Buffer.concat([head, Buffer.alloc(10 * 1024 * 1024 - head.length, 7)]);
  // A file on disk, as a user picks it: the same file after a reload is the same upload.
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'skillwise-e2e-upload-')), 'Harbour tour.mp4');
  writeFileSync(file, data);
  return { file, data };
})();

/** The same video re-cut: the same 10 MiB, other filler, so the lesson's new file can be told apart. */
const recut = (() => {
  const data = Buffer.from(video.data);
  data.fill(9, data.length - 4 * 1024 * 1024);
  const file = path.join(path.dirname(video.file), 'Harbour tour, recut.mp4');
  writeFileSync(file, data);
  return { file, data };
})();

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let courseId = 0;

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  courseId = (await createCourse(api, { title: COURSE, unique, lessons: [], published: false })).courseId;
  await api.dispose();
});

/** The tus requests the page sends: method and Upload-Offset. */
const tusTraffic = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().includes('/api/uploads/tus')) return;
    const offset = request.headers()['upload-offset'];
    seen.push(offset === undefined ? request.method() : `${request.method()} ${offset}`);
  });
  return seen;
};

const openCurriculum = async (page: Page) => {
  await page.getByLabel('Search By Class Name').fill(COURSE);
  await page.getByRole('button', { name: `See Details: ${COURSE}` }).click();
  await page.getByRole('main').getByRole('button', { name: 'Add/Edit Curriculum' }).click();
  await expect(page).toHaveURL(/\/admin\/curriculum\?id=\d+$/);
};

/** Opens the section's lesson list, unless it is open. */
const expandSection = async (page: Page) => {
  const toggle = page.getByRole('button', { expanded: false }).filter({ hasText: SECTION });
  if (await toggle.count()) await toggle.click();
  await expect(page.getByRole('button', { name: 'Lesson menu: Harbour tour' })).toBeVisible();
};

const addLesson = async (page: Page) => {
  await page.getByRole('button', { name: `Add Lesson to ${SECTION}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lesson' });
  await dialog.getByLabel('Lesson Name').fill('Harbour tour');
  await dialog.getByLabel('Content Type').selectOption('video');
  await dialog.getByLabel('File', { exact: true }).setInputFiles(video.file);
  await dialog.getByRole('button', { name: 'Upload Lesson' }).click();
  return dialog;
};

test('a lesson file cut off by the network resumes after a reload from where it stopped, and an edited one when back online', async ({
  page,
  playwright,
  consoleErrors,
}, testInfo) => {
  const traffic = tusTraffic(page);
  await logIn(page, PUBLISHER.email, PUBLISHER.password);
  await expect(page).toHaveURL(/\/admin$/);
  await openCurriculum(page);

  // The network fails for every request of the second chunk: the first 8 MiB arrive, then the retries
  // (0.3 s, 0.6 s, 1.2 s) give up and the form says so.
  await page.route('**/api/uploads/tus/*', (route) =>
    route.request().method() === 'PATCH' && route.request().headers()['upload-offset'] === String(CHUNK)
      ? route.abort('connectionreset')
      : route.continue(),
  );
  const dialog = await addLesson(page);
  // The bar says how far the file has got while the button keeps the spec's words; each retry says so.
  await expect(dialog.getByRole('progressbar', { name: /Uploading file/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(dialog.getByText('Connection interrupted — trying again…')).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByRole('alert')).toContainText('Error saving the lesson.', { timeout: 120_000 });
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  expect(traffic.filter((entry) => entry === 'PATCH 0')).toHaveLength(1);
  expect(traffic.filter((entry) => entry === `PATCH ${CHUNK}`)).toHaveLength(4);
  await page.unroute('**/api/uploads/tus/*');

  // After a reload the same file for the same lesson carries on at 8 MiB: nothing is sent twice.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Curriculum' })).toBeVisible();
  const before = traffic.length;
  await addLesson(page);
  await expect(page.getByText('Lesson uploaded successfully').first()).toBeVisible({ timeout: 120_000 });
  const resumed = traffic.slice(before);
  expect(resumed[0]).toBe('HEAD');
  expect(resumed.filter((entry) => entry.startsWith('PATCH'))).toEqual([`PATCH ${CHUNK}`]);
  expect(resumed).not.toContain('POST');

  // One lesson, whose file is the file chosen, byte for byte.
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { headers, ok } = await publisherApi(api);
  const sections = await ok<Array<{ lessons: Array<{ lesson_title: string; content_path: string }> }>>(
    api.get(`/api/courseSections/GetCourseSectionsByCourseId/${courseId}`, { headers }),
  );
  const lessons = sections.flatMap((section) => section.lessons);
  expect(lessons.map((lesson) => lesson.lesson_title)).toEqual(['Harbour tour']);
  const stored = await api.get(lessons[0]?.content_path ?? '');
  expect(stored.ok()).toBe(true);
  expect(sha(await stored.body())).toBe(sha(video.data));

  // Edit Lesson replaces the file resumably too. The browser goes offline as the second chunk leaves:
  // the form says so, and when the browser is back the upload carries on from 8 MiB, not from the start.
  await expandSection(page);
  await page.getByRole('button', { name: 'Lesson menu: Harbour tour' }).click();
  await page.getByRole('menuitem', { name: 'Edit Lesson', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Lesson: Harbour tour' });
  await edit.getByLabel(/Replace the file/).setInputFiles(recut.file);
  let dropped = false;
  await page.route('**/api/uploads/tus/*', async (route) => {
    const cut =
      route.request().method() === 'PATCH' && route.request().headers()['upload-offset'] === String(CHUNK);
    if (!cut) return route.continue();
    if (dropped) {
      // The resumed chunk's answer is held a moment: on a quick machine the last 2 MB would otherwise
      // arrive and close the form before the "Resumed at" line could be seen.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return route.continue();
    }
    dropped = true;
    await page.context().setOffline(true);
    return route.abort('internetdisconnected');
  });
  const beforeEdit = traffic.length;
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    edit.getByText('Connection lost — the upload will resume when you are back online.'),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(edit.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(edit.getByText(/MB of 10 MB · waiting for the connection$/)).toBeVisible();
  await page.context().setOffline(false);
  await expect(edit.getByText(/^Resumed at (8\d|9\d)%\.$/)).toBeVisible({ timeout: 60_000 });
  await expect(edit.getByText('Saved successfully!')).toBeVisible({ timeout: 120_000 });
  await page.unroute('**/api/uploads/tus/*');
  const edited = traffic.slice(beforeEdit);
  expect(edited.filter((entry) => entry === 'POST')).toHaveLength(1);
  expect(edited.filter((entry) => entry === 'PATCH 0')).toHaveLength(1);
  expect(edited.filter((entry) => entry === `PATCH ${CHUNK}`)).toHaveLength(2);

  const after = await ok<Array<{ lessons: Array<{ lesson_title: string; content_path: string }> }>>(
    api.get(`/api/courseSections/GetCourseSectionsByCourseId/${courseId}`, { headers }),
  );
  const [replaced, ...others] = after.flatMap((section) => section.lessons);
  expect(others).toEqual([]);
  expect(replaced?.lesson_title).toBe('Harbour tour');
  const recutStored = await api.get(replaced?.content_path ?? '');
  expect(sha(await recutStored.body())).toBe(sha(recut.data));
  await api.dispose();

  // The cut requests are the network's doing, as the test meant: Chromium reports each one, and Uppy
  // the upload it gave up on.
  const cut = consoleErrors.filter((text) =>
    /net::ERR_CONNECTION_RESET|net::ERR_INTERNET_DISCONNECTED|\[Uppy\].*This looks like a network error/.test(
      text,
    ),
  );
  expect(cut.length).toBeGreaterThanOrEqual(4);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !cut.includes(text)));
});
