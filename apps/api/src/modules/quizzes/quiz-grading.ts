import { randomInt } from 'node:crypto';
import { normaliseShortAnswer, type submitAttemptBodySchema } from '@skillwise/contracts';
import type { z } from 'zod';
import { fieldError } from '../../lib/errors';
import type { BankQuestion, QuizRow } from './quizzes.repository';

/**
 * How a quiz is drawn and graded (docs/decisions/031), by the server only: an attempt's questions, the
 * answers it takes, the points each earns and the pass mark. The same for an attempt and a preview.
 */

type SubmitInput = z.output<typeof submitAttemptBodySchema>;

/** A question as an attempt keeps it (quiz_attempts.questions): drawn, in the order shown, with answers. */
export type SnapshotQuestion = BankQuestion;

export type GivenAnswer = { option_Ids?: number[]; text?: string };

/** Fisher–Yates with the system's random numbers: a copy, in a new order. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * The questions of a new attempt: `draw_count` of the bank chosen at random (all without it), shuffled
 * when the quiz says so (else in the bank's order), their options shuffled when it says so (a true/false
 * question keeps its two in order).
 */
export function drawQuestions(quiz: QuizRow, bank: BankQuestion[]): SnapshotQuestion[] {
  let chosen = bank;
  if (quiz.drawCount !== null && quiz.drawCount < bank.length) {
    const picked = new Set(shuffled(bank.map((q) => q.id)).slice(0, quiz.drawCount));
    chosen = bank.filter((q) => picked.has(q.id));
  }
  if (quiz.shuffleQuestions) chosen = shuffled(chosen);
  return chosen.map((q) => ({
    ...q,
    options: quiz.shuffleOptions && q.kind !== 'true_false' ? shuffled(q.options) : q.options,
  }));
}

/**
 * The points an answer earns, by the server only: a choice question all or nothing (a multiple choice
 * question wants exactly its correct options), a short answer when it matches an accepted one once both
 * are normalised; an open answer waits for the school (null), unless it was left empty (0).
 */
export function pointsFor(question: SnapshotQuestion, answer: GivenAnswer | undefined): number | null {
  if (question.kind === 'open') {
    return answer?.text !== undefined && answer.text.trim() !== '' ? null : 0;
  }
  if (question.kind === 'short') {
    if (answer?.text === undefined) return 0;
    const given = normaliseShortAnswer(answer.text);
    return question.acceptedAnswers.some((a) => normaliseShortAnswer(a) === given) ? question.points : 0;
  }
  const chosen = new Set(answer?.option_Ids ?? []);
  const correct = question.options.filter((o) => o.correct).map((o) => o.id);
  const right = chosen.size === correct.length && correct.every((id) => chosen.has(id));
  return right ? question.points : 0;
}

/** Whether `score` of `max` reaches the pass mark. */
export const passes = (score: number, max: number, passPercent: number) => score * 100 >= passPercent * max;

/** The answers by question, each naming a question of the attempt and, for a choice, its options. */
export function checkAnswers(questions: SnapshotQuestion[], answers: SubmitInput['answers']) {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<number, GivenAnswer>();
  answers.forEach((answer, index) => {
    const question = byId.get(answer.question_Id);
    const at = `answers.${index}`;
    if (!question) throw fieldError(`${at}.question_Id`, 'is not a question of this attempt');
    if (given.has(question.id)) throw fieldError(`${at}.question_Id`, 'is answered twice');
    const choice =
      question.kind === 'single' || question.kind === 'multiple' || question.kind === 'true_false';
    if (choice) {
      if (answer.text !== undefined)
        throw fieldError(`${at}.text`, 'must not be given for a choice question');
      const ids = answer.option_Ids ?? [];
      const known = new Set(question.options.map((o) => o.id));
      if (ids.some((id) => !known.has(id))) {
        throw fieldError(`${at}.option_Ids`, 'must name options of this question');
      }
      if (question.kind !== 'multiple' && ids.length > 1) {
        throw fieldError(`${at}.option_Ids`, 'must name one option');
      }
      given.set(question.id, { option_Ids: [...new Set(ids)] });
    } else {
      if (answer.option_Ids !== undefined) {
        throw fieldError(`${at}.option_Ids`, 'must not be given for a written answer');
      }
      given.set(question.id, answer.text === undefined ? {} : { text: answer.text });
    }
  });
  return given;
}
