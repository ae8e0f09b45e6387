import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { AppProvider, queryClient } from './provider';
import { createAppRouter } from './router';

export const App = () => {
  const [router] = useState(createAppRouter);

  useEffect(() => {
    // A 401 on an authenticated call means the session is over: clear it and log in again.
    setUnauthorizedHandler((error) => {
      storage.clear();
      queryClient.clear();
      notify.error(error.message, { toastId: 'session-ended' });
      void router.navigate(paths.login);
    });
    return () => setUnauthorizedHandler(undefined);
  }, [router]);

  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
};
