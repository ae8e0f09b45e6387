import type { APIRequestContext } from '@playwright/test';
import { apiLogin, bearer, ok, uniqueSuffix } from './support/api';
import { expectAccessible } from './support/axe';
import { addEnrolledStudent, createCourse, publisherApi, unpublishCourse } from './support/courses';
import { expect, test, WIDTHS } from './support/fixtures';
import { logIn } from './support/flows';
import { shot } from './support/screens';

type AttemptQuestion = { question_Id: number; kind: string; options: { option_Id: number; text: string }[] };

/**
 * A published course of the demo school whose section holds a quiz lesson (made through the API): a
 * choice worth 1 and an open answer worth 4, the pass mark 60%.
 */
async function quizCourse(request: APIRequestContext, tag: string) {
  const { courseId, sectionId } = await createCourse(request, {
    title: `Tides ${tag}`,
    unique: tag,
    lessons: [{ title: 'Reading the tide table', type: 'text' }],
    published: true,
  });
  const { headers, ok: okAs } = await publisherApi(request);
  const quizTitle = `Tide check ${tag}`;
  const lesson = await okAs<{ lesson_Id: number }>(
    request.post('/api/lessons/createLessons', {
      headers,
      multipart: {
        'Object.lesson_Id': '0',
        'Object.lesson_title': quizTitle,
        'Object.contentType': 'quiz',
        'Object.section_Id': String(sectionId),
      },
    }),
  );
  await okAs(
    request.post('/api/quizzes/SaveQuiz', {
      headers,
      data: {
        lesson_Id: lesson.lesson_Id,
        pass_percent: 60,
        questions: [
          {
            kind: 'single',
            text: 'How many high tides come in a day, most places?',
            points: 1,
            options: [{ text: 'Two', correct: true }, { text: 'Five' }],
          },
          { kind: 'open', text: 'Why does the Moon make tides?', points: 4 },
        ],
      },
    }),
  );
  await okAs(
    request.put('/api/lessons/publishUnpublishLesson', {
      headers,
      data: { Id: lesson.lesson_Id, published: true },
    }),
  );
  return { courseId, lessonId: lesson.lesson_Id, quizTitle };
}

/** The student's attempt, answered (the choice right, the open answer written) and submitted. */
async function submittedAttempt(request: APIRequestContext, token: string, lessonId: number) {
  const started = await ok<{ attempt_Id: number; questions: AttemptQuestion[] }>(
    request.post('/api/quizzes/StartAttempt', { headers: bearer(token), data: { lesson_Id: lessonId } }),
  );
  const answers = started.questions.map((q) =>
    q.kind === 'open'
      ? { question_Id: q.question_Id, text: 'Its pull lifts the sea on the side that faces it.' }
      : {
          question_Id: q.question_Id,
          option_Ids: q.options.filter((o) => o.text === 'Two').map((o) => o.option_Id),
        },
  );
  const submitted = await ok<{ status: string }>(
    request.post('/api/quizzes/SubmitAttempt', {
      headers: bearer(token),
      data: { attempt_Id: started.attempt_Id, answers },
    }),
  );
  expect(submitted.status).toBe('needs_grading');
  return started.attempt_Id;
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    // The Grading screen is a table at 1280 px and cards at 360 px: both are walked.
    test('the school grades an open answer on the Grading screen; the student is told and sees the result', async ({
      page,
      request,
    }) => {
      const tag = uniqueSuffix();
      const { courseId, lessonId, quizTitle } = await quizCourse(request, tag);
      const student = {
        name: `Tess Tide ${tag}`,
        email: `tess.${tag}@example.com`,
        password: 'tide password 1',
      };
      await addEnrolledStudent(request, student, courseId);
      const { token } = await apiLogin(request, student.email, student.password);
      const attemptId = await submittedAttempt(request, token, lessonId);

      // The publisher finds the attempt on the Grading screen, oldest first among the school's.
      await logIn(page, 'publisher@example.com', 'publisher123');
      await expect(page).toHaveURL(/\/admin/);
      await page.getByRole('link', { name: 'Grading' }).click();
      await expect(page).toHaveURL(/\/admin\/grading$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Grading' })).toBeVisible();
      const grade = page.getByRole('link', { name: `Grade ${student.name}’s attempt at ${quizTitle}` });
      await expect(grade).toBeVisible();
      await expectAccessible(page);
      await shot(page, `quiz-grading-queue-${width}`);

      // The attempt: the choice already graded by the server, the open answer waiting for points.
      await grade.click();
      await expect(page).toHaveURL(new RegExp(`/admin/grading\\?attempt=${attemptId}$`));
      await expect(
        page.getByRole('heading', { level: 1, name: `${student.name}: ${quizTitle}` }),
      ).toBeVisible();
      await expect(page.getByText('Its pull lifts the sea on the side that faces it.')).toBeVisible();
      await expect(page.getByText('Waiting for your grade')).toBeVisible();
      const points = page.getByLabel('Points (0 to 4)');
      await points.fill('9');
      await page.getByRole('button', { name: 'Save grade' }).click();
      await expect(page.getByText('Enter a whole number from 0 to 4')).toBeVisible();
      await points.fill('3');
      await page.getByLabel(/^Comment/).fill('Good: and the far side too.');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Save grade' }).click();
      await expect(page.getByText('Graded: 4 / 5 (80%). Passed.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Change grade' })).toBeVisible();
      await shot(page, `quiz-grading-attempt-${width}`);

      // Graded, it has left the queue.
      await page.getByRole('link', { name: 'Grading', exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Grading' })).toBeVisible();
      await expect(
        page.getByRole('link', { name: `Grade ${student.name}’s attempt at ${quizTitle}` }),
      ).toHaveCount(0);

      // The student signs in and reads the notification, with its score, and opens the lesson from it.
      await page.evaluate(() => localStorage.clear());
      await logIn(page, student.email, student.password);
      await expect(page).toHaveURL(/\/students/);
      await page.goto('/students/notifications');
      const notice = page.getByRole('link', { name: `Unread: Your quiz "${quizTitle}" was graded` });
      await expect(notice).toBeVisible();
      await expect(
        page.getByText(/graded your answers in "Tides .*": 4 of 5 points \(80%\)\. You passed\./),
      ).toBeVisible();
      await expectAccessible(page);
      await shot(page, `quiz-graded-notification-${width}`);
      await notice.click();
      await expect(page).toHaveURL(new RegExp(`/students/takeCourse\\?id=${courseId}&lesson=${lessonId}$`));
      await expect(page.getByRole('heading', { level: 1, name: `Tides ${tag}` })).toBeVisible();

      // The graded result is the student's to read, with the grader's comment.
      const attempt = await ok<{
        status: string;
        score: number;
        passed: boolean;
        questions: { kind: string; grader_comment: string | null }[];
      }>(request.get(`/api/quizzes/GetAttempt/${attemptId}`, { headers: bearer(token) }));
      expect(attempt).toMatchObject({ status: 'graded', score: 4, passed: true });
      expect(attempt.questions.find((q) => q.kind === 'open')?.grader_comment).toBe(
        'Good: and the far side too.',
      );

      await unpublishCourse(request, courseId);
    });
  });
}
