import { type CourseDetail, TRUNCATE } from '@skillwise/contracts';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PublishedChip } from '@/components/ui/chip';
import { EmptyState } from '@/components/ui/empty-state';
import { BookIcon, ChevronLeftIcon, EyeIcon, LayersIcon, PencilIcon, UsersIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { PersonPhoto } from '@/components/ui/person-photo';
import { LoadingBlock } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatCount, formatPrice, truncate } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { useAdminCourse } from '../api/course-admin';
import { CourseImage } from './course-image';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="min-w-0">
    <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
    <dd className="mt-0.5 text-sm font-semibold break-words text-slate-900">{children}</dd>
  </div>
);

type CourseActions = {
  onOpenCurriculum: () => void;
  onEditCourse: () => void;
  /** Opens the course as its students will see it (/admin/previewCourse). */
  onPreview: () => void;
  /** Edits the course's author (name, bio, photo, contact). */
  onEditAuthor: (authorId: number) => void;
};

type AdminCourseDetailsProps = CourseActions & {
  courseId: number | null;
  onBack: () => void;
};

const DetailsBody = ({
  course,
  onOpenCurriculum,
  onEditCourse,
  onPreview,
  onEditAuthor,
}: CourseActions & { course: CourseDetail }) => {
  const t = useT();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card className="overflow-hidden">
        <div className="aspect-video overflow-hidden bg-slate-100">
          <CourseImage
            src={course.course_image}
            alt={t('admin.courses.details.coverOf', { title: course.course_title })}
          />
        </div>
        <div className="flex flex-col gap-6 p-5 sm:p-6">
          <p className="break-words whitespace-pre-line text-slate-700">
            {truncate(course.course_description, TRUNCATE.detailDescription)}
          </p>
          <dl className="grid grid-cols-2 gap-4 border-y border-slate-100 py-4 sm:grid-cols-3 xl:grid-cols-5">
            <Fact label={t('admin.courses.details.category')}>{course.category_name || '—'}</Fact>
            <Fact label={t('admin.courses.details.price')}>
              {course.price > 0
                ? formatPrice(course.price)
                : course.price_type_name || t('common.price.free')}
            </Fact>
            <Fact label={t('admin.courses.details.certificate')}>
              {course.certificate ? t('admin.courses.yes') : t('admin.courses.no')}
            </Fact>
            <Fact label={t('admin.courses.details.sections')}>
              {t('admin.courses.details.sectionsCount', {
                count: course.sections_count,
                n: formatCount(course.sections_count),
              })}
            </Fact>
            <Fact label={t('admin.courses.details.lessons')}>
              {t('admin.courses.details.lessonsCount', {
                count: course.lessons_count,
                n: formatCount(course.lessons_count),
              })}
            </Fact>
          </dl>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button leftIcon={<LayersIcon className="size-4" />} onClick={onOpenCurriculum}>
              {t('admin.courses.details.curriculum')}
            </Button>
            <Button variant="outline" leftIcon={<PencilIcon className="size-4" />} onClick={onEditCourse}>
              {t('admin.courses.details.edit')}
            </Button>
            <Button variant="outline" leftIcon={<EyeIcon className="size-4" />} onClick={onPreview}>
              {t('admin.courses.details.preview')}
            </Button>
          </div>
        </div>
      </Card>
      <Card className="flex flex-col gap-4 self-start p-5 sm:p-6">
        <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t('admin.courses.details.authorsBy')}
        </h2>
        <div className="flex items-center gap-3">
          <PersonPhoto
            src={course.profile_picturePath}
            firstName={course.first_name}
            lastName={course.last_name}
            className="size-14 text-base"
          />
          <p className="min-w-0 font-semibold break-words text-slate-900">
            {course.first_name} {course.last_name}
          </p>
        </div>
        {course.bio ? (
          <p className="text-sm break-words text-slate-600">{truncate(course.bio, TRUNCATE.authorBio)}</p>
        ) : null}
        {/* SPEC §2.13 shows no action for Edit Authors: it edits this author; Edit Course chooses another. */}
        <Button
          variant="outline"
          size="sm"
          leftIcon={<UsersIcon className="size-4" />}
          onClick={() => onEditAuthor(course.author_id)}
          className="self-start"
        >
          {t('admin.courses.details.editAuthors')}
        </Button>
      </Card>
    </div>
  );
};

/** SPEC §2.13 Admin Course Details: the stored course with its author and the way to its curriculum. */
export const AdminCourseDetails = ({ courseId, onBack, ...actions }: AdminCourseDetailsProps) => {
  const t = useT();
  const course = useAdminCourse(courseId);
  const back = (
    <Button variant="outline" leftIcon={<ChevronLeftIcon className="size-4" />} onClick={onBack}>
      {t('admin.courses.details.back')}
    </Button>
  );
  const header = (title: string, badge?: ReactNode) => (
    <PageHeader
      title={title}
      description={badge ? undefined : t('admin.courses.details.description')}
      badge={badge}
      actions={back}
    />
  );
  if (courseId === null) {
    return (
      <>
        {header(t('admin.courses.details.title'))}
        <EmptyState
          icon={<BookIcon />}
          title={t('admin.courses.details.noneChosen')}
          hint={t('admin.courses.details.pickOne')}
        />
      </>
    );
  }
  if (course.isPending) {
    return (
      <>
        {header(t('admin.courses.details.title'))}
        <LoadingBlock label={t('admin.courses.loadingOne')} />
      </>
    );
  }
  if (course.isError) {
    return (
      <>
        {header(t('admin.courses.details.title'))}
        {course.error instanceof ApiError && course.error.status === 404 ? (
          <EmptyState
            icon={<BookIcon />}
            title={t('site.courses.notFound.title')}
            hint={t('admin.courses.details.notFoundHint')}
          />
        ) : (
          <Alert>{errorMessage(course.error, t('admin.courses.loadOneFailed'))}</Alert>
        )}
      </>
    );
  }
  return (
    <>
      {header(course.data.course_title, <PublishedChip published={course.data.published} />)}
      <DetailsBody course={course.data} {...actions} />
    </>
  );
};
