import { MSG } from '@skillwise/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, renderRoutes } from '@/test/render';
import { RegisterForm } from './register-form';
import { RegisterOrgForm } from './register-org-form';

const routes = [
  { path: '/register', element: <RegisterForm /> },
  { path: '/registerOrg', element: <RegisterOrgForm /> },
  { path: '/digitCodeVerification', element: <p>Code screen</p> },
];

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe('student sign-up (SPEC §2.8)', () => {
  const fill = (confirm: string) => {
    type('Full Name', 'Sam Lee');
    type('Email Address', 'sam@example.com');
    type('Password', 'long enough');
    type('Confirm Password', confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
  };

  it('refuses different passwords without calling the server', async () => {
    const calls = mockFetch(() => ({ status: 201, body: {} }));
    renderRoutes(routes, '/register');

    fill('something else');

    expect((await screen.findByRole('alert')).textContent).toBe(MSG.passwordsMismatch);
    expect(calls).toHaveLength(0);
  });

  it('registers an unverified student and goes to code verification', async () => {
    const calls = mockFetch(() => ({ status: 201, body: { message: 'created', user_id: 4, org_Id: null } }));
    renderRoutes(routes, '/register');

    fill('long enough');

    expect(await screen.findByText('Code screen')).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      email: 'sam@example.com',
      password: 'long enough',
      role_id: 3,
      is_active: false,
      VerificationCode: '',
      Verified: false,
      fullName: 'Sam Lee',
      language: 'en',
    });
    expect(storage.get('userEmail')).toBe('sam@example.com');
    expect(storage.get('verifyFor')).toBe('login');
  });

  it("shows the server's message when the e-mail is taken", async () => {
    mockFetch(() => ({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        code: 'EMAIL_TAKEN',
        message: 'This e-mail is already registered.',
      },
    }));
    renderRoutes(routes, '/register');

    fill('long enough');

    expect((await screen.findByRole('alert')).textContent).toBe('This e-mail is already registered.');
  });
});

describe('organisation registration (SPEC §2.9, DESIGN decision 1)', () => {
  it('requires every field but the description', async () => {
    const calls = mockFetch(() => ({ status: 201, body: {} }));
    renderRoutes(routes, '/registerOrg');

    type('Organization Name', 'Acme');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect((await screen.findByRole('alert')).textContent).toBe(MSG.allFieldsRequired);
    expect(calls).toHaveLength(0);
  });

  it('registers a publisher and marks the verification as for login', async () => {
    const calls = mockFetch(() => ({ status: 201, body: { message: 'created', user_id: 2, org_Id: 1 } }));
    renderRoutes(routes, '/registerOrg');

    type('Organization Name', 'Acme Academy');
    type('Organization Web Address', 'https://acme.test');
    type('Email Address', 'owner@acme.test');
    type('Full Name', 'Ada Owner');
    type('Password', 'long enough');
    type('Confirm Password', 'long enough');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Code screen')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      url: '/api/organization/RegisterOrg',
      body: {
        org_Name: 'Acme Academy',
        org_url: 'https://acme.test',
        primary_email: 'owner@acme.test',
        role_id: 1,
        language: 'en',
      },
    });
    expect(storage.get('userType')).toBe('Publisher');
    expect(storage.get('verifyFor')).toBe('login');
  });
});
