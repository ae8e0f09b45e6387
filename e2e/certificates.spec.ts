import { readFileSync } from 'node:fs';
import type { APIRequest, Page } from '@playwright/test';
import { readPdf } from '../apps/api/test/pdf-text';
import { uniqueSuffix } from './support/api';
import { seriousViolations } from './support/axe';
import { addEnrolledStudent, createCourse, PUBLISHER, unpublishCourse } from './support/courses';
import { expect, journeyAt, test, WIDTHS } from './support/fixtures';
import { logIn } from './support/flows';
import { uniqueEmail } from './support/outbox';
import { shot } from './support/screens';

const unique = uniqueSuffix();
const LESSONS = { video: 'Reading the wind', pdf: 'Knot chart' } as const;
const NUMBER = /SW-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}/;

const lessonButton = (page: Page, title: string) =>
  page
    .getByRole('complementary', { name: 'Course content' })
    .getByRole('button', { name: new RegExp(title) });

const progressLine = (page: Page) => page.locator('#course-progress-label');

/** The next successful SaveLessonProgress answer that `accept` accepts. */
const savedProgress = (
  page: Page,
  accept: (body: { completed: boolean; certificate?: unknown }) => boolean,
) =>
  page.waitForResponse(async (response) => {
    if (!response.url().includes('/api/studentCourse/SaveLessonProgress') || !response.ok()) return false;
    return accept((await response.json()) as { completed: boolean; certificate?: unknown });
  });

