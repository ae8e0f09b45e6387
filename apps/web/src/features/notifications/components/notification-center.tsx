import { NOTIFICATIONS_PAGE_SIZE, type Notification, type NotificationKind } from '@skillwise/contracts';
import { type ComponentType, type SVGProps, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import {
  AwardIcon,
  BellIcon,
  BookIcon,
  ChartIcon,
  CheckIcon,
  FileTextIcon,
  LockOpenIcon,
  PlayIcon,
  QuizIcon,
  UserPlusIcon,
} from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useMarkRead, useNotifications, useUnreadCount } from '../api/notifications';
import { type NotificationTarget, targetOf, whenText } from '../lib/notifications';
import { EmailSwitch } from './email-switch';

const PAGE_SIZE = NOTIFICATIONS_PAGE_SIZE;

const KIND_ICONS: Record<NotificationKind, ComponentType<SVGProps<SVGSVGElement>>> = {
  enrolled: BookIcon,
  purchased: FileTextIcon,
  lesson_published: PlayIcon,
  certificate_issued: AwardIcon,
  sale: ChartIcon,
  new_student: UserPlusIcon,
  refunded: FileTextIcon,
  plan: BellIcon,
  quiz_graded: QuizIcon,
  section_opened: LockOpenIcon,
};

type ItemProps = {
  notification: Notification;
  /** Opens a screen of the publisher's shell chosen by its key (`/admin?section=`). */
  onOpenSection?: ((section: string) => void) | undefined;
  onOpened: (notification: Notification) => void;
  onMarkRead: (notification: Notification) => void;
  isMarking: boolean;
};

const NotificationItem = ({ notification, onOpenSection, onOpened, onMarkRead, isMarking }: ItemProps) => {
  const t = useT();
  const Icon = KIND_ICONS[notification.kind] ?? BellIcon;
  const unread = !notification.read;
  const target: NotificationTarget = targetOf(notification);
  const title = (
    <span className={cn('block break-words', unread ? 'font-semibold text-slate-900' : 'text-slate-700')}>
      {notification.title}
    </span>
  );
  const titleClass =
    'rounded-md text-start hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500';
  // Screen readers hear which ones are new, as the highlight shows it.
  const label = unread ? t('learning.notifications.unreadLabel', { title: notification.title }) : undefined;
  let heading = title;
  if (target && 'path' in target) {
    heading = (
      <Link to={target.path} className={titleClass} aria-label={label} onClick={() => onOpened(notification)}>
        {title}
      </Link>
    );
  } else if (target && onOpenSection) {
    heading = (
      <button
        type="button"
        className={titleClass}
        aria-label={label}
        onClick={() => {
          onOpened(notification);
          onOpenSection(target.section);
        }}
      >
        {title}
      </button>
    );
  }
  return (
    <>
      <span
        aria-hidden="true"
        className={cn(
          'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full',
          unread ? 'bg-brand-100 text-brand-700' : 'bg-slate-100 text-slate-500',
        )}
      >
        <Icon className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm">{heading}</p>
        {notification.body ? (
          <p className="mt-1 text-sm break-words text-slate-600">{notification.body}</p>
        ) : null}
        <p className="mt-1.5 text-xs text-slate-500">
          <time dateTime={notification.created_date}>{whenText(notification.created_date)}</time>
        </p>
      </div>
      {unread ? (
        <button
          type="button"
          onClick={() => onMarkRead(notification)}
          disabled={isMarking}
          aria-label={t('learning.notifications.markReadLabel', { title: notification.title })}
          title={t('learning.notifications.markRead')}
          className="flex size-9 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
        >
          <span aria-hidden="true" className="size-2.5 rounded-full bg-brand-600" />
        </button>
      ) : null}
    </>
  );
};

/** A notification's list item: a new one is highlighted and marked (`data-unread`). */
const itemPropsOf = (notification: Notification) => ({
  className: cn('flex items-start gap-3 px-4 py-4 sm:gap-4 sm:px-5', !notification.read && 'bg-brand-50/50'),
  'data-unread': !notification.read || undefined,
});

type NotificationCenterProps = {
  /** The page's heading (SPEC §2.12: 'My Notification' in the student area). */
  title: string;
  /** What the empty list says may come. */
  emptyHint: string;
  /** What the e-mail switch says it covers. */
  emailHint: string;
  /** Opens a screen of the publisher's shell (its notifications name one by key). */
  onOpenSection?: (section: string) => void;
};

/**
 * My Notification: the signed-in user's notifications, newest first, unread ones marked, each leading where
 * it makes sense; "Mark all as read"; the e-mail switch.
 */
export const NotificationCenter = ({
  title,
  emptyHint,
  emailHint,
  onOpenSection,
}: NotificationCenterProps) => {
  const t = useT();
  const [page, setPage] = useState(1);
  const list = useNotifications({ page, pageSize: PAGE_SIZE });
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const pager = useListPager({ page, setPage }, list, {
    label: t('learning.notifications.pages'),
    pageSize: PAGE_SIZE,
    noun: [t('learning.notifications.nounOne'), t('learning.notifications.nounMany')],
  });
  const unreadCount = unread.data ?? list.data?.rows.filter((n) => !n.read).length ?? 0;

  const markAll = () =>
    markRead.mutate('all', {
      onSuccess: () => notify.success(t('learning.notifications.allMarked')),
      onError: (error) => notify.error(errorMessage(error, t('learning.notifications.markAllFailed'))),
    });
  const markOne = (notification: Notification) => {
    if (notification.read) return;
    markRead.mutate([notification.notification_Id], {
      onError: (error) => notify.error(errorMessage(error, t('learning.notifications.markOneFailed'))),
    });
  };

  const header = (
    <PageHeader
      title={title}
      description={
        list.data
          ? unreadCount > 0
            ? t('learning.notifications.unreadCount', { count: formatCount(unreadCount) })
            : t('learning.notifications.caughtUp')
          : undefined
      }
      actions={
        <Button
          variant="outline"
          size="sm"
          onClick={markAll}
          isLoading={markRead.isPending && markRead.variables === 'all'}
          loadingText={t('learning.notifications.marking')}
          disabled={unreadCount === 0 || markRead.isPending}
          leftIcon={<CheckIcon className="size-4" />}
        >
          {t('learning.notifications.markAll')}
        </Button>
      }
    />
  );

  return (
    <>
      {header}
      <div className="flex flex-col gap-6">
        <EmailSwitch hint={emailHint} />
        <DataList
          label={t('learning.notifications.list')}
          query={list}
          rowKey={(notification) => notification.notification_Id}
          itemProps={itemPropsOf}
          item={(notification) => (
            <NotificationItem
              notification={notification}
              onOpenSection={onOpenSection}
              onOpened={markOne}
              onMarkRead={markOne}
              isMarking={markRead.isPending}
            />
          )}
          loadingLabel={t('learning.notifications.loading')}
          errorText={t('learning.notifications.loadFailed')}
          empty={
            <EmptyState icon={<BellIcon />} title={t('learning.notifications.empty')} hint={emptyHint} />
          }
          pager={pager}
        />
      </div>
    </>
  );
};
