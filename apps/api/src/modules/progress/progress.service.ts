import {
  type CourseProgress,
  completesByWatching,
  isQuizLesson,
  type LessonProgress,
  progressText,
  type SavedLessonProgress,
  type SaveLessonProgressBody,
  type saveLessonProgressBodySchema,
} from '@skillwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { emitLessonCompleted } from '../../db/queries/integrations';
import { fieldError } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { courseReleases, requireAccess } from '../access/access';
import type { CertificateService } from '../certificates/certificates.service';
import { listCourseLessonProgress, saveLessonProgress } from './progress.repository';

export type SaveProgressInput = z.output<typeof saveLessonProgressBodySchema>;
export type { SaveLessonProgressBody };

/**
 * The most watching time the wall clock allowed but no position used that carries over to the next save
 * (docs/decisions/010): a save held up a moment by a timer or the network, followed by one that arrives
 * on time, loses nothing. It is earned, never given: a fresh lesson starts with none.
 */
export const WATCH_SLACK_SECONDS = 5;

/** What a lesson's state is before anything is recorded (and all a publisher's preview is answered). */
const untouched = (lessonId: number): LessonProgress => ({
  lesson_Id: lessonId,
  lessonstarted: false,
  positionSeconds: 0,
  completed: false,
  completed_date: null,
});

const COMPLETED_BY_PASSING = 'cannot be given for a quiz lesson: it completes when an attempt passes';

const COMPLETED_BY_WATCHING =
  'cannot be true for a video or audio lesson: it completes once 90% of it has been watched';

/**
 * A student's progress through its courses: where it left each video or audio lesson, which lessons it
 * completed, and the course's share and next lesson (DESIGN decision 11). Only the student itself reads
 * or writes its own; the course's staff previewing record nothing.
 */
export class ProgressService {
  constructor(
    private readonly deps: {
      db: Db;
      certificates: CertificateService;
      /** The clock watched time is measured by, in milliseconds (tests move it). */
      now?: () => number;
    },
  ) {}

  /**
   * studentCourse/SaveLessonProgress: a published lesson of a published course the caller is enrolled in;
   * anything else answers 404 (a lesson the caller cannot study is not confirmed to exist). A video or
   * audio lesson completes from the watched time the server credits against the length it measured
   * (DESIGN decision 12), never from the client's `durationSeconds` or `completed: true`, which is a 400
   * for it; one whose length the server could not read yet completes nothing until it has. A save that
   * newly completes a lesson of a course that gives a certificate tries to issue it (it is issued when that
   * was the course's last lesson), and the answer carries it.
   */
  async save(actor: Actor, input: SaveProgressInput): Promise<SavedLessonProgress> {
    const { db } = this.deps;
    const row = await requireAccess(db, actor, 'lesson.learn', input.lesson_Id);
    const watching = completesByWatching(row.lesson.contentType);
    if (watching && input.completed === true) {
      throw fieldError('completed', COMPLETED_BY_WATCHING);
    }
    // A quiz lesson completes only when an attempt passes (quizzes/SubmitAttempt, docs/decisions/031).
    if (input.completed !== undefined && isQuizLesson(row.lesson.contentType)) {
      throw fieldError('completed', COMPLETED_BY_PASSING);
    }
    if (row.staff) return untouched(input.lesson_Id);
    // The completion and its webhook events (docs/decisions/037) are one transaction.
    const { saved, newlyCompleted } = await db.transaction(async (tx) => {
      const done = await saveLessonProgress(tx, actor.userId, input.lesson_Id, {
        positionSeconds: input.positionSeconds,
        completed: input.completed,
        at: new Date(this.deps.now?.() ?? Date.now()),
        measuredSeconds: watching ? row.lesson.durationSeconds : null,
        slackSeconds: WATCH_SLACK_SECONDS,
      });
      if (done.newlyCompleted) await emitLessonCompleted(tx, actor.userId, input.lesson_Id);
      return done;
    });
    const answer: SavedLessonProgress = {
      lesson_Id: saved.lessonId,
      lessonstarted: saved.started,
      positionSeconds: saved.positionSeconds,
      completed: saved.completed,
      completed_date: saved.completedAt ? saved.completedAt.toISOString() : null,
    };
    // Whichever way the lesson completed (marked done, or a video watched to 90%), this may have been the
    // last one the course needed: the certificate is issued here, once. A save that completes nothing, a
    // course without certificates, or the player's later saves of a watched video try nothing. A lesson
    // marked done again tries while the student holds no certificate of the course: one missed (the
    // course gave none when it was finished, its last missing lesson was removed) comes then.
    if (!row.courseCertificate) return answer;
    const markedAgain = !newlyCompleted && input.completed === true;
    if (!newlyCompleted && !markedAgain) return answer;
    if (markedAgain && (await this.deps.certificates.holds(actor.userId, row.courseId))) return answer;
    const certificate = await this.deps.certificates.issueOnCompletion(actor.userId, row.courseId);
    if (!certificate) return answer;
    return { ...answer, certificate };
  }

  /**
   * studentCourse/GetCourseProgress/{id}: the caller's own progress in a published course it is enrolled
   * in (404 otherwise); the course's staff get the untouched state of every lesson.
   */
  async course(actor: Actor, courseId: number): Promise<CourseProgress> {
    const { db } = this.deps;
    const { staff } = await requireAccess(db, actor, 'course.learn', courseId);
    const [rows, releases] = await Promise.all([
      listCourseLessonProgress(db, actor.userId, courseId),
      courseReleases(db, actor, courseId, staff),
    ]);
    const lessons: LessonProgress[] = rows.map((r) => {
      if (staff) return untouched(r.lessonId);
      const release = releases.get(r.lessonId);
      return {
        lesson_Id: r.lessonId,
        lessonstarted: r.started,
        positionSeconds: Number(r.positionSeconds),
        completed: r.completed,
        completed_date: r.completedAt ? new Date(r.completedAt).toISOString() : null,
        locked: release?.locked ?? false,
        opens_at: release?.opensAt?.toISOString() ?? null,
      };
    });
    const completed = lessons.filter((l) => l.completed).length;
    return {
      course_Id: courseId,
      totalLessons: lessons.length,
      completedLessons: completed,
      progress: progressText({ total: lessons.length, completed }),
      // Where "Continue" leads: the first lesson not completed that is open to the student.
      nextLesson_Id: lessons.find((l) => !l.completed && l.locked !== true)?.lesson_Id ?? null,
      lessons,
    };
  }
}
