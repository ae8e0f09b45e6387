import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { FakeStripe, STRIPE_TEST_CARDS } from '../../../test/fakes/stripe-server';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { courses, orders, paymentAccounts, paymentEvents, planPrices } from '../../db/schema';
import type { CaptureResult, PaymentProvider } from '../../lib/payments/provider';
import { NO_ACCOUNT_REASON } from './payout-accounts.service';

const SECRET_KEY = 'sk_test_connect123';
const WEBHOOK_SECRET = 'whsec_connect123';
const PUBLIC_URL = 'http://localhost:5173';

/** PayPal beside Stripe: it approves every order and keeps what each was created with. */
class RecordingPayPal implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly clientId = 'paypal-client';
  readonly created: Parameters<PaymentProvider['createOrder']>[0][] = [];
  async createOrder(input: Parameters<PaymentProvider['createOrder']>[0]) {
    this.created.push(input);
    return { id: `PP-${input.requestId}`, approveUrl: null };
  }
  async captureOrder(orderId: string): Promise<CaptureResult> {
    return { status: 'DECLINED', reason: `not approved ${orderId}`, cardDeclined: false };
  }
  checkCapture(orderId: string) {
    return this.captureOrder(orderId);
  }
  async refund() {
    return { refundId: 'RF-1' };
  }
}

let fake: FakeStripe;
let ctx: TestContext;
const paypal = new RecordingPayPal();

beforeAll(async () => {
  fake = await new FakeStripe({ secretKey: SECRET_KEY }).start();
  ctx = await createTestContext(
    {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.baseUrl,
      PUBLIC_URL,
      PAYOUT_MODE: 'connected',
      PLATFORM_FEE_PERCENT: '12.5',
    },
    undefined,
    paypal,
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  fake.webhook = { url: `http://127.0.0.1:${port}/api/payments/webhooks/stripe`, secret: WEBHOOK_SECRET };
});
afterAll(async () => {
  await fake?.stop();
  await ctx?.close();
});
beforeEach(() => {
  fake.deliverEvents = true;
});

const db = () => ctx.database.db;

const getAccount = (token?: string) =>
  call(ctx.app, { method: 'GET', url: '/api/organization/GetPayoutAccount', ...(token ? { token } : {}) });
const connect = (token?: string, body?: Record<string, unknown>) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/organization/ConnectStripeAccount',
    ...(token ? { token } : {}),
    ...(body ? { body } : {}),
  });
const refresh = (token?: string) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/organization/RefreshPayoutAccount',
    ...(token ? { token } : {}),
  });
const setPayPal = (body: unknown, token?: string) =>
  call(ctx.app, {
    method: 'PUT',
    url: '/api/organization/SetPayPalPayee',
    ...(token ? { token } : {}),
    body: body as Record<string, unknown>,
  });

/** The school goes through Stripe's onboarding page: where the page sends it back. */
async function onboard(url: string, outcome?: 'restricted'): Promise<string> {
  const res = await fetch(outcome ? `${url}?outcome=${outcome}` : url, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location') ?? '';
}

/** A school whose Stripe account is onboarded and enabled (read back through Refresh). */
async function enabledSchool() {
  const publisher = await createPublisher(ctx);
  const { url } = (await connect(publisher.token)).json();
  fake.deliverEvents = false;
  await onboard(url);
  expect((await refresh(publisher.token)).json().stripe.status).toBe('enabled');
  fake.deliverEvents = true;
  return publisher;
}

const createOrder = (student: TestUser, course: number, provider: 'stripe' | 'paypal') =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/courses/CreateOrder',
    token: student.token,
    body: { price: 49.99, user_id: student.userId, course_id: course, provider },
  });

const publish = (publisher: TestUser, id: number) =>
  call(ctx.app, {
    method: 'PUT',
    url: '/api/courses/publishUnpublishCourse',
    token: publisher.token,
    body: { Id: id, published: true },
  });

