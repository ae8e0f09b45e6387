import { useEffect, useRef } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { setBusyHandler, setUnauthorizedHandler } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { withNext } from '@/lib/return-to';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { AppProvider, queryClient } from './provider';
import { AppRoutes } from './router';

/** A 401 on an authenticated call means the session is over: clear it and log in again. */
const EndSessionOnUnauthorized = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const current = useRef(location);
  useEffect(() => {
    current.current = location;
  }, [location]);

  useEffect(() => {
    setUnauthorizedHandler((error) => {
      storage.clear();
      queryClient.clear();
      notify.error(error.message, { toastId: 'session-ended' });
      // Logging in again leads back to the screen the sign-in ended on.
      const { pathname, search } = current.current;
      void navigate(withNext(paths.login, `${pathname}${search}`));
    });
    return () => setUnauthorizedHandler(undefined);
  }, [navigate]);
  return null;
};

/** A call a busy server refused waits and goes again (lib/api-client.ts); the reader is told the wait. */
const TellServerBusy = () => {
  useEffect(() => {
    setBusyHandler((seconds) =>
      notify.info(t('common.ui.serverBusy', { seconds }), { toastId: 'server-busy' }),
    );
    return () => setBusyHandler(undefined);
  }, []);
  return null;
};

export const App = () => (
  <AppProvider>
    <BrowserRouter>
      <EndSessionOnUnauthorized />
      <TellServerBusy />
      <AppRoutes />
    </BrowserRouter>
  </AppProvider>
);
