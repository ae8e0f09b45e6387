import type { KeyObject } from 'node:crypto';
import {
  BROADCAST_MSG,
  BROADCAST_SCHEDULE_MAX_DAYS,
  BROADCAST_TEST_SENDS_MAX,
  type Broadcast,
  type BroadcastAllowance,
  type BroadcastCounts,
  type BroadcastPreview,
  type BroadcastState,
  type Locale,
  type Paged,
  type SaveBroadcastBody,
  type SendBroadcastBody,
} from '@skillwise/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { broadcasts, organisations, outgoingMail, users } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { inEveryLocale, recipientLocale, t } from '../../lib/i18n';
import { messageHtmlToText, sanitizeMessageHtml } from '../../lib/lesson-html';
import { renderMailHtml } from '../../lib/mail';
import type { ListQuery } from '../../lib/paging';
import { signUnsubscribeToken, unsubscribeLine } from '../../lib/unsubscribe';
import type { Actor } from '../../plugins/auth';
import { maySendBroadcasts, mayWriteBroadcasts } from '../access/access';
import type { PlanLimits } from '../organisations/plan-limits';
import {
  audienceOf,
  type BroadcastRow,
  claimDueBroadcasts,
  countAudience,
  countsFor,
  countsOf,
  courseTitleOf,
  findBroadcast,
  isOwnCourse,
  listBroadcasts,
  queueBroadcastMail,
} from './broadcasts.repository';

/**
 * The footer every message ends with, before the unsubscribe line the mail queue signs and adds, in each
 * student's language (docs/decisions/047): the school's own words stay as it wrote them.
 */
const footerOf = (locale: Locale, school: string) =>
  `\n\n-- \n${t(locale, 'broadcast.footer', { school })}\n`;

const stateOf = (row: BroadcastRow, counts: BroadcastCounts): BroadcastState =>
  row.state === 'sent' && counts.pending > 0 ? 'sending' : row.state;

const toBroadcast = (row: BroadcastRow, courseTitle: string | null, counts: BroadcastCounts): Broadcast => ({
  broadcast_Id: row.id,
  subject: row.subject,
  body: row.body,
  format: row.format,
  audience: row.audience,
  course_Id: row.courseId,
  course_title: courseTitle,
  state: stateOf(row, counts),
  scheduled_at: row.scheduledAt?.toISOString() ?? null,
  sent_at: row.queuedAt?.toISOString() ?? null,
  last_error: row.lastError,
  counts,
  created_at: row.createdAt.toISOString(),
});

type Deps = {
  db: Db;
  limits: PlanLimits;
  publicUrl: string;
  unsubscribeKey: KeyObject;
  /** BROADCAST_MAILS_PER_SECOND */
  perSecond: number;
  log?: FastifyBaseLogger;
};

/**
 * A school's e-mails to its students (docs/decisions/036): drafts written by its staff, previewed, tried
 * on themselves, sent now or at a set time through the mail queue, within the plan's monthly allowance.
 */
export class BroadcastService {
  constructor(private readonly deps: Deps) {}

  private orgOf(actor: Actor, may: typeof mayWriteBroadcasts = mayWriteBroadcasts): number {
    const id = actor.orgId;
    if (id === null || id === undefined || !may(actor, id)) throw notFound('Organisation');
    return id;
  }

  private async own(actor: Actor, id: number, may = mayWriteBroadcasts): Promise<BroadcastRow> {
    const orgId = this.orgOf(actor, may);
    const row = await findBroadcast(this.deps.db, id);
    if (!row || row.orgId !== orgId) throw notFound('Message');
    return row;
  }

  private async answer(row: BroadcastRow): Promise<Broadcast> {
    const { db } = this.deps;
    const [title, counts] = await Promise.all([courseTitleOf(db, row.courseId), countsOf(db, [row.id])]);
    return toBroadcast(row, title, countsFor(counts, row.id));
  }

  /** The school's name and language. */
  private async schoolOf(orgId: number, db: Db = this.deps.db): Promise<{ name: string; language: Locale }> {
    const [row] = await db
      .select({ name: organisations.name, language: organisations.language })
      .from(organisations)
      .where(eq(organisations.id, orgId));
    return { name: row?.name ?? '', language: recipientLocale(null, row?.language) };
  }

  /**
   * The message's parts: its text without the footer, the footer in each language, and, for a formatted
   * one, its sanitized HTML.
   */
  private async partsOf(row: Pick<BroadcastRow, 'body' | 'format'>, school: string) {
    const html = row.format === 'html' ? row.body : null;
    const body = html === null ? row.body : await messageHtmlToText(html);
    const footer = inEveryLocale((l) => footerOf(l, school));
    return { body, footer, html, textIn: (locale: Locale) => `${body}${footer[locale]}` };
  }

