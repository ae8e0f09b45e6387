import { useEffect, useRef } from 'react';

/**
 * Brings the top of an element into view whenever `step` changes (a quiz moving from its questions to
 * its result, say) and that top is above the window: the reader starts the new step at its beginning.
 */
export const useTopInView = <E extends HTMLElement>(step: string) => {
  const ref = useRef<E>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = ref.current;
    if (!element || step === '') return;
    if (element.getBoundingClientRect().top < 0) element.scrollIntoView({ block: 'start' });
  }, [step]);
  return ref;
};
