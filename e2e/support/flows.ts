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
