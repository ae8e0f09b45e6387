import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Toaster } from '@/components/ui/toaster';

/** Wraps every screen: the one toast container and scroll restoration. */
export const RootLayout = () => {
  const { pathname } = useLocation();
  return (
    <>
      <Outlet />
      <Toaster pathname={pathname} />
      <ScrollRestoration />
    </>
  );
};
