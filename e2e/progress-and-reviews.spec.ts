import type { APIRequest, Page } from '@playwright/test';
import { uniqueSuffix } from './support/api';
import { seriousViolations } from './support/axe';
import { addEnrolledStudent, createCourse, PUBLISHER } from './support/courses';
import { expect, journeyAt, test, WIDTHS } from './support/fixtures';
import { logIn } from './support/flows';
import { uniqueEmail } from './support/outbox';
import { shot } from './support/screens';

const unique = uniqueSuffix();
const LESSONS = { video: 'Casting off', pdf: 'Tide tables', text: 'Knot notes' } as const;

const lessonButton = (page: Page, title: string) =>
  page
    .getByRole('complementary', { name: 'Course content' })
    .getByRole('button', { name: new RegExp(title) });

/** The course's progress line, e.g. '1 of 3 lessons completed · 33%'. */
const progressLine = (page: Page) => page.locator('#course-progress-label');

/** The next successful SaveLessonProgress answer that `accept` accepts (any, unless told). */
const savedProgress = (
  page: Page,
  accept: (body: { positionSeconds: number; completed: boolean }) => boolean = () => true,
) =>
  page.waitForResponse(async (response) => {
    if (!response.url().includes('/api/studentCourse/SaveLessonProgress') || !response.ok()) return false;
    return accept((await response.json()) as { positionSeconds: number; completed: boolean });
  });

