import type { Lesson, SavedLessonProgress, Section } from '@skillwise/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { ChevronLeftIcon } from '@/components/ui/drawn-icons';
import { LoadingBlock } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/use-t';
import { useCourseSections } from '../api/learning';
import { useLessonProgress } from '../hooks/use-lesson-progress';
import { useOpenSection } from '../hooks/use-open-section';
import type { LearningCourse } from '../lib/overview';
import { canOpenLesson } from '../lib/viewable';
import { CourseContent } from './course-content';
import { AboutCourse, CourseOverview } from './course-overview';
import { CourseProgressBar } from './course-progress-bar';
import { LessonRow } from './lesson-row';
import { OpenedLesson } from './opened-lesson';

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

/**
 * SPEC §2.12 course view of an enrolled student: title and description; a side panel with the image and
 * the sections, one open at a time; a lesson (video, PDF, audio or text) opens in the viewer with 'About
 * this Course' below. A video's or audio lesson's first play records the lesson as started. The
 * publisher's preview (isPreview) shows the same view. The view is drawn once the lessons and the
 * student's progress have answered (both asked for at once), so neither the progress bar nor the list
 * moves what is already on the screen.
 */
export const CourseLearning = ({
  courseId,
  course,
  backPath,
  backLabel,
  image,
  isPreview = false,
  initialLessonId = null,
  banner,
  footer,
  onCompletionChange,
}: CourseLearningProps) => {
  const t = useT();
  const sections = useCourseSections(courseId);
  // The course's staff are answered every section and lesson: the preview keeps what students see.
  const list = isPreview ? studentVisibleSections(sections.data ?? []) : (sections.data ?? []);
  const lessons = list.flatMap((section) => section.lessons);
  const initialLesson =
    initialLessonId === null ? undefined : lessons.find((lesson) => lesson.lesson_Id === initialLessonId);
  const {
    isOpen,
    toggle,
    open: openSection,
  } = useOpenSection(initialLesson?.section_Id ?? list[0]?.section_Id ?? null);
  // The lesson as it was when opened: a refetched list carries new signed URLs, which must not reload it.
  const [opened, setOpened] = useState<Lesson | null>(null);
  const viewerRef = useRef<HTMLElement>(null);
  const openedInitial = useRef(false);
  const tracking = useLessonProgress({
    courseId,
    lessons,
    opened,
    isPreview,
    givesCertificate: course.certificate,
    onCompletionChange,
  });
  const { progress, nextLesson } = tracking;
  const isSettling = sections.isPending || (!isPreview && progress.isPending);

  const open = (lesson: Lesson) => {
    setOpened(lesson);
    requestAnimationFrame(() => viewerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' }));
  };

  /** Continue: the next lesson, its section opened. */
  const continueCourse = () => {
    if (!nextLesson) return;
    openSection(nextLesson.section_Id);
    open(nextLesson);
  };

  // A preview opened on one lesson shows it as soon as the list is there.
  useEffect(() => {
    if (openedInitial.current || !initialLesson || !canOpenLesson(initialLesson)) return;
    openedInitial.current = true;
    setOpened(initialLesson);
  }, [initialLesson]);

  return (
    <div className="flex flex-col gap-6">
      <Link
        to={backPath}
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ChevronLeftIcon className="size-4" />
        {backLabel ?? t('common.nav.myCourses')}
      </Link>
      {banner}
      {isSettling ? (
        <LoadingBlock label={t('learning.learning.loadingLessons')} />
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
            <OpenedLesson
              lesson={opened}
              isPreview={isPreview}
              tracking={tracking}
              onClose={() => setOpened(null)}
              viewerRef={viewerRef}
            />
          ) : null}

          <CourseContent
            image={image}
            sections={list}
            error={sections.isError ? sections.error : null}
            isOpen={isOpen}
            onToggle={toggle}
            renderLesson={(lesson) => (
              <LessonRow
                lesson={lesson}
                isCompleted={tracking.isCompleted(lesson.lesson_Id)}
                isCurrent={opened?.lesson_Id === lesson.lesson_Id}
                onOpen={open}
              />
            )}
          />

          <div className="flex min-w-0 flex-col gap-6 lg:col-start-1">
            {opened ? (
              <AboutCourse course={course} />
            ) : (
              <>
                <Alert tone="info">{t('learning.learning.chooseLesson')}</Alert>
                <CourseOverview course={course} sections={list} />
              </>
            )}
            {footer}
          </div>
        </div>
      )}
    </div>
  );
};
