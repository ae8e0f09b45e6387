import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { BellIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { useLocale } from '@/lib/i18n/use-t';
import { useUnreadCount } from '../api/notifications';
import { bellLabel, unreadBadge } from '../lib/notifications';

/**
 * The bell in the student and publisher headers: the unread count, asked for on load, on navigation,
 * on window focus and at most every minute (never on a render alone); it leads to My Notification.
 */
export const NotificationBell = ({ to }: { to: string }) => {
  // The accessible name is asked of the catalogue as the bell draws: a change of language draws it again.
  useLocale();
  const { pathname } = useLocation();
  const { data: unread = 0, isStale, refetch } = useUnreadCount();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    // The query's own rule (UNREAD_FRESH_MS) says whether the count is still fresh.
    if (isStale) void refetch();
  }, [pathname, isStale, refetch]);

  const badge = unreadBadge(unread);
  return (
    <NavLink
      to={to}
      aria-label={bellLabel(unread)}
      className={({ isActive }) =>
        cn('relative rounded-full p-2 hover:bg-slate-100', isActive ? 'text-brand-700' : 'text-slate-600')
      }
    >
      <BellIcon className="size-5" />
      {badge ? (
        <span
          aria-hidden="true"
          data-testid="unread-badge"
          className="absolute -top-0.5 -inset-e-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white"
        >
          {badge}
        </span>
      ) : null}
    </NavLink>
  );
};
