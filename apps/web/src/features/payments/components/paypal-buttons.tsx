import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/use-t';
import type { PaymentFlow } from '../hooks/use-payment-flow';
import { loadPayPalSdk, type PayPalButtonsInstance } from '../lib/paypal-sdk';

type PayPalButtonsProps = {
  clientId: string;
  currency: string;
  flow: Pick<PaymentFlow, 'beginOrder' | 'capture' | 'fail' | 'cancel'>;
};

/**
 * SPEC §4 with PayPal: paypal.Buttons creates our order (its id), captures it on approval and reports
 * errors and cancellations to the same state machine as the sandbox button.
 */
export const PayPalButtons = ({ clientId, currency, flow }: PayPalButtonsProps) => {
  const t = useT();
  const containerRef = useRef<HTMLDivElement>(null);
  const flowRef = useRef(flow);
  flowRef.current = flow;
  const [sdk, setSdk] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let isActive = true;
    let buttons: PayPalButtonsInstance | undefined;
    setSdk('loading');
    loadPayPalSdk(clientId, currency)
      .then(async (paypal) => {
        const container = containerRef.current;
        if (!isActive || !container) return;
        buttons = paypal.Buttons({
          createOrder: async () => {
            const order = await flowRef.current.beginOrder({ provider: 'paypal' });
            // The flow has already shown why (e.g. MSG.orderIdMissing); PayPal only needs to stop.
            if (!order) throw new Error('The order was not created.');
            return order.id;
          },
          onApprove: async ({ orderID }) => {
            await flowRef.current.capture(orderID);
          },
          onError: (error) => flowRef.current.fail(error),
          onCancel: () => flowRef.current.cancel(),
        });
        setSdk('ready');
        await buttons.render(container);
      })
      .catch(() => {
        // loadPayPalSdk has logged the cause (SPEC §7).
        if (isActive) setSdk('failed');
      });
    return () => {
      isActive = false;
      buttons?.close?.().catch(() => undefined);
    };
  }, [clientId, currency]);

  return (
    <div className="flex flex-col gap-3">
      {sdk === 'loading' ? (
        <p className="flex items-center justify-center gap-2 py-3 text-sm text-slate-500">
          <Spinner className="text-brand-600" />
          <span role="status">{t('learning.payments.pay.loadingPayPal')}</span>
        </p>
      ) : null}
      {sdk === 'failed' ? <Alert>{t('learning.payments.pay.payPalFailed')}</Alert> : null}
      <div ref={containerRef} data-testid="paypal-buttons" />
    </div>
  );
};
