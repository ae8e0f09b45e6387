import { completesByMarking, type Lesson, type LessonKind, lessonKind } from '@skillwise/contracts';
import { lazy, type Ref, Suspense } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, RowButton } from '@/components/ui/button';
import { CheckCircleIcon, CheckIcon, CloseIcon } from '@/components/ui/icons';
import { Eyebrow } from '@/components/ui/page-header';
import { LoadingBlock, Spinner } from '@/components/ui/spinner';
import { loadPreviewQuiz, loadStudentQuiz } from '@/features/quizzes';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import type { LessonProgress } from '../hooks/use-lesson-progress';
import { LessonViewer } from './lesson-viewer';

// A quiz's screens come with the first quiz opened.
const StudentQuizLesson = lazy(() =>
  loadStudentQuiz().then((module) => ({ default: module.StudentQuizLesson })),
);
const PreviewQuizLesson = lazy(() =>
  loadPreviewQuiz().then((module) => ({ default: module.PreviewQuizLesson })),
);

/** The opened lesson's kind, as its heading says it. */
const KIND_HEADINGS: Record<LessonKind, MessageId> = {
  video: 'learning.learning.opened.kind.video',
  pdf: 'learning.learning.opened.kind.pdf',
  audio: 'learning.learning.opened.kind.audio',
  text: 'learning.learning.opened.kind.text',
  image: 'learning.learning.opened.kind.image',
  quiz: 'learning.learning.opened.kind.quiz',
};

type OpenedLessonProps = {
  lesson: Lesson;
  /** A publisher's preview: every lesson playable, nothing recorded. */
  isPreview: boolean;
  tracking: LessonProgress;
  onClose: () => void;
  /** Scrolled into view when a lesson opens. */
  viewerRef: Ref<HTMLElement>;
};

/**
 * The opened lesson: its kind and title, where the student is with it ('Mark as done' and its undo,
 * Completed, Starting..., Started), a button that closes it, and the lesson itself: the viewer, or the
 * quiz.
 */
export const OpenedLesson = ({ lesson, isPreview, tracking, onClose, viewerRef }: OpenedLessonProps) => {
  const t = useT();
  const { progress, isCompleted, isStarted, isStarting, isSavingDone, setDone } = tracking;
  return (
    <section
      ref={viewerRef}
      aria-labelledby="lesson-title"
      className="flex min-w-0 scroll-mt-24 flex-col gap-3 lg:col-start-1"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-48">
          <Eyebrow small>{t(KIND_HEADINGS[lessonKind(lesson.contentType)])}</Eyebrow>
          <h2 id="lesson-title" className="text-lg font-semibold break-words text-slate-900">
            {lesson.lesson_title}
          </h2>
        </div>
        <div className="ms-auto flex shrink-0 flex-wrap items-center justify-end gap-2">
          {isPreview || !progress.isSuccess ? null : isCompleted(lesson.lesson_Id) ? (
            <span className="flex items-center gap-2">
              <span className="flex items-center gap-1 text-sm font-medium text-emerald-800">
                <CheckCircleIcon className="size-4" />
                {t('learning.learning.status.completed')}
              </span>
              {completesByMarking(lesson.contentType) ? (
                <RowButton
                  variant="ghost"
                  onClick={() => setDone(lesson.lesson_Id, false)}
                  disabled={isSavingDone}
                  label={t('learning.learning.opened.undoLabel', { title: lesson.lesson_title })}
                >
                  {t('learning.learning.opened.undo')}
                </RowButton>
              ) : null}
            </span>
          ) : completesByMarking(lesson.contentType) ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setDone(lesson.lesson_Id, true)}
              isLoading={isSavingDone}
              loadingText={t('learning.learning.opened.saving')}
            >
              <CheckIcon className="size-4" />
              {t('learning.learning.opened.markDone')}
            </Button>
          ) : null}
          {isCompleted(lesson.lesson_Id) ? null : isStarting ? (
            <span role="status" className="flex items-center gap-1.5 text-sm text-slate-500">
              <Spinner className="size-3.5" />
              {t('learning.learning.opened.starting')}
            </span>
          ) : isStarted(lesson.lesson_Id) ? (
            <span className="flex items-center gap-1 text-sm font-medium text-emerald-700">
              <CheckCircleIcon className="size-4" />
              {t('learning.learning.status.started')}
            </span>
          ) : null}
          <button
            type="button"
            onClick={onClose}
            aria-label={t('learning.learning.opened.close')}
            title={t('learning.learning.opened.close')}
            className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
      </div>
      {lessonKind(lesson.contentType) === 'quiz' ? (
        <Suspense fallback={<LoadingBlock label={t('learning.learning.opened.loadingQuiz')} />}>
          {!isPreview ? (
            <StudentQuizLesson
              key={lesson.lesson_Id}
              lessonId={lesson.lesson_Id}
              onPassed={() => void tracking.quizPassed(lesson.lesson_Id)}
            />
          ) : lesson.preview ? (
            <PreviewQuizLesson key={lesson.lesson_Id} lessonId={lesson.lesson_Id} />
          ) : (
            <Alert tone="info">{t('learning.learning.opened.quizInPreview')}</Alert>
          )}
        </Suspense>
      ) : (
        // Loaded with the screen: a player loaded apart did not resume where the student left off.
        <LessonViewer
          key={lesson.lesson_Id}
          lesson={lesson}
          media={tracking.media}
          {...(isPreview ? {} : { onPlay: () => tracking.onPlay(lesson) })}
        />
      )}
    </section>
  );
};
