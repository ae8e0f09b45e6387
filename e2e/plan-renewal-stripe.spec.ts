import type { Page } from '@playwright/test';
import { MSG } from '../packages/contracts/src/messages';
import { advance, detailOf, newSchool } from './support/billing';
import { expect, test } from './support/fixtures';
import { stripeSettings } from './support/stripe';

/**
 * A plan bought through Stripe Checkout renews through Stripe Billing (docs/decisions/027), on the app
 * configured with Stripe: the fake renews the subscription on its side and reports it by webhook.
 */
const stripe = stripeSettings();
test.use({ baseURL: stripe.appOrigin });

/** Stripe's test cards: paid; paid at checkout with every later charge declined. */
const CARD_PAID = '4242 4242 4242 4242';
const CARD_RENEWALS_DECLINED = '4000 0000 0000 0341';

/** Buys monthly Kickstarter through checkout and Stripe's hosted page (the fake's), as a school does. */
async function buyKickstarterOnStripe(page: Page, cardNumber: string) {
  await page.getByRole('button', { name: 'Get Started with Kickstarter' }).click();
  await expect(page).toHaveURL(/\/admin\/checkout$/);
  await page.getByRole('button', { name: 'Pay with card' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.fakeOrigin}/checkout/pay/cs_test_`));
  await expect(page.getByText('Total: 39.00 USD')).toBeVisible();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(MSG.paymentSuccess).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${stripe.appOrigin}/admin$`));
}

/** Stripe's clock: the school's subscription reaches its period's end and Stripe charges it (or not). */
async function stripeRenews(email: string, decline = false) {
  const response = await fetch(`${stripe.fakeOrigin}/test/subscriptions/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, decline: String(decline) }),
  });
  expect(response.status, await response.text()).toBe(200);
}

test('a plan Stripe renews says so; Stripe’s renewal starts the next period', async ({ page, request }) => {
  const email = await newSchool(page, request, 'Stripe Renewal School', process.env.E2E_STRIPE_DIR);
  await buyKickstarterOnStripe(page, CARD_PAID);

  await page.goto('/admin/billing');
  await expect(detailOf(page, 'Auto-renew')).toHaveText('On');
  await expect(detailOf(page, 'Renews on')).toContainText(
    'through Stripe for $39.00 USD, charged to the card ending 4242',
  );
  const firstRenewal = await detailOf(page, 'Renews on').textContent();

  await stripeRenews(email);
  await expect(async () => {
    await page.reload();
    expect(await detailOf(page, 'Renews on').textContent()).not.toBe(firstRenewal);
  }).toPass();
  await expect(detailOf(page, 'Renews on')).toContainText('through Stripe');
  await expect(detailOf(page, 'Plan')).toHaveText('Kickstarter');
});

test('a renewal Stripe could not charge gives grace, then the plan lapses', async ({ page, request }) => {
  const email = await newSchool(page, request, 'Stripe Grace School', process.env.E2E_STRIPE_DIR);
  await buyKickstarterOnStripe(page, CARD_RENEWALS_DECLINED);

  await stripeRenews(email);
  await page.goto('/admin/billing');
  const alert = page.getByRole('alert').filter({ hasText: 'Your renewal payment failed' });
  await expect(async () => {
    await page.reload();
    await expect(alert).toContainText('Stripe tries the card ending 0341 again', { timeout: 1000 });
  }).toPass();
  await expect(detailOf(page, 'Auto-renew')).toHaveText('On: payment failed');
  await expect(detailOf(page, 'Plan')).toHaveText('Kickstarter');

  // The grace's seven days go by unpaid: the plan has ended.
  await advance(page, request, 8);
  await page.goto('/admin/billing');
  await expect(page.getByRole('alert').filter({ hasText: 'Your plan ended on' })).toContainText(
    'Your students keep the courses they have, but you cannot publish courses or add students',
  );
});
