import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { PRICES } from '@/test/fixtures';
import { mockFetch, renderRoutes } from '@/test/render';
import { CheckoutSummary, type PlanOrder } from './checkout-summary';

const renderCheckout = () =>
  renderRoutes(
    [
      {
        path: '/admin/checkout',
        element: (
          <CheckoutSummary
            renderPayment={(order: PlanOrder) => <p data-testid="payment">{JSON.stringify(order)}</p>}
          />
        ),
      },
      { path: '/admin/subscription', element: <h1>Plans</h1> },
    ],
    '/admin/checkout',
  );

afterEach(() => vi.unstubAllGlobals());

describe('admin checkout (SPEC §2.16)', () => {
  it('redirects to /admin/subscription when no plan is stored', async () => {
    storage.set('price', 39);
    const { router } = renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/subscription');
  });

  it('redirects when the stored plan is not one of the six categories', async () => {
    storage.set('subscriptionCategory', 'WeeklyKickstart');
    storage.set('price', 39);
    const { router } = renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/subscription');
  });

  it("shows 'Loading...' while there is no price", () => {
    storage.set('subscriptionCategory', 'AnnualGrowth');
    renderCheckout();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByTestId('payment')).toBeNull();
  });

  it('shows the plan, its billing, the total and the e-mail, and hands the order to the payment', () => {
    storage.set('subscriptionCategory', 'AnnualBasic');
    storage.set('billingType', 'annual');
    storage.set('price', '758.40');
    storage.set('userEmail', 'pat@example.com');
    renderCheckout();

    expect(screen.getByRole('heading', { level: 2, name: /Basic/ })).toBeTruthy();
    expect(screen.getByText('Annual (20% Off)')).toBeTruthy();
    expect(screen.getByText('$758.40')).toBeTruthy();
    expect(screen.getByText('pat@example.com')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('payment').textContent ?? '')).toEqual({
      category: 'AnnualBasic',
      price: 758.4,
      email: 'pat@example.com',
    });
  });

  it("lists the chosen plan's card as the plans screen does, the items not provided marked", async () => {
    storage.set('subscriptionCategory', 'MonthlyBasic');
    storage.set('price', '99');
    mockFetch(({ url }) => (url.endsWith('/pricingplan') ? { body: [PRICES] } : { status: 404 }));
    renderCheckout();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1 Website',
      '3 Products',
      '10,000 Contacts',
      '50 GB of file storage',
      'Unlimited Marketing Emails',
      'Unlimited Landing Pages: Not included',
      'Group Onboarding Call: Not included',
      'AI: Not included',
      'Creator Studio: Not included',
      '3rd Party Integrations: Not included',
    ]);
    expect(within(items[1] as HTMLElement).queryByText('Not included')).toBeNull();
  });
});
