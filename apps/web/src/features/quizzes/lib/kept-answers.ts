import { type AttemptQuestion, QUIZ_LIMITS } from '@skillwise/contracts';
import { storage } from '@/lib/storage';
import type { QuizAnswers } from '../components/quiz-questions';

/**
 * A student's answers to an open attempt, kept in the browser while the attempt goes on
 * (docs/decisions/033): a reload, a closed tab or Continue another day finds them again; submitted, they
 * are forgotten. Only the server's grading counts: what is kept is what the inputs show, nothing more.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The answers kept for the attempt that still fit its questions: options it offers, a text within the
 * limit. Anything else (another version of the app, an edited value) is left out rather than sent.
 */
export const keptAnswers = (attemptId: number, questions: AttemptQuestion[]): QuizAnswers => {
  const kept = storage.getAttemptAnswers(attemptId);
  if (!isRecord(kept)) return {};
  const answers: QuizAnswers = {};
  for (const question of questions) {
    const answer = kept[String(question.question_Id)];
    if (!isRecord(answer)) continue;
    if (question.options.length > 0) {
      const offered = new Set(question.options.map((o) => o.option_Id));
      const chosen = Array.isArray(answer.option_Ids)
        ? answer.option_Ids.filter((id): id is number => typeof id === 'number' && offered.has(id))
        : [];
      const allowed = question.kind === 'multiple' ? [...new Set(chosen)] : chosen.slice(0, 1);
      if (allowed.length > 0) answers[question.question_Id] = { option_Ids: allowed };
    } else if (typeof answer.text === 'string' && answer.text !== '') {
      answers[question.question_Id] = { text: answer.text.slice(0, QUIZ_LIMITS.answerText) };
    }
  }
  return answers;
};

export const keepAnswers = (attemptId: number, answers: QuizAnswers): void =>
  storage.setAttemptAnswers(attemptId, answers);

export const forgetAnswers = (attemptId: number): void => storage.removeAttemptAnswers(attemptId);
