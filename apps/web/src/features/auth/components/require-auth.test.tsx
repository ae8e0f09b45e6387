import { MSG } from '@skillwise/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { renderRoutes } from '@/test/render';
import { RequireAuth } from './require-auth';

const routes = [
  {
    path: '/students/*',
    element: (
      <RequireAuth area="student">
        <p>Student area</p>
      </RequireAuth>
    ),
  },
  {
    path: '/admin/*',
    element: (
      <RequireAuth area="staff">
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

  it('keeps the link asked for, so logging in leads back to it', async () => {
    vi.spyOn(notify, 'error');
    const { router } = renderRoutes(routes, '/students/takeCourse?id=4');

    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.search).toBe('?next=%2Fstudents%2FtakeCourse%3Fid%3D4');
  });

  it('sends a student who opens the admin area to /students with a notice', async () => {
    storage.set('authToken', 'token-123');
    storage.set('currentUserRole', 3);
    const toast = vi.spyOn(notify, 'info');
    const { router } = renderRoutes(routes, '/admin/adminCourseDetails');

    expect(await screen.findByText('Student area')).toBeTruthy();
    expect(screen.queryByText('Admin area')).toBeNull();
    expect(router.state.location.pathname).toBe('/students');
    expect(toast).toHaveBeenCalledWith(
      'This area is for publishers. You are signed in as a student.',
      expect.anything(),
    );
  });

  it('sends a publisher who opens the student area to /admin with a notice', async () => {
    storage.set('authToken', 'token-123');
    storage.set('currentUserRole', 1);
    const toast = vi.spyOn(notify, 'info');
    const { router } = renderRoutes(routes, '/students/myCourses');

    expect(await screen.findByText('Admin area')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
    expect(toast).toHaveBeenCalledWith(
      'This area is for students. You are signed in as a publisher.',
      expect.anything(),
    );
  });
});
