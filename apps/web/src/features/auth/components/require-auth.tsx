import { ROLE } from '@skillwise/contracts';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { type MessageId, t } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { withNext } from '@/lib/return-to';
import { hasAuthToken, storage } from '@/lib/storage';
import { notify } from '@/lib/toast';

/** Whose area a route is: the student area (SPEC §2.12) or the publisher's (SPEC §2.13, §2.14). */
export type AuthArea = 'student' | 'staff';

// The student area and the admin area both load the `site` catalogue, where these messages are.
const STUDENT_ONLY_MESSAGE: MessageId = 'site.auth.studentOnly';
const STAFF_ONLY_MESSAGE: MessageId = 'site.auth.staffOnly';

/**
 * Where a signed-in user with the stored role may not go: a student opening the publisher's area goes
 * to /students, anyone else opening the student area to /admin. Without a stored role nothing is
 * decided here (the server still decides every permission).
 */
export const wrongAreaRedirect = (
  area: AuthArea | undefined,
  role: string | null,
): { to: string; message: MessageId } | null => {
  if (!area || role === null || role === '') return null;
  const isStudent = role === String(ROLE.STUDENT);
  if (area === 'staff' && isStudent) return { to: paths.students.root, message: STAFF_ONLY_MESSAGE };
  if (area === 'student' && !isStudent) return { to: paths.admin.root, message: STUDENT_ONLY_MESSAGE };
  return null;
};

type RequireAuthProps = {
  children: ReactNode;
  /** The role the area belongs to; a user of the other role is sent to their own area. */
  area?: AuthArea;
};

/**
 * SPEC §2.12, §2.13: the student and admin areas need a stored token, else /login with a notice; the
 * link asked for is kept, so logging in leads back to it. Each area is for its own role.
 */
export const RequireAuth = ({ children, area }: RequireAuthProps) => {
  const location = useLocation();
  const isSignedIn = hasAuthToken();
  const wrongArea = isSignedIn ? wrongAreaRedirect(area, storage.get('currentUserRole')) : null;

  useEffect(() => {
    if (!isSignedIn) notify.error(t('common.msg.noToken'), { toastId: 'no-token' });
  }, [isSignedIn]);

  const wrongAreaMessage = wrongArea?.message;
  useEffect(() => {
    if (wrongAreaMessage) notify.info(t(wrongAreaMessage), { toastId: 'wrong-area' });
  }, [wrongAreaMessage]);

  if (!isSignedIn) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={withNext(paths.login, next)} replace />;
  }
  if (wrongArea) return <Navigate to={wrongArea.to} replace />;
  return children;
};
