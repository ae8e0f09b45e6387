import type { Coupon } from '@skillwise/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { type FetchCall, mockFetch, pageAnswer, pathOf, queryOf, renderRoutes } from '@/test/render';
import { couponLink } from '../lib/coupons';
import { CouponsCard } from './coupons-card';

const COURSES = [
  { course_Id: 7, course_title: 'Knots for Sailors', price: 40 },
  { course_Id: 8, course_title: 'Tides', price: 20 },
  { course_Id: 9, course_title: 'Charts', price: 30 },
];

const coupon = (fields: Partial<Coupon>): Coupon => ({
  coupon_Id: 1,
  code: 'SPRING25',
  kind: 'percent',
  value: 25,
  course_ids: null,
  starts_on: null,
  ends_on: null,
  max_uses: null,
  max_uses_per_student: 1,
  active: true,
  state: 'active',
  uses: 0,
  revenue: 0,
  discount_given: 0,
  created_at: '2026-03-01T10:00:00.000Z',
  ...fields,
});

const FIELD_ERROR = (field: string, message: string) => ({
  status: 400,
  body: {
    statusCode: 400,
    error: 'Bad Request',
    code: 'VALIDATION_ERROR',
    message: `${field}: ${message}`,
    details: [{ field, message }],
  },
});

type Answer = { status?: number; body?: unknown; total?: number };

/** The school's server: its coupons (paged and searched), its courses, and what each change answers. */
const serve = (coupons: Coupon[], answers: Record<string, (call: FetchCall) => Answer> = {}) =>
  mockFetch((call) => {
    const path = pathOf(call);
    if (path === '/api/organization/GetCoupons') return pageAnswer(call, coupons, (row) => [row.code]);
    if (path === '/api/courses/GetCoursesbyOrgId') return { body: COURSES, total: COURSES.length };
    const answer = answers[path];
    return answer ? answer(call) : { status: 404 };
  });

