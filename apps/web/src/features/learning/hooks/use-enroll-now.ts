import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
// biome-ignore lint/style/noRestrictedImports: features/school-sites has no entry (index.ts) yet to export it from
import { isSchoolCoursePath } from '@/features/school-sites/lib/school-site';
import { errorMessage } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { withNext } from '@/lib/return-to';
import { hasAuthToken, storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { learningKeys, listEnrolments } from '../api/learning';
import { enrollStep } from '../lib/enrolment';

export type EnrollableCourse = { course_Id: number; price: number };

/**
 * SPEC §2.4 Enroll Now: signed out, /login (then back to the course); a student who already owns the course is told so and
 * stays; otherwise the course id and price are stored and checkout opens.
 */
export const useEnrollNow = () => {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [isChecking, setChecking] = useState(false);

  const enroll = useCallback(
    async (course: EnrollableCourse) => {
      const step = enrollStep({ isSignedIn: hasAuthToken(), role: storage.get('currentUserRole') });
      if (step === 'login') {
        // After logging in (or signing up) the visitor comes back to this course's page, not the
        // catalogue: the public one, or a school site's (docs/decisions/040).
        const page = isSchoolCoursePath(pathname) ? pathname : `${paths.courseDetail}?id=${course.course_Id}`;
        void navigate(withNext(paths.login, page));
        return;
      }
      if (step === 'check-ownership') {
        const userId = storage.get('userId') ?? '';
        setChecking(true);
        try {
          const owned = await queryClient.fetchQuery({
            queryKey: learningKeys.enrolment(userId, course.course_Id),
            queryFn: ({ signal }) => listEnrolments(userId, course.course_Id, signal),
            staleTime: 0,
          });
          if (owned.length > 0) {
            notify.info(t('common.msg.alreadyEnrolled'), { toastId: 'already-enrolled' });
            return;
          }
        } catch (error) {
          notify.error(errorMessage(error, t('site.learning.enroll.checkError')));
          return;
        } finally {
          setChecking(false);
        }
      }
      storage.set('courseId', course.course_Id);
      storage.set('price', course.price);
      void navigate(paths.students.checkout);
    },
    [navigate, queryClient, pathname],
  );

  return { enroll, isChecking };
};
