import { orderRefunds, orders } from '../src/db/schema';
import type { TestUser } from './factories';
import { call, type TestContext } from './helpers';

/**
 * Buys a course as a student through the built-in sandbox: order, approve with the test card, capture.
 * Answers the provider's order id and the capture's answer (a free course is enrolled at the order).
 */
export async function buyCourse(
  ctx: TestContext,
  student: TestUser,
  courseId: number,
  price: number,
  card = '4242 4242 4242 4242',
) {
  const post = (url: string, body: unknown) =>
    call(ctx.app, { method: 'POST', url, body, token: student.token });
  const created = await post('/api/courses/CreateOrder', {
    price,
    email_address: 'ignored@example.com',
    user_id: student.userId,
    course_id: courseId,
  });
  if (created.statusCode !== 201)
    throw new Error(`CreateOrder answered ${created.statusCode}: ${created.body}`);
  const order = created.json() as { id: string; status: string };
  if (order.status === 'COMPLETED') return { orderId: order.id, capture: undefined };
  await post(`/api/sandbox/orders/${order.id}/approve`, {
    cardNumber: card,
    expiry: '12/39',
    cvc: '123',
    name: 'Card Holder',
  });
  const capture = await post('/api/courses/CaptureOrder', {
    orderId: order.id,
    course_Id: courseId,
    price,
    user_id: student.userId,
  });
  return { orderId: order.id, capture };
}

let salesInserted = 0;

/**
 * A captured course sale inserted directly (the figures' tests need dates and fees a purchase cannot
 * choose): 10.00 by default, its other columns as given; `refundedCents` also records a refund of it.
 */
export async function insertSale(
  ctx: TestContext,
  values: Pick<typeof orders.$inferInsert, 'userId' | 'orgId' | 'courseId'> &
    Partial<typeof orders.$inferInsert> & {
      refundedCents?: number;
      refundReason?: (typeof orderRefunds.$inferInsert)['reason'];
    },
) {
  salesInserted += 1;
  const { refundedCents, refundReason = 'course_unavailable', ...order } = values;
  const sale = {
    kind: 'course' as const,
    amountCents: 1000,
    provider: 'sandbox',
    providerOrderId: `sale-${salesInserted}-${Math.random().toString(36).slice(2)}`,
    status: 'captured' as const,
    capturedAt: new Date(),
    ...order,
  };
  // A sale's refunds are summed on its order, as the app records them (docs/decisions/029).
  const isSale = sale.capturedAt !== null && (sale.status === 'captured' || sale.status === 'refunded');
  const [row] = await ctx.database.db
    .insert(orders)
    .values({ ...sale, refundedCents: isSale ? (refundedCents ?? 0) : 0 })
    .returning();
  if (!row) throw new Error('no order');
  if (refundedCents !== undefined) {
    await ctx.database.db.insert(orderRefunds).values({
      orderId: row.id,
      amountCents: refundedCents,
      currency: row.currency,
      reason: refundReason,
      provider: row.provider,
      providerCaptureId: `CAPTURE-${row.id}`,
    });
  }
  return row;
}
