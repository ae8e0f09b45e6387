import type { CaptureResponse, PaymentsConfig } from '@skillwise/contracts';
import { type ReactNode, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LockIcon } from '@/components/ui/drawn-icons';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { leaveApp } from '@/lib/leave-app';
import { usePaymentsConfig } from '../api/payments';
import { type PaymentFlowOptions, usePaymentFlow } from '../hooks/use-payment-flow';
import type { PaymentFailure } from '../lib/payment-errors';
import { ORDER_ID_PARAM, sandboxApprovePath } from '../lib/sandbox-urls';
import { PayPalButtons } from './paypal-buttons';

type PaymentButtonProps = {
  /** This checkout's own path: the sandbox approval page (or Stripe's) comes back to it with ?orderId=. */
  returnPath: string;
  createOrder: PaymentFlowOptions['createOrder'];
  captureOrder: (orderId: string) => Promise<CaptureResponse>;
  onSuccess?: PaymentFlowOptions['onSuccess'];
  onError?: (failure: PaymentFailure) => void;
  /** A free course: one button enrols at once, whatever the provider. */
  isFree?: boolean;
  /** Shown under the error line, e.g. a way back to the plans when the price changed. */
  errorAction?: (failure: PaymentFailure) => ReactNode;
  /** Shown under the success line. */
  successAction?: ReactNode;
};

const Processing = () => {
  const t = useT();
  return (
    <p className="flex items-center justify-center gap-2 py-3 text-sm font-medium text-slate-600">
      <Spinner className="size-5 text-brand-600" />
      <span role="status">{t('learning.payments.pay.processing')}</span>
    </p>
  );
};

/** The configured providers, the default first (a server that lists none names only its default). */
const providersOf = (config: PaymentsConfig) =>
  config.providers?.length ? config.providers : [{ name: config.provider, clientId: config.clientId }];

/**
 * SPEC §4: the card payment provider button. States initial (the button), pending ('Processing...'),
 * resolved (the success line) and rejected (the error line, and the button again). With the built-in
 * sandbox the buyer approves on our own page and comes back here with ?orderId=, which is captured once.
 */
export const PaymentButton = ({
  returnPath,
  createOrder,
  captureOrder,
  onSuccess,
  onError,
  isFree = false,
  errorAction,
  successAction,
}: PaymentButtonProps) => {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const config = usePaymentsConfig();
  const flow = usePaymentFlow({ createOrder, captureOrder, onSuccess, onError });
  const { state, capture } = flow;
  const returnedOrderId = params.get(ORDER_ID_PARAM);
  const isPending = state.status === 'pending';

  // Back from the approval page: capture what the buyer approved. Strict mode runs this twice; the
  // flow and captureOnce make it one request and one success.
  useEffect(() => {
    if (!returnedOrderId) return;
    void capture(returnedOrderId).then((isCaptured) => {
      if (isCaptured) return;
      // A failed order is done with: a reload must not try it again, a new attempt makes a new order.
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(ORDER_ID_PARAM);
          return next;
        },
        { replace: true },
      );
    });
  }, [returnedOrderId, capture, setParams]);

  const payWithSandbox = async () => {
    const order = await flow.beginOrder();
    if (!order) return;
    const target = sandboxApprovePath(order, returnPath);
    if (target.startsWith('/')) await navigate(target);
    else leaveApp(target);
  };

  // Stripe Checkout: the buyer pays on Stripe's own page, which comes back here with ?orderId=.
  const payWithStripe = async () => {
    const order = await flow.beginOrder({ provider: 'stripe', returnPath });
    if (!order) return;
    if (!order.approveUrl) {
      // Not shown: any failure but the flow's own reads as the generic payment error.
      flow.fail(new Error('Stripe answered no checkout page.'));
      return;
    }
    leaveApp(order.approveUrl);
  };

  const cardButton = (onClick: () => Promise<void>, note: string) => (
    <>
      <Button
        size="lg"
        fullWidth
        isLoading={isPending}
        loadingText={t('learning.payments.pay.processing')}
        leftIcon={<LockIcon className="size-4.5" />}
        onClick={() => void onClick()}
      >
        {t('learning.payments.pay.withCard')}
      </Button>
      <p className="text-center text-xs text-slate-500">{note}</p>
    </>
  );

  if (state.status === 'resolved') {
    return (
      <div className="flex flex-col gap-3">
        <Alert tone={state.isHeld ? 'info' : 'success'}>{state.message}</Alert>
        {state.isHeld ? null : successAction}
      </div>
    );
  }

  let control: ReactNode;
  if (isFree) {
    control = (
      <Button
        size="lg"
        fullWidth
        isLoading={isPending}
        loadingText={t('learning.payments.pay.processing')}
        onClick={() => void payWithSandbox()}
      >
        {t('learning.payments.pay.enrollFree')}
      </Button>
    );
  } else if (isPending && returnedOrderId) {
    control = <Processing />;
  } else if (config.isPending) {
    control = (
      <p className="flex items-center justify-center gap-2 py-3 text-sm text-slate-500">
        <Spinner className="text-brand-600" />
        <span role="status">{t('learning.payments.pay.loadingOptions')}</span>
      </p>
    );
  } else if (config.isError) {
    control = (
      <LoadError
        message={errorMessage(config.error, t('learning.payments.pay.unavailable'))}
        onRetry={() => void config.refetch()}
      />
    );
  } else {
    control = (
      <>
        {providersOf(config.data).map((provider) => {
          if (provider.name === 'paypal' && provider.clientId) {
            return (
              <PayPalButtons
                key="paypal"
                clientId={provider.clientId}
                currency={config.data.currency}
                flow={flow}
              />
            );
          }
          if (provider.name === 'stripe') {
            return (
              <div key="stripe" className="flex flex-col gap-3">
                {cardButton(payWithStripe, t('learning.payments.pay.stripeNote'))}
              </div>
            );
          }
          if (provider.name === 'sandbox') {
            return (
              <div key="sandbox" className="flex flex-col gap-3">
                {cardButton(payWithSandbox, t('learning.payments.pay.sandboxNote'))}
              </div>
            );
          }
          return null;
        })}
        {/* PayPal's own buttons show no progress of theirs: the line says it. */}
        {isPending && providersOf(config.data).some((p) => p.name === 'paypal') ? <Processing /> : null}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      {control}
      {state.status === 'rejected' ? (
        <>
          <Alert>{state.message}</Alert>
          {errorAction?.({ message: state.message, code: state.code })}
        </>
      ) : null}
    </div>
  );
};
