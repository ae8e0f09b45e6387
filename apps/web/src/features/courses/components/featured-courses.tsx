import { FEATURED_COURSES } from '@skillwise/contracts';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { ArrowRightIcon, BookIcon } from '@/components/ui/drawn-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { SectionHeading } from '@/components/ui/page-header';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { useCatalogue } from '../api/courses';
import { CourseCard } from './course-card';
import { CourseGrid } from './course-grid';

/** SPEC §2.2: the first 8 courses of the catalogue, the first page the server answers. */
export const FeaturedCourses = ({ onSelect }: { onSelect: (courseId: number) => void }) => {
  const t = useT();
  const catalogue = useCatalogue({ page: 1, pageSize: FEATURED_COURSES });
  const courses = catalogue.data?.rows.slice(0, FEATURED_COURSES) ?? [];
  return (
    <section
      aria-labelledby="featured-courses"
      className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24"
    >
      <div className="mb-10 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <SectionHeading
            id="featured-courses"
            eyebrow={t('site.courses.featured.eyebrow')}
            title={t('site.courses.featured.title')}
            text={t('site.courses.featured.text')}
          />
        </div>
        <Link
          to={paths.courses}
          className={buttonClassName({ variant: 'outline', className: 'self-start sm:self-auto' })}
        >
          {t('site.courses.featured.viewAll')}
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
      <CourseGrid
        isLoading={catalogue.isPending}
        errorMessage={catalogue.error?.message}
        isEmpty={courses.length === 0}
        empty={
          <EmptyState
            icon={<BookIcon />}
            title={t('common.msg.noCoursesFound')}
            hint={t('common.msg.noCoursesFoundHint')}
          />
        }
      >
        {courses.map((course) => (
          <CourseCard key={course.course_Id} course={course} onSelect={onSelect} />
        ))}
      </CourseGrid>
    </section>
  );
};
