import { type AssignedCourse, MSG, PAGE_SIZES } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { assignedCourse } from '@/test/fixtures';
import { mockFetch, pageAnswer, pathOf, queryOf, renderRoutes } from '@/test/render';
import { AssignedCourses } from './assigned-courses';

const assigned = (course_Id: number) =>
  assignedCourse(course_Id, {
    course_title: `${course_Id % 3 === 0 ? 'Sailing' : 'Knots'} ${course_Id}`,
    progress: '40%',
    source: 'purchased',
  });

beforeEach(() => {
  storage.set('authToken', 'token');
  storage.set('userId', 9);
});
afterEach(() => vi.unstubAllGlobals());

const renderMyCourses = () =>
  renderRoutes(
    [{ path: '/', element: <AssignedCourses browsePath="/students/courses" onSelect={() => undefined} /> }],
    '/',
  );

describe('AssignedCourses (SPEC §2.12 My Courses)', () => {
  it('asks for one page of the student’s courses and searches them on the server', async () => {
    const all = Array.from({ length: 14 }, (_, index) => assigned(index + 1));
    const calls = mockFetch((call) => pageAnswer(call, all, (row) => [row.course_title]));
    renderMyCourses();

    expect(await screen.findByRole('button', { name: 'Knots 1' })).toBeTruthy();
    expect(pathOf(calls[0])).toBe('/api/studentCourse/GetAssignedCourses/9');
    expect(queryOf(calls[0]).toString()).toBe(`page=1&pageSize=${PAGE_SIZES.myCourses}`);
    expect(screen.getByText('Showing 1–12 of 14 courses')).toBeTruthy();
    expect(screen.getAllByText('40% done')).toHaveLength(12);

    fireEvent.change(screen.getByLabelText('Search courses...'), { target: { value: 'SAILING' } });
    expect(await screen.findByText('4 courses')).toBeTruthy();
    expect(queryOf(calls.at(-1)).get('search')).toBe('SAILING');

    fireEvent.change(screen.getByLabelText('Search courses...'), { target: { value: 'chess' } });
    expect(await screen.findByText(MSG.noCoursesFoundList)).toBeTruthy();
  });

  it('a bought course asks for a refund; outside the guarantee the request waits for the school', async () => {
    let rows: AssignedCourse[] = [
      { ...assigned(1), order_Id: 31, refund_request: null, refund_answer: null },
      { ...assigned(2), source: 'assigned' as const, order_Id: null },
      {
        ...assigned(4),
        order_Id: 34,
        refund_request: 'declined' as const,
        refund_answer: 'You finished it.',
      },
    ];
    const asked: unknown[] = [];
    const calls = mockFetch((call) => {
      if (pathOf(call) === '/api/orders/RequestRefund') {
        asked.push(call.body);
        rows = rows.map((row) =>
          row.order_Id === 31 ? { ...row, refund_request: 'pending' as const } : row,
        );
        return {
          body: {
            outcome: 'requested',
            message:
              'The 30-day money-back guarantee ended on 2026-04-03. The school decides on your request.',
            refund: null,
            request: null,
          },
        };
      }
      return pageAnswer(call, rows, (row) => [row.course_title]);
    });
    renderMyCourses();
    expect(await screen.findByText('Refund declined: You finished it.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ask again' })).toBeTruthy();
    // Only the bought courses offer it.
    expect(screen.getAllByRole('button', { name: 'Request a refund' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Request a refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a refund' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(await within(dialog).findByText('Say why you want your money back')).toBeTruthy();
    const listed = () => calls.filter((c) => pathOf(c).includes('GetAssignedCourses')).length;
    const before = listed();
    fireEvent.change(within(dialog).getByLabelText(/Why do you want a refund/), {
      target: { value: 'No time' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(
      await within(dialog).findByText(
        'The 30-day money-back guarantee ended on 2026-04-03. The school decides on your request.',
      ),
    ).toBeTruthy();
    expect(asked).toEqual([{ order_Id: 31, reason: 'No time' }]);
    // The buyer reads why before the list is read again (which turns the card into "Refund requested").
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listed()).toBe(before);
    expect(
      within(screen.getByRole('dialog', { name: 'Request a refund' })).getByText(
        /The school decides on your request\./,
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Refund requested: the school decides.')).toBeTruthy();
  });

  it('shows the spec’s message when the courses cannot be loaded', async () => {
    mockFetch(() => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', code: 'INTERNAL', message: 'Boom' },
    }));
    renderMyCourses();
    expect(await screen.findByText(MSG.errorFetchingCourses)).toBeTruthy();
  });
});
