import { PAGE_SIZES } from '@skillwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { useListPager } from '@/components/ui/data-list';
import { BookIcon } from '@/components/ui/drawn-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { RequestRefund } from '@/features/payments';
import { useT } from '@/lib/i18n/use-t';
import { useListState } from '@/lib/paging';
import { storage } from '@/lib/storage';
import { courseKeys, useAssignedCourses } from '../api/courses';
import { CourseCard } from './course-card';
import { CourseCardList } from './course-card-list';

type AssignedCoursesProps = { browsePath: string; onSelect: (courseId: number) => void };

const PAGE_SIZE = PAGE_SIZES.myCourses;

/** SPEC §2.12 My Courses: the student's enrolled courses with 'Search courses...', searched and paged on the server. */
export const AssignedCourses = ({ browsePath, onSelect }: AssignedCoursesProps) => {
  const t = useT();
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const queryClient = useQueryClient();
  const courses = useAssignedCourses(storage.get('userId') ?? '', { page, pageSize: PAGE_SIZE, search });
  const total = courses.data?.total ?? 0;
  const pager = useListPager({ page, setPage }, courses, {
    label: t('learning.courses.mine.pages'),
    pageSize: PAGE_SIZE,
    noun: [t('site.courses.noun.one'), t('site.courses.noun.other')],
  });

  return (
    <CourseCardList
      query={courses}
      search={{ label: t('learning.courses.mine.search'), value: searchText, onChange: setSearchText }}
      // The cards' titles are third-level headings: this keeps the outline in order for screen readers.
      filters={<h2 className="sr-only">{t('learning.courses.mine.heading')}</h2>}
      errorText={() => t('common.msg.errorFetchingCourses')}
      empty={
        total === 0 && search === '' ? (
          <EmptyState
            icon={<BookIcon />}
            title={t('learning.courses.mine.none')}
            hint={t('learning.courses.mine.noneHint')}
            action={
              <Link to={browsePath} className={buttonClassName()}>
                {t('site.courses.browse')}
              </Link>
            }
          />
        ) : (
          <EmptyState
            icon={<BookIcon />}
            title={t('common.msg.noCoursesFoundList')}
            hint={t('site.courses.tryAnotherTitle')}
          />
        )
      }
      card={(course) => (
        <CourseCard
          course={course}
          onSelect={onSelect}
          aside={
            <span className="shrink-0 text-sm font-semibold text-emerald-700">
              {t('learning.courses.mine.done', { progress: course.progress })}
            </span>
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
