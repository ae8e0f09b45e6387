import { MSG, PAGE_SIZES } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUrlListState } from '@/lib/paging';
import { storage } from '@/lib/storage';
import { courseItem } from '@/test/fixtures';
import { mockFetch, pageAnswer, pathOf, queryOf, renderRoutes } from '@/test/render';
import { useSelectCourse } from '../hooks/use-select-course';
import { CourseCatalogue } from './course-catalogue';

const course = (course_Id: number, course_title: string, price: number) =>
  courseItem(course_Id, { course_title, course_description: `About ${course_title}`, price });

/** The URL's query, shown so a test can read what the catalogue keeps there. */
const Location = () => <output aria-label="Location">{useLocation().search}</output>;

const Catalogue = () => (
  <>
    <CourseCatalogue list={useUrlListState()} onSelect={useSelectCourse()} />
    <Location />
  </>
);

const routes = [
  { path: '/courses', element: <Catalogue /> },
  { path: '/courseDetail', element: <p>Course detail</p> },
  { path: '/students', element: <p>Student area</p> },
];

/** 30 courses: "Course 01" … "Course 30", the even ones about data. */
const THIRTY = Array.from({ length: 30 }, (_, index) => {
  const id = index + 1;
  return course(id, `${id % 2 === 0 ? 'Data' : 'Design'} Course ${String(id).padStart(2, '0')}`, id);
});

const catalogueCalls = (calls: ReturnType<typeof mockFetch>) =>
  calls.filter((call) => pathOf(call) === '/api/courses/GetAllCoursesDetail');

afterEach(() => vi.unstubAllGlobals());

describe('CourseCatalogue (SPEC §2.3)', () => {
  it('lists the courses with author first name and dollar price', async () => {
    mockFetch(() => ({ body: [course(1, 'Intro to Design', 49), course(2, 'Data Basics', 19.5)], total: 2 }));
    renderRoutes(routes, '/courses');

    expect(await screen.findByRole('button', { name: 'Intro to Design' })).toBeTruthy();
    expect(screen.getByText('$19.50')).toBeTruthy();
    expect(screen.getAllByText('Maria')).toHaveLength(2);
    expect(screen.getByText('2 courses')).toBeTruthy();
    // Everything fits one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Courses pages' })).toBeNull();
  });

  it('asks the server for one page and pages with the total from X-Total-Count', async () => {
    const calls = mockFetch((call) => pageAnswer(call, THIRTY, (row) => [row.course_title]));
    renderRoutes(routes, '/courses');

    expect(await screen.findByRole('button', { name: 'Design Course 01' })).toBeTruthy();
    const first = queryOf(catalogueCalls(calls)[0]);
    expect(first.get('page')).toBe('1');
    expect(first.get('pageSize')).toBe(String(PAGE_SIZES.catalogue));
    expect(first.has('search')).toBe(false);
    expect(screen.getAllByRole('article')).toHaveLength(PAGE_SIZES.catalogue);
    expect(screen.getByText('Showing 1–12 of 30 courses')).toBeTruthy();

    // 30 rows, 12 a page: three pages from the header's count.
    const pager = await screen.findByRole('navigation', { name: 'Courses pages' });
    expect(within(pager).getByRole('button', { name: /Page 3/ })).toBeTruthy();
    expect(within(pager).queryByRole('button', { name: /Page 4/ })).toBeNull();

    fireEvent.click(within(pager).getByRole('button', { name: /Page 3/ }));
    expect(await screen.findByRole('button', { name: 'Design Course 25' })).toBeTruthy();
    expect(queryOf(catalogueCalls(calls).at(-1)).get('page')).toBe('3');
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.getByText('Showing 25–30 of 30 courses')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('?page=3');
  });

  it('searches on the server once typing pauses, back on page 1, with the text in the URL', async () => {
    const calls = mockFetch((call) => pageAnswer(call, THIRTY, (row) => [row.course_title]));
    renderRoutes(routes, '/courses?page=2');
    expect(await screen.findByRole('button', { name: 'Design Course 13' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search By Class Name'), { target: { value: 'D' } });
    fireEvent.change(screen.getByLabelText('Search By Class Name'), { target: { value: 'DATA' } });
    expect(await screen.findByText('Showing 1–12 of 15 courses')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Data Course 02' })).toBeTruthy();
    // While typing, the page shown stays; after the pause, exactly one request: the search's first page.
    expect(catalogueCalls(calls).map((call) => queryOf(call).toString())).toEqual([
      'page=2&pageSize=12',
      'page=1&pageSize=12&search=DATA',
    ]);
    const searches = catalogueCalls(calls).filter((call) => queryOf(call).has('search'));
    // One request for the pause, none per key.
    expect(searches.map((call) => queryOf(call).get('search'))).toEqual(['DATA']);
    expect(queryOf(searches[0]).get('page')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Design Course 01' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('?search=DATA');

    fireEvent.change(screen.getByLabelText('Search By Class Name'), { target: { value: 'chemistry' } });
    expect(await screen.findByText(MSG.noCoursesFoundList)).toBeTruthy();
  });

  it('opens with the search of a shared link', async () => {
    const calls = mockFetch((call) => pageAnswer(call, THIRTY, (row) => [row.course_title]));
    renderRoutes(routes, '/courses?search=course%2030');

    expect(await screen.findByRole('button', { name: 'Data Course 30' })).toBeTruthy();
    expect((screen.getByLabelText('Search By Class Name') as HTMLInputElement).value).toBe('course 30');
    expect(queryOf(catalogueCalls(calls)[0]).get('search')).toBe('course 30');
  });

  it('shows a load error above the grid', async () => {
    mockFetch(() => ({
      status: 500,
      body: {
        statusCode: 500,
        error: 'Internal Server Error',
        code: 'INTERNAL',
        message: 'Internal Server Error',
      },
    }));
    renderRoutes(routes, '/courses');

    expect((await screen.findByRole('alert')).textContent).toBe('Internal Server Error');
  });

  it('stores the chosen course and opens /courseDetail, or /students for a signed-in student', async () => {
    mockFetch(() => ({ body: [course(7, 'Intro to Design', 49)], total: 1 }));
    const first = renderRoutes(routes, '/courses');
    fireEvent.click(await screen.findByRole('button', { name: 'Intro to Design' }));
    expect(await screen.findByText('Course detail')).toBeTruthy();
    expect(storage.get('courseId')).toBe('7');
    first.unmount();

    storage.set('currentUserRole', 3);
    renderRoutes(routes, '/courses');
    fireEvent.click(await screen.findByRole('button', { name: 'Intro to Design' }));
    expect(await screen.findByText('Student area')).toBeTruthy();
  });
});
