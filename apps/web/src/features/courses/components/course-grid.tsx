import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { useT } from '@/lib/i18n/use-t';
import { CourseCardSkeleton } from './course-card';

export const GRID_CLASSES = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** Grey cards in the grid's place while the courses load. */
export const CourseGridSkeleton = ({ count = 4 }: { count?: number | undefined }) => {
  const t = useT();
  return (
    <div className={GRID_CLASSES} role="status" aria-label={t('site.courses.loading')}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
        <CourseCardSkeleton key={index} />
      ))}
    </div>
  );
};

type CourseGridProps = {
  isLoading: boolean;
  /** SPEC §2.3: a load error shows its message above the grid. */
  errorMessage?: string | null;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
};

/** A grid of course cards that is not paged (the landing page's featured courses) with its states. */
export const CourseGrid = ({ isLoading, errorMessage, isEmpty, empty, children }: CourseGridProps) => (
  <div className="flex flex-col gap-5">
    {errorMessage ? <Alert>{errorMessage}</Alert> : null}
    {isLoading ? (
      <CourseGridSkeleton />
    ) : isEmpty ? (
      // A list that failed to load is not an empty list: the error alone says what happened.
      errorMessage ? null : (
        empty
      )
    ) : (
      <div className={GRID_CLASSES}>{children}</div>
    )}
  </div>
);
