import { boughtWithTestCard, signedUpStudent, uniqueSuffix } from './support/api';
import { expectAccessible } from './support/axe';
import { createCourse, PUBLISHER, unpublishCourse } from './support/courses';
import { expect, test } from './support/fixtures';
import { logIn } from './support/flows';

test('the Sales screen shows what a sale earns after the platform fee, over time, and what is owed', async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueSuffix();
  const title = `Tidal Streams ${tag}`;
  const { courseId } = await createCourse(request, {
    title,
    unique: tag,
    lessons: [{ title: 'Tide tables', type: 'pdf' }],
    published: true,
    price: '20.00',
  });
  // A student buys it with the sandbox's test card, through the calls the checkout makes.
  const student = await signedUpStudent(request, { prefix: 'tides', name: 'Tess Tide' });
  await boughtWithTestCard(request, student, courseId, 20);

  await logIn(page, PUBLISHER.email, PUBLISHER.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/admin?section=users');
  await page.getByLabel('Search by product').fill(tag);
  const table = page.getByRole('table', { name: 'Sales' });
  const row = table.getByRole('row').filter({ hasText: title });
  // 20.00 less the operator's 10% (2.00); the sandbox takes no fee.
  await expect(row.getByRole('cell')).toHaveText([
    /\w{3} \d{1,2}, \d{4}/,
    '$20.00',
    '$0.00',
    '−$2.00',
    '$0.00',
    '$0.00',
    '$18.00',
    title,
    student.email,
    'Refund',
  ]);
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText('Revenue$20.00');
  await expect(totals).toContainText('Platform fees$2.00');
  await expect(totals).toContainText('Earnings$18.00');

  // Gross and net over time: the chart (its own script, loaded with it) and its figures as a table.
  const trend = page.getByRole('region', { name: 'Sales over time' });
  await expect(trend.locator('canvas').first()).toBeVisible();
  await trend.getByText('Show the figures as a table').click();
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  await expect(trend.getByRole('row', { name: new RegExp(`^${today} `) })).toBeVisible();
  await trend.getByRole('button', { name: 'Months' }).click();
  await expect(trend.getByRole('columnheader', { name: 'Month' })).toBeVisible();

  // What the demo school is owed: its sales' net, none paid out yet.
  const payouts = page.getByRole('region', { name: 'Payouts' });
  await expect(payouts.getByText('Owed to you')).toBeVisible();
  await expect(payouts.getByText('No payout yet.')).toBeVisible();

  await page.screenshot({ path: testInfo.outputPath('sales-screen.png'), fullPage: true });

  // The school gives back a part of the sale (docs/decisions/029).
  await row.getByRole('button', { name: `Refund ${title} bought by ${student.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund sale' });
  await expect(dialog.getByLabel('Amount (USD)')).toHaveValue('20.00');
  await expect(dialog.getByRole('checkbox', { name: /Remove access to the course/ })).toBeChecked();
  await dialog.getByLabel('Amount (USD)').fill('5');
  await expect(dialog.getByRole('checkbox', { name: /Remove access to the course/ })).not.toBeChecked();
  await dialog.getByLabel('Reason').fill('Started two weeks late');
  await expectAccessible(page, { headings: false });
  await page.screenshot({ path: testInfo.outputPath('refund-dialog.png') });
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText(`Refunded $5.00 to ${student.email}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell')).toHaveText([
    /\w{3} \d{1,2}, \d{4}/,
    '$20.00',
    '$0.00',
    '−$2.00',
    '$0.00',
    '−$5.00',
    '$13.00',
    title,
    student.email,
    'Refund',
  ]);
  await expect(totals).toContainText('Refunded$5.00');
  await unpublishCourse(request, courseId);
});
