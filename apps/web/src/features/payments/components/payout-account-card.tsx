import type { PayoutAccount } from '@skillwise/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, SubmitButton } from '@/components/ui/button';
import { Chip, type ChipTone } from '@/components/ui/chip';
import { TextField } from '@/components/ui/field';
import { TitledCard } from '@/components/ui/titled-card';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { leaveApp } from '@/lib/leave-app';
import { paths } from '@/lib/paths';
import { notify, notifyFailure } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { usePaymentsConfig } from '../api/payments';
import {
  useConnectStripeAccount,
  usePayoutAccount,
  useRefreshPayoutAccount,
  useSetPayPalPayee,
} from '../api/payout-account';

type PaymentAccountStatus = NonNullable<PayoutAccount['stripe']>['status'];

/** The query Stripe's onboarding comes back with: the account is read back from Stripe once. */
const RETURNED_PARAM = 'payouts';
const RETURN_PATH = `${paths.admin.settings}?${RETURNED_PARAM}=return`;

const STRIPE_STATES: Record<
  PaymentAccountStatus,
  { label: MessageId; tone: ChipTone; text: MessageId; action: MessageId }
> = {
  pending: {
    label: 'admin.payments.payout.pending',
    tone: 'amber',
    text: 'admin.payments.payout.pendingText',
    action: 'admin.payments.payout.pendingAction',
  },
  enabled: {
    label: 'admin.payments.payout.enabled',
    tone: 'green',
    text: 'admin.payments.payout.enabledText',
    action: 'admin.payments.payout.enabledAction',
  },
  restricted: {
    label: 'admin.payments.payout.restricted',
    tone: 'red',
    text: 'admin.payments.payout.restrictedText',
    action: 'admin.payments.payout.restrictedAction',
  },
};

const StripeAccount = ({ account }: { account: PayoutAccount['stripe'] }) => {
  const t = useT();
  const connect = useConnectStripeAccount();
  const refresh = useRefreshPayoutAccount();
  const state = account ? STRIPE_STATES[account.status] : null;
  const start = async () => {
    try {
      const { url } = await connect.mutateAsync(RETURN_PATH);
      leaveApp(url);
    } catch (error) {
      notifyFailure(error, t('admin.payments.payout.stripeFailed'));
    }
  };
  return (
    <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{t('admin.payments.payout.stripe')}</h3>
        {state ? (
          <Chip tone={state.tone}>{t(state.label)}</Chip>
        ) : (
          <Chip tone="muted">{t('admin.payments.payout.notConnected')}</Chip>
        )}
      </div>
      <p className="text-sm text-slate-600">
        {state ? t(state.text) : t('admin.payments.payout.connectText')}
      </p>
      {account ? (
        <p className="text-xs break-all text-slate-500">
          {t('admin.payments.payout.account', { id: account.accountId })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant={account?.status === 'enabled' ? 'outline' : 'primary'}
          onClick={start}
          isLoading={connect.isPending}
          loadingText={t('admin.payments.payout.opening')}
        >
          {state ? t(state.action) : t('admin.payments.payout.connect')}
        </Button>
        {account && account.status !== 'enabled' ? (
          <Button
            variant="outline"
            onClick={() => refresh.mutate()}
            isLoading={refresh.isPending}
            loadingText={t('admin.payments.payout.checking')}
          >
            {t('admin.payments.payout.checkAgain')}
          </Button>
        ) : null}
      </div>
    </div>
  );
};

const PayPalPayee = ({ payee }: { payee: PayoutAccount['paypal'] }) => {
  const t = useT();
  const save = useSetPayPalPayee();
  const form = useForm({
    initial: { email: payee?.payeeEmail ?? '' },
    validate: ({ email }) =>
      email.trim() ? {} : { fields: { email: t('admin.payments.payout.emailMissing') } },
    serverFields: { email: 'email' },
  });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    await save.mutateAsync(email.trim());
    notify.success(t('admin.payments.payout.paypalSaved'));
  });
  const problem = form.problem ?? form.failureMessage(t('admin.payments.payout.paypalFailed'));
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3 border-t border-slate-100 pt-4 first:border-t-0 first:pt-0"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{t('admin.payments.payout.paypal')}</h3>
        {payee ? (
          <Chip tone="green">{t('admin.payments.payout.set')}</Chip>
        ) : (
          <Chip tone="muted">{t('admin.payments.payout.notSet')}</Chip>
        )}
      </div>
      <p className="text-sm text-slate-600">{t('admin.payments.payout.paypalText')}</p>
      <TextField
        label={t('admin.payments.payout.paypalEmail')}
        type="email"
        name="email"
        autoComplete="email"
        {...form.field('email')}
      />
      {problem ? <Alert>{problem}</Alert> : null}
      <div>
        <SubmitButton form={form} variant="outline" loadingText={t('admin.payments.saving')}>
          {t('admin.payments.payout.paypalSave')}
        </SubmitButton>
      </div>
    </form>
  );
};

/**
 * Settings: the accounts the school's course sales are paid into when each school is paid by the payment
 * provider (PAYOUT_MODE=connected, docs/decisions/026), and whether it can sell paid courses now. Shown
 * only in that mode: when the operator collects the payments, Sales shows the school's payouts.
 */
export const PayoutAccountCard = () => {
  const t = useT();
  const account = usePayoutAccount();
  const config = usePaymentsConfig();
  const refresh = useRefreshPayoutAccount();
  const [params, setParams] = useSearchParams();
  const returned = params.get(RETURNED_PARAM) === 'return';
  const readBack = useRef(false);

  // Back from Stripe's onboarding: read the account back once, and take the mark off the address.
  useEffect(() => {
    if (!returned || readBack.current) return;
    readBack.current = true;
    refresh.mutate();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(RETURNED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [returned, refresh, setParams]);

  const data = account.data;
  if (!data) {
    return account.isError ? <Alert>{t('admin.payments.payout.loadFailed')}</Alert> : null;
  }
  if (data.mode !== 'connected') return null;
  const providers = new Set((config.data?.providers ?? []).map((provider) => provider.name));
  return (
    <TitledCard
      title={t('admin.payments.payouts.title')}
      description={t('admin.payments.payout.description')}
    >
      {data.canSellPaidCourses ? (
        <Alert tone="success">{t('admin.payments.payout.canSell')}</Alert>
      ) : (
        <Alert tone="info">{data.reason ?? t('admin.payments.payout.connectBelow')}</Alert>
      )}
      {providers.has('stripe') ? <StripeAccount account={data.stripe} /> : null}
      {providers.has('paypal') ? <PayPalPayee payee={data.paypal} /> : null}
    </TitledCard>
  );
};
