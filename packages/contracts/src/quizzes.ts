import { z } from 'zod';
import { expected, idSchema } from './common';

/**
 * Quizzes (docs/decisions/031): a lesson whose content type is 'quiz' holds one quiz, its settings and a
 * bank of questions. A student's attempt draws and shuffles the questions once, at its start; the server
 * grades it against that snapshot. What a student receives before submitting holds no correct answer.
 */
export const QUESTION_KINDS = ['single', 'multiple', 'true_false', 'short', 'open'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const SHOW_ANSWERS = ['never', 'after_each_attempt', 'after_passing'] as const;
export type ShowAnswers = (typeof SHOW_ANSWERS)[number];

export const ATTEMPT_STATUSES = ['in_progress', 'submitted', 'needs_grading', 'graded'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

export const QUIZ_LIMITS = {
  questions: 200,
  options: 20,
  acceptedAnswers: 20,
  questionText: 2000,
  optionText: 500,
  explanation: 2000,
  points: 1000,
  comment: 2000,
  answerText: 2000,
  /** A week, in seconds: the longest wait between attempts and the longest time limit. */
  seconds: 604_800,
  attempts: 100,
  /** A generated file key: a UUID and an extension (36 + 1 + at most 5 characters). */
  imageKey: 64,
} as const;

/**
 * A submission this many seconds past the attempt's deadline is still taken (a request on its way when
 * the clock ran out); later, it is refused.
 */
export const SUBMIT_GRACE_SECONDS = 5;

/** The quiz's messages, as the student reads them (409). */
export const QUIZ_MSG = {
  noAttemptsLeft: (allowed: number) =>
    `You have used all ${allowed} ${allowed === 1 ? 'attempt' : 'attempts'} at this quiz.`,
  wait: (at: string) => `You can try this quiz again after ${at}.`,
  alreadySubmitted: 'This attempt has already been submitted.',
  timeUp: (at: string) => `The time for this attempt ran out at ${at}; it was closed without your answers.`,
  notOpen: 'Only an answer of an attempt that waits for grading can be graded.',
  staffTake: 'The school’s staff preview a quiz with GetQuiz; only students take it.',
} as const;

/**
 * Short answers are compared trimmed, without case, inner runs of spaces as one (and Unicode compatibility
 * forms folded): "  New   York " matches "new york".
 */
export const normaliseShortAnswer = (text: string): string =>
  text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

const text = (max: number, required = true) => {
  const base = z.string(expected('text')).trim().max(max, `must be at most ${max} characters`);
  return required ? base.min(1, 'is required') : base;
};

const whole = (min: number, max: number) =>
  z
    .number(expected(`a whole number from ${min} to ${max}`))
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`);

export const quizOptionInputSchema = z.object({
  text: text(QUIZ_LIMITS.optionText),
  correct: z.boolean(expected('true or false')).default(false),
  explanation: text(QUIZ_LIMITS.explanation, false).default(''),
});

export const quizQuestionInputSchema = z
  .object({
    kind: z.enum(QUESTION_KINDS, expected(`one of ${QUESTION_KINDS.join(', ')}`)),
    text: text(QUIZ_LIMITS.questionText),
    points: whole(0, QUIZ_LIMITS.points).default(1),
    explanation: text(QUIZ_LIMITS.explanation, false).default(''),
    options: z
      .array(quizOptionInputSchema, expected('a list of options'))
      .max(QUIZ_LIMITS.options, `must have at most ${QUIZ_LIMITS.options} options`)
      .default([]),
    accepted_answers: z
      .array(text(QUIZ_LIMITS.optionText), expected('a list of texts'))
      .max(QUIZ_LIMITS.acceptedAnswers, `must have at most ${QUIZ_LIMITS.acceptedAnswers} answers`)
      .default([]),
    /**
     * The question's image: an `image_key` answered by quizzes/UploadQuestionImage for this school (or the
     * one the question already has); null or absent, none.
     */
    image_key: z
      .string(expected('text'))
      .trim()
      .min(1, 'is required')
      .max(QUIZ_LIMITS.imageKey, `must be at most ${QUIZ_LIMITS.imageKey} characters`)
      .nullable()
      .default(null),
  })
  .superRefine((q, ctx) => {
    const correct = q.options.filter((o) => o.correct).length;
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (q.kind === 'single' || q.kind === 'multiple') {
      if (q.options.length < 2) problem('options', 'must have at least 2 options');
      else if (q.kind === 'single' && correct !== 1)
        problem('options', 'must have exactly one correct option');
      else if (q.kind === 'multiple' && correct < 1)
        problem('options', 'must have at least one correct option');
    }
    if (q.kind === 'true_false' && (q.options.length !== 2 || correct !== 1)) {
      problem('options', 'must be two options (true and false), one of them correct');
    }
    if ((q.kind === 'short' || q.kind === 'open') && q.options.length > 0) {
      problem('options', `must be empty for a ${q.kind} answer question`);
    }
    if (q.kind === 'short' && q.accepted_answers.length === 0) {
      problem('accepted_answers', 'must have at least one accepted answer');
    }
    if (q.kind !== 'short' && q.accepted_answers.length > 0) {
      problem('accepted_answers', 'must be empty unless the question is a short answer');
    }
  });
export type QuizQuestionInput = z.input<typeof quizQuestionInputSchema>;

/**
 * quizzes/SaveQuiz: a quiz lesson's settings and its whole bank of questions, in order (the call replaces
 * them all). Attempts already started keep the questions they drew.
 */
export const saveQuizBodySchema = z
  .object({
    lesson_Id: idSchema,
    pass_percent: whole(0, 100).default(70),
    attempts_allowed: whole(1, QUIZ_LIMITS.attempts).nullable().default(null),
    wait_seconds: whole(0, QUIZ_LIMITS.seconds).default(0),
    time_limit_seconds: whole(10, QUIZ_LIMITS.seconds).nullable().default(null),
    shuffle_questions: z.boolean(expected('true or false')).default(false),
    shuffle_options: z.boolean(expected('true or false')).default(false),
    draw_count: whole(1, QUIZ_LIMITS.questions).nullable().default(null),
    show_answers: z
      .enum(SHOW_ANSWERS, expected(`one of ${SHOW_ANSWERS.join(', ')}`))
      .default('after_each_attempt'),
    questions: z
      .array(quizQuestionInputSchema, expected('a list of questions'))
      .min(1, 'must have at least one question')
      .max(QUIZ_LIMITS.questions, `must have at most ${QUIZ_LIMITS.questions} questions`),
  })
  .superRefine((body, ctx) => {
    if (body.draw_count !== null && body.draw_count > body.questions.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['draw_count'],
        message: `must be at most the number of questions (${body.questions.length})`,
      });
    }
  });
export type SaveQuizBody = z.input<typeof saveQuizBodySchema>;

const settingsShape = {
  quiz_Id: z.number(),
  lesson_Id: z.number(),
  pass_percent: z.number(),
  attempts_allowed: z.number().nullable(),
  wait_seconds: z.number(),
  time_limit_seconds: z.number().nullable(),
  shuffle_questions: z.boolean(),
  shuffle_options: z.boolean(),
  draw_count: z.number().nullable(),
  show_answers: z.enum(SHOW_ANSWERS),
};

/** A question as every answer names it: what it is and what it is worth. */
const questionShape = {
  question_Id: z.number(),
  kind: z.enum(QUESTION_KINDS),
  text: z.string(),
  points: z.number(),
};

/** The quiz as its school sees it (quizzes/GetQuiz, SaveQuiz): every question with its answers. */
export const staffQuizSchema = z.object({
  ...settingsShape,
  questions: z.array(
    z.object({
      ...questionShape,
      explanation: z.string(),
      options: z.array(
        z.object({ option_Id: z.number(), text: z.string(), correct: z.boolean(), explanation: z.string() }),
      ),
      accepted_answers: z.array(z.string()),
      /** The question's image: its key (what SaveQuiz takes back) and a URL to show it; null when none. */
      image_key: z.string().nullable().optional(),
      image_url: z.string().nullable().optional(),
    }),
  ),
});
export type StaffQuiz = z.infer<typeof staffQuizSchema>;

/** An attempt in a list: its state and score, nothing of its questions. */
export const attemptSummarySchema = z.object({
  attempt_Id: z.number(),
  number: z.number(),
  status: z.enum(ATTEMPT_STATUSES),
  started_at: z.string(),
  deadline: z.string().nullable(),
  submitted_at: z.string().nullable(),
  score: z.number().nullable(),
  max_score: z.number(),
  passed: z.boolean().nullable(),
});
export type AttemptSummary = z.infer<typeof attemptSummarySchema>;

/**
 * The quiz as a student reads it before an attempt (quizzes/GetQuizForStudent): its settings and the
 * student's own attempts, whether it may start one now and from when. No question and no answer.
 */
export const studentQuizSchema = z.object({
  ...settingsShape,
  lesson_title: z.string(),
  question_count: z.number(),
  attempts: z.array(attemptSummarySchema),
  passed: z.boolean(),
  can_start: z.boolean(),
  /** When the next attempt may start (a wait between attempts); null: now, or never (none left). */
  next_attempt_at: z.string().nullable(),
  attempts_left: z.number().nullable(),
});
export type StudentQuiz = z.infer<typeof studentQuizSchema>;

/** A student's answer to one question: chosen options (single, multiple, true/false) or a text. */
export const answerInputSchema = z.object({
  question_Id: idSchema,
  option_Ids: z
    .array(idSchema, expected('a list of option ids'))
    .max(QUIZ_LIMITS.options, `must have at most ${QUIZ_LIMITS.options} options`)
    .optional(),
  text: z
    .string(expected('text'))
    .max(QUIZ_LIMITS.answerText, `must be at most ${QUIZ_LIMITS.answerText} characters`)
    .optional(),
});
export type AnswerInput = z.input<typeof answerInputSchema>;

export const startAttemptBodySchema = z.object({ lesson_Id: idSchema });
export const submitAttemptBodySchema = z.object({
  attempt_Id: idSchema,
  answers: z
    .array(answerInputSchema, expected('a list of answers'))
    .max(QUIZ_LIMITS.questions, `must have at most ${QUIZ_LIMITS.questions} answers`),
});
export type SubmitAttemptBody = z.input<typeof submitAttemptBodySchema>;

/** POST quizzes/ResetAttempts: the school's staff give a student their attempts at a quiz back. */
export const resetAttemptsBodySchema = z.object({ lesson_Id: idSchema, user_Id: idSchema });
export const resetAttemptsResponseSchema = z.object({
  lesson_Id: z.number(),
  user_Id: z.number(),
  /** How many of the student's attempts were deleted. */
  deleted: z.number(),
});
export type ResetAttemptsResponse = z.infer<typeof resetAttemptsResponseSchema>;

/**
 * POST quizzes/UploadQuestionImage (multipart): `lesson_Id` (a quiz lesson of the school), then the image
 * in `file` (JPEG, PNG, GIF or WebP). The answer's `image_key` goes into a question of quizzes/SaveQuiz.
 */
export const uploadQuestionImageFieldsSchema = z.object({ lesson_Id: idSchema });
export const questionImageSchema = z.object({ image_key: z.string(), image_url: z.string() });
export type QuestionImage = z.infer<typeof questionImageSchema>;

export const gradeAnswerBodySchema = z.object({
  attempt_Id: idSchema,
  question_Id: idSchema,
  points: whole(0, QUIZ_LIMITS.points),
  comment: text(QUIZ_LIMITS.comment, false).default(''),
});
export type GradeAnswerBody = z.input<typeof gradeAnswerBodySchema>;

/**
 * An attempt with its questions (quizzes/StartAttempt, GetAttempt, SubmitAttempt). Before it is submitted,
 * and afterwards when the quiz shows no answers, no question carries `correct`, an explanation or
 * accepted answers; `answers_shown` says whether they are given.
 */
export const attemptSchema = attemptSummarySchema.extend({
  lesson_Id: z.number(),
  answers_shown: z.boolean(),
  questions: z.array(
    z.object({
      ...questionShape,
      /** A URL to the question's image (it works for an hour or more), or null when it has none. */
      image_url: z.string().nullable().optional(),
      options: z.array(
        z.object({
          option_Id: z.number(),
          text: z.string(),
          correct: z.boolean().optional(),
          explanation: z.string().optional(),
        }),
      ),
      explanation: z.string().optional(),
      accepted_answers: z.array(z.string()).optional(),
      /** What the student answered, once submitted. */
      answer: z
        .object({ option_Ids: z.array(z.number()).optional(), text: z.string().optional() })
        .nullable()
        .optional(),
      /** Points the answer earned (null: waiting for the school), when answers are shown. */
      points_awarded: z.number().nullable().optional(),
      grader_comment: z.string().nullable().optional(),
    }),
  ),
});
export type Attempt = z.infer<typeof attemptSchema>;

/** The questions of an attempt as its reader receives them (see attemptSchema). */
const attemptQuestionsSchema = attemptSchema.shape.questions;
export type AttemptQuestion = Attempt['questions'][number];

/**
 * A preview quiz as anyone may try it (quizzes/GetPreviewQuiz, docs/decisions/033): every question of the
 * bank in its order, without any correct answer, explanation or accepted answer. Nothing is stored.
 */
export const previewQuizSchema = z.object({
  lesson_Id: z.number(),
  lesson_title: z.string(),
  pass_percent: z.number(),
  show_answers: z.enum(SHOW_ANSWERS),
  max_score: z.number(),
  questions: attemptQuestionsSchema,
});
export type PreviewQuiz = z.infer<typeof previewQuizSchema>;

/** POST quizzes/CheckPreviewQuiz: answers to a preview quiz's questions, graded and forgotten. */
export const checkPreviewQuizBodySchema = z.object({
  lesson_Id: idSchema,
  answers: submitAttemptBodySchema.shape.answers,
});
export type CheckPreviewQuizBody = z.input<typeof checkPreviewQuizBodySchema>;

/**
 * A preview quiz's answers graded as a submitted attempt would be (`status` submitted, or needs_grading
 * when an open answer was written: nobody grades it), its questions shown as the quiz's show_answers says.
 */
export const previewResultSchema = z.object({
  lesson_Id: z.number(),
  status: z.enum(['submitted', 'needs_grading']),
  score: z.number(),
  max_score: z.number(),
  passed: z.boolean().nullable(),
  answers_shown: z.boolean(),
  questions: attemptQuestionsSchema,
});
export type PreviewResult = z.infer<typeof previewResultSchema>;
