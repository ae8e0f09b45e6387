import { MSG, type MyProfile, WRONG_CURRENT_PASSWORD_MESSAGE } from '@skillwise/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { LOCALE_KEY } from '@/lib/i18n/locale';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, pathOf, renderRoutes } from '@/test/render';
import { AccountSettings } from './account-settings';
import { ProfileOverview } from './profile-overview';

const ME: MyProfile = {
  user_id: 7,
  email: 'robin@example.com',
  fullName: 'Robin Reader',
  role_id: 3,
  org_Id: null,
  verified: true,
  is_active: true,
  created_date: '2026-03-04T10:00:00.000Z',
  can_edit: true,
  courses: 3,
  completedCourses: 1,
  language: null,
};

const routes = [
  { path: '/students/settings', element: <AccountSettings /> },
  { path: '/students/profile', element: <ProfileOverview settingsPath="/students/settings" /> },
];

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Pastes a code into the code input's boxes, as a student copying it from the e-mail. */
const pasteCode = (code: string) =>
  fireEvent.paste(screen.getByLabelText('Digit 1 of 6'), { clipboardData: { getData: () => code } });

const calls = (all: FetchCall[], path: string) => all.filter((c) => pathOf(c) === `/api/${path}`);

/** The server: the profile, and `answer` for everything else. */
const server = (answer: (call: FetchCall) => { status?: number; body?: unknown } = () => ({ body: {} })) =>
  mockFetch((call) => (pathOf(call) === '/api/users/GetMyProfile' ? { body: ME } : answer(call)));

beforeEach(() => storage.set('authToken', 'token-1'));
afterEach(() => vi.unstubAllGlobals());

