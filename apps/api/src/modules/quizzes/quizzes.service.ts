import { type KeyObject, randomInt } from 'node:crypto';
import {
  type Attempt,
  type AttemptSummary,
  type GradeAnswerBody,
  type gradeAnswerBodySchema,
  isQuizLesson,
  normaliseShortAnswer,
  QUIZ_MSG,
  type ResetAttemptsResponse,
  type SaveQuizBody,
  type StaffQuiz,
  type StudentQuiz,
  SUBMIT_GRACE_SECONDS,
  type SubmitAttemptBody,
  type saveQuizBodySchema,
  type submitAttemptBodySchema,
} from '@skillwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { recordLessonCompleted } from '../../db/queries/completion';
import { acceptableImageKeys } from '../../db/queries/files';
import { emitLessonCompleted } from '../../db/queries/integrations';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { questionImageUrl } from '../../lib/media-urls';
import type { FileStorage } from '../../lib/storage';
import type { Actor } from '../../plugins/auth';
import {
  allows,
  mayGradeAttempt,
  mayReadAttempt,
  maySubmitAttempt,
  requireAccess,
  type Subject,
} from '../access/access';
import type { CertificateService } from '../certificates/certificates.service';
import type { NotificationService } from '../notifications/notifications.service';
import {
  type AnswerRow,
  type AttemptRow,
  type AttemptWithFacts,
  type BankQuestion,
  closeAttempt,
  countQuestions,
  deleteAttempts,
  findAttempt,
  findQuizByLesson,
  gradeAnswer,
  insertAnswers,
  insertAttempt,
  lastAttempt,
  listAnswers,
  listAttempts,
  listBank,
  listQuestionImageKeys,
  type QuizRow,
  queueUnusedImages,
  rescoreAttempt,
  saveQuiz,
} from './quizzes.repository';

export type { GradeAnswerBody, SaveQuizBody, SubmitAttemptBody };

type SaveInput = z.output<typeof saveQuizBodySchema>;
type SubmitInput = z.output<typeof submitAttemptBodySchema>;
type GradeInput = z.output<typeof gradeAnswerBodySchema>;

/** A question as an attempt keeps it (quiz_attempts.questions): drawn, in the order shown, with answers. */
export type SnapshotQuestion = BankQuestion;

type GivenAnswer = { option_Ids?: number[]; text?: string };

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

const iso = (date: Date | null) => (date ? date.toISOString() : null);

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

