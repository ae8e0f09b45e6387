import { describe, expect, test } from 'vitest';
import { bucketText, quizResultsCsv, resultText, scoreText } from './quiz-results';

describe('quiz results', () => {
  test('a score with its percent, or a dash', () => {
    expect(scoreText(7, 10)).toBe('7 / 10 (70%)');
    expect(scoreText(2, 3)).toBe('2 / 3 (66%)');
    expect(scoreText(0, 0)).toBe('0 / 0 (0%)');
    expect(scoreText(null, null)).toBe('—');
  });

  test('buckets of ten, the last to 100', () => {
    expect(bucketText(0)).toBe('0–9%');
    expect(bucketText(5)).toBe('50–59%');
    expect(bucketText(9)).toBe('90–100%');
  });

  test('a result in a word', () => {
    expect(resultText({ passed: true, waiting: true, best_score: 3 })).toBe('Passed');
    expect(resultText({ passed: false, waiting: true, best_score: null })).toBe('Waiting for grading');
    expect(resultText({ passed: false, waiting: false, best_score: 1 })).toBe('Not passed');
  });

  test('the CSV: one line a student, plain numbers, formulas defused', () => {
    const csv = quizResultsCsv([
      {
        user_Id: 1,
        student_name: '=Ann, "A"',
        student_email: 'ann@example.com',
        attempts: 2,
        best_score: 4,
        max_score: 5,
        best_percent: 80,
        last_attempt_at: '2026-03-04T10:00:00.000Z',
        passed: true,
        waiting: false,
      },
      {
        user_Id: 2,
        student_name: 'Bob',
        student_email: 'bob@example.com',
        attempts: 1,
        best_score: null,
        max_score: null,
        best_percent: null,
        last_attempt_at: '2026-03-05T10:00:00.000Z',
        passed: false,
        waiting: true,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Student,E-mail,Attempts,Best score,Max score,Best %,Last attempt,Passed,Waiting',
      `"'=Ann, ""A""",ann@example.com,2,4,5,80,2026-03-04T10:00:00.000Z,yes,no`,
      'Bob,bob@example.com,1,,,,2026-03-05T10:00:00.000Z,no,yes',
      '',
    ]);
  });
});
