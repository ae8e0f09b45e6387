import {
  AUDIT_ACTION_LABELS,
  type AuditEvent,
  PAGE_SIZES,
  TEAM_MSG,
  TEAM_ROLE_DESCRIPTIONS,
  type Team,
  type TeamRole,
} from '@skillwise/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TeamScreen } from '@/app/routes/admin/team-screen';
import { storage } from '@/lib/storage';
import { courseItem } from '@/test/fixtures';
import {
  type FetchCall,
  mockFetch,
  pageAnswer,
  pathOf,
  queryOf,
  renderRoutes,
  stubWideScreen,
} from '@/test/render';

const team = (): Team => ({
  members: [
    {
      user_Id: 1,
      full_name: 'Olga Owner',
      email: 'olga@example.com',
      role: 'owner',
      last_login_at: '2026-11-28T10:00:00.000Z',
      course_Ids: [],
    },
    {
      user_Id: 2,
      full_name: 'Adam Admin',
      email: 'adam@example.com',
      role: 'admin',
      last_login_at: null,
      course_Ids: [],
    },
    {
      user_Id: 3,
      full_name: 'Ines Instructor',
      email: 'ines@example.com',
      role: 'instructor',
      last_login_at: null,
      course_Ids: [11],
    },
  ],
  invites: [
    {
      invite_Id: 9,
      email: 'nina@example.com',
      role: 'instructor',
      invited_by: 'Olga Owner',
      expires_at: '2026-12-06T10:00:00.000Z',
      created_at: '2026-11-29T10:00:00.000Z',
    },
  ],
  seats: { plan: 'Growth', limit: 10, used: 4 },
});

const EVENTS: AuditEvent[] = Array.from({ length: 23 }, (_, index) => ({
  id: 100 - index,
  action: index === 0 ? 'member.invited' : 'course.published',
  actor_name: 'Olga Owner',
  actor_email: 'olga@example.com',
  subject: index === 0 ? 'nina@example.com' : `Course ${index}`,
  detail: {},
  created_at: '2026-11-29T10:00:00.000Z',
}));

type Answers = Partial<
  Record<string, (call: FetchCall) => { status?: number; body?: unknown; total?: number }>
>;

/** The team's calls as the server answers them, `viewer` signed in (user 1 an owner, 2 an admin). */
const serve = (viewer: TeamRole, answers: Answers = {}) =>
  mockFetch((call) => {
    const path = pathOf(call).replace('/api/', '');
    const own = answers[path];
    if (own) return own(call);
    if (path === 'team/GetMyRole') return { body: { org_Id: 5, org_name: 'Sail School', role: viewer } };
    if (path === 'team/GetTeam') return { body: team() };
    if (path === 'team/GetAuditLog') return pageAnswer(call, EVENTS, (e) => [e.subject, e.actor_name ?? '']);
    if (path === 'courses/GetCoursesbyOrgId') {
      return {
        body: [courseItem(11, { course_title: 'Knots' }), courseItem(12, { course_title: 'Sails' })],
        total: 2,
      };
    }
    return { body: {} };
  });

const render = () => renderRoutes([{ path: '/', element: <TeamScreen /> }], '/');
const members = () => screen.getByRole('table', { name: 'Team members' });

beforeEach(() => {
  stubWideScreen();
  storage.set('authToken', 'token');
  storage.set('orgId', 5);
});
afterEach(() => vi.unstubAllGlobals());

