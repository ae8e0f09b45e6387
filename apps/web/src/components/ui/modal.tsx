import { type ReactNode, type SyntheticEvent, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
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
  left: 'fixed inset-y-0 inset-s-0 h-full w-80 max-w-[85vw] p-5 animate-[slide-in-left_200ms_ease-out]',
  right: 'fixed inset-y-0 inset-e-0 h-full w-80 max-w-[85vw] p-5 animate-[slide-in-right_200ms_ease-out]',
} as const;

/**
 * A dialog or side panel on the browser's own modal `<dialog>`: the page behind is inert (focus stays
 * inside) and locked from scrolling; Escape and a click on the backdrop close it, and focus goes back
 * to where it was.
 */
export const Modal = ({
  open,
  onClose,
  title,
  hideTitle = false,
  placement = 'center',
  children,
  className,
}: ModalProps) => {
  const t = useT();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Whether the browser closed the dialog on its own (a second back gesture it would not let the page
  // refuse): the caller is told, so what it shows and what the browser shows never disagree.
  const closing = useRef(false);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    closing.current = false;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // A browser without modal dialogs (and jsdom in the unit tests) shows it as a plain open one.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      closing.current = true;
      if (typeof dialog.close === 'function') dialog.close();
      document.body.style.overflow = overflow;
      previouslyFocused?.focus();
    };
  }, [open]);

  if (!open) return null;

  const close = (event: SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };

  return createPortal(
    // The dialog fills the window; a click on it outside the panel is a click on the backdrop.
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={close}
      onClose={() => {
        if (!closing.current) onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // One Escape closes one layer: a menu or dialog inside this one does not close it too.
        event.stopPropagation();
        close(event);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-0 z-50 m-0 flex h-full max-h-none w-full max-w-none bg-transparent p-4 backdrop:bg-slate-900/50 backdrop:backdrop-blur-[2px]"
    >
      <div className={cn('z-10 overflow-y-auto bg-white shadow-raised', PANEL[placement], className)}>
        <div className={cn('mb-4 flex items-center justify-between gap-4', hideTitle && 'justify-end')}>
          <h2 id={titleId} className={cn('text-lg font-semibold text-slate-900', hideTitle && 'sr-only')}>
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('common.ui.close')}
            className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        {children}
      </div>
    </dialog>,
    document.body,
  );
};
