import { eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, TEST_KEYS, uniqueEmail } from '../../test/helpers';
import { decodeWords, parseMail } from '../../test/mime';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import type { Database, Db } from '../db/client';
import { organisations, outgoingMail, users } from '../db/schema';
import { createSmtpMailer, type Mailer } from './mail';
import {
  ABANDONED_SEND_ERROR,
  claimDueMail,
  MAIL_BATCH,
  MAIL_LEASE_MS,
  MAIL_MAX_ATTEMPTS,
  MAIL_SEND_DEADLINE_MS,
  MailWorker,
  retryDelayMs,
} from './mail-queue';
import { pruneExpired } from './pruning';
import {
  signUnsubscribeToken,
  UNSUBSCRIBE_LINE,
  unsubscribePageUrl,
  verifyUnsubscribeToken,
} from './unsubscribe';

const PUBLIC_URL = 'https://learn.example.com';

type QueuedMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  unsubscribeUserId?: number | null;
  orgId?: number | null;
};

/** Queues messages as the notifications module's statement does, in the caller's transaction. */
async function enqueueMail(db: Db, messages: QueuedMessage | QueuedMessage[]): Promise<void> {
  const list = Array.isArray(messages) ? messages : [messages];
  await db.insert(outgoingMail).values(list.map((m) => ({ ...m, html: m.html ?? null })));
}

let database: Database;
let smtp: TestSmtpServer;
let mailer: Mailer;
const logged: Array<{ level: string; entry: unknown }> = [];
const log = {
  info: () => {},
  warn: (entry: unknown) => logged.push({ level: 'warn', entry }),
  error: (entry: unknown) => logged.push({ level: 'error', entry }),
} as unknown as FastifyBaseLogger;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpServer();
  mailer = createSmtpMailer(smtp.url, 'Skillwise <no-reply@example.com>');
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
  await database.close();
});
afterEach(() => {
  smtp.refuse = false;
});

const worker = (options: Partial<ConstructorParameters<typeof MailWorker>[0]> = {}) =>
  new MailWorker({
    db: database.db,
    mailer,
    log,
    publicUrl: PUBLIC_URL,
    unsubscribeKey: TEST_KEYS.unsubscribeLinks,
    ...options,
  });

const message = (to: string, extra: Partial<QueuedMessage> = {}): QueuedMessage => ({
  to,
  subject: 'Your receipt',
  text: 'Hello,\n\nThank you for your purchase.\n\nSkillwise',
  ...extra,
});

const rowsTo = (...to: string[]) =>
  database.db.select().from(outgoingMail).where(inArray(outgoingMail.to, to));

/** Runs rounds until nothing due is left (a worker claims a batch at a time). */
async function drain(w: MailWorker) {
  for (let round = 0; round < 20; round += 1) {
    const { sent, failed } = await w.runOnce();
    if (sent + failed === 0) return;
  }
}

describe('queueing', () => {
  test('a message queued in a transaction that rolls back is never sent; one that commits is', async () => {
    const lost = uniqueEmail('rolled-back');
    const kept = uniqueEmail('committed');
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, message(lost));
        throw new Error('the purchase failed');
      }),
    ).rejects.toThrow('the purchase failed');
    await database.db.transaction(async (tx) => enqueueMail(tx, message(kept)));
    expect(await rowsTo(lost)).toEqual([]);
    expect(await rowsTo(kept)).toHaveLength(1);

    await drain(worker());
    expect(smtp.to(lost)).toEqual([]);
    expect(smtp.to(kept)).toHaveLength(1);
  });
});

