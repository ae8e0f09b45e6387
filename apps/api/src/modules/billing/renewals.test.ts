import { SANDBOX_CARDS } from '@skillwise/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailSubjectsTo, periodsOf, planOrdersOf } from '../../../test/billing';
import {
  buyPlan,
  createCourse,
  createPublisher,
  createStudent,
  planRenewalOf,
  type TestUser,
} from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { rowsOf } from '../../db/client';
import { enrolments, notifications, outgoingMail, planSubscriptions, subscriptions } from '../../db/schema';
import { prorateCents } from './plan-changes.service';
import { moveClockBack } from './test-clock';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const DAY = 86_400_000;
const post = (url: string, token: string | undefined, body?: unknown) =>
  call(ctx.app, {
    method: 'POST',
    url,
    ...(body === undefined ? {} : { body }),
    ...(token ? { token } : {}),
  });
const renewalOf = (user: TestUser) => planRenewalOf(ctx, user);
const orgOf = async (user: TestUser) =>
  (
    await call(ctx.app, {
      method: 'GET',
      url: `/api/organization/getOrgById/${user.orgId}`,
      token: user.token,
    })
  ).json();

/** A school that buys `category` at checkout with the sandbox card `card`, as the web app does. */
async function schoolWithPlan(
  category = 'MonthlyKickstart',
  price = 39,
  card: string = SANDBOX_CARDS.success,
) {
  const publisher = await createPublisher(ctx, { subscribed: false });
  await buyPlan(ctx, publisher, { category, price }, async (id) => {
    const approved = await post(`/api/sandbox/orders/${id}/approve`, publisher.token, {
      cardNumber: card,
      expiry: '12/39',
      cvc: '123',
      name: 'Pat Publisher',
    });
    expect(approved.statusCode, approved.body).toBe(200);
  });
  return publisher;
}

/** As if `days` went by for the school, then one renewal round. */
async function advance(user: TestUser, days: number) {
  await moveClockBack(ctx.app.billing, user.orgId ?? 0, days);
  return ctx.app.billing.runDue();
}

const planOrders = (user: TestUser) => planOrdersOf(ctx, user);
const paidPeriods = (user: TestUser) => periodsOf(ctx, user, 'paid');
const mailTo = (user: TestUser) => mailSubjectsTo(ctx, user);

describe('a plan bought through the sandbox renews by itself', () => {
  test('the card is saved as a token and its last four digits, never the number', async () => {
    const publisher = await schoolWithPlan();
    const renewal = await renewalOf(publisher);
    expect(renewal).toMatchObject({
      status: 'active',
      auto_renew: true,
      plan: 'Kickstarter',
      subscriptionCategoryType: 'MonthlyKickstart',
      card_last4: '4242',
      renewal_amount: 39,
      grace_ends_at: null,
      scheduled_change: null,
    });
    expect(renewal.renews_at).toBe(renewal.current_period_end);
    const [row] = await ctx.database.db
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.orgId, publisher.orgId ?? 0));
    expect(row?.cardToken).toMatch(/^SBXCARD-/);
    // No column of any table holds the whole number.
    const found = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`
        select (select count(*) from sandbox_cards c where c::text like '%4242424242424242%')
             + (select count(*) from sandbox_payments p where p::text like '%4242424242424242%')
             + (select count(*) from plan_subscriptions s where s::text like '%4242424242424242%') as n`),
    );
    expect(Number(found[0]?.n)).toBe(0);
  });

  test('renews once when two rounds run at once, as an order with its receipt', async () => {
    const publisher = await schoolWithPlan();
    const before = await renewalOf(publisher);
    await moveClockBack(ctx.app.billing, publisher.orgId ?? 0, 31);
    const rounds = await Promise.all([ctx.app.billing.runDue(), ctx.app.billing.runDue()]);
    expect(rounds.reduce((n, r) => n + r.renewed, 0)).toBe(1);
    // A third round finds nothing due.
    expect((await ctx.app.billing.runDue()).renewed).toBe(0);
    const periods = await paidPeriods(publisher);
    expect(periods).toHaveLength(2);
    expect(periods[1]?.periodStart.getTime()).toBe(periods[0]?.periodEnd.getTime());
    const placed = await planOrders(publisher);
    expect(placed.map((o) => [o.status, o.amountCents, o.provider])).toEqual([
      ['captured', 3900, 'sandbox'],
      ['captured', 3900, 'sandbox'],
    ]);
    const after = await renewalOf(publisher);
    expect(after).toMatchObject({ status: 'active', auto_renew: true });
    expect(new Date(after.current_period_start).getTime()).toBe(
      new Date(before.current_period_end).getTime() - 31 * DAY,
    );
    expect((await mailTo(publisher)).filter((s) => s === 'Receipt for the Kickstarter plan')).toHaveLength(2);
    // It shows among the school's purchases of plans and keeps the organisation subscribed.
    expect(await orgOf(publisher)).toMatchObject({ isSubscribed: true, plan: 'Kickstarter' });
  });

  test('a renewal reminder 7 days before the end, once per period', async () => {
    const publisher = await schoolWithPlan();
    await advance(publisher, 20);
    expect(await mailTo(publisher)).not.toContainEqual(expect.stringMatching(/renews on/));
    const first = await advance(publisher, 5);
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    await advance(publisher, 1);
    await advance(publisher, 0);
    const reminders = (await mailTo(publisher)).filter((s) => /renews on/.test(s));
    expect(reminders).toEqual([expect.stringMatching(/^Test School: your Kickstarter plan renews on /)]);
    const [mail] = await ctx.database.db
      .select()
      .from(outgoingMail)
      .where(and(eq(outgoingMail.to, publisher.email), sql`${outgoingMail.subject} like '%renews on%'`));
    expect(mail?.text).toContain('$39.00 USD will be charged to the card ending 4242');
  });
});

