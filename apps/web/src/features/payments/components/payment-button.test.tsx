import { type CaptureResponse, MSG, type OrderResponse } from '@skillwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { leaveApp } from '@/lib/leave-app';
import { mockFetch } from '@/test/render';
import { resetCaptures } from '../lib/capture-once';
import { PaymentButton } from './payment-button';

vi.mock('@/lib/leave-app', () => ({ leaveApp: vi.fn() }));

const ORDER: OrderResponse = {
  id: 'SBX-1',
  status: 'CREATED',
  amount: 19.99,
  currency: 'USD',
  provider: 'sandbox',
  approveUrl: '/sandbox/checkout/SBX-1',
};
const CAPTURED: CaptureResponse = {
  id: 'SBX-1',
  status: 'COMPLETED',
  message: MSG.paymentSuccess,
  course_Id: 4,
  subscriptionCategoryType: null,
  subscriptionEndsAt: null,
};

type Handlers = {
  createOrder: () => Promise<OrderResponse>;
  captureOrder: (orderId: string) => Promise<CaptureResponse>;
  onSuccess?: () => void;
  isFree?: boolean;
};

/** The button on a checkout page, in strict mode as main.tsx renders the app. */
const renderCheckout = (path: string, handlers: Handlers) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/students/checkout',
        element: <PaymentButton returnPath="/students/checkout" {...handlers} />,
      },
      { path: '/sandbox/checkout/:orderId', element: <p>Approval page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return router;
};

