import { type CourseListItem, MSG } from '@skillwise/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, queryOf, renderRoutes } from '@/test/render';
import { FeaturedCourses } from './featured-courses';

const course = (course_Id: number): CourseListItem => ({
  course_Id,
  course_title: `Course ${course_Id}`,
  course_description: '',
  course_image: null,
  price: 10,
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

afterEach(() => vi.unstubAllGlobals());

describe('FeaturedCourses (SPEC §2.2)', () => {
  it('asks the server for the first 8 courses only', async () => {
    const calls = mockFetch(() => ({
      body: Array.from({ length: 8 }, (_, i) => course(i + 1)),
      total: 10_000,
    }));
    renderRoutes([{ path: '/', element: <FeaturedCourses onSelect={() => undefined} /> }], '/');

    expect(await screen.findByRole('button', { name: 'Course 8' })).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.split('?')[0]).toBe('/api/courses/GetAllCoursesDetail');
    expect(queryOf(calls[0]).toString()).toBe('page=1&pageSize=8');
    expect(screen.getAllByRole('article')).toHaveLength(8);
  });

  it('says so when there is no course', async () => {
    mockFetch(() => ({ body: [], total: 0 }));
    renderRoutes([{ path: '/', element: <FeaturedCourses onSelect={() => undefined} /> }], '/');
    expect(await screen.findByText(MSG.noCoursesFound)).toBeTruthy();
    expect(screen.getByText(MSG.noCoursesFoundHint)).toBeTruthy();
  });
});
