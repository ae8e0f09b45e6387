import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToasts, toastAutoCloseFor, toastsRequested } from '@/lib/toast';

const ToastContainer = lazy(() => loadToasts().then((module) => ({ default: module.ToastContainer })));

/**
 * SPEC §9: top-right, Alt+T focuses the toasts, 320 px wide (index.css), auto-close by area. The
 * container (and the library behind it) comes with the first toast; a toast asked for before it is
 * ready waits for it.
 */
export const Toaster = ({ pathname }: { pathname: string }) => {
  const isRequested = useSyncExternalStore(toastsRequested.subscribe, toastsRequested.get);
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position="top-right"
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
