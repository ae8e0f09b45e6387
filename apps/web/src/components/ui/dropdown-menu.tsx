import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '@/lib/cn';
import { MoreVerticalIcon } from './icons';
import { useDismiss } from './use-dismiss';

export type MenuItem = {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  tone?: 'default' | 'danger';
};

type DropdownMenuProps = {
  /** Names the trigger for assistive technology, e.g. 'Section menu: Basics'. */
  label: string;
  /** Controlled by the parent, so a screen can keep one menu open at a time (SPEC §2.13). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: ReadonlyArray<MenuItem>;
  className?: string;
};

const focusItem = (menu: HTMLElement | null, index: number) => {
  const items = [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  if (items.length === 0) return;
  items[(index + items.length) % items.length]?.focus();
};

/**
 * A kebab button with a small menu (the WAI-ARIA menu button): the arrows, Home and End move between
 * the entries; Escape, a click outside, Tab away or a choice close it (useDismiss).
 */
export const DropdownMenu = ({ label, open, onOpenChange, items, className }: DropdownMenuProps) => {
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useDismiss(open, rootRef, triggerRef, () => onOpenChange(false));

  useEffect(() => {
    if (open) focusItem(menuRef.current, 0);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const current = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') focusItem(menuRef.current, current + 1);
    else if (event.key === 'ArrowUp') focusItem(menuRef.current, current - 1);
    else if (event.key === 'Home') focusItem(menuRef.current, 0);
    else if (event.key === 'End') focusItem(menuRef.current, -1);
    else return;
    event.preventDefault();
  };

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => onOpenChange(!open)}
        className={cn(
          'flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900',
          open && 'bg-slate-100 text-slate-900',
        )}
      >
        <MoreVerticalIcon className="size-5" />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute top-full inset-e-0 z-30 mt-1 w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-raised"
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                onOpenChange(false);
                item.onSelect();
              }}
              className={cn(
                'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-start text-sm font-medium focus:outline-none',
                item.tone === 'danger'
                  ? 'text-rose-600 hover:bg-rose-50 focus:bg-rose-50'
                  : 'text-slate-700 hover:bg-slate-100 focus:bg-slate-100',
              )}
            >
              {item.icon ? <span className="text-base text-current opacity-80">{item.icon}</span> : null}
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
};
