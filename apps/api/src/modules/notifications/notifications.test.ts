import { createHmac } from 'node:crypto';
import {
  INVALID_UNSUBSCRIBE_MESSAGE,
  markReadResultSchema,
  notificationPreferencesSchema,
  notificationSchema,
  UNSUBSCRIBED_MESSAGE,
  unreadCountSchema,
} from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, TEST_KEYS, TEST_SECRET, type TestContext } from '../../../test/helpers';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { users } from '../../db/schema';
import { deriveAppKeys } from '../../lib/keys';
import { createSmtpMailer } from '../../lib/mail';
import { MailWorker } from '../../lib/mail-queue';
import { signUnsubscribeToken } from '../../lib/unsubscribe';
import { NotificationService } from './notifications.service';

let ctx: TestContext;
let service: NotificationService;
beforeAll(async () => {
  ctx = await createTestContext();
  service = new NotificationService({
    db: ctx.database.db,
    unsubscribeKey: TEST_KEYS.unsubscribeLinks,
    publicUrl: ctx.config.publicUrl,
  });
});
afterAll(async () => ctx.close());

const get = (url: string, token?: string) =>
  call(ctx.app, { method: 'GET', url, ...(token ? { token } : {}) });
const markRead = (token: string | undefined, body: unknown) =>
  call(ctx.app, { method: 'PUT', url: '/api/notifications/MarkRead', body, ...(token ? { token } : {}) });
const unsubscribe = (body: unknown, url = '/api/notifications/Unsubscribe') =>
  call(ctx.app, { method: 'POST', url, body });

/** Three certificates for the student, oldest first. */
async function threeNotifications(student: TestUser) {
  for (const title of ['Knots', 'Charts', 'Tides']) {
    await service.certificateIssued({
      userId: student.userId,
      number: `N-${student.userId}-${title}`,
      courseTitle: title,
    });
  }
}

