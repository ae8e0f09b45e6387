import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { courseItem } from '@/test/fixtures';
import { type FetchCall, mockFetch, pageAnswer, pathOf } from '@/test/render';
import { firstPageData, prefetchFirstPage, startFirstPage } from './first-page-data';
import { queryClient } from './provider';
import { routes } from './router';

const COVER = '/api/files/public/5d1c2f4e-8a0b-4c3d-9e6f-0a1b2c3d4e5f.png';
const COURSES = Array.from({ length: 30 }, (_, index) =>
  courseItem(index + 1, { course_title: `Sailing ${index + 1}`, course_image: COVER }),
);

let calls: FetchCall[];
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  calls = mockFetch((call) => {
    const path = pathOf(call);
    if (path.endsWith('courses/details/7')) return { body: { ...courseItem(7), course_image: COVER } };
    if (path.endsWith('reviews/GetCourseRating/7')) return { body: { course_Id: 7, average: 4.5, count: 2 } };
    if (path.endsWith('site/GetLandingContent'))
      return {
        body: { figures: { courses: 30, students: 0, certificates: 0, schools: 1 }, testimonials: [] },
      };
    if (path.endsWith('studentCourse/GetAllCoursesByUserIdandCourseId/9/7'))
      return { body: [{ ...courseItem(7), course_image: COVER }] };
    if (path.endsWith('certificates/GetMyCertificates')) return { body: [], total: 0 };
    if (path.endsWith('studentCourse/GetCourseProgress/7'))
      return { body: { course_Id: 7, lessons: [], nextLesson_Id: null } };
    if (path.endsWith('courses/GetAllCoursesDetail'))
      return pageAnswer(call, COURSES, (course) => [course.course_title]);
    return { body: [] };
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

/** A screen's code arrives slowly the first time in the test environment. */
const WAIT = { timeout: 120_000 };

/** Prefetches for `url` as the app does at start (its own query client), then opens the page there. */
async function openAfterPrefetch(url: string) {
  const client = queryClient;
  const { pathname, search } = new URL(url, 'http://localhost');
  await prefetchFirstPage(client, { pathname, search });
  const asked = calls.length;
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { asked };
}

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => ({
    srcset: link.getAttribute('imagesrcset'),
    sizes: link.getAttribute('imagesizes'),
  }));

test('a course page finds its course and rating asked for already, and its cover preloaded as the image asks', async () => {
  const { asked } = await openAfterPrefetch('/courseDetail?id=7');
  expect(asked).toBe(2);
  const image = await screen.findByRole('img', { name: 'Course 7' }, WAIT);
  expect(calls.filter((call) => pathOf(call).endsWith('courses/details/7'))).toHaveLength(1);
  expect(calls.filter((call) => pathOf(call).endsWith('reviews/GetCourseRating/7'))).toHaveLength(1);
  expect(preloads()).toEqual([{ srcset: image.getAttribute('srcset'), sizes: image.getAttribute('sizes') }]);
  expect(image.getAttribute('srcset')).toContain(`${COVER}?w=640 640w`);
  expect(image.getAttribute('loading')).toBe('eager');
  expect(image.getAttribute('fetchpriority')).toBe('high');
});

test('a course page without an id in its URL uses the stored one', async () => {
  storage.set('courseId', '7');
  const { asked } = await openAfterPrefetch('/courseDetail');
  expect(asked).toBe(2);
  await screen.findByRole('heading', { level: 1, name: 'Course 7' }, WAIT);
  expect(calls.filter((call) => pathOf(call).endsWith('courses/details/7'))).toHaveLength(1);
});

test('the catalogue finds the page and search of its URL asked for already', async () => {
  const { asked } = await openAfterPrefetch('/courses?search=sailing&page=2');
  expect(asked).toBe(1);
  await screen.findByRole('button', { name: 'Sailing 13' }, WAIT);
  const lists = calls.filter((call) => pathOf(call).endsWith('courses/GetAllCoursesDetail'));
  expect(lists.map((call) => call.url)).toEqual([
    expect.stringMatching(/page=2&pageSize=12&search=sailing$/),
  ]);
  expect(preloads()).toHaveLength(1);
});

test('the landing page finds its featured courses and its figures asked for already', async () => {
  const { asked } = await openAfterPrefetch('/');
  expect(asked).toBe(2);
  await screen.findByRole('button', { name: 'Sailing 8' }, WAIT);
  expect(screen.getByText('Courses published')).toBeTruthy();
  expect(calls.filter((call) => pathOf(call).endsWith('courses/GetAllCoursesDetail'))).toHaveLength(1);
  expect(calls.filter((call) => pathOf(call).endsWith('site/GetLandingContent'))).toHaveLength(1);
  expect(preloads()).toEqual([]);
});

test('a student’s learning screen finds its enrolment, certificate, lessons and progress asked for at once, and its cover preloaded', async () => {
  storage.set('authToken', 'token');
  storage.set('userId', '9');
  storage.set('currentUserRole', '3');
  const { asked } = await openAfterPrefetch('/students/takeCourse?id=7');
  // The screen's four answers are in before it opens; the header's name and unread count are on their way.
  expect(asked).toBeGreaterThanOrEqual(4);
  expect(calls.map(pathOf)).toEqual(
    expect.arrayContaining([
      '/api/studentCourse/GetAllCoursesByUserIdandCourseId/9/7',
      '/api/certificates/GetMyCertificates',
      '/api/courseSections/GetCourseSectionsByCourseId/7',
      '/api/studentCourse/GetCourseProgress/7',
    ]),
  );
  await screen.findByRole('heading', { level: 1, name: 'Course 7' }, WAIT);
  const image = document.querySelector('aside img');
  if (!image) throw new Error('no cover');
  // Nothing is asked again; the screen and its header draw with what was asked for at start.
  for (const path of [
    'certificates/GetMyCertificates',
    'users/GetMyProfile',
    'notifications/GetUnreadCount',
  ]) {
    expect(calls.filter((call) => pathOf(call).endsWith(path))).toHaveLength(1);
  }
  expect(preloads()).toEqual([{ srcset: image.getAttribute('srcset'), sizes: image.getAttribute('sizes') }]);
  expect(image.getAttribute('loading')).toBe('eager');
  expect(image.getAttribute('fetchpriority')).toBe('high');
});

test('a learning screen opened by anyone but a signed-in student is left to the page', async () => {
  storage.set('userId', '9');
  storage.set('currentUserRole', '3');
  await prefetchFirstPage(queryClient, { pathname: '/students/takeCourse', search: '?id=7' });
  storage.set('authToken', 'token');
  storage.set('currentUserRole', '1');
  await prefetchFirstPage(queryClient, { pathname: '/students/takeCourse', search: '?id=7' });
  expect(calls).toEqual([]);
});

test('other pages are left to themselves', async () => {
  for (const pathname of ['/login', '/students', '/admin/curriculum', '/courseDetail']) {
    await prefetchFirstPage(queryClient, { pathname, search: '' });
  }
  expect(calls).toEqual([]);
});

test('a screen waits for the answers asked for at start, and no longer than a few seconds', async () => {
  vi.useFakeTimers();
  try {
    let answer: (() => void) | undefined;
    const slow = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const client = { prefetchQuery: () => slow } as unknown as typeof queryClient;
    storage.set('authToken', 'token');
    storage.set('userId', '9');
    storage.set('currentUserRole', '3');
    startFirstPage(client, { pathname: '/courseDetail', search: '?id=7' });
    let settled = false;
    void firstPageData().then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1500);
    expect(settled).toBe(true);
    answer?.();
    // Once answered, a later screen does not wait at all.
    let later = false;
    void firstPageData().then(() => {
      later = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(later).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});