describe('a renewal that fails', () => {
  test('enters 7 days of grace (the plan keeps working), retried daily, told once, then lapses', async () => {
    const publisher = await schoolWithPlan('MonthlyKickstart', 39, SANDBOX_CARDS.renewalDeclined);
    expect((await renewalOf(publisher)).card_last4).toBe('0341');
    const round = await advance(publisher, 31);
    expect(round.failed).toBe(1);
    const pastDue = await renewalOf(publisher);
    expect(pastDue).toMatchObject({ status: 'past_due', auto_renew: true });
    const graceDays = (new Date(pastDue.grace_ends_at).getTime() - Date.now()) / DAY;
    expect(graceDays).toBeGreaterThan(6.9);
    expect(graceDays).toBeLessThanOrEqual(7);
    expect((new Date(pastDue.renews_at).getTime() - Date.now()) / DAY).toBeGreaterThan(0.9);
    // The plan keeps working during grace.
    expect(await orgOf(publisher)).toMatchObject({ isSubscribed: true, plan: 'Kickstarter' });
    const failedMail = (await mailTo(publisher)).filter((s) => /renewal payment failed/.test(s));
    expect(failedMail).toEqual(['Test School: your Kickstarter plan’s renewal payment failed']);

    // Tried again each day: still declined, told once only.
    expect((await advance(publisher, 1)).failed).toBe(1);
    expect((await advance(publisher, 0)).failed).toBe(0);
    expect((await advance(publisher, 1)).failed).toBe(1);
    expect((await mailTo(publisher)).filter((s) => /renewal payment failed/.test(s))).toHaveLength(1);
    expect((await planOrders(publisher)).map((o) => o.status)).toEqual([
      'captured',
      'failed',
      'failed',
      'failed',
    ]);

    for (let day = 0; day < 5; day += 1) await advance(publisher, 1);
    const lapsed = await renewalOf(publisher);
    expect(lapsed).toMatchObject({ status: 'lapsed', auto_renew: false, renews_at: null });
    expect(await orgOf(publisher)).toMatchObject({ isSubscribed: false, subscriptionStatus: 'inactive' });
    expect((await mailTo(publisher)).filter((s) => /has ended/.test(s))).toEqual([
      'Test School: your Kickstarter plan has ended',
    ]);
    await advance(publisher, 1);
    expect((await mailTo(publisher)).filter((s) => /has ended/.test(s))).toHaveLength(1);
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, publisher.userId), eq(notifications.kind, 'plan')));
    // The failure and the lapse (the period had ended before the round that saw it: no reminder).
    expect(told.map((n) => n.link)).toEqual(['/admin/billing', '/admin/billing']);
  });

  test('a retry that pays during grace renews from the end of the paid period and ends grace', async () => {
    const publisher = await schoolWithPlan('MonthlyKickstart', 39, SANDBOX_CARDS.renewalDeclined);
    await advance(publisher, 31);
    expect((await renewalOf(publisher)).status).toBe('past_due');
    // The card works again (its issuer stopped refusing it).
    await ctx.database.db.execute(
      sql`update sandbox_cards set declines = false where token = (select card_token from plan_subscriptions where org_id = ${publisher.orgId})`,
    );
    expect((await advance(publisher, 1)).renewed).toBe(1);
    expect(await renewalOf(publisher)).toMatchObject({ status: 'active', grace_ends_at: null });
    const periods = await paidPeriods(publisher);
    expect(periods[1]?.periodStart.getTime()).toBe(periods[0]?.periodEnd.getTime());
    const grace = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.orgId, publisher.orgId ?? 0), eq(subscriptions.kind, 'grace')));
    expect(grace).toHaveLength(0);
  });
});

