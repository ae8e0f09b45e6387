import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO_STUDENT, PUBLISHER } from './support/courses';
import { expect, test } from './support/fixtures';
import { logIn } from './support/flows';

// Every screen of the main journeys in Spanish and in Arabic, on a laptop and on a phone
// (docs/decisions/044): no text the catalogues say otherwise is left in English, Arabic runs right to left,
// and nothing runs off the screen.

const LOCALES = new URL('../apps/web/src/locales/', import.meta.url);

/** A language's messages, every namespace's, by their full id. */
const catalogue = (language: string): Map<string, string> => {
  const messages = new Map<string, string>();
  for (const file of readdirSync(new URL(`${language}/`, LOCALES))) {
    const namespace = file.replace(/\.json$/, '');
    const entries = JSON.parse(readFileSync(new URL(`${language}/${file}`, LOCALES), 'utf8'));
    for (const [key, text] of Object.entries<string>(entries)) messages.set(`${namespace}.${key}`, text);
  }
  return messages;
};

const english = catalogue('en');

/**
 * The English texts a language says otherwise, as a page would show them whole: plain messages only
 * (no placeholder, tag or plural), with a word of four letters or more, so a shared name ("Skillwise")
 * or a short code is not taken for English left behind.
 */
/** The demo course's lesson titles, which the landing page's picture of a course borrows: content, not texts. */
const DEMO_CONTENT = new Set(['Welcome to the course', 'Course guide']);

const englishOnlyIn = (language: string): Set<string> => {
  const translated = catalogue(language);
  const texts = new Set<string>();
  for (const [id, text] of english) {
    const other = translated.get(id);
    if (other === undefined || other === text || /[{}<]/.test(text) || !/\p{L}{4,}/u.test(text)) continue;
    if (DEMO_CONTENT.has(text)) continue;
    texts.add(text.trim());
  }
  return texts;
};

/** What a page shows and says: each line of its text, and the labels and placeholders people hear or see. */
const shownTexts = (page: Page) =>
  page.evaluate(() => {
    const lines = document.body.innerText.split('\n').map((line) => line.trim());
    const labels = [...document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')].flatMap(
      (element) =>
        ['aria-label', 'placeholder', 'title', 'alt']
          .map((name) => element.getAttribute(name)?.trim() ?? '')
          .filter(Boolean),
    );
    return [...lines, ...labels].filter(Boolean);
  });

const PUBLIC_PAGES = [
  '/',
  '/courses',
  '/courseDetail?id=1',
  '/help',
  '/login',
  '/register',
  '/registerOption',
  '/resetPasswordRequest',
];
const STUDENT_PAGES = [
  '/students/myCourses',
  // The demo student's free course (the seed's second), opened on its first lesson.
  '/students/takeCourse?id=2',
  '/students/courses',
  '/students/courseDetails?id=1',
  '/students/certificates',
  '/students/notifications',
  '/students/profile',
  '/students/settings',
];
const ADMIN_PAGES = [
  '/admin',
  '/admin/adminCourseDetails?id=1',
  '/admin/curriculum?id=1',
  '/admin/createCourse',
  '/admin/myStudents',
  '/admin/billing',
  '/admin/team',
  '/admin/settings',
  '/admin/site',
  '/admin/notifications',
  '/admin/grading',
  '/admin/emailStudents',
  '/admin/previewCourse?id=2',
  '/admin/subscription',
];

/** Opens each page in turn and checks it; the English left on each page, by page. */
async function walk(page: Page, paths: string[], language: string, leftovers: Record<string, string[]>) {
  const telltales = englishOnlyIn(language);
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const english = (await shownTexts(page)).filter((text) => telltales.has(text));
    if (english.length > 0) leftovers[path] = [...new Set(english)];
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} runs ${overflow} px off the screen`).toBeLessThanOrEqual(0);
    if (process.env.E2E_SCREENSHOTS) {
      const name = `${language}-${page.viewportSize()?.width}${path.replace(/[^a-z0-9]+/gi, '-')}.png`;
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}`, fullPage: true });
    }
  }
}

/** Signs in with the English form, then reads on in `language`, kept as a reader's own choice. */
async function signInThenRead(page: Page, email: string, password: string, language: string) {
  await logIn(page, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.evaluate((locale) => localStorage.setItem('locale', locale), language);
}

for (const language of ['es', 'ar'] as const) {
  for (const width of [1280, 360] as const) {
    test.describe(`in ${language} at ${width} px`, () => {
      test.use({ viewport: { width, height: width === 360 ? 780 : 800 } });

      test('the public pages, the student area and the admin screens', async ({ page }) => {
        test.slow();
        const leftovers: Record<string, string[]> = {};
        await page.goto('/');
        await page.evaluate((locale) => localStorage.setItem('locale', locale), language);
        await walk(page, PUBLIC_PAGES, language, leftovers);

        await page.evaluate(() => localStorage.removeItem('locale'));
        await signInThenRead(page, DEMO_STUDENT.email, DEMO_STUDENT.password, language);
        await walk(page, STUDENT_PAGES, language, leftovers);

        await page.evaluate(() => localStorage.clear());
        await signInThenRead(page, PUBLISHER.email, PUBLISHER.password, language);
        await walk(page, ADMIN_PAGES, language, leftovers);

        expect(leftovers, 'texts still in English').toEqual({});
      });
    });
  }
}
