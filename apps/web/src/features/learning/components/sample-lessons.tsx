import { useMemo, useState } from 'react';
import { Card, CardTitle } from '@/components/ui/card';
import { ContentTypeIcon } from '@/components/ui/content-type-icon';
import { PlayIcon } from '@/components/ui/drawn-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { LessonViewer, type ViewableLesson } from './lesson-viewer';

/**
 * SPEC §2.12 lesson viewer (coursePage): a static sample list, served with the app (public/samples); each
 * title a catalogue key.
 */
export const SAMPLE_LESSONS: Array<Omit<ViewableLesson, 'lesson_title'> & { lesson_title: MessageId }> = [
  {
    lesson_Id: -1,
    lesson_title: 'learning.learning.sample.welcome',
    contentType: 'video',
    content_path: '/samples/sample-lesson.mp4',
  },
  {
    lesson_Id: -2,
    lesson_title: 'learning.learning.sample.handout',
    contentType: 'pdf',
    content_path: '/samples/sample-lesson.pdf',
  },
  {
    lesson_Id: -3,
    lesson_title: 'learning.learning.sample.recap',
    contentType: 'audio',
    content_path: '/samples/sample-lesson.mp3',
  },
];

/** The samples are plain files: there is no fresh URL to ask for. */
const sameUrl = async (lessonId: number) =>
  SAMPLE_LESSONS.find((lesson) => lesson.lesson_Id === lessonId)?.content_path ?? null;

export const SampleLessons = () => {
  const t = useT();
  const lessons: ViewableLesson[] = useMemo(
    () => SAMPLE_LESSONS.map((lesson) => ({ ...lesson, lesson_title: t(lesson.lesson_title) })),
    [t],
  );
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = lessons.find((lesson) => lesson.lesson_Id === selectedId) ?? null;
  return (
    <div className="grid gap-6 lg:grid-cols-[300px_minmax(0,1fr)] lg:items-start">
      <Card className="p-2">
        <h2 className="px-3 pt-2 pb-1 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t('learning.learning.sample.lessons')}
        </h2>
        <ul aria-label={t('learning.learning.sample.listLabel')} className="flex flex-col gap-1">
          {lessons.map((lesson) => {
            const current = selected?.lesson_Id === lesson.lesson_Id;
            return (
              <li key={lesson.lesson_Id}>
                <button
                  type="button"
                  onClick={() => setSelectedId(lesson.lesson_Id)}
                  aria-current={current ? 'true' : undefined}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm font-medium text-slate-800 transition-colors',
                    current ? 'bg-brand-50 ring-1 ring-brand-200 ring-inset' : 'hover:bg-slate-100',
                  )}
                >
                  <ContentTypeIcon contentType={lesson.contentType} className="size-8 text-base" />
                  {lesson.lesson_title}
                </button>
              </li>
            );
          })}
        </ul>
      </Card>
      <section aria-label={t('learning.learning.sample.contentLabel')} className="min-w-0">
        {selected ? (
          <Card className="flex flex-col gap-4 p-4 sm:p-6">
            <CardTitle>{selected.lesson_title}</CardTitle>
            <LessonViewer lesson={selected} fetchFreshUrl={sameUrl} />
          </Card>
        ) : (
          <EmptyState icon={<PlayIcon />} title={t('learning.learning.sample.choose')} />
        )}
      </section>
    </div>
  );
};
