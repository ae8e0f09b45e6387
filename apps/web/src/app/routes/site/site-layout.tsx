import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SiteFooter } from '@/components/layouts/site-footer';
import { SiteHeader } from '@/components/layouts/site-header';
import { PageLoading } from '@/components/ui/spinner';
import { storedSession } from '@/lib/storage';

/**
 * The public pages: header, content, footer. The header shows while a first page's code arrives, and
 * shows a signed-in person as signed in (decision 015), read again on every page.
 */
export const SiteLayout = () => {
  // Read on each navigation: a login, a logout or an ended session changes it between pages.
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = storedSession();
  // The sign-in code (and the zod it checks answers with) stays out of the first script: it comes
  // with a click on Log Out.
  const onLogout = () => {
    void import('@/features/auth/api/logout').then(({ logOut }) => logOut(navigate, queryClient));
  };
  return (
    <>
      <SiteHeader session={session} onLogout={onLogout} />
      <main className="flex flex-1 flex-col">
        {/* A boundary per page: with one for all, Preact's Suspense sometimes left the page blank on
            Back (decision 048). */}
        <Suspense key={pathname} fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
};
