import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SkipLink } from '@/components/ui/skip-link';
import { PageLoading } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { useKeepLinkedCoupon } from '@/features/payments/hooks/use-linked-coupon';
import { useScrollRestoration } from '@/lib/use-scroll-restoration';
import { RouteErrorBoundary } from './error-page';

/**
 * Wraps every screen: the skip link (first of every layout's focusable elements), the error fallback, the wait for a screen's code on a first visit, the one toast
 * container and scroll restoration; a coupon code an address carries is kept for the checkout.
 */
export const RootLayout = () => {
  const location = useLocation();
  useScrollRestoration();
  useKeepLinkedCoupon();
  return (
    <>
      <SkipLink />
      <RouteErrorBoundary location={location}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <Toaster pathname={location.pathname} />
    </>
  );
};
