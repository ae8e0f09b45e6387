import { PAGE_SIZE_MAX, STUDENTS_PAGE_SIZE, type StudentRow } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, pageAnswer, pathOf, queryOf, renderRoutes } from '@/test/render';
import { StudentsTable } from './students-table';

const student = (id: number): StudentRow => ({
  fullName: `Student ${String(id).padStart(2, '0')}`,
  email: `learner${id}@example.com`,
  numberofcourses: id % 2,
  totalcost: id * 1.5,
  user_id: id,
});

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  storage.set('authToken', 'token');
  storage.set('orgId', 7);
});
afterEach(() => vi.unstubAllGlobals());

const bodyRows = () => screen.getAllByRole('row').slice(1);
const studentText = (row: StudentRow) => [row.fullName, row.email];
/** Answers as the server does with `enrolled`: true keeps the students with a course, false the others. */
const filteredAnswer = (call: FetchCall, rows: StudentRow[]) => {
  const enrolled = queryOf(call).get('enrolled');
  const kept =
    enrolled === null ? rows : rows.filter((row) => row.numberofcourses > 0 === (enrolled === 'true'));
  return pageAnswer(call, kept, studentText);
};
const renderTable = (onOpenStudent = vi.fn()) =>
  renderRoutes(
    [{ path: '/', element: <StudentsTable onAddStudents={() => undefined} onOpenStudent={onOpenStudent} /> }],
    '/',
  );

