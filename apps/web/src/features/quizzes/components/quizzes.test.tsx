import { type Attempt, QUIZ_LIMITS } from '@skillwise/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, pathOf, renderRoutes } from '@/test/render';
import { keptAnswers } from '../lib/kept-answers';
import { QuizEditor } from './quiz-editor';
import { QuizPlayer } from './quiz-player';
import { StudentQuizLesson } from './student-quiz';

let calls: FetchCall[];
afterEach(() => vi.unstubAllGlobals());

describe('QuizEditor', () => {
  beforeEach(() => {
    storage.set('authToken', 'token');
    calls = mockFetch(({ url, body }) => {
      if (!url.endsWith('quizzes/SaveQuiz')) return { body: {} };
      const questions = (body as { questions: Array<{ text: string }> }).questions;
      return questions[1]?.text === ''
        ? {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              code: 'VALIDATION',
              message: 'questions.1.text: is required',
              details: [
                { field: 'questions.1.text', message: 'is required' },
                { field: 'pass_percent', message: 'must be a whole number from 0 to 100' },
              ],
            },
          }
        : { body: { ...(body as object), quiz_Id: 1, questions: [] } };
    });
  });

  it('shows the server’s 400 at the fields it names, with the question wherever it moved, and keeps what was typed', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: <QuizEditor lessonId={5} lessonTitle="Check" quiz={null} saveTitle={async () => null} />,
        },
      ],
      '/',
    );
    fireEvent.change(screen.getByLabelText('Question 1 text'), { target: { value: 'First?' } });
    fireEvent.change(screen.getByLabelText('Pass mark (%)'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('New question'), { target: { value: 'open' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));

    expect(await screen.findByText('must be a whole number from 0 to 100')).toBeTruthy();
    const second = screen.getByRole('group', { name: 'Question 2' });
    expect(within(second).getByText('is required')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('2 fields need a change');
    expect((screen.getByLabelText('Question 1 text') as HTMLTextAreaElement).value).toBe('First?');

    // Moved up, the open question keeps its error.
    fireEvent.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    expect(within(screen.getByRole('group', { name: 'Question 1' })).getByText('is required')).toBeTruthy();
    expect(calls.filter((call) => call.url.endsWith('SaveQuiz'))[0]?.body).toMatchObject({
      lesson_Id: 5,
      pass_percent: 150,
      questions: [
        { kind: 'single', text: 'First?' },
        { kind: 'open', text: '' },
      ],
    });
  });

  it('saves a question’s uploaded image with the quiz, holds Save while it uploads, and keeps it when a save fails', async () => {
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:chosen'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    let finishUpload: () => void = () => undefined;
    const saves: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const json = (status: number, body: unknown) =>
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
        if (String(input).endsWith('UploadQuestionImage')) {
          await new Promise<void>((resolve) => {
            finishUpload = resolve;
          });
          return json(201, { image_key: 'pic.png', image_url: '/api/media/quiz-images/5/pic.png?s=1' });
        }
        saves.push(JSON.parse(String(init?.body)));
        return saves.length === 1
          ? json(400, {
              statusCode: 400,
              error: 'Bad Request',
              code: 'VALIDATION',
              message: 'questions.0.image_key: must be an image uploaded for this school’s quiz',
              details: [
                {
                  field: 'questions.0.image_key',
                  message: 'must be an image uploaded for this school’s quiz',
                },
              ],
            })
          : json(200, { ...(saves.at(-1) as object), quiz_Id: 1, questions: [] });
      }),
    );
    renderRoutes(
      [
        {
          path: '/',
          element: <QuizEditor lessonId={5} lessonTitle="Check" quiz={null} saveTitle={async () => null} />,
        },
      ],
      '/',
    );
    fireEvent.change(screen.getByLabelText('Question 1 text'), { target: { value: 'What is shown?' } });
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shape.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText(/^Question 1 image/), { target: { files: [picture] } });
    const holding = await screen.findByRole('button', { name: 'Uploading image...' });
    expect((holding as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(holding.closest('form') as HTMLFormElement);
    expect(saves).toEqual([]);

    finishUpload();
    const save = await screen.findByRole('button', { name: 'Save quiz' });
    fireEvent.click(save);
    const group = screen.getByRole('group', { name: 'Question 1' });
    expect(await within(group).findByText('must be an image uploaded for this school’s quiz')).toBeTruthy();
    expect(saves[0]).toMatchObject({ questions: [{ text: 'What is shown?', image_key: 'pic.png' }] });
    // Nothing lost: the image is still the question's, and the next save sends it again.
    expect(within(group).getByRole('button', { name: 'Remove image' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toMatchObject({ questions: [{ image_key: 'pic.png' }] });
  });
});

const QUESTIONS: Attempt['questions'] = [
  {
    question_Id: 1,
    kind: 'single',
    text: 'Pick one',
    points: 1,
    image_url: '/api/media/quiz-images/5/pick.png?s=1',
    options: [
      { option_Id: 10, text: 'Yes' },
      { option_Id: 11, text: 'No' },
    ],
  },
  { question_Id: 2, kind: 'short', text: 'Say it', points: 1, options: [] },
];

describe('QuizPlayer', () => {
  it('asks before sending with questions unanswered, then sends the answers given', async () => {
    const onSubmit = vi.fn(async () => null);
    renderRoutes(
      [{ path: '/', element: <QuizPlayer questions={QUESTIONS} onSubmit={onSubmit} idPrefix="t" /> }],
      '/',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your answers?' });
    expect(dialog.textContent).toContain('1 question is not answered');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit anyway' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ 1: { option_Ids: [10] } }));
  });

  it('sends the answers as they are when the server’s deadline passes', async () => {
    const onSubmit = vi.fn(async () => null);
    const deadline = new Date(Date.now() + 1500).toISOString();
    renderRoutes(
      [
        {
          path: '/',
          element: <QuizPlayer questions={QUESTIONS} deadline={deadline} onSubmit={onSubmit} idPrefix="t" />,
        },
      ],
      '/',
    );
    expect(screen.getByText(/Time left/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Say it' }), { target: { value: 'hello' } });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ 2: { text: 'hello' } }), { timeout: 4000 });
  });

  it('shows a question’s image with its alt text from the question', () => {
    renderRoutes(
      [{ path: '/', element: <QuizPlayer questions={QUESTIONS} onSubmit={async () => null} idPrefix="t" /> }],
      '/',
    );
    const image = screen.getByRole('img', { name: 'Image for the question: Pick one' });
    expect(image.getAttribute('src')).toBe('/api/media/quiz-images/5/pick.png?s=1');
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('keeps an attempt’s answers in the browser and finds them again when the attempt is continued', () => {
    localStorage.clear();
    const player = () => (
      <QuizPlayer questions={QUESTIONS} onSubmit={async () => null} idPrefix="t" keepFor={41} />
    );
    const first = renderRoutes([{ path: '/', element: player() }], '/');
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Say it' }), { target: { value: 'kept words' } });
    first.unmount();

    // A reload: a new page finds them for the same attempt, and for no other.
    const again = renderRoutes([{ path: '/', element: player() }], '/');
    expect((screen.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Say it' }) as HTMLInputElement).value).toBe('kept words');
    expect(screen.getByText('2 of 2 answered')).toBeTruthy();
    again.unmount();
    renderRoutes(
      [
        {
          path: '/',
          element: <QuizPlayer questions={QUESTIONS} onSubmit={async () => null} idPrefix="u" keepFor={42} />,
        },
      ],
      '/',
    );
    expect((screen.getByRole('textbox', { name: 'Say it' }) as HTMLInputElement).value).toBe('');
  });
});

describe('keptAnswers', () => {
  it('takes back only what still fits the attempt’s questions', () => {
    localStorage.setItem(
      'quiz_answers_7',
      JSON.stringify({
        1: { option_Ids: [99, 11, 10] },
        2: { text: 'x'.repeat(20_000) },
        3: { text: 'gone' },
      }),
    );
    expect(keptAnswers(7, QUESTIONS)).toEqual({
      1: { option_Ids: [11] },
      2: { text: 'x'.repeat(QUIZ_LIMITS.answerText) },
    });
    localStorage.setItem('quiz_answers_8', '{not json');
    expect(keptAnswers(8, QUESTIONS)).toEqual({});
    expect(keptAnswers(9, QUESTIONS)).toEqual({});
  });
});

describe('StudentQuizLesson', () => {
  const quiz = (over: object = {}) => ({
    quiz_Id: 1,
    lesson_Id: 5,
    pass_percent: 70,
    attempts_allowed: 3,
    wait_seconds: 0,
    time_limit_seconds: null,
    shuffle_questions: false,
    shuffle_options: false,
    draw_count: null,
    show_answers: 'after_each_attempt',
    lesson_title: 'Check',
    question_count: 2,
    attempts: [],
    passed: false,
    can_start: true,
    next_attempt_at: null,
    attempts_left: 3,
    ...over,
  });

  it('says the API’s refusal as it comes, its moment written for the reader', async () => {
    storage.set('authToken', 'token');
    mockFetch(({ url }) => {
      if (url.includes('GetQuizForStudent/5')) return { body: quiz() };
      if (url.endsWith('StartAttempt')) {
        return {
          status: 409,
          body: {
            statusCode: 409,
            error: 'Conflict',
            code: 'CONFLICT',
            message: 'You can try this quiz again after 2026-03-04T15:06:07.000Z.',
          },
        };
      }
      return { body: {} };
    });
    renderRoutes(
      [{ path: '/', element: <StudentQuizLesson lessonId={5} onPassed={() => undefined} /> }],
      '/',
    );
    expect(await screen.findByText('Attempts left')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start quiz' }));
    const said = await screen.findByText(/^You can try this quiz again after Mar 4, 2026, /);
    expect(said.textContent).not.toContain('2026-03-04T');
  });

  it('a lesson not open yet shows the server’s words, not an error to try again', async () => {
    storage.set('authToken', 'token');
    const lockedFor = (message: string) =>
      mockFetch(() => ({
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', code: 'FORBIDDEN', message },
      }));
    lockedFor('Complete the previous lesson to open this one.');
    const view = renderRoutes(
      [{ path: '/', element: <StudentQuizLesson lessonId={5} onPassed={() => undefined} /> }],
      '/',
    );
    expect(await screen.findByText('Complete the previous lesson to open this one.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    view.unmount();
  });

  it('a lesson that locks before Start says why when StartAttempt is refused', async () => {
    storage.set('authToken', 'token');
    let locked = false;
    mockFetch(({ url }) => {
      const refusal = {
        status: 403,
        body: {
          statusCode: 403,
          error: 'Forbidden',
          code: 'FORBIDDEN',
          message: 'This lesson opens on January 15, 2027 at 12:00 AM UTC.',
        },
      };
      if (url.endsWith('StartAttempt')) {
        locked = true;
        return refusal;
      }
      return locked ? refusal : { body: quiz() };
    });
    renderRoutes(
      [{ path: '/', element: <StudentQuizLesson lessonId={5} onPassed={() => undefined} /> }],
      '/',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Start quiz' }));
    expect(await screen.findByText('This lesson opens on January 15, 2027 at 12:00 AM UTC.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('continues an open attempt with the answers kept, and forgets them once submitted', async () => {
    storage.set('authToken', 'token');
    localStorage.setItem('quiz_answers_31', JSON.stringify({ 2: { text: 'from before' } }));
    const open = {
      attempt_Id: 31,
      number: 1,
      status: 'in_progress',
      started_at: '2026-03-04T15:00:00.000Z',
      submitted_at: null,
      deadline: null,
      score: null,
      max_score: 2,
      passed: null,
    };
    const calls = mockFetch(({ url }) => {
      if (url.includes('GetQuizForStudent/5')) return { body: quiz({ attempts: [open] }) };
      if (url.endsWith('StartAttempt')) {
        return { body: { ...open, lesson_Id: 5, answers_shown: false, questions: QUESTIONS } };
      }
      if (url.endsWith('SubmitAttempt')) {
        return {
          body: {
            ...open,
            status: 'submitted',
            submitted_at: '2026-03-04T15:05:00.000Z',
            score: 1,
            passed: false,
            lesson_Id: 5,
            answers_shown: false,
            questions: QUESTIONS.map((q) => ({ ...q, answer: null })),
          },
        };
      }
      return { body: {} };
    });
    renderRoutes(
      [{ path: '/', element: <StudentQuizLesson lessonId={5} onPassed={() => undefined} /> }],
      '/',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Continue attempt' }));
    const said = (await screen.findByRole('textbox', { name: 'Say it' })) as HTMLInputElement;
    expect(said.value).toBe('from before');
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(JSON.parse(localStorage.getItem('quiz_answers_31') ?? '{}')).toEqual({
      1: { option_Ids: [10] },
      2: { text: 'from before' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('Not passed')).toBeTruthy();
    expect(calls.find((call) => pathOf(call).endsWith('SubmitAttempt'))?.body).toMatchObject({
      attempt_Id: 31,
      answers: [
        { question_Id: 1, option_Ids: [10] },
        { question_Id: 2, text: 'from before' },
      ],
    });
    expect(localStorage.getItem('quiz_answers_31')).toBeNull();
  });
});
