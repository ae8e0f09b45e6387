import { MSG } from '@skillwise/contracts';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/lib/paths';
import { hasAuthToken } from '@/lib/storage';
import { notify } from '@/lib/toast';

/** SPEC §2.12, §2.13: the student and admin areas need a stored token, else /login with a notice. */
export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const isSignedIn = hasAuthToken();

  useEffect(() => {
    if (!isSignedIn) notify.error(MSG.noToken, { toastId: 'no-token' });
  }, [isSignedIn]);

  return isSignedIn ? children : <Navigate to={paths.login} replace />;
};
