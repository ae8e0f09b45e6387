import { NotificationCenter } from '@/features/notifications/components/notification-center';
import { useT } from '@/lib/i18n/use-t';
import { isAdminSectionKey } from '@/lib/paths';
import { useAdminSection } from './admin-layout';

/** /admin/notifications: the publisher's notifications (sales, new students), led to from the bell. */
export const AdminNotificationsPage = () => {
  const t = useT();
  const { selectSection } = useAdminSection();
  return (
    <NotificationCenter
      title={t('admin.adminRoutes.notifications.title')}
      emailHint={t('admin.adminRoutes.notifications.emailHint')}
      emptyHint={t('admin.adminRoutes.notifications.emptyHint')}
      onOpenSection={(section) => {
        if (isAdminSectionKey(section)) selectSection(section);
      }}
    />
  );
};
