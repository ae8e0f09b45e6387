import type { Page } from '@playwright/test';
import type { Section } from '@skillwise/contracts';
import { uniqueSuffix } from './support/api';
import { seriousViolations } from './support/axe';
import { addEnrolledStudent, createCourse, PUBLISHER, publisherApi } from './support/courses';
import { expect, journeyAt, test, WIDTHS } from './support/fixtures';
import { logIn } from './support/flows';
import { uniqueEmail } from './support/outbox';
import { shot } from './support/screens';

const unique = uniqueSuffix();
const LESSONS = {
  video: 'Leaving the mooring',
  pdf: 'The knot chart',
  audio: 'Harbour sounds',
  text: 'Bowline notes',
  hidden: 'Unfinished lesson',
} as const;
const draft = { title: `Draft Knots ${unique}`, id: 0 };
const live = { title: `Live Knots ${unique}`, id: 0 };
const student = { name: `Ona Rope ${unique}`, email: uniqueEmail('ona'), password: 'learn-the-ropes-1' };

/** Records every progress call the page makes. */
const progressCalls = (page: Page) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/ChangeLessonStartedFlag|lessonstarted/i.test(request.url())) calls.push(request.url());
  });
  return calls;
};

const lessonButton = (page: Page, title: string) =>
  page
    .getByRole('complementary', { name: 'Course content' })
    .getByRole('button', { name: new RegExp(title) });

/** Opens the audio lesson and proves it plays from where the bar is dragged to (seeking). */
async function checkAudio(page: Page) {
  await lessonButton(page, LESSONS.audio).click();
  const audio = page.locator('audio');
  await expect(audio).toHaveAttribute('controls', '');
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThanOrEqual(1);
  const seekable = await audio.evaluate((el: HTMLAudioElement) =>
    el.seekable.length ? el.seekable.end(0) : 0,
  );
  expect(seekable).toBeGreaterThan(2);
  await audio.evaluate((el: HTMLAudioElement) => {
    el.currentTime = 2;
  });
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeCloseTo(2, 0);
}

/** Opens the text lesson: read in the page as text, markup shown and never run, line breaks kept. */
async function checkText(page: Page) {
  await lessonButton(page, LESSONS.text).click();
  const article = page.getByRole('article', { name: LESSONS.text });
  await expect(article).toContainText('Make a small loop, then:');
  await expect(article).toContainText('Sailors write <b>bold</b> & <script>alert(1)</script> in notes');
  expect(await article.locator('b, script').count()).toBe(0);
  const text = await article.evaluate((el) => (el.firstElementChild as HTMLElement).innerText);
  expect(text).toContain('\n    1. up through the hole,');
  const whiteSpace = await article.evaluate(
    (el) => getComputedStyle(el.firstElementChild as Element).whiteSpace,
  );
  expect(whiteSpace).toBe('pre-wrap');
}

