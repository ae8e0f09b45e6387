import { useSearchParams } from 'react-router';
import { CourseDetails } from '@/features/courses/components/course-details';
import { parseCourseId } from '@/features/courses/hooks/use-select-course';
import { CoursePreview } from '@/features/learning/components/course-preview';
import { useEnrollNow } from '@/features/learning/hooks/use-enroll-now';
import { paths } from '@/lib/paths';
import { hasAuthToken, storage } from '@/lib/storage';

/**
 * SPEC §2.4: the course (courses feature) with its curriculum and preview player (learning feature);
 * Enroll Now asks for a login, refuses a course the student owns, else opens checkout.
 */
export const CourseDetailScreen = ({
  courseId,
  browsePath,
}: {
  courseId: number | null;
  browsePath: string;
}) => {
  const { enroll, isChecking } = useEnrollNow();
  return (
    <CourseDetails
      courseId={courseId}
      browsePath={browsePath}
      onEnroll={(course) => void enroll(course)}
      isEnrolling={isChecking}
      enrollNote={hasAuthToken() ? undefined : 'Log in to enroll in this course.'}
      curriculum={courseId === null ? null : <CoursePreview courseId={courseId} />}
    />
  );
};

/** DESIGN decision 9: a course also opens from a URL carrying its id (?id=); else the stored course_Id. */
export const CourseDetailPage = () => {
  const [params] = useSearchParams();
  const courseId = parseCourseId(params.get('id') ?? storage.get('courseId'));
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <CourseDetailScreen courseId={courseId} browsePath={paths.courses} />
    </div>
  );
};
