import { NotificationCenter } from '@/features/notifications/components/notification-center';

/** SPEC §2.12 Notifications ('My Notification'): the student's notifications and its e-mail switch. */
export const NotificationsPage = () => (
  <NotificationCenter
    title="My Notification"
    emailHint="Receipts for your purchases are always e-mailed."
    emptyHint="You will be told here when a school enrols you, a new lesson comes out in one of your courses, you buy a course or earn a certificate."
  />
);
