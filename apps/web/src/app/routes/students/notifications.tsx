import { NotificationCenter } from '@/features/notifications/components/notification-center';
import { useT } from '@/lib/i18n/use-t';

/** SPEC §2.12 Notifications ('My Notification'): the student's notifications and its e-mail switch. */
export const NotificationsPage = () => {
  const t = useT();
  return (
    <NotificationCenter
      title={t('learning.learningRoutes.notifications.title')}
      emailHint={t('learning.learningRoutes.notifications.emailHint')}
      emptyHint={t('learning.learningRoutes.notifications.emptyHint')}
    />
  );
};
