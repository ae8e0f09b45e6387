import { ROLE } from '@skillwise/contracts';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { CourseDetails } from '@/features/courses/components/course-details';
import { parseCourseId } from '@/features/courses/hooks/use-select-course';
import { useOwnsCourse } from '@/features/learning/api/learning';
import { CoursePreview } from '@/features/learning/components/course-preview';
import { useEnrollNow } from '@/features/learning/hooks/use-enroll-now';
import { useCourseRating } from '@/features/reviews/api/reviews';
import { CourseReviews } from '@/features/reviews/components/course-reviews';
import { paths } from '@/lib/paths';
import { hasAuthToken, storage } from '@/lib/storage';

/**
 * SPEC §2.4: the course (courses feature) with its curriculum and preview player (learning feature)
 * and its reviews (reviews feature); Enroll Now asks for a login, refuses a course the student owns, else opens checkout.
 */
export const CourseDetailScreen = ({
  courseId,
  browsePath,
}: {
  courseId: number | null;
  browsePath: string;
}) => {
  const { enroll, isChecking } = useEnrollNow();
  const isOwned = useOwnsCourse(courseId);
  const rating = useCourseRating(courseId);
  const isStudent = hasAuthToken() && storage.get('currentUserRole') === String(ROLE.STUDENT);
  return (
    <CourseDetails
      courseId={courseId}
      browsePath={browsePath}
      onEnroll={(course) => void enroll(course)}
      isEnrolling={isChecking}
      enrollNote={hasAuthToken() ? undefined : 'Log in to enroll in this course.'}
      curriculum={courseId === null ? null : <CoursePreview courseId={courseId} />}
      rating={rating.data}
      reviews={courseId === null ? null : <CourseReviews courseId={courseId} isStudent={isStudent} />}
      ownedAction={
        isOwned ? (
          <div className="flex flex-col gap-2 rounded-xl bg-emerald-50 p-3 ring-1 ring-emerald-200 ring-inset">
            <p className="flex items-center gap-2 text-sm font-semibold text-emerald-800">
              <CheckCircleIcon className="size-4.5" />
              You are enrolled in this course
            </p>
            <Link
              to={`${paths.students.takeCourse}?id=${courseId}`}
              className={buttonClassName({ size: 'lg' })}
            >
              Go to course
            </Link>
          </div>
        ) : undefined
      }
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
