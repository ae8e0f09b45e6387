import type { KeyObject } from 'node:crypto';
import { DEFAULT_LOCALE, type Locale } from '@skillwise/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rowsOf } from '../db/client';
import { broadcastRecipients, organisations, outgoingMail } from '../db/schema';
import { type Mailer, type MailMessage, renderMailHtml } from './mail';
import { listUnsubscribeHeaders, signUnsubscribeToken, unsubscribeLine } from './unsubscribe';

/**
 * The mail queue (table outgoing_mail). A change that has something to tell writes its messages in its
 * own transaction (the notifications module's `recordNotifications`, one statement for any number of
 * recipients), so a change rolled back sends nothing and one committed is never lost with a crash; a
 * worker on every instance sends what is due (`MailWorker`). A slow or failing SMTP server never holds
 * a request.
 */

/** How many times a message is tried before it is given up (kept with its last error). */
export const MAIL_MAX_ATTEMPTS = 8;
/** How often an idle worker looks for due messages. */
export const MAIL_POLL_MS = 5_000;
/** Messages one worker claims at a time. */
export const MAIL_BATCH = 20;
/**
 * The longest one message may take to send: past it the try counts as failed and the batch goes on.
 * The SMTP transport gives up on a silent server sooner (lib/mail.ts), but a server that trickles its
 * answers, or timeouts raised in SMTP_URL, could otherwise hold a batch without end.
 */
export const MAIL_SEND_DEADLINE_MS = 30_000;
/**
 * A claimed message is the claiming worker's for this long: longer than a whole batch can take when every
 * message runs to its deadline, so no other worker takes a message that is still being sent. One whose
 * worker died is tried again afterwards (so a crash between sending and recording it may send it twice,
 * never zero), or reported as given up when that was its last try.
 */
export const MAIL_LEASE_MS = MAIL_BATCH * MAIL_SEND_DEADLINE_MS + 60_000;
/** Sent messages are kept this long (for support), then pruned; given-up ones a month. */
export const SENT_MAIL_KEPT_DAYS = 7;
export const FAILED_MAIL_KEPT_DAYS = 30;

/** The wait before the next try after `attempts` failed ones: 1, 2, 4 ... 64 minutes, then at most 6 hours. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);

type ClaimedRow = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  unsubscribe_user_id: number | null;
  /** The name of the school the message is about (outgoing_mail.org_id), read as it is claimed. */
  school: string | null;
  attempts: number;
  /** The school's message to its students this is one of (docs/decisions/036); null for other mail. */
  broadcast_id: number | null;
  /** The language it is written in; null (queued before languages) is English. */
  language: Locale | null;
};

/**
 * Claims up to `limit` due messages in one statement, a school's messages to its students after every
 * other due one (receipts and notices first; theirs are spread in time as they are queued, decision 036): rows another worker is claiming at the same moment
 * are skipped (FOR UPDATE SKIP LOCKED), and each claimed row's next try moves past the lease, so no other
 * worker takes it while this one sends. The try is counted at the claim.
 */
export async function claimDueMail(
  db: Db,
  limit = MAIL_BATCH,
  leaseMs = MAIL_LEASE_MS,
): Promise<ClaimedRow[]> {
  const result = await db.execute(sql`
    update ${outgoingMail} m
       set attempts = m.attempts + 1,
           in_flight = true,
           next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
     where m.id in (
       select id from ${outgoingMail}
        where sent_at is null and next_attempt_at <= now() and attempts < ${MAIL_MAX_ATTEMPTS}
        order by (broadcast_id is not null), next_attempt_at, id
        limit ${limit}
        for update skip locked)
    returning m.id, m."to", m.subject, m.text, m.html, m.unsubscribe_user_id, m.attempts, m.broadcast_id, m.language,
              (select o.name from ${organisations} o where o.id = m.org_id) as school`);
  return rowsOf<ClaimedRow>(result).sort((a, b) => a.id - b.id);
}

/** What a message whose worker stopped mid-send is recorded with. */
export const ABANDONED_SEND_ERROR =
  'the instance sending it stopped before it could record whether the message went';

/**
 * Messages whose worker died while sending them (still in flight past their lease). Those with tries
 * left are claimed again as usual; this records the reason on each and answers the ones that were on
 * their last try, now given up, so that they are reported rather than silently left behind.
 */
export async function releaseAbandonedMail(db: Db): Promise<Array<{ id: number; to: string }>> {
  const result = await db.execute(sql`
    update ${outgoingMail}
       set in_flight = false, last_error = ${ABANDONED_SEND_ERROR}
     where in_flight and sent_at is null and next_attempt_at <= now()
    returning id, "to", attempts`);
  return rowsOf<{ id: number; to: string; attempts: number }>(result)
    .filter((row) => row.attempts >= MAIL_MAX_ATTEMPTS)
    .map(({ id, to }) => ({ id, to }));
}

/** A school's message to its students records its delivery on its recipient's row, which outlives the queue's. */
async function recordDelivery(db: Db, row: ClaimedRow, column: 'delivered_at' | 'failed_at') {
  if (row.broadcast_id === null) return;
  await db.execute(sql`
    update ${broadcastRecipients} set ${sql.raw(column)} = now()
     where broadcast_id = ${row.broadcast_id} and mail_id = ${row.id}`);
}

async function markSent(db: Db, row: ClaimedRow) {
  await db.execute(
    sql`update ${outgoingMail} set sent_at = now(), last_error = null, in_flight = false where id = ${row.id}`,
  );
  await recordDelivery(db, row, 'delivered_at');
}

