import { expect, test } from './support/fixtures';
import { enterCode, logIn, verifyFromMail } from './support/flows';
import { uniqueEmail, waitForCode } from './support/outbox';

test('a student signs up, takes the code from the mail, verifies, logs in and lands on /students', async ({
  page,
}) => {
  const email = uniqueEmail('student');
  await page.goto('/registerOption');
  await page.getByRole('link', { name: 'Enroll Now As Student' }).click();
  await expect(page).toHaveURL(/\/register$/);

  const since = Date.now();
  await page.getByLabel('Full Name').fill('Stella Student');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('stella password');
  await page.getByLabel('Confirm Password').fill('stella password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Registration successful!').first()).toBeVisible();

  // Resend code: the code went moments ago, so the server says so and the button counts the wait down.
  await expect(page).toHaveURL(/\/digitCodeVerification$/);
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'less than a minute ago' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();

  await verifyFromMail(page, email, since);
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, 'stella password');
  await expect(page).toHaveURL(/\/students/);
  await expect(page.getByText('Login successful!').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('current_user_role'))).toBe('3');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
});

test('a publisher registers an organisation, verifies, logs in and lands on /admin/subscription', async ({
  page,
}) => {
  const email = uniqueEmail('publisher');
  await page.goto('/registerOption');
  await page.getByRole('link', { name: 'Enroll Now As Author' }).click();
  await expect(page).toHaveURL(/\/registerOrg$/);

  const since = Date.now();
  await page.getByLabel('Organization Name').fill('Harbour School');
  await page.getByLabel('Organization Web Address').fill('https://harbour.example.com');
  await page.getByLabel('Organization Description').fill('Sailing lessons');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Full Name').fill('Hal Harbour');
  await page.getByLabel('Password', { exact: true }).fill('harbour password');
  await page.getByLabel('Confirm Password').fill('harbour password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration successful!').first()).toBeVisible();

  // Resend code: the code went moments ago, so the server says so and the button counts the wait down.
  await expect(page).toHaveURL(/\/digitCodeVerification$/);
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'less than a minute ago' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();

  await verifyFromMail(page, email, since);
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, 'harbour password');
  await expect(page).toHaveURL(/\/admin\/subscription$/);
  await expect(page.getByText('Kickstarter').first()).toBeVisible();
  await expect(page.getByText('$39').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('subscriptionStatus'))).toBe('inactive');
});

test('forgot password: code from the mail, a new password, login with it', async ({ page, request }) => {
  const email = uniqueEmail('forgetful');
  const since = Date.now();
  const registered = await request.post('/api/users/register', {
    data: { email, password: 'old password', fullName: 'Fran Forgetful', role_id: 3 },
  });
  expect(registered.status()).toBe(201);
  const verified = await request.post('/api/users/VerifyVerificationCode', {
    data: { email, verificationCode: await waitForCode(email, since) },
  });
  expect((await verified.json()).verified).toBe(true);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/resetPasswordRequest$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  const resetSince = Date.now();
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await verifyFromMail(page, email, resetSince);

  await expect(page).toHaveURL(/\/resetPassword$/);
  await page.getByLabel('Create Password').fill('new password 2');
  await page.getByLabel(/confirm/i).fill('new password 2');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, 'old password');
  await expect(page.getByText('Login failed: Invalid username or password.').first()).toBeVisible();
  await logIn(page, email, 'new password 2');
  await expect(page).toHaveURL(/\/students/);
});

test('on a phone: the skip link leads to the main content, and toasts stay off the header', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  // The screen is there (its code comes after the layout's): the main landmark focused is the one that stays.
  await expect(page.getByLabel('Email Address')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // A failed login and a good one: their toasts stack at the bottom, and the header stays clear.
  await logIn(page, uniqueEmail('nobody'), 'not a password');
  await expect(page.getByRole('alert').filter({ hasText: 'Login failed' }).first()).toBeVisible();
  await logIn(page, 'student@example.com', 'student123');
  await expect(page).toHaveURL(/\/students$/);
  const toasts = page.locator('.Toastify__toast');
  await expect(toasts.filter({ hasText: 'Login successful!' })).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  // Measured once each toast has slid in: one entering is still below the screen's edge.
  await expect(async () => {
    for (const box of await Promise.all((await toasts.all()).map((t) => t.boundingBox()))) {
      expect(header && box && box.y >= header.y + header.height).toBe(true);
      expect(box && box.y + box.height).toBeLessThanOrEqual(740);
    }
  }).toPass();
});

test('guards, the demo publisher, a wrong code and logout', async ({ page }) => {
  await page.goto('/students');
  // The link asked for is kept, so logging in leads back to it.
  await expect(page).toHaveURL(/\/login\?next=%2Fstudents$/);
  await expect(page.getByText('No token found. Please log in.').first()).toBeVisible();

  await logIn(page, 'publisher@example.com', 'publisher123');
  await expect(page).toHaveURL(/\/admin$/);
  expect(await page.evaluate(() => localStorage.getItem('subscriptionStatus'))).toBe('active');

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have logged out successfully.').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/);

  await page.goto('/digitCodeVerification');
  await page.evaluate(() => localStorage.setItem('userEmail', 'student@example.com'));
  await enterCode(page, '000000');
  await expect(page.getByText(/Invalid verification code|Please Make Sure/).first()).toBeVisible();
});
