import { type Lesson, lessonKind } from '@skillwise/contracts';
import { lazy, Suspense, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card, CardTitle } from '@/components/ui/card';
import { Chip } from '@/components/ui/chip';
import { ContentTypeIcon } from '@/components/ui/content-type-icon';
import { LockIcon, PlayIcon } from '@/components/ui/drawn-icons';
import { LoadingBlock } from '@/components/ui/spinner';
import { loadPreviewQuiz } from '@/features/quizzes';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { usePreviewSections } from '../api/learning';
import { useOpenSection } from '../hooks/use-open-section';
import { isViewable, playerSpace } from '../lib/viewable';
import { lessonsLabel, SectionList } from './section-list';

/**
 * The player's code comes with the player, not with the course page (docs/BENCHMARKS.md, the first
 * page): it is fetched when the visitor points at the preview or picks a lesson, and shown when they ask.
 */
const loadViewer = () => import('./lesson-viewer');
const LessonViewer = lazy(() => loadViewer().then((module) => ({ default: module.LessonViewer })));
const PreviewQuizLesson = lazy(() =>
  loadPreviewQuiz().then((module) => ({ default: module.PreviewQuizLesson })),
);

const PreviewTag = () => {
  const t = useT();
  return <Chip tone="brand">{t('site.learning.preview.tag')}</Chip>;
};

const START_LABELS: Record<string, MessageId> = {
  video: 'site.learning.preview.start.video',
  audio: 'site.learning.preview.start.audio',
  pdf: 'site.learning.preview.start.pdf',
  text: 'site.learning.preview.start.text',
  quiz: 'site.learning.preview.start.quiz',
};

/**
 * The preview player. Until the visitor asks for it, its place holds one button (the player's code and
 * the lesson's media load only then): most visitors read the page without playing anything.
 */
const PreviewPlayer = ({
  lesson,
  started,
  onStart,
}: {
  lesson: Lesson;
  started: boolean;
  onStart: () => void;
}) => {
  const t = useT();
  const kind = lessonKind(lesson.contentType);
  const load = kind === 'quiz' ? loadPreviewQuiz : loadViewer;
  if (started) {
    return (
      <Suspense fallback={<div aria-hidden="true" className={playerSpace(lesson.contentType)} />}>
        {kind === 'quiz' ? (
          <PreviewQuizLesson lessonId={lesson.lesson_Id} />
        ) : (
          <LessonViewer lesson={lesson} autoPlay />
        )}
      </Suspense>
    );
  }
  const poster = kind === 'video' ? lesson.video?.poster_url : null;
  return (
    <div
      className={cn(
        playerSpace(lesson.contentType),
        'relative flex items-center justify-center overflow-hidden',
        kind === 'video' && 'bg-gradient-to-br from-slate-900 to-slate-800',
      )}
    >
      {poster ? (
        // The video's poster frame, at the width the player is shown at (decorative: the button names it).
        <img
          src={poster}
          srcSet={lesson.video?.poster_srcset ?? undefined}
          sizes="(min-width: 1024px) 800px, 100vw"
          alt=""
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
      <button
        type="button"
        onClick={onStart}
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        className="relative flex items-center gap-3 rounded-full bg-white px-5 py-3 text-sm font-semibold text-slate-900 shadow-lg ring-1 ring-slate-200 transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-brand-600 text-white">
          <PlayIcon className="size-4" />
        </span>
        {t(START_LABELS[kind] ?? 'site.learning.preview.start.video')}
      </button>
    </div>
  );
};

/**
 * A preview lesson the visitor may open: flagged preview, with a file, of a kind the player shows; or a
 * preview quiz, tried without anything stored (docs/decisions/033).
 */
const canPreview = (lesson: Lesson) =>
  lesson.preview &&
  ((lesson.content_path !== null && isViewable(lesson.contentType)) ||
    lessonKind(lesson.contentType) === 'quiz');

/**
 * SPEC §2.4: the published curriculum, icons by content type and a Preview tag on preview lessons, with
 * a player for those (GET courseSections/GetCourseSectionsByCourseIdForPreview, no token needed).
 */
export const CoursePreview = ({ courseId }: { courseId: number }) => {
  const t = useT();
  const sections = usePreviewSections(courseId);
  const list = sections.data ?? [];
  const previews = list.flatMap((section) => section.lessons.filter(canPreview));
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [started, setStarted] = useState(false);
  const playing = previews.find((lesson) => lesson.lesson_Id === chosenId) ?? previews[0];
  const { isOpen, toggle } = useOpenSection(list[0]?.section_Id ?? null);
  const lessonCount = list.reduce((total, section) => total + section.lessons.length, 0);

  const choose = (lesson: Lesson) => {
    setChosenId(lesson.lesson_Id);
    setStarted(true);
    document.getElementById('course-preview-player')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-end justify-between gap-2 border-b border-slate-100 px-6 py-5">
        <CardTitle>{t('site.learning.courseContent')}</CardTitle>
        {list.length > 0 ? (
          <p className="text-sm text-slate-500">
            {t('site.learning.preview.sectionCount', { count: list.length })} · {lessonsLabel(lessonCount)}
          </p>
        ) : null}
      </div>
      {sections.isPending ? (
        <LoadingBlock label={t('site.learning.preview.loading')} />
      ) : sections.isError ? (
        <div className="p-6">
          <Alert>{errorMessage(sections.error, t('site.learning.preview.loadError'))}</Alert>
        </div>
      ) : list.length === 0 ? (
        <p className="px-6 py-8 text-sm text-slate-500">{t('site.learning.preparing')}</p>
      ) : (
        <>
          {playing ? (
            <section
              id="course-preview-player"
              aria-label={t('site.learning.preview.free')}
              className="flex flex-col gap-3 border-b border-slate-100 bg-slate-50/60 p-4 sm:p-6"
            >
              <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                <PlayIcon className="size-4 text-brand-600" />
                <span className="min-w-0 break-words">
                  {t('site.learning.preview.playing', { title: playing.lesson_title })}
                </span>
              </p>
              <PreviewPlayer lesson={playing} started={started} onStart={() => setStarted(true)} />
            </section>
          ) : null}
          <SectionList
            label={t('site.learning.sections')}
            sections={list}
            isOpen={isOpen}
            onToggle={toggle}
            renderLesson={(lesson) => {
              const previewable = canPreview(lesson);
              const body = (
                <>
                  <ContentTypeIcon contentType={lesson.contentType} className="size-8 text-base" />
                  <span className="min-w-0 flex-1 text-sm break-words text-slate-700">
                    {lesson.lesson_title}
                  </span>
                  {lesson.preview ? <PreviewTag /> : null}
                  {previewable ? null : <LockIcon className="size-4 shrink-0 text-slate-300" />}
                </>
              );
              const rowClass = 'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start';
              return previewable ? (
                <button
                  type="button"
                  onClick={() => choose(lesson)}
                  aria-current={playing?.lesson_Id === lesson.lesson_Id ? 'true' : undefined}
                  className={cn(
                    rowClass,
                    'transition-colors hover:bg-brand-50',
                    playing?.lesson_Id === lesson.lesson_Id && 'bg-brand-50',
                  )}
                >
                  {body}
                </button>
              ) : (
                <div className={rowClass}>{body}</div>
              );
            }}
          />
        </>
      )}
    </Card>
  );
};
