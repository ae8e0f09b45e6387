import type { StorageUsageAnswer } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { PRICES } from '@/test/fixtures';
import { mockFetch, renderRoutes } from '@/test/render';
import { PricingPlans } from './pricing-plans';

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

  it("lists each plan's storage allowance among its features, after the contacts", async () => {
    mockFetch(({ url }) => (url.endsWith('/pricingplan') ? { body: [PRICES] } : { status: 404 }));
    renderPlans();
    const allowances = { Kickstarter: '5 GB', Basic: '50 GB', Growth: '250 GB' };
    for (const [plan, allowance] of Object.entries(allowances)) {
      const card = await screen.findByRole('article', { name: plan });
      const features = within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      const storage = features.indexOf(`${allowance} of file storage`);
      expect(storage, plan).toBeGreaterThan(0);
      expect(features[storage - 1]).toMatch(/Contacts$/);
    }
  });

  const itemOf = (card: HTMLElement, text: string) => {
    const item = within(card)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.startsWith(text));
    if (!item) throw new Error(`no item ${text}`);
    return item;
  };

  it("keeps the spec's texts and marks each item the installation does not provide 'Not included'", async () => {
    mockFetch(({ url }) => (url.endsWith('/pricingplan') ? { body: [PRICES] } : { status: 404 }));
    renderPlans();
    const kickstarter = await screen.findByRole('article', { name: 'Kickstarter' });
    expect(
      within(kickstarter)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '1 Website',
      '1 Product + 1 CommunityCommunity not included',
      '250 Contacts',
      '5 GB of file storage',
      '7,500 Marketing Emails',
      'Unlimited Landing Pages: Not included',
      'Group Onboarding Call: Not included',
      'AI: Not included',
      'Creator Studio: Not included',
    ]);
    const ai = itemOf(kickstarter, 'AI');
    expect(within(ai).getByText('AI').className).toContain('line-through');
    expect(within(ai).getByText('Not included')).toBeTruthy();
    expect(within(itemOf(kickstarter, '250 Contacts')).queryByText('Not included')).toBeNull();
    const growth = screen.getByRole('article', { name: 'Growth' });
    for (const text of ['3rd Party Integrations', '24/7 Support', 'Affiliate Programs']) {
      expect(within(itemOf(growth, text)).getByText('Not included'), text).toBeTruthy();
    }
    for (const text of ['Custom Domain', 'Custom Branding']) {
      expect(within(itemOf(growth, text)).queryByText('Not included'), text).toBeNull();
    }
  });

  it('follows the operator: an item marked included shows no mark, a changed text and note show as given', async () => {
    const growth = PRICES.features?.Growth.map((item) =>
      item.capability === 'support'
        ? { ...item, text: '24/7 Support by e-mail', included: true, note: 'Answered within a day' }
        : item,
    );
    const pricing = { ...PRICES, features: { ...PRICES.features, Growth: growth } };
    mockFetch(({ url }) => (url.endsWith('/pricingplan') ? { body: [pricing] } : { status: 404 }));
    renderPlans();
    const card = await screen.findByRole('article', { name: 'Growth' });
    const support = itemOf(card, '24/7 Support by e-mail');
    expect(support.textContent).toBe('24/7 Support by e-mailAnswered within a day');
    expect(within(support).getByText('24/7 Support by e-mail').className).not.toContain('line-through');
  });

  const MB = 1024 ** 2;

  /** The plans screen of a signed-in publisher whose organisation's storage is `usage`. */
  const renderWithUsage = (orgId: number, usage: StorageUsageAnswer) => {
    storage.set('authToken', 'token');
    storage.set('orgId', orgId);
    mockFetch(({ url }) => {
      if (url.endsWith('/pricingplan')) return { body: [PRICES] };
      if (url.endsWith('/organization/GetStorageUsage')) return { body: usage };
      return { status: 404 };
    });
    renderPlans();
  };

  it("shows how much of the organisation's allowance its files use", async () => {
    renderWithUsage(5, {
      used_bytes: 1.5 * 1024 * MB,
      reserved_bytes: 0,
      allowance_bytes: 50 * 1024 * MB,
      plan: 'Basic',
    });
    expect(await screen.findByText('Files stored: 1.5 GB of 50 GB used.')).toBeTruthy();
  });

  it('says when the allowance without a running plan is used up', async () => {
    renderWithUsage(6, { used_bytes: 500 * MB, reserved_bytes: 0, allowance_bytes: 500 * MB, plan: null });
    expect(
      await screen.findByText(
        'Files stored: 500 MB of 500 MB used (without a running plan). Delete files or choose a larger plan to upload more.',
      ),
    ).toBeTruthy();
  });

  it('counts the room uploads under way hold against the allowance', async () => {
    renderWithUsage(7, {
      used_bytes: 50 * MB,
      reserved_bytes: 450 * MB,
      allowance_bytes: 500 * MB,
      plan: null,
    });
    expect(
      await screen.findByText(
        'Files stored: 50 MB of 500 MB used (without a running plan), and 450 MB held for uploads under way. Delete files or choose a larger plan to upload more.',
      ),
    ).toBeTruthy();
  });
});
