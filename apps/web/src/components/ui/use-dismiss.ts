import { type RefObject, useEffect, useRef } from 'react';

/**
 * Closes an open popup (a menu, a disclosure panel) the ways people expect: a press outside `root`,
 * focus moving outside it (Tab past its end), or Escape, which also gives focus back to `trigger`.
 */
export const useDismiss = (
  open: boolean,
  root: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
  onDismiss: () => void,
): void => {
  const onDismissRef = useRef(onDismiss);
  onDismissRef.current = onDismiss;

  useEffect(() => {
    if (!open) return;
    const isOutside = (target: EventTarget | null) =>
      target instanceof Node && !root.current?.contains(target);
    const onPointerDown = (event: PointerEvent) => {
      if (isOutside(event.target)) onDismissRef.current();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isOutside(event.target)) onDismissRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onDismissRef.current();
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, root, trigger]);
};
