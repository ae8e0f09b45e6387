import { fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { mockFetch, renderRoutes } from '@/test/render';
import { LoginForm } from './login-form';

const { adopt } = vi.hoisted(() => ({ adopt: vi.fn(async () => undefined) }));
vi.mock('@/lib/i18n/profile-language', () => ({ adoptProfileLanguage: adopt }));

const routes = [
  { path: '/login', element: <LoginForm /> },
  { path: '/students', element: <p>Student area</p> },
];

afterEach(() => {
  vi.unstubAllGlobals();
  adopt.mockClear();
});

const logIn = () => {
  fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'sam@school.test' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
};

test('a login hands on the person’s language, when the answer names one, before the next screen', async () => {
  mockFetch(() => ({
    body: { token: 'tok', user: { org_Id: null, user_id: 3, verified: true, role_id: 3, language: 'es' } },
  }));
  renderRoutes(routes, '/login');
  logIn();
  expect(await screen.findByText('Student area')).toBeTruthy();
  expect(adopt).toHaveBeenCalledWith('es');
});

test('a login answer without a language hands on none', async () => {
  mockFetch(() => ({
    body: { token: 'tok', user: { org_Id: null, user_id: 3, verified: true, role_id: 3 } },
  }));
  renderRoutes(routes, '/login');
  logIn();
  expect(await screen.findByText('Student area')).toBeTruthy();
  expect(adopt).toHaveBeenCalledWith(undefined);
});
