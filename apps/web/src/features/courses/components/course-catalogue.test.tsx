import { type CourseListItem, MSG } from '@skillwise/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, renderRoutes } from '@/test/render';
import { useSelectCourse } from '../hooks/use-select-course';
import { CourseCatalogue } from './course-catalogue';

const course = (course_Id: number, course_title: string, price: number): CourseListItem => ({
  course_Id,
  course_title,
  course_description: `About ${course_title}`,
  course_image: null,
  price,
  price_type_Id: 1,
  category_Id: 1,
  author_id: 1,
  certificate: false,
  org_Id: 1,
  published: true,
  first_name: 'Maria',
  last_name: 'Silva',
  bio: '',
  profile_picturePath: null,
});

const Catalogue = () => {
  const [search, setSearch] = useState('');
  return <CourseCatalogue search={search} onSearchChange={setSearch} onSelect={useSelectCourse()} />;
};

const routes = [
  { path: '/courses', element: <Catalogue /> },
  { path: '/courseDetail', element: <p>Course detail</p> },
  { path: '/students', element: <p>Student area</p> },
];

afterEach(() => vi.unstubAllGlobals());

describe('CourseCatalogue (SPEC §2.3)', () => {
  it('lists the courses with author first name and dollar price, and filters by title', async () => {
    mockFetch(() => ({ body: [course(1, 'Intro to Design', 49), course(2, 'Data Basics', 19.5)] }));
    renderRoutes(routes, '/courses');

    expect(await screen.findByRole('button', { name: 'Intro to Design' })).toBeTruthy();
    expect(screen.getByText('$19.50')).toBeTruthy();
    expect(screen.getAllByText('Maria')).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Search By Class Name'), { target: { value: 'DATA' } });
    expect(screen.queryByRole('button', { name: 'Intro to Design' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Data Basics' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search By Class Name'), { target: { value: 'chemistry' } });
    expect(screen.getByText(MSG.noCoursesFoundList)).toBeTruthy();
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
    mockFetch(() => ({ body: [course(7, 'Intro to Design', 49)] }));
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
