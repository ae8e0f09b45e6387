import { SectionHeading } from '@/components/ui/page-header';
import { CourseCatalogue } from '@/features/courses/components/course-catalogue';
import { useCatalogueFilters } from '@/features/courses/hooks/use-catalogue-filters';
import { useSelectCourse } from '@/features/courses/hooks/use-select-course';
import { useT } from '@/lib/i18n/use-t';
import { useUrlListState } from '@/lib/paging';

/** SPEC §2.3: the public catalogue. */
export const CoursesPage = () => {
  const t = useT();
  const list = useUrlListState();
  const filters = useCatalogueFilters();
  const selectCourse = useSelectCourse();
  return (
    <>
      <section className="border-b border-slate-200/70 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
          <SectionHeading
            level={1}
            eyebrow={t('site.siteRoutes.courses.eyebrow')}
            title={t('site.siteRoutes.courses.title')}
            text={t('site.siteRoutes.courses.intro')}
          />
        </div>
      </section>
      <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <CourseCatalogue list={list} filters={filters} onSelect={selectCourse} />
      </div>
    </>
  );
};
