import { MSG } from '@skillwise/contracts';
import { EmptyState } from '@/components/ui/empty-state';
import { BookIcon } from '@/components/ui/icons';
import { SearchInput } from '@/components/ui/search-input';
import { matchesTitle } from '@/lib/format';
import { useCatalogue } from '../api/courses';
import { CourseCard } from './course-card';
import { CourseGrid } from './course-grid';

type CourseCatalogueProps = {
  search: string;
  onSearchChange: (search: string) => void;
  onSelect: (courseId: number) => void;
};

/** SPEC §2.3: the public catalogue with its title search ('Search By Class Name'). */
export const CourseCatalogue = ({ search, onSearchChange, onSelect }: CourseCatalogueProps) => {
  const catalogue = useCatalogue();
  const courses = (catalogue.data ?? []).filter((course) => matchesTitle(course.course_title, search));
  return (
    <div className="flex flex-col gap-6">
      <SearchInput
        label="Search By Class Name"
        value={search}
        onChange={onSearchChange}
        className="sm:max-w-md"
      />
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 for screen readers. */}
      <h2 className="sr-only">Courses</h2>
      <CourseGrid
        isLoading={catalogue.isPending}
        errorMessage={catalogue.error?.message}
        isEmpty={courses.length === 0}
        skeletons={8}
        empty={<EmptyState icon={<BookIcon />} title={MSG.noCoursesFoundList} />}
      >
        {courses.map((course) => (
          <CourseCard key={course.course_Id} course={course} onSelect={onSelect} />
        ))}
      </CourseGrid>
    </div>
  );
};
