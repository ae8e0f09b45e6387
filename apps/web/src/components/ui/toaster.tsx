import { ToastContainer } from 'react-toastify';
import { toastAutoCloseFor } from '@/lib/toast';

/** SPEC §9: top-right, Alt+T focuses the toasts, 320 px wide (index.css), auto-close by area. */
export const Toaster = ({ pathname }: { pathname: string }) => (
  <ToastContainer
    position="top-right"
    autoClose={toastAutoCloseFor(pathname)}
    hotKeys={(event) => event.altKey && event.code === 'KeyT'}
    newestOnTop
    closeOnClick
    pauseOnFocusLoss
    theme="light"
  />
);
