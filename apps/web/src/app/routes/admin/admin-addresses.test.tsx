import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { storage } from '@/lib/storage';
import { courseItem } from '@/test/fixtures';
import { type FetchCall, mockFetch, pathOf, renderRoutes } from '@/test/render';

const COURSES = { 4: courseItem(4, { course_title: 'Knots' }), 7: courseItem(7, { course_title: 'Sails' }) };

let calls: FetchCall[];

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  calls = mockFetch((call) => {
    const id = Number(pathOf(call).match(/courses\/details\/(\d+)$/)?.[1]);
    if (id) {
      const course = COURSES[id as keyof typeof COURSES];
      return course ? { body: course } : { status: 404, body: undefined };
    }
    return { body: [] };
  });
  storage.set('authToken', 'token');
  storage.set('userEmail', 'sam@example.com');
  storage.set('orgId', 1);
});
afterEach(() => vi.unstubAllGlobals());

const sidebarLink = (name: string) =>
  within(screen.getByRole('complementary', { name: 'Admin' })).getByRole('link', { name });
const main = () => within(screen.getByRole('main'));
const detailsCalls = (id: number) => calls.filter((call) => pathOf(call).endsWith(`courses/details/${id}`));

describe('the course form never edits a course it does not name', () => {
  it('Create New Course from an edit form opens an empty create form, and saving would create', async () => {
    storage.set('courseId', 4);
    const { router } = renderRoutes(routes, '/admin/createCourse?id=4');
    await screen.findByRole('main');
    expect(await main().findByDisplayValue('Knots')).toBeTruthy();
    expect(main().getByRole('button', { name: 'Update Existing' })).toBeTruthy();
    expect(document.title).toBe('Edit · Knots · Skillwise');

    fireEvent.click(sidebarLink('Create New Course'));
    expect(await main().findByRole('button', { name: 'Create New Course' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/admin/createCourse');
    expect(main().queryByRole('button', { name: 'Update Existing' })).toBeNull();
    expect((main().getByLabelText('Course Title') as HTMLInputElement).value).toBe('');
    expect(main().getByText(/Set up a course/)).toBeTruthy();
    expect(storage.get('courseId')).toBeNull();
    expect(sidebarLink('Create New Course').getAttribute('aria-current')).toBe('page');
  });

  it('a stored course id alone does not turn /admin/createCourse into an edit', async () => {
    storage.set('courseId', 4);
    renderRoutes(routes, '/admin/createCourse');
    await screen.findByRole('main');
    expect(await main().findByRole('button', { name: 'Create New Course' })).toBeTruthy();
    expect(main().queryByRole('button', { name: 'Update Existing' })).toBeNull();
    expect(detailsCalls(4)).toHaveLength(0);
  });

  it('following Create New Course on the create form starts it afresh', async () => {
    renderRoutes(routes, '/admin/createCourse');
    await screen.findByRole('main');
    const title = (await main().findByLabelText('Course Title')) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Half typed' } });
    expect(title.value).toBe('Half typed');
    fireEvent.click(sidebarLink('Create New Course'));
    await waitFor(() => expect((main().getByLabelText('Course Title') as HTMLInputElement).value).toBe(''));
  });

  it('My Course’s Create New Course opens the create form at its address', async () => {
    storage.set('courseId', 7);
    const { router } = renderRoutes(routes, '/admin/previousCourses');
    await screen.findByRole('main');
    fireEvent.click(await main().findByRole('button', { name: 'Create New Course' }));
    expect(await main().findByRole('heading', { level: 1, name: 'Create New Course' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/createCourse');
    expect(router.state.location.search).toBe('');
    expect(main().queryByRole('button', { name: 'Update Existing' })).toBeNull();
  });
});

describe('each admin screen has an address (docs/decisions/016-admin-addresses.md)', () => {
  it('the course in the address wins over the stored one, and is remembered', async () => {
    storage.set('courseId', 4);
    renderRoutes(routes, '/admin/adminCourseDetails?id=7');
    await screen.findByRole('main');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sails' })).toBeTruthy();
    expect(detailsCalls(4)).toHaveLength(0);
    expect(storage.get('courseId')).toBe('7');
    await waitFor(() => expect(document.title).toBe('Sails · Skillwise'));
  });

  it('a course screen opened without ?id= shows the stored course and names it in the address', async () => {
    storage.set('courseId', 4);
    const { router } = renderRoutes(routes, '/admin/curriculum');
    await screen.findByRole('main');
    await waitFor(() => expect(router.state.location.search).toBe('?id=4'));
    expect(router.state.location.pathname).toBe('/admin/curriculum');
    expect(await screen.findByText('Sections and lessons of “Knots”.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Curriculum · Knots · Skillwise'));
  });

  it('Edit Course and Add/Edit Curriculum name the course in their addresses', async () => {
    const { router } = renderRoutes(routes, '/admin/adminCourseDetails?id=4');
    await screen.findByRole('main');
    fireEvent.click(await main().findByRole('button', { name: 'Edit Course' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=4'));
    expect(router.state.location.pathname).toBe('/admin/createCourse');
    expect(await main().findByRole('button', { name: 'Update Existing' })).toBeTruthy();
  });

  it('the sidebar entries are links to their screens’ addresses', async () => {
    renderRoutes(routes, '/admin/previousCourses');
    await screen.findByRole('main');
    await main().findByRole('heading', { level: 1, name: 'My Course' });
    expect(sidebarLink('My Course').getAttribute('href')).toBe('/admin/previousCourses');
    expect(sidebarLink('Create New Course').getAttribute('href')).toBe('/admin/createCourse');
    expect(sidebarLink('Category').getAttribute('href')).toBe('/admin?section=category');
    expect(sidebarLink('Sales').getAttribute('href')).toBe('/admin?section=users');
    expect(sidebarLink('My Students').getAttribute('href')).toBe('/admin/myStudents');
    expect(sidebarLink('Plan & billing').getAttribute('href')).toBe('/admin/billing');
    expect(sidebarLink('Grading').getAttribute('href')).toBe('/admin/grading');
    expect(sidebarLink('My Course').getAttribute('aria-current')).toBe('page');
  });

  it('/admin?section= opens that screen, remembers its key and titles the page', async () => {
    renderRoutes(routes, '/admin?section=authors');
    await screen.findByRole('main');
    expect(await main().findByRole('heading', { level: 1, name: 'Authors' })).toBeTruthy();
    await waitFor(() => expect(storage.get('componentKey')).toBe('authors'));
    expect(document.title).toBe('Authors · Skillwise');
  });

  it('Back to a bare /admin shows the screen it showed, not the key remembered since', async () => {
    storage.set('componentKey', 'category');
    const { router } = renderRoutes(routes, '/admin');
    await screen.findByRole('main');
    expect(await main().findByRole('heading', { level: 1, name: 'Category' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.state).toEqual({ section: 'category' }));
    expect(router.state.location.pathname).toBe('/admin');

    fireEvent.click(sidebarLink('Sales'));
    expect(await main().findByRole('heading', { level: 1, name: 'Sales' })).toBeTruthy();
    await waitFor(() => expect(storage.get('componentKey')).toBe('users'));

    await router.navigate(-1);
    expect(await main().findByRole('heading', { level: 1, name: 'Category' })).toBeTruthy();
    await router.navigate(1);
    expect(await main().findByRole('heading', { level: 1, name: 'Sales' })).toBeTruthy();
  });
});

describe('page titles', () => {
  it.each([
    ['/courses', 'Courses · Skillwise'],
    ['/login', 'Log In · Skillwise'],
    ['/students/myCourses', 'My Courses · Skillwise'],
    ['/admin/billing', 'Plan & billing · Skillwise'],
    ['/admin/grading', 'Grading · Skillwise'],
    ['/admin/createCourse', 'Create New Course · Skillwise'],
    ['/', 'Skillwise — Online Learning Platform'],
  ])('%s is titled %s', async (path, title) => {
    renderRoutes(routes, path);
    await waitFor(() => expect(document.title).toBe(title));
    // The title comes with the route, before the screen's code: the test ends once that code is in too,
    // or the import it began would be cut off with the test's environment (the next file would meet it).
    expect((await screen.findAllByRole('heading', { level: 1 })).length).toBeGreaterThan(0);
  });
});
