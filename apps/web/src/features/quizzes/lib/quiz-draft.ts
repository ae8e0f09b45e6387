import type { QuestionKind, SaveQuizBody, ShowAnswers, StaffQuiz } from '@skillwise/contracts';
import type { MessageId } from '@/lib/i18n/i18n';
import type { QuestionImageValue } from '../components/question-image-field';

/**
 * The quiz editor's values (docs/decisions/033): everything as typed, numbers as the text in their
 * inputs, so that nothing typed is lost or changed when a save fails. `key` tells React which question
 * or option is which while they are added, removed and moved.
 */
export type OptionDraft = { key: string; text: string; correct: boolean; explanation: string };
export type QuestionDraft = {
  key: string;
  kind: QuestionKind;
  text: string;
  points: string;
  explanation: string;
  options: OptionDraft[];
  acceptedAnswers: string[];
  /** The question's image (uploaded already: its key goes with the save), or null for none. */
  image: QuestionImageValue | null;
};

export const DURATION_UNITS = [
  { value: 'seconds', label: 'admin.quizzes.unit.seconds', seconds: 1 },
  { value: 'minutes', label: 'admin.quizzes.unit.minutes', seconds: 60 },
  { value: 'hours', label: 'admin.quizzes.unit.hours', seconds: 3600 },
  { value: 'days', label: 'admin.quizzes.unit.days', seconds: 86_400 },
] as const satisfies ReadonlyArray<{ value: string; label: MessageId; seconds: number }>;
export type DurationUnit = (typeof DURATION_UNITS)[number]['value'];
export type Duration = { amount: string; unit: DurationUnit };

export type QuizDraft = {
  passPercent: string;
  /** Empty: unlimited. */
  attemptsAllowed: string;
  wait: Duration;
  /** Empty amount: no time limit. */
  timeLimit: Duration;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  /** Empty: every question of the bank. */
  drawCount: string;
  showAnswers: ShowAnswers;
  questions: QuestionDraft[];
};

/** Each kind's name, as a catalogue key. */
export const QUESTION_KIND_LABEL: Record<QuestionKind, MessageId> = {
  single: 'admin.quizzes.kind.single',
  multiple: 'admin.quizzes.kind.multiple',
  true_false: 'admin.quizzes.kind.trueFalse',
  short: 'admin.quizzes.kind.short',
  open: 'admin.quizzes.kind.open',
};

/** Each choice of when answers are shown, as a catalogue key. */
export const SHOW_ANSWERS_LABEL: Record<ShowAnswers, MessageId> = {
  never: 'admin.quizzes.showAnswers.never',
  after_each_attempt: 'admin.quizzes.showAnswers.afterEach',
  after_passing: 'admin.quizzes.showAnswers.afterPassing',
};

let counter = 0;
/** A key for a new question or option, unique in the page. */
export const newKey = (): string => {
  counter += 1;
  return `k${counter}`;
};

const option = (text = '', correct = false, explanation = ''): OptionDraft => ({
  key: newKey(),
  text,
  correct,
  explanation,
});

/** True/false is two options, "True" and "False", one of them correct (docs/decisions/031). */
const trueFalse = (trueIsCorrect: boolean): OptionDraft[] => [
  option('True', trueIsCorrect),
  option('False', !trueIsCorrect),
];

/** A new, empty question of a kind: two options for a choice, one accepted answer for a short one. */
export const blankQuestion = (kind: QuestionKind): QuestionDraft => ({
  key: newKey(),
  kind,
  text: '',
  points: '1',
  explanation: '',
  options:
    kind === 'single' || kind === 'multiple'
      ? [option(), option()]
      : kind === 'true_false'
        ? trueFalse(true)
        : [],
  acceptedAnswers: kind === 'short' ? [''] : [],
  image: null,
});

/** The question as another kind, keeping its text, points, explanation and what still fits. */
export const withKind = (question: QuestionDraft, kind: QuestionKind): QuestionDraft => {
  const fresh = blankQuestion(kind);
  const choice = (k: QuestionKind) => k === 'single' || k === 'multiple';
  let options = fresh.options;
  if (choice(kind) && choice(question.kind)) {
    options = question.options;
    if (kind === 'single') {
      const first = options.findIndex((o) => o.correct);
      options = options.map((o, at) => ({ ...o, correct: at === first }));
    }
  }
  return {
    ...fresh,
    key: question.key,
    text: question.text,
    points: question.points,
    explanation: question.explanation,
    options,
    acceptedAnswers:
      kind === 'short' && question.kind === 'short' ? question.acceptedAnswers : fresh.acceptedAnswers,
    image: question.image,
  };
};

