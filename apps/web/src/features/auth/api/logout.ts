import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { apiRequest } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { hasAuthToken, storage } from '@/lib/storage';
import { notify } from '@/lib/toast';

// Apart from the login (./login.ts): every signed-in area's header logs out, and the login's answer
// checking (the validation library) need not come with it (docs/BENCHMARKS.md, the learning screen).

/** POST users/Logout: revokes the token server-side. */
export const logoutUser = (): Promise<unknown> =>
  apiRequest('users/Logout', { method: 'POST', auth: true, endSessionOn401: false });

/**
 * SPEC §4: revoke the token (its failure is ignored), clear storage, say so and go to /login (`to`: the
 * login with a place to come back to, as an invitation's page asks).
 */
export const logOut = async (
  navigate: NavigateFunction,
  queryClient: QueryClient,
  to: string = paths.login,
): Promise<void> => {
  if (hasAuthToken()) {
    try {
      await logoutUser();
    } catch {
      // The session ends on this device whatever the server answered.
    }
  }
  storage.clear();
  queryClient.clear();
  notify.success(t('common.msg.logout'));
  void navigate(to);
};

/** logOut for the signed-in screens' Log Out buttons. */
export const useLogout = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => logOut(navigate, queryClient), [navigate, queryClient]);
};
