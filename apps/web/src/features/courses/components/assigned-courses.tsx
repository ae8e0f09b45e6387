import { MSG } from '@skillwise/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BookIcon } from '@/components/ui/icons';
import { SearchInput } from '@/components/ui/search-input';
import { matchesTitle } from '@/lib/format';
import { storage } from '@/lib/storage';
import { useAssignedCourses } from '../api/courses';
import { CourseCard } from './course-card';
import { CourseGrid } from './course-grid';

type AssignedCoursesProps = { browsePath: string; onSelect: (courseId: number) => void };

/** SPEC §2.12 My Courses: the student's enrolled courses with 'Search courses...'. */
export const AssignedCourses = ({ browsePath, onSelect }: AssignedCoursesProps) => {
  const [search, setSearch] = useState('');
  const courses = useAssignedCourses(storage.get('userId') ?? '');
  const all = courses.data ?? [];
  const shown = all.filter((course) => matchesTitle(course.course_title, search));

  return (
    <div className="flex flex-col gap-6">
      <SearchInput label="Search courses..." value={search} onChange={setSearch} className="sm:max-w-md" />
      {/* The cards' titles are third-level headings: this keeps the outline in order for screen readers. */}
      <h2 className="sr-only">Your enrolled courses</h2>
      <CourseGrid
        isLoading={courses.isPending}
        errorMessage={courses.isError ? MSG.errorFetchingCourses : null}
        isEmpty={shown.length === 0}
        empty={
          all.length === 0 ? (
            <EmptyState
              icon={<BookIcon />}
              title="You are not enrolled in any course yet"
              hint="Browse the catalogue and pick a course to start learning."
              action={
                <Link to={browsePath} className={buttonClassName()}>
                  Browse courses
                </Link>
              }
            />
          ) : (
            <EmptyState icon={<BookIcon />} title={MSG.noCoursesFoundList} hint="Try another title." />
          )
        }
      >
        {shown.map((course) => (
          <CourseCard
            key={course.course_Id}
            course={course}
            onSelect={onSelect}
            aside={
              <span className="shrink-0 text-sm font-semibold text-emerald-700">{course.progress} done</span>
            }
          />
        ))}
      </CourseGrid>
    </div>
  );
};
