import type { MouseEvent } from 'react';
import { useT } from '@/lib/i18n/use-t';

/** Where the skip link goes: the screen's main landmark, whichever layout drew it. */
const focusMain = (event: MouseEvent<HTMLAnchorElement>) => {
  const main = document.querySelector('main');
  if (!main) return;
  event.preventDefault();
  // A landmark is not focusable by itself; -1 lets the link move focus there, not into the tab order.
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus();
  main.scrollIntoView?.({ block: 'start' });
};

/**
 * "Skip to main content" (WCAG 2.4.1): the first focusable element of every layout (the root layout
 * draws it before any header or sidebar), hidden until focused by the keyboard.
 */
export const SkipLink = () => {
  const t = useT();
  return (
    // biome-ignore lint/a11y/useValidAnchor: an in-page link; the handler finds the landmark in any layout and focuses it
    <a
      href="#main"
      onClick={focusMain}
      className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-raised ring-2 ring-brand-500 focus:not-sr-only focus:fixed focus:top-3 focus:inset-s-3 focus:z-[10000]"
    >
      {t('common.ui.skip')}
    </a>
  );
};
