import { PAGE_SIZES } from '@skillwise/contracts';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useListPager } from '@/components/ui/data-list';
import { ArrowRightIcon, BookIcon } from '@/components/ui/drawn-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { useT } from '@/lib/i18n/use-t';
import type { ListState } from '@/lib/paging';
import { useCatalogue } from '../api/courses';
import type { CatalogueFilterState } from '../hooks/use-catalogue-filters';
import { hasFilters, NO_FILTERS } from '../lib/catalogue-filters';
import { CatalogueFilters } from './catalogue-filters';
import { CourseCard } from './course-card';
import { CourseCardList } from './course-card-list';

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

const GoToCourse = () => {
  const t = useT();
  return (
    <span className="flex shrink-0 items-center gap-1 text-sm font-semibold text-emerald-700">
      {t('site.courses.goToCourse')}
      <ArrowRightIcon className="size-4" />
    </span>
  );
};

/**
 * SPEC §2.3: the public catalogue with its search ('Search By Class Name': the title, and also the
 * description, the author and the category), its category, price and order (docs/decisions/020). The
 * server searches and answers one page at a time (DESIGN 10); the previous page stays on screen while the
 * next loads.
 */
export const CourseCatalogue = ({ list, onSelect, ownedIds, filters, school }: CourseCatalogueProps) => {
  const t = useT();
  const { searchText, setSearchText, search, page, setPage } = list;
  const chosen = filters?.filters ?? NO_FILTERS;
  const catalogue = useCatalogue({ page, pageSize: PAGE_SIZE, search }, chosen, school);
  const top = useRef<HTMLDivElement>(null);

  const changePage = (next: number) => {
    setPage(next);
    top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };
  const pager = useListPager({ page, setPage }, catalogue, {
    label: t('site.courses.pages'),
    pageSize: PAGE_SIZE,
    noun: [t('site.courses.noun.one'), t('site.courses.noun.other')],
    onPageChange: changePage,
    summary: 'toolbar',
  });

  return (
    <div ref={top} className="scroll-mt-20">
      <CourseCardList
        query={catalogue}
        search={{ label: t('site.courses.search'), value: searchText, onChange: setSearchText }}
        filters={
          <>
            {filters ? <CatalogueFilters {...filters} /> : null}
            {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 for screen readers. */}
            <h2 className="sr-only">{t('site.courses.list.label')}</h2>
          </>
        }
        // SPEC §2.3: a load error shows its message.
        errorText={(error) => (error instanceof Error ? error.message : t('common.msg.errorFetchingCourses'))}
        skeletons={8}
        empty={
          filters && hasFilters(chosen) ? (
            <EmptyState
              icon={<BookIcon />}
              title={t('common.msg.noCoursesFoundList')}
              hint={t('site.courses.noMatch')}
              action={
                <Button variant="outline" onClick={() => filters.setFilters(NO_FILTERS)}>
                  {t('site.courses.filters.clear')}
                </Button>
              }
            />
          ) : (
            <EmptyState icon={<BookIcon />} title={t('common.msg.noCoursesFoundList')} />
          )
        }
        card={(course) => (
          <CourseCard
            course={course}
            onSelect={onSelect}
            aside={ownedIds?.has(course.course_Id) ? <GoToCourse /> : undefined}
          />
        )}
        pager={pager}
      />
    </div>
  );
};