  /** GET organization/GetBroadcasts */
  async list(actor: Actor, list: ListQuery): Promise<Paged<Broadcast>> {
    const { db } = this.deps;
    const page = await listBroadcasts(db, this.orgOf(actor), list);
    const counts = await countsOf(
      db,
      page.rows.map((r) => r.broadcast.id),
    );
    return {
      total: page.total,
      rows: page.rows.map((r) => toBroadcast(r.broadcast, r.courseTitle, countsFor(counts, r.broadcast.id))),
    };
  }

  /** GET organization/GetBroadcast */
  async get(actor: Actor, id: number): Promise<Broadcast> {
    return this.answer(await this.own(actor, id));
  }

  /** GET organization/GetBroadcastAllowance: this month's marketing e-mails. */
  async allowance(actor: Actor): Promise<BroadcastAllowance> {
    const orgId = this.orgOf(actor);
    const { plan, limit, used } = await this.deps.limits.marketingEmails(this.deps.db, orgId);
    return { plan, limit, used, remaining: limit === null ? null : Math.max(0, limit - used) };
  }

  /** POST organization/SaveBroadcast: a new draft, or a draft or scheduled message changed. */
  async save(actor: Actor, input: SaveBroadcastBody): Promise<Broadcast> {
    const orgId = this.orgOf(actor);
    const { db } = this.deps;
    if (input.course_Id !== null && !(await isOwnCourse(db, orgId, input.course_Id))) {
      throw fieldError('course_Id', 'must be a course of your school');
    }
    const body = input.format === 'html' ? await sanitizeMessageHtml(input.body) : input.body;
    if (body === '') throw fieldError('body', 'is required');
    const values = {
      subject: input.subject,
      body,
      format: input.format,
      audience: input.audience,
      courseId: input.course_Id,
      updatedAt: new Date(),
    };
    if (input.broadcast_Id === undefined) {
      const [row] = await db
        .insert(broadcasts)
        .values({ orgId, createdBy: actor.userId, ...values })
        .returning();
      if (!row) throw new Error('broadcast not inserted');
      return this.answer(row);
    }
    const existing = await this.own(actor, input.broadcast_Id);
    const row = await db.transaction(async (tx) => {
      const locked = await findBroadcast(tx, existing.id, true);
      if (!locked || (locked.state !== 'draft' && locked.state !== 'scheduled')) {
        throw new AppError('CONFLICT', 'This message was sent or cancelled: it cannot be changed.');
      }
      const [updated] = await tx
        .update(broadcasts)
        .set(values)
        .where(eq(broadcasts.id, existing.id))
        .returning();
      return updated;
    });
    if (!row) throw notFound('Message');
    return this.answer(row);
  }

  /** GET organization/PreviewBroadcast: the message as its students will read it. */
  async preview(actor: Actor, id: number): Promise<BroadcastPreview> {
    const row = await this.own(actor, id);
    const { db, publicUrl, unsubscribeKey } = this.deps;
    const { name: school, language } = await this.schoolOf(row.orgId);
    const parts = await this.partsOf(row, school);
    // The preview's link is the reader's own, as each student's is theirs; its words the school's language,
    // which its students read unless they chose another.
    const token = signUnsubscribeToken(unsubscribeKey, actor.userId);
    const text = `${parts.textIn(language)}${unsubscribeLine(publicUrl, token, language)}`;
    const html = renderMailHtml({ subject: row.subject, text, school, language }, parts.html ?? undefined);
    const audience = await countAudience(db, audienceOf(row.orgId, row.audience, row.courseId));
    return { subject: row.subject, html, text, recipients: audience.on };
  }

