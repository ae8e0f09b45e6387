import type { Organisation, StorageUsageAnswer, SubscriptionTypeCategory } from '@skillwise/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { PRICES } from '@/test/fixtures';
import { mockFetch, renderRoutes } from '@/test/render';
import { PlanOverview } from './plan-overview';

const planType = (fields: Partial<SubscriptionTypeCategory>): SubscriptionTypeCategory => ({
  subscriptionCategory_Id: 1,
  subscriptionCategoryType: 'AnnualBasic',
  plan: 'Basic',
  billingType: 'annual',
  months: 12,
  price: 950.4,
  currency: 'USD',
  maxProducts: 3,
  maxContacts: 10000,
  ...fields,
});

const org = (fields: Partial<Organisation>): Organisation => ({
  org_Id: 5,
  org_Name: 'Harbour School',
  org_url: 'https://harbour.example',
  org_Description: null,
  primary_email: 'office@harbour.example',
  is_active: true,
  isSubscribed: true,
  subscriptionStatus: 'active',
  subscriptionCategory: 'AnnualBasic',
  plan: 'Basic',
  subscriptionEndsAt: '2027-03-01T12:00:00.000Z',
  created_date: '2026-01-01T00:00:00.000Z',
  ...fields,
});

const answer = (organisation: Organisation, usage: StorageUsageAnswer) =>
  mockFetch(({ url }) => {
    if (url.endsWith('/pricingplan')) return { body: [PRICES] };
    if (url.endsWith('/organization/getAllAdminSubscriptionTypeCategory'))
      return { body: [planType({ plan: 'Kickstarter', maxProducts: 1, maxContacts: 250 }), planType({})] };
    if (url.endsWith('/organization/getOrgById/5')) return { body: organisation };
    if (url.endsWith('/organization/GetStorageUsage')) return { body: usage };
    return { status: 404 };
  });

const renderOverview = () =>
  renderRoutes(
    [
      { path: '/admin/billing', element: <PlanOverview /> },
      { path: '/admin/subscription', element: <h1>Plans</h1> },
    ],
    '/admin/billing',
  );

const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => {
  storage.set('authToken', 'token');
  storage.set('orgId', 5);
});
afterEach(() => vi.unstubAllGlobals());

describe('Plan & billing', () => {
  it('shows the running plan, its billing, the date it is paid through, its limits and the storage used', async () => {
    answer(org({}), {
      used_bytes: 1.5 * 1024 ** 3,
      reserved_bytes: 0,
      allowance_bytes: 50 * 1024 ** 3,
      plan: 'Basic',
    });
    renderOverview();
    expect(await screen.findByText('Files stored: 1.5 GB of 50 GB used.')).toBeTruthy();
    expect(row('Plan')).toBe('Basic');
    expect(await screen.findByText('Annual · $950.40 / year')).toBeTruthy();
    expect(row('Paid through')).toMatch(/2027/);
    expect(row('Published courses')).toBe('Up to 3');
    expect(row('Students')).toBe('Up to 10,000');
    expect(screen.getByText(/does not renew by itself/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renew or change plan' }).getAttribute('href')).toBe(
      '/admin/subscription',
    );
  });

  it('says so when no plan runs, and leads to the plans', async () => {
    answer(
      org({ isSubscribed: false, subscriptionStatus: 'inactive', plan: null, subscriptionCategory: null }),
      {
        used_bytes: 500 * 1024 ** 2,
        reserved_bytes: 0,
        allowance_bytes: 500 * 1024 ** 2,
        plan: null,
      },
    );
    renderOverview();
    expect(await screen.findByText(/no running plan: choose one/)).toBeTruthy();
    expect(row('Plan')).toBe('None');
    expect(screen.queryByText('Published courses')).toBeNull();
    const region = screen.getByRole('region', { name: 'Usage and limits' });
    expect(
      await within(region).findByText(
        'Files stored: 500 MB of 500 MB used (without a running plan). Delete files or choose a larger plan to upload more.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe(
      '/admin/subscription',
    );
  });
});
