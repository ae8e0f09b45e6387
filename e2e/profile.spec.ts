import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, signedUpStudent } from './support/api';
import { expectAccessible } from './support/axe';
import { expect, journeyAt, test, WIDTHS } from './support/fixtures';
import { logIn } from './support/flows';
import { waitForCode } from './support/outbox';
import { shot } from './support/screens';

const sessionStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/users/GetMyProfile', { headers: { Authorization: `Bearer ${token}` } })).status();

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 768;

/** Opens the user menu (the dropdown, or the slide-in menu on a phone) and chooses an entry. */
async function chooseFromUserMenu(page: Page, entry: 'Account Settings' | 'Log Out') {
  if (isDesktop(page)) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole(entry === 'Log Out' ? 'button' : 'link', { name: entry }).click();
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole(entry === 'Log Out' ? 'button' : 'link', { name: entry }).click();
  }
}

/** The name the header shows: beside the avatar on a wide screen, in the slide-in menu on a phone. */
async function expectHeaderName(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  if (width >= 1024) {
    await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(name);
    return;
  }
  if (isDesktop(page)) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    return;
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByText(name, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Four logins, two password changes and a mailed code, each hashed or sent by the server: more than
    // the usual minute on a shared two-core machine.

    test('Account Settings from the user menu: a new name, a new password, and a login with it', async ({
      page,
      request,
    }) => {
      const student = await signedUpStudent(request, {
        prefix: `profile${width}`,
        password: 'first password 1',
      });
      await logIn(page, student.email, student.password);
      await expect(page).toHaveURL(/\/students/);
      await expectHeaderName(page, student.name);
      const elsewhere = (await apiLogin(request, student.email, student.password)).token;

      await chooseFromUserMenu(page, 'Account Settings');
      await expect(page).toHaveURL(/\/students\/settings$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
      await expect(page.getByLabel('Full Name')).toHaveValue(student.name);
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(student.email);
      await expectAccessible(page);
      await shot(page, `account-settings-${width}`);

      // The name: saved with the spec's toast, and the header follows.
      const newName = `Morgan Harbourmaster ${width}`;
      await page.getByLabel('Full Name').fill(newName);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Profile updated successfully!').first()).toBeVisible();
      await expectHeaderName(page, newName);

      // A wrong current password is refused beside its field; the student stays signed in.
      await page.getByLabel('Current Password').fill('not my password');
      await page.getByLabel('New Password', { exact: true }).fill('second password 2');
      await page.getByLabel('Confirm New Password').fill('second password 2');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByText('Your current password is not correct. Please try again.')).toBeVisible();
      await expect(page).toHaveURL(/\/students\/settings$/);
      await shot(page, `account-settings-wrong-password-${width}`);

      await page.getByLabel('Current Password').fill(student.password);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByText(/your other devices and browsers were signed out/)).toBeVisible();
      await expect(page.getByText('Your password has been changed.').first()).toBeVisible();
      expect(await sessionStatus(request, elsewhere)).toBe(401);

      // The profile shows the real account.
      await page.goto('/students/profile');
      await expect(page.getByRole('heading', { level: 2, name: newName })).toBeVisible();
      await expect(page.getByText(student.email).first()).toBeVisible();
      await expect(page.getByText('Verified e-mail')).toBeVisible();
      await expect(page.getByText('Completed courses')).toBeVisible();
      await expectAccessible(page);
      await shot(page, `profile-${width}`);

      await chooseFromUserMenu(page, 'Log Out');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('You have logged out successfully.').first()).toBeVisible();
      await logIn(page, student.email, student.password);
      await expect(page.getByText('Login failed: Invalid username or password.').first()).toBeVisible();
      await logIn(page, student.email, 'second password 2');
      await expect(page).toHaveURL(/\/students/);
      await expectHeaderName(page, newName);
    });

    // The same steps at both widths (no menu): run at one (support/fixtures.ts, journeyAt).
    journeyAt(width, 360)(
      'Edit Profile on the profile, and a forgotten password changed with a mailed code',
      async ({ page, request }) => {
        const student = await signedUpStudent(request, {
          prefix: `forgot${width}`,
          password: 'first password 1',
        });
        await logIn(page, student.email, student.password);
        await expect(page).toHaveURL(/\/students/);
        const elsewhere = (await apiLogin(request, student.email, student.password)).token;

        await page.goto('/students/profile');
        await page.getByRole('button', { name: 'Edit Profile' }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
        await expect(dialog.getByLabel('Full Name')).toHaveValue(student.name);
        await expectAccessible(page);
        await shot(page, `profile-edit-${width}`);
        await dialog.getByLabel('Full Name').fill(`Morgan Tidewater ${width}`);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByText('Profile updated successfully!').first()).toBeVisible();
        await expect(dialog).toBeHidden();
        await expect(
          page.getByRole('heading', { level: 2, name: `Morgan Tidewater ${width}` }),
        ).toBeVisible();

        await page.getByRole('link', { name: 'Change password' }).click();
        await expect(page).toHaveURL(/\/students\/settings$/);
        const since = Date.now();
        await page.getByRole('button', { name: 'E-mail me a code' }).click();
        await expect(page.getByText(/We sent a 6-digit code to/)).toContainText(student.email);
        await expect(page.getByLabel('Current Password')).toHaveCount(0);
        await expectAccessible(page);
        await shot(page, `account-settings-code-${width}`);

        // The code input's six boxes: typed into the first, the code spreads over them.
        await page
          .getByRole('group', { name: 'Code from the e-mail' })
          .getByLabel('Digit 1 of 6')
          .fill(await waitForCode(student.email, since));
        await page.getByLabel('New Password', { exact: true }).fill('mailed password 3');
        await page.getByLabel('Confirm New Password').fill('mailed password 3');
        await page.getByRole('button', { name: 'Change Password' }).click();
        await expect(page.getByText(/your other devices and browsers were signed out/)).toBeVisible();
        // This browser stays signed in; the other one is signed out.
        await expect(page.getByLabel('Current Password')).toBeVisible();
        expect(await sessionStatus(request, elsewhere)).toBe(401);

        await chooseFromUserMenu(page, 'Log Out');
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByText('You have logged out successfully.').first()).toBeVisible();
        await logIn(page, student.email, 'mailed password 3');
        await expect(page).toHaveURL(/\/students/);
      },
    );
  });
}
