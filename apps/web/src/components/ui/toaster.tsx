import { type Locale, TOAST_MAX_VISIBLE, textDirection } from '@skillwise/contracts';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { DESKTOP_MIN_WIDTH } from '@/config/app';
import { useLocale, useT } from '@/lib/i18n/use-t';
import { loadToasts, toastAutoCloseFor, toastsRequested } from '@/lib/toast';
import { useMediaQuery } from '@/lib/use-media-query';

const ToastContainer = lazy(() => loadToasts().then((module) => ({ default: module.ToastContainer })));

/**
 * SPEC §9: top-right (top-left in a right-to-left language), Alt+T focuses the toasts, 320 px wide (index.css), auto-close by area. Below the
 * desktop width they sit at the bottom instead, where they cannot cover the header, its menu or Logout
 * (docs/decisions/021); at most TOAST_MAX_VISIBLE show at once, each closed by a click, its close button
 * or a swipe. The container (and the library behind it) comes with the first toast; a toast asked for
 * before it is ready waits for it.
 */
export const Toaster = ({ pathname }: { pathname: string }) => {
  const isRequested = useSyncExternalStore(toastsRequested.subscribe, toastsRequested.get);
  const isWide = useMediaQuery(`(min-width: ${DESKTOP_MIN_WIDTH}px)`);
  const t = useT();
  const isRtl = textDirection(useLocale() as Locale) === 'rtl';
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position={isWide ? (isRtl ? 'top-left' : 'top-right') : 'bottom-center'}
        rtl={isRtl}
        aria-label={t('common.ui.toasts')}
        limit={TOAST_MAX_VISIBLE}
        autoClose={toastAutoCloseFor(pathname)}
        hotKeys={(event) => event.altKey && event.code === 'KeyT'}
        newestOnTop
        closeOnClick
        pauseOnFocusLoss
        theme="light"
      />
    </Suspense>
  );
};