const listOf = async (token: string, query = '') => {
  const res = await get(`/api/notifications/GetMyNotifications${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: notificationSchema.array().parse(res.json()), total: res.headers['x-total-count'] };
};

const unreadOf = async (token: string) => {
  const res = await get('/api/notifications/GetUnreadCount', token);
  expect(res.statusCode).toBe(200);
  return unreadCountSchema.parse(res.json()).unread;
};

describe('notifications/GetMyNotifications and GetUnreadCount', () => {
  test('a user lists its own, newest first, paged and searched, with the unread count', async () => {
    const student = await createStudent(ctx);
    const other = await createStudent(ctx);
    await threeNotifications(student);
    await threeNotifications(other);

    const all = await listOf(student.token);
    expect(all.total).toBe('3');
    expect(all.rows.map((n) => n.title)).toEqual([
      'Your certificate for "Tides"',
      'Your certificate for "Charts"',
      'Your certificate for "Knots"',
    ]);
    expect(all.rows.every((n) => !n.read && n.read_date === null && n.kind === 'certificate_issued')).toBe(
      true,
    );

    const page2 = await listOf(student.token, '?page=2&pageSize=2');
    expect(page2).toMatchObject({ total: '3' });
    expect(page2.rows.map((n) => n.title)).toEqual(['Your certificate for "Knots"']);
    const searched = await listOf(student.token, '?search=chart');
    expect(searched.rows.map((n) => n.title)).toEqual(['Your certificate for "Charts"']);
    expect(searched.total).toBe('1');

    expect(await unreadOf(student.token)).toBe(3);
  });

  test('a publisher reads its own notifications too', async () => {
    const publisher = await createPublisher(ctx);
    const student = await createStudent(ctx, 'Nina New');
    await service.studentJoined({ orgId: publisher.orgId ?? 0, userId: student.userId });
    const { rows } = await listOf(publisher.token);
    expect(rows.map((n) => [n.kind, n.title])).toEqual([['new_student', 'New student: Nina New']]);
    expect(await unreadOf(publisher.token)).toBe(1);
  });

  test('no token is a 401; bad paging is a 400 naming the field', async () => {
    for (const url of ['/api/notifications/GetMyNotifications', '/api/notifications/GetUnreadCount']) {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
    }
    const student = await createStudent(ctx);
    for (const [query, field] of [
      ['pageSize=0', 'pageSize'],
      ['page=x', 'page'],
      [`search=${'a'.repeat(101)}`, 'search'],
    ]) {
      const res = await get(`/api/notifications/GetMyNotifications?${query}`, student.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
  });
});

describe('notifications/MarkRead', () => {
  test('marks the caller’s ids, or all; another user’s ids change nothing', async () => {
    const student = await createStudent(ctx);
    const other = await createStudent(ctx);
    await threeNotifications(student);
    await threeNotifications(other);
    const mine = (await listOf(student.token)).rows;
    const theirs = (await listOf(other.token)).rows;

    const one = await markRead(student.token, { ids: [mine[0]?.notification_Id] });
    expect(one.statusCode, one.body).toBe(200);
    expect(markReadResultSchema.parse(one.json())).toEqual({ marked: 1, unread: 2 });
    const after = (await listOf(student.token)).rows;
    expect(after[0]).toMatchObject({ read: true });
    expect(after[0]?.read_date).not.toBeNull();

    // Another user's ids, even mixed with one's own already read: nothing changes for either.
    const foreign = await markRead(student.token, {
      ids: [...theirs.map((n) => n.notification_Id), mine[0]?.notification_Id],
    });
    expect(foreign.json()).toEqual({ marked: 0, unread: 2 });
    expect(await unreadOf(other.token)).toBe(3);

    const all = await markRead(student.token, { all: true });
    expect(all.json()).toEqual({ marked: 2, unread: 0 });
    expect((await listOf(student.token)).rows.every((n) => n.read)).toBe(true);
    expect(await unreadOf(other.token)).toBe(3);
  });

  test('no token is a 401; bad input is a 400 naming the field', async () => {
    expect((await markRead(undefined, { all: true })).statusCode).toBe(401);
    const student = await createStudent(ctx);
    const cases: Array<[unknown, string]> = [
      [{}, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: ['x'] }, 'ids.0'],
      [{ ids: [1], all: true }, 'ids'],
      [{ all: false }, 'all'],
      [{ ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'ids'],
      [[1, 2], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await markRead(student.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });
});

describe('notifications/GetPreferences and SavePreferences', () => {
  test('each user reads and sets its own e-mail switch', async () => {
    const student = await createStudent(ctx);
    const other = await createStudent(ctx);
    const read = async (token: string) => {
      const res = await get('/api/notifications/GetPreferences', token);
      expect(res.statusCode).toBe(200);
      return notificationPreferencesSchema.parse(res.json());
    };
    expect(await read(student.token)).toEqual({ email_notifications: true });
    const saved = await call(ctx.app, {
      method: 'PUT',
      url: '/api/notifications/SavePreferences',
      token: student.token,
      body: { email_notifications: false },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ email_notifications: false });
    expect(await read(student.token)).toEqual({ email_notifications: false });
    expect(await read(other.token)).toEqual({ email_notifications: true });
  });

  test('no token is a 401; a bad value is a 400 naming email_notifications', async () => {
    expect((await get('/api/notifications/GetPreferences')).statusCode).toBe(401);
    const noToken = await call(ctx.app, {
      method: 'PUT',
      url: '/api/notifications/SavePreferences',
      body: { email_notifications: false },
    });
    expect(noToken.statusCode).toBe(401);
    const student = await createStudent(ctx);
    for (const body of [{}, { email_notifications: 'maybe' }]) {
      const res = await call(ctx.app, {
        method: 'PUT',
        url: '/api/notifications/SavePreferences',
        token: student.token,
        body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe('email_notifications');
    }
  });
});

describe('notifications/Unsubscribe', () => {
  const emailOn = async (userId: number) =>
    (await ctx.database.db.select().from(users).where(eq(users.id, userId)))[0]?.emailNotifications;

  test('a signed token turns the account’s e-mails off without a login; only that account’s', async () => {
    const student = await createStudent(ctx);
    const other = await createStudent(ctx);
    const res = await unsubscribe({
      token: signUnsubscribeToken(TEST_KEYS.unsubscribeLinks, student.userId),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: UNSUBSCRIBED_MESSAGE, email_notifications: false });
    expect(await emailOn(student.userId)).toBe(false);
    expect(await emailOn(other.userId)).toBe(true);
    // Twice is fine.
    expect(
      (await unsubscribe({ token: signUnsubscribeToken(TEST_KEYS.unsubscribeLinks, student.userId) }))
        .statusCode,
    ).toBe(200);
  });

  test('a link from an e-mail sent before keys were derived per purpose still works', async () => {
    const student = await createStudent(ctx);
    // Such links were signed with the root secret itself.
    const legacy = `${student.userId}.${createHmac('sha256', TEST_SECRET).update(`unsubscribe:${student.userId}`).digest('base64url')}`;
    expect(legacy).not.toBe(signUnsubscribeToken(TEST_KEYS.unsubscribeLinks, student.userId));
    const res = await unsubscribe({ token: legacy });
    expect(res.statusCode, res.body).toBe(200);
    expect(await emailOn(student.userId)).toBe(false);
  });

  test('the one-click form post of a mail program, with the token in the URL', async () => {
    const student = await createStudent(ctx);
    const token = signUnsubscribeToken(TEST_KEYS.unsubscribeLinks, student.userId);
    const res = await call(ctx.app, {
      method: 'POST',
      url: `/api/notifications/Unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await emailOn(student.userId)).toBe(false);
  });

  test('an altered, foreign or malformed token is refused and changes nothing', async () => {
    const student = await createStudent(ctx);
    const other = await createStudent(ctx);
    const good = signUnsubscribeToken(TEST_KEYS.unsubscribeLinks, student.userId);
    const [, signature] = good.split('.');
    const cases: unknown[] = [
      {
        token: signUnsubscribeToken(
          deriveAppKeys('another-secret'.padEnd(40, 'y')).unsubscribeLinks,
          student.userId,
        ),
      },
      // Another user's id with this user's signature.
      { token: `${other.userId}.${signature}` },
      { token: `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}` },
      { token: signUnsubscribeToken(TEST_KEYS.unsubscribeLinks, 2_000_000_000) },
    ];
    for (const body of cases) {
      const res = await unsubscribe(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({
        message: INVALID_UNSUBSCRIBE_MESSAGE,
        details: [{ field: 'token' }],
      });
    }
    for (const body of [
      {},
      { token: '' },
      { token: 'abc' },
      { token: 5 },
      { token: `1.${'a'.repeat(300)}` },
    ]) {
      const res = await unsubscribe(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details[0].field).toBe('token');
    }
    expect(await emailOn(student.userId)).toBe(true);
    expect(await emailOn(other.userId)).toBe(true);
  });
});

