import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDownIcon, LogoutIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

/** SPEC §2.12: menu entries with no action yet; choosing one only closes the menu. */
export const USER_MENU_ITEMS = ['Account Settings', 'Upgrade Plan', 'Daily Activity', 'Inbox'];

export const Avatar = ({ email, className }: { email: string; className?: string }) => (
  <span
    aria-hidden="true"
    className={cn(
      'flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white',
      className,
    )}
  >
    {email.charAt(0).toUpperCase() || '?'}
  </span>
);

/** A disclosure showing the signed-in e-mail, the account entries and Log Out. */
export const UserMenu = ({ email, onLogout }: { email: string; onLogout: () => void }) => {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label="Account menu"
        onClick={() => setOpen((open) => !open)}
        className="flex items-center gap-2 rounded-full p-1 pr-2 text-slate-700 hover:bg-slate-100"
      >
        <Avatar email={email} />
        <ChevronDownIcon className={cn('size-4 transition-transform', isOpen && 'rotate-180')} />
      </button>
      {isOpen ? (
        <div
          id={panelId}
          className="absolute right-0 z-50 mt-2 w-64 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-raised"
        >
          <div className="flex items-center gap-3 border-b border-slate-100 p-4">
            <Avatar email={email} />
            <div className="min-w-0">
              <p className="text-xs text-slate-500">Signed in as</p>
              <p className="truncate text-sm font-semibold text-slate-900">{email}</p>
            </div>
          </div>
          <ul className="p-2">
            {USER_MENU_ITEMS.map((item) => (
              <li key={item}>
                <button
                  type="button"
                  onClick={() => setOpen(false)}
                  className="w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-50"
                >
                  {item}
                </button>
              </li>
            ))}
          </ul>
          <div className="border-t border-slate-100 p-2">
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-rose-600 hover:bg-rose-50"
            >
              <LogoutIcon className="size-4" />
              Log Out
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
};
