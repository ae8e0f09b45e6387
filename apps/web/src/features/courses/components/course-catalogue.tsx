import { MSG, PAGE_SIZES } from '@skillwise/contracts';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { ArrowRightIcon, BookIcon } from '@/components/ui/drawn-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { pageSummary } from '@/components/ui/list-pager';
import { Pagination } from '@/components/ui/pagination';
import { SearchInput } from '@/components/ui/search-input';
import { isPageGone, type ListState, pageCountFor, useClampedPage } from '@/lib/paging';
import { useCatalogue } from '../api/courses';
import type { CatalogueFilterState } from '../hooks/use-catalogue-filters';
import { hasFilters, NO_FILTERS } from '../lib/catalogue-filters';
import { CatalogueFilters } from './catalogue-filters';
import { CourseCard } from './course-card';
import { CourseGrid } from './course-grid';

const PAGE_SIZE = PAGE_SIZES.catalogue;

type CourseCatalogueProps = {
  /** The search and page, kept by the route (in the URL, so a search is linkable). */
  list: ListState;
  onSelect: (courseId: number) => void;
  /** Courses the signed-in student owns: their cards say 'Go to course' instead of the price. */
  ownedIds?: ReadonlySet<number>;
  /** The category, price and order, kept by the route (in the URL); without them, no such controls. */
  filters?: CatalogueFilterState;
  /** A school's site address: only that school's courses (docs/decisions/040). */
  school?: string;
};

const GoToCourse = () => (
  <span className="flex shrink-0 items-center gap-1 text-sm font-semibold text-emerald-700">
    Go to course
    <ArrowRightIcon className="size-4" />
  </span>
);

/**
 * SPEC §2.3: the public catalogue with its search ('Search By Class Name': the title, and also the
 * description, the author and the category), its category, price and order (docs/decisions/020). The
 * server searches and answers one page at a time (DESIGN 10); the previous page stays on screen while the
 * next loads.
 */
export const CourseCatalogue = ({ list, onSelect, ownedIds, filters, school }: CourseCatalogueProps) => {
  const { searchText, setSearchText, search, page, setPage } = list;
  const chosen = filters?.filters ?? NO_FILTERS;
  const catalogue = useCatalogue({ page, pageSize: PAGE_SIZE, search }, chosen, school);
  const top = useRef<HTMLDivElement>(null);
  const courses = catalogue.data?.rows ?? [];
  const total = catalogue.data?.total ?? 0;
  useClampedPage(page, PAGE_SIZE, catalogue, setPage);

  const changePage = (next: number) => {
    setPage(next);
    top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  return (
    <div ref={top} className="flex scroll-mt-20 flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          label="Search By Class Name"
          value={searchText}
          onChange={setSearchText}
          className="sm:max-w-md"
        />
        {total > 0 ? (
          <p className="shrink-0 text-sm text-slate-500" aria-live="polite">
            {pageSummary(page, PAGE_SIZE, total, ['course', 'courses'])}
          </p>
        ) : null}
      </div>
      {filters ? <CatalogueFilters {...filters} /> : null}
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 for screen readers. */}
      <h2 className="sr-only">Courses</h2>
      <CourseGrid
        isLoading={catalogue.isPending || isPageGone(catalogue.data)}
        errorMessage={catalogue.error?.message}
        isEmpty={courses.length === 0}
        isUpdating={catalogue.isPlaceholderData}
        skeletons={8}
        empty={
          filters && hasFilters(chosen) ? (
            <EmptyState
              icon={<BookIcon />}
              title={MSG.noCoursesFoundList}
              hint="No course matches these filters."
              action={
                <Button variant="outline" onClick={() => filters.setFilters(NO_FILTERS)}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState icon={<BookIcon />} title={MSG.noCoursesFoundList} />
          )
        }
      >
        {courses.map((course) => (
          <CourseCard
            key={course.course_Id}
            course={course}
            onSelect={onSelect}
            aside={ownedIds?.has(course.course_Id) ? <GoToCourse /> : undefined}
          />
        ))}
      </CourseGrid>
      <div className="flex justify-center">
        <Pagination
          label="Courses pages"
          pageCount={pageCountFor(total, PAGE_SIZE)}
          page={page - 1}
          onPageChange={(selected) => changePage(selected + 1)}
        />
      </div>
    </div>
  );
};