async function newCourse(playwright: { request: APIRequest }, baseURL: string | undefined, name: string) {
  const api = await playwright.request.newContext({ baseURL });
  const title = `Harbour Skills ${name} ${unique}`;
  const { courseId } = await createCourse(api, {
    title,
    unique: `${name}${unique}`,
    published: true,
    lessons: [
      { title: LESSONS.video, type: 'video' },
      { title: LESSONS.pdf, type: 'pdf' },
      { title: LESSONS.text, type: 'text' },
    ],
  });
  const student = {
    name: 'Rowan Tiller',
    email: uniqueEmail(`rowan${name}`),
    password: 'tie-a-bowline-1',
  };
  await addEnrolledStudent(api, student, courseId);
  await api.dispose();
  return { courseId, title, student };
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    journeyAt(width, 360)(
      'a student continues a course, watches a video to the end, resumes it and marks a PDF done',
      async ({ page, playwright }, testInfo) => {
        const { courseId, title, student } = await newCourse(
          playwright,
          testInfo.project.use.baseURL,
          `p${width}`,
        );
        await logIn(page, student.email, student.password);
        await expect(page).toHaveURL(/\/students/);
        await page.goto(`/students/takeCourse?id=${courseId}`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(progressLine(page)).toContainText('0 of 3 lessons completed · 0%');
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `progress-start-${width}`);

        // Continue opens the first lesson: play a little, pause, and the position is saved.
        await page.getByRole('button', { name: 'Continue' }).click();
        const video = page.locator('video');
        await expect(page.getByRole('heading', { level: 2, name: LESSONS.video })).toBeVisible();
        await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState >= 1)).toBe(true);
        const paused = savedProgress(page, (body) => body.positionSeconds > 0.5);
        await video.evaluate(async (el: HTMLVideoElement) => {
          el.muted = true;
          await el.play();
          // Played rather than skipped to: the server counts only the time it saw pass as watched.
          await new Promise<void>((resolve) => {
            const check = () => (el.currentTime > 0.6 ? resolve() : requestAnimationFrame(check));
            check();
          });
          el.pause();
        });
        const position = (await (await paused).json()) as { positionSeconds: number; completed: boolean };
        expect(position.completed).toBe(false);
        expect(position.positionSeconds).toBeGreaterThan(0.5);

        // Leave for My Courses and come back: the video opens where it was left.
        await page.goto('/students/myCourses');
        await expect(page.getByText('0% done')).toBeVisible();
        await page.goto(`/students/takeCourse?id=${courseId}`);
        await lessonButton(page, LESSONS.video).click();
        await expect
          .poll(() => page.locator('video').evaluate((el: HTMLVideoElement) => el.currentTime))
          .toBeCloseTo(position.positionSeconds, 1);

        // Watched to the end: complete, and the course moves on.
        const ended = savedProgress(page, (body) => body.completed);
        await page.locator('video').evaluate(async (el: HTMLVideoElement) => {
          el.muted = true;
          await el.play();
        });
        await ended;
        await expect(progressLine(page)).toContainText('1 of 3 lessons completed · 33%');
        await expect(lessonButton(page, LESSONS.video)).toContainText('Completed');
        await shot(page, `progress-video-done-${width}`);

        // Continue now opens the PDF: mark it done, undo, and mark it done again.
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page.getByTitle(`${LESSONS.pdf} (PDF)`)).toBeVisible();
        await page.getByRole('button', { name: 'Mark as done' }).click();
        await expect(progressLine(page)).toContainText('2 of 3 lessons completed · 67%');
        await page.getByRole('button', { name: /^Undo/ }).click();
        await expect(progressLine(page)).toContainText('1 of 3 lessons completed · 33%');
        await page.getByRole('button', { name: 'Mark as done' }).click();
        await expect(progressLine(page)).toContainText('2 of 3 lessons completed · 67%');
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `progress-pdf-done-${width}`);

        await page.goto('/students/myCourses');
        await expect(page.getByText('67% done')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `progress-my-courses-${width}`);
      },
    );

    journeyAt(width, 1280)(
      'a student reviews a course, the course page shows it, and the publisher hides it',
      async ({ page, browser, playwright }, testInfo) => {
        const { courseId, title, student } = await newCourse(
          playwright,
          testInfo.project.use.baseURL,
          `r${width}`,
        );

        // A visitor sees honestly that there are no ratings yet.
        await page.goto(`/courseDetail?id=${courseId}`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        const reviews = page.getByRole('heading', { level: 2, name: 'Reviews' }).locator('..');
        await expect(reviews).toContainText('No ratings yet');

        await logIn(page, student.email, student.password);
        await expect(page).toHaveURL(/\/students/);
        await page.goto(`/students/courseDetails?id=${courseId}`);
        await expect(page.getByRole('heading', { level: 3, name: 'Rate this course' })).toBeVisible();
        await page.locator('label', { hasText: '4 stars' }).click();
        await page.getByLabel(/Your review/).fill('Clear and calm. <b>Bring gloves</b> for the ropes.');
        await page.getByRole('button', { name: 'Post review' }).click();
        await expect(page.getByText('Thank you for your review!')).toBeVisible();
        const list = page.getByRole('list', { name: 'Latest reviews' });
        // Plain text: the markup is shown as typed, never rendered.
        await expect(list).toContainText('Clear and calm. <b>Bring gloves</b> for the ropes.');
        await expect(list.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
        await expect(page.getByText('4.0 (1 rating)').first()).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `review-posted-${width}`);

        // A second submission changes the same review.
        await page.locator('label', { hasText: '5 stars' }).click();
        await page.getByRole('button', { name: 'Update review' }).click();
        await expect(page.getByText('Your review was updated.')).toBeVisible();
        await expect(page.getByText('5.0 (1 rating)').first()).toBeVisible();
        await expect(list.getByRole('listitem')).toHaveCount(1);

        // The publisher hides it from its course's details.
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const publisher = await context.newPage();
        await logIn(publisher, PUBLISHER.email, PUBLISHER.password);
        await expect(publisher).toHaveURL(/\/admin$/);
        await publisher.getByLabel('Search By Class Name').fill(title);
        await publisher.getByRole('button', { name: `See Details: ${title}` }).click();
        await expect(publisher).toHaveURL(/\/admin\/adminCourseDetails\?id=\d+$/);
        const moderation = publisher.getByRole('list', { name: 'Reviews of this course' });
        await expect(moderation).toContainText('Bring gloves');
        await moderation.getByRole('button', { name: /^Hide the review by Rowan T\./ }).click();
        await expect(moderation).toContainText('Hidden');
        await expect(publisher.getByText('Shown publicly: No ratings yet')).toBeVisible();
        expect(await seriousViolations(publisher)).toEqual([]);
        await shot(publisher, `review-hidden-admin-${width}`);
        await context.close();

        // The public course page no longer shows it, nor counts it.
        const visitor = await browser.newContext({ viewport: { width, height: 900 } });
        const anyone = await visitor.newPage();
        await anyone.goto(`/courseDetail?id=${courseId}`);
        await expect(anyone.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(anyone.getByRole('heading', { level: 2, name: 'Reviews' }).locator('..')).toContainText(
          'No ratings yet',
        );
        await expect(anyone.getByText('Bring gloves')).toHaveCount(0);
        expect(await seriousViolations(anyone)).toEqual([]);
        await shot(anyone, `review-public-${width}`);
        await visitor.close();
      },
    );
  });
}
