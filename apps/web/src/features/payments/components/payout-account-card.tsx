import type { PayoutAccount } from '@skillwise/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Chip, type ChipTone } from '@/components/ui/chip';
import { TextField } from '@/components/ui/field';
import { TitledCard } from '@/components/ui/titled-card';
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
  { label: string; tone: ChipTone; text: string; action: string }
> = {
  pending: {
    label: 'Pending',
    tone: 'amber',
    text: 'Stripe is still checking your details, or some are missing. Your courses can be sold once it has them.',
    action: 'Continue on Stripe',
  },
  enabled: {
    label: 'Enabled',
    tone: 'green',
    text: 'Stripe pays your course sales into this account.',
    action: 'Review on Stripe',
  },
  restricted: {
    label: 'Restricted',
    tone: 'red',
    text: 'Stripe needs more details before it takes payments or pays you again.',
    action: 'Update on Stripe',
  },
};

const StripeAccount = ({ account }: { account: PayoutAccount['stripe'] }) => {
  const connect = useConnectStripeAccount();
  const refresh = useRefreshPayoutAccount();
  const state = account ? STRIPE_STATES[account.status] : null;
  const start = async () => {
    try {
      const { url } = await connect.mutateAsync(RETURN_PATH);
      leaveApp(url);
    } catch (error) {
      notifyFailure(error, 'Stripe could not be reached. Please try again.');
    }
  };
  return (
    <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Stripe</h3>
        {state ? <Chip tone={state.tone}>{state.label}</Chip> : <Chip tone="muted">Not connected</Chip>}
      </div>
      <p className="text-sm text-slate-600">
        {state
          ? state.text
          : 'Connect your school’s own Stripe account: Stripe asks for your business and bank details, then pays each course sale into it, less the platform’s fee.'}
      </p>
      {account ? <p className="text-xs break-all text-slate-500">Account {account.accountId}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant={account?.status === 'enabled' ? 'outline' : 'primary'}
          onClick={start}
          isLoading={connect.isPending}
          loadingText="Opening Stripe..."
        >
          {state ? state.action : 'Connect with Stripe'}
        </Button>
        {account && account.status !== 'enabled' ? (
          <Button
            variant="outline"
            onClick={() => refresh.mutate()}
            isLoading={refresh.isPending}
            loadingText="Checking..."
          >
            Check again
          </Button>
        ) : null}
      </div>
    </div>
  );
};

const PayPalPayee = ({ payee }: { payee: PayoutAccount['paypal'] }) => {
  const save = useSetPayPalPayee();
  const form = useForm({
    initial: { email: payee?.payeeEmail ?? '' },
    validate: ({ email }) =>
      email.trim() ? {} : { fields: { email: 'Enter the e-mail of your PayPal account.' } },
    serverFields: { email: 'email' },
  });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    await save.mutateAsync(email.trim());
    notify.success('Your PayPal account is saved.');
  });
  const problem =
    form.problem ?? form.failureMessage('Your PayPal account could not be saved. Please try again.');
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3 border-t border-slate-100 pt-4 first:border-t-0 first:pt-0"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-slate-900">PayPal</h3>
        {payee ? <Chip tone="green">Set</Chip> : <Chip tone="muted">Not set</Chip>}
      </div>
      <p className="text-sm text-slate-600">
        Buyers who pay with PayPal pay this PayPal account directly, less the platform’s fee.
      </p>
      <TextField
        label="PayPal account e-mail"
        type="email"
        name="email"
        autoComplete="email"
        {...form.field('email')}
      />
      {problem ? <Alert>{problem}</Alert> : null}
      <div>
        <Button type="submit" variant="outline" isLoading={form.isSubmitting} loadingText="Saving...">
          Save PayPal account
        </Button>
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
    return account.isError ? <Alert>Could not load where your sales are paid.</Alert> : null;
  }
  if (data.mode !== 'connected') return null;
  const providers = new Set((config.data?.providers ?? []).map((provider) => provider.name));
  return (
    <TitledCard title="Payouts" description="Where your course sales are paid: your school’s own accounts.">
      {data.canSellPaidCourses ? (
        <Alert tone="success">Your school can sell paid courses.</Alert>
      ) : (
        <Alert tone="info">{data.reason ?? 'Connect an account below to sell paid courses.'}</Alert>
      )}
      {providers.has('stripe') ? <StripeAccount account={data.stripe} /> : null}
      {providers.has('paypal') ? <PayPalPayee payee={data.paypal} /> : null}
    </TitledCard>
  );
};
