import { TOAST_MS } from '@skillwise/contracts';
import { createElement } from 'react';
import type { ToastOptions } from 'react-toastify';
import { errorMessage } from './api-client';
import { failureLink, type MessageLink, MessageWithLink } from './message-link';

/**
 * SPEC §9: toasts close after 5000 ms on the public, login and student areas and after 3000 ms
 * in the admin and subscription areas (subscription and checkout live under /admin).
 */
export const toastAutoCloseFor = (pathname: string): number =>
  /^\/(admin|myStudents)(\/|$)/.test(pathname) ? TOAST_MS.short : TOAST_MS.long;

type ToastLibrary = typeof import('./toast-library');

let library: Promise<ToastLibrary> | undefined;
const listeners = new Set<() => void>();

/**
 * The toast library, loaded with the first toast: most visits to the public pages show none, so
 * they do without it (docs/BENCHMARKS.md). Toasts asked for meanwhile wait and show in order.
 */
export const loadToasts = (): Promise<ToastLibrary> => {
  if (!library) {
    library = import('./toast-library').catch((error: unknown) => {
      // Not loaded (the app was updated meanwhile, or the network failed): the next toast tries again.
      library = undefined;
      throw error;
    });
    for (const listener of listeners) listener();
  }
  return library;
};

/** For the toaster (components/ui/toaster.tsx): whether a toast has been asked for yet. */
export const toastsRequested = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => library !== undefined,
};

type NotifyOptions = Pick<ToastOptions, 'toastId'> & {
  /** A way on from the message, shown after it (a plan limit's Plan & billing). */
  link?: MessageLink | undefined;
};
type Notify = (message: string, options?: NotifyOptions) => void;

const show =
  (kind: 'success' | 'error' | 'info'): Notify =>
  (message, { link, ...options } = {}) => {
    loadToasts().then(
      ({ toast }) => toast[kind](link ? createElement(MessageWithLink, { message, link }) : message, options),
      () => undefined,
    );
  };

/** The one way to show a toast. A `toastId` keeps a repeated message from stacking up. */
export const notify: Record<'success' | 'error' | 'info', Notify> = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
};

/** The toast of a failed call: the server's message (else `fallback`), with the way on a limit has. */
export const notifyFailure = (error: unknown, fallback: string): void =>
  notify.error(errorMessage(error, fallback), { link: failureLink(error) });
