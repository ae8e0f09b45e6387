import { type CaptureResponse, MSG, type OrderResponse } from '@skillwise/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoutes } from '@/test/render';
import { resetCaptures } from '../lib/capture-once';
import { type PayPalButtonsOptions, paypalSdkUrl, resetPayPalSdk } from '../lib/paypal-sdk';
import { PaymentButton } from './payment-button';

const ORDER: OrderResponse = {
  id: 'PAYPAL-ORDER-1',
  status: 'CREATED',
  amount: 39,
  currency: 'USD',
  provider: 'paypal',
  approveUrl: null,
};
const CAPTURED: CaptureResponse = {
  id: 'PAYPAL-ORDER-1',
  status: 'COMPLETED',
  message: MSG.paymentSuccess,
  course_Id: null,
  subscriptionCategoryType: 'MonthlyKickstart',
  subscriptionEndsAt: '2026-07-01T00:00:00.000Z',
};

/** A stand-in for PayPal's SDK: records the options given to paypal.Buttons and the render target. */
const fakePayPal = () => {
  const calls: { options?: PayPalButtonsOptions; container?: HTMLElement } = {};
  const render = vi.fn(async (container: HTMLElement) => {
    calls.container = container;
  });
  const Buttons = vi.fn((options: PayPalButtonsOptions) => {
    calls.options = options;
    return { render, close: vi.fn(async () => undefined) };
  });
  return { calls, Buttons, render };
};

const SDK_SRC = paypalSdkUrl('client-123', 'USD');
const sdkScript = () => document.querySelector<HTMLScriptElement>('script#paypal-js-sdk');

const renderPayPal = (handlers: {
  createOrder: () => Promise<OrderResponse>;
  captureOrder: (orderId: string) => Promise<CaptureResponse>;
  onSuccess?: () => void;
}) =>
  renderRoutes(
    [{ path: '/admin/checkout', element: <PaymentButton returnPath="/admin/checkout" {...handlers} /> }],
    '/admin/checkout',
  );

/** Lets the (fake) script finish loading, as the browser would. */
const loadSdk = async (paypal: ReturnType<typeof fakePayPal>) => {
  await waitFor(() => expect(sdkScript()).not.toBeNull());
  window.paypal = { Buttons: paypal.Buttons };
  await act(async () => {
    sdkScript()?.dispatchEvent(new Event('load'));
  });
  await waitFor(() => expect(paypal.render).toHaveBeenCalledTimes(1));
  const { options } = paypal.calls;
  if (!options) throw new Error('paypal.Buttons was not called');
  return options;
};

beforeEach(() => {
  mockFetch(({ url }) =>
    url.endsWith('/payments/config')
      ? { body: { provider: 'paypal', clientId: 'client-123', currency: 'USD' } }
      : { status: 404, body: undefined },
  );
});
afterEach(() => {
  resetCaptures();
  resetPayPalSdk();
  delete window.paypal;
});

describe('PaymentButton with PayPal (a fake window.paypal)', () => {
  it("adds PayPal's SDK for our client id in dollars, capturing, and renders paypal.Buttons into the page", async () => {
    const paypal = fakePayPal();
    renderPayPal({ createOrder: vi.fn(), captureOrder: vi.fn() });

    await loadSdk(paypal);
    expect(sdkScript()?.getAttribute('src')).toBe(SDK_SRC);
    expect(SDK_SRC).toBe('https://www.paypal.com/sdk/js?client-id=client-123&currency=USD&intent=capture');
    expect(paypal.Buttons).toHaveBeenCalledTimes(1);
    expect(paypal.calls.container).toBe(screen.getByTestId('paypal-buttons'));
    expect(screen.queryByRole('button', { name: 'Pay with card' })).toBeNull();
  });

  it("createOrder answers our order's id; onApprove captures it; the success line follows", async () => {
    const paypal = fakePayPal();
    const createOrder = vi.fn(async () => ORDER);
    const captureOrder = vi.fn(async () => CAPTURED);
    const onSuccess = vi.fn();
    renderPayPal({ createOrder, captureOrder, onSuccess });
    const options = await loadSdk(paypal);

    let orderId = '';
    await act(async () => {
      orderId = await options.createOrder();
    });
    expect(orderId).toBe('PAYPAL-ORDER-1');
    expect(screen.getByText('Processing...')).toBeTruthy();

    await act(async () => {
      await options.onApprove({ orderID: orderId });
    });
    expect(captureOrder).toHaveBeenCalledWith('PAYPAL-ORDER-1');
    expect(screen.getByText(MSG.paymentSuccess)).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('createOrder fails with MSG.orderIdMissing when our answer has no id, and PayPal’s own onError keeps that line', async () => {
    const paypal = fakePayPal();
    renderPayPal({
      createOrder: vi.fn(async () => ({ status: 'CREATED' }) as unknown as OrderResponse),
      captureOrder: vi.fn(),
    });
    const options = await loadSdk(paypal);

    await act(async () => {
      await expect(options.createOrder()).rejects.toThrow();
    });
    expect(screen.getByRole('alert').textContent).toBe(MSG.orderIdMissing);
    act(() => options.onError(new Error('Expected an order id to be passed')));
    expect(screen.getByRole('alert').textContent).toBe(MSG.orderIdMissing);
  });

  it("shows PayPal's onError as 'Error: ' + MSG.paymentError, and onCancel returns to the buttons", async () => {
    const paypal = fakePayPal();
    renderPayPal({ createOrder: vi.fn(async () => ORDER), captureOrder: vi.fn() });
    const options = await loadSdk(paypal);

    await act(async () => {
      await options.createOrder();
    });
    act(() => options.onCancel());
    expect(screen.queryByText('Processing...')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => options.onError(new Error('popup closed unexpectedly')));
    expect(screen.getByRole('alert').textContent).toBe(`Error: ${MSG.paymentError}`);
  });

  it('logs a script that fails to load and says the payment is not available', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPayPal({ createOrder: vi.fn(), captureOrder: vi.fn() });
    await waitFor(() => expect(sdkScript()).not.toBeNull());
    await act(async () => {
      sdkScript()?.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText(/Card payment could not be loaded/)).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('PayPal SDK loading failed', expect.any(Error));
    expect(sdkScript()).toBeNull();
  });
});
