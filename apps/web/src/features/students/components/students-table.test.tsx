import type { StudentRow } from '@skillwise/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, renderRoutes } from '@/test/render';
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

describe('StudentsTable (SPEC §2.13 My Students)', () => {
  it('lists the organisation’s students ten a page and searches name or e-mail', async () => {
    const calls = mockFetch(() => ({ body: Array.from({ length: 23 }, (_, index) => student(index + 1)) }));
    const onOpenStudent = vi.fn();
    renderRoutes(
      [
        {
          path: '/',
          element: <StudentsTable onAddStudents={() => undefined} onOpenStudent={onOpenStudent} />,
        },
      ],
      '/',
    );

    expect(await screen.findByText('Student 01')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/studentCourse/getStudentByOrgID/7');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('23 students')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Page 3/ }));
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByText('Student 23')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search by name or email'), { target: { value: 'LEARNER2' } });
    // learner2, learner20..23: the search goes back to the first page.
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('5 students')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Student 21' }));
    expect(onOpenStudent).toHaveBeenCalledWith(expect.objectContaining({ user_id: 21 }));
  });

  it('exports the students shown as a CSV file', async () => {
    mockFetch(() => ({ body: [student(1), { ...student(2), fullName: 'Ng, "Li"' }] }));
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
    renderRoutes(
      [
        {
          path: '/',
          element: <StudentsTable onAddStudents={() => undefined} onOpenStudent={() => undefined} />,
        },
      ],
      '/',
    );

    await screen.findByText('Student 01');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(click).toHaveBeenCalledTimes(1);
    const bytes = new Uint8Array((await created[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    // A byte order mark first, so spreadsheets read the file as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      'Name,Email,Courses,Total Cost (USD)\r\nStudent 01,learner1@example.com,1,1.50\r\n"Ng, ""Li""",learner2@example.com,0,3.00\r\n',
    );
  });
});
