import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { BookIcon } from '@/components/ui/drawn-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingBlock } from '@/components/ui/spinner';
import { certificateKeys, useMyCourseCertificate } from '@/features/certificates/api/certificates';
import { CertificateEarned } from '@/features/certificates/components/certificate-earned';
import { courseKeys, useCourseDetails } from '@/features/courses/api/courses';
import { CourseImage } from '@/features/courses/components/course-image';
import { parseCourseId } from '@/features/courses/hooks/use-select-course';
import { COVER_SIZES } from '@/features/courses/lib/cover-image';
import { useEnrolment } from '@/features/learning/api/learning';
import { CourseLearning } from '@/features/learning/components/course-learning';
import { courseGate } from '@/features/learning/lib/enrolment';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';

/**
 * The course detail with Enroll Now, for a course the student does not own: its code (reviews, pager,
 * form) comes only then, not with every course a student studies (docs/BENCHMARKS.md, the learning screen).
 */
const CourseDetail = lazy(() =>
  import('../site/course-detail').then((module) => ({ default: module.CourseDetailScreen })),
);
const CourseDetailScreen = (props: { courseId: number; browsePath: string }) => {
  const t = useT();
  return (
    <Suspense fallback={<LoadingBlock label={t('learning.learningRoutes.loadingCourse')} />}>
      <CourseDetail {...props} />
    </Suspense>
  );
};

/**
 * The student's review of the course, last on the screen: its form's code comes after the course is
 * drawn, and the card, with nothing below it, moves nothing when it shows.
 */
const CourseReviewCard = lazy(() =>
  import('@/features/reviews/components/course-reviews').then((module) => ({
    default: module.CourseReviewCard,
  })),
);

const NoCourse = () => {
  const t = useT();
  return (
    <EmptyState
      icon={<BookIcon />}
      title={t('learning.learningRoutes.takeCourse.noCourse')}
      hint={t('learning.learningRoutes.takeCourse.noCourseHint')}
      action={
        <Link to={paths.students.myCourses} className={buttonClassName()}>
          {t('common.nav.myCourses')}
        </Link>
      }
    />
  );
};

/**
 * SPEC §2.12 course view (/students/takeCourse?id=, else the stored course_Id). A student's enrolment is
 * checked first; without one the course detail with Enroll Now is shown (DESIGN decision 4). The
 * certificate earned for the course is asked for beside the enrolment, and the course is drawn once both
 * have answered: its banner never pushes the course down after it was drawn.
 */
export const TakeCoursePage = () => {
  const t = useT();
  const [params] = useSearchParams();
  const courseId = parseCourseId(params.get('id') ?? storage.get('courseId'));
  const role = storage.get('currentUserRole');
  const userId = storage.get('userId') ?? '';
  const enrolment = useEnrolment(userId, courseId, role === '3');
  // A student's course comes with its enrolment (a student without one is shown the course page, which
  // asks for the course itself): only the course's staff read the details here.
  const details = useCourseDetails(role === '3' ? null : courseId);
  usePageTitle(enrolment.data?.[0]?.course_title ?? details.data?.course_title);
  const queryClient = useQueryClient();
  const isEnrolledStudent = role === '3' && (enrolment.data?.length ?? 0) > 0;
  // A student's own certificates of a course it does not own are none: asking before knowing is harmless.
  const certificate = useMyCourseCertificate(
    courseId ?? 0,
    role === '3' && userId !== '' && courseId !== null,
  );

  if (courseId === null) return <NoCourse />;
  // A student whose id is not known cannot be checked: the course detail lets them enrol.
  if (role === '3' && userId === '') {
    return <CourseDetailScreen courseId={courseId} browsePath={paths.students.courses} />;
  }
  const gate = courseGate(role, enrolment);
  if (gate === 'checking' || (isEnrolledStudent && certificate.isPending)) {
    return <LoadingBlock label={t('learning.learningRoutes.loadingCourse')} />;
  }
  if (gate === 'error')
    return <Alert>{errorMessage(enrolment.error, t('learning.learningRoutes.takeCourse.openError'))}</Alert>;
  if (gate === 'details') {
    return <CourseDetailScreen courseId={courseId} browsePath={paths.students.courses} />;
  }

  // The enrolment answer already carries the course; staff read the course details.
  const course = enrolment.data?.[0] ?? details.data;
  if (!course) {
    return details.isPending ? (
      <LoadingBlock label={t('learning.learningRoutes.loadingCourse')} />
    ) : (
      <NoCourse />
    );
  }
  return (
    <CourseLearning
      courseId={courseId}
      course={course}
      backPath={paths.students.myCourses}
      // A notification may lead to one lesson (?lesson=, a graded quiz's).
      initialLessonId={parseCourseId(params.get('lesson'))}
      image={<CourseImage src={course.course_image} alt="" sizes={COVER_SIZES.detail} priority />}
      banner={
        certificate.data ? (
          <CertificateEarned certificate={certificate.data} certificatesPath={paths.students.certificates} />
        ) : undefined
      }
      footer={
        <Suspense fallback={null}>
          <CourseReviewCard courseId={courseId} />
        </Suspense>
      }
      onCompletionChange={(saved) => {
        // My Courses shows each course's share of lessons completed.
        void queryClient.invalidateQueries({ queryKey: courseKeys.all });
        if (saved.certificate) {
          notify.success(t('learning.learningRoutes.takeCourse.certificateEarned'));
          void queryClient.invalidateQueries({ queryKey: certificateKeys.all });
        }
      }}
    />
  );
};
