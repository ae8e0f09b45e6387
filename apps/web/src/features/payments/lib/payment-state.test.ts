import { describe, expect, it } from 'vitest';
import { INITIAL_PAYMENT_STATE, type PaymentState, paymentReducer } from './payment-state';

const pending: PaymentState = { status: 'pending' };
const resolved: PaymentState = { status: 'resolved', message: 'paid' };
const rejected: PaymentState = { status: 'rejected', message: 'declined', code: 'PAYMENT_DECLINED' };

describe('the provider button state machine (SPEC §4: initial, pending, resolved, rejected)', () => {
  it('goes initial → pending → resolved', () => {
    const started = paymentReducer(INITIAL_PAYMENT_STATE, { type: 'start' });
    expect(started).toEqual({ status: 'pending' });
    expect(paymentReducer(started, { type: 'succeed', message: 'paid' })).toEqual(resolved);
  });

  it('goes initial → pending → rejected, and a new attempt starts again from rejected', () => {
    const failed = paymentReducer(pending, { type: 'fail', message: 'declined', code: 'PAYMENT_DECLINED' });
    expect(failed).toEqual(rejected);
    expect(paymentReducer(failed, { type: 'start' })).toEqual({ status: 'pending' });
  });

  it('can be rejected before anything started (PayPal reporting an error of its own)', () => {
    expect(paymentReducer(INITIAL_PAYMENT_STATE, { type: 'fail', message: 'x' })).toMatchObject({
      status: 'rejected',
      message: 'x',
    });
  });

  it('keeps the first failure when a second one is reported', () => {
    expect(paymentReducer(rejected, { type: 'fail', message: 'generic' })).toBe(rejected);
  });

  it('stays resolved whatever comes after a success', () => {
    for (const event of [
      { type: 'start' },
      { type: 'fail', message: 'late' },
      { type: 'reset' },
      { type: 'succeed', message: 'again' },
    ] as const) {
      expect(paymentReducer(resolved, event)).toBe(resolved);
    }
  });

  it('ignores a second start while pending and a success that was never started', () => {
    expect(paymentReducer(pending, { type: 'start' })).toBe(pending);
    expect(paymentReducer(INITIAL_PAYMENT_STATE, { type: 'succeed', message: 'paid' })).toBe(
      INITIAL_PAYMENT_STATE,
    );
  });

  it('goes back to the button when the buyer cancels', () => {
    expect(paymentReducer(pending, { type: 'reset' })).toEqual(INITIAL_PAYMENT_STATE);
    expect(paymentReducer(rejected, { type: 'reset' })).toEqual(INITIAL_PAYMENT_STATE);
  });
});
