import {
  completesByMarking,
  type Lesson,
  type LessonKind,
  lessonKind,
  type SavedLessonProgress,
  type Section,
} from '@skillwise/contracts';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckCircleIcon, CheckIcon, ChevronLeftIcon, CloseIcon, LockIcon } from '@/components/ui/icons';
import { LoadingBlock, Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import {
  useCourseProgress,
  useCourseSections,
  useMarkLessonStarted,
  useSaveLessonProgress,
} from '../api/learning';
import { useLessonPosition } from '../hooks/use-lesson-position';
import { useOpenSection } from '../hooks/use-open-section';
import { useQuizPassed } from '../hooks/use-quiz-passed';
import { lockedText } from '../lib/locked';
import { isViewable } from '../lib/viewable';
import { LessonThumb } from './lesson-thumb';
import { LessonViewer } from './lesson-viewer';
import { SectionList } from './section-list';

// A quiz's screens come with the first quiz opened.
const StudentQuizLesson = lazy(() =>
  import('@/features/quizzes/components/student-quiz').then((module) => ({
    default: module.StudentQuizLesson,
  })),
);
const PreviewQuizLesson = lazy(() =>
  import('@/features/quizzes/components/preview-quiz').then((module) => ({
    default: module.PreviewQuizLesson,
  })),
);

/** A lesson the viewer opens: an open one (docs/decisions/032) with a file of a kind it shows, or a quiz. */
const canOpen = (lesson: Lesson) =>
  lesson.locked !== true &&
  ((isViewable(lesson.contentType) && lesson.content_path !== null) ||
    lessonKind(lesson.contentType) === 'quiz');

export type LearningCourse = {
  course_title: string;
  course_description: string;
  course_image: string | null;
  /** Whether completing the course earns a certificate. */
  certificate: boolean;
};

type CourseLearningProps = {
  courseId: number;
  course: LearningCourse;
  backPath: string;
  /** The back link's text: 'My Courses' for a student. */
  backLabel?: string;
  /** The course image, drawn by the page (it owns the placeholder rule). */
  image: ReactNode;
  /**
   * A publisher's preview: what an enrolled student will see (published sections and lessons only),
   * every lesson playable, and nothing recorded as progress.
   */
  isPreview?: boolean;
  /** A lesson to open at once (a preview opened on one lesson). */
  initialLessonId?: number | null;
  /** Shown above the course, e.g. the preview's notice. */
  banner?: ReactNode;
  /** Shown below the lesson or overview, e.g. the student's review of the course. */
  footer?: ReactNode;
  /**
   * A lesson's completion changed (the save's answer, with the certificate it issued if it completed
   * the course): what shows the course's share elsewhere may refresh.
   */
  onCompletionChange?: (saved: SavedLessonProgress) => void;
};

/** What a student sees of a curriculum: its published sections and, in them, the published lessons. */
export const studentVisibleSections = (sections: Section[]): Section[] =>
  sections
    .filter((section) => section.published)
    .map((section) => ({ ...section, lessons: section.lessons.filter((lesson) => lesson.published) }));

const KIND_LABEL: Record<LessonKind, string> = {
  video: 'Video',
  pdf: 'PDF',
  audio: 'Audio',
  text: 'Text',
  image: 'Image',
  quiz: 'Quiz',
};

/** SPEC §2.12: the lists shown before a lesson is opened that say the same for every course. */
const STATIC_OVERVIEW: Array<{ title: string; items: string[] }> = [
  {
    title: 'What You Will Learn',
    items: [
      'The core ideas of the subject, explained step by step',
      'Practical techniques you can apply straight away',
      'How to practise on your own and keep improving',
      'The confidence to take on the next level',
    ],
  },
  {
    title: 'Requirements',
    items: [
      'No prior experience is needed',
      'A computer, tablet or phone with an internet connection',
      'Curiosity and a little time each week',
    ],
  },
];

/**
 * SPEC §2.12: the lists shown before a lesson is opened. What the course includes is only what it has
 * (DESIGN decision 13): video lessons when it has some, PDFs when it has some, a certificate when it
 * gives one.
 */
const overviewOf = (
  course: LearningCourse,
  sections: Section[],
): Array<{ title: string; items: string[] }> => {
  const kinds = new Set(
    sections.flatMap((section) => section.lessons.map((lesson) => lessonKind(lesson.contentType))),
  );
  const includes = [
    kinds.has('video') ? 'On-demand video lessons' : null,
    kinds.has('pdf') ? 'Downloadable PDF resources' : null,
    'Full lifetime access',
    'Access on mobile and desktop',
    course.certificate ? 'Certificate of completion' : null,
  ].filter((item): item is string => item !== null);
  return [{ title: 'This Course Includes', items: includes }, ...STATIC_OVERVIEW];
};

const AboutCourse = ({ course }: { course: LearningCourse }) => (
  <Card className="p-6">
    <h2 className="text-lg font-semibold text-slate-900">About this Course</h2>
    <h3 className="mt-3 font-semibold break-words text-slate-800">{course.course_title}</h3>
    <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-slate-600">
      {course.course_description}
    </p>
  </Card>
);

const Overview = ({ course, sections }: { course: LearningCourse; sections: Section[] }) => (
  <div className="grid gap-4 md:grid-cols-2">
    {overviewOf(course, sections).map((list, index) => (
      <Card key={list.title} className={cn('p-6', index === 0 && 'md:col-span-2')}>
        <h2 className="text-lg font-semibold text-slate-900">{list.title}</h2>
        <ul className={cn('mt-4 grid gap-2.5 text-sm text-slate-600', index === 0 && 'sm:grid-cols-2')}>
          {list.items.map((item) => (
            <li key={item} className="flex items-start gap-2.5">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              {item}
            </li>
          ))}
        </ul>
      </Card>
    ))}
  </div>
);

type CourseProgressBarProps = {
  completed: number;
  total: number;
  share: string;
  /** Opens the next lesson not completed; absent when every lesson is. */
  onContinue: (() => void) | undefined;
};

/** The student's progress (completed published lessons over published lessons) and 'Continue'. */
const CourseProgressBar = ({ completed, total, share, onContinue }: CourseProgressBarProps) => (
  <div className="mt-4 flex flex-col gap-3 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-card sm:flex-row sm:items-center sm:gap-5">
    <div className="min-w-0 flex-1">
      <p id="course-progress-label" className="flex flex-wrap justify-between gap-x-3 text-sm">
        <span className="font-semibold text-slate-900">Your progress</span>
        <span className="text-slate-600">
          {completed} of {total} {total === 1 ? 'lesson' : 'lessons'} completed · {share}
        </span>
      </p>
      {/* A native progress element: no inline style, which the app's CSP refuses. */}
      <progress
        aria-labelledby="course-progress-label"
        aria-valuetext={`${share} complete`}
        value={completed}
        max={total}
        className="mt-2 block h-2 w-full appearance-none overflow-hidden rounded-full bg-slate-100 [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-emerald-500 [&::-webkit-progress-bar]:bg-slate-100 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-emerald-500"
      />
    </div>
    {onContinue ? (
      <Button onClick={onContinue} className="shrink-0">
        Continue
      </Button>
    ) : completed < total ? (
      // Every lesson left is not open yet (docs/decisions/032).
      <p className="flex h-11 shrink-0 items-center gap-1.5 text-sm font-semibold text-slate-600">
        <LockIcon className="size-4" />
        Next lessons open later
      </p>
    ) : (
      // As tall as the Continue button it replaces: the page below does not move when the last lesson completes.
      <p className="flex h-11 shrink-0 items-center gap-1.5 text-sm font-semibold text-emerald-800">
        <CheckCircleIcon className="size-4" />
        Course completed
      </p>
    )}
  </div>
);

/**
 * SPEC §2.12 course view of an enrolled student: title and description; a side panel (at most 1084 px
 * high, scrolling) with the image and the sections, one open at a time; a lesson (video, PDF, audio or
 * text) opens in the viewer with 'About this Course' below. A video's or audio lesson's first play
 * records the lesson as started. The publisher's preview (isPreview) shows the same view. The view is
 * drawn once the lessons and the student's progress have answered (both asked for at once), so neither
 * the progress bar nor the list moves what is already on the screen.
 */
export const CourseLearning = ({
  courseId,
  course,
  backPath,
  backLabel = 'My Courses',
  image,
  isPreview = false,
  initialLessonId = null,
  banner,
  footer,
  onCompletionChange,
}: CourseLearningProps) => {
  const sections = useCourseSections(courseId);
  const markStarted = useMarkLessonStarted(courseId);
  // A publisher's preview neither reads nor records progress.
  const progress = useCourseProgress(courseId, !isPreview);
  const isSettling = sections.isPending || (!isPreview && progress.isPending);
  const saveProgress = useSaveLessonProgress(courseId, onCompletionChange);
  const quizPassed = useQuizPassed(courseId, course.certificate, onCompletionChange);
  // The course's staff are answered every section and lesson: the preview keeps what students see.
  const list = isPreview ? studentVisibleSections(sections.data ?? []) : (sections.data ?? []);
  const initialSectionId =
    (initialLessonId === null
      ? undefined
      : list.find((section) => section.lessons.some((lesson) => lesson.lesson_Id === initialLessonId))
          ?.section_Id) ??
    list[0]?.section_Id ??
    null;
  const { isOpen, toggle, open: openSection } = useOpenSection(initialSectionId);
  // The lesson as it was when opened: a refetched list carries new signed URLs, which must not reload it.
  const [opened, setOpened] = useState<Lesson | null>(null);
  const requested = useRef(new Set<number>());
  const viewerRef = useRef<HTMLElement>(null);
  const openedInitial = useRef(false);

  const lessons = list.flatMap((section) => section.lessons);
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
      {
        onError: (error) =>
          notify.error(errorMessage(error, 'We could not record your progress. Please try again.')),
      },
    );
  const isSavingDone =
    opened !== null &&
    saveProgress.isPending &&
    saveProgress.variables?.body.lesson_Id === opened.lesson_Id &&
    saveProgress.variables.body.completed !== undefined;

  const open = (lesson: Lesson) => {
    setOpened(lesson);
    requestAnimationFrame(() => viewerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' }));
  };

  /** Continue: the first lesson not completed (the first lesson when none is), its section opened. */
  const nextLesson = lessons.find((lesson) => lesson.lesson_Id === progress.data?.nextLesson_Id);
  const continueCourse = () => {
    if (!nextLesson) return;
    openSection(nextLesson.section_Id);
    open(nextLesson);
  };

  // A preview opened on one lesson shows it as soon as the list is there.
  const initialLesson =
    initialLessonId === null
      ? undefined
      : list.flatMap((section) => section.lessons).find((lesson) => lesson.lesson_Id === initialLessonId);
  useEffect(() => {
    if (openedInitial.current || !initialLesson || !canOpen(initialLesson)) return;
    openedInitial.current = true;
    setOpened(initialLesson);
  }, [initialLesson]);

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
        notify.error(errorMessage(error, 'We could not record your progress. Please try again.'));
      },
    });
  };

  const renderLesson = (lesson: Lesson) => {
    const kind = lessonKind(lesson.contentType);
    const started = lesson.lessonstarted;
    const completed = isCompleted(lesson.lesson_Id);
    const current = opened?.lesson_Id === lesson.lesson_Id;
    const locked = lockedText(lesson);
    const body = (
      <>
        <LessonThumb lesson={lesson} />
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium break-words text-slate-800">{lesson.lesson_title}</span>
          <span className="block text-xs text-slate-600">
            {KIND_LABEL[kind]}
            {locked
              ? ` · ${locked}`
              : isViewable(lesson.contentType) || kind === 'quiz'
                ? null
                : ' · not available to view'}
          </span>
        </span>
        {locked ? (
          <LockIcon className="size-4 shrink-0 text-slate-500" />
        ) : completed ? (
          <span className="flex shrink-0 items-center gap-1 text-xs font-semibold text-emerald-800">
            <CheckCircleIcon className="size-4" />
            Completed
          </span>
        ) : started ? (
          <span className="flex shrink-0 items-center gap-1 text-xs font-semibold text-emerald-700">
            <CheckCircleIcon className="size-4" />
            Started
          </span>
        ) : null}
      </>
    );
    const rowClass = cn(
      'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left',
      (started || completed) && 'bg-emerald-50/80',
      current && 'bg-brand-50 ring-1 ring-brand-200 ring-inset',
    );
    return canOpen(lesson) ? (
      <button
        type="button"
        onClick={() => open(lesson)}
        aria-current={current ? 'true' : undefined}
        className={cn(rowClass, !current && 'transition-colors hover:bg-slate-100')}
      >
        {body}
      </button>
    ) : (
      <div className={cn(rowClass, 'opacity-80')}>{body}</div>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <Link
        to={backPath}
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ChevronLeftIcon className="size-4" />
        {backLabel}
      </Link>
      {banner}
      {isSettling ? (
        <LoadingBlock label="Loading lessons..." />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:grid-rows-[auto_auto_1fr] lg:items-start">
          <header className="min-w-0 lg:col-start-1">
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
              {course.course_title}
            </h1>
            <p className="mt-2 line-clamp-3 break-words text-slate-600">{course.course_description}</p>
            {!isPreview && progress.data && progress.data.totalLessons > 0 ? (
              <CourseProgressBar
                completed={progress.data.completedLessons}
                total={progress.data.totalLessons}
                share={progress.data.progress}
                onContinue={nextLesson ? continueCourse : undefined}
              />
            ) : null}
          </header>

          {opened ? (
            <section
              ref={viewerRef}
              aria-labelledby="lesson-title"
              className="flex min-w-0 scroll-mt-24 flex-col gap-3 lg:col-start-1"
            >
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="text-xs font-semibold tracking-wide text-brand-600 uppercase">
                    {KIND_LABEL[lessonKind(opened.contentType)]} lesson
                  </p>
                  <h2 id="lesson-title" className="text-lg font-semibold break-words text-slate-900">
                    {opened.lesson_title}
                  </h2>
                </div>
                <div className="ml-auto flex shrink-0 flex-wrap items-center justify-end gap-2">
                  {isPreview || !progress.isSuccess ? null : isCompleted(opened.lesson_Id) ? (
                    <span className="flex items-center gap-2">
                      <span className="flex items-center gap-1 text-sm font-medium text-emerald-800">
                        <CheckCircleIcon className="size-4" />
                        Completed
                      </span>
                      {completesByMarking(opened.contentType) ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setDone(opened.lesson_Id, false)}
                          disabled={isSavingDone}
                          aria-label={`Undo: mark ${opened.lesson_title} as not done`}
                        >
                          Undo
                        </Button>
                      ) : null}
                    </span>
                  ) : completesByMarking(opened.contentType) ? (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setDone(opened.lesson_Id, true)}
                      isLoading={isSavingDone}
                      loadingText="Saving..."
                    >
                      <CheckIcon className="size-4" />
                      Mark as done
                    </Button>
                  ) : null}
                  {isCompleted(opened.lesson_Id) ? null : isStarting ? (
                    <span role="status" className="flex items-center gap-1.5 text-sm text-slate-500">
                      <Spinner className="size-3.5" />
                      Starting...
                    </span>
                  ) : isStarted(opened.lesson_Id) ? (
                    <span className="flex items-center gap-1 text-sm font-medium text-emerald-700">
                      <CheckCircleIcon className="size-4" />
                      Started
                    </span>
                  ) : null}
                  <button
                    type="button"
                    onClick={() => setOpened(null)}
                    aria-label="Close lesson"
                    title="Close lesson"
                    className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                  >
                    <CloseIcon className="size-5" />
                  </button>
                </div>
              </div>
              {lessonKind(opened.contentType) === 'quiz' ? (
                <Suspense fallback={<LoadingBlock label="Loading quiz..." />}>
                  {!isPreview ? (
                    <StudentQuizLesson
                      key={opened.lesson_Id}
                      lessonId={opened.lesson_Id}
                      onPassed={() => void quizPassed(opened.lesson_Id)}
                    />
                  ) : opened.preview ? (
                    <PreviewQuizLesson key={opened.lesson_Id} lessonId={opened.lesson_Id} />
                  ) : (
                    <Alert tone="info">
                      Students take this quiz here. Its questions and settings are edited from the curriculum.
                    </Alert>
                  )}
                </Suspense>
              ) : (
                // Loaded with the screen: a player loaded apart did not resume where the student left off.
                <LessonViewer
                  key={opened.lesson_Id}
                  lesson={opened}
                  media={media}
                  {...(isPreview ? {} : { onPlay: () => onPlay(opened) })}
                />
              )}
            </section>
          ) : null}

          <aside
            aria-label="Course content"
            className="flex max-h-[1084px] min-w-0 flex-col overflow-y-auto lg:max-h-[min(1084px,calc(100dvh-7rem))] rounded-2xl border border-slate-200/80 bg-white shadow-card lg:sticky lg:top-24 lg:col-start-2 lg:row-span-3 lg:row-start-1"
          >
            <div className="aspect-[21/9] shrink-0 overflow-hidden bg-slate-100 lg:aspect-video">{image}</div>
            <h2 className="border-b border-slate-100 px-4 py-3 font-semibold text-slate-900">
              Course content
            </h2>
            {sections.isError ? (
              <div className="p-4">
                <Alert>
                  {sections.error instanceof ApiError && sections.error.status === 404
                    ? 'This course is not available.'
                    : errorMessage(sections.error, 'The lessons could not be loaded.')}
                </Alert>
              </div>
            ) : list.length === 0 ? (
              <p className="px-4 py-6 text-sm text-slate-500">
                The lessons of this course are being prepared.
              </p>
            ) : (
              <SectionList
                label="Sections"
                sections={list}
                isOpen={isOpen}
                onToggle={toggle}
                renderLesson={renderLesson}
              />
            )}
          </aside>

          <div className="flex min-w-0 flex-col gap-6 lg:col-start-1">
            {opened ? (
              <AboutCourse course={course} />
            ) : (
              <>
                <Alert tone="info">Choose a lesson from the course content to start learning.</Alert>
                <Overview course={course} sections={list} />
              </>
            )}
            {footer}
          </div>
        </div>
      )}
    </div>
  );
};
