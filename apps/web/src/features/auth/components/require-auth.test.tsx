import { MSG } from '@skillwise/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { renderRoutes } from '@/test/render';
import { RequireAuth } from './require-auth';

const routes = [
  {
    path: '/students',
    element: (
      <RequireAuth>
        <p>Student area</p>
      </RequireAuth>
    ),
  },
  {
    path: '/admin/*',
    element: (
      <RequireAuth>
        <p>Admin area</p>
      </RequireAuth>
    ),
  },
  { path: '/login', element: <p>Login page</p> },
];

afterEach(() => vi.restoreAllMocks());

describe('RequireAuth (SPEC §2.12, §2.13)', () => {
  it.each(['/students', '/admin/subscription'])(
    'sends %s to /login with a notice when no token is stored',
    async (path) => {
      const toast = vi.spyOn(notify, 'error');
      const { router } = renderRoutes(routes, path);

      expect(await screen.findByText('Login page')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
      expect(toast).toHaveBeenCalledWith(MSG.noToken, expect.anything());
    },
  );

  it('lets a visitor with a stored token in', async () => {
    storage.set('authToken', 'token-123');
    const toast = vi.spyOn(notify, 'error');
    renderRoutes(routes, '/students');

    expect(await screen.findByText('Student area')).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
  });
});
