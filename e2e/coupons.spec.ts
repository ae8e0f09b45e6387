import type { Page } from '@playwright/test';
import { MSG } from '../packages/contracts/src/messages';
import { signedUpStudent, uniqueSuffix } from './support/api';
import { expectAccessible } from './support/axe';
import { createCourse, PUBLISHER, unpublishCourse } from './support/courses';
import { expect, journeyAt, test, WIDTHS } from './support/fixtures';
import { closeToasts, logIn } from './support/flows';
import { shot } from './support/screens';

const CARD_PAID = '4242 4242 4242 4242';

/** Nothing of the screen reaches past its width (a long code breaks rather than widen the page). */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

/** Signs out of the browser: the next screen is a visitor's. */
const signOut = (page: Page) => page.evaluate(() => localStorage.clear());

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });

    // The same steps at both widths (the screens are reached by their addresses): run at one by default
    // (support/fixtures.ts, journeyAt).
    journeyAt(width, 360)(
      'a school’s 50% coupon link takes half off at checkout, and Sales shows the discount and the code',
      async ({ page, request }, testInfo) => {
        test.slow();
        const tag = uniqueSuffix();
        const title = `Half Hitch ${tag}`;
        const code = `HALF${tag}`.toUpperCase();
        const { courseId } = await createCourse(request, {
          title,
          unique: tag,
          lessons: [{ title: 'Tying it', type: 'pdf' }],
          published: true,
          price: '20.00',
        });
        const student = await signedUpStudent(request, { prefix: 'coupon', name: 'Cora Coupon' });

        // The publisher makes a 50% coupon for this course in Settings.
        await logIn(page, PUBLISHER.email, PUBLISHER.password);
        await expect(page).toHaveURL(/\/admin/);
        await page.goto('/admin/settings');
        const card = page.getByRole('region', { name: 'Coupons' });
        await card.getByRole('button', { name: 'New coupon' }).click();
        const dialog = page.getByRole('dialog', { name: 'New coupon' });
        await dialog.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
        await dialog.getByLabel('Percent off (%)').fill('50');
        await dialog.getByRole('radio', { name: 'Chosen courses' }).check();
        // The demo school has many courses from other journeys: past one page they are searched.
        const courseSearch = dialog.getByRole('searchbox', { name: 'Search your courses' });
        await expect(dialog.getByText(/chosen$/)).toBeVisible();
        if (await courseSearch.isVisible()) await courseSearch.fill(tag);
        await dialog.getByRole('checkbox', { name: title }).check();
        await expect(dialog.getByText('1 course chosen')).toBeVisible();
        await expect(dialog.getByLabel(/Uses per student/)).toHaveValue('1');
        await expectAccessible(page, { headings: false });
        await page.screenshot({ path: testInfo.outputPath(`coupon-dialog-${width}.png`), fullPage: false });
        await dialog.getByRole('button', { name: 'Create coupon' }).click();
        await expect(page.getByText(`${code} is created.`)).toBeVisible();
        await expect(dialog).toBeHidden();

        await card.getByRole('searchbox', { name: 'Search coupons' }).fill(code);
        await expect(card.getByRole('list', { name: 'Coupons' }).getByRole('listitem')).toHaveCount(1);
        const item = card.locator(`[data-coupon="${code}"]`);
        await expect(item).toContainText('50% off');
        await expect(item).toContainText(`${title} · Always`);
        await expect(item).toContainText('Active');
        await expect(item).toContainText('Uses0');
        await item.getByRole('button', { name: `Copy link of ${code}` }).click();
        const link = `${testInfo.project.use.baseURL}/courseDetail?id=${courseId}&coupon=${code}`;
        await expect(page.getByText(`Link copied: ${link}`)).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
        await closeToasts(page);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);
        await card.locator('xpath=..').screenshot({ path: testInfo.outputPath(`coupons-card-${width}.png`) });
        await shot(page, `coupons-settings-${width}`);

        // The student opens the link signed out, logs in on the way, and pays half at checkout.
        await signOut(page);
        await page.goto(link);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByText(`Coupon ${code} applied at checkout`)).toBeVisible();
        await page.getByRole('button', { name: 'Enroll Now' }).click();
        await expect(page).toHaveURL(/\/login\?next=/);
        await page.getByLabel('Email Address').fill(student.email);
        await page.getByLabel('Password', { exact: true }).fill(student.password);
        await page.getByRole('button', { name: 'Log In' }).click();
        // Back at the course, in the student area now, the code still kept.
        await expect(page).toHaveURL(new RegExp(`/students/courseDetails\\?id=${courseId}$`));
        await expect(page.getByText(`Coupon ${code} applied at checkout`)).toBeVisible();
        await page.getByRole('button', { name: 'Enroll Now' }).click();
        await expect(page).toHaveURL(/\/students\/checkout$/);
        const order = page
          .locator('div')
          .filter({ has: page.getByRole('heading', { name: 'Order summary' }) })
          .last();
        const amount = (term: string) =>
          order.getByText(term, { exact: true }).locator('xpath=following-sibling::dd');
        await expect(amount(`Discount (${code})`)).toHaveText('−$10.00');
        await expect(amount('List price')).toHaveText('$20.00');
        await expect(amount('Total amount')).toHaveText('$10.00');
        await expect(order.getByText(`Coupon ${code} applied`)).toBeVisible();
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);
        await shot(page, `coupon-checkout-${width}`);

        await page.getByRole('button', { name: 'Pay with card' }).click();
        await expect(page).toHaveURL(/\/sandbox\/checkout\/SBX-[^?]+\?return=/);
        await expect(page.getByTestId('sandbox-amount')).toHaveText('$10.00');
        await page.getByLabel('Card number').fill(CARD_PAID);
        await page.getByLabel('Expiry (MM/YY)').fill('12/34');
        await page.getByLabel('CVC').fill('123');
        await page.getByLabel('Name on card').fill('Cora Coupon');
        await page.getByRole('button', { name: 'Pay $10.00' }).click();
        await expect(page).toHaveURL(/\/students\/checkout\?orderId=SBX-/);
        await expect(page.getByText(MSG.paymentSuccess)).toBeVisible();
        expect(await page.evaluate(() => localStorage.getItem('coupon_code'))).toBeNull();

        // The school's Sales: what the buyer paid, what the coupon took off, and its code.
        await signOut(page);
        await logIn(page, PUBLISHER.email, PUBLISHER.password);
        await expect(page).toHaveURL(/\/admin/);
        await page.goto('/admin?section=users');
        await page.getByLabel('Search by product').fill(tag);
        if (width >= 768) {
          const rows = page.getByRole('table', { name: 'Sales' }).getByRole('row');
          // The search has answered: this course's one sale under the headings.
          await expect(rows).toHaveCount(2);
          const row = rows.filter({ hasText: title });
          // 20.00 less 50% is 10.00 paid; the operator's 10% is taken on what was paid.
          await expect(row.getByRole('cell')).toHaveText([
            /\w{3} \d{1,2}, \d{4}/,
            '$10.00',
            `−$10.00${code}`,
            '−$1.00',
            '$0.00',
            '$0.00',
            '$9.00',
            title,
            student.email,
            'Refund',
          ]);
        } else {
          const sales = page.getByRole('list', { name: 'Sales' }).getByRole('listitem');
          await expect(sales).toHaveCount(1);
          const sale = sales.filter({ hasText: title });
          await expect(sale).toContainText('$10.00');
          await expect(sale).toContainText(`−$10.00${code}`);
          await expect(sale).toContainText('$9.00');
          // The sale's card keeps within the screen, its long code broken (the chart above is its own matter).
          const box = await sale.boundingBox();
          expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
        }
        // Checked once the searched page has replaced the one shown dimmed while it loaded.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        // From the top: the search box's scroll leaves the table's headings under the translucent top bar.
        await page.evaluate(() => window.scrollTo(0, 0));
        await expectAccessible(page);
        await shot(page, `coupon-sales-${width}`);

        // The coupon counts its use and what it brought.
        await page.goto('/admin/settings');
        await page.getByRole('searchbox', { name: 'Search coupons' }).fill(code);
        const used = page.locator(`[data-coupon="${code}"]`);
        await expect(used).toContainText('Uses1');
        await expect(used).toContainText('Revenue$10.00');
        await unpublishCourse(request, courseId);
      },
    );
  });
}
