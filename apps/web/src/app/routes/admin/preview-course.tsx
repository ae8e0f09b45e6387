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
import { usePageTitle } from '@/lib/page-title';
import { coursePath, paths } from '@/lib/paths';
import { useAdminCourseId } from './course-address';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

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
  const hiddenParts = [
    hidden.sections > 0 ? plural(hidden.sections, 'unpublished section') : null,
    hidden.lessons > 0 ? plural(hidden.lessons, 'unpublished lesson') : null,
  ].filter(Boolean);
  return (
    <div
      role="note"
      aria-label="Preview"
      className="flex flex-col gap-1.5 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="flex items-center gap-2 font-semibold">
        <EyeIcon className="size-4.5 shrink-0" />
        Preview: the course as an enrolled student sees it
      </p>
      <p>
        Every lesson plays here; nothing is recorded as progress.
        {published ? null : ' The course is not published yet: students see it once you publish it.'}
        {hiddenParts.length > 0 ? ` Hidden from students: ${hiddenParts.join(' and ')}.` : null}
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
  const [params] = useSearchParams();
  const courseId = useAdminCourseId();
  const course = useAdminCourse(courseId);
  usePageTitle(course.data && `Preview · ${course.data.course_title}`);
  const sections = useCourseSections(courseId ?? 0, courseId !== null);

  if (courseId === null) {
    return (
      <EmptyState
        icon={<BookIcon />}
        title="No course chosen"
        hint="Pick a course in My Course, then preview it from its details."
        action={
          <Link to={paths.admin.previousCourses} className={buttonClassName({ variant: 'outline' })}>
            Go to My Course
          </Link>
        }
      />
    );
  }
  if (course.isPending) return <LoadingBlock label="Loading course..." />;
  if (course.isError) {
    return course.error instanceof ApiError && course.error.status === 404 ? (
      <EmptyState
        icon={<BookIcon />}
        title="Course not found"
        hint="It may have been removed. Pick another course in My Course."
      />
    ) : (
      <Alert>{errorMessage(course.error, 'The course could not be loaded. Please try again.')}</Alert>
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
      backLabel="Course details"
      initialLessonId={lessonId}
      image={<CourseImage src={course.data.course_image} alt="" />}
      banner={<PreviewNotice published={course.data.published} hidden={hiddenCounts(sections.data)} />}
    />
  );
};

/** SPEC §2.1 coursePages: the preview opened on a lesson. */
export const CoursePagesPage = () => <PreviewCoursePage opensLesson />;
