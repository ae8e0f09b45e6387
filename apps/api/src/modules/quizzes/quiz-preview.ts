import {
  type CheckPreviewQuizBody,
  type checkPreviewQuizBodySchema,
  isQuizLesson,
  type PreviewQuiz,
  type PreviewResult,
} from '@skillwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { requireAccess, type Subject } from '../access/access';
import { checkAnswers, passes, pointsFor } from './quiz-grading';
import { questionView } from './quiz-views';
import { findQuizByLesson, listBank } from './quizzes.repository';
import type { QuizService } from './quizzes.service';

export type { CheckPreviewQuizBody };

type CheckInput = z.output<typeof checkPreviewQuizBodySchema>;

/**
 * A preview quiz (docs/decisions/033): a quiz lesson marked preview, tried by anyone who may read it (a
 * visitor too) with nothing stored. Its whole bank is served in order without answers; the answers sent
 * back are graded as a submitted attempt is (the same grading, quiz-grading.ts), an open answer left
 * ungraded, and the questions shown as the quiz's `show_answers` says. No attempt, no limit, no timer.
 */
export class QuizPreview {
  constructor(private readonly deps: { db: Db; quizzes: QuizService }) {}

  /** The preview quiz lesson's quiz and bank; anything else (not a preview, not readable) a 404. */
  private async bankOf(subject: Subject, lessonId: number) {
    const facts = await requireAccess(this.deps.db, subject, 'lesson.preview', lessonId);
    if (!isQuizLesson(facts.lesson.contentType)) throw notFound('Quiz');
    const quiz = await findQuizByLesson(this.deps.db, lessonId);
    if (!quiz) throw notFound('Quiz');
    const bank = await listBank(this.deps.db, quiz.id);
    // Each image's URL names the reader (0, a visitor), as an attempt's does: the media route asks the
    // lesson's rule again for them, which lets anyone read a preview lesson (docs/decisions/035).
    const viewerId = subject?.userId ?? 0;
    const urls = await Promise.all(
      bank.map((q) => this.deps.quizzes.imageUrl(lessonId, q.imageKey, viewerId)),
    );
    return {
      facts,
      quiz,
      bank,
      imageUrls: new Map(bank.map((q, index) => [q.id, urls[index] ?? null])),
      maxScore: bank.reduce((sum, q) => sum + q.points, 0),
    };
  }

  /** quizzes/GetPreviewQuiz: the questions to answer, without any answer. */
  async get(subject: Subject, lessonId: number): Promise<PreviewQuiz> {
    const { facts, quiz, bank, imageUrls, maxScore } = await this.bankOf(subject, lessonId);
    return {
      lesson_Id: lessonId,
      lesson_title: facts.lesson.title,
      pass_percent: quiz.passPercent,
      show_answers: quiz.showAnswers,
      max_score: maxScore,
      questions: bank.map((q) => questionView(q, imageUrls.get(q.id) ?? null, false)),
    };
  }

  /** quizzes/CheckPreviewQuiz: the answers graded against the bank; nothing is written. */
  async check(subject: Subject, input: CheckInput): Promise<PreviewResult> {
    const { quiz, bank, imageUrls, maxScore } = await this.bankOf(subject, input.lesson_Id);
    const given = checkAnswers(bank, input.answers);
    const points = new Map(bank.map((q) => [q.id, pointsFor(q, given.get(q.id))]));
    const waiting = [...points.values()].some((p) => p === null);
    const score = [...points.values()].reduce<number>((sum, p) => sum + (p ?? 0), 0);
    const passed = waiting ? null : passes(score, maxScore, quiz.passPercent);
    const reveal =
      quiz.showAnswers === 'after_each_attempt' || (quiz.showAnswers === 'after_passing' && passed === true);
    return {
      lesson_Id: input.lesson_Id,
      status: waiting ? 'needs_grading' : 'submitted',
      score,
      max_score: maxScore,
      passed,
      answers_shown: reveal,
      questions: bank.map((q) =>
        questionView(q, imageUrls.get(q.id) ?? null, reveal, {
          answer: given.get(q.id) ?? null,
          graderComment: null,
          pointsAwarded: points.get(q.id) ?? null,
        }),
      ),
    };
  }
}
