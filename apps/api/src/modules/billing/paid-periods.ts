import type { Db } from '../../db/client';
import { insertOrder } from '../../db/queries/orders';
import { insertSubscription } from '../../db/queries/subscriptions';
import type { NotificationService } from '../notifications/notifications.service';

/** A payment for a plan that billing took itself: a renewal, or the difference of an upgrade. */
export type PlanPayment = { provider: string; providerOrderId: string; captureId: string | null };

/**
 * A paid plan period, in `tx`: its order (kind plan, captured, among purchases), the period, and the
 * receipt of the publisher who paid. Answers the order's id.
 */
export async function recordPaidPeriod(
  tx: Db,
  notifications: Pick<NotificationService, 'planPurchased'>,
  period: {
    orgId: number;
    buyer: number;
    price: { id: number; plan: string; months: number };
    amountCents: number;
    currency: string;
    payment: PlanPayment;
    capturedAt: Date;
    periodStart: Date;
    periodEnd: Date;
  },
): Promise<number> {
  const { orgId, buyer, price, amountCents, currency, payment, capturedAt, periodStart, periodEnd } = period;
  const order = await insertOrder(tx, {
    userId: buyer,
    orgId,
    kind: 'plan',
    planPriceId: price.id,
    amountCents,
    currency,
    provider: payment.provider,
    providerOrderId: payment.providerOrderId,
    providerCaptureId: payment.captureId,
    status: 'captured',
    capturedAt,
  });
  await insertSubscription(tx, { orgId, planPriceId: price.id, orderId: order.id, periodStart, periodEnd });
  await notifications.planPurchased(
    {
      orderId: order.id,
      userId: buyer,
      plan: price.plan,
      months: price.months,
      amountCents,
      currency,
      reference: payment.providerOrderId,
      capturedAt,
      periodStart,
      periodEnd,
    },
    tx,
  );
  return order.id;
}
