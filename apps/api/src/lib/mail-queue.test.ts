import { eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, uniqueEmail } from '../../test/helpers';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import type { Database, Db } from '../db/client';
import { outgoingMail } from '../db/schema';
import { createSmtpMailer, type Mailer } from './mail';
import { claimDueMail, MAIL_MAX_ATTEMPTS, MailWorker, retryDelayMs } from './mail-queue';
import { pruneExpired } from './pruning';
import { signUnsubscribeToken, UNSUBSCRIBE_LINE, unsubscribePageUrl } from './unsubscribe';

const PUBLIC_URL = 'https://learn.example.com';

type QueuedMessage = { to: string; subject: string; text: string; html?: string | null };

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
  new MailWorker({ db: database.db, mailer, log, publicUrl: PUBLIC_URL, ...options });

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
  test('sends due messages, marks them sent and adds List-Unsubscribe only to notification e-mails', async () => {
    const receiptTo = uniqueEmail('receipt');
    const noticeTo = uniqueEmail('notice');
    const token = signUnsubscribeToken('secret-for-this-test'.padEnd(40, 'x'), 42);
    const notice = `Hello,\n\nNew lesson.\n\nSkillwise\n\n-- \n${UNSUBSCRIBE_LINE}${unsubscribePageUrl(PUBLIC_URL, token)}`;
    await enqueueMail(database.db, [
      message(receiptTo),
      message(noticeTo, { subject: 'New lesson in "Knots"', text: notice }),
    ]);

    expect(await worker().runOnce()).toMatchObject({ sent: 2, failed: 0 });

    const [receipt] = smtp.to(receiptTo);
    expect(receipt).toMatch(/^From: Skillwise <no-reply@example.com>/m);
    expect(receipt).toMatch(/^Subject: Your receipt/m);
    expect(receipt).toContain('Thank you for your purchase.');
    expect(receipt).not.toMatch(/^List-Unsubscribe/im);

    const [sentNotice] = smtp.to(noticeTo);
    expect(sentNotice).toContain(`${PUBLIC_URL}/unsubscribe?token=${token}`);
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

  test('an unsubscribe link to another site, or before the last line, adds no header', async () => {
    const to = uniqueEmail('spoof');
    const token = signUnsubscribeToken('x'.repeat(40), 7);
    await enqueueMail(database.db, [
      message(to, { text: `Hi\n${UNSUBSCRIBE_LINE}https://evil.example.com/unsubscribe?token=${token}` }),
      message(to, { text: `${UNSUBSCRIBE_LINE}${PUBLIC_URL}/unsubscribe?token=${token}\nMore text` }),
    ]);
    await drain(worker());
    const sent = smtp.to(to);
    expect(sent).toHaveLength(2);
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
