import { uniqueSuffix } from './support/api';
import { expectAccessible } from './support/axe';
import { addEnrolledStudent, createCourse, PUBLISHER } from './support/courses';
import { expect, journeyAt, test, WIDTHS } from './support/fixtures';
import { logIn } from './support/flows';
import { uniqueEmail, waitForMail } from './support/outbox';
import { shot } from './support/screens';

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    journeyAt(width, 1280)(
      'the publisher writes to a course’s students, previews, sends; the e-mail arrives with its unsubscribe link; the counts show',
      async ({ page, request }, testInfo) => {
        test.slow();
        const tag = uniqueSuffix();
        const title = `Letters ${tag}`;
        const { courseId } = await createCourse(request, {
          title,
          unique: tag,
          lessons: [{ title: 'First', type: 'pdf' }],
          published: true,
        });
        const student = { name: 'Elle Letter', email: uniqueEmail('letter'), password: 'letter-pass-1' };
        await addEnrolledStudent(request, student, courseId);
        const subject = `Week one ${tag}`;

        await logIn(page, PUBLISHER.email, PUBLISHER.password);
        await expect(page).toHaveURL(/\/admin/);
        await page.goto('/admin/myStudents');
        await page.getByRole('link', { name: 'Email Students' }).click();
        await expect(page).toHaveURL(/\/admin\/emailStudents/);
        await expect(page.getByRole('heading', { name: 'Email Students', level: 1 })).toBeVisible();

        await page.getByRole('radio', { name: 'A course’s students' }).check({ force: true });
        await page.getByRole('combobox', { name: 'Course' }).selectOption({ label: title });
        await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
        await page.getByRole('radio', { name: 'Simple formatting' }).check({ force: true });
        await page
          .getByRole('textbox', { name: 'Message' })
          .fill(
            '<p>Welcome to <b>week one</b>.</p><p onclick="alert(1)">Read <a href="https://example.com/notes">the notes</a>.</p><script>alert(2)</script>',
          );

        await page.getByRole('button', { name: 'Preview' }).click();
        const preview = page.getByRole('region', { name: 'Preview' });
        await expect(preview).toContainText('to 1 student');
        await expect(preview.locator('b')).toHaveText('week one');
        await expect(preview.locator('script')).toHaveCount(0);
        await expect(preview).toContainText('/unsubscribe?token=');
        await expectAccessible(page);
        await shot(page, `email-students-preview-${testInfo.project.name}-${width}`);

        await page.getByRole('button', { name: 'Send now' }).click();
        await expect(page.getByText('Your message is on its way.')).toBeVisible();

        const mail = await waitForMail(student.email, subject);
        expect(mail.text).toContain('Welcome to week one.');
        expect(mail.text).toContain('the notes (https://example.com/notes)');
        expect(mail.text).toMatch(/\/unsubscribe\?token=\S+/);
        expect(mail.html).toContain('<b>week one</b>');
        expect(mail.html).not.toMatch(/<script|onclick/);
        expect(mail.html).toContain('/unsubscribe?token=');

        const item = page.locator(`[data-message="${subject}"]`);
        await expect(async () => {
          await page.reload();
          await expect(item).toContainText('Delivered1', { timeout: 1000 });
        }).toPass({ timeout: 30_000 });
        await expect(item).toContainText('Recipients1');
        await expect(item).toContainText('Sent');
        await expectAccessible(page);
        await shot(page, `email-students-sent-${testInfo.project.name}-${width}`);
      },
    );
  });
}
