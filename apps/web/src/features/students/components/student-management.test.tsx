import { MSG, PAGE_SIZES, type SaleRow, type UserProfile } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StudentManagementPage } from '@/app/routes/my-students';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { assignedCourse } from '@/test/fixtures';
import { mockFetch, pageAnswer, pathOf, queryOf, renderRoutes } from '@/test/render';
import { StudentEnrollments } from './student-enrollments';
import { StudentPurchases } from './student-purchases';

const sale = (order_Id: number): SaleRow => ({
  order_Id,
  date: '2026-03-04T10:00:00.000Z',
  sale_price: 10,
  earnings: 10,
  currency: 'USD',
  product: `Course ${order_Id}`,
  course_Id: order_Id,
  buyer_email: 'nora@example.com',
});

const enrolled = (course_Id: number) => assignedCourse(course_Id, { course_title: `Enrolled ${course_Id}` });

const other = (course_Id: number) => ({ course_Id, course_title: `Other ${course_Id}`, published: true });

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  storage.set('authToken', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Student management (SPEC §2.14)', () => {
  it('pages the student’s purchases on the server', async () => {
    const all = Array.from({ length: 12 }, (_, index) => sale(index + 1));
    const calls = mockFetch((call) => pageAnswer(call, all, (row) => [row.product]));
    renderRoutes([{ path: '/', element: <StudentPurchases userId="9" /> }], '/');

    // A wide screen (matchMedia matches): the table alone is in the page, not the phone's cards too.
    expect(await screen.findAllByText('Course 1')).toHaveLength(1);
    expect(within(screen.getByRole('table', { name: 'Purchases' })).getByText('Course 1')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Purchases' })).toBeNull();
    expect(pathOf(calls[0])).toBe('/api/orders/GetPurchasesByUserId/9');
    expect(queryOf(calls[0]).toString()).toBe(`page=1&pageSize=${PAGE_SIZES.purchases}`);
    expect(screen.getByText('Showing 1–10 of 12 purchases')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /Page 2/ }));
    expect(await screen.findByText('Showing 11–12 of 12 purchases')).toBeTruthy();
    expect(queryOf(calls.at(-1)).get('page')).toBe('2');
  });

  it('shows what the student paid for a purchase made with a coupon, with its code and discount', async () => {
    const withCoupon: SaleRow = {
      ...sale(1),
      sale_price: 10,
      gross: 20,
      discount: 10,
      coupon_code: 'HALF50',
    };
    mockFetch((call) => pageAnswer(call, [withCoupon], (row) => [row.product]));
    renderRoutes([{ path: '/', element: <StudentPurchases userId="9" /> }], '/');
    const row = (await screen.findByText('Course 1')).closest('tr');
    if (!row) throw new Error('no purchase row');
    expect(within(row).getAllByRole('cell')[1]?.textContent).toBe('$10.00HALF50 · −$10.00');
  });

  it('pages the enrolments, and finds a course to enrol in on the server when there are many', async () => {
    const mine = Array.from({ length: 13 }, (_, index) => enrolled(index + 1));
    const others = Array.from({ length: 30 }, (_, index) => other(100 + index));
    const calls = mockFetch((call) =>
      pathOf(call).startsWith('/api/courses/UnAssignedCourses/')
        ? pageAnswer(call, others, (row) => [row.course_title])
        : pageAnswer(call, mine, (row) => [row.course_title]),
    );
    renderRoutes([{ path: '/', element: <StudentEnrollments userId={9} /> }], '/');

    expect(await screen.findAllByText('Enrolled 1')).toHaveLength(1); // the wide screen's table alone
    expect(
      within(screen.getByRole('table', { name: 'Assigned courses' })).getByText('Enrolled 1'),
    ).toBeTruthy();
    const enrolments = calls.find((call) => pathOf(call) === '/api/studentCourse/GetAssignedCourses/9');
    expect(queryOf(enrolments).toString()).toBe(`page=1&pageSize=${PAGE_SIZES.myCourses}`);
    expect(screen.getByText('Showing 1–12 of 13 courses')).toBeTruthy();

    // The select holds one page of the published courses left (drafts are not offered, published=true);
    // the others are found by a search.
    const size = PAGE_SIZES.unassignedCourses;
    const unassigned = calls.find((call) => pathOf(call) === '/api/courses/UnAssignedCourses/9');
    expect(queryOf(unassigned).toString()).toBe(`published=true&page=1&pageSize=${size}`);
    const select = screen.getByLabelText('Course');
    await vi.waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(size + 1));
    fireEvent.change(screen.getByLabelText('Find a course by title'), { target: { value: 'other 129' } });
    await vi.waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Select a course', 'Other 129']),
    );
    expect(queryOf(calls.at(-1)).get('search')).toBe('other 129');
  });

  it('saving a student’s name and password says so and keeps the school on the student, signed in', async () => {
    storage.set('selectedUserId', 9);
    storage.set('selectedUserEmail', 'nora@example.com');
    storage.set('subscriptionStatus', 'active');
    const saved = vi.spyOn(notify, 'success');
    let profile: UserProfile = {
      user_id: 9,
      email: 'nora@example.com',
      fullName: 'Nora',
      role_id: 3,
      org_Id: null,
      verified: true,
      is_active: true,
      created_date: '2026-03-04T10:00:00.000Z',
      can_edit: true,
    };
    const calls = mockFetch((call) => {
      if (pathOf(call) === '/api/users/changeUserProfile') {
        profile = { ...profile, fullName: (call.body as { fullName: string }).fullName };
        return { body: { message: MSG.profileUpdated } };
      }
      return { body: profile };
    });
    const { router } = renderRoutes(
      [
        { path: '/myStudents', element: <StudentManagementPage /> },
        { path: '/login', element: <p>Login page</p> },
      ],
      '/myStudents',
    );

    fireEvent.change(await screen.findByLabelText(/Full Name/), { target: { value: 'Nora Quinn' } });
    fireEvent.click(screen.getByLabelText('Change password'));
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'a new password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith(MSG.profileUpdated));
    const change = calls.find((call) => pathOf(call) === '/api/users/changeUserProfile');
    expect(change?.body).toMatchObject({
      email: 'nora@example.com',
      fullName: 'Nora Quinn',
      password: 'a new password',
    });
    // SPEC §2.14 went to /login here; the school stays on the student's Information (decision 015).
    expect(router.state.location.pathname).toBe('/myStudents');
    expect(screen.queryByText('Login page')).toBeNull();
    expect(storage.get('authToken')).toBe('token');
    expect((screen.getByLabelText(/Full Name/) as HTMLInputElement).value).toBe('Nora Quinn');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });
});
