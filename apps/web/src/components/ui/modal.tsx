import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';
import { CloseIcon } from './icons';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Hides the title visually (it still names the dialog). */
  hideTitle?: boolean;
  /** 'center' is a dialog; 'left' and 'right' slide in as a side panel (mobile menus). */
  placement?: 'center' | 'left' | 'right';
  children: ReactNode;
  className?: string;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

const PANEL = {
  // A dialog taller than the window scrolls inside itself (the page behind is locked).
  center: 'relative m-auto max-h-full w-full max-w-lg overscroll-contain rounded-2xl p-6',
  left: 'fixed inset-y-0 left-0 h-full w-80 max-w-[85vw] p-5 animate-[slide-in-left_200ms_ease-out]',
  right: 'fixed inset-y-0 right-0 h-full w-80 max-w-[85vw] p-5 animate-[slide-in-right_200ms_ease-out]',
} as const;

/** A dialog or side panel: closes on Escape and on the backdrop, keeps focus inside while open. */
export const Modal = ({
  open,
  onClose,
  title,
  hideTitle = false,
  placement = 'center',
  children,
  className,
}: ModalProps) => {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus();
    };
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex p-4">
      <button
        type="button"
        tabIndex={-1}
        aria-label="Close"
        className="fixed inset-0 cursor-default bg-slate-900/50 backdrop-blur-[2px]"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={cn('z-10 overflow-y-auto bg-white shadow-raised', PANEL[placement], className)}
      >
        <div className={cn('mb-4 flex items-center justify-between gap-4', hideTitle && 'justify-end')}>
          <h2 id={titleId} className={cn('text-lg font-semibold text-slate-900', hideTitle && 'sr-only')}>
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
};
