import type { Attempt, GradingQueueRow, QuizStudentResult, QuizSummary } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, pageAnswer, pathOf, queryOf, renderRoutes } from '@/test/render';
import { GradeAttempt } from './grade-attempt';
import { GradingQueue } from './grading-queue';
import { QuizResults } from './quiz-results';

// The chart draws on a canvas, which the test's document has not: its figures are checked in its table.
vi.mock('./score-chart', () => ({ default: () => <div data-testid="score-chart" /> }));

const wide = (matches: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

beforeEach(() => {
  storage.set('authToken', 'token');
  wide(true);
});

const QUEUE: GradingQueueRow[] = [
  {
    attempt_Id: 41,
    number: 1,
    submitted_at: '2026-03-04T10:00:00.000Z',
    course_Id: 3,
    course_title: 'Gravity',
    lesson_Id: 6,
    lesson_title: 'Check yourself',
    user_Id: 9,
    student_name: 'Ada Lovelace',
    student_email: 'ada@example.com',
    waiting: 1,
  },
];

describe('Grading', () => {
  it('lists the attempts waiting, each with its Grade link', async () => {
    const calls = mockFetch((call) => pageAnswer(call, QUEUE, (row) => [row.student_name]));
    renderRoutes([{ path: '/', element: <GradingQueue /> }], '/');
    const table = await screen.findByRole('table', { name: 'Attempts waiting for grading' });
    expect(pathOf(calls[0])).toBe('/api/quizzes/GetGradingQueue');
    expect(queryOf(calls[0]).toString()).toBe('page=1&pageSize=10');
    expect(within(table).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(table).getByText('Check yourself')).toBeTruthy();
    const link = within(table).getByRole('link', { name: 'Grade Ada Lovelace’s attempt at Check yourself' });
    expect(link.getAttribute('href')).toBe('/admin/grading?attempt=41');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by student or quiz' }), {
      target: { value: 'zed' },
    });
    expect(await screen.findByText('No attempts match your search')).toBeTruthy();
    expect(queryOf(calls.at(-1)).get('search')).toBe('zed');
  });

  it('says when nothing waits', async () => {
    mockFetch((call) => pageAnswer(call, [], () => []));
    renderRoutes([{ path: '/', element: <GradingQueue /> }], '/');
    expect(await screen.findByText('Nothing to grade')).toBeTruthy();
  });
});

const ATTEMPT: Attempt = {
  attempt_Id: 41,
  number: 1,
  status: 'needs_grading',
  started_at: '2026-03-04T09:50:00.000Z',
  deadline: null,
  submitted_at: '2026-03-04T10:00:00.000Z',
  score: 1,
  max_score: 5,
  passed: null,
  lesson_Id: 6,
  answers_shown: true,
  questions: [
    {
      question_Id: 1,
      kind: 'single',
      text: 'What is 2 + 2?',
      points: 1,
      options: [
        { option_Id: 1, text: 'Four', correct: true },
        { option_Id: 2, text: 'Five', correct: false },
      ],
      answer: { option_Ids: [1] },
      points_awarded: 1,
      grader_comment: null,
    },
    {
      question_Id: 2,
      kind: 'open',
      text: 'Explain gravity.',
      points: 4,
      options: [],
      answer: { text: 'Things fall.' },
      points_awarded: null,
      grader_comment: null,
    },
  ],
};

