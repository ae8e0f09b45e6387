import type { Attempt, AttemptSummary } from '@skillwise/contracts';
import type { GivenAnswer } from './quiz-grading';
import type { AttemptRow, BankQuestion, QuizRow } from './quizzes.repository';

/** A date as the quiz answers carry it, or null. */
export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A question as its reader receives it, in an attempt or a preview (docs/decisions/031, 033): before it is
 * answered, its text, image and options only; once answered, the answer given and the grader's comment,
 * and, when `reveal` (answers shown), what was correct, the explanations and the points earned. The one
 * place deciding what of a question's answers leaves the server.
 */
export function questionView(
  q: BankQuestion,
  imageUrl: string | null,
  reveal: boolean,
  answered?: { answer: GivenAnswer | null; graderComment: string | null; pointsAwarded: number | null },
): Attempt['questions'][number] {
  return {
    question_Id: q.id,
    kind: q.kind,
    text: q.text,
    points: q.points,
    image_url: imageUrl,
    options: q.options.map((o) =>
      reveal
        ? { option_Id: o.id, text: o.text, correct: o.correct, explanation: o.explanation }
        : { option_Id: o.id, text: o.text },
    ),
    ...(reveal ? { explanation: q.explanation, accepted_answers: q.acceptedAnswers } : {}),
    ...(answered
      ? {
          answer: answered.answer,
          grader_comment: answered.graderComment,
          ...(reveal ? { points_awarded: answered.pointsAwarded } : {}),
        }
      : {}),
  };
}

/** An attempt in a list (GetMyAttempts; the school's GetStudentAttempts). */
export const summary = (row: AttemptRow): AttemptSummary => ({
  attempt_Id: row.id,
  number: row.number,
  status: row.status,
  started_at: row.startedAt.toISOString(),
  deadline: iso(row.deadline),
  submitted_at: iso(row.submittedAt),
  score: row.score,
  max_score: row.maxScore,
  passed: row.passed,
});

/** A quiz's settings, as the school and its students read them. */
export const settingsOf = (quiz: QuizRow) => ({
  quiz_Id: quiz.id,
  lesson_Id: quiz.lessonId,
  pass_percent: quiz.passPercent,
  attempts_allowed: quiz.attemptsAllowed,
  wait_seconds: quiz.waitSeconds,
  time_limit_seconds: quiz.timeLimitSeconds,
  shuffle_questions: quiz.shuffleQuestions,
  shuffle_options: quiz.shuffleOptions,
  draw_count: quiz.drawCount,
  show_answers: quiz.showAnswers,
});