describe('StudentsTable (SPEC §2.13 My Students)', () => {
  it('asks the server for ten students a page and pages with its total', async () => {
    const all = Array.from({ length: 23 }, (_, index) => student(index + 1));
    const calls = mockFetch((call) => pageAnswer(call, all, studentText));
    const onOpenStudent = vi.fn();
    renderTable(onOpenStudent);

    expect(await screen.findByText('Student 01')).toBeTruthy();
    expect(pathOf(calls[0])).toBe('/api/studentCourse/getStudentByOrgID/7');
    expect(queryOf(calls[0]).toString()).toBe(`page=1&pageSize=${STUDENTS_PAGE_SIZE}`);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 1–10 of 23 students')).toBeTruthy();

    const pager = await screen.findByRole('navigation', { name: 'Students pages' });
    fireEvent.click(within(pager).getByRole('button', { name: /Page 3/ }));
    expect(await screen.findByText('Student 23')).toBeTruthy();
    expect(queryOf(calls.at(-1)).get('page')).toBe('3');
    expect(bodyRows()).toHaveLength(3);

    fireEvent.change(screen.getByLabelText('Search by name or email'), { target: { value: 'LEARNER2' } });
    // learner2, learner20..23, found by the server; the search goes back to the first page.
    expect(await screen.findByText('5 students')).toBeTruthy();
    expect(queryOf(calls.at(-1)).toString()).toBe('page=1&pageSize=10&search=LEARNER2');
    expect(bodyRows()).toHaveLength(5);

    fireEvent.click(screen.getByRole('button', { name: 'Student 21' }));
    expect(onOpenStudent).toHaveBeenCalledWith(expect.objectContaining({ user_id: 21 }));
  });

  it('says when no student matches the search', async () => {
    mockFetch((call) => pageAnswer(call, [student(1)], studentText));
    renderTable();
    await screen.findByText('Student 01');
    fireEvent.change(screen.getByLabelText('Search by name or email'), { target: { value: 'zed' } });
    expect(await screen.findByText('No students found')).toBeTruthy();
  });

  it('exports every student the search finds as a CSV file, a page of the largest size at a time', async () => {
    const many = [
      ...Array.from({ length: PAGE_SIZE_MAX + 1 }, (_, index) => student(index + 1)),
      { ...student(500), fullName: 'Ng, "Li"' },
    ];
    const calls = mockFetch((call) => pageAnswer(call, many, studentText));
    const created: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        created.push(blob);
        return 'blob:students';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderTable();

    await screen.findByText('Student 01');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(calls.slice(1).map((call) => queryOf(call).toString())).toEqual([
      `page=1&pageSize=${PAGE_SIZE_MAX}`,
      `page=2&pageSize=${PAGE_SIZE_MAX}`,
    ]);
    const bytes = new Uint8Array((await created[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    // A byte order mark first, so spreadsheets read the file as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe('Name,Email,Courses,Total Cost (USD)');
    expect(lines[1]).toBe('Student 01,learner1@example.com,1,1.50');
    expect(lines).toHaveLength(PAGE_SIZE_MAX + 4);
    expect(lines.at(-2)).toBe('"Ng, ""Li""",learner500@example.com,0,750.00');
  });

  it('filters all, enrolled or not enrolled students on the server, from the first page', async () => {
    // Odd ids have a course, even ids none.
    const all = Array.from({ length: 23 }, (_, index) => student(index + 1));
    const calls = mockFetch((call) => filteredAnswer(call, all));
    renderTable();
    await screen.findByText('Student 01');

    const filters = screen.getByRole('group', { name: 'Filter students' });
    const filter = (name: string) => within(filters).getByRole('button', { name });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All students', 'Enrolled', 'Not enrolled']);
    expect(filter('All students').getAttribute('aria-pressed')).toBe('true');
    expect(queryOf(calls[0]).has('enrolled')).toBe(false);

    const pager = await screen.findByRole('navigation', { name: 'Students pages' });
    fireEvent.click(within(pager).getByRole('button', { name: /Page 2/ }));
    expect(await screen.findByText('Student 11')).toBeTruthy();

    fireEvent.click(filter('Not enrolled'));
    expect(await screen.findByText('Showing 1–10 of 11 students')).toBeTruthy();
    expect(queryOf(calls.at(-1)).toString()).toBe('enrolled=false&page=1&pageSize=10');
    expect(filter('Not enrolled').getAttribute('aria-pressed')).toBe('true');
    expect(filter('All students').getAttribute('aria-pressed')).toBe('false');
    expect(bodyRows()[0]?.textContent).toContain('Student 02');

    fireEvent.change(screen.getByLabelText('Search by name or email'), { target: { value: 'learner1' } });
    // learner10, 12, 14, 16 and 18: the search and the filter together.
    expect(await screen.findByText('5 students')).toBeTruthy();
    expect(queryOf(calls.at(-1)).toString()).toBe('enrolled=false&page=1&pageSize=10&search=learner1');

    fireEvent.click(filter('Enrolled'));
    // learner1, 11, 13, 15, 17 and 19.
    expect(await screen.findByText('6 students')).toBeTruthy();
    expect(queryOf(calls.at(-1)).get('enrolled')).toBe('true');

    fireEvent.click(filter('All students'));
    expect(await screen.findByText('Showing 1–10 of 11 students')).toBeTruthy();
    expect(queryOf(calls.at(-1)).toString()).toBe('page=1&pageSize=10&search=learner1');
  });

  it('says no student is found, not that there are none, when a filter keeps nobody', async () => {
    mockFetch((call) => filteredAnswer(call, [student(1), student(3)]));
    renderTable();
    await screen.findByText('Student 01');
    fireEvent.click(screen.getByRole('button', { name: 'Not enrolled' }));
    expect(await screen.findByText('No students found')).toBeTruthy();
    expect(screen.queryByText('No students yet')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'All students' }));
    expect(await screen.findByText('Student 03')).toBeTruthy();
  });

  it('exports only the students the filter keeps', async () => {
    const all = Array.from({ length: 2 * PAGE_SIZE_MAX + 6 }, (_, index) => student(index + 1));
    const calls = mockFetch((call) => filteredAnswer(call, all));
    const created: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        created.push(blob);
        return 'blob:students';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderTable();
    await screen.findByText('Student 01');
    fireEvent.click(screen.getByRole('button', { name: 'Enrolled' }));
    expect(await screen.findByText(`Showing 1–10 of ${PAGE_SIZE_MAX + 3} students`)).toBeTruthy();
    const before = calls.length;

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(calls.slice(before).map((call) => queryOf(call).toString())).toEqual([
      `enrolled=true&page=1&pageSize=${PAGE_SIZE_MAX}`,
      `enrolled=true&page=2&pageSize=${PAGE_SIZE_MAX}`,
    ]);
    const text = new TextDecoder().decode((await created[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    const lines = text.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(PAGE_SIZE_MAX + 3);
    // Name, Email, Courses, Total Cost: every student exported has its course.
    expect(new Set(lines.map((line) => line.split(',')[2]))).toEqual(new Set(['1']));
  });
});
