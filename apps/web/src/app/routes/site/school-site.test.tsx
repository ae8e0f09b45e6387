import type { SchoolSite } from '@skillwise/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { courseItem } from '@/test/fixtures';
import { mockFetch, pathOf, queryOf, renderRoutes } from '@/test/render';
import { SchoolHomePage, SchoolSignUpPage, SchoolSiteLayout } from './school-site';

const SITE: SchoolSite = {
  org_id: 7,
  slug: 'clay-works',
  name: 'Clay Works',
  logo: null,
  primary_color: '#1d4ed8',
  headline: 'Hands in the clay',
  about: 'We teach pottery.\n\nSince 1999.',
  language: 'en',
};

const routes = [
  {
    path: '/s/:school',
    element: <SchoolSiteLayout />,
    children: [
      { index: true, element: <SchoolHomePage /> },
      { path: 'signUp', element: <SchoolSignUpPage /> },
    ],
  },
];

describe('a school’s site', () => {
  it('shows its name, headline and about text in its colour, and asks for its own courses only', async () => {
    const calls = mockFetch((call) => {
      const path = pathOf(call);
      if (path === '/api/schoolSite/GetSite/clay-works') return { body: SITE };
      if (path === '/api/courses/GetAllCoursesDetail') {
        return { body: [courseItem(3, { course_title: 'Glazing' })], total: 1 };
      }
      return { status: 404 };
    });
    renderRoutes(routes, '/s/clay-works');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clay Works' })).toBeTruthy();
    expect(screen.getByText('Hands in the clay')).toBeTruthy();
    expect(screen.getByText('Since 1999.')).toBeTruthy();
    expect(await screen.findByText('Glazing')).toBeTruthy();
    const catalogue = calls.find((c) => pathOf(c) === '/api/courses/GetAllCoursesDetail');
    expect(queryOf(catalogue).get('school')).toBe('clay-works');
    const themed = document.querySelector('[style]') as HTMLElement;
    expect(themed.style.getPropertyValue('--color-brand-600')).toBe('#1d4ed8');
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/s/clay-works/signUp');
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe(
      '/login?next=%2Fs%2Fclay-works',
    );
  });

  it('its sign-up is the student sign-up, titled with the school', async () => {
    mockFetch((call) =>
      pathOf(call) === '/api/schoolSite/GetSite/clay-works' ? { body: SITE } : { status: 404 },
    );
    renderRoutes(routes, '/s/clay-works/signUp');
    expect(await screen.findByRole('heading', { name: 'Join Clay Works' })).toBeTruthy();
    expect(await screen.findByLabelText(/Full Name/)).toBeTruthy();
  });

  it('an unknown school is a page not found', async () => {
    mockFetch(() => ({
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: 'School site not found.' },
    }));
    renderRoutes(routes, '/s/nobody');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy());
  });
});
