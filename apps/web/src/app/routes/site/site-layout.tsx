import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '@/components/layouts/site-footer';
import { SiteHeader } from '@/components/layouts/site-header';
import { PageLoading } from '@/components/ui/spinner';

/** The public pages: header, content, footer. The header shows while a first page's code arrives. */
export const SiteLayout = () => (
  <>
    <SiteHeader />
    <main className="flex flex-1 flex-col">
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </main>
    <SiteFooter />
  </>
);
