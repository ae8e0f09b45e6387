import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BookIcon, EyeIcon } from '@/components/ui/icons';
import { LoadingBlock } from '@/components/ui/spinner';
import { useAdminCourse } from '@/features/courses/api/course-admin';
import { CourseImage } from '@/features/courses/components/course-image';
import { parseCourseId } from '@/features/courses/hooks/use-select-course';
import { useCourseSections } from '@/features/learning/api/learning';
import { CourseLearning, studentVisibleSections } from '@/features/learning/components/course-learning';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';
import { coursePath, paths } from '@/lib/paths';
import { useAdminCourseId } from './course-address';

/** What the preview hides because students do not see it: unpublished sections and lessons. */
const hiddenCounts = (sections: ReturnType<typeof useCourseSections>['data']) => {
  const all = sections ?? [];
  const visible = studentVisibleSections(all);
  const lessons = (list: typeof all) => list.reduce((sum, section) => sum + section.lessons.length, 0);
  return { sections: all.length - visible.length, lessons: lessons(all) - lessons(visible) };
};

const PreviewNotice = ({
  published,
  hidden,
}: {
  published: boolean;
  hidden: { sections: number; lessons: number };
}) => {
  const t = useT();
  const sections =
    hidden.sections > 0 ? t('admin.adminRoutes.preview.sections', { count: hidden.sections }) : null;
  const lessons =
    hidden.lessons > 0 ? t('admin.adminRoutes.preview.lessons', { count: hidden.lessons }) : null;
  const hiddenText =
    sections && lessons
      ? t('admin.adminRoutes.preview.hiddenBoth', { sections, lessons })
      : sections || lessons
        ? t('admin.adminRoutes.preview.hidden', { parts: sections ?? lessons ?? '' })
        : null;
  return (
    <div
      role="note"
      aria-label={t('admin.adminRoutes.preview.label')}
      className="flex flex-col gap-1.5 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="flex items-center gap-2 font-semibold">
        <EyeIcon className="size-4.5 shrink-0" />
        {t('admin.adminRoutes.preview.heading')}
      </p>
      <p>
        {t('admin.adminRoutes.preview.playsHere')}
        {published ? null : ` ${t('admin.adminRoutes.preview.notPublished')}`}
        {hiddenText ? ` ${hiddenText}` : null}
      </p>
    </div>
  );
};

/**
 * SPEC §2.1 /admin previewCourse and coursePages: the publisher previews a course of its organisation
 * (?id=, else the stored course_Id), published or not, in the learner's course view. coursePages opens
 * on a lesson (?lesson=, else the first one).
 */
export const PreviewCoursePage = ({ opensLesson = false }: { opensLesson?: boolean }) => {
  const t = useT();
  const [params] = useSearchParams();
  const courseId = useAdminCourseId();
  const course = useAdminCourse(courseId);
  usePageTitle(course.data && t('admin.adminRoutes.preview.pageTitle', { title: course.data.course_title }));
  const sections = useCourseSections(courseId ?? 0, courseId !== null);

  if (courseId === null) {
    return (
      <EmptyState
        icon={<BookIcon />}
        title={t('admin.adminRoutes.noCourse')}
        hint={t('admin.adminRoutes.preview.noCourseHint')}
        action={
          <Link to={paths.admin.previousCourses} className={buttonClassName({ variant: 'outline' })}>
            {t('admin.adminRoutes.goToMyCourse')}
          </Link>
        }
      />
    );
  }
  if (course.isPending) return <LoadingBlock label={t('admin.adminRoutes.preview.loading')} />;
  if (course.isError) {
    return course.error instanceof ApiError && course.error.status === 404 ? (
      <EmptyState
        icon={<BookIcon />}
        title={t('admin.adminRoutes.preview.notFound')}
        hint={t('admin.adminRoutes.preview.notFoundHint')}
      />
    ) : (
      <Alert>{errorMessage(course.error, t('admin.adminRoutes.preview.loadFailed'))}</Alert>
    );
  }

  const firstLesson = studentVisibleSections(sections.data ?? [])
    .flatMap((section) => section.lessons)
    .find((lesson) => lesson.content_path);
  const lessonId =
    parseCourseId(params.get('lesson')) ?? (opensLesson ? (firstLesson?.lesson_Id ?? null) : null);

  return (
    <CourseLearning
      key={`${courseId}-${lessonId ?? 0}`}
      isPreview
      courseId={courseId}
      course={course.data}
      backPath={coursePath(paths.admin.courseDetails, courseId)}
      backLabel={t('admin.adminRoutes.courseDetails')}
      initialLessonId={lessonId}
      image={<CourseImage src={course.data.course_image} alt="" />}
      banner={<PreviewNotice published={course.data.published} hidden={hiddenCounts(sections.data)} />}
    />
  );
};

/** SPEC §2.1 coursePages: the preview opened on a lesson. */
export const CoursePagesPage = () => <PreviewCoursePage opensLesson />;