async function checkPdfAndVideo(page: Page) {
  await lessonButton(page, LESSONS.pdf).click();
  await expect(page.getByTitle(`${LESSONS.pdf} (PDF)`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the PDF in a new tab' })).toHaveAttribute(
    'href',
    /\/api\/media\/lessons\//,
  );
  await lessonButton(page, LESSONS.video).click();
  const video = page.locator('video');
  await expect(video).toHaveAttribute('controls', '');
  await video.evaluate((el: HTMLVideoElement) => el.play().catch(() => undefined));
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState >= 2 || el.currentTime > 0))
    .toBe(true);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const lessons = [
    { title: LESSONS.video, type: 'video' as const },
    { title: LESSONS.pdf, type: 'pdf' as const },
    { title: LESSONS.audio, type: 'audio' as const },
    { title: LESSONS.text, type: 'text' as const },
    { title: LESSONS.hidden, type: 'video' as const, published: false },
  ];
  draft.id = (
    await createCourse(api, { title: draft.title, unique: `d${unique}`, lessons, published: false })
  ).courseId;
  live.id = (
    await createCourse(api, { title: live.title, unique: `l${unique}`, lessons, published: true })
  ).courseId;
  await addEnrolledStudent(api, student, live.id);
  await api.dispose();
});

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    journeyAt(width, 1280)(
      'a publisher previews a draft course from its details, every lesson playable, nothing recorded',
      async ({ page }) => {
        const progress = progressCalls(page);
        await logIn(page, PUBLISHER.email, PUBLISHER.password);
        await expect(page).toHaveURL(/\/admin$/);
        await page.getByLabel('Search By Class Name').fill(draft.title);
        await page.getByRole('button', { name: `See Details: ${draft.title}` }).click();
        await expect(page).toHaveURL(/\/admin\/adminCourseDetails\?id=\d+$/);
        await page.getByRole('button', { name: 'Preview course' }).click();

        await expect(page).toHaveURL(new RegExp(`/admin/previewCourse\\?id=${draft.id}$`));
        await expect(page.getByRole('heading', { level: 1, name: draft.title })).toBeVisible();
        const notice = page.getByRole('note', { name: 'Preview' });
        await expect(notice).toContainText('as an enrolled student sees it');
        await expect(notice).toContainText('not published yet');
        await expect(notice).toContainText('1 unpublished lesson');
        await expect(lessonButton(page, LESSONS.audio)).toBeVisible();
        await expect(page.getByText(LESSONS.hidden)).toHaveCount(0);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `preview-${width}`);

        await checkAudio(page);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `preview-audio-${width}`);
        await checkText(page);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `preview-text-${width}`);
        await checkPdfAndVideo(page);
        expect(progress).toEqual([]);

        // Back to the course's details, then the same preview from the curriculum screen.
        await page.getByRole('link', { name: 'Course details' }).click();
        await expect(page).toHaveURL(/\/admin\/adminCourseDetails\?id=\d+$/);
        await page.getByRole('button', { name: 'Add/Edit Curriculum' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Curriculum' })).toBeVisible();
        await page.getByRole('button', { name: 'Preview', exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/admin/previewCourse\\?id=${draft.id}$`));
        await expect(page.getByRole('heading', { level: 1, name: draft.title })).toBeVisible();

        // coursePages opens on a lesson.
        await page.goto(`/admin/coursePages?id=${draft.id}`);
        await expect(page.getByRole('heading', { level: 2, name: LESSONS.video })).toBeVisible();
        expect(progress).toEqual([]);
      },
    );

    journeyAt(width, 360)(
      'an enrolled student listens to the audio lesson with seeking and reads the text lesson',
      async ({ page }) => {
        await logIn(page, student.email, student.password);
        await expect(page).toHaveURL(/\/students$/);
        await page.goto(`/students/takeCourse?id=${live.id}`);
        await expect(page.getByRole('heading', { level: 1, name: live.title })).toBeVisible();
        await expect(page.getByText(LESSONS.hidden)).toHaveCount(0);

        await checkAudio(page);
        await shot(page, `student-audio-${width}`);
        // Playing the audio lesson records it as started, as a video does.
        await page.locator('audio').evaluate((el: HTMLAudioElement) => el.play().catch(() => undefined));
        await expect(lessonButton(page, LESSONS.audio)).toContainText(/Started|Completed/);

        await checkText(page);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `student-text-${width}`);
        await checkPdfAndVideo(page);
      },
    );
  });
}

test('another organisation’s course cannot be previewed', async ({ page }) => {
  await logIn(page, PUBLISHER.email, PUBLISHER.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/previewCourse?id=999999');
  await expect(page.getByText('Course not found')).toBeVisible();
});

/** Markup pasted into the editor, and sent raw through the API: none of it may run. */
const HOSTILE =
  '<p>Pasted <img src=x onerror="alert(1)"><a href="javascript:alert(2)">a link</a> and more.</p>' +
  '<script>alert(3)</script><iframe src="javascript:alert(4)"></iframe><svg onload="alert(5)"></svg>' +
  '<p style="color:red" onclick="alert(6)">Still <b>here</b>';
const WRITTEN = { typed: 'Tying the bowline, written', raw: 'Bowline, sent raw' } as const;

test('a publisher writes a text lesson with hostile markup pasted in; its preview shows the text and runs nothing', async ({
  page,
  playwright,
  consoleErrors,
}, testInfo) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await logIn(page, PUBLISHER.email, PUBLISHER.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByLabel('Search By Class Name').fill(draft.title);
  await page.getByRole('button', { name: `See Details: ${draft.title}` }).click();
  await page.getByRole('button', { name: 'Add/Edit Curriculum' }).click();
  await page.getByRole('button', { name: 'Add Lesson to All kinds of lessons' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lesson' });
  await dialog.getByLabel('Lesson Name').fill(WRITTEN.typed);
  await dialog.getByLabel('Content Type').selectOption('text');
  await expect(dialog.getByRole('radio', { name: 'Write' })).toBeChecked();
  const editor = dialog.getByRole('textbox', { name: 'Lesson text' });
  await editor.click();
  const heading = dialog.getByRole('button', { name: 'Heading', exact: true });
  await heading.click();
  await expect(heading).toHaveAttribute('aria-pressed', 'true');
  // Each step is seen in the editor before the next is typed: a busy machine draws the form late, and
  // keys typed before the editor holds the focus again would go nowhere.
  await editor.focus();
  await expect(editor).toBeFocused();
  await page.keyboard.type('The bowline');
  await expect(editor.locator('h2')).toHaveText('The bowline');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Sailors write <script>alert(1)</script> as text. ');
  await expect(editor).toContainText('</script> as text.');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('Bold words');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.press('Enter');
  await expect(editor.locator('h2')).toHaveText('The bowline');
  await expect(editor.locator('strong')).toHaveText('Bold words');
  await editor.evaluate((element, html) => {
    const data = new DataTransfer();
    data.setData('text/html', html);
    data.setData('text/plain', 'Pasted');
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, HOSTILE);
  await expect(editor).toContainText('Still here');
  // The editor reads pasted HTML in a document of its own, and the browser holds it to the page's policy:
  // the pasted handlers and styles are refused (and logged as such) before the editor drops them.
  const pasted = consoleErrors.splice(0);
  expect(pasted.every((error) => /Content Security Policy.*(blocked|refused)/is.test(error))).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', /true|false/);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'text-editor-1280');
  await page.setViewportSize({ width: 360, height: 900 });
  await shot(page, 'text-editor-360');
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Upload Lesson' }).click();
  await expect(page.getByText('Lesson uploaded successfully').first()).toBeVisible();

  // The same markup sent raw through the API (no editor between): the server keeps only its allowlist.
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { headers, ok } = await publisherApi(api);
  const sections = () =>
    ok<Section[]>(api.get(`/api/courseSections/GetCourseSectionsByCourseId/${draft.id}`, { headers }));
  const [section] = await sections();
  if (!section) throw new Error('the course has no section');
  await ok(
    api.post('/api/lessons/createLessons', {
      headers,
      multipart: {
        'Object.lesson_Id': '0',
        'Object.lesson_title': WRITTEN.raw,
        'Object.contentType': 'text',
        'Object.section_Id': String(section.section_Id),
        'Object.content_html': HOSTILE,
      },
    }),
  );
  for (const lesson of (await sections())[0]?.lessons ?? []) {
    if (lesson.lesson_title === WRITTEN.typed || lesson.lesson_title === WRITTEN.raw) {
      await ok(
        api.put('/api/lessons/publishUnpublishLesson', {
          headers,
          data: { Id: lesson.lesson_Id, published: true },
        }),
      );
    }
  }
  await api.dispose();

  await page.goto(`/admin/previewCourse?id=${draft.id}`);
  await lessonButton(page, WRITTEN.typed).click();
  const typed = page.getByRole('article', { name: WRITTEN.typed });
  await expect(typed.getByRole('heading', { level: 2, name: 'The bowline' })).toBeVisible();
  await expect(typed).toContainText('Sailors write <script>alert(1)</script> as text.');
  await expect(typed.locator('strong').first()).toHaveText('Bold words');
  await expect(typed).toContainText('Still here');
  expect(await typed.locator('script, img, iframe, svg, [style], [onclick]').count()).toBe(0);
  expect(await typed.getByRole('link', { name: 'a link' }).count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'text-written-1280');
  // On a phone's screen, opened there (the sidebar starts closed below 768 px).
  await page.setViewportSize({ width: 360, height: 900 });
  await page.reload();
  await lessonButton(page, WRITTEN.typed).click();
  await expect(typed.getByRole('heading', { level: 2, name: 'The bowline' })).toBeVisible();
  await shot(page, 'text-written-360');

  await lessonButton(page, WRITTEN.raw).click();
  const raw = page.getByRole('article', { name: WRITTEN.raw });
  await expect(raw).toContainText('Pasted a link and more.');
  await expect(raw).toContainText('Still here');
  expect(await raw.locator('script, img, iframe, svg, [style], [onclick], a[href]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
