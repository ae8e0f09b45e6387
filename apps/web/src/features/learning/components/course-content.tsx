import type { Lesson, Section } from '@skillwise/contracts';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { SectionList } from './section-list';

type CourseContentProps = {
  /** The course image, drawn by the page. */
  image: ReactNode;
  sections: Section[];
  /** Why the lessons could not be loaded, if they could not. */
  error: Error | null;
  isOpen: (sectionId: number) => boolean;
  onToggle: (sectionId: number) => void;
  renderLesson: (lesson: Lesson) => ReactNode;
};

/**
 * SPEC §2.12: the side panel of the course view (at most 1084 px high, scrolling): the image and the
 * sections, one open at a time.
 */
export const CourseContent = ({
  image,
  sections,
  error,
  isOpen,
  onToggle,
  renderLesson,
}: CourseContentProps) => {
  const t = useT();
  return (
    <aside
      aria-label={t('site.learning.courseContent')}
      className="flex max-h-[1084px] min-w-0 flex-col overflow-y-auto lg:max-h-[min(1084px,calc(100dvh-7rem))] rounded-2xl border border-slate-200/80 bg-white shadow-card lg:sticky lg:top-24 lg:col-start-2 lg:row-span-3 lg:row-start-1"
    >
      <div className="aspect-[21/9] shrink-0 overflow-hidden bg-slate-100 lg:aspect-video">{image}</div>
      <h2 className="border-b border-slate-100 px-4 py-3 font-semibold text-slate-900">
        {t('site.learning.courseContent')}
      </h2>
      {error ? (
        <div className="p-4">
          <Alert>
            {error instanceof ApiError && error.status === 404
              ? t('learning.learning.content.unavailable')
              : errorMessage(error, t('learning.learning.content.loadError'))}
          </Alert>
        </div>
      ) : sections.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500">{t('site.learning.preparing')}</p>
      ) : (
        <SectionList
          label={t('site.learning.sections')}
          sections={sections}
          isOpen={isOpen}
          onToggle={onToggle}
          renderLesson={renderLesson}
        />
      )}
    </aside>
  );
};
