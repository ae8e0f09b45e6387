import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { enrolments, orders } from '../../db/schema';
import { type CaptureResult, type PaymentProvider, PaymentProviderError } from '../../lib/payments/provider';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A provider that fails captures, then, once held, takes as long as the test wants to answer one. */
class SlowProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly clientId = 'test-client';
  mode: 'error' | 'held' = 'error';
  /** Captures asked for while held. */
  heldCaptures = 0;
  private release = () => {};
  private readonly released = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  private n = 0;

  /** Lets every capture being held answer, COMPLETED. */
  open() {
    this.release();
  }

  async createOrder() {
    this.n += 1;
    return { id: `SLOW-${this.n}`, approveUrl: null };
  }

  async captureOrder(orderId: string): Promise<CaptureResult> {
    if (this.mode === 'error') throw new PaymentProviderError('PayPal answered 500');
    this.heldCaptures += 1;
    await this.released;
    return { status: 'COMPLETED', captureId: `CAP-${orderId}`, amountCents: 4999, currency: 'USD' };
  }

  async checkCapture(orderId: string): Promise<CaptureResult> {
    return this.captureOrder(orderId);
  }

  async refund() {
    return { refundId: null };
  }
}

const provider = new SlowProvider();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, undefined, provider);
});
afterAll(async () => ctx.close());

/** An order whose capture the provider failed: left in capture, for the reconciler. */
async function orderLeftInCapture(courseId: number): Promise<{ student: TestUser; id: string }> {
  const student = await createStudent(ctx);
  const created = await call(ctx.app, {
    method: 'POST',
    url: '/api/courses/CreateOrder',
    token: student.token,
    body: { price: 49.99, user_id: student.userId, course_id: courseId },
  });
  const { id } = created.json();
  const captured = await call(ctx.app, {
    method: 'POST',
    url: '/api/courses/CaptureOrder',
    token: student.token,
    body: { orderId: id, course_Id: courseId, user_id: student.userId },
  });
  expect(captured.statusCode).toBe(502);
  return { student, id };
}

test('closing the app waits for the reconciler round under way, and no round runs after', async () => {
  const publisher = await createPublisher(ctx);
  const course = await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 4999, withLesson: true });
  const first = await orderLeftInCapture(course.id);
  const second = await orderLeftInCapture(course.id);
  const { db } = ctx.database;

  provider.mode = 'held';
  let isClosed = false;
  const rounds = { started: 0, ended: 0, afterClose: 0 };
  // The server's reconciler (server.ts), every few milliseconds instead of every minute.
  ctx.app.background.every(
    'the payment reconciler',
    5,
    async (signal) => {
      rounds.started += 1;
      if (isClosed) rounds.afterClose += 1;
      try {
        await ctx.app.payments.settleInFlight(0, signal);
      } finally {
        rounds.ended += 1;
      }
    },
    0,
  );
  while (provider.heldCaptures === 0) await sleep(5);

  const closing = ctx.app.close().then(() => {
    isClosed = true;
  });
  await sleep(100);
  // The provider has not answered: the round, and so the close, are still under way.
  expect(isClosed).toBe(false);
  provider.open();
  await closing;

  // The round finished before the close did: the capture it was waiting for is recorded, enrolment
  // and all, and the round stopped there instead of starting on the next order.
  expect(rounds).toEqual({ started: 1, ended: 1, afterClose: 0 });
  const statusOf = async (id: string) =>
    (await db.select().from(orders).where(eq(orders.providerOrderId, id)))[0]?.status;
  const settled = (await statusOf(first.id)) === 'captured' ? first : second;
  const untouched = settled === first ? second : first;
  expect(await statusOf(settled.id)).toBe('captured');
  expect(
    await db.select().from(enrolments).where(eq(enrolments.userId, settled.student.userId)),
  ).toHaveLength(1);
  expect(await statusOf(untouched.id)).toBe('capturing');
  expect(provider.heldCaptures).toBe(1);

  // Several intervals later, still nothing has run: the database may close.
  await sleep(50);
  expect(rounds.afterClose).toBe(0);
  expect(provider.heldCaptures).toBe(1);
});
