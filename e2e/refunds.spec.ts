import type { APIRequestContext } from '@playwright/test';
import { apiLogin, bearer, boughtWithTestCard, ok, signedUpStudent, uniqueSuffix } from './support/api';
import { expectAccessible } from './support/axe';
import { createCourse, PUBLISHER, unpublishCourse } from './support/courses';
import { expect, journeyAt, test, WIDTHS } from './support/fixtures';
import { logIn } from './support/flows';

/** A demo school's course at 12.00 bought by a new student through the calls the checkout makes. */
async function boughtCourse(request: APIRequestContext, prefix: string) {
  const tag = uniqueSuffix();
  const title = `Refundable ${prefix} ${tag}`;
  const { courseId } = await createCourse(request, {
    title,
    unique: tag,
    lessons: [{ title: 'First steps', type: 'pdf' }],
    published: true,
    price: '12.00',
  });
  const student = await signedUpStudent(request, { prefix, name: 'Rita Refund' });
  await boughtWithTestCard(request, student, courseId, 12);
  return { title, courseId, student };
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a student takes up the money-back guarantee from My Courses and is refunded at once', async ({
      page,
      request,
    }, testInfo) => {
      const { title, courseId, student } = await boughtCourse(request, `guarantee${width}`);
      await logIn(page, student.email, student.password);
      await expect(page).toHaveURL(/\/students/);
      await page.goto('/students/myCourses');
      const card = page.getByRole('article').filter({ hasText: title });
      await card.getByRole('button', { name: 'Request a refund' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request a refund' });
      await dialog.getByLabel('Why do you want a refund?').fill('Not what I expected');
      await expectAccessible(page, { headings: false });
      await page.screenshot({ path: testInfo.outputPath(`request-refund-${width}.png`) });
      await dialog.getByRole('button', { name: 'Request refund' }).click();
      await expect(page.getByText(/Refunded \$12\.00 under the school’s money-back guarantee/)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('article').filter({ hasText: title })).toHaveCount(0);
      await unpublishCourse(request, courseId);
    });

    journeyAt(width, 360)(
      'the school refunds a whole sale from the Sales screen; the buyer loses the course',
      async ({ page, request }, testInfo) => {
        const { title, courseId, student } = await boughtCourse(request, `school${width}`);
        await logIn(page, PUBLISHER.email, PUBLISHER.password);
        await expect(page).toHaveURL(/\/admin/);
        await page.goto('/admin?section=users');
        await page.getByLabel('Search by product').fill(title);
        await page.getByRole('button', { name: `Refund ${title} bought by ${student.email}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Refund sale' });
        await expect(dialog.getByLabel('Amount (USD)')).toHaveValue('12.00');
        await expect(dialog.getByRole('checkbox', { name: /Remove access to the course/ })).toBeChecked();
        await dialog.getByLabel('Reason').fill('Bought by mistake');
        await expectAccessible(page, { headings: false });
        await page.screenshot({ path: testInfo.outputPath(`refund-sale-${width}.png`) });
        await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
        await expect(page.getByText(`Refunded $12.00 to ${student.email}.`)).toBeVisible();
        await expect(dialog).toBeHidden();
        await expect(
          page.getByRole('button', { name: `Refund ${title} bought by ${student.email}` }),
        ).toHaveCount(0);

        // The buyer no longer has the course.
        const { token, user } = await apiLogin(request, student.email, student.password);
        const owned = await ok<unknown[]>(
          request.get(`/api/studentCourse/GetAllCoursesByUserIdandCourseId/${user.user_id}/${courseId}`, {
            headers: bearer(token),
          }),
        );
        expect(owned).toEqual([]);
        await unpublishCourse(request, courseId);
      },
    );
  });
}
