import type { Page } from '@playwright/test';
import { uniqueSuffix } from './support/api';
import { seriousViolations } from './support/axe';
import { addEnrolledStudent, createCourse, DEMO_STUDENT, PUBLISHER } from './support/courses';
import { expect, journeyAt, test, WIDTHS } from './support/fixtures';
import { enterCode, logIn } from './support/flows';
import { uniqueEmail, waitForCode } from './support/outbox';

const unique = uniqueSuffix();
const course = { title: `Return Trip ${unique}`, id: 0 };
const owner = { name: `Ola Owner ${unique}`, email: uniqueEmail('ola'), password: 'owns-a-course-1' };

const fillLogin = async (page: Page, email: string, password: string) => {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
};

const enrollFromCoursePage = async (page: Page) => {
  await page.goto(`/courseDetail?id=${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await page.getByRole('button', { name: 'Enroll Now' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2FcourseDetail%3Fid%3D\d+$/);
  // The address changes as the move starts; the login screen shows once its code has arrived.
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
};

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  course.id = (
    await createCourse(api, {
      title: course.title,
      unique,
      lessons: [{ title: 'First knot', type: 'video' }],
      published: true,
    })
  ).courseId;
  await addEnrolledStudent(api, owner, course.id);
  await api.dispose();
});

// Each journey takes the same steps at both widths: they share them (support/fixtures.ts, journeyAt).
for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    journeyAt(width, 360)('Enroll Now, then logging in, comes back to that course', async ({ page }) => {
      await enrollFromCoursePage(page);
      await fillLogin(page, DEMO_STUDENT.email, DEMO_STUDENT.password);
      await expect(page).toHaveURL(new RegExp(`/students/courseDetails\\?id=${course.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Enroll Now' })).toBeVisible();
    });

    journeyAt(width, 1280)(
      'Enroll Now, then signing up with the e-mailed code, comes back to that course',
      async ({ page }) => {
        const email = uniqueEmail(`new${width}`);
        await enrollFromCoursePage(page);
        await page.getByRole('link', { name: 'Sign Up' }).click();
        await expect(page).toHaveURL(/\/registerOption\?next=/);
        await page.getByRole('link', { name: /Enroll Now As Student/ }).click();
        await expect(page).toHaveURL(/\/register\?next=/);
        await page.getByLabel('Full Name').fill(`Nia New ${unique}`);
        await page.getByLabel('Email Address').fill(email);
        await page.getByLabel('Password', { exact: true }).fill('a-new-learner-1');
        await page.getByLabel('Confirm Password').fill('a-new-learner-1');
        const since = Date.now();
        await page.getByRole('button', { name: 'Sign Up' }).click();
        await expect(page).toHaveURL(/\/digitCodeVerification\?next=/);
        expect(new URL(page.url()).searchParams.get('next')).toBe(`/courseDetail?id=${course.id}`);
        await enterCode(page, await waitForCode(email, since));
        await expect(page).toHaveURL(/\/login\?next=/);
        await fillLogin(page, email, 'a-new-learner-1');
        await expect(page).toHaveURL(new RegExp(`/students/courseDetails\\?id=${course.id}$`));
        await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
      },
    );

    journeyAt(width, 360)(
      'a protected link survives the login; a foreign return target is ignored',
      async ({ page }) => {
        await page.goto(`/students/takeCourse?id=${course.id}`);
        await expect(page).toHaveURL(/\/login\?next=%2Fstudents%2FtakeCourse%3Fid%3D\d+$/);
        await expect(page.getByText('No token found. Please log in.')).toBeVisible();
        await fillLogin(page, owner.email, owner.password);
        await expect(page).toHaveURL(new RegExp(`/students/takeCourse\\?id=${course.id}$`));
        await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
        await expect(page.getByRole('complementary', { name: 'Course content' })).toBeVisible();

        // Owned courses say so in the catalogue and on the course page.
        await page.goto(`/students/courses?search=${encodeURIComponent(course.title)}`);
        const card = page.getByRole('article').filter({ hasText: course.title });
        await expect(card.getByText('Go to course')).toBeVisible();
        await card.getByRole('button', { name: course.title }).click();
        await expect(page).toHaveURL(new RegExp(`/students/takeCourse\\?id=${course.id}$`));
        await page.goto(`/students/courseDetails?id=${course.id}`);
        await expect(page.getByRole('link', { name: 'Go to course' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Enroll Now' })).toHaveCount(0);

        // Logged out again, an outside address as the target leads to the usual place.
        await page.evaluate(() => localStorage.clear());
        await page.goto('/login?next=https%3A%2F%2Fevil.example%2Fsteal');
        await fillLogin(page, owner.email, owner.password);
        await expect(page).toHaveURL(/\/students$/);
        await page.evaluate(() => localStorage.clear());
        await page.goto('/login?next=%2F%2Fevil.example');
        await fillLogin(page, owner.email, owner.password);
        await expect(page).toHaveURL(/\/students$/);
      },
    );

    journeyAt(width, 1280)(
      'a student is kept out of the publisher’s area, a publisher out of the student area',
      async ({ page }) => {
        await logIn(page, DEMO_STUDENT.email, DEMO_STUDENT.password);
        await expect(page).toHaveURL(/\/students$/);
        for (const path of [
          '/admin',
          '/admin/adminCourseDetails',
          '/admin/previewCourse?id=1',
          '/myStudents',
        ]) {
          await page.goto(path);
          await expect(page).toHaveURL(/\/students$/);
          await expect(
            page.getByText('This area is for publishers. You are signed in as a student.'),
          ).toBeVisible();
          await expect(page.getByText('Publisher dashboard')).toHaveCount(0);
        }
        expect(await seriousViolations(page)).toEqual([]);

        await page.evaluate(() => localStorage.clear());
        await logIn(page, PUBLISHER.email, PUBLISHER.password);
        await expect(page).toHaveURL(/\/admin$/);
        await page.goto('/students/myCourses');
        await expect(page).toHaveURL(/\/admin$/);
        await expect(
          page.getByText('This area is for students. You are signed in as a publisher.'),
        ).toBeVisible();
        await expect(page.getByRole('heading', { level: 1, name: 'My Course' })).toBeVisible();
      },
    );
  });
}
