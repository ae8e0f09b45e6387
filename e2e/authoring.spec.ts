import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { uniqueSuffix } from './support/api';
import { createCourse, unpublishCourse } from './support/courses';
import { expect, test } from './support/fixtures';
import { logIn } from './support/flows';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const unique = uniqueSuffix();

/** The sidebar entry of a component key (SPEC §2.13), a link to its screen. */
const sidebarEntry = (page: Page, label: string) =>
  page.getByRole('complementary', { name: 'Admin' }).getByRole('link', { name: label, exact: true });
const openSection = (page: Page, label: string) => sidebarEntry(page, label).click();

/** A section's card, found by its own Add Lesson button. */
const section = (page: Page, name: string) =>
  page
    .locator('ol[aria-label="Sections"] > li')
    .filter({ has: page.getByRole('button', { name: `Add Lesson to ${name}`, exact: true }) });

/** The lesson titles of a section in the order shown, read from their drag handles ('Move <title>'). */
const lessonTitles = async (sectionCard: Locator) =>
  (
    await sectionCard
      .getByRole('button', { name: /^Move / })
      .evaluateAll((handles) => handles.map((handle) => handle.getAttribute('aria-label') ?? ''))
  ).map((label) => label.replace(/^Move /, ''));

/** A fixture under another name, as a user's own file would be called. */
const renamed = (file: string, name: string, mimeType: string) => ({
  name,
  mimeType,
  buffer: readFileSync(fixture(file)),
});

const expandSection = async (page: Page, name: string) => {
  await expect(section(page, name)).toBeVisible();
  const toggle = section(page, name).getByRole('button', { expanded: false }).filter({ hasText: name });
  if (await toggle.count()) await toggle.click();
  await expect(
    section(page, name).getByRole('button', { expanded: true }).filter({ hasText: name }),
  ).toBeVisible();
};

const chooseFromMenu = async (page: Page, menuName: string, item: string) => {
  await page.getByRole('button', { name: menuName }).click();
  await page.getByRole('menu', { name: menuName }).getByRole('menuitem', { name: item, exact: true }).click();
};

/** Drags a lesson by its handle onto the place of another, with real pointer moves (dnd-kit). */
const dragLesson = async (page: Page, from: string, to: string) => {
  // Both handles on screen: the mouse moves within the viewport only.
  await page.getByRole('button', { name: `Move ${to}` }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: `Move ${from}` }).scrollIntoViewIfNeeded();
  const source = await page.getByRole('button', { name: `Move ${from}` }).boundingBox();
  const target = await page.getByRole('button', { name: `Move ${to}` }).boundingBox();
  if (!source || !target) throw new Error('lesson handles not on screen');
  const x = source.x + source.width / 2;
  await page.mouse.move(x, source.y + source.height / 2);
  await page.mouse.down();
  // Past the 25 px activation distance first (SPEC §9), then onto the target.
  await page.mouse.move(x, source.y + source.height / 2 + 30, { steps: 6 });
  await page.mouse.move(x, target.y + target.height / 2 + 4, { steps: 12 });
  await page.mouse.up();
};