describe('the worker, against a real SMTP server', () => {
  test('sends due messages, marks them sent and signs the unsubscribe line and List-Unsubscribe of notification e-mails only', async () => {
    const receiptTo = uniqueEmail('receipt');
    const noticeTo = uniqueEmail('notice');
    const [account] = await database.db
      .insert(users)
      .values({ email: noticeTo, passwordHash: 'x', fullName: 'Nora Notice', roleId: 3 })
      .returning({ id: users.id });
    const userId = account?.id ?? 0;
    const token = signUnsubscribeToken(TEST_KEYS.unsubscribeLinks, userId);
    // The queued row holds no link: it is signed as the message goes.
    const notice = 'Hello,\n\nNew lesson.\n\nSkillwise\n\n-- \nYou get these e-mails because ...\n';
    await enqueueMail(database.db, [
      message(receiptTo),
      message(noticeTo, { subject: 'New lesson in "Knots"', text: notice, unsubscribeUserId: userId }),
    ]);

    expect(await worker().runOnce()).toMatchObject({ sent: 2, failed: 0 });

    const [receipt] = smtp.to(receiptTo);
    expect(receipt).toMatch(/^From: Skillwise <no-reply@example.com>/m);
    expect(receipt).toMatch(/^Subject: Your receipt/m);
    expect(receipt).toContain('Thank you for your purchase.');
    expect(receipt).not.toMatch(/^List-Unsubscribe/im);

    const [sentNotice] = smtp.to(noticeTo);
    expect(sentNotice).toContain(`${UNSUBSCRIBE_LINE}${unsubscribePageUrl(PUBLIC_URL, token)}`);
    expect(verifyUnsubscribeToken(TEST_KEYS.unsubscribeLinks, token)).toBe(userId);
    expect(sentNotice).toMatch(
      new RegExp(
        `^List-Unsubscribe: <${PUBLIC_URL}/api/notifications/Unsubscribe\\?token=${token.replace('.', '\\.')}>`,
        'm',
      ),
    );
    expect(sentNotice).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    for (const row of await rowsTo(receiptTo, noticeTo)) {
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row).toMatchObject({ attempts: 1, lastError: null });
    }
    // Sent is sent: another round sends nothing again.
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.to(receiptTo)).toHaveLength(1);
  });

  test('a school’s notice goes out in its name as HTML and plain text, both with the link signed at send', async () => {
    const to = uniqueEmail('school');
    const school = 'Acme <b>&" Academy';
    const [org] = await database.db
      .insert(organisations)
      .values({ name: school, url: 'https://acme.example.com', primaryEmail: uniqueEmail('acme') })
      .returning({ id: organisations.id });
    const [account] = await database.db
      .insert(users)
      .values({ email: to, passwordHash: 'x', fullName: 'Sam <i>Student</i>', roleId: 3 })
      .returning({ id: users.id });
    const userId = account?.id ?? 0;
    const token = signUnsubscribeToken(TEST_KEYS.unsubscribeLinks, userId);
    const text = `Hello Sam <i>Student</i>,\n\nNew lesson in "Knots & Ropes"\n${PUBLIC_URL}/students/takeCourse?id=4&from=mail\n\n${school} on Skillwise\n\n-- \nYou get these e-mails because notification e-mails are on for your account.\n`;
    await enqueueMail(database.db, [
      message(to, {
        subject: 'New lesson in "Knots & Ropes"',
        text,
        unsubscribeUserId: userId,
        orgId: org?.id ?? 0,
      }),
    ]);
    await drain(worker());

    const [raw] = smtp.to(to);
    const mail = parseMail(raw ?? '');
    expect(mail.contentType).toMatch(/^multipart\/alternative;/);
    // The sender is named for the school (its name kept as text, quoted or encoded), at MAIL_FROM's address.
    const from = decodeWords(mail.headers.from ?? '');
    expect(from).toContain('no-reply@example.com');
    expect(from.replace(/\\"/g, '"')).toContain(`${school} via Skillwise`);
    expect(decodeWords(mail.headers.subject ?? '')).toBe('New lesson in "Knots & Ropes"');

    const link = unsubscribePageUrl(PUBLIC_URL, token);
    expect(mail.text).toBe(`${text}${UNSUBSCRIBE_LINE}${link}`);
    const html = mail.html ?? '';
    expect(html).toMatch(/^<!doctype html>/);
    // Everything from the text and the school's name is escaped: their markup stays text.
    expect(html).toContain('Acme &#60;b&#62;&#38;&#34; Academy');
    expect(html).toContain('Hello Sam &#60;i&#62;Student&#60;/i&#62;,');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<i>');
    expect(html).toContain(
      `<a href="${PUBLIC_URL}/students/takeCourse?id=4&#38;from=mail" style="color:#4338ca">`,
    );
    expect(html).toContain(`<a href="${link}" style="color:#4338ca">${link}</a>`);
    expect(verifyUnsubscribeToken(TEST_KEYS.unsubscribeLinks, token)).toBe(userId);
  });

  test('a link written into the text by anyone but the queue adds no header', async () => {
    const to = uniqueEmail('spoof');
    const token = signUnsubscribeToken(TEST_KEYS.unsubscribeLinks, 7);
    await enqueueMail(database.db, [
      message(to, { text: `Hi\n${UNSUBSCRIBE_LINE}${PUBLIC_URL}/unsubscribe?token=${token}` }),
    ]);
    await drain(worker());
    const sent = smtp.to(to);
    expect(sent).toHaveLength(1);
    for (const raw of sent) expect(raw).not.toMatch(/^List-Unsubscribe/im);
  });

  test('a refusing server: the message waits with its error, is tried again later, then sent', async () => {
    const to = uniqueEmail('retry');
    await enqueueMail(database.db, message(to));
    smtp.refuse = true;
    const before = Date.now();
    expect(await worker().runOnce()).toMatchObject({ sent: 0, failed: 1 });

    let [row] = await rowsTo(to);
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toMatch(/550|Mailbox unavailable|rejected/i);
    // The next try waits a minute (then 2, 4 ... minutes).
    const wait = (row?.nextAttemptAt.getTime() ?? 0) - before;
    expect(wait).toBeGreaterThanOrEqual(retryDelayMs(1) - 5_000);
    expect(wait).toBeLessThanOrEqual(retryDelayMs(1) + 60_000);
    expect(logged.some((l) => l.level === 'warn')).toBe(true);

    // Not due yet: nothing is tried, even with the server back.
    smtp.refuse = false;
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.to(to)).toEqual([]);

    await database.db
      .update(outgoingMail)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outgoingMail.to, to));
    expect(await worker().runOnce()).toMatchObject({ sent: 1, failed: 0 });
    [row] = await rowsTo(to);
    expect(row).toMatchObject({ attempts: 2, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(smtp.to(to)).toHaveLength(1);
  });

  test('an unreachable server counts as a failure; after the last attempt the message is given up', async () => {
    const to = uniqueEmail('given-up');
    await enqueueMail(database.db, message(to));
    await database.db
      .update(outgoingMail)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .where(eq(outgoingMail.to, to));
    // Nothing listens on port 9 here: the connection is refused at once.
    const unreachable = createSmtpMailer('smtp://127.0.0.1:9', 'Skillwise <no-reply@example.com>');
    try {
      expect(await worker({ mailer: unreachable }).runOnce()).toMatchObject({ failed: 1 });
    } finally {
      unreachable.close();
    }
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, sentAt: null });
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(logged.some((l) => l.level === 'error')).toBe(true);

    // Given up: due or not, no worker takes it again.
    await database.db
      .update(outgoingMail)
      .set({ nextAttemptAt: sql`now() - interval '1 hour'` })
      .where(eq(outgoingMail.to, to));
    expect((await claimDueMail(database.db)).some((r) => r.to === to)).toBe(false);
  });

  test('the retry wait grows and is bounded', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30)).toBe(6 * 3600_000);
  });
});

