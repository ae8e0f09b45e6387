import { type RefCallback, useCallback, useState } from 'react';

/** How far beyond the screen's edge a part counts as near: half a screen ahead of the reader. */
export const NEAR_VIEWPORT_MARGIN = '50% 0px';

/**
 * How long an element must stay near before it counts: a page still taking shape (a list above it
 * arriving) moves it away again within that time.
 */
export const NEAR_VIEWPORT_SETTLE_MS = 300;

/**
 * Whether an element is on screen or within NEAR_VIEWPORT_MARGIN of it (and stayed there a moment); once true,
 * true for good. A part of a page below the fold (its code, its media) is then fetched as the reader
 * scrolls towards it instead of with the page (docs/BENCHMARKS.md, the first page). `immediately`, or a
 * browser without IntersectionObserver, makes it true at once.
 */
export const useNearViewport = <T extends Element>({
  immediately = false,
}: {
  immediately?: boolean;
} = {}): [RefCallback<T>, boolean] => {
  const [isNear, setNear] = useState(immediately);
  const ref = useCallback<RefCallback<T>>(
    (element) => {
      if (!element || isNear) return undefined;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return undefined;
      }
      let settling: ReturnType<typeof setTimeout> | undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          const entry = entries[entries.length - 1];
          clearTimeout(settling);
          if (!entry?.isIntersecting) return;
          settling = setTimeout(() => {
            setNear(true);
            observer.disconnect();
          }, NEAR_VIEWPORT_SETTLE_MS);
        },
        { rootMargin: NEAR_VIEWPORT_MARGIN },
      );
      observer.observe(element);
      return () => {
        clearTimeout(settling);
        observer.disconnect();
      };
    },
    [isNear],
  );
  return [ref, isNear || immediately];
};
