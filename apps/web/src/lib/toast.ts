import { TOAST_MS } from '@skillwise/contracts';
import { type ToastOptions, toast } from 'react-toastify';

/**
 * SPEC §9: toasts close after 5000 ms on the public, login and student areas and after 3000 ms
 * in the admin and subscription areas (subscription and checkout live under /admin).
 */
export const toastAutoCloseFor = (pathname: string): number =>
  /^\/(admin|myStudents)(\/|$)/.test(pathname) ? TOAST_MS.short : TOAST_MS.long;

type Notify = (message: string, options?: Pick<ToastOptions, 'toastId'>) => void;

/** The one way to show a toast. A `toastId` keeps a repeated message from stacking up. */
export const notify: Record<'success' | 'error' | 'info', Notify> = {
  success: (message, options) => {
    toast.success(message, options);
  },
  error: (message, options) => {
    toast.error(message, options);
  },
  info: (message, options) => {
    toast.info(message, options);
  },
};
