import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import { CourseCardSkeleton } from './course-card';

type CourseGridProps = {
  isLoading: boolean;
  /** SPEC §2.3: a load error shows its message above the grid. */
  errorMessage?: string | null;
  isEmpty: boolean;
  empty: ReactNode;
  skeletons?: number;
  /** The cards are the previous page's while the next one loads: they stay, dimmed. */
  isUpdating?: boolean;
  children: ReactNode;
};

export const GRID_CLASSES = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** A responsive grid of course cards with its loading, error and empty states. */
export const CourseGrid = ({
  isLoading,
  errorMessage,
  isEmpty,
  empty,
  skeletons = 4,
  isUpdating = false,
  children,
}: CourseGridProps) => (
  <div className="flex flex-col gap-5">
    {errorMessage ? <Alert>{errorMessage}</Alert> : null}
    {isLoading ? (
      <div className={GRID_CLASSES} role="status" aria-label="Loading courses">
        {Array.from({ length: skeletons }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
          <CourseCardSkeleton key={index} />
        ))}
      </div>
    ) : isEmpty ? (
      // A list that failed to load is not an empty list: the error alone says what happened.
      errorMessage ? null : (
        empty
      )
    ) : (
      <div
        className={cn(GRID_CLASSES, isUpdating && 'opacity-60 transition-opacity')}
        aria-busy={isUpdating || undefined}
      >
        {children}
      </div>
    )}
  </div>
);