describe('an attempt opened for grading', () => {
  it('grades an open answer with its points and comment, checked first', async () => {
    const calls = mockFetch((call) =>
      pathOf(call) === '/api/quizzes/GradeAnswer'
        ? {
            body: {
              ...ATTEMPT,
              status: 'graded',
              score: 4,
              passed: true,
              questions: ATTEMPT.questions.map((q) =>
                q.kind === 'open' ? { ...q, points_awarded: 3, grader_comment: 'Good.' } : q,
              ),
            },
          }
        : { body: ATTEMPT },
    );
    renderRoutes([{ path: '/', element: <GradeAttempt attemptId={41} heading={null} /> }], '/');
    expect(await screen.findByText('Things fall.')).toBeTruthy();
    expect(
      screen.getByText(
        '1 open answer waits for your grade. The student is told once every answer is graded.',
      ),
    ).toBeTruthy();
    const points = screen.getByLabelText('Points (0 to 4)');
    fireEvent.change(points, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save grade' }));
    expect(await screen.findByText('Enter a whole number from 0 to 4')).toBeTruthy();
    fireEvent.change(points, { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText(/^Comment/), { target: { value: ' Good. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save grade' }));
    expect(await screen.findByText('Graded: 4 / 5 (80%). Passed.')).toBeTruthy();
    const grade = calls.find((call) => pathOf(call) === '/api/quizzes/GradeAnswer');
    expect(grade?.body).toEqual({ attempt_Id: 41, question_Id: 2, points: 3, comment: 'Good.' });
  });
});

const SUMMARY: QuizSummary = {
  lesson_Id: 6,
  lesson_title: 'Check yourself',
  course_Id: 3,
  course_title: 'Gravity',
  pass_percent: 60,
  attempts: 3,
  students: 2,
  graded_students: 2,
  passed_students: 1,
  pass_rate: 50,
  score_buckets: [0, 0, 1, 0, 0, 0, 0, 0, 1, 0],
  hardest: [{ text: 'Explain gravity.', kind: 'open', answers: 2, full_points: 1, full_percent: 50 }],
};

const STUDENTS: QuizStudentResult[] = [
  {
    user_Id: 9,
    student_name: 'Ada Lovelace',
    student_email: 'ada@example.com',
    attempts: 2,
    best_score: 4,
    max_score: 5,
    best_percent: 80,
    last_attempt_at: '2026-03-04T10:00:00.000Z',
    passed: true,
    waiting: false,
  },
  {
    user_Id: 10,
    student_name: 'Ben Okafor',
    student_email: 'ben@example.com',
    attempts: 1,
    best_score: 1,
    max_score: 5,
    best_percent: 20,
    last_attempt_at: '2026-03-05T10:00:00.000Z',
    passed: false,
    waiting: false,
  },
];

describe('a quiz’s results', () => {
  it('shows its figures, spread, hardest questions and students; resets a student’s attempts', async () => {
    const calls = mockFetch((call) => {
      const path = pathOf(call);
      if (path === '/api/quizzes/GetQuizSummary/6') return { body: SUMMARY };
      if (path === '/api/quizzes/GetQuizResults/6')
        return pageAnswer(call, STUDENTS, (row) => [row.student_name, row.student_email]);
      if (path === '/api/quizzes/GetStudentAttempts')
        return {
          body: [
            { ...ATTEMPT, status: 'graded', score: 4, passed: true, lesson_title: 'Check yourself' },
          ].map(({ questions: _q, answers_shown: _a, ...rest }) => rest),
        };
      if (path === '/api/quizzes/ResetAttempts') return { body: { lesson_Id: 6, user_Id: 9, deleted: 1 } };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderRoutes([{ path: '/', element: <QuizResults lessonId={6} /> }], '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results: Check yourself' })).toBeTruthy();
    const figures = screen.getByRole('region', { name: 'Figures' });
    expect(within(figures).getByText('50%')).toBeTruthy();
    expect(within(figures).getByText('1 of 2 graded students passed')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '80–89%' })).toBeTruthy();
    expect(screen.getByText('Explain gravity.')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Students' });
    expect(within(table).getByText('4 / 5 (80%)')).toBeTruthy();
    expect(within(table).getByText('Not passed')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Attempts of Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace’s attempts' });
    expect(await within(dialog).findByText('Attempt 1')).toBeTruthy();
    const query = queryOf(calls.find((call) => pathOf(call) === '/api/quizzes/GetStudentAttempts'));
    expect(query.get('user_Id')).toBe('9');
    expect(query.get('lesson_Id')).toBe('6');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset attempts' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset attempts?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, Reset' }));
    await vi.waitFor(() =>
      expect(calls.find((call) => pathOf(call) === '/api/quizzes/ResetAttempts')?.body).toEqual({
        lesson_Id: 6,
        user_Id: 9,
      }),
    );
  });
});
