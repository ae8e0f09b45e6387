import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { logIn } from './support/flows';

// The app runs under its Content-Security-Policy (plugins/security-headers.ts): every violation the page
// reports is recorded and must not happen, on the public pages, with a toast, in the student area and in
// the publisher's screens.

async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);

test('the web app runs under its CSP with no violation reported', async ({ page }) => {
  await recordViolations(page);
  const home = await page.goto('/');
  const csp = home?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto('/courses');
  const firstCourse = page.getByRole('button', { name: 'Creative Photography Basics', exact: true });
  await expect(firstCourse).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await firstCourse.click();
  await expect(page).toHaveURL(/\/courseDetail\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // A wrong password: the toast library and its styles load.
  await logIn(page, 'student@example.com', 'not the password');
  await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await logIn(page, 'student@example.com', 'student123');
  await expect(page).toHaveURL(/\/students/);
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the publisher screens run under the CSP too', async ({ page }) => {
  await recordViolations(page);
  await logIn(page, 'publisher@example.com', 'publisher123');
  await expect(page).toHaveURL(/\/admin/);
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
  for (const screen of ['/admin/previousCourses', '/admin/myStudents', '/admin/subscription']) {
    await page.goto(screen);
    await expect(page.getByRole('heading').first()).toBeVisible();
    expect(await violations(page), screen).toEqual([]);
  }
  // Every other journey runs under the same policy: a violation is a console error, which fails it
  // (support/fixtures.ts), so the bulk upload panel, the players and the checkout are covered there.
  const screen = await page.request.get('/admin/subscription');
  expect(screen.headers()['content-security-policy']).toContain("default-src 'self'");
  // JSON is data: an API answer allows nothing, a visitor's public one carries nosniff.
  const refused = await page.request.get('/api/courses/details/999999');
  expect(refused.status()).toBe(404);
  expect(refused.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  const catalogue = await page.request.get('/api/courses/GetAllCoursesDetail?page=1&pageSize=1');
  expect(catalogue.headers()['x-content-type-options']).toBe('nosniff');
});