test('a school connects Stripe: link, onboarding on Stripe, back to Settings, Refresh shows it enabled', async () => {
  const publisher = await createPublisher(ctx);
  expect((await getAccount(publisher.token)).json()).toEqual({
    mode: 'connected',
    stripe: null,
    paypal: null,
    canSellPaidCourses: false,
    reason: NO_ACCOUNT_REASON,
  });

  const accountsBefore = fake.accounts.size;
  const first = await connect(publisher.token);
  expect(first.statusCode).toBe(200);
  expect(first.json().url).toMatch(new RegExp(`^${fake.baseUrl}/connect/onboard/`));
  // Asked again (the school closed the tab): the same account, a new link.
  const again = await connect(publisher.token, {});
  expect(again.json().url).not.toBe(first.json().url);
  expect(fake.accounts.size).toBe(accountsBefore + 1);
  const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts').at(-1);
  expect(created?.idempotencyKey).toBe(`connect-account-org-${publisher.orgId}`);
  const link = fake.requests.filter((r) => r.path === '/v1/account_links').at(-1);
  expect(link?.body).toMatchObject({
    type: 'account_onboarding',
    return_url: `${PUBLIC_URL}/admin/settings`,
    refresh_url: `${PUBLIC_URL}/admin/settings`,
  });

  const pending = (await getAccount(publisher.token)).json();
  expect(pending.stripe).toEqual({
    accountId: expect.stringMatching(/^acct_/),
    status: 'pending',
    chargesEnabled: false,
    payoutsEnabled: false,
  });
  expect(pending.canSellPaidCourses).toBe(false);
  expect(pending.reason).toMatch(/Finish setting up your Stripe account/);

  fake.deliverEvents = false;
  expect(await onboard(again.json().url)).toBe(`${PUBLIC_URL}/admin/settings`);
  const refreshed = await refresh(publisher.token);
  expect(refreshed.statusCode).toBe(200);
  expect(refreshed.json()).toEqual({
    mode: 'connected',
    stripe: {
      accountId: pending.stripe.accountId,
      status: 'enabled',
      chargesEnabled: true,
      payoutsEnabled: true,
    },
    paypal: null,
    canSellPaidCourses: true,
    reason: null,
  });
  expect((await getAccount(publisher.token)).json()).toEqual(refreshed.json());
});

test('the account.updated webhook alone enables the account, once per event', async () => {
  const publisher = await createPublisher(ctx);
  const { url } = (await connect(publisher.token, { returnPath: '/admin/settings?tab=payouts' })).json();
  expect(await onboard(url)).toBe(`${PUBLIC_URL}/admin/settings?tab=payouts`);
  await fake.settled();
  const account = (await getAccount(publisher.token)).json();
  expect(account.stripe.status).toBe('enabled');
  expect(account.canSellPaidCourses).toBe(true);

  const event = fake.events.filter((e) => e.type === 'account.updated').at(-1);
  if (!event) throw new Error('no account.updated event');
  const recorded = () => db().select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
  expect(await recorded()).toHaveLength(1);
  // Stripe delivers it again: taken once, nothing changes.
  expect(await fake.deliver(event)).toBe(200);
  expect(await recorded()).toHaveLength(1);
  // A delivery not signed with the endpoint's secret changes nothing.
  expect(await fake.deliver(event, 'whsec_wrong')).toBe(400);
});

test('an account Stripe restricts is shown restricted, and the school cannot sell', async () => {
  const publisher = await createPublisher(ctx);
  const { url } = (await connect(publisher.token)).json();
  fake.deliverEvents = false;
  await onboard(url, 'restricted');
  const restricted = (await refresh(publisher.token)).json();
  expect(restricted.stripe).toMatchObject({
    status: 'restricted',
    chargesEnabled: false,
    payoutsEnabled: false,
  });
  expect(restricted.canSellPaidCourses).toBe(false);
  expect(restricted.reason).toMatch(/Stripe needs more information/);
  const course = await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 4999, published: false });
  const refused = await publish(publisher, course.id);
  expect(refused.statusCode).toBe(400);
  expect(refused.json().message).toMatch(/Stripe needs more information/);
});

test('a course bought from a connected school is a destination charge with the platform fee as application fee', async () => {
  const publisher = await enabledSchool();
  const accountId = (await getAccount(publisher.token)).json().stripe.accountId;
  const course = await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 4999, withLesson: true });
  const student = await createStudent(ctx);
  const created = await createOrder(student, course.id, 'stripe');
  expect(created.statusCode).toBe(201);
  const sessionId = created.json().id as string;
  // 12.5% of 49.99 is 6.24875: 625 cents, half up.
  expect(fake.sessions.get(sessionId)?.payment_intent_data).toMatchObject({
    transfer_data: { destination: accountId },
    application_fee_amount: '625',
  });
  const paid = fake.pay(sessionId, STRIPE_TEST_CARDS.success);
  expect(paid.paid).toBe(true);
  await fake.settled();
  const session = fake.sessions.get(sessionId);
  const intent = fake.intents.get(String(session?.payment_intent));
  expect(intent).toMatchObject({ transfer_data: { destination: accountId }, application_fee_amount: 625 });
  const [order] = await db().select().from(orders).where(eq(orders.providerOrderId, sessionId));
  expect(order).toMatchObject({ status: 'captured', platformFeeCents: 625, amountCents: 4999 });
});

