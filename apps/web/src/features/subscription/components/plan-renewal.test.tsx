import type { Organisation, PlanRenewal, StorageUsageAnswer } from '@skillwise/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { PRICES } from '@/test/fixtures';
import { mockFetch, renderRoutes } from '@/test/render';
import { PlanOverview } from './plan-overview';
import { PricingPlans } from './pricing-plans';

const org: Organisation = {
  org_Id: 5,
  org_Name: 'Harbour School',
  org_url: 'https://harbour.example',
  org_Description: null,
  primary_email: 'office@harbour.example',
  is_active: true,
  isSubscribed: true,
  subscriptionStatus: 'active',
  subscriptionCategory: 'MonthlyBasic',
  plan: 'Basic',
  subscriptionEndsAt: '2027-03-01T12:00:00.000Z',
  created_date: '2026-01-01T00:00:00.000Z',
};

const usage: StorageUsageAnswer = { used_bytes: 0, reserved_bytes: 0, allowance_bytes: 1, plan: 'Basic' };

const renewal = (fields: Partial<PlanRenewal>): PlanRenewal => ({
  status: 'active',
  auto_renew: true,
  renews_through: null,
  renewal_approval_url: null,
  plan: 'Basic',
  subscriptionCategoryType: 'MonthlyBasic',
  current_period_start: '2027-02-01T12:00:00.000Z',
  current_period_end: '2027-03-01T12:00:00.000Z',
  renews_at: '2027-03-01T12:00:00.000Z',
  renewal_amount: 99,
  currency: 'USD',
  grace_ends_at: null,
  ends_at: null,
  card_last4: '4242',
  scheduled_change: null,
  ...fields,
});

/** The server: GetPlanRenewal answers `state`, CancelPlan and ResumePlan move it. */
const serve = (initial: PlanRenewal) => {
  let state = initial;
  return mockFetch(({ url, method, body }) => {
    if (url.endsWith('/pricingplan')) return { body: [PRICES] };
    if (url.endsWith('/organization/getAllAdminSubscriptionTypeCategory')) return { body: [] };
    if (url.endsWith('/organization/getOrgById/5')) return { body: org };
    if (url.endsWith('/organization/GetStorageUsage')) return { body: usage };
    if (url.endsWith('/organization/GetPlanRenewal')) return { body: state };
    if (url.endsWith('/organization/CancelPlan') && method === 'POST') {
      state = {
        ...state,
        status: 'cancelling',
        auto_renew: false,
        renews_at: null,
        ends_at: state.current_period_end,
      };
      return { body: state };
    }
    if (url.endsWith('/organization/ResumePlan') && method === 'POST') {
      state = {
        ...state,
        status: 'active',
        auto_renew: true,
        renews_at: state.current_period_end,
        ends_at: null,
      };
      return { body: state };
    }
    if (url.endsWith('/organization/ChangePlan') && method === 'POST') {
      const preview = (body as { preview?: boolean }).preview === true;
      return {
        body: {
          change: 'upgrade',
          charged: 50.5,
          currency: 'USD',
          order_Id: preview ? null : 9,
          renewal: preview ? state : renewal({ plan: 'Growth', subscriptionCategoryType: 'MonthlyGrowth' }),
        },
      };
    }
    return { status: 404 };
  });
};

const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/admin/billing', element: <PlanOverview /> },
      { path: '/admin/subscription', element: <PricingPlans /> },
    ],
    path,
  );

beforeEach(() => {
  storage.set('authToken', 'token');
  storage.set('orgId', 5);
});
afterEach(() => vi.unstubAllGlobals());

