import { MSG } from '@skillwise/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, renderRoutes } from '@/test/render';
import { LoginForm } from './login-form';

const routes = [
  { path: '/login', element: <LoginForm /> },
  { path: '/digitCodeVerification', element: <p>Code screen</p> },
  { path: '/students', element: <p>Student area</p> },
  { path: '/admin', element: <p>Admin dashboard</p> },
  { path: '/admin/subscription', element: <p>Plans</p> },
];

const logIn = () => {
  fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: ' owner@school.test ' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
};

afterEach(() => vi.unstubAllGlobals());

describe('LoginForm (SPEC §2.6, §4)', () => {
  it('stores the session and sends an unsubscribed publisher to the plans', async () => {
    const calls = mockFetch(({ url }) =>
      url.endsWith('/users/Login')
        ? { body: { token: 'tok', user: { org_Id: 5, user_id: 9, verified: true, role_id: 1 } } }
        : { body: { org_Id: 5, isSubscribed: false, subscriptionStatus: 'inactive' } },
    );
    renderRoutes(routes, '/login');

    logIn();

    expect(await screen.findByText('Plans')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { username: 'owner@school.test', password: 'correct horse' },
    });
    expect(calls[1]).toMatchObject({
      url: '/api/organization/getOrgById/5',
      headers: { Authorization: 'Bearer tok' },
    });
    expect(storage.get('authToken')).toBe('tok');
    expect(storage.get('orgId')).toBe('5');
    expect(storage.get('userId')).toBe('9');
    expect(storage.get('userEmail')).toBe('owner@school.test');
    expect(storage.get('currentUserRole')).toBe('1');
    expect(storage.get('subscriptionStatus')).toBe('inactive');
  });

  it('sends an unverified user to code verification for login', async () => {
    mockFetch(() => ({
      body: { token: 'tok', user: { org_Id: null, user_id: 3, verified: false, role_id: 3 } },
    }));
    renderRoutes(routes, '/login');

    logIn();

    expect(await screen.findByText('Code screen')).toBeTruthy();
    expect(storage.get('verifyFor')).toBe('login');
  });

  it('shows and stores the failure when the credentials are refused', async () => {
    mockFetch(() => ({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', code: 'INVALID_CREDENTIALS', message: MSG.loginFailed },
    }));
    renderRoutes(routes, '/login');

    logIn();

    expect((await screen.findByRole('alert')).textContent).toBe(MSG.loginFailed);
    expect(storage.get('loginMessage')).toBe(MSG.loginFailed);
    expect(storage.get('authToken')).toBeNull();
  });

  it('treats a success answer without a token as a failed login', async () => {
    mockFetch(() => ({ body: { message: 'ok' } }));
    renderRoutes(routes, '/login');

    logIn();

    expect((await screen.findByRole('alert')).textContent).toBe(MSG.loginFailed);
    expect(storage.get('loginMessage')).toBe(MSG.loginFailed);
  });
});
