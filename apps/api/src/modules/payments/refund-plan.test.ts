import { SANDBOX_CARDS } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { mailSubjectsTo, periodsOf, planOrdersOf, planRowOf } from '../../../test/billing';
import {
  buyPlan,
  createCourse,
  createPublisher,
  createStudent,
  planRenewalOf,
  type TestUser,
} from '../../../test/factories';
import { FakeStripe, STRIPE_TEST_CARDS } from '../../../test/fakes/stripe-server';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { insertSale } from '../../../test/payments';
import { orderRefunds, orders, outgoingMail, sandboxPayments } from '../../db/schema';
import { moveClockBack } from '../billing/test-clock';
import { REFUND_PLAN_USAGE, RefundPlanCommandError, runRefundPlanCommand } from './refund-plan-command';

/** The operator's refund of a plan (npm run refund-plan, docs/decisions/029). */
const run = (context: TestContext, ...args: string[]) =>
  runRefundPlanCommand(
    { db: context.database.db, payments: context.app.payments, billing: context.app.billing },
    args,
  );

const refundsOf = (context: TestContext, orderId: number) =>
  context.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
const orderNow = async (context: TestContext, id: number) =>
  (await context.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const mailNamed = (context: TestContext, user: TestUser, subject: RegExp) =>
  context.database.db
    .select()
    .from(outgoingMail)
    .where(eq(outgoingMail.to, user.email))
    .then((rows) => rows.filter((m) => subject.test(m.subject)));

/** Close to now: a period ended by the command ends at the moment it ran. */
const nowish = (date: Date | undefined) => Math.abs((date?.getTime() ?? 0) - Date.now()) < 60_000;

describe('through the sandbox', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  /** A school that bought the Kickstarter plan at checkout, monthly at 39.00, as the web app does. */
  async function schoolWithPlan() {
    const publisher = await createPublisher(ctx, { subscribed: false });
    await buyPlan(ctx, publisher, { category: 'MonthlyKickstart', price: 39 }, async (id) => {
      const approved = await call(ctx.app, {
        method: 'POST',
        url: `/api/sandbox/orders/${id}/approve`,
        token: publisher.token,
        body: { cardNumber: SANDBOX_CARDS.success, expiry: '12/39', cvc: '123', name: 'Pat Publisher' },
      });
      expect(approved.statusCode, approved.body).toBe(200);
    });
    const [order] = await planOrdersOf(ctx, publisher);
    if (!order) throw new Error('no plan order');
    return { publisher, order };
  }

  test('refunds a plan order once through the provider that took it, ends the paid period and the plan now, and e-mails the receipt', async () => {
    const { publisher, order } = await schoolWithPlan();
    expect((await planRenewalOf(ctx, publisher)).status).toBe('active');

    const lines = await run(ctx, '--order', String(order.id), '--reason', 'Charged twice');
    const [refund] = await refundsOf(ctx, order.id);
    expect(lines).toEqual([
      `Refunded plan order ${order.id}: $39.00 USD to Test School through the sandbox (refund #${refund?.id}).`,
      `The refund receipt is e-mailed to ${publisher.email}.`,
      'The school’s plan ended now: nothing renews it, and its publishers are told.',
    ]);
    expect(refund).toMatchObject({
      amountCents: 3900,
      status: 'completed',
      requestKey: `plan-refund-${order.id}`,
      note: 'Plan refunded by the operator: Charged twice',
      requestedBy: null,
      removedAccess: false,
    });
    expect(await orderNow(ctx, order.id)).toMatchObject({ status: 'refunded', refundedCents: 3900 });
    const [payment] = await ctx.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, order.providerOrderId));
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 3900 });

    // The paid period ends now, and with it the plan: nothing renews it.
    const periods = await periodsOf(ctx, publisher, 'paid');
    expect(periods).toHaveLength(1);
    expect(nowish(periods[0]?.periodEnd)).toBe(true);
    const row = await planRowOf(ctx, publisher);
    expect(row).toMatchObject({ status: 'lapsed', nextAttemptAt: null });
    expect(nowish(row?.periodEnd)).toBe(true);
    expect((await planRenewalOf(ctx, publisher)).status).toBe('lapsed');
    const charges = (await planOrdersOf(ctx, publisher)).length;
    await moveClockBack(ctx.app.billing, publisher.orgId ?? 0, 40);
    expect((await ctx.app.billing.runDue()).renewed).toBe(0);
    expect(await planOrdersOf(ctx, publisher)).toHaveLength(charges);

    // The receipt, once, saying why; the publishers told the plan ended.
    const [receipt, ...more] = await mailNamed(ctx, publisher, /^Refund for the Kickstarter plan$/);
    expect(more).toHaveLength(0);
    expect(receipt?.text).toContain('Amount returned: $39.00 USD');
    expect(receipt?.text).toContain('Why: Skillwise refunded your plan; its paid period ended.');
    expect((await mailSubjectsTo(ctx, publisher)).some((s) => /plan has ended/.test(s))).toBe(true);

    // Run again: refused, nothing more is refunded.
    await expect(run(ctx, '--order', String(order.id), '--reason', 'Again')).rejects.toThrow(
      new RefundPlanCommandError(
        `Order ${order.id} was refunded already (refund #${refund?.id}, $39.00 USD): nothing more is refunded.`,
      ),
    );
    expect(await refundsOf(ctx, order.id)).toHaveLength(1);
    expect(await mailNamed(ctx, publisher, /^Refund for/)).toHaveLength(1);
  });

  test('an earlier period’s order: the money goes back and the plan runs on; the renewal’s order ends the plan', async () => {
    const { publisher, order } = await schoolWithPlan();
    // A month later the plan renewed: a second order pays the running period.
    await moveClockBack(ctx.app.billing, publisher.orgId ?? 0, 31);
    expect((await ctx.app.billing.runDue()).renewed).toBe(1);
    const renewal = (await planOrdersOf(ctx, publisher))[1];
    if (!renewal) throw new Error('no renewal');

    const earlier = await run(ctx, '--order', String(order.id), '--reason', 'Goodwill');
    expect(earlier.at(0)).toMatch(new RegExp(`^Refunded plan order ${order.id}: \\$39\\.00 USD`));
    expect(earlier.at(-1)).toBe('The period it paid for had ended already: the school’s plan is unchanged.');
    expect((await planRowOf(ctx, publisher))?.status).toBe('active');

    const latest = await run(ctx, '--order', String(renewal.id), '--reason', 'Closing the school');
    expect(latest.at(-1)).toBe(
      'The school’s plan ended now: nothing renews it, and its publishers are told.',
    );
    expect((await planRowOf(ctx, publisher))?.status).toBe('lapsed');
    const running = (await periodsOf(ctx, publisher, 'paid')).filter((p) => p.periodEnd > new Date());
    expect(running).toEqual([]);
  });

  test('refuses a course sale, an unknown order, an order refunded otherwise and mistakes in the command line, changing nothing', async () => {
    const { publisher, order } = await schoolWithPlan();
    const student = await createStudent(ctx);
    const course = await createCourse(ctx, publisher.orgId ?? 0);
    const sale = await insertSale(ctx, {
      userId: student.userId,
      orgId: publisher.orgId ?? 0,
      courseId: course.id,
    });
    await expect(run(ctx, '--order', String(sale.id), '--reason', 'x')).rejects.toThrow(
      `Order ${sale.id} is a course sale, not a plan order: the school that sold it refunds it on its Sales screen.`,
    );
    await expect(run(ctx, '--order', '2147483647', '--reason', 'x')).rejects.toThrow(
      'There is no order 2147483647.',
    );
    // Refunded in the provider's dashboard, say.
    const refunded = await insertSale(ctx, {
      userId: publisher.userId,
      orgId: publisher.orgId ?? 0,
      kind: 'plan',
      status: 'refunded',
      refundedCents: 1000,
      refundReason: 'provider_refund',
      courseId: null,
    });
    await expect(run(ctx, '--order', String(refunded.id), '--reason', 'x')).rejects.toThrow(
      `Order ${refunded.id} is refunded already ($10.00 USD given back): nothing was done.`,
    );
    const id = String(order.id);
    for (const [args, message] of [
      [[], '--order is required: the id of the plan order.'],
      [['--order', 'abc', '--reason', 'x'], "--order must be an order's id, a whole number (got abc)."],
      [['--order', '0', '--reason', 'x'], "--order must be an order's id, a whole number (got 0)."],
      [['--order', id], '--reason is required: why the plan is refunded.'],
      [['--order', id, '--reason', '  '], '--reason must be 1 to 500 characters.'],
      [['--order', id, '--reason', 'x'.repeat(501)], '--reason must be 1 to 500 characters.'],
      [['--order', id, '--reason', 'x', 'now'], 'Unexpected "now".'],
      [['--order', id, '--amount', '5'], "Unknown option '--amount'."],
    ] as const) {
      const error = await run(ctx, ...args).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, JSON.stringify(args)).toBeInstanceOf(RefundPlanCommandError);
      expect((error as Error).message).toBe(`${message}\n\nUsage:\n${REFUND_PLAN_USAGE}`);
    }
    expect(await run(ctx, 'help')).toEqual(REFUND_PLAN_USAGE.split('\n'));
    expect(await refundsOf(ctx, order.id)).toHaveLength(0);
    expect(await orderNow(ctx, order.id)).toMatchObject({ status: 'captured', refundedCents: 0 });
    expect((await planRowOf(ctx, publisher))?.status).toBe('active');
  });
});

