import { MSG, PAGE_SIZES } from '@skillwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { useListPager } from '@/components/ui/data-list';
import { BookIcon } from '@/components/ui/drawn-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { RequestRefund } from '@/features/payments';
import { useListState } from '@/lib/paging';
import { storage } from '@/lib/storage';
import { courseKeys, useAssignedCourses } from '../api/courses';
import { CourseCard } from './course-card';
import { CourseCardList } from './course-card-list';

type AssignedCoursesProps = { browsePath: string; onSelect: (courseId: number) => void };

const PAGE_SIZE = PAGE_SIZES.myCourses;

/** SPEC §2.12 My Courses: the student's enrolled courses with 'Search courses...', searched and paged on the server. */
export const AssignedCourses = ({ browsePath, onSelect }: AssignedCoursesProps) => {
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const queryClient = useQueryClient();
  const courses = useAssignedCourses(storage.get('userId') ?? '', { page, pageSize: PAGE_SIZE, search });
  const total = courses.data?.total ?? 0;
  const pager = useListPager({ page, setPage }, courses, {
    label: 'My courses pages',
    pageSize: PAGE_SIZE,
    noun: ['course', 'courses'],
  });

  return (
    <CourseCardList
      query={courses}
      search={{ label: 'Search courses...', value: searchText, onChange: setSearchText }}
      // The cards' titles are third-level headings: this keeps the outline in order for screen readers.
      filters={<h2 className="sr-only">Your enrolled courses</h2>}
      errorText={() => MSG.errorFetchingCourses}
      empty={
        total === 0 && search === '' ? (
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
      card={(course) => (
        <CourseCard
          course={course}
          onSelect={onSelect}
          aside={
            <span className="shrink-0 text-sm font-semibold text-emerald-700">{course.progress} done</span>
          }
          footer={
            <RequestRefund
              course={course}
              onAnswered={() => void queryClient.invalidateQueries({ queryKey: courseKeys.all })}
            />
          }
        />
      )}
      pager={pager}
    />
  );
};
