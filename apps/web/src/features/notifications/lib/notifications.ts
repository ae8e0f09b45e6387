import type { Notification } from '@skillwise/contracts';
import { formatCount, formatDateTime } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';

/** The bell's badge: nothing for none, the number up to 99, then '99+'. */
export const unreadBadge = (unread: number): string =>
  unread <= 0 ? '' : unread > 99 ? `${formatCount(99)}+` : formatCount(unread);

/** The bell's accessible name, which says the count the badge shows. */
export const bellLabel = (unread: number): string =>
  unread > 99
    ? t('learning.notifications.bellMany')
    : unread > 0
      ? t('learning.notifications.bellUnread', { count: formatCount(unread) })
      : t('learning.notifications.bell');

/** When a notification came, as people say it: 'just now', '5 minutes ago', '3 hours ago', else the date. */
export const whenText = (iso: string, now = Date.now()): string => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const minutes = Math.floor((now - time) / 60_000);
  if (minutes < 1) return t('learning.notifications.justNow');
  if (minutes < 60) return t('learning.notifications.minutesAgo', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('learning.notifications.hoursAgo', { count: hours });
  return formatDateTime(time);
};

/** What a notification's link does in the publisher's area: an admin screen chosen by its key, or a path. */
export type NotificationTarget = { section: string } | { path: string } | null;

/**
 * Where a notification leads: `/admin?section=users` names a screen of the publisher's shell (chosen by a
 * key, it has no path of its own); any other link is a path in the app. Only paths of this app count.
 */
export const targetOf = (notification: Pick<Notification, 'link'>): NotificationTarget => {
  const { link } = notification;
  if (!link.startsWith('/') || link.startsWith('//')) return null;
  const url = new URL(link, 'http://app.invalid');
  const section = url.searchParams.get('section');
  if (url.pathname === '/admin' && section) return { section };
  return { path: `${url.pathname}${url.search}` };
};
