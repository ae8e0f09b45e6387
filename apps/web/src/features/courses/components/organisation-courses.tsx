import { type CourseListItem, PAGE_SIZES, TRUNCATE } from '@skillwise/contracts';
import { Button, RowButton } from '@/components/ui/button';
import { PublishedChip } from '@/components/ui/chip';
import { useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { BookIcon, PlusSquareIcon } from '@/components/ui/icons';
import { truncate } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { useListState } from '@/lib/paging';
import { storage } from '@/lib/storage';
import { useOrganisationCourses } from '../api/courses';
import { CourseCardList } from './course-card-list';
import { CourseImage } from './course-image';

const OrganisationCourseCard = ({
  course,
  onSeeDetails,
}: {
  course: CourseListItem;
  onSeeDetails: (courseId: number) => void;
}) => {
  const t = useT();
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-card">
      <div className="relative aspect-video overflow-hidden bg-slate-100">
        <CourseImage src={course.course_image} alt="" />
        <PublishedChip published={course.published} className="absolute top-3 inset-s-3 shadow-sm" />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h2 className="line-clamp-2 text-base font-semibold text-slate-900">{course.course_title}</h2>
        <p className="mt-1.5 mb-4 text-sm break-words text-slate-500">
          {truncate(course.course_description, TRUNCATE.cardDescription)}
        </p>
        <RowButton
          variant="secondary"
          className="mt-auto self-start"
          label={t('admin.courses.seeDetailsOf', { title: course.course_title })}
          onClick={() => onSeeDetails(course.course_Id)}
        >
          {t('admin.courses.seeDetails')}
        </RowButton>
      </div>
    </article>
  );
};

type OrganisationCoursesProps = {
  onSeeDetails: (courseId: number) => void;
  onCreateCourse: () => void;
};

const PAGE_SIZE = PAGE_SIZES.orgCourses;

/** SPEC §2.13 My Course: the organisation's courses, searched by title and paged on the server. */
export const OrganisationCourses = ({ onSeeDetails, onCreateCourse }: OrganisationCoursesProps) => {
  const t = useT();
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const orgId = storage.get('orgId') ?? '';
  const courses = useOrganisationCourses(orgId, { page, pageSize: PAGE_SIZE, search });
  const total = courses.data?.total ?? 0;
  const pager = useListPager({ page, setPage }, courses, {
    label: t('site.courses.pages'),
    pageSize: PAGE_SIZE,
    noun: 'site.courses.rowCount',
  });
  const hasNone = total === 0 && search === '';

  return (
    <CourseCardList
      query={courses}
      search={{ label: t('site.courses.search'), value: searchText, onChange: setSearchText }}
      errorText={t('admin.courses.loadFailed')}
      empty={
        hasNone ? (
          <EmptyState
            icon={<BookIcon />}
            title={t('admin.courses.none')}
            hint={t('admin.courses.noneHint')}
            action={
              <Button leftIcon={<PlusSquareIcon className="size-4" />} onClick={onCreateCourse}>
                {t('admin.courses.create')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<BookIcon />}
            title={t('admin.courses.noMatch')}
            hint={t('site.courses.tryAnotherTitle')}
          />
        )
      }
      card={(course) => <OrganisationCourseCard course={course} onSeeDetails={onSeeDetails} />}
      pager={pager}
    />
  );
};
