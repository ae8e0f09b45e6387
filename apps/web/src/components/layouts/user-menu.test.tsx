import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { StudentHeader } from './student-header';

const renderHeader = (name?: string) => {
  const onLogout = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '/students/*',
        element: (
          <StudentHeader
            email="robin@example.com"
            {...(name ? { name } : {})}
            onLogout={onLogout}
            bell={<a href="/notifications">Notifications</a>}
          />
        ),
      },
    ],
    '/students/courses',
  );
  return { ...view, onLogout };
};

describe('the user menu (SPEC §2.12)', () => {
  it('shows the name and e-mail and leads Account Settings to the settings page', async () => {
    const { router } = renderHeader('Robin Reader');
    const trigger = screen.getByRole('button', { name: /^Account menu/ });
    expect(trigger.textContent).toContain('Robin Reader');
    fireEvent.click(trigger);
    expect(screen.getAllByText('robin@example.com').length).toBeGreaterThan(0);
    const items = ['Upgrade Plan', 'Daily Activity', 'Inbox'];
    for (const item of items) expect(screen.getByRole('button', { name: item })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Account Settings' }));
    expect(router.state.location.pathname).toBe('/students/settings');
    // Choosing an entry closes the menu.
    expect(screen.queryByRole('link', { name: 'Account Settings' })).toBeNull();
  });

  it('the mobile menu has the same entries, Account Settings among them', async () => {
    const { router } = renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByText('robin@example.com')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('link', { name: 'Account Settings' }));
    expect(router.state.location.pathname).toBe('/students/settings');
  });

  it('closes on Escape with focus back on its button, and when focus or a click goes elsewhere', () => {
    renderHeader('Robin Reader');
    const trigger = screen.getByRole('button', { name: /^Account menu/ });
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const settings = screen.getByRole('link', { name: 'Account Settings' });
    act(() => settings.focus());
    fireEvent.keyDown(settings, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'Account Settings' })).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);

    fireEvent.click(trigger);
    act(() => screen.getByRole('button', { name: 'Open menu' }).focus());
    expect(screen.queryByRole('link', { name: 'Account Settings' })).toBeNull();

    fireEvent.click(trigger);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('link', { name: 'Account Settings' })).toBeNull();
  });

  it('Log Out calls the logout', () => {
    const { onLogout } = renderHeader('Robin Reader');
    fireEvent.click(screen.getByRole('button', { name: /^Account menu/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