describe('several workers', () => {
  test('workers running at once send each message exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const recipients = Array.from({ length: 30 }, (_, i) => uniqueEmail(`many${i}`));
    await enqueueMail(
      database.db,
      recipients.map((to) => message(to)),
    );
    const workers = [worker({ batch: 4 }), worker({ batch: 4 }), worker({ batch: 4 })];
    await Promise.all(workers.map((w) => drain(w)));
    for (const to of recipients) expect(smtp.to(to)).toHaveLength(1);
    const rows = await rowsTo(...recipients);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });

  test('a claimed message is left alone while its lease lasts, and taken again after (a worker died)', async () => {
    const to = uniqueEmail('leased');
    await enqueueMail(database.db, message(to));
    // A worker claims it, then dies before sending.
    const claimed = await claimDueMail(database.db, 100, 60_000);
    expect(claimed.some((row) => row.to === to)).toBe(true);
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0 });
    await database.db
      .update(outgoingMail)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outgoingMail.to, to));
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.to(to)).toHaveLength(1);
    const [row] = await rowsTo(to);
    expect(row?.attempts).toBe(2);
  });

  test('a message whose worker died on its last try is reported as given up, not left behind', async () => {
    const to = uniqueEmail('last-try');
    await enqueueMail(database.db, message(to));
    await database.db
      .update(outgoingMail)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .where(eq(outgoingMail.to, to));
    // A worker claims its last try, then dies before sending.
    expect((await claimDueMail(database.db, 100, 60_000)).some((row) => row.to === to)).toBe(true);
    await database.db
      .update(outgoingMail)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outgoingMail.to, to));
    logged.length = 0;
    await worker().runOnce();
    expect(smtp.to(to)).toEqual([]);
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({
      attempts: MAIL_MAX_ATTEMPTS,
      sentAt: null,
      inFlight: false,
      lastError: ABANDONED_SEND_ERROR,
    });
    expect(logged).toContainEqual({
      level: 'error',
      entry: { mailId: row?.id, attempts: MAIL_MAX_ATTEMPTS },
    });
    // Reported once: later rounds leave it as it is.
    logged.length = 0;
    await worker().runOnce();
    expect(logged).toEqual([]);
  });

  test('a server that never finishes answering fails the try at the deadline; the batch goes on', async () => {
    const stuck = uniqueEmail('stuck');
    const next = uniqueEmail('next');
    await enqueueMail(database.db, [message(stuck), message(next)]);
    const delivered: string[] = [];
    const hanging: Mailer = {
      kind: 'smtp',
      send: async (m) => {
        if (m.to === stuck) await new Promise<void>(() => {});
        delivered.push(m.to);
      },
      close: () => {},
    };
    expect(await worker({ mailer: hanging, sendDeadlineMs: 50 }).runOnce()).toEqual({ sent: 1, failed: 1 });
    expect(delivered).toEqual([next]);
    const [row] = await rowsTo(stuck);
    expect(row).toMatchObject({ sentAt: null, inFlight: false });
    expect(row?.lastError).toMatch(/no answer from the mail server/);
  });

  test('the lease outlasts a batch in which every message runs to its deadline', () => {
    expect(MAIL_LEASE_MS).toBeGreaterThan(MAIL_BATCH * MAIL_SEND_DEADLINE_MS);
  });
});

