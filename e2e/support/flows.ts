import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { waitForCode } from './outbox';

/** Types the code from the e-mail into the six boxes and submits it. */
export async function enterCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code, { delay: 20 });
  await expect(page.getByLabel('Digit 6 of 6')).toHaveValue(code.at(-1) ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
}

export async function verifyFromMail(page: Page, email: string, since: number) {
  await expect(page).toHaveURL(/\/digitCodeVerification$/);
  await enterCode(page, await waitForCode(email, since));
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * Closes the toasts shown, so that the page is checked without them over it: again until none is left,
 * so a toast that appears while the others close (its answer came a moment late) is closed too.
 */
export async function closeToasts(page: Page) {
  const toasts = page.locator('.Toastify__toast');
  await expect(async () => {
    for (const close of await page.locator('.Toastify__close-button').all()) {
      // One that closed by itself meanwhile is gone: nothing to click.
      await close.click({ timeout: 5_000 }).catch(() => undefined);
    }
    await expect(toasts).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}
