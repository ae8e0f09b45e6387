import type { KeyObject } from 'node:crypto';
import {
  INVALID_UNSUBSCRIBE_MESSAGE,
  type MarkReadResult,
  type Notification,
  type NotificationPreferences,
  type Paged,
  UNSUBSCRIBED_MESSAGE,
  type UnsubscribeResult,
} from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { type ListQuery, mapPage } from '../../lib/paging';
import { verifyUnsubscribeToken } from '../../lib/unsubscribe';
import type { Actor } from '../../plugins/auth';
import {
  countUnread,
  findEmailPreference,
  listNotifications,
  markRead,
  type NotificationRow,
  setEmailPreference,
} from './notifications.repository';

const toNotification = (row: NotificationRow): Notification => ({
  notification_Id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  read: row.readAt !== null,
  created_date: row.createdAt.toISOString(),
  read_date: row.readAt?.toISOString() ?? null,
});

/** My Notification (notifications.routes.ts): a user's own notifications, and its e-mail switch. */
export class InboxService {
  constructor(
    private readonly deps: {
      db: Db;
      /** The unsubscribe-link key (lib/keys.ts). */
      unsubscribeKey: KeyObject;
      /** The root secret, which signed the links of e-mails sent before keys were derived per purpose. */
      legacyUnsubscribeSecret?: string | undefined;
    },
  ) {}

  /** notifications/GetMyNotifications: the caller's own, newest first. */
  async list(actor: Actor, list: ListQuery): Promise<Paged<Notification>> {
    return mapPage(await listNotifications(this.deps.db, actor.userId, list), toNotification);
  }

  /** notifications/GetUnreadCount */
  async unreadCount(actor: Actor): Promise<{ unread: number }> {
    return { unread: await countUnread(this.deps.db, actor.userId) };
  }

  /** notifications/MarkRead: only the caller's own notifications change; another user's ids do nothing. */
  async markRead(actor: Actor, which: number[] | 'all'): Promise<MarkReadResult> {
    const { db } = this.deps;
    const marked = await markRead(db, actor.userId, which);
    return { marked, unread: await countUnread(db, actor.userId) };
  }

  /** notifications/GetPreferences */
  async preferences(actor: Actor): Promise<NotificationPreferences> {
    const on = await findEmailPreference(this.deps.db, actor.userId);
    if (on === undefined) throw notFound('Account');
    return { email_notifications: on };
  }

  /** notifications/SavePreferences: the caller's own e-mail switch. */
  async savePreferences(actor: Actor, on: boolean): Promise<NotificationPreferences> {
    if (!(await setEmailPreference(this.deps.db, actor.userId, on))) throw notFound('Account');
    return { email_notifications: on };
  }

  /** notifications/Unsubscribe: the signed link of an e-mail turns its account's e-mails off, no login. */
  async unsubscribe(token: string): Promise<UnsubscribeResult> {
    const { unsubscribeKey, legacyUnsubscribeSecret } = this.deps;
    const userId = verifyUnsubscribeToken(unsubscribeKey, token, legacyUnsubscribeSecret);
    if (userId === undefined || !(await setEmailPreference(this.deps.db, userId, false))) {
      throw new AppError('VALIDATION', INVALID_UNSUBSCRIBE_MESSAGE, [
        { field: 'token', message: 'is not a valid unsubscribe link' },
      ]);
    }
    return { message: UNSUBSCRIBED_MESSAGE, email_notifications: false };
  }
}
