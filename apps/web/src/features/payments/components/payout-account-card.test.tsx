import type { PayoutAccount } from '@skillwise/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveApp } from '@/lib/leave-app';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, pathOf, renderRoutes } from '@/test/render';
import { PayoutAccountCard } from './payout-account-card';

vi.mock('@/lib/leave-app', () => ({ leaveApp: vi.fn() }));

const CONFIG = {
  provider: 'stripe',
  clientId: null,
  currency: 'USD',
  providers: [
    { name: 'stripe', clientId: null },
    { name: 'paypal', clientId: 'client-1' },
  ],
};

const NONE: PayoutAccount = {
  mode: 'connected',
  stripe: null,
  paypal: null,
  canSellPaidCourses: false,
  reason: 'Connect your Stripe account in Settings to sell paid courses.',
};
const PENDING: PayoutAccount = {
  ...NONE,
  stripe: { accountId: 'acct_1', status: 'pending', chargesEnabled: false, payoutsEnabled: false },
};
const ENABLED: PayoutAccount = {
  ...NONE,
  stripe: { accountId: 'acct_1', status: 'enabled', chargesEnabled: true, payoutsEnabled: true },
  canSellPaidCourses: true,
  reason: null,
};

/** The server: `account` as GET answers it, `after` as Refresh and SetPayPalPayee answer. */
const serve = (account: PayoutAccount, after: PayoutAccount = account) =>
  mockFetch((call: FetchCall) => {
    const path = pathOf(call);
    if (path === '/api/payments/config') return { body: CONFIG };
    if (path === '/api/organization/GetPayoutAccount') return { body: account };
    if (path === '/api/organization/ConnectStripeAccount')
      return { body: { url: 'https://connect.stripe.com/setup/e/acct_1/abc' } };
    if (path === '/api/organization/RefreshPayoutAccount') return { body: after };
    if (path === '/api/organization/SetPayPalPayee') return { body: after };
    return { status: 404 };
  });

const show = (path = '/admin/settings') =>
  renderRoutes([{ path: '/admin/settings', element: <PayoutAccountCard /> }], path);

beforeEach(() => storage.set('authToken', 'token'));

describe('PayoutAccountCard', () => {
  it('shows nothing when the operator collects the payments', async () => {
    const calls = serve({ ...NONE, mode: 'collected', canSellPaidCourses: true, reason: null });
    const { container } = show();
    await waitFor(() =>
      expect(calls.some((c) => pathOf(c) === '/api/organization/GetPayoutAccount')).toBe(true),
    );
    await waitFor(() => expect(container.textContent).toBe(''));
  });

  it('says why the school cannot sell yet, and sends it to Stripe’s onboarding, to come back to Settings', async () => {
    const calls = serve(NONE);
    show();
    expect(await screen.findByText(NONE.reason ?? '')).toBeTruthy();
    expect(screen.getByText('Not connected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Connect with Stripe' }));
    await waitFor(() =>
      expect(leaveApp).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1/abc'),
    );
    const connect = calls.find((c) => pathOf(c) === '/api/organization/ConnectStripeAccount');
    expect(connect?.method).toBe('POST');
    expect(connect?.body).toEqual({ returnPath: '/admin/settings?payouts=return' });
  });

  it('back from Stripe, reads the account back once and shows it enabled', async () => {
    const calls = serve(PENDING, ENABLED);
    const { router } = show('/admin/settings?payouts=return');
    expect(await screen.findByText('Enabled')).toBeTruthy();
    expect(screen.getByText('Your school can sell paid courses.')).toBeTruthy();
    expect(calls.filter((c) => pathOf(c) === '/api/organization/RefreshPayoutAccount')).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });

  it('a pending account can be checked again', async () => {
    const calls = serve(PENDING, ENABLED);
    show();
    expect(await screen.findByText('Pending')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Enabled')).toBeTruthy();
    expect(calls.filter((c) => pathOf(c) === '/api/organization/RefreshPayoutAccount')).toHaveLength(1);
  });

  it('saves the PayPal account the school is paid into; an empty e-mail is refused here', async () => {
    const calls = serve(ENABLED, { ...ENABLED, paypal: { payeeEmail: 'school@example.com' } });
    show();
    const field = await screen.findByLabelText('PayPal account e-mail');
    fireEvent.click(screen.getByRole('button', { name: 'Save PayPal account' }));
    expect(await screen.findByText('Enter the e-mail of your PayPal account.')).toBeTruthy();
    expect(calls.some((c) => pathOf(c) === '/api/organization/SetPayPalPayee')).toBe(false);
    fireEvent.change(field, { target: { value: 'school@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save PayPal account' }));
    expect(await screen.findByText('Set')).toBeTruthy();
    const saved = calls.find((c) => pathOf(c) === '/api/organization/SetPayPalPayee');
    expect(saved?.method).toBe('PUT');
    expect(saved?.body).toEqual({ email: 'school@example.com' });
  });
});
