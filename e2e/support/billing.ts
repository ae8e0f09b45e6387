import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, uniqueSuffix as unique } from './api';
import { expect } from './fixtures';
import { logIn } from './flows';
import { uniqueEmail, waitForCode } from './outbox';

/**
 * A school registered and verified through the API, then signed in on the page (it lands on the plans).
 * `dataDir`: the data folder of the server the request goes to (its outbox holds the code), when it is
 * not the journeys' main server.
 */
export async function newSchool(page: Page, request: APIRequestContext, name: string, dataDir?: string) {
  const email = uniqueEmail('renewing');
  const password = 'school password';
  const since = Date.now();
  const registered = await request.post('/api/organization/RegisterOrg', {
    data: {
      org_Name: `${name} ${unique()}`,
      org_url: 'https://renewing.example.com',
      primary_email: email,
      fullName: 'Rene Renewer',
      password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const verified = await request.post('/api/users/VerifyVerificationCode', {
    data: { email, verificationCode: await waitForCode(email, since, dataDir) },
  });
  expect(verified.status()).toBe(200);
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/admin\/subscription$/);
  return email;
}

/** The test-only clock (NODE_ENV=test): `days` go by for the signed-in school, then a renewal round runs. */
export async function advance(page: Page, request: APIRequestContext, days: number) {
  const token = await page.evaluate(() => localStorage.getItem('authToken') ?? '');
  const response = await request.post('/api/test/billing/advance', {
    headers: bearer(token),
    data: { days },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { renewed: number; failed: number; lapsed: number };
}

/** The value beside a label of Plan & billing's details. */
export const detailOf = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
