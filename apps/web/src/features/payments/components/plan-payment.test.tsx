import { MSG } from '@skillwise/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { type FetchCall, mockFetch, renderRoutes } from '@/test/render';
import { resetCaptures } from '../lib/capture-once';
import { PlanPayment } from './plan-payment';

const routes = [
  {
    path: '/admin/checkout',
    element: <PlanPayment category="MonthlyKickstart" price={39} email="pat@example.com" />,
  },
  { path: '/admin', element: <h1>Admin home</h1> },
  { path: '/admin/subscription', element: <h1>Plans</h1> },
  { path: '/sandbox/checkout/:orderId', element: <h1>Approval page</h1> },
];

const CONFIG = { body: { provider: 'sandbox', clientId: null, currency: 'USD' } };

beforeEach(() => {
  storage.set('authToken', 'token');
  storage.set('userId', 5);
  storage.set('subscriptionCategory', 'MonthlyKickstart');
  storage.set('subscriptionStatus', 'inactive');
});
afterEach(() => resetCaptures());

describe('PlanPayment (SPEC §2.16, §4)', () => {
  it('creates the plan order with the stored choice and goes to the approval page', async () => {
    const calls = mockFetch(({ url }) =>
      url.endsWith('/organization/CreateOrder')
        ? {
            status: 201,
            body: {
              id: 'SBX-9',
              status: 'CREATED',
              amount: 39,
              currency: 'USD',
              provider: 'sandbox',
              approveUrl: '/sandbox/checkout/SBX-9',
            },
          }
        : CONFIG,
    );
    const { router } = renderRoutes(routes, '/admin/checkout');

    fireEvent.click(await screen.findByRole('button', { name: 'Pay with card' }));
    expect(await screen.findByRole('heading', { name: 'Approval page' })).toBeTruthy();
    const create = calls.find((call) => call.url.endsWith('/organization/CreateOrder'));
    expect(create?.method).toBe('POST');
    expect(create?.body).toEqual({
      price: 39,
      email_address: 'pat@example.com',
      user_id: 5,
      subscriptionCategoryType: 'MonthlyKickstart',
    });
    expect(router.state.location.search).toContain('return=%2Fadmin%2Fcheckout');
  });

  it('on capture: toast, stored plan cleared, subscription active, /admin', async () => {
    const toast = vi.spyOn(notify, 'success');
    const calls: FetchCall[] = mockFetch(({ url }) =>
      url.endsWith('/organization/CaptureOrder')
        ? {
            body: {
              id: 'SBX-9',
              status: 'COMPLETED',
              message: MSG.paymentSuccess,
              course_Id: null,
              subscriptionCategoryType: 'MonthlyKickstart',
              subscriptionEndsAt: '2026-07-01T00:00:00.000Z',
            },
          }
        : CONFIG,
    );
    const { router } = renderRoutes(routes, '/admin/checkout?orderId=SBX-9');

    expect(await screen.findByRole('heading', { name: 'Admin home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
    expect(toast).toHaveBeenCalledWith(MSG.paymentSuccess);
    expect(storage.get('subscriptionCategory')).toBeNull();
    expect(storage.get('subscriptionStatus')).toBe('active');
    const captures = calls.filter((call) => call.url.endsWith('/organization/CaptureOrder'));
    expect(captures).toHaveLength(1);
    expect(captures[0]?.body).toEqual({
      orderId: 'SBX-9',
      subscriptionCategoryType: 'MonthlyKickstart',
      price: 39,
      email: 'pat@example.com',
    });
  });

  it('keeps the user on checkout with the capture failure after a declined card', async () => {
    mockFetch(({ url }) =>
      url.endsWith('/organization/CaptureOrder')
        ? {
            status: 402,
            body: {
              statusCode: 402,
              error: 'Payment Required',
              code: 'PAYMENT_DECLINED',
              message: MSG.paymentCaptureFailed,
            },
          }
        : CONFIG,
    );
    const { router } = renderRoutes(routes, '/admin/checkout?orderId=SBX-9');

    expect((await screen.findByRole('alert')).textContent).toBe(MSG.paymentCaptureFailed);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/admin/checkout');
    expect(storage.get('subscriptionCategory')).toBe('MonthlyKickstart');
    expect(storage.get('subscriptionStatus')).toBe('inactive');
  });

  it('offers the way back to the plans when the price changed (409 PRICE_MISMATCH)', async () => {
    const message = 'The price is $49.00, not $39.00. Please reload and try again.';
    mockFetch(({ url }) =>
      url.endsWith('/organization/CreateOrder')
        ? { status: 409, body: { statusCode: 409, error: 'Conflict', code: 'PRICE_MISMATCH', message } }
        : CONFIG,
    );
    renderRoutes(routes, '/admin/checkout');

    fireEvent.click(await screen.findByRole('button', { name: 'Pay with card' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    fireEvent.click(screen.getByRole('link', { name: 'Back to plans' }));
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeTruthy();
  });
});
