import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, renderRoutes } from '@/test/render';
import { PricingPlans } from './pricing-plans';

const PRICES = {
  monthlyKickstart: 39,
  annualKickstart: 374.4,
  monthlyBasic: 99,
  annualBasic: 950.4,
  monthlyGrowth: 199,
  annualGrowth: 1910.4,
};

const renderPlans = () =>
  renderRoutes(
    [
      { path: '/admin/subscription', element: <PricingPlans /> },
      { path: '/admin/checkout', element: <h1>Checkout</h1> },
    ],
    '/admin/subscription',
  );

afterEach(() => vi.unstubAllGlobals());

describe('plans (SPEC §2.15)', () => {
  it("says 'Loading...' until the server's prices arrive, then shows them monthly; annual on the toggle", async () => {
    mockFetch(({ url }) => (url.endsWith('/pricingplan') ? { body: [PRICES] } : { status: 404 }));
    renderPlans();
    expect(screen.getByText('Loading...')).toBeTruthy();
    const growth = await screen.findByRole('article', { name: 'Growth' });
    expect(within(growth).getByText('$199.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annual (20% Off)' }));
    expect(within(growth).getByText('$1,910.40')).toBeTruthy();
  });

  it('names the plan the organisation runs and until when it is paid', async () => {
    storage.set('authToken', 'token');
    storage.set('orgId', 5);
    mockFetch(({ url }) => {
      if (url.endsWith('/pricingplan')) return { body: [PRICES] };
      if (url.endsWith('/organization/getOrgById/5'))
        return {
          body: {
            org_Id: 5,
            isSubscribed: true,
            subscriptionStatus: 'active',
            subscriptionCategory: 'MonthlyBasic',
            plan: 'Basic',
            subscriptionEndsAt: '2027-03-01T12:00:00.000Z',
          },
        };
      return { status: 404 };
    });
    renderPlans();
    expect(await screen.findByText(/Your organisation is on the Basic plan, paid through/)).toBeTruthy();
    const basic = await screen.findByRole('article', { name: /Basic/ });
    expect(within(basic).getByText('Current plan')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Growth' })).queryByText('Current plan')).toBeNull();
  });
});
