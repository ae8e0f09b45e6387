import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, renderRoutes } from '@/test/render';
import { SandboxApproval } from './sandbox-approval';

const renderApproval = () =>
  renderRoutes(
    [
      {
        path: '/sandbox/checkout/:orderId',
        element: (
          <SandboxApproval
            orderId="SBX-7"
            returnPath="/students/checkout"
            amount={{ amount: 19.99, currency: 'USD' }}
          />
        ),
      },
      { path: '/students/checkout', element: <h1>Checkout</h1> },
    ],
    '/sandbox/checkout/SBX-7',
  );

const fillCard = (number: string) => {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '1234' } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
  fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Ada Lovelace' } });
};

beforeEach(() => storage.set('authToken', 'token'));

describe('the sandbox approval page', () => {
  it('shows the amount and both test cards', () => {
    mockFetch(() => ({ body: {} }));
    renderApproval();
    expect(screen.getByTestId('sandbox-amount').textContent).toBe('$19.99');
    expect(screen.getByText('4242 4242 4242 4242')).toBeTruthy();
    expect(screen.getByText('4000 0000 0000 0002')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $19.99' })).toBeTruthy();
  });

  it('says what is missing and sends nothing', () => {
    const calls = mockFetch(() => ({ body: {} }));
    renderApproval();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $19.99' }));
    expect(screen.getByText('Enter the card number.')).toBeTruthy();
    expect(screen.getByText('Enter the expiry date.')).toBeTruthy();
    expect(screen.getByText('Enter the CVC.')).toBeTruthy();
    expect(screen.getByText('Enter the name on the card.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('approves with a test card and returns to the checkout with the order id', async () => {
    const calls = mockFetch(() => ({ body: { id: 'SBX-7', status: 'APPROVED' } }));
    const { router } = renderApproval();
    fireEvent.click(screen.getByRole('button', { name: 'Use test card 4242 4242 4242 4242' }));
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    fillCard('4242424242424242');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $19.99' }));

    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(router.state.location.search).toBe('?orderId=SBX-7');
    expect(calls[0]?.url).toBe('/api/sandbox/orders/SBX-7/approve');
    expect(calls[0]?.body).toEqual({
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
      name: 'Ada Lovelace',
    });
  });

  it("shows the server's answer for a card that is not a test card", async () => {
    const message =
      'cardNumber: use a sandbox test card: 4242 4242 4242 4242 (paid) or 4000 0000 0000 0002 (declined)';
    mockFetch(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION',
        message,
        details: [{ field: 'cardNumber', message: 'is not a sandbox test card' }],
      },
    }));
    const { router } = renderApproval();
    fillCard('5555 5555 5555 4444');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $19.99' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Use a sandbox test card: 4242 4242 4242 4242 (paid) or 4000 0000 0000 0002 (declined)',
    );
    expect(screen.getByText('Card number is not a sandbox test card.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sandbox/checkout/SBX-7');
  });

  it('Cancel returns to the checkout without an order id', async () => {
    mockFetch(() => ({ body: {} }));
    const { router } = renderApproval();
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });
});
