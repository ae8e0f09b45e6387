import { MSG, PAGE_SIZES } from '@skillwise/contracts';
import { fireEvent, screen } from '@testing-library/react';
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

  it('shows the spec’s message when the courses cannot be loaded', async () => {
    mockFetch(() => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', code: 'INTERNAL', message: 'Boom' },
    }));
    renderMyCourses();
    expect(await screen.findByText(MSG.errorFetchingCourses)).toBeTruthy();
  });
});
