import type { Page } from '@playwright/test';
import { MSG } from '../packages/contracts/src/messages';
import { advance, detailOf, newSchool } from './support/billing';
import { expect, test } from './support/fixtures';

/** The sandbox's test cards (SANDBOX_CARDS): paid, and paid now with its renewals declined. */
const CARD_PAID = '4242 4242 4242 4242';
const CARD_RENEWALS_DECLINED = '4000 0000 0000 0341';

/** Buys monthly Kickstarter through checkout and the sandbox's card page, as a school does. */
async function buyKickstarter(page: Page, cardNumber: string) {
  await page.getByRole('button', { name: 'Get Started with Kickstarter' }).click();
  await expect(page).toHaveURL(/\/admin\/checkout$/);
  await page.getByRole('button', { name: 'Pay with card' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Rene Renewer');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText(MSG.paymentSuccess).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
}

test('a plan bought with the sandbox card renews by itself; cancel and resume are confirmed first', async ({
  page,
  request,
}, testInfo) => {
  await newSchool(page, request, 'Renewal School');
  await buyKickstarter(page, CARD_PAID);

  await page.goto('/admin/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Plan & billing' })).toBeVisible();
  await expect(detailOf(page, 'Auto-renew')).toHaveText('On');
  await expect(detailOf(page, 'Renews on')).toContainText('for $39.00 USD, charged to the card ending 4242');
  await page.screenshot({ path: testInfo.outputPath('billing-renews.png'), fullPage: true });

  // A month goes by: the round charges the saved card once and the plan runs another month.
  expect(await advance(page, request, 31)).toMatchObject({ renewed: 1, failed: 0 });
  await page.reload();
  await expect(detailOf(page, 'Auto-renew')).toHaveText('On');
  await expect(detailOf(page, 'Renews on')).toContainText('charged to the card ending 4242');
  // The plan runs another month: its next renewal is weeks away again. (Its date may read as before: the
  // plan was moved 31 days back, which from a month of 31 days is exactly the month it renewed for.)
  const renewsOn = (await detailOf(page, 'Renews on').textContent())?.split(' for ')[0] ?? '';
  expect(Date.parse(renewsOn), renewsOn).toBeGreaterThan(Date.now() + 20 * 24 * 3600 * 1000);
  await expect(detailOf(page, 'Plan')).toHaveText('Kickstarter');

  await page.getByRole('button', { name: 'Cancel plan' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel your plan?' });
  await expect(cancel).toContainText('your students keep the courses they have');
  await cancel.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(detailOf(page, 'Auto-renew')).toHaveText('Off: cancelled');
  await expect(detailOf(page, 'Ends on')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('billing-cancelled.png'), fullPage: true });

  await page.getByRole('button', { name: 'Resume plan' }).click();
  await page
    .getByRole('dialog', { name: 'Resume your plan?' })
    .getByRole('button', { name: 'Resume plan' })
    .click();
  await expect(detailOf(page, 'Auto-renew')).toHaveText('On');
});

test('a renewal the card declines enters grace, shown on Plan & billing and the plans screen', async ({
  page,
  request,
}, testInfo) => {
  await newSchool(page, request, 'Grace School');
  await buyKickstarter(page, CARD_RENEWALS_DECLINED);

  expect(await advance(page, request, 31)).toMatchObject({ renewed: 0, failed: 1 });
  await page.goto('/admin/billing');
  const alert = page.getByRole('alert').filter({ hasText: 'Your renewal payment failed' });
  await expect(alert).toContainText(/Your renewal payment failed\. Update your card by \w{3} \d{1,2}, \d{4}/);
  await expect(alert).toContainText('we try the card ending 0341 again daily');
  await expect(detailOf(page, 'Auto-renew')).toHaveText('On: payment failed');
  await expect(detailOf(page, 'Grace until')).toBeVisible();
  // The plan keeps working through grace.
  await expect(detailOf(page, 'Plan')).toHaveText('Kickstarter');
  await page.screenshot({ path: testInfo.outputPath('billing-grace.png'), fullPage: true });

  await page.goto('/admin/subscription');
  await expect(page.getByRole('alert').filter({ hasText: 'Your renewal payment failed' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('plans-grace.png'), fullPage: true });

  // Seven days later, still unpaid: the plan has ended, and the screen says what that means.
  await advance(page, request, 7);
  await page.goto('/admin/billing');
  await expect(page.getByRole('alert').filter({ hasText: 'Your plan ended on' })).toContainText(
    'Your students keep the courses they have, but you cannot publish courses or add students',
  );
  await page.screenshot({ path: testInfo.outputPath('billing-lapsed.png'), fullPage: true });
});
