import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { mailSubjectsTo, periodsOf as periodsIn, planOrdersOf, planRowOf } from '../../../test/billing';
import { buyPlan, createPublisher, planRenewalOf, type TestUser } from '../../../test/factories';
import { FakePayPal, type PayPalWebhookEvent } from '../../../test/fakes/paypal-server';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { paymentEvents } from '../../db/schema';
import { runRefundPlanCommand } from '../payments/refund-plan-command';
import { moveClockBack } from './test-clock';

const PUBLIC_URL = 'http://localhost:5173';

let fake: FakePayPal;
let ctx: TestContext;

beforeAll(async () => {
  fake = await new FakePayPal().start();
  ctx = await createTestContext({
    ...fake.appSettings,
    PUBLIC_URL,
  });
});
afterAll(async () => {
  await fake?.stop();
  await ctx?.close();
});
beforeEach(() => {
  fake.mode = 'ok';
});

const post = (url: string, token: string | undefined, body: unknown) =>
  call(ctx.app, { method: 'POST', url, body, ...(token ? { token } : {}) });
const renewalOf = (user: TestUser) => planRenewalOf(ctx, user);
const db = () => ctx.database.db;
const rowOf = (user: TestUser) => planRowOf(ctx, user);
const planOrders = (user: TestUser) => planOrdersOf(ctx, user);
const periodsOf = (user: TestUser) => periodsIn(ctx, user);
const mailTo = (user: TestUser) => mailSubjectsTo(ctx, user);
const requestsTo = (method: string, path: RegExp) =>
  fake.seen.filter((r) => r.method === method && path.test(r.url));
const subscriptionAt = (id: string | null | undefined) => {
  const found = fake.subscriptions.get(id ?? '');
  if (!found) throw new Error(`no subscription ${id}`);
  return found;
};

/** Posts an event to the webhook as PayPal delivers it: signed by the fake unless `headers` are given. */
const deliver = (event: PayPalWebhookEvent, headers?: Record<string, string>) => {
  const body = JSON.stringify(event);
  return call(ctx.app, {
    method: 'POST',
    url: '/api/payments/webhooks/paypal',
    headers: { 'content-type': 'application/json', ...(headers ?? fake.sign(body)) },
    body,
  });
};

/** A school that buys `category` with PayPal (its order captured as the buyer's return does). */
async function schoolOnPayPal(category = 'MonthlyKickstart', price = 39) {
  const publisher = await createPublisher(ctx, { subscribed: false });
  const orderId = await buyPlan(ctx, publisher, { category, price, provider: 'paypal' }, () => undefined);
  const row = await rowOf(publisher);
  return { publisher, orderId, subscriptionId: row?.providerSubscriptionId ?? '' };
}

