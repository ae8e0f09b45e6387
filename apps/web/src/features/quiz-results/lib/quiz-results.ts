import { type AttemptStatus, type QuizStudentResult, SCORE_BUCKETS } from '@skillwise/contracts';
import { csvOf } from '@/lib/csv';
import { type MessageId, t } from '@/lib/i18n/i18n';

/** A score as the school reads it: "7 / 10 (70%)", or an em dash while there is none. */
export const scoreText = (score: number | null, max: number | null): string => {
  if (score === null || max === null) return '—';
  const percent = max > 0 ? Math.floor((score * 100) / max) : 0;
  return t('admin.quizResults.score', { score, max, percent });
};

/** The label of a bucket of the spread of scores: "0–9%", …, "90–100%". */
export const bucketText = (index: number): string =>
  t('admin.quizResults.bucket', { from: index * 10, to: index === SCORE_BUCKETS - 1 ? 100 : index * 10 + 9 });

/** An attempt's state, as the school's screens say it (catalogue keys). */
export const STATUS_TEXT: Record<AttemptStatus, MessageId> = {
  in_progress: 'admin.quizResults.status.inProgress',
  submitted: 'admin.quizResults.status.submitted',
  needs_grading: 'admin.quizResults.status.needsGrading',
  graded: 'admin.quizResults.status.graded',
};

/** A student's result in a word: passed, waiting for grading, not passed, or no result yet. */
export const resultText = (row: Pick<QuizStudentResult, 'passed' | 'waiting' | 'best_score'>): string =>
  row.passed
    ? t('admin.quizResults.passed')
    : row.waiting
      ? t('admin.quizResults.status.needsGrading')
      : row.best_score === null
        ? '—'
        : t('admin.quizResults.notPassed');

/**
 * A quiz's results as CSV, one line a student, in plain numbers: best score and points, best percent,
 * attempts, the last attempt's time (ISO 8601, UTC), passed (yes or no) and whether one waits.
 */
export const quizResultsCsv = (rows: ReadonlyArray<QuizStudentResult>): string =>
  csvOf([
    [
      'Student',
      'E-mail',
      'Attempts',
      'Best score',
      'Max score',
      'Best %',
      'Last attempt',
      'Passed',
      'Waiting',
    ],
    ...rows.map((row) => [
      row.student_name,
      row.student_email,
      row.attempts,
      row.best_score ?? '',
      row.max_score ?? '',
      row.best_percent ?? '',
      row.last_attempt_at,
      row.passed ? 'yes' : 'no',
      row.waiting ? 'yes' : 'no',
    ]),
  ]);