async function markFailed(db: Db, id: number, attempts: number, error: string) {
  const giveUp = attempts >= MAIL_MAX_ATTEMPTS;
  const next: SQL = giveUp
    ? sql`now()`
    : sql`now() + make_interval(secs => ${retryDelayMs(attempts) / 1000})`;
  await db.execute(sql`
    update ${outgoingMail}
       set last_error = ${error.slice(0, 1000)}, next_attempt_at = ${next}, in_flight = false
     where id = ${id}`);
}

/** Deletes sent messages past their keeping time, and given-up ones past theirs; answers how many went. */
export function pruneMailStatement(): SQL {
  return sql`delete from ${outgoingMail}
    where sent_at <= now() - make_interval(days => ${SENT_MAIL_KEPT_DAYS})
       or (sent_at is null and attempts >= ${MAIL_MAX_ATTEMPTS}
           and next_attempt_at <= now() - make_interval(days => ${FAILED_MAIL_KEPT_DAYS}))`;
}

export type MailWorkerOptions = {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** PUBLIC_URL: the unsubscribe links point there. */
  publicUrl: string;
  /** The unsubscribe-link key (lib/keys.ts): each link is signed as its message is sent. */
  unsubscribeKey: KeyObject;
  pollMs?: number;
  batch?: number;
  leaseMs?: number;
  sendDeadlineMs?: number;
};

/** The send, or a failure once `ms` have passed (the send itself is left to finish or fail on its own). */
function withDeadline(send: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms / 1000} s`)), ms);
  });
  return Promise.race([send, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Sends the queue: started with the server on every instance, stopped when it closes. Each round claims
 * a batch of due messages and sends them one after another through the Mailer; a message that fails is
 * tried again later with a growing wait, and given up after MAIL_MAX_ATTEMPTS with its last error kept.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(private readonly options: MailWorkerOptions) {}

  /** Sends one batch of due messages; answers how many went and how many failed. */
  async runOnce(): Promise<{ sent: number; failed: number }> {
    const { db, mailer, log } = this.options;
    for (const lost of await releaseAbandonedMail(db)) {
      await db.execute(
        sql`update ${broadcastRecipients} set failed_at = now() where mail_id = ${lost.id} and delivered_at is null`,
      );
      log.error(
        { mailId: lost.id, attempts: MAIL_MAX_ATTEMPTS },
        `a queued e-mail was given up: ${ABANDONED_SEND_ERROR}`,
      );
    }
    const claimed = await claimDueMail(db, this.options.batch, this.options.leaseMs);
    let sent = 0;
    let failed = 0;
    for (const row of claimed) {
      const message = this.messageOf(row);
      try {
        await withDeadline(mailer.send(message), this.options.sendDeadlineMs ?? MAIL_SEND_DEADLINE_MS);
      } catch (error) {
        failed += 1;
        const reason = error instanceof Error ? error.message : String(error);
        await markFailed(db, row.id, row.attempts, reason);
        const gaveUp = row.attempts >= MAIL_MAX_ATTEMPTS;
        if (gaveUp) await recordDelivery(db, row, 'failed_at');
        log[gaveUp ? 'error' : 'warn'](
          { mailId: row.id, attempts: row.attempts, err: error },
          gaveUp
            ? 'a queued e-mail could not be sent and was given up'
            : 'a queued e-mail could not be sent yet',
        );
        continue;
      }
      // Recorded as soon as it went, not with the batch: a crash later in the round resends none of it.
      await markSent(db, row);
      sent += 1;
    }
    return { sent, failed };
  }

  /**
   * The message as it goes out: a notification's unsubscribe line and headers are signed now (and the
   * HTML part, made from the text by the mailer, carries the same link); a school's message is sent in
   * its name and carries it as its brand.
   */
  private messageOf(row: ClaimedRow): MailMessage {
    const { publicUrl, unsubscribeKey } = this.options;
    const message: MailMessage = {
      to: row.to,
      subject: row.subject,
      text: row.text,
      school: row.school,
      language: row.language ?? DEFAULT_LOCALE,
    };
    if (row.html) message.html = row.html;
    if (row.unsubscribe_user_id !== null) {
      const token = signUnsubscribeToken(unsubscribeKey, row.unsubscribe_user_id);
      message.text = `${row.text}${unsubscribeLine(publicUrl, token, message.language ?? DEFAULT_LOCALE)}`;
      message.headers = listUnsubscribeHeaders(publicUrl, token);
    }
    // A school's formatted message: its HTML is its sanitized body inside the usual frame, whose footer
    // (and unsubscribe link) comes from the text as signed above.
    if (row.broadcast_id !== null && row.html) message.html = renderMailHtml(message, row.html);
    return message;
  }

  /** Starts sending now and then every `pollMs` (at once again after a full batch). The timer does not keep the process alive. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.tick(), delay);
    this.timer.unref();
  }

  private tick() {
    this.timer = undefined;
    const batch = this.options.batch ?? MAIL_BATCH;
    const round = this.runOnce()
      .then(({ sent, failed }) => sent + failed >= batch)
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'the mail queue could not be read');
        return false;
      });
    this.running = round;
    void round.then((more) => {
      this.running = undefined;
      this.schedule(more ? 0 : (this.options.pollMs ?? MAIL_POLL_MS));
    });
  }

  /** Stops the timer and waits for the round under way, so nothing touches the database after. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
