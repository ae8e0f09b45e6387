import {
  type GradingQueueRow,
  isQuizLesson,
  type Paged,
  type QuizStudentResult,
  type QuizSummary,
  type StudentAttempt,
} from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { type ListQuery, mapPage } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { isStaffOf, mayReadQuizResults, requireAccess } from '../access/access';
import {
  findQuizCourse,
  listGradingQueue,
  listQuizStudents,
  listStudentAttempts,
  quizFigures,
} from './quiz-results.repository';
import { iso, summary } from './quiz-views';
import { findQuizByLesson } from './quizzes.repository';

/**
 * The school's side of quizzes (docs/decisions/034): what waits for grading, each quiz's results and
 * figures, a student's attempts. Only the staff of the school whose quiz it is; anyone else is answered
 * as if it did not exist (404).
 */
export class QuizResultService {
  constructor(private readonly deps: { db: Db }) {}

  /** The caller's school, when it is its staff; else the school does not exist for it. */
  private schoolOf(actor: Actor): number {
    const orgId = actor.orgId;
    if (orgId === null || orgId === undefined || !mayReadQuizResults(actor, orgId)) {
      throw notFound('Organisation');
    }
    return orgId;
  }

  /** A quiz lesson of the caller's school with its quiz (404 Lesson, or Quiz when it has none). */
  private async staffQuiz(actor: Actor, lessonId: number) {
    const facts = await requireAccess(this.deps.db, actor, 'lesson.update', lessonId);
    if (!isQuizLesson(facts.lesson.contentType)) throw notFound('Quiz');
    const quiz = await findQuizByLesson(this.deps.db, lessonId);
    if (!quiz) throw notFound('Quiz');
    return { facts, quiz };
  }

  /** quizzes/GetGradingQueue: the school's attempts waiting for grading, oldest first. */
  async queue(actor: Actor, courseId: number | undefined, list: ListQuery): Promise<Paged<GradingQueueRow>> {
    const orgId = this.schoolOf(actor);
    if (courseId !== undefined) await requireAccess(this.deps.db, actor, 'course.update', courseId);
    const instructorId = isStaffOf(actor, orgId) ? undefined : actor.userId;
    const page = await listGradingQueue(this.deps.db, orgId, courseId, instructorId, list);
    return mapPage(page, (row) => ({
      attempt_Id: row.attemptId,
      number: row.number,
      submitted_at: iso(row.submittedAt) ?? '',
      course_Id: row.courseId,
      course_title: row.courseTitle,
      lesson_Id: row.lessonId,
      lesson_title: row.lessonTitle,
      user_Id: row.userId,
      student_name: row.studentName,
      student_email: row.studentEmail,
      waiting: row.waiting,
    }));
  }

  /** quizzes/GetQuizResults: the students who attempted a quiz, each with its best result. */
  async students(actor: Actor, lessonId: number, list: ListQuery): Promise<Paged<QuizStudentResult>> {
    const { quiz } = await this.staffQuiz(actor, lessonId);
    const page = await listQuizStudents(this.deps.db, quiz.id, list);
    return mapPage(page, (row) => ({
      user_Id: row.userId,
      student_name: row.studentName,
      student_email: row.studentEmail,
      attempts: row.attempts,
      best_score: row.bestScore,
      max_score: row.maxScore,
      best_percent: row.bestPercent,
      last_attempt_at: row.lastAttemptAt.toISOString(),
      passed: row.passed,
      waiting: row.waiting,
    }));
  }

  /** quizzes/GetQuizSummary: attempts, students, pass rate, the spread of scores, the hardest questions. */
  async summary(actor: Actor, lessonId: number): Promise<QuizSummary> {
    const { facts, quiz } = await this.staffQuiz(actor, lessonId);
    const [course, figures] = await Promise.all([
      findQuizCourse(this.deps.db, lessonId),
      quizFigures(this.deps.db, quiz.id),
    ]);
    return {
      lesson_Id: lessonId,
      lesson_title: facts.lesson.title,
      course_Id: course?.courseId ?? 0,
      course_title: course?.courseTitle ?? '',
      pass_percent: quiz.passPercent,
      attempts: figures.attempts,
      students: figures.students,
      graded_students: figures.gradedStudents,
      passed_students: figures.passedStudents,
      pass_rate:
        figures.gradedStudents === 0
          ? null
          : Math.round((figures.passedStudents * 100) / figures.gradedStudents),
      score_buckets: figures.buckets,
      hardest: figures.hardest.map((h) => ({
        text: h.text,
        kind: h.kind,
        answers: h.answers,
        full_points: h.fullPoints,
        full_percent: h.answers === 0 ? 0 : Math.round((h.fullPoints * 100) / h.answers),
      })),
    };
  }

  /** quizzes/GetStudentAttempts: a student's attempts at a course's quizzes, or at one quiz. */
  async studentAttempts(
    actor: Actor,
    query: { user_Id: number; course_Id?: number | undefined; lesson_Id?: number | undefined },
  ): Promise<StudentAttempt[]> {
    let of: { courseId: number } | { lessonId: number };
    if (query.lesson_Id !== undefined) {
      await this.staffQuiz(actor, query.lesson_Id);
      of = { lessonId: query.lesson_Id };
    } else {
      const courseId = query.course_Id ?? 0;
      await requireAccess(this.deps.db, actor, 'course.update', courseId);
      of = { courseId };
    }
    const rows = await listStudentAttempts(this.deps.db, query.user_Id, of);
    return rows.map((row) => ({ ...summary(row), lesson_Id: row.lessonId, lesson_title: row.lessonTitle }));
  }
}
