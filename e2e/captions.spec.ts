import { uniqueSuffix } from './support/api';
import { expectAccessible } from './support/axe';
import { createCourse, PUBLISHER, publisherApi } from './support/courses';
import { expect, test, WIDTHS } from './support/fixtures';
import { logIn } from './support/flows';
import { shot } from './support/screens';

/**
 * Captions (docs/decisions/042): a publisher opens a video lesson's Edit Lesson, uploads SRT captions for
 * a language from the Captions panel, sees them listed, and removes them once confirmed.
 */
const unique = uniqueSuffix();
const SRT =
  '1\n00:00:01,000 --> 00:00:03,000\nBonjour, marins.\n\n2\n00:00:04,000 --> 00:00:06,500\nÀ bientôt.\n';

test('a publisher adds French captions to a video lesson and removes them', async ({ page, request }) => {
  const title = `Harbour Sounds ${unique}`;
  const { courseId } = await createCourse(request, {
    title,
    unique: `cap${unique}`,
    lessons: [{ title: 'Foghorns', type: 'video' }],
    published: false,
  });
  await logIn(page, PUBLISHER.email, PUBLISHER.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/curriculum?id=${courseId}`);
  await page.getByRole('button', { name: /^All kinds of lessons 1 lesson/ }).click();
  await page.getByRole('button', { name: 'Lesson menu: Foghorns' }).click();
  await page.getByRole('menuitem', { name: 'Edit Lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Lesson: Foghorns' });
  const panel = dialog.getByRole('region', { name: 'Captions' });
  await expect(panel.getByText('No captions yet.')).toBeVisible();

  await panel.getByLabel('Language').selectOption('fr');
  await panel.getByLabel('Captions file').setInputFiles({
    name: 'foghorns.fr.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from(SRT),
  });
  await panel.getByRole('button', { name: 'Upload captions' }).click();
  const list = panel.getByRole('list', { name: 'Captions of this lesson' });
  await expect(list.getByText('French', { exact: true })).toBeVisible();
  await expectAccessible(page, { headings: false });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await panel.scrollIntoViewIfNeeded();
    await shot(page, `captions-panel-${width}`);
  }

  // Stored as WebVTT, converted from the SRT sent.
  const { headers, ok } = await publisherApi(request);
  const lessons = await ok<Array<{ lessons: Array<{ lesson_Id: number }> }>>(
    request.get(`/api/courseSections/GetCourseSectionsByCourseId/${courseId}`, { headers }),
  );
  const lessonId = lessons[0]?.lessons[0]?.lesson_Id;
  const stored = await ok<Array<{ language: string; size_bytes: number }>>(
    request.get(`/api/lessons/GetCaptions/${lessonId}`, { headers }),
  );
  expect(stored).toEqual([expect.objectContaining({ language: 'fr', size_bytes: expect.any(Number) })]);

  await panel.getByRole('button', { name: 'Remove French captions' }).click();
  await page
    .getByRole('dialog', { name: 'Remove captions' })
    .getByRole('button', { name: 'Yes, Remove' })
    .click();
  await expect(panel.getByText('No captions yet.')).toBeVisible();
});
