import {
  COMPLETION_SHARE,
  type CourseProgress,
  type LessonProgress,
  progressText,
  type SavedLessonProgress,
  type SaveLessonProgressBody,
  type saveLessonProgressBodySchema,
} from '@skillwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { requireAccess } from '../access/access';
import type { CertificateService } from '../certificates/certificates.service';
import { listCourseLessonProgress, saveLessonProgress } from './progress.repository';

export type SaveProgressInput = z.output<typeof saveLessonProgressBodySchema>;
export type { SaveLessonProgressBody };

/** What a lesson's state is before anything is recorded (and all a publisher's preview is answered). */
const untouched = (lessonId: number): LessonProgress => ({
  lesson_Id: lessonId,
  lessonstarted: false,
  positionSeconds: 0,
  completed: false,
  completed_date: null,
});

/**
 * Whether a save completes the lesson: `completed` when the student says so (true or false), else true
 * once a reported position reaches 90% of the reported duration; otherwise the lesson stays as it was.
 */
export const completionOf = (input: {
  positionSeconds?: number | undefined;
  durationSeconds?: number | undefined;
  completed?: boolean | undefined;
}): boolean | undefined => {
  if (input.completed !== undefined) return input.completed;
  const { positionSeconds, durationSeconds } = input;
  if (positionSeconds === undefined || !durationSeconds) return undefined;
  return positionSeconds >= COMPLETION_SHARE * durationSeconds ? true : undefined;
};

/**
 * A student's progress through its courses: where it left each video or audio lesson, which lessons it
 * completed, and the course's share and next lesson (DESIGN decision 11). Only the student itself reads
 * or writes its own; the course's staff previewing record nothing.
 */
export class ProgressService {
  constructor(private readonly deps: { db: Db; certificates: CertificateService }) {}

  /**
   * studentCourse/SaveLessonProgress: a published lesson of a published course the caller is enrolled in;
   * anything else answers 404 (a lesson the caller cannot study is not confirmed to exist). A save that
   * newly completes a lesson of a course that gives a certificate tries to issue it (it is issued when that
   * was the course's last lesson), and the answer carries it.
   */
  async save(actor: Actor, input: SaveProgressInput): Promise<SavedLessonProgress> {
    const { db } = this.deps;
    const row = await requireAccess(db, actor, 'lesson.learn', input.lesson_Id);
    if (row.staff) return untouched(input.lesson_Id);
    const completes = completionOf(input);
    const { saved, newlyCompleted } = await saveLessonProgress(db, actor.userId, input.lesson_Id, {
      positionSeconds: input.positionSeconds,
      completed: completes,
    });
    const answer: SavedLessonProgress = {
      lesson_Id: saved.lessonId,
      lessonstarted: saved.started,
      positionSeconds: saved.positionSeconds,
      completed: saved.completed,
      completed_date: saved.completedAt ? saved.completedAt.toISOString() : null,
    };
    // Whichever way the lesson completed (marked done, or a video at 90%), this may have been the last
    // one the course needed: the certificate is issued here, once. A save that completes nothing, a
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
    const rows = await listCourseLessonProgress(db, actor.userId, courseId);
    const lessons: LessonProgress[] = rows.map((r) =>
      staff
        ? untouched(r.lessonId)
        : {
            lesson_Id: r.lessonId,
            lessonstarted: r.started,
            positionSeconds: Number(r.positionSeconds),
            completed: r.completed,
            completed_date: r.completedAt ? new Date(r.completedAt).toISOString() : null,
          },
    );
    const completed = lessons.filter((l) => l.completed).length;
    return {
      course_Id: courseId,
      totalLessons: lessons.length,
      completedLessons: completed,
      progress: progressText({ total: lessons.length, completed }),
      nextLesson_Id: lessons.find((l) => !l.completed)?.lesson_Id ?? null,
      lessons,
    };
  }
}