/** A published course of the demo publisher giving a certificate: a video, then a PDF lesson. */
async function certificateCourse(
  playwright: { request: APIRequest },
  baseURL: string | undefined,
  name: string,
) {
  const api = await playwright.request.newContext({ baseURL });
  const title = `Coastal Sailing ${name} ${unique}`;
  const { courseId } = await createCourse(api, {
    title,
    unique: `${name}${unique}`,
    published: true,
    certificate: true,
    lessons: [
      { title: LESSONS.video, type: 'video' },
      { title: LESSONS.pdf, type: 'pdf' },
    ],
  });
  const student = {
    name: 'Zoë Ñúñez-Sørensen',
    email: uniqueEmail(`zoe${name}`),
    password: 'hoist-the-jib-1',
  };
  const classmate = { name: 'Colm Mate', email: uniqueEmail(`colm${name}`), password: 'coil-the-line-1' };
  await addEnrolledStudent(api, student, courseId);
  await addEnrolledStudent(api, classmate, courseId);
  await api.dispose();
  return { courseId, title, student, classmate, author: `Marina Knotts ${name}${unique}` };
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });

    journeyAt(width, 360)(
      'a student finishes a certificate course, downloads the certificate and anyone verifies it',
      async ({ page, browser, playwright }, testInfo) => {
        // Five screens, three browsers and a PDF: more than one journey's usual time on a shared machine.
        test.slow();
        const baseURL = testInfo.project.use.baseURL;
        const { courseId, title, student, classmate, author } = await certificateCourse(
          playwright,
          baseURL,
          `c${width}`,
        );

        // Through the player: the video watched to the end, the PDF marked done.
        await logIn(page, student.email, student.password);
        await expect(page).toHaveURL(/\/students/);
        await page.goto(`/students/takeCourse?id=${courseId}`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page.getByRole('heading', { level: 2, name: LESSONS.video })).toBeVisible();
        const video = page.locator('video');
        await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState >= 1)).toBe(true);
        const watched = savedProgress(page, (body) => body.completed);
        await video.evaluate(async (el: HTMLVideoElement) => {
          el.muted = true;
          await el.play();
        });
        expect((await (await watched).json()).certificate).toBeUndefined();
        await expect(progressLine(page)).toContainText('1 of 2 lessons completed · 50%');
        await expect(lessonButton(page, LESSONS.video)).toContainText('Completed');

        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page.getByTitle(`${LESSONS.pdf} (PDF)`)).toBeVisible();
        const issued = savedProgress(page, (body) => body.certificate !== undefined);
        await page.getByRole('button', { name: 'Mark as done' }).click();
        const { certificate } = (await (await issued).json()) as {
          certificate: { number: string; verification_url: string };
        };
        expect(certificate.number).toMatch(NUMBER);
        expect(certificate.verification_url).toBe(`${baseURL}/certificates/${certificate.number}`);
        await expect(
          page.getByText('Congratulations! You completed the course and earned its certificate.'),
        ).toBeVisible();
        const earned = page.getByRole('region', { name: 'Your certificate' });
        await expect(earned).toContainText('You earned the certificate of this course');
        await expect(earned).toContainText(certificate.number);
        await expect(progressLine(page)).toContainText('2 of 2 lessons completed · 100%');
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `certificate-earned-${width}`);

        // My Certificates: the course, organisation, date and number, the share link and the PDF.
        await earned.getByRole('link', { name: 'My Certificates' }).click();
        await expect(page).toHaveURL(/\/students\/certificates$/);
        await expect(page.getByRole('heading', { level: 1, name: 'My Certificates' })).toBeVisible();
        const card = page
          .getByRole('list', { name: 'Your certificates' })
          .getByRole('listitem')
          .filter({ hasText: title });
        await expect(card.getByRole('heading', { level: 2, name: title })).toBeVisible();
        await expect(card).toContainText('Demo Academy');
        await expect(card).toContainText(author);
        await expect(card).toContainText(certificate.number);
        await expect(card.getByText('Share link (public verification page)')).toBeVisible();
        await expect(card.getByText(certificate.verification_url, { exact: true })).toBeVisible();
        await card.getByRole('button', { name: 'Copy link' }).click();
        await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(certificate.verification_url);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `certificate-mine-${width}`);

        const downloading = page.waitForEvent('download');
        await card.getByRole('button', { name: `Download PDF: ${title}` }).click();
        const download = await downloading;
        expect(download.suggestedFilename()).toBe(`certificate-${certificate.number}.pdf`);
        const pdf = await readPdf(readFileSync(await download.path()));
        const lines = pdf.text.split('\n');
        expect(pdf.width).toBeGreaterThan(pdf.height);
        for (const line of ['Certificate of Completion', student.name, title, 'Demo Academy', author]) {
          expect(lines).toContain(line);
        }
        expect(lines).toContain(`Certificate number ${certificate.number}`);
        expect(pdf.text).toMatch(
          /(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/,
        );
        expect(pdf.text).toContain(certificate.verification_url);
        expect(pdf.fonts.length).toBeGreaterThan(0);
        expect(pdf.fonts.every((font) => font.embedded)).toBe(true);

        // Another student cannot fetch it; the number alone gives nothing to download.
        const other = await playwright.request.newContext({ baseURL });
        const login = await other.post('/api/users/Login', {
          data: { username: classmate.email, password: classmate.password },
        });
        const { token } = (await login.json()) as { token: string };
        const refused = await other.get(`/api/certificates/Download/${certificate.number}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(refused.status()).toBe(404);
        expect((await other.get(`/api/certificates/Download/${certificate.number}`)).status()).toBe(401);
        await other.dispose();

        // The verification page, opened logged out from the shared link.
        const visitor = await browser.newContext({ viewport: { width, height: 900 } });
        const anyone = await visitor.newPage();
        await anyone.goto(certificate.verification_url);
        await expect(
          anyone.getByRole('heading', { level: 1, name: 'Is this certificate genuine?' }),
        ).toBeVisible();
        await expect(anyone.getByText('Valid certificate')).toBeVisible();
        await expect(anyone.getByText(student.name)).toBeVisible();
        const record = anyone.locator('main');
        await expect(record).toContainText(title);
        await expect(record).toContainText('Demo Academy');
        await expect(record).toContainText(author);
        await expect(record).toContainText(certificate.number);
        expect(await seriousViolations(anyone)).toEqual([]);
        await shot(anyone, `certificate-verified-${width}`);

        // A number nobody holds says so, and another can be checked from there.
        await anyone.goto('/certificates/SW-AAAA-BBBB-CCCC-DDDD');
        await expect(
          anyone.getByRole('heading', { level: 2, name: 'Unknown certificate number' }),
        ).toBeVisible();
        expect(await seriousViolations(anyone)).toEqual([]);
        await shot(anyone, `certificate-unknown-${width}`);
        await anyone.getByLabel('Certificate number').fill(certificate.number.toLowerCase());
        await anyone.getByRole('button', { name: 'Check' }).click();
        await expect(anyone.getByText('Valid certificate')).toBeVisible();
        await visitor.close();

        // The publisher sees who earned it on the course's details.
        const staff = await browser.newContext({ viewport: { width, height: 900 } });
        const publisher = await staff.newPage();
        await logIn(publisher, PUBLISHER.email, PUBLISHER.password);
        await expect(publisher).toHaveURL(/\/admin$/);
        await publisher.getByLabel('Search By Class Name').fill(title);
        await publisher.getByRole('button', { name: `See Details: ${title}` }).click();
        await expect(publisher).toHaveURL(/\/admin\/adminCourseDetails\?id=\d+$/);
        const earners = publisher.getByRole('region', { name: 'Certificates earned' });
        await expect(earners).toContainText(student.name);
        await expect(earners).toContainText(student.email);
        await expect(
          earners.getByRole('link', { name: `Certificate ${certificate.number} of ${student.name}` }),
        ).toBeVisible();
        await expect(earners).not.toContainText(classmate.name);
        expect(await seriousViolations(publisher)).toEqual([]);
        await shot(publisher, `certificate-earners-${width}`);
        await staff.close();
        // Unpublishing keeps the certificate; it frees the shared demo school's published-course allowance.
        const api = await playwright.request.newContext({ baseURL });
        await unpublishCourse(api, courseId);
        await api.dispose();
      },
    );
  });
}