describe('running in the background', () => {
  test('start sends what is queued; stop waits for the round and nothing is sent after it', async () => {
    const first = uniqueEmail('started');
    await enqueueMail(database.db, message(first));
    const w = worker({ pollMs: 50 });
    w.start();
    try {
      for (let waited = 0; waited < 10_000 && smtp.to(first).length === 0; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(smtp.to(first)).toHaveLength(1);
    } finally {
      await w.stop();
    }
    const after = uniqueEmail('after-stop');
    await enqueueMail(database.db, message(after));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(after)).toEqual([]);
    // Left for the next worker: still queued.
    expect((await rowsTo(after))[0]?.sentAt).toBeNull();
    await drain(worker());
  });
});

describe('pruning', () => {
  test('sent messages go after a week, given-up ones after a month; the rest stay', async () => {
    const [recentSent, oldSent, queued, oldGivenUp] = ['recent', 'old', 'queued', 'given-up'].map((p) =>
      uniqueEmail(`prune-${p}`),
    ) as [string, string, string, string];
    await enqueueMail(database.db, [
      message(recentSent),
      message(oldSent),
      message(queued),
      message(oldGivenUp),
    ]);
    const set = (to: string, values: PgUpdateSetSource<typeof outgoingMail>) =>
      database.db.update(outgoingMail).set(values).where(eq(outgoingMail.to, to));
    await set(recentSent, { sentAt: sql`now() - interval '6 days'` });
    await set(oldSent, { sentAt: sql`now() - interval '8 days'` });
    await set(queued, { nextAttemptAt: sql`now() + interval '1 hour'` });
    await set(oldGivenUp, { attempts: MAIL_MAX_ATTEMPTS, nextAttemptAt: sql`now() - interval '31 days'` });
    const pruned = await pruneExpired(database.db, { windowSeconds: 900 });
    expect(pruned.mail).toBeGreaterThanOrEqual(2);
    const left = (await rowsTo(recentSent, oldSent, queued, oldGivenUp)).map((row) => row.to).sort();
    expect(left).toEqual([queued, recentSent].sort());
  });
});
