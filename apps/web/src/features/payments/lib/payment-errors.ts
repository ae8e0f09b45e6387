import type { OrderResponse } from '@skillwise/contracts';
import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { paymentText } from './coupon-refusals';

/** A failure of the payment flow itself (not of a call), whose message is shown as it is. */
export class PaymentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentError';
  }
}

/** SPEC §8: the generic payment failure is shown as 'Error: ...', in the reader's language. */
export const paymentErrorLine = (): string =>
  t('learning.payments.errorLine', { message: t('common.msg.paymentError') });

export type PaymentFailure = { message: string; code: string | undefined };

/** SPEC §8's capture failure, then, for a card its issuer refused, that it was declined and what to do. */
export const cardDeclinedLine = (): string =>
  `${t('common.msg.paymentCaptureFailed')} ${t('common.msg.cardDeclined')}`;

/**
 * The error line for anything the flow throws: a declined capture (402) says the capture failed, and a
 * declined card (CARD_DECLINED) says so and to try another card (docs/decisions/021); the
 * provider being down (502), any other server failure or no network at all give the generic payment
 * error; any other refusal (409 price changed, already enrolled, plan limit, 400 ...) is the server's
 * own message (in the reader's language when it is one of the specification's).
 */
export const toPaymentFailure = (error: unknown): PaymentFailure => {
  if (error instanceof PaymentError) return { message: error.message, code: undefined };
  if (!(error instanceof ApiError)) return { message: paymentErrorLine(), code: undefined };
  if (error.status === 402) {
    return {
      message: error.code === 'CARD_DECLINED' ? cardDeclinedLine() : t('common.msg.paymentCaptureFailed'),
      code: error.code,
    };
  }
  if (error.status === 0 || error.status >= 500 || error.isGeneric) {
    return { message: paymentErrorLine(), code: error.code };
  }
  return { message: paymentText(error.message), code: error.code };
};

/** SPEC §5: CreateOrder must answer an order id, else the flow stops with MSG.orderIdMissing. */
export const requireOrderId = (response: unknown): OrderResponse => {
  const order = response as Partial<OrderResponse> | null | undefined;
  if (!order || typeof order.id !== 'string' || order.id.trim() === '') {
    throw new PaymentError(t('common.msg.orderIdMissing'));
  }
  return order as OrderResponse;
};
