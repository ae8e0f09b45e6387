import type { StaffQuiz } from '@skillwise/contracts';
import { describe, expect, test } from 'vitest';
import { blankQuestion, draftOf, moved, saveBodyOf, toDuration, withKind } from './quiz-draft';
import { clockText, durationText, readableMessage } from './quiz-text';

const SAVED: StaffQuiz = {
  quiz_Id: 1,
  lesson_Id: 9,
  pass_percent: 80,
  attempts_allowed: null,
  wait_seconds: 7200,
  time_limit_seconds: 90,
  shuffle_questions: true,
  shuffle_options: false,
  draw_count: null,
  show_answers: 'after_passing',
  questions: [
    {
      question_Id: 3,
      kind: 'short',
      text: 'Big Apple?',
      points: 2,
      explanation: '',
      options: [],
      accepted_answers: ['New York', 'NYC'],
      image_key: 'skyline.png',
      image_url: '/api/media/quiz-images/9/skyline.png?s=1',
    },
  ],
};

describe('the quiz editor’s values', () => {
  test('a saved quiz reads back as the values it was saved from', () => {
    const draft = draftOf(SAVED);
    expect(draft.wait).toEqual({ amount: '2', unit: 'hours' });
    expect(draft.timeLimit).toEqual({ amount: '90', unit: 'seconds' });
    expect(draft.questions[0]?.image).toEqual({
      image_key: 'skyline.png',
      image_url: '/api/media/quiz-images/9/skyline.png?s=1',
    });
    // Another kind keeps the picture; none is sent as null.
    expect(withKind(draft.questions[0] ?? blankQuestion('open'), 'open').image?.image_key).toBe(
      'skyline.png',
    );
    expect(saveBodyOf(9, draftOf(null)).questions[0]).toMatchObject({ image_key: null });
    expect(saveBodyOf(9, draft)).toEqual({
      lesson_Id: 9,
      pass_percent: 80,
      attempts_allowed: null,
      wait_seconds: 7200,
      time_limit_seconds: 90,
      shuffle_questions: true,
      shuffle_options: false,
      draw_count: null,
      show_answers: 'after_passing',
      questions: [
        {
          kind: 'short',
          text: 'Big Apple?',
          points: 2,
          explanation: '',
          options: [],
          accepted_answers: ['New York', 'NYC'],
          image_key: 'skyline.png',
        },
      ],
    });
  });

  test('what is not a number is sent as typed, for the server to name its field', () => {
    const draft = { ...draftOf(null), passPercent: 'lots', attemptsAllowed: ' 3 ' };
    const body = saveBodyOf(1, draft);
    expect(body.pass_percent).toBe('lots');
    expect(body.attempts_allowed).toBe(3);
    expect(body.wait_seconds).toBe(0);
    expect(body.time_limit_seconds).toBeNull();
  });

  test('a true/false question is True and False; a new kind keeps the text and what still fits', () => {
    const tf = blankQuestion('true_false');
    expect(tf.options.map((o) => [o.text, o.correct])).toEqual([
      ['True', true],
      ['False', false],
    ]);
    const multiple = { ...blankQuestion('multiple'), text: 'Pick' };
    multiple.options = multiple.options.map((o) => ({ ...o, correct: true }));
    const single = withKind(multiple, 'single');
    expect(single.text).toBe('Pick');
    expect(single.options.filter((o) => o.correct)).toHaveLength(1);
    expect(withKind(single, 'short').acceptedAnswers).toEqual(['']);
  });

  test('durations and moves', () => {
    expect(toDuration(null)).toEqual({ amount: '', unit: 'minutes' });
    expect(toDuration(172_800)).toEqual({ amount: '2', unit: 'days' });
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

describe('the quiz’s texts', () => {
  test('a moment in the server’s message is written for the reader', () => {
    const said = readableMessage('You can try this quiz again after 2026-03-04T15:06:07.000Z.');
    expect(said).toMatch(/^You can try this quiz again after Mar 4, 2026, \d{1,2}:\d{2}:07 (AM|PM)\.$/);
  });

  test('a countdown and a length of time', () => {
    expect(clockText(65_000)).toBe('1:05');
    expect(clockText(3_725_000)).toBe('1:02:05');
    expect(clockText(-5)).toBe('0:00');
    expect(durationText(600)).toBe('10 minutes');
    expect(durationText(5400)).toBe('1 hour 30 minutes');
  });
});