/** The school approves its subscription on PayPal's page and comes back to Plan & billing. */
async function approveOnPayPal(approveUrl: string): Promise<URL> {
  const page = await fetch(approveUrl);
  expect(page.status).toBe(200);
  const token = new URL(approveUrl).searchParams.get('ba_token') ?? '';
  expect(await page.text()).toContain(token);
  const approved = await fetch(`${fake.baseUrl}/webapps/billing/subscriptions/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ba_token: token }).toString(),
    redirect: 'manual',
  });
  expect(approved.status).toBe(302);
  return new URL(approved.headers.get('location') ?? '');
}

/** A school whose PayPal subscription is approved (reported by PayPal's event). */
async function approvedSchool(category = 'MonthlyKickstart', price = 39) {
  const school = await schoolOnPayPal(category, price);
  expect((await deliver(fake.approve(school.subscriptionId))).statusCode).toBe(200);
  return school;
}

describe('a plan bought through PayPal renews through a PayPal subscription the school approves', () => {
  test('the subscription starts at the end of the paid period, at the plan’s price, once the school approves it', async () => {
    const { publisher, orderId, subscriptionId } = await schoolOnPayPal();
    const row = await rowOf(publisher);
    expect(row).toMatchObject({
      status: 'active',
      provider: 'paypal',
      subscriptionProvider: 'paypal',
      providerSubscriptionId: expect.stringMatching(/^I-/),
    });
    const subscription = subscriptionAt(subscriptionId);
    // Nothing is charged before the paid period ends; then the plan's price from plan_prices, monthly.
    expect(subscription).toMatchObject({
      status: 'APPROVAL_PENDING',
      start_time: row?.periodEnd.toISOString(),
      custom_id: orderId,
      price: { currency_code: 'USD', value: '39.00' },
      interval: { unit: 'MONTH', count: 1 },
      returnUrl: `${PUBLIC_URL}/admin/billing`,
    });
    const plan = fake.plans.get(subscription.plan_id);
    expect(plan).toMatchObject({ product_id: 'SKILLWISE-PLAN-MONTHLYKICKSTART', status: 'ACTIVE' });

    // Until approved, it renews nothing: Plan & billing shows where to approve it.
    const waiting = await renewalOf(publisher);
    expect(waiting).toMatchObject({
      status: 'active',
      auto_renew: false,
      renews_through: null,
      renewal_approval_url: expect.stringContaining('/webapps/billing/subscriptions?ba_token=BA-'),
    });
    const back = await approveOnPayPal(waiting.renewal_approval_url);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/admin/billing`);
    expect(back.searchParams.get('subscription_id')).toBe(subscriptionId);

    // Back on Plan & billing (no webhook delivered): PayPal is asked, and the plan renews through it.
    expect(await renewalOf(publisher)).toMatchObject({
      status: 'active',
      auto_renew: true,
      renews_through: 'paypal',
      renewal_approval_url: null,
      renewal_amount: 39,
      card_last4: null,
    });
    expect((await rowOf(publisher))?.subscriptionApproveUrl).toBeNull();

    // Another school at the same price is subscribed to the same PayPal plan: it is made once.
    const second = await schoolOnPayPal();
    expect(subscriptionAt(second.subscriptionId).plan_id).toBe(subscription.plan_id);
    expect(requestsTo('POST', /^\/v1\/billing\/plans$/)).toHaveLength(1);
    expect(requestsTo('POST', /^\/v1\/catalogs\/products$/)).toHaveLength(1);

    // The round never charges it, nor asks for what is not due.
    const round = await ctx.app.billing.runDue();
    expect(round).toMatchObject({ renewed: 0, failed: 0 });
  });

  test('a sale PayPal made renews the plan once: a replayed, a duplicate and a forged delivery change nothing', async () => {
    const { publisher, subscriptionId } = await approvedSchool();
    expect((await rowOf(publisher))?.subscriptionApproveUrl).toBeNull();
    const before = await rowOf(publisher);
    const sale = fake.bill(subscriptionId);
    expect((await deliver(sale)).statusCode).toBe(200);
    const saleId = String(sale.resource.id);
    const placed = await planOrders(publisher);
    expect(placed.map((o) => [o.status, o.amountCents, o.provider, o.providerOrderId])).toEqual([
      ['captured', 3900, 'paypal', before?.sourceOrderId],
      ['captured', 3900, 'paypal', saleId],
    ]);
    expect(placed[1]?.providerCaptureId).toBe(saleId);
    const periods = (await periodsOf(publisher)).filter((p) => p.kind === 'paid');
    expect(periods).toHaveLength(2);
    expect(periods[1]?.periodStart.getTime()).toBe(before?.periodEnd.getTime());
    // The period PayPal counts: up to its next billing.
    const next = Date.parse(subscriptionAt(subscriptionId).next_billing_time);
    expect(periods[1]?.periodEnd.getTime()).toBe(next);
    expect((await rowOf(publisher))?.periodEnd.getTime()).toBe(next);

    // Delivered again; the same sale in another event; forged (signed by no one).
    expect((await deliver(sale)).statusCode).toBe(200);
    expect((await deliver(fake.event('PAYMENT.SALE.COMPLETED', 'sale', sale.resource))).statusCode).toBe(200);
    const forged = { ...sale, id: 'WH-FORGED' };
    const headers = fake.sign(JSON.stringify(sale));
    expect((await deliver(forged, headers)).statusCode).toBe(400);
    expect(await planOrders(publisher)).toHaveLength(2);
    expect(
      await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, 'WH-FORGED')),
    ).toHaveLength(0);
  });

  test('a payment PayPal could not take gives grace, told once; PayPal’s retry that pays renews from the period’s end', async () => {
    const { publisher, subscriptionId } = await approvedSchool();
    const before = await rowOf(publisher);
    const failed = fake.bill(subscriptionId, { decline: true });
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await deliver(failed)).statusCode).toBe(200);
    const renewal = await renewalOf(publisher);
    expect(renewal).toMatchObject({ status: 'past_due', renews_through: 'paypal' });
    // PayPal's next try is the one shown, within the grace days.
    const retry = Date.parse(
      subscriptionAt(subscriptionId).last_failed_payment?.next_payment_retry_time ?? '',
    );
    const shown = Math.min(retry, Date.parse(renewal.grace_ends_at));
    expect(renewal.renews_at).toBe(new Date(shown).toISOString());
    expect((await periodsOf(publisher)).map((p) => p.kind)).toEqual(['paid', 'grace']);
    const failedOrders = (await planOrders(publisher)).filter((o) => o.status === 'failed');
    expect(failedOrders.map((o) => o.providerOrderId)).toEqual([`${subscriptionId}/cycle-1#1`]);
    expect((await mailTo(publisher)).filter((s) => /failed/i.test(s))).toHaveLength(1);

    expect((await deliver(fake.bill(subscriptionId))).statusCode).toBe(200);
    expect(await renewalOf(publisher)).toMatchObject({ status: 'active', grace_ends_at: null });
    const periods = await periodsOf(publisher);
    expect(periods.map((p) => p.kind)).toEqual(['paid', 'paid']);
    expect(periods[1]?.periodStart.getTime()).toBe(before?.periodEnd.getTime());
  });

  test('a renewal whose webhook never came is read from PayPal by the round, once', async () => {
    const { publisher, subscriptionId } = await approvedSchool();
    const before = await rowOf(publisher);
    const sale = fake.bill(subscriptionId);
    const end = before?.periodEnd.getTime() ?? 0;
    await ctx.app.billing.runDue(new Date(end + 2 * 3600_000));
    const placed = await planOrders(publisher);
    expect(placed.map((o) => [o.status, o.providerOrderId])).toEqual([
      ['captured', before?.sourceOrderId],
      ['captured', sale.resource.id],
    ]);
    // The webhook delivered late changes nothing more.
    expect((await deliver(sale)).statusCode).toBe(200);
    expect(await planOrders(publisher)).toHaveLength(2);
  });
});

