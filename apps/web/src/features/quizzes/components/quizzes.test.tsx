import type { Attempt } from '@skillwise/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, renderRoutes } from '@/test/render';
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
});

const QUESTIONS: Attempt['questions'] = [
  {
    question_Id: 1,
    kind: 'single',
    text: 'Pick one',
    points: 1,
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
});