describe('through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp.close());

  test('the e-mail arrives with a link and a List-Unsubscribe header that turn e-mails off; receipts still come', async () => {
    const publisher = await createPublisher(ctx);
    const course = await createCourse(ctx, publisher.orgId ?? 0, { title: 'Mail Course' });
    const student = await createStudent(ctx, 'Mo Mail');
    await service.enrolled({ userId: student.userId, courseId: course.id });
    const mailer = createSmtpMailer(smtp.url, 'Skillwise <no-reply@example.com>');
    const log = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
    const worker = new MailWorker({
      db: ctx.database.db,
      mailer,
      log,
      publicUrl: ctx.config.publicUrl,
      unsubscribeKey: TEST_KEYS.unsubscribeLinks,
    });
    const drain = async () => {
      while ((await worker.runOnce()).sent > 0);
    };
    try {
      await drain();
      const [raw] = smtp.to(student.email);
      expect(raw).toMatch(/^Subject: You were enrolled in "Mail Course"/m);
      expect(raw).toContain('Hello Mo Mail,');
      const link = raw?.match(/(https?:\/\/\S+\/unsubscribe\?token=(\S+))$/m);
      expect(link?.[1]?.startsWith(`${ctx.config.publicUrl}/unsubscribe?token=`)).toBe(true);
      const header = raw?.match(/^List-Unsubscribe: <([^>]+)>/m)?.[1] ?? '';
      expect(header).toBe(`${ctx.config.publicUrl}/api/notifications/Unsubscribe?token=${link?.[2]}`);

      // The mail program's one-click post, to the header's URL.
      const res = await call(ctx.app, {
        method: 'POST',
        url: header.replace(ctx.config.publicUrl, ''),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);

      // Off: a new lesson is in the app only; a receipt is e-mailed all the same.
      await service.certificateIssued({
        userId: student.userId,
        number: 'MAIL-1',
        courseTitle: 'Mail Course',
      });
      await service.coursePurchased({
        orderId: 987654,
        userId: student.userId,
        courseId: course.id,
        amountCents: 1999,
        currency: 'USD',
        reference: 'SBX-TEST',
        capturedAt: new Date('2026-03-04T14:05:00Z'),
      });
      await drain();
      const all = smtp.to(student.email);
      expect(all).toHaveLength(2);
      expect(all[1]).toMatch(/^Subject: Receipt for "Mail Course"/m);
      expect(all[1]).toContain('Amount: $19.99 USD');
      expect(all[1]).toContain('Date: Mar 4, 2026, 2:05 PM UTC');
      expect(all[1]).not.toMatch(/^List-Unsubscribe/m);
      expect((await listOf(student.token)).rows.map((n) => n.kind)).toEqual([
        'purchased',
        'certificate_issued',
        'enrolled',
      ]);
    } finally {
      mailer.close();
    }
  });
});