describe('cancel at period end, resume, and what a lapse does', () => {
  test('cancelled: no renewal, an expiry reminder once, then lapsed; students keep their courses, the school cannot publish or add students', async () => {
    const publisher = await schoolWithPlan();
    const course = await createCourse(ctx, publisher.orgId ?? 0, { withLesson: true });
    const student = await createStudent(ctx);
    await ctx.database.db
      .insert(enrolments)
      .values({ userId: student.userId, courseId: course.id, source: 'assigned' });

    const cancelled = await post('/api/organization/CancelPlan', publisher.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelling', auto_renew: false, renews_at: null });
    expect(cancelled.json().ends_at).toBe(cancelled.json().current_period_end);
    // Twice is the same.
    expect((await post('/api/organization/CancelPlan', publisher.token)).json().status).toBe('cancelling');
    const resumed = await post('/api/organization/ResumePlan', publisher.token, {});
    expect(resumed.json()).toMatchObject({ status: 'active', auto_renew: true, ends_at: null });
    expect(
      (await post('/api/organization/CancelPlan', publisher.token, { org_Id: publisher.orgId })).statusCode,
    ).toBe(200);

    await advance(publisher, 24);
    await advance(publisher, 1);
    expect((await mailTo(publisher)).filter((s) => /plan ends on/.test(s))).toHaveLength(1);
    expect((await mailTo(publisher)).filter((s) => /renews on/.test(s))).toHaveLength(0);
    const round = await advance(publisher, 6);
    expect(round).toMatchObject({ renewed: 0, lapsed: 1 });
    expect((await planOrders(publisher)).map((o) => o.status)).toEqual(['captured']);
    expect(await renewalOf(publisher)).toMatchObject({ status: 'lapsed' });
    expect((await post('/api/organization/ResumePlan', publisher.token)).statusCode).toBe(409);

    // The school: no publishing, no new students.
    const other = await createCourse(ctx, publisher.orgId ?? 0, { withLesson: true, published: false });
    const publish = await call(ctx.app, {
      method: 'PUT',
      url: '/api/courses/publishUnpublishCourse',
      token: publisher.token,
      body: { Id: other.id, published: true },
    });
    expect(publish.statusCode).toBe(409);
    expect(publish.json().message).toMatch(/no running subscription/);
    const added = await post('/api/studentCourse/registerStudent', publisher.token, {
      name: 'New One',
      email: `new-${publisher.userId}@example.com`,
    });
    expect(added.statusCode).toBe(409);
    // Its students keep what they have.
    const studied = await call(ctx.app, {
      method: 'GET',
      url: `/api/courseSections/GetCourseSectionsByCourseId/${course.id}`,
      token: student.token,
    });
    expect(studied.statusCode).toBe(200);
    expect(studied.json().length).toBeGreaterThan(0);

    // Buying again through checkout starts a plan that renews.
    const again = await post('/api/organization/CreateOrder', publisher.token, {
      price: 39,
      user_id: publisher.userId,
      subscriptionCategoryType: 'MonthlyKickstart',
    });
    const id = again.json().id;
    await post(`/api/sandbox/orders/${id}/approve`, publisher.token, {
      cardNumber: SANDBOX_CARDS.success,
      expiry: '12/39',
      cvc: '123',
      name: 'Pat',
    });
    await post('/api/organization/CaptureOrder', publisher.token, {
      orderId: id,
      subscriptionCategoryType: 'MonthlyKickstart',
    });
    expect(await renewalOf(publisher)).toMatchObject({ status: 'active', card_last4: '4242' });
  });

  test('the calls: no token 401, another organisation 404, a student 404, bad input 400', async () => {
    const publisher = await schoolWithPlan();
    const other = await schoolWithPlan();
    const student = await createStudent(ctx);
    for (const url of ['/api/organization/CancelPlan', '/api/organization/ResumePlan']) {
      expect((await post(url, undefined)).statusCode).toBe(401);
      const foreign = await post(url, other.token, { org_Id: publisher.orgId });
      expect(foreign.statusCode).toBe(404);
      expect((await post(url, student.token)).statusCode).toBe(404);
      const bad = await post(url, publisher.token, { org_Id: 'abc' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].field).toBe('org_Id');
    }
    expect((await renewalOf(publisher)).status).toBe('active');
    const change = '/api/organization/ChangePlan';
    expect((await post(change, undefined, { subscriptionCategoryType: 'MonthlyBasic' })).statusCode).toBe(
      401,
    );
    expect(
      (await post(change, other.token, { org_Id: publisher.orgId, subscriptionCategoryType: 'MonthlyBasic' }))
        .statusCode,
    ).toBe(404);
    const bad = await post(change, publisher.token, { subscriptionCategoryType: 'Weekly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('subscriptionCategoryType');
    const renewal = await call(ctx.app, {
      method: 'GET',
      url: `/api/organization/GetPlanRenewal?org_Id=${publisher.orgId}`,
      token: other.token,
    });
    expect(renewal.statusCode).toBe(404);
    expect((await call(ctx.app, { method: 'GET', url: '/api/organization/GetPlanRenewal' })).statusCode).toBe(
      401,
    );
    // A school whose plan was given by hand (no checkout) has nothing that renews.
    const manual = await createPublisher(ctx);
    expect((await renewalOf(manual)).status).toBe('none');
    expect((await post('/api/organization/CancelPlan', manual.token)).statusCode).toBe(409);
  });
});

describe('changing plan', () => {
  test('proration: the difference times the share of the period left, to the nearest cent', () => {
    expect(prorateCents(6000, 15 * DAY, 30 * DAY)).toBe(3000);
    expect(prorateCents(6000, 10 * DAY, 30 * DAY)).toBe(2000);
    // 6000 × 1/3 = 2000; 100 × 1/3 = 33.33… → 33; 5 × 1/2 = 2.5 → 3 (a half cent up).
    expect(prorateCents(100, 1, 3)).toBe(33);
    expect(prorateCents(5, 1, 2)).toBe(3);
    expect(prorateCents(191040 - 37440, 200 * DAY, 365 * DAY)).toBe(84164);
    // Nothing for a lower plan, a period over, or more time than the period.
    expect(prorateCents(-6000, 10 * DAY, 30 * DAY)).toBe(0);
    expect(prorateCents(6000, 0, 30 * DAY)).toBe(0);
    expect(prorateCents(6000, 40 * DAY, 30 * DAY)).toBe(6000);
  });

  test('an upgrade starts at once, the prorated difference charged to the saved card, once', async () => {
    const publisher = await schoolWithPlan();
    await advance(publisher, 10);
    const renewal = await renewalOf(publisher);
    const preview = await post('/api/organization/ChangePlan', publisher.token, {
      subscriptionCategoryType: 'MonthlyBasic',
      preview: true,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const left = new Date(renewal.current_period_end).getTime() - Date.now();
    const period =
      new Date(renewal.current_period_end).getTime() - new Date(renewal.current_period_start).getTime();
    const expected = prorateCents(9900 - 3900, left, period) / 100;
    expect(preview.json()).toMatchObject({ change: 'upgrade', order_Id: null });
    expect(Math.abs(preview.json().charged - expected)).toBeLessThanOrEqual(0.01);
    expect((await planOrders(publisher)).length).toBe(1);

    const upgraded = await post('/api/organization/ChangePlan', publisher.token, {
      subscriptionCategoryType: 'MonthlyBasic',
    });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const body = upgraded.json();
    expect(body).toMatchObject({ change: 'upgrade' });
    expect(Math.abs(body.charged - expected)).toBeLessThanOrEqual(0.01);
    expect(body.renewal).toMatchObject({ plan: 'Basic', status: 'active', renewal_amount: 99 });
    // The period's end stays; the plan is Basic from now.
    expect(body.renewal.current_period_end).toBe(renewal.current_period_end);
    expect(await orgOf(publisher)).toMatchObject({ plan: 'Basic' });
    const placed = await planOrders(publisher);
    expect(placed.map((o) => [o.status, o.amountCents])).toEqual([
      ['captured', 3900],
      ['captured', Math.round(body.charged * 100)],
    ]);
    // The same choice again changes nothing.
    const again = await post('/api/organization/ChangePlan', publisher.token, {
      subscriptionCategoryType: 'MonthlyBasic',
    });
    expect(again.json()).toMatchObject({ change: 'unchanged', charged: 0 });
    expect(await planOrders(publisher)).toHaveLength(2);
    // The next renewal charges Basic.
    await advance(publisher, 21);
    expect((await planOrders(publisher)).at(-1)).toMatchObject({ status: 'captured', amountCents: 9900 });
  });

  test('a downgrade starts with the next period, shown as scheduled until then', async () => {
    const publisher = await schoolWithPlan('MonthlyBasic', 99);
    const scheduled = await post('/api/organization/ChangePlan', publisher.token, {
      subscriptionCategoryType: 'MonthlyKickstart',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ change: 'scheduled', charged: 0, order_Id: null });
    expect(scheduled.json().renewal).toMatchObject({
      plan: 'Basic',
      renewal_amount: 39,
      scheduled_change: { subscriptionCategoryType: 'MonthlyKickstart', plan: 'Kickstarter' },
    });
    expect(scheduled.json().renewal.scheduled_change.starts_at).toBe(
      scheduled.json().renewal.current_period_end,
    );
    expect(await orgOf(publisher)).toMatchObject({ plan: 'Basic' });
    expect((await advance(publisher, 31)).renewed).toBe(1);
    expect(await renewalOf(publisher)).toMatchObject({
      plan: 'Kickstarter',
      scheduled_change: null,
      renewal_amount: 39,
    });
    expect(await orgOf(publisher)).toMatchObject({ plan: 'Kickstarter' });
    expect((await planOrders(publisher)).map((o) => o.amountCents)).toEqual([9900, 3900]);
  });
});

describe('events from a provider drive the same transitions', () => {
  test('a renewal paid elsewhere (a webhook), told twice, records one period and one order', async () => {
    const publisher = await schoolWithPlan();
    await moveClockBack(ctx.app.billing, publisher.orgId ?? 0, 31);
    const [row] = await ctx.database.db
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.orgId, publisher.orgId ?? 0));
    if (!row) throw new Error('no plan row');
    const payment = {
      provider: 'sandbox',
      providerOrderId: `EXTERNAL-${publisher.orgId}`,
      captureId: 'CAPTURE-EXTERNAL',
      amountCents: 3900,
      currency: 'USD',
    };
    await Promise.all([
      ctx.app.billing.renewalPaid(row, new Date(), payment),
      ctx.app.billing.renewalPaid(row, new Date(), payment),
    ]);
    expect(await paidPeriods(publisher)).toHaveLength(2);
    expect((await planOrders(publisher)).map((o) => o.providerOrderId)).toEqual([
      expect.stringMatching(/^SBX-/),
      payment.providerOrderId,
    ]);
    // Nothing is due any more: the round charges nothing.
    expect((await ctx.app.billing.runDue()).renewed).toBe(0);
    expect(await renewalOf(publisher)).toMatchObject({ status: 'active' });
  });

  test('a renewal failed elsewhere enters the same grace', async () => {
    const publisher = await schoolWithPlan();
    await moveClockBack(ctx.app.billing, publisher.orgId ?? 0, 31);
    const [row] = await ctx.database.db
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.orgId, publisher.orgId ?? 0));
    if (!row) throw new Error('no plan row');
    await ctx.app.billing.renewalFailed(row, new Date(), { reason: 'invoice.payment_failed' });
    expect(await renewalOf(publisher)).toMatchObject({ status: 'past_due' });
    expect(await orgOf(publisher)).toMatchObject({ isSubscribed: true });
  });
});

test('the test clock exists only with NODE_ENV=test', async () => {
  const production = await createTestContext({ NODE_ENV: 'production' });
  try {
    const publisher = await createPublisher(production);
    const res = await call(production.app, {
      method: 'POST',
      url: '/api/test/billing/advance',
      token: publisher.token,
      body: { days: 31 },
    });
    expect(res.statusCode).toBe(404);
  } finally {
    await production.close();
  }
  const publisher = await schoolWithPlan();
  expect((await post('/api/test/billing/advance', publisher.token, { days: 0 })).statusCode).toBe(200);
});
