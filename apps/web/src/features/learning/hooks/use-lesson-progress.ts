import type { Lesson, SavedLessonProgress } from '@skillwise/contracts';
import { useRef } from 'react';
import { errorMessage } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';
import { useCourseProgress, useMarkLessonStarted, useSaveLessonProgress } from '../api/learning';
import { useLessonPosition } from './use-lesson-position';
import { useQuizPassed } from './use-quiz-passed';

type LessonProgressOptions = {
  courseId: number;
  /** The course's lessons, as the view lists them. */
  lessons: Lesson[];
  /** The lesson open in the viewer. */
  opened: Lesson | null;
  /** A publisher's preview neither reads nor records progress. */
  isPreview: boolean;
  /** Whether completing the course earns a certificate. */
  givesCertificate: boolean;
  onCompletionChange: ((saved: SavedLessonProgress) => void) | undefined;
};

/**
 * What the course view records of a student's progress: the course's progress, the opened lesson's
 * position (a video or audio lesson), 'Mark as done' and its undo, the first play that starts a lesson,
 * and a passed quiz.
 */
export const useLessonProgress = ({
  courseId,
  lessons,
  opened,
  isPreview,
  givesCertificate,
  onCompletionChange,
}: LessonProgressOptions) => {
  const markStarted = useMarkLessonStarted(courseId);
  const progress = useCourseProgress(courseId, !isPreview);
  const saveProgress = useSaveLessonProgress(courseId, onCompletionChange);
  const quizPassed = useQuizPassed(courseId, givesCertificate, onCompletionChange);
  const requested = useRef(new Set<number>());

  const isStarted = (lessonId: number) =>
    lessons.find((lesson) => lesson.lesson_Id === lessonId)?.lessonstarted ?? false;
  const isStarting = opened !== null && markStarted.isPending && markStarted.variables === opened.lesson_Id;
  const stateOf = (lessonId: number) =>
    progress.data?.lessons.find((lesson) => lesson.lesson_Id === lessonId);
  const isCompleted = (lessonId: number) => stateOf(lessonId)?.completed ?? false;

  const media = useLessonPosition({
    lessonId: opened?.lesson_Id ?? 0,
    startAt: opened ? (stateOf(opened.lesson_Id)?.positionSeconds ?? 0) : 0,
    enabled: !isPreview && opened !== null && progress.isSuccess,
    save: (lessonId, report, keepalive) => {
      // Positions are saved as the student goes: a failed one is followed by the next.
      saveProgress.mutate({ body: { lesson_Id: lessonId, ...report }, keepalive });
    },
  });

  /**
   * 'Mark as done' (and its undo) for a PDF, text or image lesson. A video or audio lesson has neither: it
   * completes once the server has seen 90% of it watched (DESIGN decision 12), nor a quiz: it completes when
   * an attempt passes (docs/decisions/031).
   */
  const setDone = (lessonId: number, completed: boolean) =>
    saveProgress.mutate(
      { body: { lesson_Id: lessonId, completed } },
      { onError: (error) => notify.error(errorMessage(error, t('learning.learning.progress.notRecorded'))) },
    );
  const isSavingDone =
    opened !== null &&
    saveProgress.isPending &&
    saveProgress.variables?.body.lesson_Id === opened.lesson_Id &&
    saveProgress.variables.body.completed !== undefined;

  /**
   * SPEC §4: a video's (or audio lesson's) first play sets lessonstarted, once per lesson and visit. A
   * publisher's preview records nothing.
   */
  const onPlay = (lesson: Lesson) => {
    if (isPreview) return;
    if (isStarted(lesson.lesson_Id) || requested.current.has(lesson.lesson_Id)) return;
    requested.current.add(lesson.lesson_Id);
    markStarted.mutate(lesson.lesson_Id, {
      onError: (error) => {
        requested.current.delete(lesson.lesson_Id);
        notify.error(errorMessage(error, t('learning.learning.progress.notRecorded')));
      },
    });
  };

  /** Continue: the first lesson not completed (the first lesson when none is). */
  const nextLesson = lessons.find((lesson) => lesson.lesson_Id === progress.data?.nextLesson_Id);

  return {
    progress,
    isStarted,
    isStarting,
    isCompleted,
    media,
    setDone,
    isSavingDone,
    onPlay,
    quizPassed,
    nextLesson,
  };
};

export type LessonProgress = ReturnType<typeof useLessonProgress>;
