import { NotificationCenter } from '@/features/notifications/components/notification-center';
import { isAdminSectionKey } from '@/lib/paths';
import { useAdminSection } from './admin-layout';

/** /admin/notifications: the publisher's notifications (sales, new students), led to from the bell. */
export const AdminNotificationsPage = () => {
  const { selectSection } = useAdminSection();
  return (
    <NotificationCenter
      title="Notifications"
      emailHint="Sales and new students are e-mailed to you while this is on."
      emptyHint="Sales of your courses and students who join your school will appear here."
      onOpenSection={(section) => {
        if (isAdminSectionKey(section)) selectSection(section);
      }}
    />
  );
};