describe('the Team screen', () => {
  it('shows the seats with the plan, the members with their roles and last login, and who is you', async () => {
    storage.set('userId', 1);
    serve('owner');
    render();
    expect(await screen.findByText('4 of 10')).toBeTruthy();
    expect(screen.getByText(/seats used · Growth plan/)).toBeTruthy();
    const table = within(members());
    expect(table.getByText('Olga Owner')).toBeTruthy();
    expect(table.getByText('(you)')).toBeTruthy();
    expect(table.getByText('ines@example.com')).toBeTruthy();
    expect(table.getAllByText('Never')).toHaveLength(2);
    // An owner gives any role, an owner included; its own row has no select (hand over or leave instead).
    const select = table.getByRole('combobox', { name: 'Role of Ines Instructor' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['owner', 'admin', 'instructor']);
    expect(select.value).toBe('instructor');
    expect(table.queryByRole('combobox', { name: 'Role of Olga Owner' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Hand over ownership' })).toBeTruthy();
    // The only owner does not leave.
    expect(screen.queryByRole('button', { name: 'Leave team' })).toBeNull();
  });

  it('an admin is not offered the owner role, nor to change or remove an owner, and may leave', async () => {
    storage.set('userId', 2);
    serve('admin');
    render();
    const select = (await screen.findByRole('combobox', {
      name: 'Role of Ines Instructor',
    })) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['admin', 'instructor']);
    expect(screen.queryByRole('combobox', { name: 'Role of Olga Owner' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Olga Owner' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Ines Instructor' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Owner/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hand over ownership' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave team' })).toBeTruthy();
  });

  it('changes a role, and removes a member once confirmed', async () => {
    storage.set('userId', 1);
    const calls = serve('owner');
    render();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Role of Adam Admin' }), {
      target: { value: 'instructor' },
    });
    await waitFor(() =>
      expect(calls.find((c) => pathOf(c) === '/api/team/ChangeMemberRole')?.body).toEqual({
        user_Id: 2,
        role: 'instructor',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ines Instructor' }));
    expect(await screen.findByText(/leaves your school’s team at once/)).toBeTruthy();
    expect(calls.some((c) => pathOf(c) === '/api/team/RemoveMember')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.find((c) => pathOf(c) === '/api/team/RemoveMember')?.body).toEqual({ user_Id: 3 }),
    );
  });

  it('gives an instructor courses from the school’s checklist, the whole list at once', async () => {
    storage.set('userId', 1);
    const calls = serve('owner');
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Courses of Ines Instructor' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ines Instructor’s courses' }));
    const knots = (await dialog.findByRole('checkbox', { name: 'Knots' })) as HTMLInputElement;
    expect(knots.checked).toBe(true);
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Sails' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save courses' }));
    await waitFor(() =>
      expect(calls.find((c) => pathOf(c) === '/api/team/SetInstructorCourses')?.body).toEqual({
        user_Id: 3,
        course_Ids: [11, 12],
      }),
    );
  });

  it('invites with a role explained, and shows the server’s word when no seat is free', async () => {
    storage.set('userId', 1);
    const full = TEAM_MSG.seatsFull('Growth', 10);
    const calls = serve('owner', {
      'team/InviteMember': () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', code: 'CONFLICT', message: full },
      }),
    });
    render();
    expect(await screen.findByText(TEAM_ROLE_DESCRIPTIONS.admin)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter the e-mail address to invite.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'sam@example.com' } });
    fireEvent.click(screen.getByRole('radio', { name: /^Admin/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(full)).toBeTruthy();
    expect(calls.find((c) => pathOf(c) === '/api/team/InviteMember')?.body).toEqual({
      email: 'sam@example.com',
      role: 'admin',
    });
  });

  it('lists the pending invitations and revokes one once confirmed', async () => {
    storage.set('userId', 1);
    const calls = serve('owner');
    render();
    const invite = await screen.findByRole('button', { name: 'Revoke the invitation of nina@example.com' });
    expect(screen.getByText(/Invited by Olga Owner/)).toBeTruthy();
    fireEvent.click(invite);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(calls.find((c) => pathOf(c) === '/api/team/RevokeInvite')?.body).toEqual({ invite_Id: 9 }),
    );
  });

  it('hands ownership over with the password, after a confirmation', async () => {
    storage.set('userId', 1);
    const calls = serve('owner');
    render();
    fireEvent.change(await screen.findByLabelText('New owner'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'secret pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hand over ownership' }));
    expect(await screen.findByText(/Adam Admin becomes an owner/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    await waitFor(() =>
      expect(calls.find((c) => pathOf(c) === '/api/team/TransferOwnership')?.body).toEqual({
        user_Id: 2,
        password: 'secret pass',
      }),
    );
  });

  it('pages and searches the audit log, each action in words', async () => {
    storage.set('userId', 1);
    const calls = serve('owner');
    render();
    const log = within(await screen.findByRole('region', { name: 'Audit log' }));
    expect(await log.findByText(AUDIT_ACTION_LABELS['member.invited'])).toBeTruthy();
    expect(log.getAllByText(AUDIT_ACTION_LABELS['course.published'])).toHaveLength(PAGE_SIZES.auditLog - 1);
    const first = calls.find((c) => pathOf(c) === '/api/team/GetAuditLog');
    expect(queryOf(first).get('pageSize')).toBe(String(PAGE_SIZES.auditLog));
    fireEvent.change(log.getByRole('searchbox', { name: 'Search the audit log' }), {
      target: { value: 'nina' },
    });
    await waitFor(() => expect(log.queryByText('Course 1')).toBeNull());
    expect(log.getByText('nina@example.com')).toBeTruthy();
    expect(queryOf(calls.filter((c) => pathOf(c) === '/api/team/GetAuditLog').at(-1)).get('search')).toBe(
      'nina',
    );
  });

  it('an instructor reads the server’s refusal', async () => {
    serve('instructor', {
      'team/GetTeam': () => ({
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', code: 'FORBIDDEN', message: TEAM_MSG.notYourRole },
      }),
    });
    render();
    expect(await screen.findByText(TEAM_MSG.notYourRole)).toBeTruthy();
  });
});
