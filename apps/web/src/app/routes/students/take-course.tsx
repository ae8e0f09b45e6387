import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BookIcon } from '@/components/ui/icons';
import { LoadingBlock } from '@/components/ui/spinner';
import { certificateKeys, useMyCourseCertificate } from '@/features/certificates/api/certificates';
import { CertificateEarned } from '@/features/certificates/components/certificate-earned';
import { courseKeys, useCourseDetails } from '@/features/courses/api/courses';
import { CourseImage } from '@/features/courses/components/course-image';
import { parseCourseId } from '@/features/courses/hooks/use-select-course';
import { useEnrolment } from '@/features/learning/api/learning';
import { CourseLearning } from '@/features/learning/components/course-learning';
import { courseGate } from '@/features/learning/lib/enrolment';
import { CourseReviewCard } from '@/features/reviews/components/course-reviews';
import { errorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { CourseDetailScreen } from '../site/course-detail';

const NoCourse = () => (
  <EmptyState
    icon={<BookIcon />}
    title="No course selected"
    hint="Open one of your courses to start learning."
    action={
      <Link to={paths.students.myCourses} className={buttonClassName()}>
        My Courses
      </Link>
    }
  />
);

/**
 * SPEC §2.12 course view (/students/takeCourse?id=, else the stored course_Id). A student's enrolment is
 * checked first; without one the course detail with Enroll Now is shown (DESIGN decision 4).
 */
export const TakeCoursePage = () => {
  const [params] = useSearchParams();
  const courseId = parseCourseId(params.get('id') ?? storage.get('courseId'));
  const role = storage.get('currentUserRole');
  const userId = storage.get('userId') ?? '';
  const enrolment = useEnrolment(userId, courseId, role === '3');
  const details = useCourseDetails(courseId);
  usePageTitle(enrolment.data?.[0]?.course_title ?? details.data?.course_title);
  const queryClient = useQueryClient();
  const isEnrolledStudent = role === '3' && (enrolment.data?.length ?? 0) > 0;
  const certificate = useMyCourseCertificate(courseId ?? 0, isEnrolledStudent && courseId !== null);

  if (courseId === null) return <NoCourse />;
  // A student whose id is not known cannot be checked: the course detail lets them enrol.
  if (role === '3' && userId === '') {
    return <CourseDetailScreen courseId={courseId} browsePath={paths.students.courses} />;
  }
  const gate = courseGate(role, enrolment);
  if (gate === 'checking') return <LoadingBlock label="Loading course..." />;
  if (gate === 'error')
    return <Alert>{errorMessage(enrolment.error, 'We could not open this course.')}</Alert>;
  if (gate === 'details') {
    return <CourseDetailScreen courseId={courseId} browsePath={paths.students.courses} />;
  }

  // The enrolment answer already carries the course; staff read the course details.
  const course = enrolment.data?.[0] ?? details.data;
  if (!course) {
    return details.isPending ? <LoadingBlock label="Loading course..." /> : <NoCourse />;
  }
  return (
    <CourseLearning
      courseId={courseId}
      course={course}
      backPath={paths.students.myCourses}
      image={<CourseImage src={course.course_image} alt="" />}
      banner={
        certificate.data ? (
          <CertificateEarned certificate={certificate.data} certificatesPath={paths.students.certificates} />
        ) : undefined
      }
      footer={<CourseReviewCard courseId={courseId} />}
      onCompletionChange={(saved) => {
        // My Courses shows each course's share of lessons completed.
        void queryClient.invalidateQueries({ queryKey: courseKeys.all });
        if (saved.certificate) {
          notify.success('Congratulations! You completed the course and earned its certificate.');
          void queryClient.invalidateQueries({ queryKey: certificateKeys.all });
        }
      }}
    />
  );
};
