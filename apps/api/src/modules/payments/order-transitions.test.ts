import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus, orders } from '../../db/schema';
import { insertOrder, moveOrder } from './payments.repository';

let ctx: TestContext;
let buyer: TestUser;
let seller: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  buyer = await createStudent(ctx);
  seller = await createPublisher(ctx);
});
afterAll(async () => ctx.close());

let n = 0;
/** A plan order in `status`, as if it had got there: each test starts from its own. */
const orderIn = (status: OrderStatus) => {
  n += 1;
  return insertOrder(ctx.database.db, {
    userId: buyer.userId,
    orgId: seller.orgId ?? 0,
    kind: 'plan',
    amountCents: 3900,
    currency: 'USD',
    provider: 'sandbox',
    providerOrderId: `TRANSITION-${n}-${status}`,
    status,
  });
};
const statusOf = async (id: number) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;

const isAllowed = (from: OrderStatus, to: OrderStatus) =>
  (ORDER_TRANSITIONS[to] as readonly OrderStatus[]).includes(from);
const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => ({ from, to })));

describe('an order moves only forward', () => {
  test.each(pairs.filter(({ from, to }) => !isAllowed(from, to)))(
    'never from $from to $to',
    async ({ from, to }) => {
      const order = await orderIn(from);
      expect(await moveOrder(ctx.database.db, order.id, to)).toBeUndefined();
      expect(await statusOf(order.id)).toBe(from);
    },
  );

  test.each(pairs.filter(({ from, to }) => isAllowed(from, to)))(
    'from $from to $to, answering the order as it now is',
    async ({ from, to }) => {
      const order = await orderIn(from);
      const moved = await moveOrder(ctx.database.db, order.id, to, { providerCaptureId: 'CAPTURE-1' });
      expect(moved).toMatchObject({ id: order.id, status: to, providerCaptureId: 'CAPTURE-1' });
      expect(await statusOf(order.id)).toBe(to);
    },
  );

  test('nothing goes back: a captured order is never failed or created again, a failed one is captured only through a claim', () => {
    for (const to of ORDER_STATUSES) expect(isAllowed('refunded', to)).toBe(false);
    // A captured order leaves only when the provider reports it refunded (its dashboard: decision 023).
    for (const to of ORDER_STATUSES) expect(isAllowed('captured', to)).toBe(to === 'refunded');
    expect(ORDER_TRANSITIONS.created).toEqual([]);
    expect(isAllowed('failed', 'captured')).toBe(false);
    expect(isAllowed('failed', 'capturing')).toBe(true);
    expect(isAllowed('refunding', 'captured')).toBe(false);
  });

  test('of two changes at once, the first wins and the second learns it changed nothing', async () => {
    const order = await orderIn('capturing');
    const [captured, failed] = await Promise.all([
      moveOrder(ctx.database.db, order.id, 'captured'),
      moveOrder(ctx.database.db, order.id, 'failed'),
    ]);
    expect([captured?.status, failed?.status].filter(Boolean)).toHaveLength(1);
    expect(await statusOf(order.id)).toBe(captured ? 'captured' : 'failed');
  });
});

describe('the sandbox card page never moves an order back', () => {
  test('approving again while the order is being captured leaves it in capture', async () => {
    const publisher = await createPublisher(ctx);
    const student = await createStudent(ctx);
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/organization/CreateOrder',
      token: publisher.token,
      body: { price: 39, user_id: publisher.userId },
    });
    expect(created.statusCode).toBe(201);
    const providerOrderId: string = created.json().id;
    const approve = () =>
      call(ctx.app, {
        method: 'POST',
        url: `/api/sandbox/orders/${providerOrderId}/approve`,
        token: publisher.token,
        body: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Card Holder' },
      });
    expect((await approve()).json()).toMatchObject({ status: 'APPROVED' });
    const [order] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.providerOrderId, providerOrderId));
    expect(order?.status).toBe('approved');
    // A capture is under way (claimed, the provider not answered yet) when the card form is sent again.
    await moveOrder(ctx.database.db, order?.id ?? 0, 'capturing');
    expect((await approve()).statusCode).toBe(200);
    expect(await statusOf(order?.id ?? 0)).toBe('capturing');
    // Someone else's order is still not theirs to approve.
    const other = await call(ctx.app, {
      method: 'POST',
      url: `/api/sandbox/orders/${providerOrderId}/approve`,
      token: student.token,
      body: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Card Holder' },
    });
    expect(other.statusCode).toBe(404);
  });
});