test('a destination charge given back is undone wholly: the transfer reversed and the fee refunded', async () => {
  const publisher = await enabledSchool();
  const course = await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 4999, withLesson: true });
  const student = await createStudent(ctx);
  const order = (await createOrder(student, course.id, 'stripe')).json();
  fake.deliverEvents = false;
  fake.pay(order.id, STRIPE_TEST_CARDS.success);
  // The school unpublishes the course while the buyer is on Stripe's page: the capture is given back.
  await call(ctx.app, {
    method: 'PUT',
    url: '/api/courses/publishUnpublishCourse',
    token: publisher.token,
    body: { Id: course.id, published: false },
  });
  const completed = fake.events.find(
    (e) =>
      e.type === 'checkout.session.completed' &&
      (e.data as { object: { id: string } }).object.id === order.id,
  );
  if (!completed) throw new Error('no event');
  expect(await fake.deliver(completed)).toBe(200);
  const [row] = await db().select().from(orders).where(eq(orders.providerOrderId, order.id));
  expect(row?.status).toBe('refunded');
  const sent = fake.requests.filter((r) => r.path === '/v1/refunds').at(-1);
  expect(sent?.body).toEqual({
    payment_intent: row?.providerCaptureId,
    amount: '4999',
    reverse_transfer: 'true',
    refund_application_fee: 'true',
  });
  const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === row?.providerCaptureId);
  expect(refunds).toMatchObject([{ amount: 4999, transfer_reversal: expect.stringMatching(/^trr_/) }]);
});

test('a school without an account cannot sell: CreateOrder 400, nothing made; a paid course is not published, a free one is', async () => {
  const publisher = await createPublisher(ctx);
  const course = await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 4999, withLesson: true });
  const student = await createStudent(ctx);
  const sessionsBefore = fake.sessions.size;
  for (const provider of ['stripe', 'paypal'] as const) {
    const paypalBefore = paypal.created.length;
    const res = await createOrder(student, course.id, provider);
    expect(res.statusCode, provider).toBe(400);
    expect(res.json().message).toMatch(/cannot take payments/);
    expect(paypal.created).toHaveLength(paypalBefore);
  }
  expect(fake.sessions.size).toBe(sessionsBefore);
  expect(await db().select().from(orders).where(eq(orders.userId, student.userId))).toHaveLength(0);

  const paid = await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 2500, published: false });
  const refused = await publish(publisher, paid.id);
  expect(refused.statusCode).toBe(400);
  expect(refused.json().message).toBe(`A paid course cannot be published yet. ${NO_ACCOUNT_REASON}`);
  const [still] = await db().select().from(courses).where(eq(courses.id, paid.id));
  expect(still?.published).toBe(false);

  const free = await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 0, published: false });
  const published = await publish(publisher, free.id);
  expect(published.statusCode).toBe(200);
  expect(published.json().published).toBe(true);
});

test('a school paid through PayPal: its payee and the platform fee go with the order', async () => {
  const publisher = await createPublisher(ctx);
  const set = await setPayPal({ email: '  Payouts@School.Example ' }, publisher.token);
  expect(set.statusCode).toBe(200);
  expect(set.json()).toMatchObject({
    paypal: { payeeEmail: 'payouts@school.example' },
    canSellPaidCourses: true,
    reason: null,
  });
  const course = await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 4999, withLesson: true });
  const student = await createStudent(ctx);
  expect((await createOrder(student, course.id, 'paypal')).statusCode).toBe(201);
  expect(paypal.created.at(-1)?.payee).toEqual({
    accountId: 'payouts@school.example',
    platformFeeCents: 625,
  });
  // Stripe is not connected: a Stripe order of the same course is refused.
  expect((await createOrder(student, course.id, 'stripe')).statusCode).toBe(400);
  // A paid course can be published: the school can be paid through PayPal.
  const paid = await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 2500, published: false });
  expect((await publish(publisher, paid.id)).statusCode).toBe(200);
});

