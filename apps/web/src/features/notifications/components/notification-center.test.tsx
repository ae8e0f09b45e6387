import { NOTIFICATIONS_PAGE_SIZE, type Notification } from '@skillwise/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, pathOf, queryOf, renderRoutes } from '@/test/render';
import { NotificationCenter } from './notification-center';

const NOTIFICATIONS: Notification[] = [
  {
    notification_Id: 3,
    kind: 'lesson_published',
    title: 'New lesson in "Knots"',
    body: '"Bowline" is ready to study.',
    link: '/students/takeCourse?id=4',
    read: false,
    created_date: '2026-03-04T10:00:00.000Z',
    read_date: null,
  },
  {
    notification_Id: 2,
    kind: 'purchased',
    title: 'Receipt for "Knots"',
    body: '$19.99 USD, order 7, Mar 3, 2026, 9:00 AM UTC.',
    link: '/students/takeCourse?id=4',
    read: true,
    created_date: '2026-03-03T09:00:00.000Z',
    read_date: '2026-03-03T10:00:00.000Z',
  },
];

/** A server holding `rows`: lists, counts, marks read and keeps the e-mail switch. */
const server = (rows: Notification[]) => {
  const state = { rows: rows.map((r) => ({ ...r })), email: true };
  const calls = mockFetch((call: FetchCall) => {
    const path = pathOf(call);
    if (path.endsWith('GetMyNotifications')) return { body: state.rows, total: state.rows.length };
    if (path.endsWith('GetUnreadCount'))
      return { body: { unread: state.rows.filter((r) => !r.read).length } };
    if (path.endsWith('MarkRead')) {
      const body = call.body as { ids?: number[]; all?: boolean };
      let marked = 0;
      for (const row of state.rows) {
        if (!row.read && (body.all || body.ids?.includes(row.notification_Id))) {
          row.read = true;
          marked += 1;
        }
      }
      return { body: { marked, unread: state.rows.filter((r) => !r.read).length } };
    }
    if (path.endsWith('GetPreferences')) return { body: { email_notifications: state.email } };
    if (path.endsWith('SavePreferences')) {
      state.email = (call.body as { email_notifications: boolean }).email_notifications;
      return { body: { email_notifications: state.email } };
    }
    return { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'no' } };
  });
  return { calls, state };
};

const renderCenter = () =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <NotificationCenter
            title="My Notification"
            emptyHint="Nothing has happened yet."
            emailHint="Receipts are always e-mailed."
          />
        ),
      },
      { path: '/students/takeCourse', element: <h1>Course</h1> },
    ],
    '/',
  );

beforeEach(() => storage.set('authToken', 'token'));

describe('My Notification', () => {
  it('shows a graded quiz and an opened section, each leading to its lesson or course', async () => {
    server([
      {
        notification_Id: 5,
        kind: 'quiz_graded',
        title: 'Your quiz "Tide check" was graded',
        body: 'Demo Academy graded your answers in "Tides": 4 of 5 points (80%). You passed.',
        link: '/students/takeCourse?id=4&lesson=9',
        read: false,
        created_date: '2026-03-05T10:00:00.000Z',
        read_date: null,
      },
      {
        notification_Id: 4,
        kind: 'section_opened',
        title: 'A new part of "Tides" is open',
        body: '"Neap tides" is ready to study.',
        link: '/students/takeCourse?id=4',
        read: false,
        created_date: '2026-03-05T09:00:00.000Z',
        read_date: null,
      },
    ]);
    renderCenter();
    const graded = await screen.findByRole('link', { name: 'Unread: Your quiz "Tide check" was graded' });
    expect(graded.getAttribute('href')).toBe('/students/takeCourse?id=4&lesson=9');
    expect(screen.getByText(/4 of 5 points \(80%\)\. You passed\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Unread: A new part of "Tides" is open' })).toBeTruthy();
  });

  it('lists the notifications newest first, the unread one marked, each leading to its course', async () => {
    const { calls } = server(NOTIFICATIONS);
    renderCenter();
    expect(screen.getByRole('heading', { level: 1, name: 'My Notification' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-unread'))).toEqual(['true', null]);
    expect(
      within(items[0] as HTMLElement).getByRole('link', { name: 'Unread: New lesson in "Knots"' }),
    ).toBeTruthy();
    expect(await screen.findByText('1 unread')).toBeTruthy();
    const listCall = calls.find((c) => pathOf(c).endsWith('GetMyNotifications'));
    expect(queryOf(listCall).toString()).toBe(`page=1&pageSize=${NOTIFICATIONS_PAGE_SIZE}`);
    expect(listCall?.headers.Authorization).toBe('Bearer token');
  });

  it('"Mark all as read" marks them all and clears the unread count', async () => {
    const { calls } = server(NOTIFICATIONS);
    renderCenter();
    const button = await screen.findByRole('button', { name: 'Mark all as read' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('You are all caught up.')).toBeTruthy();
    const mark = calls.find((c) => pathOf(c).endsWith('MarkRead'));
    expect(mark).toMatchObject({ method: 'PUT', body: { all: true } });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Notifications' }))
          .getAllByRole('listitem')
          .every((item) => item.getAttribute('data-unread') === null),
      ).toBe(true),
    );
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('opening a notification marks it read', async () => {
    const { calls, state } = server(NOTIFICATIONS);
    renderCenter();
    fireEvent.click(await screen.findByRole('link', { name: 'Unread: New lesson in "Knots"' }));
    expect(await screen.findByRole('heading', { name: 'Course' })).toBeTruthy();
    await waitFor(() => expect(state.rows[0]?.read).toBe(true));
    expect(calls.find((c) => pathOf(c).endsWith('MarkRead'))?.body).toEqual({ ids: [3] });
  });

  it('the e-mail switch saves the setting', async () => {
    const { calls, state } = server(NOTIFICATIONS);
    renderCenter();
    const toggle = await screen.findByRole('switch', { name: 'E-mail me my notifications' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(state.email).toBe(false);
    expect(calls.find((c) => pathOf(c).endsWith('SavePreferences'))).toMatchObject({
      method: 'PUT',
      body: { email_notifications: false },
    });
  });

  it('says honestly that there are none yet', async () => {
    server([]);
    renderCenter();
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.getByText('Nothing has happened yet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
