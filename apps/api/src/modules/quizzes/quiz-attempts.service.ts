import {
  type Attempt,
  type AttemptSummary,
  type gradeAnswerBodySchema,
  QUIZ_MSG,
  type StudentQuiz,
  SUBMIT_GRACE_SECONDS,
  type submitAttemptBodySchema,
} from '@skillwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { recordLessonCompleted } from '../../db/queries/completion';
import { emitLessonCompleted } from '../../db/queries/integrations';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
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
  checkAnswers,
  drawQuestions,
  type GivenAnswer,
  passes,
  pointsFor,
  type SnapshotQuestion,
} from './quiz-grading';
import { iso, questionView, settingsOf, summary } from './quiz-views';
import {
  type AnswerRow,
  type AttemptRow,
  type AttemptWithFacts,
  closeAttempt,
  countQuestions,
  findAttempt,
  gradeAnswer,
  insertAnswers,
  insertAttempt,
  lastAttempt,
  listAnswers,
  listAttempts,
  listBank,
  type QuizRow,
  rescoreAttempt,
} from './quizzes.repository';
import type { QuizService } from './quizzes.service';

type SubmitInput = z.output<typeof submitAttemptBodySchema>;
type GradeInput = z.output<typeof gradeAnswerBodySchema>;

/**
 * A student's attempts at a quiz (docs/decisions/031): started within the quiz's limits, submitted to be
 * graded by the server against the questions the attempt drew, open answers graded by the school. A quiz
 * lesson is completed by a passing attempt only, in the transaction that grades it, so course completion
 * and the certificate follow.
 */
export class QuizAttemptService {
  constructor(
    private readonly deps: {
      db: Db;
      /** The quiz lessons and their questions' image URLs. */
      quizzes: QuizService;
      certificates: CertificateService;
      /** Tells the student its attempt was graded (docs/decisions/034). */
      notifications?: Pick<NotificationService, 'quizGraded'>;
    },
  ) {}

  /**
   * quizzes/GetQuizForStudent: the quiz's settings, how many questions an attempt has, and the caller's
   * own attempts with whether it may start one: no question, no answer. Anyone `lesson.read` allows.
   */
  async forStudent(subject: Subject, lessonId: number): Promise<StudentQuiz> {
    const facts = await this.deps.quizzes.quizLesson(subject, lessonId, 'lesson.read');
    const quiz = await this.deps.quizzes.quizOf(lessonId);
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
    await this.deps.quizzes.quizLesson(actor, lessonId, 'lesson.learn');
    const quiz = await this.deps.quizzes.quizOf(lessonId);
    return (await this.attemptsOf(quiz, actor.userId)).map(summary);
  }

  /**
   * quizzes/StartAttempt: an enrolled student starts an attempt (201), or gets back the one it has open
   * (200: a second tab continues the same attempt). Refused with 409 when no attempt is left or before the
   * wait after the last one has passed (the message says when). The questions are drawn and shuffled now
   * and kept with their answers in the attempt; the student receives them without.
   */
  async start(actor: Actor, lessonId: number): Promise<{ created: boolean; attempt: Attempt }> {
    const facts = await this.deps.quizzes.quizLesson(actor, lessonId, 'lesson.learn');
    if (facts.staff) throw forbidden(QUIZ_MSG.staffTake);
    const quiz = await this.deps.quizzes.quizOf(lessonId);
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
        ? {
            'retry-after': String(
              Math.max(1, Math.ceil((next.at.getTime() - this.deps.quizzes.now().getTime()) / 1000)),
            ),
          }
        : undefined;
      throw new AppError('CONFLICT', next.refused, undefined, headers);
    }
    const questions = drawQuestions(quiz, await listBank(this.deps.db, quiz.id));
    const startedAt = this.deps.quizzes.now();
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
    const given = checkAnswers(questions, input.answers);
    const answers = questions.map((q) => ({
      question: q,
      answer: given.get(q.id),
      points: pointsFor(q, given.get(q.id)),
    }));
    const waiting = answers.some((a) => a.points === null);
    const score = answers.reduce((sum, a) => sum + (a.points ?? 0), 0);
    const passed = waiting ? null : passes(score, attempt.maxScore, attempt.passPercent);
    const at = this.deps.quizzes.now();
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
      if (at > this.deps.quizzes.now()) return { left, at, refused: QUIZ_MSG.wait(at.toISOString()) };
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
      submittedAt: attempt.deadline ?? this.deps.quizzes.now(),
      score: 0,
      // Nothing was submitted: it passes nothing, whatever the pass mark.
      passed: false,
    });
    return closed ?? attempt;
  }

  private expired(attempt: AttemptRow) {
    return (
      attempt.deadline !== null &&
      this.deps.quizzes.now().getTime() > attempt.deadline.getTime() + SUBMIT_GRACE_SECONDS * 1000
    );
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
    const urls = await Promise.all(
      questions.map((q) => this.deps.quizzes.imageUrl(lessonId, q.imageKey, viewerId)),
    );
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