test('a plan is the operator’s: its Stripe order has no destination', async () => {
  const publisher = await enabledSchool();
  const [plan] = await db().select().from(planPrices).where(eq(planPrices.category, 'MonthlyKickstart'));
  if (!plan) throw new Error('no plan price');
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/organization/CreateOrder',
    token: publisher.token,
    body: {
      price: plan.amountCents / 100,
      user_id: publisher.userId,
      subscriptionCategoryType: 'MonthlyKickstart',
      provider: 'stripe',
    },
  });
  expect(res.statusCode).toBe(201);
  const data = fake.sessions.get(res.json().id)?.payment_intent_data as Record<string, unknown>;
  expect(data.capture_method).toBe('manual');
  expect(data).not.toHaveProperty('transfer_data');
  expect(data).not.toHaveProperty('application_fee_amount');
});

test('the calls are a publisher’s of its own school: no token 401, a student 403, another school sees only its own', async () => {
  const publisher = await enabledSchool();
  const mine = (await getAccount(publisher.token)).json();
  for (const res of [
    await getAccount(),
    await connect(),
    await refresh(),
    await setPayPal({ email: 'a@b.example' }),
  ]) {
    expect(res.statusCode).toBe(401);
  }
  const student = await createStudent(ctx);
  for (const res of [
    await getAccount(student.token),
    await connect(student.token),
    await refresh(student.token),
    await setPayPal({ email: 'a@b.example' }, student.token),
  ]) {
    expect(res.statusCode).toBe(403);
  }
  const other = await createPublisher(ctx);
  expect((await getAccount(other.token)).json()).toMatchObject({ stripe: null, paypal: null });
  // Its own connection is an account of its own; it changes nothing of the first school's.
  await connect(other.token);
  await setPayPal({ email: 'other@school.example' }, other.token);
  const theirs = (await refresh(other.token)).json();
  expect(theirs.stripe.accountId).not.toBe(mine.stripe.accountId);
  expect((await getAccount(publisher.token)).json()).toEqual(mine);
  const rows = await db()
    .select()
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.orgId, publisher.orgId ?? 0), eq(paymentAccounts.provider, 'paypal')));
  expect(rows).toHaveLength(0);
});

test('bad input is refused naming the field', async () => {
  const publisher = await createPublisher(ctx);
  for (const returnPath of ['//evil.example', 'https://evil.example/', '/api/users', 'settings', 7]) {
    const res = await connect(publisher.token, { returnPath });
    expect(res.statusCode, String(returnPath)).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'returnPath' })]);
  }
  for (const body of [{ email: 'not-an-address' }, {}, { email: 5 }, { email: 'x'.repeat(300) }]) {
    const res = await setPayPal(body, publisher.token);
    expect(res.statusCode, JSON.stringify(body)).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'email' })]);
  }
  expect(
    await db()
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.orgId, publisher.orgId ?? 0)),
  ).toEqual([]);
});

test('with PAYOUT_MODE=collected (the default) nothing is connected and every school can sell', async () => {
  const collected = await createTestContext({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_API_BASE: fake.baseUrl,
    PUBLIC_URL,
  });
  try {
    const publisher = await createPublisher(collected);
    const answer = await call(collected.app, {
      method: 'GET',
      url: '/api/organization/GetPayoutAccount',
      token: publisher.token,
    });
    expect(answer.json()).toEqual({
      mode: 'collected',
      stripe: null,
      paypal: null,
      canSellPaidCourses: true,
      reason: null,
    });
    const accountsBefore = fake.accounts.size;
    const refused = await call(collected.app, {
      method: 'POST',
      url: '/api/organization/ConnectStripeAccount',
      token: publisher.token,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/PAYOUT_MODE=collected/);
    expect(fake.accounts.size).toBe(accountsBefore);
    const paypalRefused = await call(collected.app, {
      method: 'PUT',
      url: '/api/organization/SetPayPalPayee',
      token: publisher.token,
      body: { email: 'payouts@school.example' },
    });
    expect(paypalRefused.statusCode).toBe(400);
  } finally {
    await collected.close();
  }
});

test('Stripe not configured (PayPal only): connecting a Stripe account is refused with a clear message', async () => {
  const noStripe = await createTestContext({
    PAYOUT_MODE: 'connected',
    PAYPAL_CLIENT_ID: 'id',
    PAYPAL_CLIENT_SECRET: 'secret',
    PAYPAL_API_BASE: 'http://127.0.0.1:9',
  });
  try {
    const publisher = await createPublisher(noStripe);
    const res = await call(noStripe.app, {
      method: 'POST',
      url: '/api/organization/ConnectStripeAccount',
      token: publisher.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Stripe is not configured on this installation.');
  } finally {
    await noStripe.close();
  }
});