describe('Plan & billing: a plan that renews by itself', () => {
  it('shows the renewal date, the amount, the card and auto-renew on; Cancel asks first, then Resume', async () => {
    const calls = serve(renewal({}));
    renderAt('/admin/billing');
    expect(await screen.findByText('On')).toBeTruthy();
    expect(row('Renews on')).toBe('Mar 1, 2027 for $99.00 USD, charged to the card ending 4242');
    expect(row('Card')).toBe('•••• 4242');
    expect(screen.queryByText(/does not renew by itself/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    expect(within(dialog).getByText(/your students keep the courses they have/)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/CancelPlan'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(await screen.findByText('Off: cancelled')).toBeTruthy();
    expect(row('Ends on')).toMatch(/2027/);
    expect(calls.filter((c) => c.url.endsWith('/CancelPlan'))).toHaveLength(1);

    fireEvent.click(await screen.findByRole('button', { name: 'Resume plan' }));
    const again = await screen.findByRole('dialog', { name: 'Resume your plan?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Resume plan' }));
    expect(await screen.findByText('On')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/ResumePlan'))).toHaveLength(1);
  });

  it('a failed renewal: the grace date, what to do, and the next try', async () => {
    serve(
      renewal({
        status: 'past_due',
        card_last4: '0341',
        renews_at: '2027-03-02T12:00:00.000Z',
        grace_ends_at: '2027-03-08T12:00:00.000Z',
      }),
    );
    renderAt('/admin/billing');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Your renewal payment failed\. Update your card by Mar 8, 2027/);
    expect(alert.textContent).toMatch(/we try the card ending 0341 again daily/);
    expect(row('Grace until')).toMatch(/Mar 8, 2027/);
    expect(screen.getByText('On: payment failed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });

  it('a lapsed plan says what it means for the school and its students', async () => {
    serve(
      renewal({ status: 'lapsed', auto_renew: false, renews_at: null, ends_at: '2027-03-08T12:00:00.000Z' }),
    );
    renderAt('/admin/billing');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /Your plan ended on Mar 8, 2027\. Your students keep the courses they have, but you cannot publish courses or add students/,
    );
  });

  it('a plan Stripe renews says so, with the card Stripe charges; a failure there is retried by Stripe', async () => {
    serve(renewal({ renews_through: 'stripe' }));
    renderAt('/admin/billing');
    expect(await screen.findByText('On')).toBeTruthy();
    expect(row('Renews on')).toBe(
      'Mar 1, 2027 through Stripe for $99.00 USD, charged to the card ending 4242',
    );
    expect(row('Card')).toBe('•••• 4242');
  });

  it('a failed renewal of a plan Stripe renews: Stripe tries the card again', async () => {
    serve(
      renewal({
        status: 'past_due',
        renews_through: 'stripe',
        card_last4: '0341',
        renews_at: '2027-03-04T12:00:00.000Z',
        grace_ends_at: '2027-03-08T12:00:00.000Z',
      }),
    );
    renderAt('/admin/billing');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /Stripe tries the card ending 0341 again; unpaid, the plan ends on Mar 8, 2027/,
    );
    expect(alert.textContent).not.toMatch(/daily/);
  });

  it('a plan paid with PayPal asks the school to approve its renewal there; approved, PayPal renews it', async () => {
    const approveUrl = 'https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=BA-1';
    serve(renewal({ auto_renew: false, card_last4: null, renewal_approval_url: approveUrl }));
    const view = renderAt('/admin/billing');
    expect(await screen.findByText('Off: awaiting your approval')).toBeTruthy();
    expect(row('Renews on')).toBe('Mar 1, 2027 for $99.00 USD through PayPal, once you approve it there');
    const approve = screen.getByRole('link', { name: 'Approve at PayPal' });
    expect(approve.getAttribute('href')).toBe(approveUrl);
    expect(screen.getByText(/nothing is charged before Mar 1, 2027/)).toBeTruthy();
    view.unmount();

    serve(renewal({ renews_through: 'paypal', card_last4: null }));
    renderAt('/admin/billing');
    expect(await screen.findByText('On')).toBeTruthy();
    expect(row('Renews on')).toBe(
      'Mar 1, 2027 through PayPal for $99.00 USD, charged to your PayPal account',
    );
    expect(screen.queryByRole('link', { name: 'Approve at PayPal' })).toBeNull();
  });

  it('a scheduled downgrade is shown with the day it starts', async () => {
    serve(
      renewal({
        renewal_amount: 39,
        scheduled_change: {
          subscriptionCategoryType: 'MonthlyKickstart',
          plan: 'Kickstarter',
          starts_at: '2027-03-01T12:00:00.000Z',
        },
      }),
    );
    renderAt('/admin/billing');
    expect(await screen.findByText('Scheduled change')).toBeTruthy();
    expect(row('Scheduled change')).toMatch(/^Kickstarter \(MonthlyKickstart\) from Mar 1, 2027/);
  });
});

describe('the plans screen with a plan that renews', () => {
  it('names Stripe when Stripe renews it', async () => {
    serve(renewal({ renews_through: 'stripe' }));
    renderAt('/admin/subscription');
    expect(await screen.findByText(/renews by itself through Stripe on Mar 1, 2027/)).toBeTruthy();
  });

  it('an upgrade is quoted, confirmed, then made; the failed renewal is shown there too', async () => {
    const calls = serve(renewal({}));
    renderAt('/admin/subscription');
    expect(await screen.findByText(/renews by itself on/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Get Started with Growth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Growth now?' });
    expect(within(dialog).getByText(/\$50\.50 USD is charged now to the card ending 4242/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade and pay' }));
    await waitFor(() =>
      expect(
        calls.filter(
          (c) =>
            c.url.endsWith('/ChangePlan') && (c.body as { preview?: boolean } | undefined)?.preview === false,
        ),
      ).toHaveLength(1),
    );
    expect(calls.find((c) => (c.body as { preview?: boolean } | undefined)?.preview === false)?.body).toEqual(
      {
        subscriptionCategoryType: 'MonthlyGrowth',
        preview: false,
      },
    );
  });

  it('past due: the plans screen says so', async () => {
    serve(renewal({ status: 'past_due', grace_ends_at: '2027-03-08T12:00:00.000Z' }));
    renderAt('/admin/subscription');
    expect((await screen.findByRole('alert')).textContent).toMatch(/Your renewal payment failed/);
  });
});
