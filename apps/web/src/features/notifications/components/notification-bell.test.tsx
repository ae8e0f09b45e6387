import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, pathOf, renderRoutes } from '@/test/render';
import { NotificationBell } from './notification-bell';

const Layout = () => (
  <>
    <NotificationBell to="/notifications" />
    <Link to="/other">Other</Link>
    <Link to="/">Home</Link>
    <Outlet />
  </>
);

beforeEach(() => storage.set('authToken', 'token'));

describe('the notifications bell', () => {
  it('shows the unread count, asks once per load (not per render) and again on navigation', async () => {
    let unread = 3;
    const calls = mockFetch(() => ({ body: { unread } }));
    const countCalls = () => calls.filter((c) => pathOf(c) === '/api/notifications/GetUnreadCount').length;
    renderRoutes(
      [
        {
          path: '/',
          element: <Layout />,
          children: [
            { index: true, element: <p>Home page</p> },
            { path: 'other', element: <p>Other page</p> },
          ],
        },
      ],
      '/',
    );
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(screen.getByTestId('unread-badge').textContent).toBe('3');
    // Renders (a move right after the answer) ask nothing more.
    fireEvent.click(screen.getByRole('link', { name: 'Other' }));
    await screen.findByText('Other page');
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    await screen.findByText('Home page');
    expect(countCalls()).toBe(1);

    // Moving to another screen asks again once the answer is a few seconds old.
    unread = 0;
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 6_000);
    fireEvent.click(screen.getByRole('link', { name: 'Other' }));
    await screen.findByText('Other page');
    await waitFor(() => expect(countCalls()).toBe(2));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    vi.restoreAllMocks();
  });
});