describe('a plan renewed by a Stripe subscription', () => {
  const SECRET_KEY = 'sk_test_refundplan123';
  const WEBHOOK_SECRET = 'whsec_refundplan123';
  let fake: FakeStripe;
  let ctx: TestContext;
  beforeAll(async () => {
    fake = await new FakeStripe({ secretKey: SECRET_KEY }).start();
    ctx = await createTestContext({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.baseUrl,
      PUBLIC_URL: 'http://localhost:5173',
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    fake.webhook = { url: `http://127.0.0.1:${port}/api/payments/webhooks/stripe`, secret: WEBHOOK_SECRET };
  });
  afterAll(async () => {
    await fake?.stop();
    await ctx?.close();
  });
  beforeEach(() => {
    fake.failNext = 0;
  });

  async function schoolOnStripe() {
    const publisher = await createPublisher(ctx, { subscribed: false });
    await buyPlan(ctx, publisher, { category: 'MonthlyKickstart', price: 39, provider: 'stripe' }, (id) => {
      expect(fake.pay(id, STRIPE_TEST_CARDS.success).paid).toBe(true);
    });
    await fake.settled();
    const [order] = await planOrdersOf(ctx, publisher);
    const row = await planRowOf(ctx, publisher);
    if (!order || !row?.providerSubscriptionId) throw new Error('no plan order or subscription');
    return { publisher, order, subscriptionId: row.providerSubscriptionId };
  }
  /** The refunds Stripe made of a payment, and the keys of the refunds asked for an order. */
  const refundsAtStripe = (paymentIntent: string | null) =>
    [...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent);
  const keysSent = (orderId: number) =>
    new Set(
      fake.requests
        .filter((r) => r.method === 'POST' && r.path === '/v1/refunds')
        .map((r) => r.idempotencyKey)
        .filter((key) => key?.startsWith(`refund-${orderId}-`)),
    );
  const stripeSubscription = (id: string) => fake.subscriptions.get(id) as { status?: string } | undefined;

  test('refunded through Stripe with its own key; the subscription is ended so that it renews nothing', async () => {
    const { publisher, order, subscriptionId } = await schoolOnStripe();
    const lines = await run(ctx, '--order', String(order.id), '--reason', 'Wrong plan');
    await fake.settled();
    const [refund] = await refundsOf(ctx, order.id);
    expect(lines).toEqual([
      `Refunded plan order ${order.id}: $39.00 USD to Test School through Stripe (refund #${refund?.id}).`,
      `The refund receipt is e-mailed to ${publisher.email}.`,
      'The school’s plan ended now: nothing renews it, and its publishers are told.',
      'Its Stripe subscription is ended: it renews nothing.',
    ]);
    expect(refundsAtStripe(order.providerCaptureId).map((r) => r.amount)).toEqual([3900]);
    expect(keysSent(order.id)).toEqual(new Set([`refund-${order.id}-${refund?.id}`]));
    expect(stripeSubscription(subscriptionId)?.status).toBe('canceled');
    expect(await planRowOf(ctx, publisher)).toMatchObject({ status: 'lapsed', providerSubscriptionId: null });
    // Stripe's own report of the refund (charge.refunded) records nothing more.
    expect(await orderNow(ctx, order.id)).toMatchObject({ status: 'refunded', refundedCents: 3900 });
    expect(await refundsOf(ctx, order.id)).toHaveLength(1);
  });

  test('Stripe down: the refund waits and the plan ends now; Stripe back, the server sends the refund once and ends the subscription', async () => {
    const { publisher, order, subscriptionId } = await schoolOnStripe();
    fake.failNext = 1000;
    const lines = await run(ctx, '--order', String(order.id), '--reason', 'Wrong plan');
    const [refund] = await refundsOf(ctx, order.id);
    expect(lines).toEqual([
      `Plan order ${order.id}: the refund of $39.00 USD to Test School is recorded and waits for Stripe, which did not answer (refund #${refund?.id}).`,
      'The server sends it again every minute while it runs; the refund receipt is e-mailed once it is taken.',
      'The school’s plan ended now: nothing renews it, and its publishers are told.',
      'Its Stripe subscription could not be ended now: the server ends it within a minute while it runs.',
    ]);
    expect(refund).toMatchObject({ status: 'pending' });
    expect((await planRowOf(ctx, publisher))?.status).toBe('lapsed');
    expect(await mailNamed(ctx, publisher, /^Refund for/)).toHaveLength(0);
    // Run again meanwhile: refused, nothing more.
    await expect(run(ctx, '--order', String(order.id), '--reason', 'Again')).rejects.toThrow(
      `Order ${order.id} was refunded already (refund #${refund?.id}, $39.00 USD), which waits for Stripe: the server sends it again every minute.`,
    );

    fake.failNext = 0;
    expect((await ctx.app.payments.settleInFlight(0)).refunded).toBe(1);
    await ctx.app.billing.runDue();
    await fake.settled();
    expect((await refundsOf(ctx, order.id)).map((r) => r.status)).toEqual(['completed']);
    expect(await orderNow(ctx, order.id)).toMatchObject({ status: 'refunded', refundedCents: 3900 });
    expect(stripeSubscription(subscriptionId)?.status).toBe('canceled');
    expect((await planRowOf(ctx, publisher))?.providerSubscriptionId).toBeNull();
    expect(await mailNamed(ctx, publisher, /^Refund for the Kickstarter plan$/)).toHaveLength(1);
    expect(refundsAtStripe(order.providerCaptureId).map((r) => r.amount)).toEqual([3900]);
    expect(keysSent(order.id)).toEqual(new Set([`refund-${order.id}-${refund?.id}`]));
  });
});
