import { MSG } from '@skillwise/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { courseItem } from '@/test/fixtures';
import { mockFetch, queryOf, renderRoutes } from '@/test/render';
import { FeaturedCourses } from './featured-courses';

const course = (course_Id: number) => courseItem(course_Id);

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