test('a publisher builds a course from category to published curriculum', async ({ page, request }) => {
  const category = `Seamanship ${unique}`;
  const author = { first: 'Ada', last: `Lovelace ${unique}` };
  const course = `Knots for Sailors ${unique}`;

  await logIn(page, 'publisher@example.com', 'publisher123');
  await expect(page).toHaveURL(/\/admin$/);
  // The sidebar has buttons named like the forms' own ('Create Category'): act inside the main area.
  const main = page.getByRole('main');

  // A category.
  await openSection(page, 'Create Category');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Category' })).toBeVisible();
  await expect(page.getByText('00/100')).toBeVisible();
  await page.getByLabel('Category Name').fill(category);
  await page.getByLabel('Category Description').fill('Ropes, knots and the sea.');
  await main.getByRole('button', { name: 'Create Category' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Category' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Categories' }).getByText(category)).toBeVisible();

  // An author with a photo.
  await openSection(page, 'Create New Author');
  await page.getByLabel('First Name').fill(author.first);
  await page.getByLabel('Last Name').fill(author.last);
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Email', { exact: true }).fill(`ada.${unique}@example.com`);
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('2025550123');
  await page.getByLabel('Bio').fill('Sails since she could walk; teaches every knot there is.');
  await page.getByLabel('Photo').setInputFiles(fixture('author.jpg'));
  await main.getByRole('button', { name: 'Add Author' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Authors' })).toBeVisible();
  await expect(main.getByText(`${author.first} ${author.last}`, { exact: true })).toBeVisible();

  // A course with a cover; saving opens its admin view.
  await openSection(page, 'Create New Course');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Course' })).toBeVisible();
  await page.getByLabel('Course Title').fill(course);
  await page.getByLabel('Course Description').fill('Eight knots every sailor should tie with eyes closed.');
  await page.getByLabel('Price Type').selectOption({ label: 'Paid' });
  await page.getByLabel('Price (USD)').fill('19.99');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: category });
  await page.getByLabel('Author', { exact: true }).selectOption({ label: `${author.first} ${author.last}` });
  await page.getByLabel('Cover Photo').setInputFiles(fixture('cover.png'));
  await expect(page.getByRole('img', { name: 'Chosen cover' })).toBeVisible();
  await main.getByRole('button', { name: 'Create New Course' }).click();
  await expect(page).toHaveURL(/\/admin\/adminCourseDetails\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: course })).toBeVisible();
  await expect(main.getByText('Authors By')).toBeVisible();
  await expect(main.getByText(`${author.first} ${author.last}`, { exact: true })).toBeVisible();
  const firstCourse = page.url();
  await expect(page).toHaveTitle(`${course} · Skillwise`);

  // Create New Course, from the sidebar and from My Course, opens an empty form that creates: saving it
  // makes a second course and the first keeps its name.
  await openSection(page, 'Create New Course');
  await expect(page).toHaveURL(/\/admin\/createCourse$/);
  await expect(page.getByText('Set up a course with its price')).toBeVisible();
  await expect(page.getByLabel('Course Title')).toHaveValue('');
  await openSection(page, 'My Course');
  await main.getByRole('button', { name: 'Create New Course' }).click();
  await expect(page.getByLabel('Course Title')).toHaveValue('');
  await expect(main.getByRole('button', { name: 'Update Existing' })).toHaveCount(0);
  const second = `Splices for Sailors ${unique}`;
  await page.getByLabel('Course Title').fill(second);
  await page.getByLabel('Course Description').fill('Eye splices and back splices.');
  await page.getByLabel('Price Type').selectOption({ label: 'Paid' });
  await page.getByLabel('Price (USD)').fill('9.99');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: category });
  await page.getByLabel('Author', { exact: true }).selectOption({ label: `${author.first} ${author.last}` });
  await page.getByLabel('Cover Photo').setInputFiles(fixture('cover.png'));
  await main.getByRole('button', { name: 'Create New Course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/adminCourseDetails\?id=\d+$/);
  expect(page.url()).not.toBe(firstCourse);
  // Each course's address opens it again, and Back and Forward move between them.
  await page.goto(firstCourse);
  await expect(page.getByRole('heading', { level: 1, name: course })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: course })).toBeVisible();

  // Two sections.
  await main.getByRole('button', { name: 'Add/Edit Curriculum' }).click();
  await expect(page).toHaveURL(/\/admin\/curriculum\?id=\d+$/);
  await main.getByRole('button', { name: 'Add Section' }).click();
  await expect(page.getByText('Section name cannot be empty.')).toBeVisible();
  for (const name of ['Getting started', 'Knots']) {
    await page.getByLabel('New section').fill(name);
    await main.getByRole('button', { name: 'Add Section' }).click();
    await expect(section(page, name)).toBeVisible();
  }
  // A new section starts collapsed.
  await expect(section(page, 'Knots').getByRole('button', { expanded: false }).first()).toBeVisible();

  // A PDF lesson and a video lesson.
  for (const lesson of [
    { title: 'Reading the chart', type: 'pdf', file: 'lesson.pdf' },
    { title: 'Leaving the harbour', type: 'video', file: 'lesson.mp4' },
  ]) {
    await page.getByRole('button', { name: 'Add Lesson to Getting started' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Lesson' });
    await dialog.getByLabel('Lesson Name').fill(lesson.title);
    await dialog.getByLabel('Content Type').selectOption(lesson.type);
    await dialog.getByLabel('File', { exact: true }).setInputFiles(fixture(lesson.file));
    await dialog.getByRole('button', { name: 'Upload Lesson' }).click();
    await expect(page.getByText('Lesson uploaded successfully').first()).toBeVisible();
    await expect(dialog).toBeHidden();
  }
  await expandSection(page, 'Getting started');
  const gettingStarted = section(page, 'Getting started');
  await expect(gettingStarted.getByRole('link', { name: /Reading the chart/ })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(gettingStarted.getByRole('img', { name: 'Video' })).toBeVisible();

  // Three files at once into the second section.
  await page.getByRole('button', { name: 'Bulk Upload to Knots' }).click();
  await section(page, 'Knots')
    .locator('input[type="file"]')
    .first()
    .setInputFiles([
      renamed('cover.png', 'Bowline diagram.png', 'image/png'),
      renamed('lesson.pdf', 'Reef knot handout.pdf', 'application/pdf'),
      renamed('lesson.mp4', 'Clove hitch clip.mp4', 'video/mp4'),
    ]);
  await expect(page.getByText('Bulk Uploaded Successfully!').first()).toBeVisible({ timeout: 30_000 });
  await expect(section(page, 'Knots').locator('.uppy-Dashboard')).toHaveCount(0);
  const knots = section(page, 'Knots');
  await expect(knots.getByRole('list', { name: 'Lessons' }).getByRole('listitem')).toHaveCount(3);
  // The clip's streaming copies are made meanwhile; once its line says so, the rows keep their places.
  await expect(knots.getByText('Streaming copies ready')).toBeVisible({ timeout: 120_000 });
  const before = await lessonTitles(knots);

  // Drag the first lesson of Knots to the last place; the order is saved.
  const [first, , last] = before;
  if (!first || !last) throw new Error('three lessons expected');
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/lessons/SaveLessonOrder') && response.ok(),
  );
  await dragLesson(page, first, last);
  await saved;
  const after = await lessonTitles(knots);
  expect(after).toEqual([...before.slice(1), first]);
  await page.reload();
  await expandSection(page, 'Knots');
  await expect.poll(() => lessonTitles(section(page, 'Knots'))).toEqual(after);

  // A preview lesson, published.
  await expandSection(page, 'Getting started');
  await chooseFromMenu(page, 'Lesson menu: Leaving the harbour', 'Make Preview');
  await expect(section(page, 'Getting started').getByText('Preview', { exact: true })).toBeVisible();
  await chooseFromMenu(page, 'Lesson menu: Leaving the harbour', 'Publish Lesson');
  await expect(page.getByText('Lesson published').first()).toBeVisible();

  // Sections and course published.
  for (const name of ['Getting started', 'Knots']) {
    await chooseFromMenu(page, `Section menu: ${name}`, 'Publish');
    await expect(section(page, name).getByText('Published', { exact: true }).first()).toBeVisible();
  }
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unpublish', exact: true })).toBeVisible();

  // The public catalogue lists the course with its author.
  const catalogue = await request.get('/api/courses/GetAllCoursesDetail');
  expect(catalogue.ok()).toBe(true);
  const listed = ((await catalogue.json()) as Array<Record<string, unknown>>).find(
    (item) => item.course_title === course,
  );
  expect(listed).toMatchObject({ first_name: author.first, last_name: author.last, price: 19.99 });
});