/** Seconds as an amount in the largest unit that holds them whole. */
export const toDuration = (seconds: number | null, fallback: DurationUnit = 'minutes'): Duration => {
  if (seconds === null || seconds === 0) return { amount: '', unit: fallback };
  const unit = [...DURATION_UNITS].reverse().find((u) => seconds % u.seconds === 0) ?? DURATION_UNITS[0];
  return { amount: String(seconds / unit.seconds), unit: unit.value };
};

/** The number typed, or the text itself when it is none: the server names what is wrong with it. */
const numberOf = (text: string): number | string => {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};

const secondsOf = (duration: Duration): number | string | null => {
  if (duration.amount.trim() === '') return null;
  const amount = numberOf(duration.amount);
  const unit = DURATION_UNITS.find((u) => u.value === duration.unit) ?? DURATION_UNITS[0];
  return typeof amount === 'number' ? Math.round(amount * unit.seconds) : amount;
};

export const EMPTY_QUIZ = (): QuizDraft => ({
  passPercent: '70',
  attemptsAllowed: '',
  wait: { amount: '', unit: 'minutes' },
  timeLimit: { amount: '', unit: 'minutes' },
  shuffleQuestions: false,
  shuffleOptions: false,
  drawCount: '',
  showAnswers: 'after_each_attempt',
  questions: [blankQuestion('single')],
});

/** The saved quiz as the editor's values. */
export const draftOf = (quiz: StaffQuiz | null): QuizDraft => {
  if (!quiz) return EMPTY_QUIZ();
  return {
    passPercent: String(quiz.pass_percent),
    attemptsAllowed: quiz.attempts_allowed === null ? '' : String(quiz.attempts_allowed),
    wait: toDuration(quiz.wait_seconds),
    timeLimit: toDuration(quiz.time_limit_seconds),
    shuffleQuestions: quiz.shuffle_questions,
    shuffleOptions: quiz.shuffle_options,
    drawCount: quiz.draw_count === null ? '' : String(quiz.draw_count),
    showAnswers: quiz.show_answers,
    questions: quiz.questions.map((q) => ({
      key: newKey(),
      kind: q.kind,
      text: q.text,
      points: String(q.points),
      explanation: q.explanation,
      options: q.options.map((o) => option(o.text, o.correct, o.explanation)),
      acceptedAnswers: q.accepted_answers,
      image: q.image_key ? { image_key: q.image_key, image_url: q.image_url ?? null } : null,
    })),
  };
};

/**
 * What quizzes/SaveQuiz is sent: the values as typed (a number that is none is sent as its text, and the
 * server's 400 names its field), empty limits as none.
 */
export const saveBodyOf = (lessonId: number, draft: QuizDraft): SaveQuizBody =>
  ({
    lesson_Id: lessonId,
    pass_percent: numberOf(draft.passPercent),
    attempts_allowed: draft.attemptsAllowed.trim() === '' ? null : numberOf(draft.attemptsAllowed),
    wait_seconds: secondsOf(draft.wait) ?? 0,
    time_limit_seconds: secondsOf(draft.timeLimit),
    shuffle_questions: draft.shuffleQuestions,
    shuffle_options: draft.shuffleOptions,
    draw_count: draft.drawCount.trim() === '' ? null : numberOf(draft.drawCount),
    show_answers: draft.showAnswers,
    questions: draft.questions.map((q) => ({
      kind: q.kind,
      text: q.text,
      points: numberOf(q.points),
      explanation: q.explanation,
      options: q.options.map((o) => ({ text: o.text, correct: o.correct, explanation: o.explanation })),
      accepted_answers: q.kind === 'short' ? q.acceptedAnswers : [],
      image_key: q.image?.image_key ?? null,
    })),
  }) as SaveQuizBody;

/** A list with the item at `from` moved to `to`. */
export const moved = <T>(items: readonly T[], from: number, to: number): T[] => {
  if (to < 0 || to >= items.length) return [...items];
  const out = [...items];
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
};