const settingsOf = (quiz: QuizRow) => ({
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

/**
 * Quizzes (docs/decisions/031): the school writes a quiz lesson's settings and questions; a student starts
 * attempts within the quiz's limits, and submits them to be graded by the server against the questions
 * the attempt drew; the school grades open answers. A quiz lesson is completed by a passing attempt only,
 * in the transaction that grades it, so course completion and the certificate follow.
 */
export class QuizService {
  constructor(
    private readonly deps: {
      db: Db;
      certificates: CertificateService;
      /** Where question images are stored, and how their URLs are signed (lib/media-urls.ts). */
      images: { storage: FileStorage; key: KeyObject; ttlHours: number };
      /** Tells the student its attempt was graded (docs/decisions/034). */
      notifications?: Pick<NotificationService, 'quizGraded'>;
      /** The server's clock, in milliseconds (tests move it). */
      now?: () => number;
    },
  ) {}

  /**
   * The URL of a question's image for this viewer (0 for a visitor), allowed to read the lesson already
   * (the attempts here, a preview quiz in quiz-preview.ts).
   */
  imageUrl(lessonId: number, key: string | null | undefined, viewerId: number) {
    if (!key) return Promise.resolve(null);
    return questionImageUrl(this.deps.images, { lessonId, key }, viewerId, this.now().getTime());
  }

  /**
   * quizzes/UploadQuestionImage, before a byte is stored: the caller must be the school's staff of this
   * quiz lesson (lesson.update), or the upload is refused as the lesson's other calls refuse.
   */
  async mayUploadImage(actor: Actor, lessonId: number): Promise<void> {
    const facts = await requireAccess(this.deps.db, actor, 'lesson.update', lessonId);
    if (!isQuizLesson(facts.lesson.contentType)) {
      throw fieldError('lesson_Id', 'must be a quiz lesson (a lesson whose contentType is quiz)');
    }
  }

  /** The stored image's key and a URL the school's staff see it by. */
  async uploadedImage(actor: Actor, lessonId: number, key: string) {
    return { image_key: key, image_url: (await this.imageUrl(lessonId, key, actor.userId)) ?? '' };
  }

  private now() {
    return new Date(this.deps.now?.() ?? Date.now());
  }

  /** A quiz lesson the caller may use with `permission`, and its quiz (404 Quiz when it has none yet). */
  private async quizLesson(
    subject: Subject,
    lessonId: number,
    permission: 'lesson.update' | 'lesson.read' | 'lesson.learn',
  ) {
    const facts = await requireAccess(this.deps.db, subject, permission, lessonId);
    if (!isQuizLesson(facts.lesson.contentType)) throw notFound('Quiz');
    return facts;
  }

  private async quizOf(lessonId: number): Promise<QuizRow> {
    const quiz = await findQuizByLesson(this.deps.db, lessonId);
    if (!quiz) throw notFound('Quiz');
    return quiz;
  }

  /** quizzes/SaveQuiz: the school's staff write a quiz lesson's settings and replace its questions. */
  async save(actor: Actor, input: SaveInput): Promise<StaffQuiz> {
    const facts = await requireAccess(this.deps.db, actor, 'lesson.update', input.lesson_Id);
    if (!isQuizLesson(facts.lesson.contentType)) {
      throw fieldError('lesson_Id', 'must be a quiz lesson (a lesson whose contentType is quiz)');
    }
    const keys = [...new Set(input.questions.flatMap((q) => (q.image_key ? [q.image_key] : [])))];
    const accepted = await acceptableImageKeys(this.deps.db, facts.orgId, input.lesson_Id, keys);
    input.questions.forEach((q, index) => {
      if (q.image_key && !accepted.has(q.image_key)) {
        throw fieldError(
          `questions.${index}.image_key`,
          'must be an image uploaded for this school’s quiz with quizzes/UploadQuestionImage',
        );
      }
    });
    await this.deps.db.transaction(async (tx) => {
      const before = await findQuizByLesson(tx, input.lesson_Id);
      const shown = before ? await listQuestionImageKeys(tx, before.id) : [];
      const quiz = await saveQuiz(
        tx,
        input.lesson_Id,
        {
          passPercent: input.pass_percent,
          attemptsAllowed: input.attempts_allowed,
          waitSeconds: input.wait_seconds,
          timeLimitSeconds: input.time_limit_seconds,
          shuffleQuestions: input.shuffle_questions,
          shuffleOptions: input.shuffle_options,
          drawCount: input.draw_count,
          showAnswers: input.show_answers,
        },
        input.questions.map((q) => ({
          kind: q.kind,
          text: q.text,
          points: q.points,
          explanation: q.explanation,
          acceptedAnswers: q.accepted_answers,
          imageKey: q.image_key,
          options: q.options,
        })),
      );
      // A replaced or removed image goes as other files go, unless an attempt still shows it.
      await queueUnusedImages(
        tx,
        quiz.id,
        shown.filter((key) => !keys.includes(key)),
      );
    });
    return this.staffView(input.lesson_Id, actor.userId);
  }

  /**
   * quizzes/ResetAttempts: the school's staff delete a student's attempts at a quiz (an open one too), so
   * that the student starts again from the first with every attempt allowed. A lesson the student
   * completed by passing stays completed, as any completed lesson does.
   */
  async resetAttempts(
    actor: Actor,
    input: { lesson_Id: number; user_Id: number },
  ): Promise<ResetAttemptsResponse> {
    await this.quizLesson(actor, input.lesson_Id, 'lesson.update');
    const quiz = await this.quizOf(input.lesson_Id);
    const deleted = await this.deps.db.transaction(async (tx) => {
      const gone = await deleteAttempts(tx, quiz.id, input.user_Id);
      // Images only these attempts kept (their questions show others now) go as other files go.
      await queueUnusedImages(tx, quiz.id, gone.imageKeys);
      return gone.deleted;
    });
    return { lesson_Id: input.lesson_Id, user_Id: input.user_Id, deleted };
  }

  /** quizzes/GetQuiz: the quiz with every answer, for the school's staff only. */
  async get(actor: Actor, lessonId: number): Promise<StaffQuiz> {
    await this.quizLesson(actor, lessonId, 'lesson.update');
    return this.staffView(lessonId, actor.userId);
  }

  private async staffView(lessonId: number, viewerId: number): Promise<StaffQuiz> {
    const quiz = await this.quizOf(lessonId);
    const bank = await listBank(this.deps.db, quiz.id);
    const urls = await Promise.all(bank.map((q) => this.imageUrl(lessonId, q.imageKey, viewerId)));
    return {
      ...settingsOf(quiz),
      questions: bank.map((q, index) => ({
        question_Id: q.id,
        kind: q.kind,
        text: q.text,
        points: q.points,
        explanation: q.explanation,
        options: q.options.map((o) => ({
          option_Id: o.id,
          text: o.text,
          correct: o.correct,
          explanation: o.explanation,
        })),
        accepted_answers: q.acceptedAnswers,
        image_key: q.imageKey ?? null,
        image_url: urls[index] ?? null,
      })),
    };
  }

  /**
   * Whether the student may start an attempt now (`at` null), from a later time (the wait), or never
   * (no attempts left), after its attempts `done` (an open one closed first).
   */
  private nextStart(
    quiz: QuizRow,
    attempts: AttemptRow[],
  ): { left: number | null; at: Date | null; refused: string | null } {
    const left = quiz.attemptsAllowed === null ? null : Math.max(0, quiz.attemptsAllowed - attempts.length);
    if (left === 0) return { left, at: null, refused: QUIZ_MSG.noAttemptsLeft(quiz.attemptsAllowed ?? 0) };
    const last = attempts.at(-1);
    const ended = last?.submittedAt;
    if (ended && quiz.waitSeconds > 0) {
      const at = new Date(ended.getTime() + quiz.waitSeconds * 1000);
      if (at > this.now()) return { left, at, refused: QUIZ_MSG.wait(at.toISOString()) };
    }
    return { left, at: null, refused: null };
  }

  /**
   * An in-progress attempt whose time ran out (past its deadline and the grace) is closed as it stands:
   * nothing was submitted, so every question earns nothing. Answers the attempt as it is now.
   */
  private async closeIfExpired(attempt: AttemptRow): Promise<AttemptRow> {
    if (attempt.status !== 'in_progress' || !this.expired(attempt)) return attempt;
    const closed = await closeAttempt(this.deps.db, attempt.id, {
      status: 'submitted',
      submittedAt: attempt.deadline ?? this.now(),
      score: 0,
      // Nothing was submitted: it passes nothing, whatever the pass mark.
      passed: false,
    });
    return closed ?? attempt;
  }

  private expired(attempt: AttemptRow) {
    return (
      attempt.deadline !== null &&
      this.now().getTime() > attempt.deadline.getTime() + SUBMIT_GRACE_SECONDS * 1000
    );
  }

  /**
   * quizzes/GetQuizForStudent: the quiz's settings, how many questions an attempt has, and the caller's
   * own attempts with whether it may start one: no question, no answer. Anyone `lesson.read` allows.
   */
  async forStudent(subject: Subject, lessonId: number): Promise<StudentQuiz> {
    const facts = await this.quizLesson(subject, lessonId, 'lesson.read');
    const quiz = await this.quizOf(lessonId);
    const bankSize = await countQuestions(this.deps.db, quiz.id);
    const mayTake = subject !== null && !facts.staff && allows(subject, 'lesson.learn', facts);
    const attempts = mayTake ? await this.attemptsOf(quiz, subject.userId) : [];
    const next = this.nextStart(quiz, attempts);
    const open = attempts.some((a) => a.status === 'in_progress');
    return {
      ...settingsOf(quiz),
      lesson_title: facts.lesson.title,
      question_count: quiz.drawCount === null ? bankSize : Math.min(quiz.drawCount, bankSize),
      attempts: attempts.map(summary),
      passed: attempts.some((a) => a.passed === true),
      can_start: mayTake && (open || next.refused === null),
      next_attempt_at: open ? null : iso(next.at),
      attempts_left: next.left,
    };
  }

  /** The student's attempts at a quiz, an expired open one closed first. */
  private async attemptsOf(quiz: QuizRow, userId: number): Promise<AttemptRow[]> {
    const rows = await listAttempts(this.deps.db, quiz.id, userId);
    return Promise.all(rows.map((row) => this.closeIfExpired(row)));
  }

  /** quizzes/GetMyAttempts: the caller's attempts at a quiz it studies, first to last. */
  async myAttempts(actor: Actor, lessonId: number): Promise<AttemptSummary[]> {
    await this.quizLesson(actor, lessonId, 'lesson.learn');
    const quiz = await this.quizOf(lessonId);
    return (await this.attemptsOf(quiz, actor.userId)).map(summary);
  }

  /**
   * quizzes/StartAttempt: an enrolled student starts an attempt (201), or gets back the one it has open
   * (200: a second tab continues the same attempt). Refused with 409 when no attempt is left or before the
   * wait after the last one has passed (the message says when). The questions are drawn and shuffled now
   * and kept with their answers in the attempt; the student receives them without.
   */
  async start(actor: Actor, lessonId: number): Promise<{ created: boolean; attempt: Attempt }> {
    const facts = await this.quizLesson(actor, lessonId, 'lesson.learn');
    if (facts.staff) throw forbidden(QUIZ_MSG.staffTake);
    const quiz = await this.quizOf(lessonId);
    const attempts = await this.attemptsOf(quiz, actor.userId);
    const open = attempts.find((a) => a.status === 'in_progress');
    if (open)
      return {
        created: false,
        attempt: await this.view(open, quiz.showAnswers, lessonId, false, actor.userId),
      };
    const next = this.nextStart(quiz, attempts);
    if (next.refused) {
      const headers = next.at
        ? { 'retry-after': String(Math.max(1, Math.ceil((next.at.getTime() - this.now().getTime()) / 1000))) }
        : undefined;
      throw new AppError('CONFLICT', next.refused, undefined, headers);
    }
    const questions = drawQuestions(quiz, await listBank(this.deps.db, quiz.id));
    const startedAt = this.now();
    try {
      const row = await insertAttempt(this.deps.db, {
        quizId: quiz.id,
        userId: actor.userId,
        number: (attempts.at(-1)?.number ?? 0) + 1,
        startedAt,
        deadline:
          quiz.timeLimitSeconds === null
            ? null
            : new Date(startedAt.getTime() + quiz.timeLimitSeconds * 1000),
        questions,
        maxScore: questions.reduce((sum, q) => sum + q.points, 0),
        passPercent: quiz.passPercent,
      });
      return {
        created: true,
        attempt: await this.view(row, quiz.showAnswers, lessonId, false, actor.userId),
      };
    } catch (error) {
      // Two starts at once: the other made the attempt; this one answers it.
      if (!isUniqueViolation(error)) throw error;
      const made = await lastAttempt(this.deps.db, quiz.id, actor.userId);
      if (made?.status !== 'in_progress') throw error;
      return {
        created: false,
        attempt: await this.view(made, quiz.showAnswers, lessonId, false, actor.userId),
      };
    }
  }

  /** An attempt the caller may read: its student, or the school's staff; anyone else a 404. */
  private async readable(subject: Subject, attemptId: number, may = mayReadAttempt) {
    const found = await findAttempt(this.deps.db, attemptId, subject?.userId ?? 0);
    if (
      !found ||
      !may(subject, { userId: found.attempt.userId, orgId: found.orgId, assigned: found.assigned })
    ) {
      throw notFound('Attempt');
    }
    return found;
  }

  /** quizzes/GetAttempt: an attempt with its questions, answers shown as the quiz allows. */
  async attempt(actor: Actor, attemptId: number): Promise<Attempt> {
    const found = await this.readable(actor, attemptId);
    const row = await this.closeIfExpired(found.attempt);
    return this.view(row, found.showAnswers, found.lessonId, mayGradeAttempt(actor, found), actor.userId);
  }

  /**
   * quizzes/SubmitAttempt: the student's answers, graded by the server against the attempt's own
   * questions. Once: the attempt is closed by a conditional update, so a second submission (another tab,
   * a repeated request) is a 409. Past the deadline and SUBMIT_GRACE_SECONDS the answers are refused (409)
   * and the attempt is closed without them. An open answer makes the attempt wait for the school; a
   * passing attempt completes the lesson in the same transaction.
   */
  async submit(actor: Actor, input: SubmitInput): Promise<Attempt> {
    const found = await this.readable(actor, input.attempt_Id, maySubmitAttempt);
    const { attempt } = found;
    if (attempt.status !== 'in_progress') throw new AppError('CONFLICT', QUIZ_MSG.alreadySubmitted);
    // A student who lost the course (a refund, say) submits nothing more.
    await requireAccess(this.deps.db, actor, 'lesson.learn', found.lessonId);
    if (this.expired(attempt)) {
      await this.closeIfExpired(attempt);
      throw new AppError('CONFLICT', QUIZ_MSG.timeUp(attempt.deadline?.toISOString() ?? ''));
    }
    const questions = attempt.questions as SnapshotQuestion[];
    const given = this.checkAnswers(questions, input.answers);
    const answers = questions.map((q) => ({
      question: q,
      answer: given.get(q.id),
      points: pointsFor(q, given.get(q.id)),
    }));
    const waiting = answers.some((a) => a.points === null);
    const score = answers.reduce((sum, a) => sum + (a.points ?? 0), 0);
    const passed = waiting ? null : passes(score, attempt.maxScore, attempt.passPercent);
    const at = this.now();
    const { closed, newlyCompleted } = await this.deps.db.transaction(async (tx) => {
      const row = await closeAttempt(tx, attempt.id, {
        status: waiting ? 'needs_grading' : 'submitted',
        submittedAt: at,
        score,
        passed,
      });
      if (!row) return { closed: undefined, newlyCompleted: false };
      await insertAnswers(
        tx,
        answers.map((a) => ({
          attemptId: attempt.id,
          questionId: a.question.id,
          answer: a.answer ?? null,
          pointsAwarded: a.points,
        })),
      );
      const completed = passed ? await this.recordPass(tx, attempt.userId, found.lessonId) : false;
      return { closed: row, newlyCompleted: completed };
    });
    if (!closed) throw new AppError('CONFLICT', QUIZ_MSG.alreadySubmitted);
    if (newlyCompleted) await this.issueCertificate(attempt.userId, found);
    return this.view(closed, found.showAnswers, found.lessonId, false, actor.userId);
  }

  /** The answers by question, each naming a question of the attempt and, for a choice, its options. */
  checkAnswers(questions: SnapshotQuestion[], answers: SubmitInput['answers']) {
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

  /** Completes the quiz lesson for the student (in `tx`): whether it was not complete before. */
  private async recordPass(tx: Db, userId: number, lessonId: number): Promise<boolean> {
    const newly = await recordLessonCompleted(tx, userId, lessonId);
    if (newly) await emitLessonCompleted(tx, userId, lessonId);
    return newly;
  }

  /** After a pass completed the lesson: the course's certificate when it was the last lesson needed. */
  private async issueCertificate(userId: number, found: AttemptWithFacts) {
    if (!found.courseCertificate) return;
    await this.deps.certificates.issueOnCompletion(userId, found.courseId);
  }

  /**
   * quizzes/GradeAnswer: the school's staff give an open answer its points (at most the question's) and a
   * comment; once every answer has its points the attempt is graded and its pass decided, a pass completing
   * the lesson for the student in the same transaction, and the student told (in-app, and by e-mail when
   * it keeps e-mails on) in it too. A grade may be changed later; the student is told once.
   */
  async grade(actor: Actor, input: GradeInput): Promise<Attempt> {
    const found = await this.readable(actor, input.attempt_Id, mayGradeAttempt);
    const questions = found.attempt.questions as SnapshotQuestion[];
    const question = questions.find((q) => q.id === input.question_Id);
    if (!question) throw fieldError('question_Id', 'is not a question of this attempt');
    if (question.kind !== 'open') throw fieldError('question_Id', 'is not an open answer question');
    if (input.points > question.points) {
      throw fieldError('points', `must be at most ${question.points}, the question's points`);
    }
    const { row, newlyCompleted } = await this.deps.db.transaction(async (tx) => {
      const graded = await gradeAnswer(
        tx,
        { attemptId: found.attempt.id, questionId: question.id },
        { points: input.points, comment: input.comment, graderId: actor.userId },
      );
      if (!graded) return { row: undefined, newlyCompleted: false };
      const rescored = await rescoreAttempt(tx, found.attempt.id);
      const completed = rescored?.passed
        ? await this.recordPass(tx, found.attempt.userId, found.lessonId)
        : false;
      // Nothing waits any more: the student is told, once per attempt (the notification's dedupe key).
      if (rescored?.status === 'graded') {
        await this.deps.notifications?.quizGraded(
          {
            userId: rescored.userId,
            attemptId: rescored.id,
            courseId: found.courseId,
            lessonId: found.lessonId,
            lessonTitle: found.lessonTitle,
            score: rescored.score ?? 0,
            maxScore: rescored.maxScore,
            passed: rescored.passed === true,
          },
          tx,
        );
      }
      return { row: rescored, newlyCompleted: completed };
    });
    if (!row) throw new AppError('CONFLICT', QUIZ_MSG.notOpen);
    if (newlyCompleted) await this.issueCertificate(found.attempt.userId, found);
    return this.view(row, found.showAnswers, found.lessonId, true, actor.userId);
  }

  /**
   * An attempt as its reader receives it. Before it is submitted: its questions and options only. After:
   * the student's answers and the graders' comments, and, when the quiz shows answers (after each
   * attempt; after passing, once the student has passed it) or for the school's staff, what was correct,
   * the explanations and each answer's points.
   */
  private async view(
    row: AttemptRow,
    show: QuizRow['showAnswers'],
    lessonId: number,
    staff: boolean,
    viewerId: number,
  ): Promise<Attempt> {
    const questions = row.questions as SnapshotQuestion[];
    const urls = await Promise.all(questions.map((q) => this.imageUrl(lessonId, q.imageKey, viewerId)));
    const submitted = row.status !== 'in_progress';
    const answers = submitted ? await listAnswers(this.deps.db, row.id) : [];
    const reveal = submitted && (staff || (await this.reveals(row, show)));
    const answerOf = new Map<number, AnswerRow>(answers.map((a) => [a.questionId, a]));
    return {
      ...summary(row),
      lesson_Id: lessonId,
      answers_shown: reveal,
      questions: questions.map((q, index) => {
        const answer = answerOf.get(q.id);
        return questionView(
          q,
          urls[index] ?? null,
          reveal,
          submitted
            ? {
                answer: (answer?.answer as GivenAnswer | null | undefined) ?? null,
                graderComment: answer?.graderComment ?? null,
                pointsAwarded: answer?.pointsAwarded ?? null,
              }
            : undefined,
        );
      }),
    };
  }

  private async reveals(row: AttemptRow, show: QuizRow['showAnswers']): Promise<boolean> {
    if (show === 'after_each_attempt') return true;
    if (show === 'never') return false;
    const attempts = await listAttempts(this.deps.db, row.quizId, row.userId);
    return attempts.some((a) => a.passed === true);
  }
}
