import type { Locator, Page } from '@playwright/test';
import { uniqueSuffix } from './support/api';
import { expectAccessible } from './support/axe';
import {
  addEnrolledStudent,
  createCourse,
  fixtureFile,
  PUBLISHER,
  publisherApi,
  unpublishCourse,
} from './support/courses';
import { expect, journeyAt, test, WIDTHS } from './support/fixtures';
import { logIn } from './support/flows';
import { uniqueEmail } from './support/outbox';
import { shot } from './support/screens';

const unique = uniqueSuffix();
const SECTION = 'All kinds of lessons';
const QUIZ = 'Knots check';
const Q = {
  single: 'Which knot makes a fixed loop at the end of a line?',
  multiple: 'Which of these are hitches?',
  trueFalse: 'A reef knot joins ropes of different sizes safely.',
  short: 'Which knot joins two ropes of different sizes?',
  open: 'Describe how you would tie a boat to a post.',
};

const chooseFromMenu = async (page: Page, menuName: string, item: string) => {
  await page.getByRole('button', { name: menuName }).click();
  await page.getByRole('menu', { name: menuName }).getByRole('menuitem', { name: item, exact: true }).click();
};

/** A question of the editor's bank, by its place. */
const question = (page: Page, number: number) =>
  page.getByRole('group', { name: `Question ${number}`, exact: true });

/** Adds a question of a kind at the end of the bank and answers its last place. */
const addQuestion = async (page: Page, kind: string, number: number): Promise<Locator> => {
  await page.getByLabel('New question', { exact: true }).selectOption(kind);
  await page.getByRole('button', { name: 'Add question' }).click();
  const added = question(page, number);
  await expect(added).toBeVisible();
  return added;
};

/** The image a question shows, named after the question's text (docs/decisions/035). */
const imageOf = (page: Page, text: string) =>
  page.getByRole('img', { name: `Image for the question: ${text}`, exact: true });