describe('cancel, resume, change and lapse at PayPal first', () => {
  test('CancelPlan suspends the subscription, ResumePlan activates it; a PayPal failure changes nothing', async () => {
    const { publisher, subscriptionId } = await approvedSchool();
    fake.mode = 'error5xx';
    expect((await post('/api/organization/CancelPlan', publisher.token, {})).statusCode).toBe(502);
    fake.mode = 'ok';
    expect((await rowOf(publisher))?.status).toBe('active');
    expect(subscriptionAt(subscriptionId).status).toBe('ACTIVE');

    const cancelled = await post('/api/organization/CancelPlan', publisher.token, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelling' });
    expect(subscriptionAt(subscriptionId).status).toBe('SUSPENDED');
    // PayPal's event about it finds the plan moved already.
    expect((await deliver(fake.changeFromDashboard(subscriptionId, 'SUSPENDED'))).statusCode).toBe(200);
    expect((await rowOf(publisher))?.status).toBe('cancelling');

    const resumed = await post('/api/organization/ResumePlan', publisher.token, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'active', renews_through: 'paypal' });
    expect(subscriptionAt(subscriptionId).status).toBe('ACTIVE');
  });

  test('a plan whose subscription waits for approval is cancelled and resumed here alone; approved, it renews', async () => {
    const { publisher, subscriptionId } = await schoolOnPayPal();
    const calls = fake.seen.length;
    const cancelled = await post('/api/organization/CancelPlan', publisher.token, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelling', renewal_approval_url: null });
    // It charges nothing unapproved: PayPal is not asked to change it.
    const changes = fake.seen
      .slice(calls)
      .filter((r) => /^\/v1\/billing\/subscriptions\/.+\/(suspend|activate|cancel)$/.test(r.url));
    expect(changes.map((r) => r.url)).toEqual([]);
    const resumed = await post('/api/organization/ResumePlan', publisher.token, {});
    expect(resumed.json()).toMatchObject({
      status: 'active',
      auto_renew: false,
      renewal_approval_url: expect.stringContaining('ba_token='),
    });
    expect((await post('/api/organization/CancelPlan', publisher.token, {})).statusCode).toBe(200);
    // The school approves it at PayPal after all: the plan renews again.
    expect((await deliver(fake.approve(subscriptionId))).statusCode).toBe(200);
    expect(await renewalOf(publisher)).toMatchObject({
      status: 'active',
      auto_renew: true,
      renews_through: 'paypal',
    });
  });

  test('cancelled in PayPal’s dashboard, the plan runs to its period’s end and nothing renews it', async () => {
    const { publisher, subscriptionId } = await approvedSchool();
    expect((await deliver(fake.changeFromDashboard(subscriptionId, 'CANCELLED'))).statusCode).toBe(200);
    expect(await renewalOf(publisher)).toMatchObject({ status: 'cancelling', renews_through: null });
    expect((await rowOf(publisher))?.providerSubscriptionId).toBeNull();
  });

  test('a lower plan of the same period changes PayPal’s price from the next billing; another period is bought at checkout', async () => {
    const { publisher, subscriptionId } = await approvedSchool('MonthlyBasic', 99);
    expect(subscriptionAt(subscriptionId).price.value).toBe('99.00');
    const yearly = await post('/api/organization/ChangePlan', publisher.token, {
      subscriptionCategoryType: 'AnnualBasic',
    });
    expect(yearly.statusCode).toBe(409);
    expect(yearly.json().message).toMatch(/PayPal.*checkout/);
    const lower = await post('/api/organization/ChangePlan', publisher.token, {
      subscriptionCategoryType: 'MonthlyKickstart',
    });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json()).toMatchObject({ change: 'scheduled', charged: 0 });
    expect(subscriptionAt(subscriptionId).price).toEqual({ currency_code: 'USD', value: '39.00' });
    // The next sale is of the lower price, and the plan moves to it.
    expect((await deliver(fake.bill(subscriptionId))).statusCode).toBe(200);
    expect(await renewalOf(publisher)).toMatchObject({ subscriptionCategoryType: 'MonthlyKickstart' });
    expect((await planOrders(publisher)).at(-1)?.amountCents).toBe(3900);
  });

  test('not approved by the period’s end, the plan goes to grace; an approval afterwards is cancelled at PayPal', async () => {
    const { publisher, subscriptionId } = await schoolOnPayPal();
    const end = (await rowOf(publisher))?.periodEnd.getTime() ?? 0;
    // An hour after the period's end, the round finds it never approved and forgets it; the next renews
    // it as a plan nothing renews: grace, and the school pays at checkout.
    await ctx.app.billing.runDue(new Date(end + 2 * 3600_000));
    expect((await rowOf(publisher))?.providerSubscriptionId).toBeNull();
    await ctx.app.billing.runDue(new Date(end + 3 * 3600_000));
    const renewal = await renewalOf(publisher);
    expect(renewal).toMatchObject({ status: 'past_due', renewal_approval_url: null, renews_through: null });
    expect((await rowOf(publisher))?.lastError).toBe('no paypal subscription renews the plan');

    // The school approves the old link after all: PayPal's event finds no plan following it.
    expect((await deliver(fake.approve(subscriptionId))).statusCode).toBe(200);
    expect(subscriptionAt(subscriptionId).status).toBe('CANCELLED');
    expect((await rowOf(publisher))?.status).toBe('past_due');
  });

  test('unpaid after the grace, the plan lapses and its PayPal subscription is cancelled', async () => {
    const { publisher, subscriptionId } = await approvedSchool();
    expect((await deliver(fake.bill(subscriptionId, { decline: true }))).statusCode).toBe(200);
    expect((await rowOf(publisher))?.status).toBe('past_due');
    await moveClockBack(ctx.app.billing, publisher.orgId ?? 0, 8);
    expect((await ctx.app.billing.runDue()).lapsed).toBeGreaterThanOrEqual(1);
    expect(await renewalOf(publisher)).toMatchObject({ status: 'lapsed', renews_through: null });
    expect(subscriptionAt(subscriptionId).status).toBe('CANCELLED');
    expect((await rowOf(publisher))?.providerSubscriptionId).toBeNull();
  });

  test('refunded by the operator (npm run refund-plan): PayPal gives the capture back and the approved subscription is cancelled', async () => {
    const { publisher, subscriptionId } = await approvedSchool();
    const [order] = await planOrders(publisher);
    if (!order) throw new Error('no plan order');
    const lines = await runRefundPlanCommand(
      { db: db(), payments: ctx.app.payments, billing: ctx.app.billing },
      ['--order', String(order.id), '--reason', 'Closing the school'],
    );
    expect(lines[0]).toMatch(
      new RegExp(`^Refunded plan order ${order.id}: \\$39\\.00 USD to Test School through PayPal`),
    );
    expect(lines.at(-1)).toBe('Its PayPal subscription is ended: it renews nothing.');
    const refunds = requestsTo('POST', /^\/v2\/payments\/captures\/[^/]+\/refund$/);
    expect(refunds.map((r) => r.url)).toEqual([`/v2/payments/captures/${order.providerCaptureId}/refund`]);
    expect(subscriptionAt(subscriptionId).status).toBe('CANCELLED');
    expect(await renewalOf(publisher)).toMatchObject({ status: 'lapsed', renews_through: null });
    expect((await rowOf(publisher))?.providerSubscriptionId).toBeNull();
  });

  test('bought again through PayPal, the earlier subscription is cancelled and a new one waits for approval', async () => {
    const { publisher, subscriptionId } = await approvedSchool();
    await buyPlan(
      ctx,
      publisher,
      { category: 'MonthlyBasic', price: 99, provider: 'paypal' },
      () => undefined,
    );
    const row = await rowOf(publisher);
    expect(row?.providerSubscriptionId).not.toBe(subscriptionId);
    expect(subscriptionAt(subscriptionId).status).toBe('CANCELLED');
    expect(subscriptionAt(row?.providerSubscriptionId)).toMatchObject({
      status: 'APPROVAL_PENDING',
      price: { value: '99.00' },
    });
    expect(await renewalOf(publisher)).toMatchObject({
      auto_renew: false,
      renewal_approval_url: expect.stringContaining('ba_token='),
    });
  });
});
