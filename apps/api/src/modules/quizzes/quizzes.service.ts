import type { KeyObject } from 'node:crypto';
import {
  isQuizLesson,
  type ResetAttemptsResponse,
  type StaffQuiz,
  type saveQuizBodySchema,
} from '@skillwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { acceptableImageKeys } from '../../db/queries/files';
import { fieldError, notFound } from '../../lib/errors';
import { questionImageUrl } from '../../lib/media-urls';
import type { FileStorage } from '../../lib/storage';
import type { Actor } from '../../plugins/auth';
import { requireAccess, type Subject } from '../access/access';
import { settingsOf } from './quiz-views';
import {
  deleteAttempts,
  findQuizByLesson,
  listBank,
  listQuestionImageKeys,
  type QuizRow,
  queueUnusedImages,
  saveQuiz,
} from './quizzes.repository';

type SaveInput = z.output<typeof saveQuizBodySchema>;

/**
 * Quizzes (docs/decisions/031): the school writes a quiz lesson's settings and questions, and resets a
 * student's attempts. A student's attempts are quiz-attempts.service.ts; a preview quiz quiz-preview.ts;
 * how they are drawn and graded quiz-grading.ts.
 */
export class QuizService {
  constructor(
    private readonly deps: {
      db: Db;
      /** Where question images are stored, and how their URLs are signed (lib/media-urls.ts). */
      images: { storage: FileStorage; key: KeyObject; ttlHours: number };
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

  /** The server's clock (tests move it). */
  now() {
    return new Date(this.deps.now?.() ?? Date.now());
  }

  /** A quiz lesson the caller may use with `permission`, and its quiz (404 Quiz when it has none yet). */
  async quizLesson(
    subject: Subject,
    lessonId: number,
    permission: 'lesson.update' | 'lesson.read' | 'lesson.learn',
  ) {
    const facts = await requireAccess(this.deps.db, subject, permission, lessonId);
    if (!isQuizLesson(facts.lesson.contentType)) throw notFound('Quiz');
    return facts;
  }

  /** A quiz lesson's quiz (404 Quiz when it has none yet). */
  async quizOf(lessonId: number): Promise<QuizRow> {
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
}
