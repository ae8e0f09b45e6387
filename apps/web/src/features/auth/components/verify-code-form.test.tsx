import { MSG } from '@skillwise/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, renderRoutes } from '@/test/render';
import { VerifyCodeForm } from './verify-code-form';

const ResetProbe = () => {
  const state = useLocation().state as { code?: string } | null;
  return <p>Reset with code {state?.code}</p>;
};

const routes = [
  { path: '/digitCodeVerification', element: <VerifyCodeForm /> },
  { path: '/resetPassword', element: <ResetProbe /> },
  { path: '/login', element: <p>Login page</p> },
];

const enter = (code: string) => {
  const first = screen.getByLabelText('Digit 1 of 6');
  fireEvent.paste(first, { clipboardData: { getData: () => code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
};

beforeEach(() => storage.set('userEmail', 'sam@example.com'));
afterEach(() => vi.unstubAllGlobals());

describe('VerifyCodeForm (SPEC §2.10)', () => {
  it('asks for six digits before calling the server', async () => {
    const calls = mockFetch(() => ({ body: { verified: true, message: 'ok' } }));
    renderRoutes(routes, '/digitCodeVerification');

    enter('123');

    expect((await screen.findByRole('alert')).textContent).toBe(MSG.enterSixDigits);
    expect(calls).toHaveLength(0);
  });

  it('passes the verified code on to /resetPassword when verifying for a reset', async () => {
    storage.set('verifyFor', 'reset');
    const calls = mockFetch(() => ({ body: { verified: true, message: 'Code verified.' } }));
    renderRoutes(routes, '/digitCodeVerification');

    enter('042137');

    expect(await screen.findByText('Reset with code 042137')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      url: '/api/users/VerifyVerificationCode',
      body: { email: 'sam@example.com', verificationCode: '042137' },
    });
  });

  it('goes to /login once an account is verified', async () => {
    storage.set('verifyFor', 'login');
    mockFetch(() => ({ body: { verified: true, message: 'Your account is verified.' } }));
    renderRoutes(routes, '/digitCodeVerification');

    enter('111111');

    expect(await screen.findByText('Login page')).toBeTruthy();
  });

  it('says the code is wrong when the server answers verified false', async () => {
    mockFetch(() => ({ body: { verified: false, message: 'Invalid code' } }));
    renderRoutes(routes, '/digitCodeVerification');

    enter('999999');

    expect((await screen.findByRole('alert')).textContent).toBe(MSG.invalidCode);
  });

  it('reads the stored e-mail when the code is sent, and says so when there is none', async () => {
    storage.remove('userEmail');
    const calls = mockFetch(() => ({ body: { verified: true, message: 'ok' } }));
    renderRoutes(routes, '/digitCodeVerification');

    enter('123456');
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not tell which e-mail/);
    expect(calls).toHaveLength(0);

    storage.set('userEmail', 'late@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: 'late@example.com', verificationCode: '123456' });
  });

  it('asks for a valid code when the answer has no verified flag', async () => {
    mockFetch(() => ({ body: { message: 'hm' } }));
    renderRoutes(routes, '/digitCodeVerification');

    enter('999999');

    expect((await screen.findByRole('alert')).textContent).toBe(MSG.provideValidCode);
  });

  it('Resend code asks the server to mail the sign-up code again and waits as long as it says', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storage.set('verifyFor', 'login');
    const calls = mockFetch(() => ({
      body: {
        message: 'We sent your code again to sam@example.com. It is the same 6-digit code.',
        email: 'sam@example.com',
        sent: true,
        resendAfterSeconds: 60,
      },
    }));
    renderRoutes(routes, '/digitCodeVerification');

    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));

    // The status line is on the page from the start, empty: wait for its text.
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('We sent your code again'));
    expect(calls[0]).toMatchObject({
      url: '/api/users/ResendVerificationCode',
      method: 'POST',
      body: { email: 'sam@example.com' },
    });
    const waiting = screen.getByRole('button', { name: /Resend code in \d+ s/ }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    expect(waiting.textContent).toBe('Resend code in 60 s');
    await act(async () => {
      vi.advanceTimersByTime(20_000);
    });
    expect(waiting.textContent).toBe('Resend code in 40 s');
    await act(async () => {
      vi.advanceTimersByTime(41_000);
    });
    expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(false);
    vi.useRealTimers();
  });

  it('Resend code on a reset asks for the reset code again (resetPasswordRequest), then waits a minute', async () => {
    storage.set('verifyFor', 'reset');
    const calls = mockFetch(() => ({ body: true }));
    renderRoutes(routes, '/digitCodeVerification');

    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));

    // The status line is on the page from the start, empty: wait for its text.
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('at most once a minute'));
    expect(calls[0]).toMatchObject({
      url: '/api/users/resetPasswordRequest',
      body: { email: 'sam@example.com' },
    });
    // A minute from the answer; a busy machine may take a second or more to get here on the real clock.
    const waiting = screen.getByRole('button', { name: /Resend code in \d+ s/ });
    const seconds = Number(/in (\d+) s/.exec(waiting.textContent ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
  });

  it('says why when the server cannot resend', async () => {
    storage.set('verifyFor', 'login');
    mockFetch(() => ({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        code: 'CONFLICT',
        message: 'This e-mail address is already verified. Please log in.',
      },
    }));
    renderRoutes(routes, '/digitCodeVerification');

    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This e-mail address is already verified. Please log in.',
    );
    expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
