import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { BookIcon } from '@/components/ui/drawn-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { Screen } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/spinner';
import { useCourseDetails } from '@/features/courses/api/courses';
import { CourseImage } from '@/features/courses/components/course-image';
import { parseCourseId } from '@/features/courses/hooks/use-select-course';
import { hasNoPublishedLesson } from '@/features/courses/lib/course-figures';
import { useOwnsCourse } from '@/features/learning/api/learning';
import { CourseCheckout, takeCoursePath } from '@/features/payments/components/course-checkout';
import { ORDER_ID_PARAM } from '@/features/payments/lib/sandbox-urls';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';

const NoCourse = ({ title, hint }: { title: string; hint: string }) => {
  const t = useT();
  return (
    <EmptyState
      icon={<BookIcon />}
      title={title}
      hint={hint}
      action={
        <Link to={paths.students.courses} className={buttonClassName()}>
          {t('learning.learningRoutes.checkout.browse')}
        </Link>
      }
    />
  );
};

/** A course the student owns already is not offered for sale again (SPEC §6). */
const OwnedCourse = ({ courseId }: { courseId: number }) => {
  const t = useT();
  return (
    <EmptyState
      icon={<BookIcon />}
      title={t('learning.learningRoutes.checkout.owned')}
      hint={t('common.msg.alreadyEnrolled')}
      action={
        <Link to={takeCoursePath(courseId)} className={buttonClassName()}>
          {t('learning.learningRoutes.checkout.openCourse')}
        </Link>
      }
    />
  );
};

/** SPEC §2.5: the student checkout for the stored course (Enroll Now stores course_Id and price). */
export const StudentCheckoutPage = () => {
  const t = useT();
  const courseId = parseCourseId(storage.get('courseId'));
  const details = useCourseDetails(courseId);
  usePageTitle(
    details.data
      ? t('learning.learningRoutes.checkout.pageTitle', { course: details.data.course_title })
      : t('learning.learningRoutes.checkout.title'),
  );
  const [params] = useSearchParams();
  const ownsCourse = useOwnsCourse(courseId);
  // Back from the approval page the order is being captured: the checkout shows how that ends.
  const isOwned = !params.has(ORDER_ID_PARAM) && ownsCourse;

  let content: ReactNode;
  if (courseId === null) {
    content = (
      <NoCourse
        title={t('learning.learningRoutes.checkout.noCourse')}
        hint={t('learning.learningRoutes.checkout.noCourseHint')}
      />
    );
  } else if (isOwned) {
    content = <OwnedCourse courseId={courseId} />;
  } else if (details.isPending) {
    content = <LoadingBlock label={t('learning.learningRoutes.loadingCourse')} />;
  } else if (details.isError) {
    const isMissing =
      details.error instanceof ApiError && (details.error.status === 404 || details.error.status === 400);
    content = isMissing ? (
      <NoCourse
        title={t('learning.learningRoutes.checkout.notFound')}
        hint={t('learning.learningRoutes.checkout.notFoundHint')}
      />
    ) : (
      <Alert>{errorMessage(details.error, t('learning.learningRoutes.checkout.loadError'))}</Alert>
    );
  } else if (hasNoPublishedLesson(details.data)) {
    // Nothing to study yet: not sold, nor enrolled in free, until it has a lesson (docs/decisions/017).
    content = (
      <NoCourse
        title={t('learning.learningRoutes.checkout.comingSoon', { course: details.data.course_title })}
        hint={t('common.msg.courseComingSoon')}
      />
    );
  } else {
    const course = details.data;
    content = (
      <CourseCheckout
        course={course}
        image={<CourseImage src={course.course_image} alt={course.course_title} />}
      />
    );
  }

  return <Screen texts="learning.learningRoutes.checkout">{content}</Screen>;
};
