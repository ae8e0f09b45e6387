import { type Invitation, TEAM_MSG } from '@skillwise/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, pathOf, queryOf, renderRoutes, stubWideScreen } from '@/test/render';

const TOKEN = 'a'.repeat(43);
const PAGE = `/acceptInvite?token=${TOKEN}`;
const INVITATION: Invitation = {
  school: 'Sail School',
  email: 'ines@example.com',
  role: 'instructor',
  invited_by: 'Olga Owner',
  expires_at: '2026-12-06T10:00:00.000Z',
};

const serve = (
  answer: (call: FetchCall) => { status?: number; body?: unknown } | undefined = () => undefined,
) =>
  mockFetch((call) => {
    const own = answer(call);
    if (own) return own;
    if (pathOf(call) === '/api/team/GetInvitation') {
      return queryOf(call).get('token') === TOKEN
        ? { body: INVITATION }
        : {
            status: 404,
            body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: TEAM_MSG.inviteInvalid },
          };
    }
    return { body: {} };
  });

const signIn = (email: string, role = 3) => {
  storage.set('authToken', 'token');
  storage.set('userEmail', email);
  storage.set('currentUserRole', role);
  storage.set('userId', 33);
};

beforeEach(stubWideScreen);
afterEach(() => vi.unstubAllGlobals());

describe('the invitation page', () => {
  it('an unknown, used or expired link says it is no longer valid', async () => {
    serve();
    renderRoutes(routes, '/acceptInvite?token=nope');
    expect(await screen.findByText(TEAM_MSG.inviteInvalid)).toBeTruthy();
  });

  it('a link without a token says so without asking the server', async () => {
    const calls = serve();
    renderRoutes(routes, '/acceptInvite');
    expect(await screen.findByText(TEAM_MSG.inviteInvalid)).toBeTruthy();
    expect(calls.some((c) => pathOf(c) === '/api/team/GetInvitation')).toBe(false);
  });

  it('a visitor reads the school, role and address, and logs in or signs up coming back here', async () => {
    serve();
    const { router } = renderRoutes(routes, PAGE);
    expect(await screen.findByText('ines@example.com')).toBeTruthy();
    expect(screen.getAllByText('Sail School').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Instructor').length).toBeGreaterThan(0);
    const back = new URLSearchParams({ next: PAGE }).toString();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(`/login?${back}`);
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(`/register?${back}`);
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(router.state.location.search).toBe(`?${back}`);
  });

  it('the invited account accepts, is stored as its school’s member and opens the admin', async () => {
    signIn('Ines@Example.com');
    const calls = serve((call) => {
      if (pathOf(call) === '/api/team/AcceptInvite') {
        return {
          body: {
            org_Id: 5,
            org_name: 'Sail School',
            role: 'instructor',
            message: TEAM_MSG.joined('Sail School'),
          },
        };
      }
      if (pathOf(call) === '/api/organization/getOrgById/5') return { body: { id: 5, isSubscribed: true } };
      return undefined;
    });
    const { router } = renderRoutes(routes, PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept and join the team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(calls.find((c) => pathOf(c) === '/api/team/AcceptInvite')?.body).toEqual({ token: TOKEN });
    expect(storage.get('currentUserRole')).toBe('1');
    expect(storage.get('orgId')).toBe('5');
    expect(storage.get('subscriptionStatus')).toBe('active');
  });

  it('the server’s refusal to accept is shown as it said it', async () => {
    signIn('ines@example.com');
    serve((call) =>
      pathOf(call) === '/api/team/AcceptInvite'
        ? {
            status: 409,
            body: { statusCode: 409, error: 'Conflict', code: 'CONFLICT', message: TEAM_MSG.alreadyOnTeam },
          }
        : undefined,
    );
    renderRoutes(routes, PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept and join the team' }));
    expect(await screen.findByText(TEAM_MSG.alreadyOnTeam)).toBeTruthy();
    expect(storage.get('currentUserRole')).toBe('3');
  });

  it('someone else signed in is told so, and logs out to log in with the invited address', async () => {
    signIn('sam@example.com');
    const calls = serve();
    const { router } = renderRoutes(routes, PAGE);
    expect(await screen.findByText(TEAM_MSG.wrongEmail)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log out and log in as ines@example.com' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(PAGE);
    expect(storage.get('authToken')).toBeNull();
    expect(calls.some((c) => pathOf(c) === '/api/users/Logout')).toBe(true);
  });
});
