import { type CourseRating, ROLE } from '@skillwise/contracts';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { CheckCircleIcon } from '@/components/ui/drawn-icons';
import { LoadingBlock } from '@/components/ui/spinner';
import { useCourseDetails } from '@/features/courses/api/courses';
import { CourseDetails } from '@/features/courses/components/course-details';
import { parseCourseId } from '@/features/courses/hooks/use-select-course';
import { useOwnsCourse } from '@/features/learning/api/learning';
import { CoursePreview } from '@/features/learning/components/course-preview';
import { useEnrollNow } from '@/features/learning/hooks/use-enroll-now';
import { useLinkedCoupon } from '@/features/payments/hooks/use-linked-coupon';
import { useCourseRating } from '@/features/reviews/api/reviews';
import { ratingText } from '@/features/reviews/lib/rating';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { hasAuthToken, storage } from '@/lib/storage';
import { useNearViewport } from '@/lib/use-near-viewport';

/** The reviews' list, pager and form come with the reviews, not with the course page. */
const CourseReviews = lazy(() =>
  import('@/features/reviews/components/course-reviews').then((module) => ({
    default: module.CourseReviews,
  })),
);

/**
 * The reviews, far below the course's first screen: until the reader comes near them, their heading and
 * the rating the page already has; then the latest reviews (and their code) load. A signed-in student
 * gets them at once, with the form to rate the course.
 */
const Reviews = ({
  courseId,
  isStudent,
  rating,
}: {
  courseId: number;
  isStudent: boolean;
  rating: CourseRating | undefined;
}) => {
  const t = useT();
  const [ref, isNear] = useNearViewport<HTMLDivElement>({ immediately: isStudent });
  const outline = (
    <Card className="p-6">
      <CardTitle id="course-reviews">{t('site.siteRoutes.course.reviews')}</CardTitle>
      <p className="mt-3 text-sm text-slate-600">{rating ? ratingText(rating) : null}</p>
    </Card>
  );
  return (
    <div ref={ref}>
      {isNear ? (
        <Suspense fallback={outline}>
          <CourseReviews courseId={courseId} isStudent={isStudent} />
        </Suspense>
      ) : (
        outline
      )}
    </div>
  );
};

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
  const t = useT();
  const { enroll, isChecking } = useEnrollNow();
  const isOwned = useOwnsCourse(courseId);
  const rating = useCourseRating(courseId);
  const couponCode = useLinkedCoupon();
  usePageTitle(useCourseDetails(courseId).data?.course_title);
  const isStudent = hasAuthToken() && storage.get('currentUserRole') === String(ROLE.STUDENT);
  // The rating sits on the line under the title: the page waits for it (asked for beside the course,
  // app/first-page-data.ts) rather than push the cover and everything below it down when it comes.
  if (courseId !== null && rating.isPending) {
    return (
      <div className="min-h-dvh">
        <LoadingBlock label={t('site.siteRoutes.course.loading')} />
      </div>
    );
  }
  return (
    <CourseDetails
      courseId={courseId}
      browsePath={browsePath}
      onEnroll={(course) => void enroll(course)}
      isEnrolling={isChecking}
      enrollNote={hasAuthToken() ? undefined : t('site.siteRoutes.course.logInToEnroll')}
      curriculum={courseId === null ? null : <CoursePreview courseId={courseId} />}
      rating={rating.data}
      couponCode={couponCode}
      reviews={
        courseId === null ? null : <Reviews courseId={courseId} isStudent={isStudent} rating={rating.data} />
      }
      ownedAction={
        isOwned ? (
          <div className="flex flex-col gap-2 rounded-xl bg-emerald-50 p-3 ring-1 ring-emerald-200 ring-inset">
            <p className="flex items-center gap-2 text-sm font-semibold text-emerald-800">
              <CheckCircleIcon className="size-4.5" />
              {t('site.siteRoutes.course.enrolled')}
            </p>
            <Link
              to={`${paths.students.takeCourse}?id=${courseId}`}
              className={buttonClassName({ size: 'lg' })}
            >
              {t('site.siteRoutes.course.goToCourse')}
            </Link>
          </div>
        ) : undefined
      }
    />
  );
};

/** DESIGN decision 9: a course also opens from a URL carrying its id (?id=); else the stored course_Id. */
export const CourseDetailPage = () => {
  const t = useT();
  const [params] = useSearchParams();
  const courseId = parseCourseId(params.get('id') ?? storage.get('courseId'));
  // The page's name until the course's own is known (CourseDetailScreen names it then).
  usePageTitle(useCourseDetails(courseId).data?.course_title ?? t('site.siteRoutes.course.pageTitle'));
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <CourseDetailScreen courseId={courseId} browsePath={paths.courses} />
    </div>
  );
};
