import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { mailSubjectsTo, periodsOf as periodsIn, planOrdersOf, planRowOf } from '../../../test/billing';
import { buyPlan, createPublisher, planRenewalOf, type TestUser } from '../../../test/factories';
import { FakeStripe, STRIPE_TEST_CARDS } from '../../../test/fakes/stripe-server';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { paymentEvents } from '../../db/schema';
import { moveClockBack } from './test-clock';

const SECRET_KEY = 'sk_test_billing123';
const WEBHOOK_SECRET = 'whsec_billing123';
const DAY = 86_400_000;

let fake: FakeStripe;
let ctx: TestContext;
/** The official SDK pointed at the fake, as Stripe's dashboard acts on a subscription. */
let dashboard: Stripe;

beforeAll(async () => {
  fake = await new FakeStripe({ secretKey: SECRET_KEY }).start();
  ctx = await createTestContext({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.baseUrl,
    PUBLIC_URL: 'http://localhost:5173',
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  fake.webhook = { url: `http://127.0.0.1:${port}/api/payments/webhooks/stripe`, secret: WEBHOOK_SECRET };
  const base = new URL(fake.baseUrl);
  dashboard = new Stripe(SECRET_KEY, {
    host: base.hostname,
    port: Number(base.port),
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await fake?.stop();
  await ctx?.close();
});
beforeEach(() => {
  fake.failNext = 0;
  fake.deliverEvents = true;
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
  fake.requests.filter((r) => r.method === method && path.test(r.path));
const subscriptionAt = (id: string | null | undefined) => {
  const found = fake.subscriptions.get(id ?? '');
  if (!found) throw new Error(`no subscription ${id}`);
  return found as unknown as Record<string, unknown> & {
    id: string;
    items: { data: { price: { unit_amount: number; recurring: { interval: string } } }[] };
  };
};

/** A school that buys `category` through Stripe Checkout with `card`, and comes back to capture it. */
async function schoolOnStripe(
  category = 'MonthlyKickstart',
  price = 39,
  card: string = STRIPE_TEST_CARDS.success,
) {
  const publisher = await createPublisher(ctx, { subscribed: false });
  const sessionId = await buyPlan(ctx, publisher, { category, price, provider: 'stripe' }, (id) => {
    expect(fake.pay(id, card).paid).toBe(true);
  });
  await fake.settled();
  return { publisher, sessionId };
}

describe('a plan bought through Stripe renews through Stripe Billing', () => {
  test('the card is kept on the school’s customer and a subscription charges from the end of the paid period', async () => {
    const { publisher, sessionId } = await schoolOnStripe();
    const customers = requestsTo('POST', /^\/v1\/customers$/);
    expect(customers.at(-1)?.idempotencyKey).toBe(`customer-org-${publisher.orgId}-user-${publisher.userId}`);
    const session = fake.sessions.get(sessionId);
    expect(session?.customer).toMatch(/^cus_/);
    expect(session?.payment_intent_data).toMatchObject({ setup_future_usage: 'off_session' });

    const row = await rowOf(publisher);
    expect(row).toMatchObject({
      status: 'active',
      provider: 'stripe',
      providerCustomerId: session?.customer,
      cardLast4: '4242',
      providerSubscriptionId: expect.stringMatching(/^sub_/),
    });
    const subscription = subscriptionAt(row?.providerSubscriptionId);
    // Nothing charged before the paid period ends; then the plan's price from plan_prices, monthly.
    expect(subscription.trial_end).toBe(Math.floor((row?.periodEnd.getTime() ?? 0) / 1000));
    expect(subscription.status).toBe('trialing');
    expect(subscription.customer).toBe(session?.customer);
    expect(subscription.default_payment_method).toBe(row?.cardToken);
    expect(subscription.items.data[0]?.price).toMatchObject({
      unit_amount: 3900,
      currency: 'usd',
      product: 'skillwise_plan_monthlykickstart',
      recurring: { interval: 'month', interval_count: 1 },
    });
    // The checkout's return and the webhook may both ask (a busy machine runs them together): always
    // with the purchase's key, so Stripe makes one subscription.
    const create = requestsTo('POST', /^\/v1\/subscriptions$/);
    expect(create.length).toBeGreaterThanOrEqual(1);
    expect(new Set(create.map((r) => r.idempotencyKey))).toEqual(new Set([`plan-subscription-${sessionId}`]));
    const ofCustomer = [...fake.subscriptions.values()].filter(
      (s) => (s as { customer?: string }).customer === session?.customer,
    );
    expect(ofCustomer).toHaveLength(1);

    expect(await renewalOf(publisher)).toMatchObject({
      status: 'active',
      auto_renew: true,
      renews_through: 'stripe',
      card_last4: '4242',
      renewal_amount: 39,
    });
    // The subscription's $0 first invoice (paid, delivered) is no renewal: one order, one period.
    expect(fake.deliveries.some((d) => d.type === 'invoice.paid' && d.status === 200)).toBe(true);
    expect(await planOrders(publisher)).toHaveLength(1);

    // The round never charges it, even once its period is over.
    const charges = requestsTo('POST', /^\/v1\/payment_intents$/).length;
    const round = await ctx.app.billing.runDue(new Date((row?.periodEnd.getTime() ?? 0) + DAY));
    expect(round).toMatchObject({ renewed: 0, failed: 0 });
    expect(requestsTo('POST', /^\/v1\/payment_intents$/)).toHaveLength(charges);
    expect((await rowOf(publisher))?.status).toBe('active');
  });

  test('a renewal Stripe charged is recorded once: a replayed, a duplicate and a forged delivery change nothing', async () => {
    const { publisher } = await schoolOnStripe();
    const before = await rowOf(publisher);
    const invoice = fake.advanceSubscription(before?.providerSubscriptionId ?? '');
    await fake.settled();
    const subscription = subscriptionAt(before?.providerSubscriptionId);
    const placed = await planOrders(publisher);
    expect(placed.map((o) => [o.status, o.amountCents, o.provider])).toEqual([
      ['captured', 3900, 'stripe'],
      ['captured', 3900, 'stripe'],
    ]);
    expect(placed[1]?.providerOrderId).toBe(invoice?.id);
    const periods = (await periodsOf(publisher)).filter((p) => p.kind === 'paid');
    expect(periods).toHaveLength(2);
    expect(periods[1]?.periodStart.getTime()).toBe(before?.periodEnd.getTime());
    // The period Stripe counts.
    const stripeEnd = (subscription.items.data[0] as unknown as { current_period_end: number })
      .current_period_end;
    expect(periods[1]?.periodEnd.getTime()).toBe(stripeEnd * 1000);
    expect((await rowOf(publisher))?.periodEnd.getTime()).toBe(stripeEnd * 1000);

    const paid = fake.events.find(
      (e) => e.type === 'invoice.paid' && (e.data as { object: { id: string } }).object.id === invoice?.id,
    );
    if (!paid) throw new Error('no invoice.paid');
    // Delivered again, and the same invoice in another event.
    expect(await fake.deliver(paid)).toBe(200);
    fake.emit('invoice.paid', invoice as NonNullable<typeof invoice>);
    await fake.settled();
    // Forged: signed with another secret.
    expect(await fake.deliver({ ...paid, id: 'evt_forged' }, 'whsec_forged')).toBe(400);
    expect(await planOrders(publisher)).toHaveLength(2);
    expect((await periodsOf(publisher)).filter((p) => p.kind === 'paid')).toHaveLength(2);
    const recorded = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_forged'));
    expect(recorded).toHaveLength(0);
  });

  test('a renewal Stripe could not charge gives grace, told once; Stripe’s retry that pays renews from the period’s end', async () => {
    const { publisher } = await schoolOnStripe();
    const before = await rowOf(publisher);
    const invoice = fake.advanceSubscription(before?.providerSubscriptionId ?? '', { decline: true });
    await fake.settled();
    const renewal = await renewalOf(publisher);
    expect(renewal).toMatchObject({ status: 'past_due', renews_through: 'stripe' });
    const graceEnds = new Date(renewal.grace_ends_at).getTime();
    expect(Math.abs(graceEnds - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    expect((await periodsOf(publisher)).map((p) => p.kind)).toEqual(['paid', 'grace']);
    const failed = (await planOrders(publisher)).filter((o) => o.status === 'failed');
    expect(failed.map((o) => o.providerOrderId)).toEqual([`${invoice?.id}#1`]);
    expect((await mailTo(publisher)).filter((s) => /failed/i.test(s))).toHaveLength(1);

    // Stripe tries again and fails: still in grace, told once.
    expect(fake.retryInvoice(invoice?.id ?? '', { decline: true })).toBe(false);
    await fake.settled();
    expect((await rowOf(publisher))?.failedAttempts).toBe(2);
    expect((await mailTo(publisher)).filter((s) => /failed/i.test(s))).toHaveLength(1);
    // And then it pays.
    expect(fake.retryInvoice(invoice?.id ?? '')).toBe(true);
    await fake.settled();
    expect(await renewalOf(publisher)).toMatchObject({ status: 'active', grace_ends_at: null });
    const periods = await periodsOf(publisher);
    expect(periods.map((p) => p.kind)).toEqual(['paid', 'paid']);
    expect(periods[1]?.periodStart.getTime()).toBe(before?.periodEnd.getTime());
    expect((await planOrders(publisher)).map((o) => o.status)).toEqual([
      'captured',
      'failed',
      'failed',
      'captured',
    ]);
  });

  test('unpaid after the grace, the plan lapses and its Stripe subscription is ended', async () => {
    const { publisher } = await schoolOnStripe('MonthlyKickstart', 39, STRIPE_TEST_CARDS.declinesLater);
    const before = await rowOf(publisher);
    const subscriptionId = before?.providerSubscriptionId ?? '';
    // The card kept at checkout is declined at the renewal.
    fake.advanceSubscription(subscriptionId);
    await fake.settled();
    expect((await rowOf(publisher))?.status).toBe('past_due');
    await moveClockBack(ctx.app.billing, publisher.orgId ?? 0, 8);
    const round = await ctx.app.billing.runDue();
    expect(round.lapsed).toBeGreaterThanOrEqual(1);
    await fake.settled();
    expect(await renewalOf(publisher)).toMatchObject({ status: 'lapsed', renews_through: null });
    expect(subscriptionAt(subscriptionId).status).toBe('canceled');
    expect((await rowOf(publisher))?.providerSubscriptionId).toBeNull();
    expect((await mailTo(publisher)).filter((s) => /ended|lapsed/i.test(s)).length).toBeGreaterThanOrEqual(1);
    // Nothing more is charged by the round.
    expect((await ctx.app.billing.runDue()).renewed).toBe(0);
  });
});

test('a renewal whose webhook never came is read from Stripe by the round, an hour after the period’s end, once', async () => {
  const { publisher } = await schoolOnStripe();
  const before = await rowOf(publisher);
  fake.deliverEvents = false;
  const invoice = fake.advanceSubscription(before?.providerSubscriptionId ?? '');
  fake.deliverEvents = true;
  expect(await planOrders(publisher)).toHaveLength(1);
  const end = before?.periodEnd.getTime() ?? 0;
  // Not yet an hour late: not asked.
  await ctx.app.billing.runDue(new Date(end + 30 * 60_000));
  expect(await planOrders(publisher)).toHaveLength(1);
  await ctx.app.billing.runDue(new Date(end + 2 * 3600_000));
  const placed = await planOrders(publisher);
  expect(placed.map((o) => [o.status, o.providerOrderId])).toEqual([
    ['captured', before?.sourceOrderId],
    ['captured', invoice?.id],
  ]);
  // The webhook delivered late changes nothing more.
  for (const event of fake.events.filter((e) => e.type === 'invoice.paid')) await fake.deliver(event);
  expect(await planOrders(publisher)).toHaveLength(2);
  expect((await rowOf(publisher))?.status).toBe('active');
});

test('Stripe ending the subscription after its retries failed lapses the plan in grace at once', async () => {
  const { publisher } = await schoolOnStripe();
  const id = (await rowOf(publisher))?.providerSubscriptionId ?? '';
  fake.advanceSubscription(id, { decline: true });
  await fake.settled();
  expect((await rowOf(publisher))?.status).toBe('past_due');
  fake.cancelFromDashboard(id);
  await fake.settled();
  expect(await renewalOf(publisher)).toMatchObject({ status: 'lapsed', renews_through: null });
  expect((await mailTo(publisher)).filter((s) => /ended|lapsed/i.test(s)).length).toBeGreaterThanOrEqual(1);
});

describe('cancel, resume and change at Stripe first', () => {
  test('CancelPlan and ResumePlan set cancel_at_period_end at Stripe; a Stripe failure changes nothing', async () => {
    const { publisher } = await schoolOnStripe();
    const id = (await rowOf(publisher))?.providerSubscriptionId ?? '';
    const other = await createPublisher(ctx);
    expect((await post('/api/organization/CancelPlan', undefined, {})).statusCode).toBe(401);
    expect(
      (await post('/api/organization/CancelPlan', other.token, { org_Id: publisher.orgId })).statusCode,
    ).toBe(404);
    expect((await post('/api/organization/CancelPlan', publisher.token, { org_Id: 'x' })).statusCode).toBe(
      400,
    );
    expect(subscriptionAt(id).cancel_at_period_end).toBe(false);

    fake.failNext = 10;
    const failing = await post('/api/organization/CancelPlan', publisher.token, {});
    expect(failing.statusCode).toBe(502);
    fake.failNext = 0;
    expect((await rowOf(publisher))?.status).toBe('active');
    expect(subscriptionAt(id).cancel_at_period_end).toBe(false);

    const cancelled = await post('/api/organization/CancelPlan', publisher.token, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelling', auto_renew: false });
    expect(subscriptionAt(id).cancel_at_period_end).toBe(true);
    await fake.settled();
    expect((await rowOf(publisher))?.status).toBe('cancelling');

    const resumed = await post('/api/organization/ResumePlan', publisher.token, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'active', auto_renew: true });
    expect(subscriptionAt(id).cancel_at_period_end).toBe(false);
    await fake.settled();
    expect((await rowOf(publisher))?.status).toBe('active');
  });

  test('cancelled in Stripe’s dashboard: at the period’s end it is cancelling; ended there, it runs out its period', async () => {
    const { publisher } = await schoolOnStripe();
    const id = (await rowOf(publisher))?.providerSubscriptionId ?? '';
    await dashboard.subscriptions.update(id, { cancel_at_period_end: true });
    await fake.settled();
    expect((await renewalOf(publisher)).status).toBe('cancelling');
    await dashboard.subscriptions.update(id, { cancel_at_period_end: false });
    await fake.settled();
    expect((await renewalOf(publisher)).status).toBe('active');

    fake.cancelFromDashboard(id);
    await fake.settled();
    const renewal = await renewalOf(publisher);
    expect(renewal).toMatchObject({ status: 'cancelling', renews_through: null });
    // Nothing renews it: the round lapses it once the period is over.
    await moveClockBack(ctx.app.billing, publisher.orgId ?? 0, 32);
    await ctx.app.billing.runDue();
    expect((await renewalOf(publisher)).status).toBe('lapsed');
  });

  test('an upgrade charges the prorated difference to the kept card and Stripe charges the higher price from the next renewal', async () => {
    const { publisher } = await schoolOnStripe();
    const row = await rowOf(publisher);
    const id = row?.providerSubscriptionId ?? '';
    const upgraded = await post('/api/organization/ChangePlan', publisher.token, {
      subscriptionCategoryType: 'MonthlyBasic',
    });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(upgraded.json()).toMatchObject({
      change: 'upgrade',
      renewal: { plan: 'Basic', renews_through: 'stripe' },
    });
    const charged = Math.round(upgraded.json().charged * 100);
    const intent = requestsTo('POST', /^\/v1\/payment_intents$/).at(-1);
    expect(intent?.body).toMatchObject({
      amount: String(charged),
      payment_method: row?.cardToken,
      customer: row?.providerCustomerId,
      off_session: 'true',
      confirm: 'true',
    });
    const subscription = subscriptionAt(id);
    expect(subscription.items.data[0]?.price.unit_amount).toBe(9900);
    // Nothing prorated by Stripe; the paid period still ends when it did.
    expect(requestsTo('POST', new RegExp(`^/v1/subscriptions/${id}$`)).at(-1)?.body).toMatchObject({
      proration_behavior: 'none',
    });
    expect(subscription.trial_end).toBe(Math.floor((row?.periodEnd.getTime() ?? 0) / 1000));
    const invoice = fake.advanceSubscription(id);
    await fake.settled();
    expect(invoice?.amount_paid).toBe(9900);
    expect((await planOrders(publisher)).at(-1)).toMatchObject({ amountCents: 9900, status: 'captured' });
  });

  test('a declined upgrade changes nothing at Stripe nor here', async () => {
    const { publisher } = await schoolOnStripe('MonthlyKickstart', 39, STRIPE_TEST_CARDS.declinesLater);
    const id = (await rowOf(publisher))?.providerSubscriptionId ?? '';
    const declined = await post('/api/organization/ChangePlan', publisher.token, {
      subscriptionCategoryType: 'MonthlyBasic',
    });
    expect(declined.statusCode).toBe(402);
    expect(subscriptionAt(id).items.data[0]?.price.unit_amount).toBe(3900);
    expect(await renewalOf(publisher)).toMatchObject({ plan: 'Kickstarter', status: 'active' });
  });

  test('another billing period starts at the next renewal: Stripe charges it from the period’s end; choosing the plan again withdraws it', async () => {
    const { publisher } = await schoolOnStripe();
    const row = await rowOf(publisher);
    const id = row?.providerSubscriptionId ?? '';
    const scheduled = await post('/api/organization/ChangePlan', publisher.token, {
      subscriptionCategoryType: 'AnnualKickstart',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ change: 'scheduled', charged: 0 });
    const subscription = subscriptionAt(id);
    expect(subscription.items.data[0]?.price.recurring.interval).toBe('year');
    expect(subscription.trial_end).toBe(Math.floor((row?.periodEnd.getTime() ?? 0) / 1000));
    const withdrawn = await post('/api/organization/ChangePlan', publisher.token, {
      subscriptionCategoryType: 'MonthlyKickstart',
    });
    expect(withdrawn.json()).toMatchObject({ change: 'unchanged', renewal: { scheduled_change: null } });
    expect(subscriptionAt(id).items.data[0]?.price).toMatchObject({
      unit_amount: 3900,
      recurring: { interval: 'month' },
    });
  });

  test('buying again at checkout ends the subscription of the purchase it replaces', async () => {
    const { publisher } = await schoolOnStripe();
    const first = (await rowOf(publisher))?.providerSubscriptionId ?? '';
    const customer = (await rowOf(publisher))?.providerCustomerId;
    await buyPlan(ctx, publisher, { category: 'MonthlyBasic', price: 99, provider: 'stripe' }, (id) => {
      // The school's customer is the same one.
      expect(fake.sessions.get(id)?.customer).toBe(customer);
      fake.pay(id, STRIPE_TEST_CARDS.success);
    });
    await fake.settled();
    const second = (await rowOf(publisher))?.providerSubscriptionId;
    expect(second).toMatch(/^sub_/);
    expect(second).not.toBe(first);
    expect(subscriptionAt(first).status).toBe('canceled');
    expect(subscriptionAt(second).items.data[0]?.price.unit_amount).toBe(9900);
    expect(await renewalOf(publisher)).toMatchObject({
      status: 'active',
      plan: 'Basic',
      renews_through: 'stripe',
    });
  });
});
