/**
 * SPEC §4: the provider button's states. initial (the button), pending (an order is being created,
 * approved or captured: 'Processing...'), resolved (paid: the success line), rejected (the error line,
 * the button again so the buyer can retry on the same page).
 */
export type PaymentState =
  | { status: 'initial' }
  | { status: 'pending' }
  /** `isHeld`: the provider took the payment but holds it for review (access follows when it completes). */
  | { status: 'resolved'; message: string; isHeld?: boolean }
  | { status: 'rejected'; message: string; code: string | undefined };

export type PaymentEvent =
  | { type: 'start' }
  | { type: 'succeed'; message: string; isHeld?: boolean }
  | { type: 'fail'; message: string; code?: string | undefined }
  | { type: 'reset' };

export const INITIAL_PAYMENT_STATE: PaymentState = { status: 'initial' };

/**
 * The transitions; any other event leaves the state as it is (the same object, so callers can tell).
 * A payment that succeeded stays resolved; a second failure report (PayPal's onError after our own
 * error) keeps the first, more precise message.
 */
export const paymentReducer = (state: PaymentState, event: PaymentEvent): PaymentState => {
  switch (event.type) {
    case 'start':
      return state.status === 'initial' || state.status === 'rejected' ? { status: 'pending' } : state;
    case 'succeed':
      return state.status === 'pending'
        ? { status: 'resolved', message: event.message, ...(event.isHeld ? { isHeld: true } : {}) }
        : state;
    case 'fail':
      return state.status === 'pending' || state.status === 'initial'
        ? { status: 'rejected', message: event.message, code: event.code }
        : state;
    case 'reset':
      return state.status === 'pending' || state.status === 'rejected' ? INITIAL_PAYMENT_STATE : state;
  }
};
