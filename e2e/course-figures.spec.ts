import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { uniqueSuffix } from './support/api';
import { seriousViolations } from './support/axe';
import { addEnrolledStudent, createCourse, unpublishCourse } from './support/courses';
import { expect, test } from './support/fixtures';
import { uniqueEmail } from './support/outbox';

/**
 * The course page and the catalogue card show the course's real figures (DESIGN decision 11): what was
 * put into the database through the API, and what the API answers from it, never a placeholder.
 */

const unique = uniqueSuffix();
const busy = { title: `Tide Tables ${unique}`, id: 0 };
const fresh = { title: `Fresh Knots ${unique}`, id: 0 };
const students = [
  { name: `Ria Tide ${unique}`, email: uniqueEmail('ria'), password: 'tides-and-charts-1', rating: 4 },
  { name: `Ode Wave ${unique}`, email: uniqueEmail('ode'), password: 'tides-and-charts-2', rating: 5 },
];

type Figures = {
  students_count: number;
  published_lessons_count: number;
  duration_seconds: number;
  last_updated: string;
};
/** The course's figures as the server answers them. */
let answered: Figures;

/** A date as the app writes every date (apps/web/src/lib/format.ts): `Mar 4, 2026`. */
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(
    Date.parse(iso),
  );

async function review(
  api: APIRequestContext,
  email: string,
  password: string,
  courseId: number,
  rating: number,
) {
  const login = await api.post('/api/users/Login', { data: { username: email, password } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const saved = await api.post('/api/reviews/SaveCourseReview', {
    headers: { Authorization: `Bearer ${token}` },
    data: { course_Id: courseId, rating, comment: 'Clear and calm.' },
  });
  expect(saved.status()).toBe(201);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  // A 2 s video and a 3 s audio file (e2e/fixtures), a PDF and a text, all published; a draft video
  // that counts for nothing.
  busy.id = (
    await createCourse(api, {
      title: busy.title,
      unique: `b${unique}`,
      published: true,
      lessons: [
        { title: 'Reading the tide', type: 'video' },
        { title: 'Harbour sounds', type: 'audio' },
        { title: 'Tide chart', type: 'pdf' },
        { title: 'Notes', type: 'text' },
        { title: 'Not yet', type: 'video', published: false },
      ],
    })
  ).courseId;
  for (const student of students) {
    await addEnrolledStudent(api, student, busy.id);
    await review(api, student.email, student.password, busy.id, student.rating);
  }
  fresh.id = (
    await createCourse(api, {
      title: fresh.title,
      unique: `f${unique}`,
      published: true,
      lessons: [{ title: 'Knot chart', type: 'pdf' }],
    })
  ).courseId;
  const detail = await api.get(`/api/courses/details/${busy.id}`);
  expect(detail.ok()).toBe(true);
  answered = (await detail.json()) as Figures;
  await api.dispose();
});

test.afterAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  for (const id of [busy.id, fresh.id]) if (id) await unpublishCourse(api, id);
  await api.dispose();
});

/** The course page's figures as a person reads them: each label with its value. */
async function figuresOnPage(page: Page): Promise<Record<string, string>> {
  const list = page.getByRole('heading', { name: 'Course figures' }).locator('..').locator('dl');
  await expect(list).toBeVisible();
  const terms = await list.locator('dt').allInnerTexts();
  const values = await list.locator('dd').allInnerTexts();
  return Object.fromEntries(
    terms.map((term, index) => [term.trim().toLowerCase(), values[index]?.trim() ?? '']),
  );
}

const cardFigures = (card: Locator) =>
  card.getByRole('list', { name: 'Course figures' }).getByRole('listitem');

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the course page shows the figures the database holds', async ({ page }) => {
      // What was stored: two students, four published lessons, 2 s + 3 s of video and audio.
      expect(answered).toMatchObject({ students_count: 2, published_lessons_count: 4, duration_seconds: 5 });

      await page.goto(`/courseDetail?id=${busy.id}`);
      await expect(page.getByRole('heading', { level: 1, name: busy.title })).toBeVisible();
      await expect(page.getByText('4.5 (2 ratings)').first()).toBeVisible();
      expect(await figuresOnPage(page)).toEqual({
        rating: '4.5 (2 ratings)',
        students: '2 students',
        duration: '5 s',
        lessons: '4 lessons',
        'last updated': day(answered.last_updated),
      });
      // The offer's claims are only those that hold: lifetime access, and the school's guarantee (its
      // default 30 days, which a buyer takes up from My Courses).
      await expect(page.getByText('Full lifetime access')).toBeVisible();
      await expect(page.getByText('30-Day Money-Back Guarantee')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/course-figures-page-${width}.png`, fullPage: true });

      await page.goto(`/courseDetail?id=${fresh.id}`);
      await expect(page.getByRole('heading', { level: 1, name: fresh.title })).toBeVisible();
      await expect(page.getByText('No ratings yet').first()).toBeVisible();
      const none = await figuresOnPage(page);
      expect(none).toMatchObject({ rating: 'No ratings yet', students: 'New course', lessons: '1 lesson' });
      // A PDF has no playing time: no duration is claimed.
      expect(none).not.toHaveProperty('duration');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a catalogue card shows the same figures', async ({ page }) => {
      await page.goto(`/courses?search=${encodeURIComponent(busy.title)}`);
      const card = page.getByRole('article').filter({ hasText: busy.title });
      await expect(cardFigures(card)).toHaveText(['2 students', '4 lessons', '5 s']);
      await page.screenshot({ path: `/tmp/course-figures-card-${width}.png`, fullPage: true });

      await page.goto(`/courses?search=${encodeURIComponent(fresh.title)}`);
      const newCard = page.getByRole('article').filter({ hasText: fresh.title });
      await expect(cardFigures(newCard)).toHaveText(['New course', '1 lesson']);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