  /**
   * POST organization/SendTestBroadcast: the message to its author's own address, through the queue,
   * with the unsubscribe link and headers. Not a recipient and not counted in the allowance; at most
   * BROADCAST_TEST_SENDS_MAX a message.
   */
  async sendTest(actor: Actor, id: number): Promise<{ message: string }> {
    const row = await this.own(actor, id);
    const { name: school, language: schoolLanguage } = await this.schoolOf(row.orgId);
    const parts = await this.partsOf(row, school);
    const [author] = await this.deps.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, actor.userId));
    const language = recipientLocale(author?.language, schoolLanguage);
    await this.deps.db.transaction(async (tx) => {
      const locked = await findBroadcast(tx, row.id, true);
      if (!locked) throw notFound('Message');
      if (locked.testSends >= BROADCAST_TEST_SENDS_MAX) {
        throw new AppError(
          'CONFLICT',
          `A message may be tried ${BROADCAST_TEST_SENDS_MAX} times; send it or start a new one.`,
        );
      }
      await tx
        .update(broadcasts)
        .set({ testSends: sql`${broadcasts.testSends} + 1` })
        .where(eq(broadcasts.id, row.id));
      await tx.insert(outgoingMail).values({
        to: actor.email,
        subject: t(language, 'mail.test', { subject: row.subject }),
        text: parts.textIn(language),
        html: parts.html,
        unsubscribeUserId: actor.userId,
        orgId: row.orgId,
        broadcastId: row.id,
        language,
      });
    });
    return { message: BROADCAST_MSG.testSent };
  }

  /**
   * Queues a draft or scheduled message for its audience, in `tx`: the message's row is locked first,
   * then the school's (by the allowance's check), so a request and the scheduled round take them in the
   * same order. A message over the allowance, or with nobody to go to, is refused whole.
   */
  private async queue(tx: Db, id: number, now: Date): Promise<BroadcastRow> {
    const row = await findBroadcast(tx, id, true);
    if (!row) throw notFound('Message');
    if (row.state !== 'draft' && row.state !== 'scheduled') {
      throw new AppError('CONFLICT', 'This message was sent or cancelled already.');
    }
    const audience = audienceOf(row.orgId, row.audience, row.courseId);
    const { on } = await countAudience(tx, audience);
    if (on === 0) throw new AppError('CONFLICT', BROADCAST_MSG.noRecipients);
    await this.deps.limits.checkMarketingEmails(tx, row.orgId, on, now);
    const { name: school } = await this.schoolOf(row.orgId, tx);
    const parts = await this.partsOf(row, school);
    const { queued, skipped } = await queueBroadcastMail(tx, {
      broadcastId: row.id,
      orgId: row.orgId,
      subject: row.subject,
      body: parts.body,
      footer: parts.footer,
      html: parts.html,
      audience,
      perSecond: this.deps.perSecond,
    });
    const [sent] = await tx
      .update(broadcasts)
      .set({
        state: 'sent',
        queuedAt: now,
        recipientCount: queued,
        skippedCount: skipped,
        lastError: null,
        updatedAt: now,
      })
      .where(eq(broadcasts.id, row.id))
      .returning();
    if (!sent) throw notFound('Message');
    return sent;
  }

  /** POST organization/SendBroadcast: now (queued at once), or scheduled for `send_at`. */
  async send(actor: Actor, input: SendBroadcastBody, now = new Date()): Promise<Broadcast> {
    const existing = await this.own(actor, input.broadcast_Id, maySendBroadcasts);
    const { db } = this.deps;
    if (input.send_at === null) {
      return this.answer(await db.transaction((tx) => this.queue(tx, existing.id, now)));
    }
    const at = new Date(input.send_at);
    if (at.getTime() <= now.getTime()) throw fieldError('send_at', 'must be in the future');
    if (at.getTime() > now.getTime() + BROADCAST_SCHEDULE_MAX_DAYS * 86_400_000) {
      throw fieldError('send_at', `must be within ${BROADCAST_SCHEDULE_MAX_DAYS} days`);
    }
    const row = await db.transaction(async (tx) => {
      const locked = await findBroadcast(tx, existing.id, true);
      if (!locked || (locked.state !== 'draft' && locked.state !== 'scheduled')) {
        throw new AppError('CONFLICT', 'This message was sent or cancelled already.');
      }
      const [updated] = await tx
        .update(broadcasts)
        .set({ state: 'scheduled', scheduledAt: at, lastError: null, updatedAt: now })
        .where(eq(broadcasts.id, existing.id))
        .returning();
      return updated;
    });
    if (!row) throw notFound('Message');
    return this.answer(row);
  }

  /** POST organization/CancelBroadcast: a scheduled message is not sent (it stays, cancelled). */
  async cancel(actor: Actor, id: number): Promise<Broadcast> {
    const existing = await this.own(actor, id, maySendBroadcasts);
    const row = await this.deps.db.transaction(async (tx) => {
      const locked = await findBroadcast(tx, existing.id, true);
      if (locked?.state !== 'scheduled') {
        throw new AppError('CONFLICT', 'Only a scheduled message can be cancelled.');
      }
      const [updated] = await tx
        .update(broadcasts)
        .set({ state: 'cancelled', updatedAt: new Date() })
        .where(eq(broadcasts.id, existing.id))
        .returning();
      return updated;
    });
    if (!row) throw notFound('Message');
    return this.answer(row);
  }

  /**
   * Sends the scheduled messages that are due: run every minute on every instance; each message is
   * taken by one of them (its row locked, SKIP LOCKED) and sent once. One the allowance refuses now goes
   * back to its drafts with the reason, to be sent again or changed.
   */
  async releaseDue(now = new Date()): Promise<{ sent: number; refused: number }> {
    return this.deps.db.transaction(async (tx) => {
      const total = { sent: 0, refused: 0 };
      for (const due of await claimDueBroadcasts(tx, now)) {
        try {
          await tx.transaction((inner) => this.queue(inner, due.id, now));
          total.sent += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          await tx
            .update(broadcasts)
            .set({ state: 'draft', lastError: `Not sent at its time: ${error.message}`, updatedAt: now })
            .where(eq(broadcasts.id, due.id));
          total.refused += 1;
          this.deps.log?.warn({ broadcastId: due.id }, `a scheduled message was not sent: ${error.message}`);
        }
      }
      return total;
    });
  }
}
