import { BROADCAST_MSG, broadcastPreviewSchema, broadcastSchema } from '@skillwise/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, MemoryMailer, TEST_KEYS, type TestContext } from '../../../test/helpers';
import { rowsOf } from '../../db/client';
import {
  broadcastRecipients,
  broadcasts,
  enrolments,
  orgStudents,
  outgoingMail,
  users,
} from '../../db/schema';
import { claimDueMail, MAIL_MAX_ATTEMPTS, MailWorker } from '../../lib/mail-queue';

let ctx: TestContext;
beforeAll(async () => {
  // A fast pace, so a test's messages are all due at once.
  ctx = await createTestContext({ BROADCAST_MAILS_PER_SECOND: '10000' });
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const post = (url: string, token: string | undefined, body: unknown) =>
  call(ctx.app, { method: 'POST', url: `/api/${url}`, body, ...(token ? { token } : {}) });
const get = (url: string, token: string | undefined) =>
  call(ctx.app, { method: 'GET', url: `/api/${url}`, ...(token ? { token } : {}) });

/** A school (Growth unless told) with a course, two students enrolled in it and one added but not enrolled. */
async function school(category?: string) {
  const publisher = await createPublisher(ctx, category ? { category } : {});
  const orgId = publisher.orgId ?? 0;
  const course = await createCourse(ctx, orgId, { title: 'Watercolour' });
  const other = await createCourse(ctx, orgId, { title: 'Oils' });
  const enrolled = [await createStudent(ctx, 'Ann Enrolled'), await createStudent(ctx, 'Ben Enrolled')];
  for (const student of enrolled) {
    await db().insert(enrolments).values({ userId: student.userId, courseId: course.id, source: 'assigned' });
  }
  const added = await createStudent(ctx, 'Cy Added');
  await db().insert(orgStudents).values({ orgId, userId: added.userId, addedBy: publisher.userId });
  return { publisher, orgId, course, other, enrolled, added };
}

async function draft(publisher: TestUser, body: Record<string, unknown> = {}) {
  const answer = await post('organization/SaveBroadcast', publisher.token, {
    subject: 'Spring term',
    body: 'Classes start on Monday.',
    audience: 'all',
    ...body,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return broadcastSchema.parse(answer.json());
}

const mailOf = (broadcastId: number) =>
  db().select().from(outgoingMail).where(eq(outgoingMail.broadcastId, broadcastId));

const log = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
function worker(mailer = new MemoryMailer()) {
  const w = new MailWorker({
    db: db(),
    mailer,
    log,
    publicUrl: ctx.config.publicUrl,
    unsubscribeKey: TEST_KEYS.unsubscribeLinks,
    batch: 500,
  });
  return { mailer, drain: async () => w.runOnce() };
}

/** Marks the queue's pending messages due now (they are spread in time as they are queued). */
const allDue = () =>
  db().execute(sql`update outgoing_mail set next_attempt_at = now() where sent_at is null`);

describe('a school writes to its students', () => {
  test('a draft is saved, changed, listed and read with its counts', async () => {
    const { publisher, course } = await school();
    const made = await draft(publisher);
    expect(made).toMatchObject({ state: 'draft', audience: 'all', format: 'text', course_Id: null });
    const changed = await post('organization/SaveBroadcast', publisher.token, {
      broadcast_Id: made.broadcast_Id,
      subject: 'Watercolour news',
      body: 'New lesson.',
      audience: 'course',
      course_Id: course.id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ audience: 'course', course_title: 'Watercolour' });
    const list = await get('organization/GetBroadcasts?page=1', publisher.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()[0]).toMatchObject({ broadcast_Id: made.broadcast_Id, subject: 'Watercolour news' });
    const one = await get(`organization/GetBroadcast?broadcast_Id=${made.broadcast_Id}`, publisher.token);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().counts).toEqual({
      recipients: 0,
      delivered: 0,
      failed: 0,
      pending: 0,
      unsubscribed: 0,
    });
  });

  test('no token 401; a student and another school’s publisher 404; bad input 400 naming the field', async () => {
    const { publisher, course } = await school();
    const made = await draft(publisher);
    const stranger = await createPublisher(ctx);
    const student = await createStudent(ctx);
    const calls: Array<[string, 'GET' | 'POST', unknown]> = [
      [`organization/GetBroadcast?broadcast_Id=${made.broadcast_Id}`, 'GET', undefined],
      [`organization/PreviewBroadcast?broadcast_Id=${made.broadcast_Id}`, 'GET', undefined],
      [
        'organization/SaveBroadcast',
        'POST',
        { broadcast_Id: made.broadcast_Id, subject: 'x', body: 'y', audience: 'all' },
      ],
      ['organization/SendTestBroadcast', 'POST', { broadcast_Id: made.broadcast_Id }],
      ['organization/SendBroadcast', 'POST', { broadcast_Id: made.broadcast_Id }],
      ['organization/CancelBroadcast', 'POST', { broadcast_Id: made.broadcast_Id }],
    ];
    for (const [url, method, body] of calls) {
      const as = (token?: string) => (method === 'GET' ? get(url, token) : post(url, token, body));
      expect((await as()).statusCode, url).toBe(401);
      expect((await as(stranger.token)).statusCode, url).toBe(404);
      expect((await as(student.token)).statusCode, url).toBe(404);
    }
    expect((await get('organization/GetBroadcasts', student.token)).statusCode).toBe(404);
    expect((await get('organization/GetBroadcastAllowance', student.token)).statusCode).toBe(404);
    expect((await get('organization/GetBroadcasts', undefined)).statusCode).toBe(401);
    const stored = await db().select().from(broadcasts).where(eq(broadcasts.id, made.broadcast_Id));
    expect(stored[0]?.subject).toBe('Spring term');

    const bad = async (url: string, body: unknown, field: string) => {
      const answer = await post(url, publisher.token, body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(JSON.stringify(answer.json()), answer.body).toContain(field);
    };
    await bad('organization/SaveBroadcast', { subject: '', body: 'x', audience: 'all' }, 'subject');
    await bad('organization/SaveBroadcast', { subject: 's', body: '', audience: 'all' }, 'body');
    await bad('organization/SaveBroadcast', { subject: 's', body: 'b', audience: 'everyone' }, 'audience');
    await bad('organization/SaveBroadcast', { subject: 's', body: 'b', audience: 'course' }, 'course_Id');
    await bad(
      'organization/SaveBroadcast',
      { subject: 's', body: 'b', format: 'pdf', audience: 'all' },
      'format',
    );
    const foreign = await createCourse(ctx, stranger.orgId ?? 0);
    await bad(
      'organization/SaveBroadcast',
      { subject: 's', body: 'b', audience: 'course', course_Id: foreign.id },
      'course_Id',
    );
    await bad(
      'organization/SaveBroadcast',
      { subject: 's', body: 'b', audience: 'all', course_Id: course.id },
      'course_Id',
    );
    await bad('organization/SendBroadcast', { broadcast_Id: 'x' }, 'broadcast_Id');
    await bad(
      'organization/SendBroadcast',
      { broadcast_Id: made.broadcast_Id, send_at: 'tomorrow' },
      'send_at',
    );
    await bad(
      'organization/SendBroadcast',
      { broadcast_Id: made.broadcast_Id, send_at: '2020-01-01T00:00:00Z' },
      'send_at',
    );
    const badQuery = await get('organization/GetBroadcast?broadcast_Id=abc', publisher.token);
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.body).toContain('broadcast_Id');
  });

  test('the audience: all students, a course’s, or those added but not enrolled; e-mails off are left out', async () => {
    const { publisher, course, enrolled, added } = await school();
    await db()
      .update(users)
      .set({ emailNotifications: false })
      .where(eq(users.id, enrolled[1]?.userId ?? 0));
    const send = async (body: Record<string, unknown>) => {
      const made = await draft(publisher, body);
      const sent = await post('organization/SendBroadcast', publisher.token, {
        broadcast_Id: made.broadcast_Id,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const rows = await mailOf(made.broadcast_Id);
      return { sent: broadcastSchema.parse(sent.json()), to: rows.map((r) => r.to).sort() };
    };
    const all = await send({ audience: 'all' });
    expect(all.to).toEqual([enrolled[0]?.email, added.email].sort());
    expect(all.sent.counts).toMatchObject({ recipients: 2, pending: 2, unsubscribed: 1 });
    expect(all.sent.state).toBe('sending');
    const ofCourse = await send({ audience: 'course', course_Id: course.id });
    expect(ofCourse.to).toEqual([enrolled[0]?.email]);
    const notEnrolled = await send({ audience: 'not_enrolled' });
    expect(notEnrolled.to).toEqual([added.email]);
    // A message sent is not sent again, nor changed.
    const again = await post('organization/SendBroadcast', publisher.token, {
      broadcast_Id: all.sent.broadcast_Id,
    });
    expect(again.statusCode).toBe(409);
    const edit = await post('organization/SaveBroadcast', publisher.token, {
      broadcast_Id: all.sent.broadcast_Id,
      subject: 'x',
      body: 'y',
      audience: 'all',
    });
    expect(edit.statusCode).toBe(409);
  });

  test('formatting is sanitized: scripts, event handlers and javascript: links go; the allowed tags stay', async () => {
    const { publisher } = await school();
    const made = await draft(publisher, {
      format: 'html',
      body:
        '<p onclick="alert(1)">Hello <strong>all</strong> <em>of you</em></p><script>alert(2)</script>' +
        '<ul><li>one</li></ul><a href="javascript:alert(3)">bad</a> <a href="https://example.com/x">good</a>' +
        '<img src=x onerror=alert(4)><h1>Title</h1>',
    });
    expect(made.body).not.toMatch(/script|onclick|onerror|javascript|<img|<h1/i);
    expect(made.body).toContain('<p>Hello <strong>all</strong> <em>of you</em></p>');
    expect(made.body).toContain('<ul><li>one</li></ul>');
    expect(made.body).toContain('<a href="https://example.com/x">good</a>');
    const preview = await get(
      `organization/PreviewBroadcast?broadcast_Id=${made.broadcast_Id}`,
      publisher.token,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = broadcastPreviewSchema.parse(preview.json());
    expect(shown.html).toContain('<strong>all</strong>');
    expect(shown.html).not.toMatch(/<script|onclick|javascript:/i);
    expect(shown.text).toContain('good (https://example.com/x)');
    expect(shown.text).toContain('- one');
    expect(shown.text).toContain(`${ctx.config.publicUrl}/unsubscribe?token=`);
    expect(shown.recipients).toBe(3);
    const onlyScript = await post('organization/SaveBroadcast', publisher.token, {
      subject: 's',
      body: '<script>alert(1)</script>',
      format: 'html',
      audience: 'all',
    });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.body).toContain('body');
  });

  test('a test goes to oneself only; sent messages carry the unsubscribe link and headers; counts follow the queue', async () => {
    const { publisher, enrolled, added } = await school();
    const made = await draft(publisher, { format: 'html', body: '<p>Hi <b>there</b></p>' });
    const tested = await post('organization/SendTestBroadcast', publisher.token, {
      broadcast_Id: made.broadcast_Id,
    });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toEqual({ message: BROADCAST_MSG.testSent });
    const queued = await mailOf(made.broadcast_Id);
    expect(queued.map((r) => r.to)).toEqual([publisher.email]);
    expect(queued[0]?.subject).toBe('[Test] Spring term');

    const sent = await post('organization/SendBroadcast', publisher.token, {
      broadcast_Id: made.broadcast_Id,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await allDue();
    // One message waits, to fail on its last try below.
    const [failing] = await db()
      .select({ id: broadcastRecipients.mailId })
      .from(broadcastRecipients)
      .where(eq(broadcastRecipients.userId, enrolled[1]?.userId ?? 0));
    await db()
      .update(outgoingMail)
      .set({ nextAttemptAt: new Date(Date.now() + 3600_000) })
      .where(eq(outgoingMail.id, failing?.id ?? 0));
    const { mailer, drain } = worker();
    await drain();
    const toAdded = mailer.sent.find((m) => m.to === added.email);
    expect(toAdded?.headers?.['List-Unsubscribe']).toMatch(/\/api\/notifications\/Unsubscribe\?token=/);
    expect(toAdded?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(toAdded?.text).toContain(`${ctx.config.publicUrl}/unsubscribe?token=`);
    expect(toAdded?.html).toContain('<b>there</b>');
    expect(toAdded?.html).toContain('/unsubscribe?token=');
    expect(toAdded?.school).toBe('Test School');
    expect(mailer.sent.find((m) => m.to === publisher.email)?.subject).toBe('[Test] Spring term');

    // Given up after its last try, the waiting one counts as failed.
    await db()
      .update(outgoingMail)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1, nextAttemptAt: new Date() })
      .where(eq(outgoingMail.id, failing?.id ?? 0));
    mailer.failNext = true;
    await drain();
    // A student turns e-mails off afterwards through the link.
    await db()
      .update(users)
      .set({ emailNotifications: false })
      .where(eq(users.id, enrolled[0]?.userId ?? 0));
    const one = await get(`organization/GetBroadcast?broadcast_Id=${made.broadcast_Id}`, publisher.token);
    expect(one.json()).toMatchObject({
      state: 'sent',
      counts: { recipients: 3, delivered: 2, failed: 1, pending: 0, unsubscribed: 1 },
    });
  });

  test('scheduled: sent once at its time however many rounds run at once; a cancelled one never', async () => {
    const { publisher } = await school();
    const later = new Date(Date.now() + 3600_000).toISOString();
    const made = await draft(publisher);
    const scheduled = await post('organization/SendBroadcast', publisher.token, {
      broadcast_Id: made.broadcast_Id,
      send_at: later,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ state: 'scheduled', scheduled_at: later });
    const cancelledOne = await draft(publisher, { subject: 'Never' });
    await post('organization/SendBroadcast', publisher.token, {
      broadcast_Id: cancelledOne.broadcast_Id,
      send_at: later,
    });
    const cancelled = await post('organization/CancelBroadcast', publisher.token, {
      broadcast_Id: cancelledOne.broadcast_Id,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().state).toBe('cancelled');
    expect(
      (
        await post('organization/CancelBroadcast', publisher.token, {
          broadcast_Id: made.broadcast_Id + 1000,
        })
      ).statusCode,
    ).toBe(404);

    expect(await ctx.app.broadcasts.releaseDue(new Date())).toEqual({ sent: 0, refused: 0 });
    const due = new Date(Date.now() + 2 * 3600_000);
    await Promise.all([ctx.app.broadcasts.releaseDue(due), ctx.app.broadcasts.releaseDue(due)]);
    expect(await mailOf(made.broadcast_Id)).toHaveLength(3);
    expect(await mailOf(cancelledOne.broadcast_Id)).toHaveLength(0);
    const one = await get(`organization/GetBroadcast?broadcast_Id=${made.broadcast_Id}`, publisher.token);
    expect(one.json()).toMatchObject({ state: 'sending', counts: { recipients: 3 } });
  });
});

describe('the pace', () => {
  test('a message’s mails are spread in time, and a receipt due with them is claimed first', async () => {
    const { publisher } = await school();
    const made = await draft(publisher);
    await post('organization/SendBroadcast', publisher.token, { broadcast_Id: made.broadcast_Id });
    const rows = (await mailOf(made.broadcast_Id)).sort((a, b) => a.id - b.id);
    expect(rows).toHaveLength(3);
    // 10,000 a second in these tests: a tenth of a millisecond apart, in the order they were queued.
    const times = rowsOf<{ us: string }>(
      await db().execute(
        sql`select extract(epoch from next_attempt_at) * 1e6 as us from outgoing_mail where broadcast_id = ${made.broadcast_Id} order by id`,
      ),
    ).map((r) => Number(r.us));
    const [a = 0, b = 0, c = 0] = times;
    expect(b - a).toBeCloseTo(100, 0);
    expect(c - b).toBeCloseTo(100, 0);
    await allDue();
    await db().insert(outgoingMail).values({ to: 'buyer@example.com', subject: 'Receipt', text: 'Paid.' });
    const [first] = await claimDueMail(db(), 1);
    expect(first?.to).toBe('buyer@example.com');
  });
});

describe('the monthly allowance', () => {
  /** Recipients already sent this month, as an earlier message's. */
  const alreadySent = (orgId: number, n: number) =>
    db().insert(broadcasts).values({
      orgId,
      subject: 'Earlier',
      body: 'x',
      state: 'sent',
      queuedAt: new Date(),
      recipientCount: n,
    });

  test('Kickstarter at 7,499 sending to 2 is refused whole; nothing is queued; 1 still goes', async () => {
    const { publisher, orgId, course, enrolled } = await school('MonthlyKickstart');
    await alreadySent(orgId, 7_499);
    const allowance = await get('organization/GetBroadcastAllowance', publisher.token);
    expect(allowance.json()).toEqual({ plan: 'Kickstarter', limit: 7500, used: 7499, remaining: 1 });
    const made = await draft(publisher, { audience: 'course', course_Id: course.id });
    const refused = await post('organization/SendBroadcast', publisher.token, {
      broadcast_Id: made.broadcast_Id,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain('1 remain');
    expect(await mailOf(made.broadcast_Id)).toHaveLength(0);
    const still = await get(`organization/GetBroadcast?broadcast_Id=${made.broadcast_Id}`, publisher.token);
    expect(still.json().state).toBe('draft');
    await db()
      .update(users)
      .set({ emailNotifications: false })
      .where(eq(users.id, enrolled[1]?.userId ?? 0));
    const fits = await post('organization/SendBroadcast', publisher.token, {
      broadcast_Id: made.broadcast_Id,
    });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await mailOf(made.broadcast_Id)).toHaveLength(1);
  });

  test('last month’s messages do not count; Growth is unlimited', async () => {
    const kick = await school('MonthlyKickstart');
    await db()
      .insert(broadcasts)
      .values({
        orgId: kick.orgId,
        subject: 'Old',
        body: 'x',
        state: 'sent',
        queuedAt: new Date(Date.UTC(2020, 0, 15)),
        recipientCount: 7_500,
      });
    const a = await draft(kick.publisher);
    expect(
      (await post('organization/SendBroadcast', kick.publisher.token, { broadcast_Id: a.broadcast_Id }))
        .statusCode,
    ).toBe(200);
    const growth = await school();
    await alreadySent(growth.orgId, 1_000_000);
    const b = await draft(growth.publisher);
    expect(
      (await post('organization/SendBroadcast', growth.publisher.token, { broadcast_Id: b.broadcast_Id }))
        .statusCode,
    ).toBe(200);
    const allowance = await get('organization/GetBroadcastAllowance', growth.publisher.token);
    expect(allowance.json()).toMatchObject({ plan: 'Growth', limit: null, remaining: null });
  });

  test('a scheduled message the allowance refuses at its time goes back to the drafts with the reason', async () => {
    const { publisher, orgId } = await school('MonthlyKickstart');
    const made = await draft(publisher);
    await post('organization/SendBroadcast', publisher.token, {
      broadcast_Id: made.broadcast_Id,
      send_at: new Date(Date.now() + 60_000).toISOString(),
    });
    await alreadySent(orgId, 7_500);
    await ctx.app.broadcasts.releaseDue(new Date(Date.now() + 120_000));
    const one = await get(`organization/GetBroadcast?broadcast_Id=${made.broadcast_Id}`, publisher.token);
    expect(one.json().state).toBe('draft');
    expect(one.json().last_error).toContain('0 remain');
    expect(await mailOf(made.broadcast_Id)).toHaveLength(0);
  });

  test('two sends racing for the last places: at most the allowance goes', async () => {
    const { publisher, orgId } = await school('MonthlyKickstart');
    await alreadySent(orgId, 7_497);
    const a = await draft(publisher, { audience: 'all' });
    const b = await draft(publisher, { audience: 'all' });
    const answers = await Promise.all(
      [a, b].map((m) =>
        post('organization/SendBroadcast', publisher.token, { broadcast_Id: m.broadcast_Id }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const queued = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(outgoingMail)
      .where(eq(outgoingMail.orgId, orgId));
    expect(Number(queued[0]?.n)).toBe(3);
  });
});
