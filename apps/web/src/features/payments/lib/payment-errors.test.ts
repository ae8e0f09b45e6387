import { MSG } from '@skillwise/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  cardDeclinedLine,
  PaymentError,
  paymentErrorLine,
  requireOrderId,
  toPaymentFailure,
} from './payment-errors';

describe('payment error lines (SPEC §8)', () => {
  it('shows a declined capture (402) as the capture failure', () => {
    const declined = new ApiError(MSG.paymentCaptureFailed, { status: 402, code: 'PAYMENT_DECLINED' });
    expect(toPaymentFailure(declined)).toEqual({
      message: MSG.paymentCaptureFailed,
      code: 'PAYMENT_DECLINED',
    });
    // Whatever the server wrote, a 402 is the capture failure.
    expect(toPaymentFailure(new ApiError('card_declined', { status: 402 })).message).toBe(
      MSG.paymentCaptureFailed,
    );
  });

  it('shows a declined card with the spec’s line, then that the card was declined and to try another', () => {
    const card = new ApiError('anything', { status: 402, code: 'CARD_DECLINED' });
    expect(toPaymentFailure(card)).toEqual({ message: cardDeclinedLine(), code: 'CARD_DECLINED' });
    expect(cardDeclinedLine()).toBe(
      'Payment capture failed. Please try again. Your card was declined, so nothing was charged. Please try another card.',
    );
  });

  it("shows the provider being down (502), a server error or no network as 'Error: ...'", () => {
    expect(paymentErrorLine()).toBe(`Error: ${MSG.paymentError}`);
    const cases = [
      new ApiError(MSG.paymentError, { status: 502, code: 'PAYMENT_PROVIDER' }),
      new ApiError('Internal Server Error', { status: 500, code: 'INTERNAL' }),
      new ApiError('Could not reach the server.', { status: 0 }),
      new ApiError('The server sent an unexpected response.', { status: 404, isGeneric: true }),
      new TypeError('failed'),
    ];
    for (const error of cases) expect(toPaymentFailure(error).message).toBe(paymentErrorLine());
  });

  it("shows any other refusal (409 price changed, already enrolled, plan limit) as the server's message", () => {
    const mismatch = new ApiError('The price is $39.00, not $1.00. Please reload and try again.', {
      status: 409,
      code: 'PRICE_MISMATCH',
    });
    expect(toPaymentFailure(mismatch)).toEqual({ message: mismatch.message, code: 'PRICE_MISMATCH' });
    const enrolled = new ApiError(MSG.alreadyEnrolled, { status: 409, code: 'CONFLICT' });
    expect(toPaymentFailure(enrolled).message).toBe(MSG.alreadyEnrolled);
    const limit = new ApiError('The Kickstarter plan allows 250 contacts.', {
      status: 409,
      code: 'PLAN_LIMIT',
    });
    expect(toPaymentFailure(limit).message).toBe(limit.message);
  });

  it('shows a failure of the flow itself as it is', () => {
    expect(toPaymentFailure(new PaymentError(MSG.orderIdMissing)).message).toBe(MSG.orderIdMissing);
  });
});

describe('the order id check (SPEC §5)', () => {
  const order = {
    id: 'SBX-1',
    status: 'CREATED',
    amount: 39,
    currency: 'USD',
    provider: 'sandbox',
    approveUrl: '/sandbox/checkout/SBX-1',
  };

  it('passes an order with an id', () => {
    expect(requireOrderId(order)).toBe(order);
  });

  it.each([undefined, null, {}, { ...order, id: '' }, { ...order, id: '  ' }, { ...order, id: 7 }])(
    'refuses %j with MSG.orderIdMissing',
    (answer) => {
      expect(() => requireOrderId(answer)).toThrow(MSG.orderIdMissing);
      expect(() => requireOrderId(answer)).toThrow(PaymentError);
    },
  );
});
