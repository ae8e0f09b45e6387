import { MSG } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { authorCourse } from '../../../test/authoring';
import { createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { enrolments, orders, subscriptions } from '../../db/schema';
import { type CaptureResult, type PaymentProvider, PaymentProviderError } from '../../lib/payments/provider';

/** A provider that creates orders but whose capture fails as the test says. */
class FlakyProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly clientId = 'test-client';
  failCreate = false;
  capture: 'error' | 'wrong-amount' | 'ok' = 'error';
  private n = 0;

  async createOrder() {
    if (this.failCreate) throw new PaymentProviderError('PayPal answered 503');
    this.n += 1;
    return { id: `PP-${this.n}`, approveUrl: null };
  }

  async captureOrder(): Promise<CaptureResult> {
    if (this.capture === 'error') throw new PaymentProviderError('PayPal answered 500');
    return {
      status: 'COMPLETED',
      captureId: 'CAP-1',
      amountCents: this.capture === 'wrong-amount' ? 1 : 4999,
      currency: 'USD',
    };
  }
}

const provider = new FlakyProvider();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, undefined, provider);
});
afterAll(async () => ctx.close());

test('a provider error leaves the buyer on checkout with the spec’s message; nothing is enrolled or activated', async () => {
  const publisher = await createPublisher(ctx);
  const { course } = await authorCourse(ctx, publisher.token, { 'Object.price': '49.99' });
  await call(ctx.app, {
    method: 'PUT',
    url: '/api/courses/publishUnpublishCourse',
    token: publisher.token,
    body: { Id: course.course_Id, published: true },
  });
  const student = await createStudent(ctx);

  provider.failCreate = true;
  const refused = await call(ctx.app, {
    method: 'POST',
    url: '/api/courses/CreateOrder',
    token: student.token,
    body: { price: 49.99, user_id: student.userId, course_id: course.course_Id },
  });
  expect(refused.statusCode).toBe(502);
  expect(refused.json().message).toBe(MSG.paymentError);
  provider.failCreate = false;

  const { id } = (
    await call(ctx.app, {
      method: 'POST',
      url: '/api/courses/CreateOrder',
      token: student.token,
      body: { price: 49.99, user_id: student.userId, course_id: course.course_Id },
    })
  ).json();
  const capture = () =>
    call(ctx.app, {
      method: 'POST',
      url: '/api/courses/CaptureOrder',
      token: student.token,
      body: { orderId: id, course_Id: course.course_Id, user_id: student.userId },
    });
  provider.capture = 'error';
  const failed = await capture();
  expect(failed.statusCode).toBe(502);
  expect(failed.json().message).toBe(MSG.paymentError);
  expect(
    await ctx.database.db.select().from(enrolments).where(eq(enrolments.userId, student.userId)),
  ).toEqual([]);

  provider.capture = 'wrong-amount';
  expect((await capture()).statusCode).toBe(402);
  expect(
    await ctx.database.db.select().from(enrolments).where(eq(enrolments.userId, student.userId)),
  ).toEqual([]);

  // Once the provider recovers, the same order captures and enrols.
  provider.capture = 'ok';
  expect((await capture()).statusCode).toBe(200);
  expect(
    await ctx.database.db.select().from(enrolments).where(eq(enrolments.userId, student.userId)),
  ).toHaveLength(1);

  const newOrg = await createPublisher(ctx, { subscribed: false });
  provider.capture = 'error';
  const plan = (
    await call(ctx.app, {
      method: 'POST',
      url: '/api/organization/CreateOrder',
      token: newOrg.token,
      body: { price: 39, user_id: newOrg.userId },
    })
  ).json();
  const planCapture = await call(ctx.app, {
    method: 'POST',
    url: '/api/organization/CaptureOrder',
    token: newOrg.token,
    body: { orderId: plan.id, subscriptionCategoryType: 'MonthlyKickstart' },
  });
  expect(planCapture.statusCode).toBe(502);
  expect(
    await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orgId, newOrg.orgId ?? 0)),
  ).toEqual([]);
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.providerOrderId, plan.id));
  expect(order?.status).toBe('created');
});

test('payments/config tells the web app which provider to show', async () => {
  const res = await call(ctx.app, { method: 'GET', url: '/api/payments/config' });
  expect(res.json()).toEqual({ provider: 'paypal', clientId: 'test-client', currency: 'USD' });
});