const show = () => renderRoutes([{ path: '/', element: <CouponsCard /> }], '/');
const itemOf = async (code: string) => {
  const list = await screen.findByRole('list', { name: 'Coupons' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((row) => row.getAttribute('data-coupon') === code);
  if (!item) throw new Error(`no coupon ${code}`);
  return item;
};

beforeEach(() => {
  storage.set('authToken', 'token');
  storage.set('orgId', 3);
});
afterEach(() => vi.restoreAllMocks());

describe('CouponsCard', () => {
  it('lists the coupons with their discount, courses, dates, uses, revenue and state, searched on the code', async () => {
    const calls = serve([
      coupon({ coupon_Id: 2, code: 'SPRING25', uses: 3, max_uses: 10, revenue: 90 }),
      coupon({
        coupon_Id: 1,
        code: 'TENOFF',
        kind: 'amount',
        value: 10,
        course_ids: [7],
        starts_on: '2026-03-01',
        ends_on: '2026-03-31',
        active: false,
        state: 'paused',
      }),
      coupon({ coupon_Id: 3, code: 'TWO', course_ids: [8, 9], state: 'expired', ends_on: '2026-01-31' }),
    ]);
    show();
    const spring = await itemOf('SPRING25');
    expect(within(spring).getByText('25% off')).toBeTruthy();
    expect(within(spring).getByText('Active')).toBeTruthy();
    expect(spring.textContent).toContain('All courses · Always');
    expect(spring.textContent).toContain('Uses3 / 10');
    expect(spring.textContent).toContain('Revenue$90.00');
    const ten = await itemOf('TENOFF');
    expect(within(ten).getByText('$10.00 off')).toBeTruthy();
    expect(within(ten).getByText('Paused')).toBeTruthy();
    expect(within(ten).getByRole('button', { name: 'Resume TENOFF' })).toBeTruthy();
    await waitFor(() => expect(ten.textContent).toContain('Knots for Sailors · Mar 1, 2026 – Mar 31, 2026'));
    const two = await itemOf('TWO');
    expect(two.textContent).toContain('2 courses · Until Jan 31, 2026');
    expect(within(two).getByText('Expired')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search coupons' }), { target: { value: 'ten' } });
    await waitFor(() => expect(screen.queryByText('SPRING25')).toBeNull());
    expect(screen.getByText('TENOFF')).toBeTruthy();
    const last = calls.filter((call) => pathOf(call) === '/api/organization/GetCoupons').at(-1);
    expect(queryOf(last).get('search')).toBe('ten');
    expect(queryOf(last).get('pageSize')).toBe('10');
  });

  it('creates a coupon of chosen courses: the form checks it first, then shows the server’s word on a field', async () => {
    let refuseCode = true;
    const created: unknown[] = [];
    serve([], {
      '/api/organization/CreateCoupon': (call) => {
        if (refuseCode) return FIELD_ERROR('code', 'is already a coupon of your school');
        created.push(call.body);
        return { status: 201, body: coupon({ code: 'HALF50', kind: 'percent', value: 50, course_ids: [7] }) };
      },
    });
    const success = vi.spyOn(notify, 'success');
    show();
    expect(await screen.findByText('No coupons yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    const code = within(dialog).getByLabelText('Code');
    fireEvent.change(code, { target: { value: 'half 50' } });
    fireEvent.change(within(dialog).getByLabelText('Percent off (%)'), { target: { value: '150' } });
    fireEvent.change(within(dialog).getByLabelText(/Ends on/), { target: { value: '2026-03-01' } });
    fireEvent.change(within(dialog).getByLabelText(/Starts on/), { target: { value: '2026-03-31' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Chosen courses' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(await within(dialog).findByText('Must be letters, digits, - or _.')).toBeTruthy();
    expect(within(dialog).getByText('Must be a whole percent from 1 to 100.')).toBeTruthy();
    expect(within(dialog).getByText('Must not be before starts_on.')).toBeTruthy();
    expect(
      within(dialog).getByText('Must name at least one course, or be null for all courses.'),
    ).toBeTruthy();
    expect(created).toEqual([]);

    fireEvent.change(code, { target: { value: 'half50' } });
    fireEvent.change(within(dialog).getByLabelText('Percent off (%)'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText(/Starts on/), { target: { value: '' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Knots for Sailors' }));
    fireEvent.change(within(dialog).getByLabelText(/Total uses/), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(await within(dialog).findByText('Is already a coupon of your school.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    refuseCode = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(created).toEqual([
      {
        code: 'HALF50',
        kind: 'percent',
        value: 50,
        course_ids: [7],
        starts_on: null,
        ends_on: '2026-03-01',
        max_uses: 10,
        max_uses_per_student: 1,
        active: true,
      },
    ]);
    expect(success).toHaveBeenCalledWith('HALF50 is created.');
  });

  it('edits a coupon in the same dialog, and pauses it with the whole coupon sent again', async () => {
    const updates: unknown[] = [];
    const tenoff = coupon({
      coupon_Id: 4,
      code: 'TENOFF',
      kind: 'amount',
      value: 10,
      course_ids: [8],
      max_uses_per_student: null,
    });
    serve([tenoff], {
      '/api/organization/UpdateCoupon': (call) => {
        updates.push(call.body);
        return { body: { ...tenoff, ...(call.body as object) } };
      },
    });
    show();
    const item = await itemOf('TENOFF');
    fireEvent.click(within(item).getByRole('button', { name: 'Edit TENOFF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit coupon' });
    expect((within(dialog).getByLabelText('Amount off ($)') as HTMLInputElement).value).toBe('10');
    expect((within(dialog).getByLabelText(/Uses per student/) as HTMLInputElement).value).toBe('');
    expect(
      ((await within(dialog).findByRole('checkbox', { name: 'Tides' })) as HTMLInputElement).checked,
    ).toBe(true);
    expect(within(dialog).getByText('1 course chosen')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Amount off ($)'), { target: { value: '12.50' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'All courses' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save coupon' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(updates[0]).toMatchObject({
      coupon_Id: 4,
      value: 12.5,
      course_ids: null,
      max_uses_per_student: null,
    });

    fireEvent.click(within(await itemOf('TENOFF')).getByRole('button', { name: 'Pause TENOFF' }));
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(updates[1]).toEqual({
      coupon_Id: 4,
      code: 'TENOFF',
      kind: 'amount',
      value: 10,
      course_ids: [8],
      starts_on: null,
      ends_on: null,
      max_uses: null,
      max_uses_per_student: null,
      active: false,
    });
  });

  it('deletes a coupon after asking, and says why a used one cannot be', async () => {
    const deleted: unknown[] = [];
    serve([coupon({ coupon_Id: 5, code: 'USED', uses: 2 }), coupon({ coupon_Id: 6, code: 'UNUSED' })], {
      '/api/organization/DeleteCoupon': (call) => {
        deleted.push(call.body);
        return (call.body as { coupon_Id: number }).coupon_Id === 5
          ? {
              status: 409,
              body: {
                statusCode: 409,
                error: 'Conflict',
                code: 'CONFLICT',
                message: 'This coupon was used: pause it instead.',
              },
            }
          : { body: { ok: true } };
      },
    });
    const failure = vi.spyOn(notify, 'error');
    const success = vi.spyOn(notify, 'success');
    show();
    fireEvent.click(within(await itemOf('USED')).getByRole('button', { name: 'Delete USED' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the coupon?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith('This coupon was used: pause it instead.', expect.anything()),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(await itemOf('UNUSED')).getByRole('button', { name: 'Delete UNUSED' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete the coupon?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('UNUSED is deleted.'));
    expect(deleted).toEqual([{ coupon_Id: 5 }, { coupon_Id: 6 }]);
  });

  it('copies the link that carries the code: the course page for one course, the catalogue for all', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    serve([coupon({ coupon_Id: 7, code: 'ONE', course_ids: [7] })]);
    show();
    fireEvent.click(within(await itemOf('ONE')).getByRole('button', { name: 'Copy link of ONE' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/courseDetail?id=7&coupon=ONE`),
    );
    expect(couponLink({ code: 'ALL', course_ids: null }, 'https://school.example')).toBe(
      'https://school.example/courses?coupon=ALL',
    );
    expect(couponLink({ code: 'TWO', course_ids: [7, 8] }, 'https://school.example')).toBe(
      'https://school.example/courses?coupon=TWO',
    );
  });
});
