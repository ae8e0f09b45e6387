import { TEAM_MSG, type TeamRole } from '@skillwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { storage } from '@/lib/storage';
import { mockFetch, pathOf, renderRoutes, stubWideScreen } from '@/test/render';

/** The admin as a member of the school's team with `role` sees it (docs/decisions/039). */
const serveAs = (role: TeamRole | null) =>
  mockFetch((call) => {
    if (pathOf(call) === '/api/team/GetMyRole') {
      return role
        ? { body: { org_Id: 1, org_name: 'Sail School', role } }
        : { status: 403, body: { statusCode: 403, error: 'Forbidden', code: 'FORBIDDEN', message: 'No.' } };
    }
    if (pathOf(call) === '/api/organization/GetPayoutAccount') {
      return {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'None.' },
      };
    }
    if (pathOf(call) === '/api/team/GetTeam') {
      return { body: { members: [], invites: [], seats: { plan: 'Growth', limit: 10, used: 1 } } };
    }
    return { body: [] };
  });

const sidebar = () => within(screen.getByRole('complementary', { name: 'Admin' }));
const main = () => within(screen.getByRole('main'));
const ENTRIES = [
  'My Course',
  'Create New Course',
  'Category',
  'Authors',
  'My Students',
  'Grading',
  'Settings',
];

beforeEach(() => {
  stubWideScreen();
  storage.set('authToken', 'token');
  storage.set('userEmail', 'ines@example.com');
  storage.set('currentUserRole', 1);
  storage.set('orgId', 1);
  storage.set('userId', 3);
});
afterEach(() => vi.unstubAllGlobals());

describe('the admin as an instructor sees it', () => {
  it('leaves out the sidebar entries an instructor cannot use', async () => {
    serveAs('instructor');
    renderRoutes(routes, '/admin/previousCourses');
    await waitFor(() => expect(sidebar().queryByRole('link', { name: 'Sales' })).toBeNull());
    for (const name of ['Team', 'Plan & billing']) {
      expect(sidebar().queryByRole('link', { name })).toBeNull();
    }
    for (const name of ENTRIES) expect(sidebar().getByRole('link', { name })).toBeTruthy();
  });

  it.each(['/admin/team', '/admin?section=users', '/admin/billing', '/admin/emailStudents'])(
    'a direct visit to %s says the role does not allow it',
    async (address) => {
      serveAs('instructor');
      renderRoutes(routes, address);
      expect(await screen.findByText(TEAM_MSG.notYourRole)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to My Course' })).toBeTruthy();
    },
  );

  it('Settings keeps the account and the place on the team, not the school’s settings', async () => {
    serveAs('instructor');
    renderRoutes(routes, '/admin/settings');
    expect(await screen.findByRole('region', { name: 'Your place on the team' })).toBeTruthy();
    expect(main().getByRole('button', { name: 'Leave team' })).toBeTruthy();
    expect(main().queryByRole('region', { name: 'Payouts' })).toBeNull();
    expect(main().queryByRole('region', { name: 'API keys' })).toBeNull();
  });

  it('the categories and authors lists keep adding, not changing or deleting', async () => {
    mockFetch((call) => {
      const path = pathOf(call);
      if (path === '/api/team/GetMyRole')
        return { body: { org_Id: 1, org_name: 'Sail School', role: 'instructor' } };
      if (path === '/api/coursecategory/GetCourseCategoriesByOrgId') {
        return {
          body: [
            {
              category_Id: 4,
              category_name: 'Knots',
              category_description: '',
              courses_count: 0,
              created_date: '2026-11-01T00:00:00.000Z',
            },
          ],
          total: 1,
        };
      }
      return { body: [] };
    });
    renderRoutes(routes, '/admin?section=category');
    expect(await screen.findByText('Knots')).toBeTruthy();
    await waitFor(() => expect(sidebar().queryByRole('link', { name: 'Sales' })).toBeNull());
    expect(main().queryByRole('button', { name: 'Edit Knots' })).toBeNull();
    expect(main().queryByRole('button', { name: 'Delete Knots' })).toBeNull();
  });

  it('My Students has no Add Students nor Email Students', async () => {
    serveAs('instructor');
    renderRoutes(routes, '/admin/myStudents');
    await screen.findByRole('heading', { name: 'My Students', level: 1 });
    await waitFor(() => expect(main().queryByRole('link', { name: 'Email Students' })).toBeNull());
    expect(main().queryByRole('button', { name: 'Add Students' })).toBeNull();
  });
});

describe('the admin as an admin sees it', () => {
  it('has the team and sales, but not choosing a plan nor the payout accounts', async () => {
    const calls = serveAs('admin');
    renderRoutes(routes, '/admin/settings');
    await waitFor(() => expect(sidebar().getByRole('link', { name: 'Team' })).toBeTruthy());
    expect(sidebar().getByRole('link', { name: 'Sales' })).toBeTruthy();
    expect(await main().findByRole('region', { name: 'API keys' })).toBeTruthy();
    expect(main().queryByRole('region', { name: 'Payouts' })).toBeNull();
    expect(calls.some((c) => pathOf(c) === '/api/organization/GetPayoutAccount')).toBe(false);
  });

  it('a direct visit to the plans says the role does not allow it', async () => {
    serveAs('admin');
    renderRoutes(routes, '/admin/subscription');
    expect(await screen.findByText(TEAM_MSG.notYourRole)).toBeTruthy();
  });
});

describe('the admin as an owner sees it', () => {
  it('has every entry, the Team screen and the payout accounts', async () => {
    serveAs('owner');
    renderRoutes(routes, '/admin/team');
    expect(await screen.findByRole('heading', { name: 'Team', level: 1 })).toBeTruthy();
    for (const name of [...ENTRIES, 'Sales', 'Team', 'Plan & billing']) {
      expect(sidebar().getByRole('link', { name })).toBeTruthy();
    }
    expect(sidebar().getByRole('link', { name: 'Team' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the owner’s Settings as ever, payouts included', async () => {
    const calls = serveAs('owner');
    renderRoutes(routes, '/admin/settings');
    expect(await main().findByRole('region', { name: 'API keys' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => pathOf(c) === '/api/organization/GetPayoutAccount')).toBe(true),
    );
  });
});