test('publishing an all-draft course warns, and Publish everything publishes its sections and lessons', async ({
  page,
  request,
}) => {
  const title = `Drafted Knots ${unique}`;
  const { courseId } = await createCourse(request, {
    title,
    unique: `draft-${unique}`,
    lessons: [
      { title: 'Bowline', type: 'pdf', published: false },
      { title: 'Reef knot', type: 'text', published: false },
    ],
    published: false,
    sectionPublished: false,
  });
  try {
    await logIn(page, 'publisher@example.com', 'publisher123');
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByLabel('Search By Class Name').fill(title);
    await page.getByRole('button', { name: `See Details: ${title}` }).click();
    await page.getByRole('main').getByRole('button', { name: 'Add/Edit Curriculum' }).click();
    await expect(page).toHaveURL(/\/admin\/curriculum\?id=\d+$/);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Students would find this course empty' });
    await expect(dialog).toContainText('publishes its 1 section and 2 lessons with the course');
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `/tmp/publish-warning-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByRole('button', { name: 'Publish everything' }).click();
    await expect(page.getByText('Course published with all its sections and lessons').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Unpublish', exact: true })).toBeVisible();
    // The curriculum shows the section and its lessons published, without a reload.
    const card = section(page, 'All kinds of lessons');
    await expect(card.getByText('Published', { exact: true })).toBeVisible();
    await expandSection(page, 'All kinds of lessons');
    await expect(card.getByText('Draft', { exact: true })).toHaveCount(0);

    // The catalogue shows the course with its lessons, not as coming soon.
    await page.goto(`/courses?search=${encodeURIComponent(title)}`);
    const listed = page.getByRole('article').filter({ hasText: title });
    await expect(listed.getByRole('list', { name: 'Course figures' })).toContainText('2 lessons');
    await expect(listed.getByText('Coming soon: no lessons published yet')).toHaveCount(0);
  } finally {
    await unpublishCourse(request, courseId);
  }
});
