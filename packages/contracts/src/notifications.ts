import { z } from 'zod';
import { flagSchema } from './authoring';
import { expected, idSchema } from './common';

/**
 * What a user is told in My Notification (README "Additions"): a student of an enrolment by a school,
 * a purchase (with a receipt by e-mail), a new lesson in an enrolled course and a certificate; a
 * publisher of its sales and of students newly joining its organisation; `refunded`: a buyer of a payment
 * given back (with a refund receipt by e-mail) and of the school's answer to their refund request, a
 * publisher of each refund of its sales, of a refund request waiting for its answer and of a dispute;
 * `quiz_graded`: a student whose quiz attempt the school finished grading (docs/decisions/034);
 * `section_opened`: a student of a scheduled section of its course that opened (docs/decisions/032).
 */
export const NOTIFICATION_KINDS = [
  'enrolled',
  'purchased',
  'lesson_published',
  'certificate_issued',
  'sale',
  'new_student',
  'refunded',
  'plan',
  'quiz_graded',
  'section_opened',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** notifications/GetMyNotifications' page size when only `page` is given, and what the web app asks for. */
export const NOTIFICATIONS_PAGE_SIZE = 10;
/** The most ids one notifications/MarkRead call takes (a page's worth, with room to spare). */
export const MARK_READ_MAX_IDS = 100;
/** How often the bell asks for the unread count while a page stays open, at most. */
export const UNREAD_COUNT_REFRESH_MS = 60_000;

/** One notification, newest first in the list; `read` is false until the user marks it read. */
export const notificationSchema = z.object({
  notification_Id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path in the web app the notification leads to; '' when there is none. */
  link: z.string(),
  read: z.boolean(),
  created_date: z.string(),
  read_date: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** notifications/GetUnreadCount: the caller's unread notifications (the bell's number). */
export const unreadCountSchema = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * notifications/MarkRead: the caller's notifications with these ids (another user's are left alone), or
 * all of them with `all: true`; exactly one of the two.
 */
export const markReadBodySchema = z
  .object({
    ids: z
      .array(idSchema, expected('a list of notification ids'))
      .min(1, 'must list at least one id')
      .max(MARK_READ_MAX_IDS, `must list at most ${MARK_READ_MAX_IDS} ids`)
      .optional(),
    all: z.literal(true, { error: 'must be true' }).optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.ids === undefined) === (body.all === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'give either ids or all: true' });
    }
  });
export type MarkReadBody = z.input<typeof markReadBodySchema>;

/** notifications/MarkRead's answer: how many changed, and the unread count after it. */
export const markReadResultSchema = z.object({ marked: z.number(), unread: z.number() });
export type MarkReadResult = z.infer<typeof markReadResultSchema>;

/** An unsubscribe token: the user's id and an HMAC-SHA256 of it (base64url), as the e-mails carry it. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^\d{1,10}\.[A-Za-z0-9_-]{43}$/;

/** notifications/Unsubscribe: the token from an e-mail's link; no login. */
export const unsubscribeBodySchema = z.object({
  token: z
    .string(expected('text'))
    .trim()
    .min(1, 'is required')
    .max(200, 'is not a valid unsubscribe link')
    .regex(UNSUBSCRIBE_TOKEN_PATTERN, 'is not a valid unsubscribe link'),
});
export type UnsubscribeBody = z.input<typeof unsubscribeBodySchema>;

/** notifications/GetPreferences and SavePreferences: whether notification e-mails are sent (receipts always are). */
export const notificationPreferencesSchema = z.object({ email_notifications: z.boolean() });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const savePreferencesBodySchema = z.object({ email_notifications: flagSchema });
export type SavePreferencesBody = z.input<typeof savePreferencesBodySchema>;

/** notifications/Unsubscribe's answer. */
export const unsubscribeResultSchema = z.object({ message: z.string(), email_notifications: z.boolean() });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

/** What the unsubscribe page and call say once e-mails are off. */
export const UNSUBSCRIBED_MESSAGE =
  'You will no longer receive notification e-mails. Receipts for your purchases are still sent.';
/** What an altered or made-up unsubscribe link is answered. */
export const INVALID_UNSUBSCRIBE_MESSAGE =
  'This unsubscribe link is not valid. Sign in and turn e-mails off in My Notification instead.';
