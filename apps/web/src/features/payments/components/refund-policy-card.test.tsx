import type { RefundPolicy } from '@skillwise/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, pathOf, renderRoutes } from '@/test/render';
import { RefundPolicyCard } from './refund-policy-card';

/** The server: the policy GetRefundPolicy answers, and what SetRefundPolicy saves (or a 400 on the days). */
const serve = (initial: RefundPolicy, refuse = false) => {
  let policy = initial;
  return mockFetch((call: FetchCall) => {
    const path = pathOf(call);
    if (path === '/api/organization/GetRefundPolicy') return { body: policy };
    if (path === '/api/organization/SetRefundPolicy') {
      if (refuse) {
        return {
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            code: 'VALIDATION_ERROR',
            message: 'refund_window_days: must be a whole number of days from 0 to 365',
            details: [
              { field: 'refund_window_days', message: 'must be a whole number of days from 0 to 365' },
            ],
          },
        };
      }
      policy = call.body as RefundPolicy;
      return { body: policy };
    }
    return { status: 404 };
  });
};

const show = () => renderRoutes([{ path: '/', element: <RefundPolicyCard /> }], '/');

beforeEach(() => storage.set('authToken', 'token'));

describe('RefundPolicyCard', () => {
  it('shows the guarantee, checks what is typed and saves the days and the progress limit', async () => {
    const calls = serve({ refund_window_days: 30, refund_max_progress_percent: null });
    show();
    expect(
      await screen.findByText(
        'A buyer who asks within 30 days is refunded at once and loses the course; you decide on the other requests.',
      ),
    ).toBeTruthy();
    const days = screen.getByLabelText('Days to ask for a refund') as HTMLInputElement;
    const progress = screen.getByLabelText(/Most of the course completed/) as HTMLInputElement;
    expect(days.value).toBe('30');
    expect(progress.value).toBe('');
    fireEvent.change(days, { target: { value: '400' } });
    fireEvent.change(progress, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save guarantee' }));
    expect(await screen.findByText('Enter a whole number of days from 0 to 365.')).toBeTruthy();
    expect(screen.getByText('Enter a whole percent from 0 to 100, or leave it empty.')).toBeTruthy();
    expect(calls.some((c) => pathOf(c) === '/api/organization/SetRefundPolicy')).toBe(false);

    fireEvent.change(days, { target: { value: '14' } });
    fireEvent.change(progress, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save guarantee' }));
    expect(
      await screen.findByText(
        'A buyer who asks within 14 days, having completed at most 25% of the course, is refunded at once and loses the course; you decide on the other requests.',
      ),
    ).toBeTruthy();
    const saved = calls.find((c) => pathOf(c) === '/api/organization/SetRefundPolicy');
    expect(saved?.body).toEqual({ refund_window_days: 14, refund_max_progress_percent: 25 });
  });

  it('0 days says there is no guarantee; the server’s refusal shows beside its field', async () => {
    serve({ refund_window_days: 0, refund_max_progress_percent: null }, true);
    show();
    expect(
      await screen.findByText(
        'Your courses carry no money-back guarantee: you decide on every refund request.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save guarantee' }));
    await waitFor(() =>
      expect(screen.getByText('must be a whole number of days from 0 to 365')).toBeTruthy(),
    );
  });
});