/** The picture is shown, loaded whole (its URL works for the reader), not a broken image. */
const expectPicture = async (image: Locator) => {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((node) => (node as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
};

/** A question of the student's attempt, by its text. */
const asked = (page: Page, text: string) => page.getByRole('group', { name: text, exact: true });

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a publisher builds a quiz of every kind; a student fails it, waits, passes and earns the certificate', async ({
      page,
      browser,
      request,
    }, testInfo) => {
      const title = `Knot Quiz ${width} ${unique}`;
      const { courseId } = await createCourse(request, {
        title,
        unique: `quiz${width}${unique}`,
        lessons: [],
        published: false,
        certificate: true,
        sectionPublished: false,
      });
      try {
        // The publisher adds a quiz lesson: no file; the quiz editor opens.
        await logIn(page, PUBLISHER.email, PUBLISHER.password);
        await expect(page).toHaveURL(/\/admin/);
        await page.goto(`/admin/curriculum?id=${courseId}`);
        await page.getByRole('button', { name: `Add Lesson to ${SECTION}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Add Lesson' });
        await dialog.getByLabel('Lesson Name', { exact: true }).fill(QUIZ);
        await dialog.getByLabel('Content Type', { exact: true }).selectOption('quiz');
        await expect(dialog.getByLabel('File', { exact: true })).toBeHidden();
        await dialog.getByRole('button', { name: 'Upload Lesson' }).click();
        await expect(page).toHaveURL(/\/admin\/quizEditor\?id=\d+&lesson=\d+$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Quiz' })).toBeVisible();

        // Settings: 60% to pass, a 20 second wait between attempts (long enough for a busy machine to
        // see the wait before it ends), answers shown after each attempt.
        await page.getByLabel('Pass mark (%)', { exact: true }).fill('60');
        await page.getByLabel('Wait between attempts', { exact: true }).fill('20');
        await page.getByLabel('Wait between attempts: unit', { exact: true }).selectOption('seconds');

        // A single choice question, its text left out for now.
        const single = question(page, 1);
        await single.getByLabel('Option 1 text', { exact: true }).fill('Bowline');
        await single.getByLabel('Option 2 text', { exact: true }).fill('Clove hitch');
        await single.getByLabel('Option 1 is correct', { exact: true }).check();
        await single
          .getByLabel('Explanation for option 1 (optional)', { exact: true })
          .fill('The bowline’s loop does not slip.');
        // Its picture, uploaded at once and saved with the quiz.
        await single
          .getByLabel('Question 1 image', { exact: true })
          .setInputFiles(fixtureFile('cover.png', 'image/png'));
        await expect(single.getByRole('button', { name: 'Remove image' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Save quiz' })).toBeEnabled();

        const multiple = await addQuestion(page, 'multiple', 2);
        await multiple.getByLabel('Question 2 text', { exact: true }).fill(Q.multiple);
        await multiple.getByRole('button', { name: 'Add option' }).click();
        for (const [at, text] of ['Rolling hitch', 'Timber hitch', 'Figure eight'].entries()) {
          await multiple.getByLabel(`Option ${at + 1} text`, { exact: true }).fill(text);
        }
        await multiple.getByLabel('Option 1 is correct', { exact: true }).check();
        await multiple.getByLabel('Option 2 is correct', { exact: true }).check();

        const trueFalse = await addQuestion(page, 'true_false', 3);
        await trueFalse.getByLabel('Question 3 text', { exact: true }).fill(Q.trueFalse);
        await trueFalse.getByLabel('False is correct', { exact: true }).check();
        await trueFalse
          .getByLabel('Question 3 explanation', { exact: true })
          .fill('A reef knot spills; a sheet bend holds.');

        const short = await addQuestion(page, 'short', 4);
        await short.getByLabel('Question 4 text', { exact: true }).fill(Q.short);
        await short.getByLabel('Accepted answer 1', { exact: true }).fill('sheet bend');

        const open = await addQuestion(page, 'open', 5);
        await open.getByLabel('Question 5 text', { exact: true }).fill(Q.open);

        // The server refuses the question without text: said at its field, nothing typed is lost.
        await page.getByRole('button', { name: 'Save quiz' }).click();
        await expect(page.getByText('The quiz could not be saved. One field needs a change')).toBeVisible();
        await expect(single.getByText('is required')).toBeVisible();
        await expect(short.getByLabel('Accepted answer 1', { exact: true })).toHaveValue('sheet bend');
        await single.getByLabel('Question 1 text', { exact: true }).fill(Q.single);
        await page.getByRole('button', { name: 'Save quiz' }).click();
        await expect(page.getByText('Quiz saved').first()).toBeVisible();
        await expect(single.getByText('is required')).toBeHidden();
        await expectAccessible(page);
        await shot(page, `quiz-editor-${width}`);

        // Published: the lesson, its section and the course.
        await page.getByRole('button', { name: 'Curriculum' }).click();
        await expect(page).toHaveURL(/\/admin\/curriculum\?id=\d+$/);
        const toggle = page.getByRole('button', { expanded: false }).filter({ hasText: SECTION });
        if (await toggle.count()) await toggle.click();
        await chooseFromMenu(page, `Lesson menu: ${QUIZ}`, 'Publish Lesson');
        await expect(page.getByText('Lesson published').first()).toBeVisible();
        await chooseFromMenu(page, `Section menu: ${SECTION}`, 'Publish');
        await expect(page.getByText('Section published').first()).toBeVisible();
        await page.getByRole('button', { name: 'Publish', exact: true }).click();
        await expect(page.getByRole('button', { name: 'Unpublish', exact: true })).toBeVisible();

        // A student of the school, enrolled.
        const student = {
          name: 'Quinn Quayside',
          email: uniqueEmail(`quinn${width}`),
          password: 'make-fast-12',
        };
        await addEnrolledStudent(request, student, courseId);
        const context = await browser.newContext({
          baseURL: testInfo.project.use.baseURL,
          viewport: { width, height: 900 },
        });
        const learner = await context.newPage();
        await logIn(learner, student.email, student.password);
        await expect(learner).toHaveURL(/\/students/);
        await learner.goto(`/students/takeCourse?id=${courseId}`);
        await expect(learner.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await learner.getByRole('button', { name: 'Continue' }).click();
        await expect(learner.getByRole('heading', { level: 2, name: QUIZ })).toBeVisible();
        await expect(learner.getByRole('button', { name: 'Mark as done' })).toHaveCount(0);
        await expect(learner.getByText('Attempts left')).toBeVisible();

        // A first attempt, wrong and mostly unanswered: Submit asks first. The first question shows its
        // picture.
        await learner.getByRole('button', { name: 'Start quiz' }).click();
        await expectPicture(imageOf(learner, Q.single));
        await asked(learner, Q.single).getByRole('radio', { name: 'Clove hitch' }).check();
        await learner.getByRole('button', { name: 'Submit answers' }).click();
        const confirm = learner.getByRole('dialog', { name: 'Submit your answers?' });
        await expect(confirm).toContainText('4 questions are not answered');
        await confirm.getByRole('button', { name: 'Submit anyway' }).click();
        await expect(learner.getByText('Not passed', { exact: true })).toBeVisible();
        await expect(learner.getByText('Score: 0 of 5 points')).toBeVisible();
        await expect(learner.getByText('The bowline’s loop does not slip.')).toBeVisible();
        await expectPicture(imageOf(learner, Q.single));
        await expectAccessible(learner);
        await shot(learner, `quiz-failed-${width}`);

        // The wait: said plainly, then over without a reload.
        await learner.getByRole('button', { name: 'Back to the quiz' }).click();
        await expect(learner.getByText(/^You can try this quiz again after /)).toBeVisible();
        await expect(learner.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 60_000 });

        // A second attempt, right but for the open answer, left empty: passed.
        await learner.getByRole('button', { name: 'Try again' }).click();
        await asked(learner, Q.single).getByRole('radio', { name: 'Bowline' }).check();
        await asked(learner, Q.multiple).getByRole('checkbox', { name: 'Rolling hitch' }).check();
        await asked(learner, Q.multiple).getByRole('checkbox', { name: 'Timber hitch' }).check();
        await asked(learner, Q.trueFalse).getByRole('radio', { name: 'False' }).check();
        await learner.getByRole('textbox', { name: Q.short }).fill('  Sheet   Bend ');
        // A reload loses nothing: the attempt is continued with the answers given.
        await learner.reload();
        await learner.getByRole('button', { name: 'Continue' }).click();
        await learner.getByRole('button', { name: 'Continue attempt' }).click();
        await expect(asked(learner, Q.single).getByRole('radio', { name: 'Bowline' })).toBeChecked();
        await expect(asked(learner, Q.trueFalse).getByRole('radio', { name: 'False' })).toBeChecked();
        await expect(learner.getByRole('textbox', { name: Q.short })).toHaveValue('  Sheet   Bend ');
        await expectPicture(imageOf(learner, Q.single));
        await shot(learner, `quiz-player-${width}`);
        await learner.getByRole('button', { name: 'Submit answers' }).click();
        await confirm.getByRole('button', { name: 'Submit anyway' }).click();
        await expect(learner.getByText('Passed', { exact: true })).toBeVisible();
        await expect(learner.getByText('Score: 4 of 5 points')).toBeVisible();

        // The pass completes the lesson, the course, and issues the certificate.
        await expect(
          learner.getByText('Congratulations! You completed the course and earned its certificate.'),
        ).toBeVisible();
        await expect(learner.getByRole('region', { name: 'Your certificate' })).toBeVisible();
        await expect(learner.locator('#course-progress-label')).toContainText(
          '1 of 1 lesson completed · 100%',
        );
        await expectAccessible(learner);
        await shot(learner, `quiz-passed-${width}`);
        await learner.getByRole('button', { name: 'Back to the quiz' }).click();
        await expect(learner.getByText('You passed this quiz.')).toBeVisible();
        await expect(
          learner.getByRole('region', { name: 'Your attempts' }).getByRole('listitem'),
        ).toHaveCount(2);
        await context.close();
      } finally {
        await unpublishCourse(request, courseId);
      }
    });

    journeyAt(width, 360)(
      'a visitor takes a preview quiz on the course page, as often as wanted and without a timer',
      async ({ page, request }) => {
        const title = `Preview Quiz ${width} ${unique}`;
        const { courseId } = await createCourse(request, {
          title,
          unique: `preview${width}${unique}`,
          lessons: [],
          published: false,
        });
        try {
          const { headers, ok } = await publisherApi(request);
          const [section] = await ok<Array<{ section_Id: number }>>(
            request.get(`/api/courseSections/GetCourseSectionsByCourseId/${courseId}`, { headers }),
          );
          const lesson = await ok<{ lesson_Id: number }>(
            request.post('/api/lessons/createLessons', {
              headers,
              multipart: {
                'Object.lesson_Id': '0',
                'Object.lesson_title': 'Try a knot',
                'Object.contentType': 'quiz',
                'Object.section_Id': String(section?.section_Id),
              },
            }),
          );
          const image = await ok<{ image_key: string }>(
            request.post('/api/quizzes/UploadQuestionImage', {
              headers,
              multipart: {
                lesson_Id: String(lesson.lesson_Id),
                file: fixtureFile('cover.png', 'image/png'),
              },
            }),
          );
          await ok(
            request.post('/api/quizzes/SaveQuiz', {
              headers,
              data: {
                lesson_Id: lesson.lesson_Id,
                time_limit_seconds: 10,
                attempts_allowed: 1,
                questions: [
                  {
                    kind: 'single',
                    text: Q.single,
                    image_key: image.image_key,
                    explanation: 'A bowline’s loop holds.',
                    options: [
                      { text: 'Bowline', correct: true },
                      { text: 'Clove hitch', correct: false },
                    ],
                  },
                ],
              },
            }),
          );
          await ok(
            request.put('/api/lessons/publishUnpublishLesson', {
              headers,
              data: { Id: lesson.lesson_Id, published: true },
            }),
          );
          await ok(
            request.put('/api/lessons/handleMakeRemovePreviewLesson', {
              headers,
              data: { Id: lesson.lesson_Id, makepreview: true },
            }),
          );
          await ok(
            request.put('/api/courses/publishUnpublishCourse', {
              headers,
              data: { Id: courseId, published: true },
            }),
          );

          // Not signed in: the preview quiz, no timer, as often as wanted.
          await page.goto(`/courseDetail?id=${courseId}`);
          await page.getByRole('button', { name: 'Try the preview quiz' }).click();
          await expect(page.getByText('Nothing is saved, and no time limit applies.')).toBeVisible();
          await page.getByRole('button', { name: 'Start quiz' }).click();
          await expect(page.getByText('Time left')).toHaveCount(0);
          await expectPicture(imageOf(page, Q.single));
          await asked(page, Q.single).getByRole('radio', { name: 'Clove hitch' }).check();
          await page.getByRole('button', { name: 'Submit answers' }).click();
          await expect(page.getByText('Not passed', { exact: true })).toBeVisible();
          await expect(page.getByText('A bowline’s loop holds.')).toBeVisible();
          await page.getByRole('button', { name: 'Try again' }).click();
          await asked(page, Q.single).getByRole('radio', { name: 'Bowline' }).check();
          await page.getByRole('button', { name: 'Submit answers' }).click();
          await expect(page.getByText('Passed', { exact: true })).toBeVisible();
          await expectAccessible(page);
          await shot(page, `quiz-preview-${width}`);
        } finally {
          await unpublishCourse(request, courseId);
        }
      },
    );
  });
}
