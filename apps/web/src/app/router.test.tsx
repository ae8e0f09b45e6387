import { MSG } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, renderRoutes } from '@/test/render';
import { routes } from './router';

const SCREENS: Array<[path: string, heading: string]> = [
  ['/', 'Learn the skills that move your career forward'],
  ['/courses', 'Explore our courses'],
  ['/login', 'Welcome back'],
  ['/registerOption', 'Join Skillwise'],
  ['/register', 'Create your account'],
  ['/registerOrg', 'Register your organization'],
  ['/digitCodeVerification', 'Check your e-mail'],
  ['/resetPasswordRequest', 'Forgot your password?'],
  ['/resetPassword', 'Create password'],
  ['/students', 'Courses'],
  ['/students/myCourses', 'My Courses'],
  ['/students/certificates', 'My Certificates'],
  ['/students/notifications', 'My Notification'],
  ['/students/profile', 'Profile'],
  ['/students/checkout', 'Checkout'],
  ['/sandbox/checkout/SBX-1', 'Confirm your payment'],
  ['/admin', 'My Course'],
  ['/admin/previousCourses', 'My Course'],
  ['/admin/subscription', 'Choose the plan for your school'],
  ['/admin/adminCourseDetails', 'Course details'],
  ['/admin/curriculum', 'Curriculum'],
  ['/admin/createCourse', 'Create New Course'],
  ['/admin/settings', 'Settings'],
  ['/admin/billing', 'Plan & billing'],
  ['/admin/grading', 'Grading'],
];

/** SPEC §2.13: the screens chosen by the remembered component key, with their headings. */
const KEYED_SCREENS: Array<[key: string, heading: string]> = [
  ['courses', 'Create New Course'],
  ['category', 'Category'],
  ['newcategory', 'Create Category'],
  ['authors', 'Authors'],
  ['createauthors', 'Create New Author'],
  ['users', 'Sales'],
  ['settings', 'Settings'],
  ['billing', 'Plan & billing'],
  ['grading', 'Grading'],
];

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  mockFetch(({ url }) => {
    if (url.includes('courses/details')) return { status: 404, body: undefined };
    // The signed-in account, as the student header and the profile screen read it.
    if (url.includes('users/GetMyProfile'))
      return { body: { email: 'sam@example.com', fullName: 'Sam Reader' } };
    return { body: [] };
  });
  storage.set('authToken', 'token');
  storage.set('userEmail', 'sam@example.com');
});
afterEach(() => vi.unstubAllGlobals());

describe('route table (SPEC §2.1)', () => {
  it.each(SCREENS)('renders %s', async (path, heading) => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.queryByText(MSG.somethingWentWrong)).toBeNull();
  });

  it.each([
    ['/', 'Learn the skills that move your career forward'],
    ['/login', 'Welcome back'],
    ['/students/myCourses', 'My Courses'],
    ['/admin/settings', 'Settings'],
    ['/admin/subscription', 'Choose the plan for your school'],
  ])('%s starts with a skip link to its main landmark', async (path, heading) => {
    renderRoutes(routes, path);
    await screen.findByRole('heading', { level: 1, name: heading });
    const focusable = document.querySelectorAll<HTMLElement>(
      'a[href], button:not(:disabled), input, select, textarea, [tabindex]:not([tabindex="-1"])',
    );
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    const main = screen.getByRole('main');
    expect(document.activeElement).toBe(main);
    expect(main.contains(screen.getByRole('heading', { level: 1, name: heading }))).toBe(true);
  });

  it('says so when the course to detail does not exist', async () => {
    renderRoutes(routes, '/courseDetail?id=3');
    expect(await screen.findByText('Course not found')).toBeTruthy();
  });

  it.each(KEYED_SCREENS)(
    'shows the admin screen remembered by the component key %s',
    async (key, heading) => {
      storage.set('componentKey', key);
      renderRoutes(routes, '/admin');
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      expect(screen.queryByText(MSG.somethingWentWrong)).toBeNull();
    },
  );

  it('drops the stored course id when Create New Course is chosen in the sidebar', async () => {
    storage.set('courseId', 4);
    renderRoutes(routes, '/admin');
    await screen.findByRole('heading', { level: 1, name: 'My Course' });
    fireEvent.click(
      within(screen.getByRole('complementary')).getByRole('link', { name: 'Create New Course' }),
    );
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Create New Course' })).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Create New Course' })).toBeTruthy();
    expect(storage.get('courseId')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Existing' })).toBeNull();
  });

  it('sends checkout back to the plans when no plan was chosen', async () => {
    const { router } = renderRoutes(routes, '/admin/checkout');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose the plan for your school' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/subscription');
  });
});
