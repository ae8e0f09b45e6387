import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { uniqueSuffix } from './support/api';
import { expectAccessible } from './support/axe';
import { expect, test, WIDTHS } from './support/fixtures';
import { closeToasts, enterCode, logIn } from './support/flows';
import { uniqueEmail, waitForCode } from './support/outbox';
import { categoryAndAuthor, growthSchool, publishedCourse } from './support/schools';
import { shot } from './support/screens';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
/** The school's colour: white text on it has a contrast of 5.5:1. */
const COLOR = '#0f766e';
const COLOR_RGB = 'rgb(15, 118, 110)';

/** A new school on the Growth plan with one published course, through the API; its login and course title. */
async function schoolWithCourse(api: APIRequestContext, unique: string) {
  const { email, password, headers } = await growthSchool(api, {
    name: `Kiln School ${unique}`,
    emailPrefix: 'kiln',
    fullName: 'Kim Kiln',
  });
  const { categoryId, authorId } = await categoryAndAuthor(
    api,
    headers,
    { name: `Ceramics ${unique}`, description: 'Clay and fire.' },
    {
      firstName: 'Kim',
      lastName: `Kiln ${unique}`,
      gender: 'F',
      email: `kim.${unique}@example.com`,
      bio: 'Fires pots.',
    },
  );
  const title = `Glazing ${unique}`;
  await publishedCourse(api, headers, {
    title,
    description: 'Colours that survive the kiln.',
    price: '0',
    categoryId,
    authorId,
  });
  return { email, password, title };
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a school sets its brand, its site shows only its courses in its colours, and a student signs up from it', async ({
      page,
      request,
    }) => {
      const unique = uniqueSuffix();
      const school = await schoolWithCourse(request, unique);
      const slug = `kiln-${unique}`;

      // The brand, on the School site screen opened from Settings.
      await logIn(page, school.email, school.password);
      await expect(page).toHaveURL(/\/admin/);
      await page.goto('/admin/settings');
      await page.getByRole('link', { name: 'Edit your site' }).click();
      await expect(page).toHaveURL(/\/admin\/site$/);
      // The text box itself: Settings' own "Address" section may still be on screen while this one loads.
      await page.getByRole('textbox', { name: 'Address', exact: true }).fill(slug);
      await page.getByRole('textbox', { name: /^Headline/ }).fill('Hands in the clay');
      await page.getByRole('textbox', { name: /^About/ }).fill('Small classes.\n\nReal kilns.');
      // Too light for white text: refused with its contrast.
      await page.getByRole('textbox', { name: 'Colour', exact: true }).fill('#ffff00');
      await page.getByRole('button', { name: 'Save brand' }).click();
      await expect(page.getByText(/contrast of 1\.1:1; choose a darker colour/)).toBeVisible();
      await page.getByRole('textbox', { name: 'Colour', exact: true }).fill(COLOR);
      const preview = page.getByRole('region', { name: 'Preview' });
      await expect(preview.getByText('Hands in the clay')).toBeVisible();
      await page.getByRole('button', { name: 'Save brand' }).click();
      await expect(page.getByText('Your site is saved.')).toBeVisible();
      await page.locator('#school-logo').setInputFiles(fixture('cover.png'));
      await expect(page.getByText('The logo is saved.')).toBeVisible();
      await expect(page.getByRole('img', { name: 'Your logo' })).toBeVisible();
      await closeToasts(page);
      await expectAccessible(page);
      await shot(page, `school-site-settings-${width}`);
      const siteUrl = await page.getByRole('link', { name: 'Open your site' }).getAttribute('href');
      expect(siteUrl).toMatch(new RegExp(`/s/${slug}$`));

      // The site, as a visitor: its own course only, in its colour.
      await page.evaluate(() => localStorage.clear());
      await page.goto(`/s/${slug}`);
      await expect(page).toHaveTitle(`Kiln School ${unique} · Skillwise`);
      await expect(page.getByRole('heading', { level: 1, name: `Kiln School ${unique}` })).toBeVisible();
      await expect(page.getByText('Hands in the clay')).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: school.title })).toBeVisible();
      await expect(page.getByText('1 course', { exact: true })).toBeVisible();
      // The demo school's published course is in the installation's catalogue, not on this site.
      await page.getByRole('searchbox', { name: 'Search By Class Name' }).fill('Creative Photography');
      await expect(page.getByText('No courses found')).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search By Class Name' }).fill('');
      const signUp = page.getByRole('link', { name: 'Sign Up' });
      await expect(signUp).toHaveCSS('background-color', COLOR_RGB);
      await expectAccessible(page);
      await shot(page, `school-site-home-${width}`);

      await page.getByRole('heading', { level: 3, name: school.title }).click();
      await expect(page).toHaveURL(new RegExp(`/s/${slug}/courses/\\d+$`));
      await expect(page.getByRole('heading', { level: 1, name: school.title })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Enroll Now' })).toHaveCSS('background-color', COLOR_RGB);
      await expectAccessible(page);
      await shot(page, `school-site-course-${width}`);

      // A student signs up from the site and lands back on it.
      await signUp.click();
      await expect(page).toHaveURL(new RegExp(`/s/${slug}/signUp$`));
      await expect(page.getByRole('heading', { name: `Join Kiln School ${unique}` })).toBeVisible();
      await expectAccessible(page);
      await shot(page, `school-site-signup-${width}`);
      const email = uniqueEmail('potter');
      const since = Date.now();
      await page.getByLabel('Full Name').fill('Pat Potter');
      await page.getByLabel('Email Address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('potter password');
      await page.getByLabel('Confirm Password').fill('potter password');
      await page.getByRole('button', { name: 'Sign Up' }).last().click();
      await expect(page).toHaveURL(/\/digitCodeVerification\?next=/);
      await enterCode(page, await waitForCode(email, since));
      await expect(page).toHaveURL(/\/login\?next=/);
      await page.getByLabel('Email Address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('potter password');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page).toHaveURL(new RegExp(`/s/${slug}$`));
      await expect(page.getByRole('heading', { level: 1, name: `Kiln School ${unique}` })).toBeVisible();
      await expect(page.getByRole('link', { name: 'My Courses' }).first()).toBeVisible();
    });
  });
}
