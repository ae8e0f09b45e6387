import { MSG, type OrderResponse } from '@skillwise/contracts';
import { ApiError } from '@/lib/api-client';

/** A failure of the payment flow itself (not of a call), whose message is shown as it is. */
export class PaymentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentError';
  }
}

/** SPEC §8: the generic payment failure is shown as 'Error: ...'. */
export const PAYMENT_ERROR_LINE = `Error: ${MSG.paymentError}`;

export type PaymentFailure = { message: string; code: string | undefined };

/** SPEC §8's capture failure, then, for a card its issuer refused, that it was declined and what to do. */
export const CARD_DECLINED_LINE = `${MSG.paymentCaptureFailed} ${MSG.cardDeclined}`;

/**
 * The error line for anything the flow throws: a declined capture (402) says the capture failed, and a
 * declined card (CARD_DECLINED) says so and to try another card (docs/decisions/021); the
 * provider being down (502), any other server failure or no network at all give the generic payment
 * error; any other refusal (409 price changed, already enrolled, plan limit, 400 ...) is the server's
 * own message.
 */
export const toPaymentFailure = (error: unknown): PaymentFailure => {
  if (error instanceof PaymentError) return { message: error.message, code: undefined };
  if (!(error instanceof ApiError)) return { message: PAYMENT_ERROR_LINE, code: undefined };
  if (error.status === 402) {
    return {
      message: error.code === 'CARD_DECLINED' ? CARD_DECLINED_LINE : MSG.paymentCaptureFailed,
      code: error.code,
    };
  }
  if (error.status === 0 || error.status >= 500 || error.isGeneric) {
    return { message: PAYMENT_ERROR_LINE, code: error.code };
  }
  return { message: error.message, code: error.code };
};

/** SPEC §5: CreateOrder must answer an order id, else the flow stops with MSG.orderIdMissing. */
export const requireOrderId = (response: unknown): OrderResponse => {
  const order = response as Partial<OrderResponse> | null | undefined;
  if (!order || typeof order.id !== 'string' || order.id.trim() === '') {
    throw new PaymentError(MSG.orderIdMissing);
  }
  return order as OrderResponse;
};
