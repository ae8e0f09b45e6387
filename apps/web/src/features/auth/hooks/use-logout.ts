import { MSG } from '@skillwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { hasAuthToken, storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { logoutUser } from '../api/login';

/** SPEC §4: revoke the token (its failure is ignored), clear storage, say so and go to /login. */
export const useLogout = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (hasAuthToken()) {
      try {
        await logoutUser();
      } catch {
        // The session ends on this device whatever the server answered.
      }
    }
    storage.clear();
    queryClient.clear();
    notify.success(MSG.logout);
    void navigate(paths.login);
  }, [navigate, queryClient]);
};