describe('Profile (SPEC §2.12)', () => {
  it('shows the account’s own data and counts, and Edit Profile saves the name', async () => {
    const all = server(() => ({ body: { message: MSG.profileUpdated } }));
    renderRoutes(routes, '/students/profile');

    expect(await screen.findByRole('heading', { name: 'Robin Reader' })).toBeTruthy();
    expect(screen.getByText('robin@example.com')).toBeTruthy();
    expect(screen.getByText('Mar 4, 2026')).toBeTruthy();
    expect(screen.getByText('Verified e-mail')).toBeTruthy();
    expect(screen.getByText('Completed courses').nextSibling?.textContent).toBe('1');
    expect(screen.getByText('Courses').nextSibling?.textContent).toBe('3');
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe(
      '/students/settings',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(dialog).toBeTruthy();
    type('Full Name', '  Robin Q. Reader ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(all, 'users/changeUserProfile')).toHaveLength(1));
    expect(calls(all, 'users/changeUserProfile')[0]).toMatchObject({
      method: 'PUT',
      body: { email: 'robin@example.com', fullName: 'Robin Q. Reader' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The profile is read again after the save.
    expect(calls(all, 'users/GetMyProfile').length).toBeGreaterThan(1);
  });

  it('refuses a blank name without calling the server', async () => {
    const all = server();
    renderRoutes(routes, '/students/settings');
    await screen.findByDisplayValue('Robin Reader');
    type('Full Name', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Full Name is required.');
    expect(calls(all, 'users/changeUserProfile')).toHaveLength(0);
  });
});

describe('Edit Profile: a refused name', () => {
  it('says the server’s reason once, beside the name, and clears it when the name is edited', async () => {
    server(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_ERROR',
        message: 'fullName: must be one line of plain text',
        details: [{ field: 'fullName', message: 'must be one line of plain text' }],
      },
    }));
    renderRoutes(routes, '/students/settings');
    await screen.findByDisplayValue('Robin Reader');
    type('Full Name', 'Robin Reader the Second');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findAllByText(/one line of plain text/i)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true');
    type('Full Name', 'Robin Reader II');
    expect(screen.queryByText(/one line of plain text/i)).toBeNull();
  });
});

describe('Account Settings: Change Password', () => {
  const fillNew = (password: string, confirm = password) => {
    type('New Password', password);
    type('Confirm New Password', confirm);
  };

  it('changes it with the current password and says the other sessions ended', async () => {
    const all = server(() => ({ body: { message: 'Your password has been changed.' } }));
    renderRoutes(routes, '/students/settings');
    await screen.findByDisplayValue('Robin Reader');

    type('Current Password', 'old password');
    fillNew('new password 1');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText(/your other devices and browsers were signed out/)).toBeTruthy();
    expect(calls(all, 'users/ChangeMyPassword')[0]).toMatchObject({
      method: 'PUT',
      body: { currentPassword: 'old password', newPassword: 'new password 1' },
    });
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
  });

  it('checks the new password before sending anything', async () => {
    const all = server();
    renderRoutes(routes, '/students/settings');
    await screen.findByDisplayValue('Robin Reader');
    type('Current Password', 'old password');
    fillNew('new password 1', 'another one');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.passwordsMismatch);
    fillNew('short');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'New Password must be at least 8 characters.',
    );
    expect(calls(all, 'users/ChangeMyPassword')).toHaveLength(0);
  });

  it('a wrong current password is told at its field and the student stays signed in', async () => {
    server(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'WRONG_PASSWORD',
        message: WRONG_CURRENT_PASSWORD_MESSAGE,
        details: [{ field: 'currentPassword', message: 'is not your current password' }],
      },
    }));
    renderRoutes(routes, '/students/settings');
    await screen.findByDisplayValue('Robin Reader');
    type('Current Password', 'not it');
    fillNew('new password 1');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(WRONG_CURRENT_PASSWORD_MESSAGE)).toBeTruthy();
    expect(screen.getByLabelText('Current Password').getAttribute('aria-invalid')).toBe('true');
    expect(storage.get('authToken')).toBe('token-1');
  });

  it('shows a rate limit’s message', async () => {
    server(() => ({
      status: 429,
      body: {
        statusCode: 429,
        error: 'Too Many Requests',
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please try again in 15 minutes.',
      },
    }));
    renderRoutes(routes, '/students/settings');
    await screen.findByDisplayValue('Robin Reader');
    type('Current Password', 'guess');
    fillNew('new password 1');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please try again in 15 minutes.',
    );
  });

  it('a student who forgot it gets a code by e-mail and changes it with the code', async () => {
    const all = server((call) =>
      pathOf(call) === '/api/users/RequestMyPasswordCode'
        ? {
            body: {
              message: 'We sent a 6-digit code to robin@example.com. It expires in 15 minutes.',
              email: 'robin@example.com',
            },
          }
        : { body: { message: 'Your password has been changed.' } },
    );
    renderRoutes(routes, '/students/settings');
    await screen.findByDisplayValue('Robin Reader');

    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a code' }));
    expect((await screen.findByText(/We sent a 6-digit code to/)).textContent).toContain('robin@example.com');
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    expect(calls(all, 'users/RequestMyPasswordCode')[0]?.method).toBe('POST');

    expect(screen.getByRole('group', { name: 'Code from the e-mail' })).toBeTruthy();
    pasteCode('12345');
    fillNew('new password 1');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.enterSixDigits);

    pasteCode('012345');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(calls(all, 'users/ChangeMyPassword')).toHaveLength(1));
    expect(calls(all, 'users/ChangeMyPassword')[0]?.body).toEqual({
      VerificationCode: '012345',
      newPassword: 'new password 1',
    });
    // Done: back to the current-password form.
    expect(await screen.findByLabelText('Current Password')).toBeTruthy();
  });
});

describe('Account Settings: the language', () => {
  afterEach(async () => {
    await setLocale('en');
    localStorage.removeItem(LOCALE_KEY);
  });

  it('switches the screen to the chosen language and saves it to the profile', async () => {
    const all = server((call) =>
      pathOf(call) === '/api/users/SetMyLanguage' ? { body: { language: 'es' } } : { body: {} },
    );
    renderRoutes(routes, '/students/settings');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Language' }), { target: { value: 'es' } });
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    await waitFor(() => expect(calls(all, 'users/SetMyLanguage')).toHaveLength(1));
    expect(calls(all, 'users/SetMyLanguage')[0]?.body).toEqual({ language: 'es' });
    expect(localStorage.getItem(LOCALE_KEY)).toBe('es');
  });
});
