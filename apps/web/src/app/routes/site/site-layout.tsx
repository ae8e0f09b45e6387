import { Outlet } from 'react-router';
import { SiteFooter } from '@/components/layouts/site-footer';
import { SiteHeader } from '@/components/layouts/site-header';

/** The public pages: header, content, footer. */
export const SiteLayout = () => (
  <>
    <SiteHeader />
    <main className="flex flex-1 flex-col">
      <Outlet />
    </main>
    <SiteFooter />
  </>
);
