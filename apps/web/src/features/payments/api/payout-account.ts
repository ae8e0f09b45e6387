import type { PayoutAccount } from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys } from './payments';

const payoutAccountKey = () => [...paymentKeys.all, 'payout-account'] as const;

/** GET organization/GetPayoutAccount: where the school's sales are paid (PAYOUT_MODE=connected). */
export const usePayoutAccount = () =>
  useQuery({
    queryKey: payoutAccountKey(),
    queryFn: ({ signal }) =>
      apiRequest<PayoutAccount>('organization/GetPayoutAccount', { auth: true, signal }),
  });

/** The calls that answer the account as it stands now: the cached one becomes their answer. */
const useAccountChange = <I>(send: (input: I) => Promise<PayoutAccount>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (account) => queryClient.setQueryData(payoutAccountKey(), account),
  });
};

/** POST organization/RefreshPayoutAccount: the Stripe account read back from Stripe (after onboarding). */
export const useRefreshPayoutAccount = () =>
  useAccountChange(() =>
    apiRequest<PayoutAccount>('organization/RefreshPayoutAccount', { method: 'POST', auth: true }),
  );

/** PUT organization/SetPayPalPayee: the PayPal account (its e-mail) the school is paid into. */
export const useSetPayPalPayee = () =>
  useAccountChange((email: string) =>
    apiRequest<PayoutAccount>('organization/SetPayPalPayee', { method: 'PUT', auth: true, body: { email } }),
  );

/** POST organization/ConnectStripeAccount: the link to Stripe's onboarding, which comes back to `returnPath`. */
export const useConnectStripeAccount = () =>
  useMutation({
    mutationFn: (returnPath: string) =>
      apiRequest<{ url: string }>('organization/ConnectStripeAccount', {
        method: 'POST',
        auth: true,
        body: { returnPath },
      }),
  });
