import type { CaptureResponse, OrderResponse, PaymentProviderName } from '@skillwise/contracts';
import { useCallback, useRef, useState } from 'react';
import { readerText } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { captureOnce } from '../lib/capture-once';
import { type PaymentFailure, requireOrderId, toPaymentFailure } from '../lib/payment-errors';
import {
  INITIAL_PAYMENT_STATE,
  type PaymentEvent,
  type PaymentState,
  paymentReducer,
} from '../lib/payment-state';

/** Which configured provider takes the order (the server's default when absent), and where its page returns to. */
export type OrderChoice = { provider?: PaymentProviderName; returnPath?: string };

export type PaymentFlowOptions = {
  createOrder: (choice?: OrderChoice) => Promise<OrderResponse>;
  captureOrder: (orderId: string) => Promise<CaptureResponse>;
  /** Once, when the payment (or a free enrolment) is complete. */
  onSuccess?: () => void;
  /** Each time the flow is rejected, with the line it shows. */
  onError?: (failure: PaymentFailure) => void;
};

export type PaymentFlow = {
  state: PaymentState;
  /** Creates the order. Answers it when the buyer still has to approve it, else null (done or failed). */
  beginOrder: (choice?: OrderChoice) => Promise<OrderResponse | null>;
  /** Captures an approved order (once per order id); answers whether it succeeded. */
  capture: (orderId: string) => Promise<boolean>;
  fail: (error: unknown) => void;
  /** The buyer cancelled at the provider: back to the button, no message. */
  cancel: () => void;
};

/**
 * SPEC §4: order created, buyer approves, order captured, success. The state lives in a ref as well as
 * in React state so that a repeated report (strict mode's second effect, PayPal's onError after our
 * own failure) is recognised at once and does not call back twice.
 */
export const usePaymentFlow = (options: PaymentFlowOptions): PaymentFlow => {
  const [state, setState] = useState<PaymentState>(INITIAL_PAYMENT_STATE);
  const stateRef = useRef<PaymentState>(INITIAL_PAYMENT_STATE);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  /** Applies an event; answers false when it changed nothing. */
  const send = useCallback((event: PaymentEvent): boolean => {
    const next = paymentReducer(stateRef.current, event);
    if (next === stateRef.current) return false;
    stateRef.current = next;
    setState(next);
    return true;
  }, []);

  const succeed = useCallback(() => {
    if (send({ type: 'succeed', message: t('common.msg.paymentSuccess') })) optionsRef.current.onSuccess?.();
  }, [send]);

  const fail = useCallback(
    (error: unknown) => {
      const failure = toPaymentFailure(error);
      if (send({ type: 'fail', ...failure })) optionsRef.current.onError?.(failure);
    },
    [send],
  );

  const beginOrder = useCallback(
    async (choice?: OrderChoice): Promise<OrderResponse | null> => {
      if (!send({ type: 'start' })) return null;
      let order: OrderResponse;
      try {
        order = requireOrderId(await optionsRef.current.createOrder(choice));
      } catch (error) {
        fail(error);
        return null;
      }
      if (order.status === 'COMPLETED') {
        // A free course: enrolled by CreateOrder itself, nothing to approve or capture.
        succeed();
        return null;
      }
      return order;
    },
    [send, fail, succeed],
  );

  const capture = useCallback(
    async (orderId: string): Promise<boolean> => {
      if (stateRef.current.status === 'resolved') return true;
      send({ type: 'start' });
      let answer: CaptureResponse;
      try {
        answer = await captureOnce(orderId, () => optionsRef.current.captureOrder(orderId));
      } catch (error) {
        fail(error);
        return false;
      }
      if (answer?.status === 'PENDING') {
        // Paid, but held by the provider for review: said so; access is granted when it completes.
        send({
          type: 'succeed',
          message: answer.message ? readerText(answer.message) : t('common.msg.paymentPending'),
          isHeld: true,
        });
        return true;
      }
      succeed();
      return true;
    },
    [send, fail, succeed],
  );

  const cancel = useCallback(() => {
    send({ type: 'reset' });
  }, [send]);

  return { state, beginOrder, capture, fail, cancel };
};