const deferred = <T,>() => {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

beforeEach(() => {
  mockFetch(({ url }) =>
    url.endsWith('/payments/config')
      ? { body: { provider: 'sandbox', clientId: null, currency: 'USD' } }
      : { status: 404, body: undefined },
  );
});
afterEach(() => resetCaptures());

describe('PaymentButton with the sandbox provider', () => {
  it('goes initial → pending → the approval page, told where to come back', async () => {
    const order = deferred<OrderResponse>();
    const createOrder = vi.fn(() => order.promise);
    const router = renderCheckout('/students/checkout', { createOrder, captureOrder: vi.fn() });

    fireEvent.click(await screen.findByRole('button', { name: 'Pay with card' }));
    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(createOrder).toHaveBeenCalledTimes(1);

    order.resolve(ORDER);
    expect(await screen.findByText('Approval page')).toBeTruthy();
    const { pathname, search } = router.state.location;
    expect(pathname).toBe('/sandbox/checkout/SBX-1');
    expect(new URLSearchParams(search).get('return')).toBe('/students/checkout');
    expect(new URLSearchParams(search).get('amount')).toBe('19.99');
  });

  it('stops with MSG.orderIdMissing when CreateOrder answers no id, and offers the button again', async () => {
    const createOrder = vi.fn(async () => ({ status: 'CREATED' }) as unknown as OrderResponse);
    const router = renderCheckout('/students/checkout', { createOrder, captureOrder: vi.fn() });

    fireEvent.click(await screen.findByRole('button', { name: 'Pay with card' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.orderIdMissing);
    expect(screen.getByRole('button', { name: 'Pay with card' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/students/checkout');
  });

  it('captures the returned order once in strict mode and shows the success line', async () => {
    const capture = deferred<CaptureResponse>();
    const captureOrder = vi.fn(() => capture.promise);
    const onSuccess = vi.fn();
    renderCheckout('/students/checkout?orderId=SBX-1', { createOrder: vi.fn(), captureOrder, onSuccess });

    expect(await screen.findByText('Processing...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay with card' })).toBeNull();
    capture.resolve(CAPTURED);

    expect(await screen.findByText(MSG.paymentSuccess)).toBeTruthy();
    expect(captureOrder).toHaveBeenCalledTimes(1);
    expect(captureOrder).toHaveBeenCalledWith('SBX-1');
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('shows a declined capture (402) as MSG.paymentCaptureFailed, stays on checkout and drops the order id', async () => {
    const captureOrder = vi.fn(async () => {
      throw new ApiError(MSG.paymentCaptureFailed, { status: 402, code: 'PAYMENT_DECLINED' });
    });
    const onSuccess = vi.fn();
    const router = renderCheckout('/students/checkout?orderId=SBX-1', {
      createOrder: vi.fn(),
      captureOrder,
      onSuccess,
    });

    expect((await screen.findByRole('alert')).textContent).toBe(MSG.paymentCaptureFailed);
    expect(await screen.findByRole('button', { name: 'Pay with card' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/students/checkout');
    expect(captureOrder).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("shows the provider being down (502) as 'Error: ' + MSG.paymentError", async () => {
    const captureOrder = vi.fn(async () => {
      throw new ApiError(MSG.paymentError, { status: 502, code: 'PAYMENT_PROVIDER' });
    });
    renderCheckout('/students/checkout?orderId=SBX-1', { createOrder: vi.fn(), captureOrder });
    expect((await screen.findByRole('alert')).textContent).toBe(`Error: ${MSG.paymentError}`);
  });

  it("shows a 409 from CreateOrder with the server's message", async () => {
    const createOrder = vi.fn(async () => {
      throw new ApiError(MSG.alreadyEnrolled, { status: 409, code: 'CONFLICT' });
    });
    renderCheckout('/students/checkout', { createOrder, captureOrder: vi.fn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay with card' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.alreadyEnrolled);
  });

  it('enrols in a free course at once: CreateOrder answers COMPLETED, no approval, no capture', async () => {
    const createOrder = vi.fn(async () => ({
      ...ORDER,
      id: 'FREE-1',
      status: 'COMPLETED' as const,
      amount: 0,
      provider: 'free' as const,
      approveUrl: null,
    }));
    const captureOrder = vi.fn();
    const onSuccess = vi.fn();
    const router = renderCheckout('/students/checkout', {
      createOrder,
      captureOrder,
      onSuccess,
      isFree: true,
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Enroll for free' }));
    expect(await screen.findByText(MSG.paymentSuccess)).toBeTruthy();
    expect(captureOrder).not.toHaveBeenCalled();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/students/checkout');
  });

  it('never loads a script from outside in sandbox mode', async () => {
    renderCheckout('/students/checkout', { createOrder: vi.fn(), captureOrder: vi.fn() });
    await screen.findByRole('button', { name: 'Pay with card' });
    expect(document.querySelector('script[src*="paypal"]')).toBeNull();
  });
});

describe('PaymentButton with Stripe configured', () => {
  beforeEach(() => {
    mockFetch(({ url }) =>
      url.endsWith('/payments/config')
        ? {
            body: {
              provider: 'stripe',
              clientId: null,
              currency: 'USD',
              providers: [{ name: 'stripe', clientId: null }],
            },
          }
        : { status: 404, body: undefined },
    );
  });

  it('creates the order with Stripe, told where to come back, and sends the browser to Stripe’s page', async () => {
    const createOrder = vi.fn(async () => ({
      ...ORDER,
      id: 'cs_test_1',
      provider: 'stripe' as const,
      approveUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
    }));
    renderCheckout('/students/checkout', { createOrder, captureOrder: vi.fn() });

    fireEvent.click(await screen.findByRole('button', { name: 'Pay with card' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(createOrder).toHaveBeenCalledWith({ provider: 'stripe', returnPath: '/students/checkout' });
    // Nothing to type here: the card is entered on Stripe's page only.
    expect(document.querySelector('input')).toBeNull();
  });

  it('captures the session it is brought back with, once', async () => {
    const captureOrder = vi.fn(async () => ({ ...CAPTURED, id: 'cs_test_1' }));
    renderCheckout('/students/checkout?orderId=cs_test_1', { createOrder: vi.fn(), captureOrder });
    expect(await screen.findByText(MSG.paymentSuccess)).toBeTruthy();
    expect(captureOrder).toHaveBeenCalledTimes(1);
    expect(captureOrder).toHaveBeenCalledWith('cs_test_1');
  });
});
