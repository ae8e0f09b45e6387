import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueSuffix } from './support/api';
import { expectAccessible } from './support/axe';
import {
  addEnrolledStudent,
  createCourse,
  fixtureFile,
  PUBLISHER,
  publisherApi,
  unpublishCourse,
} from './support/courses';
import { expect, test, WIDTHS } from './support/fixtures';
import { logIn } from './support/flows';
import { uniqueEmail } from './support/outbox';
import { shot } from './support/screens';

/**
 * Release schedules (docs/decisions/032): a student sees a section that opens on a date, locked with its
 * date; the school opens everything for them from the student's Enrollments; the lesson opens.
 */
const unique = uniqueSuffix();
const LATER = 'Reading the stars';

/** A published course whose first section is open and whose second opens in ten days, with a student. */
async function scheduledCourse(api: APIRequestContext, width: number) {
  const title = `Night Sailing ${width} ${unique}`;
  const { courseId } = await createCourse(api, {
    title,
    unique: `r${width}${unique}`,
    lessons: [{ title: 'Lights and buoys', type: 'pdf' }],
    published: false,
  });
  const { headers, ok } = await publisherApi(api);
  const opensAt = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const section = await ok<{ section_Id: number; release_mode: string }>(
    api.post('/api/courseSections/InsertCourseSections', {
      headers,
      data: {
        course_id: courseId,
        section_name: 'Week two',
        published: true,
        release_mode: 'on_date',
        release_at: opensAt,
      },
    }),
  );
  expect(section.release_mode).toBe('on_date');
  const lesson = await ok<{ lesson_Id: number }>(
    api.post('/api/lessons/createLessons', {
      headers,
      multipart: {
        'Object.lesson_Id': '0',
        'Object.lesson_title': LATER,
        'Object.contentType': 'pdf',
        'Object.section_Id': String(section.section_Id),
        fileName: fixtureFile('lesson.pdf', 'application/pdf'),
      },
    }),
  );
  await ok(
    api.put('/api/lessons/publishUnpublishLesson', {
      headers,
      data: { Id: lesson.lesson_Id, published: true },
    }),
  );
  await ok(
    api.put('/api/courses/publishUnpublishCourse', { headers, data: { Id: courseId, published: true } }),
  );
  const student = {
    name: `Vega Stars ${width} ${unique}`,
    email: uniqueEmail('vega'),
    password: 'look-up-at-night-1',
  };
  await addEnrolledStudent(api, student, courseId);
  return { courseId, title, student };
}

const openWeekTwo = async (page: Page, courseId: number, title: string) => {
  await page.goto(`/students/takeCourse?id=${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page
    .getByRole('list', { name: 'Sections' })
    .getByRole('button', { name: /Week two/ })
    .click();
};

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a student sees a locked section with its date; the school opens everything; the lesson opens', async ({
      page,
      browser,
      playwright,
    }, testInfo) => {
      test.slow();
      const baseURL = testInfo.project.use.baseURL;
      const api = await playwright.request.newContext({ baseURL });
      const { courseId, title, student } = await scheduledCourse(api, width);

      // The student: the later section's lesson is locked, says when it opens, and opens nothing.
      await logIn(page, student.email, student.password);
      await expect(page).toHaveURL(/\/students/);
      await openWeekTwo(page, courseId, title);
      const sections = page.getByRole('list', { name: 'Sections' });
      await expect(sections.getByText(LATER)).toBeVisible();
      await expect(sections.getByText(/Opens on [A-Z][a-z]{2} \d{1,2}, \d{4}/)).toBeVisible();
      await expect(sections.getByRole('button', { name: new RegExp(LATER) })).toHaveCount(0);
      await expectAccessible(page);
      await shot(page, `release-locked-${width}`);

      // The school opens every section for this student from the student's Enrollments.
      const school = await browser.newPage({ viewport: { width, height: 900 } });
      await logIn(school, PUBLISHER.email, PUBLISHER.password);
      await expect(school).toHaveURL(/\/admin$/);
      await school.goto('/admin/myStudents');
      await expect(school.getByRole('heading', { level: 1, name: 'My Students' })).toBeVisible();
      await school.getByLabel('Search by name or email').fill(student.email);
      await school.getByRole('button', { name: student.name, exact: true }).click();
      await expect(school).toHaveURL(/\/myStudents$/);
      await school.getByRole('button', { name: 'Enrollments' }).click();
      await expect(school.getByRole('heading', { name: 'Enrollments' })).toBeVisible();
      await expect(school.getByText(/Starts .* \(enrolment\)/)).toBeVisible();
      await school.getByRole('button', { name: `Change the schedule of ${title}` }).click();
      const dialog = school.getByRole('dialog', { name: 'Release schedule' });
      await dialog.getByRole('checkbox', { name: /Open every section now/ }).check();
      await expectAccessible(school);
      await shot(school, `release-school-${width}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(school.getByText('Every section open')).toBeVisible();
      await expectAccessible(school);
      await shot(school, `release-school-saved-${width}`);
      await school.close();

      // The student's lesson opens.
      await openWeekTwo(page, courseId, title);
      const lesson = sections.getByRole('button', { name: new RegExp(LATER) });
      await expect(lesson).toBeVisible();
      await expect(sections.getByText(/Opens on/)).toHaveCount(0);
      await lesson.click();
      await expect(page.getByRole('heading', { level: 2, name: LATER })).toBeVisible();
      await expect(page.getByTitle(`${LATER} (PDF)`)).toBeVisible();
      await expectAccessible(page);
      await shot(page, `release-open-${width}`);

      await unpublishCourse(api, courseId);
      await api.dispose();
    });
  });
}
