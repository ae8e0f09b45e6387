import { type LandingContent, MSG } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { LANDING_CLEARED_KEYS, LANDING_KEPT_KEYS, STORAGE_KEYS, storage } from '@/lib/storage';
import { courseItem } from '@/test/fixtures';
import { type FetchCall, mockFetch, pageAnswer, pathOf, renderRoutes } from '@/test/render';

const EMPTY: LandingContent = {
  figures: { courses: 0, students: 0, certificates: 0, schools: 0 },
  testimonials: [],
};

/** A screen's code arrives slowly the first time in the test environment. */
const WAIT = { timeout: 120_000 };

let content: LandingContent;
let courses: ReturnType<typeof courseItem>[];
let calls: FetchCall[];
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  content = EMPTY;
  courses = [];
  calls = mockFetch((call) => {
    const path = pathOf(call);
    if (path.endsWith('site/GetLandingContent')) return { body: content };
    if (path.endsWith('courses/GetCatalogueCategories')) return { body: [] };
    if (path.endsWith('courses/GetAllCoursesDetail'))
      return pageAnswer(call, courses, (course) => [course.course_title]);
    return { body: { message: 'ok' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const header = () => screen.getByRole('banner');

/** The invented social proof the landing page used to show, whatever the installation held. */
const INVENTED = [
  /12k\+/,
  /12,000/,
  /350\+/,
  /4\.8\/5/,
  /\$8,240/,
  /1,284/,
  /\+1,200/,
  /Amara Okafor/,
  /96%/,
];

describe('The landing page (SPEC §2.2, decision 015)', () => {
  it('an empty installation shows no figures, no rating, no testimonials: only the empty catalogue', async () => {
    renderRoutes(routes, '/');
    expect(await screen.findByText(MSG.noCoursesFound, {}, WAIT)).toBeTruthy();
    await vi.waitFor(() =>
      expect(calls.some((call) => pathOf(call).endsWith('site/GetLandingContent'))).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'Skillwise in numbers' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'What people say' })).toBeNull();
    const text = document.body.textContent ?? '';
    for (const invented of INVENTED) expect(text).not.toMatch(invented);
  });

  it('shows the installation’s real figures (none that is zero) and its operator’s testimonials', async () => {
    courses = [courseItem(1)];
    content = {
      figures: { courses: 1, students: 1234, certificates: 0, schools: 2 },
      testimonials: [
        { quote: 'Clear and short.', name: 'Nora Quinn', role: 'Student' },
        { quote: 'Easy to set up.', name: 'Ola Berg', role: null },
      ],
    };
    renderRoutes(routes, '/');
    const figures = await screen.findByRole('region', { name: 'Skillwise in numbers' }, WAIT);
    const pairs = within(figures)
      .getAllByRole('definition')
      .map((value) => `${value.textContent} ${value.previousElementSibling?.textContent}`);
    expect(pairs).toEqual(['1 Course published', '1,234 Students', '2 Schools teaching']);
    const quotes = screen.getAllByRole('figure');
    expect(quotes.map((quote) => quote.textContent)).toEqual([
      expect.stringMatching(/“Clear and short\.”.*Nora Quinn.*Student/),
      expect.stringMatching(/“Easy to set up\.”.*Ola Berg$/),
    ]);
  });

  it('keeps the session and clears only the visit’s navigation keys', async () => {
    for (const key of [...LANDING_CLEARED_KEYS, ...LANDING_KEPT_KEYS]) storage.set(key, `${key}-value`);
    storage.set('currentUserRole', 3);
    renderRoutes(routes, '/');
    await screen.findByText(MSG.noCoursesFound, {}, WAIT);
    for (const key of LANDING_CLEARED_KEYS) expect(storage.get(key)).toBeNull();
    for (const key of LANDING_KEPT_KEYS) expect(storage.get(key)).not.toBeNull();
  });

  it('every key the app stores is either cleared or kept by the landing page, never both', () => {
    const listed = [...LANDING_CLEARED_KEYS, ...LANDING_KEPT_KEYS];
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(Object.keys(STORAGE_KEYS).sort());
  });
});

describe('The public header (decision 015)', () => {
  const signIn = (role: number) => {
    storage.set('authToken', 'token');
    storage.set('userEmail', 'nora@example.com');
    storage.set('currentUserRole', role);
  };

  it('a visitor gets Sign In and Join Now', async () => {
    renderRoutes(routes, '/help');
    await screen.findByRole('link', { name: 'Sign In' }, WAIT);
    expect(within(header()).getByRole('link', { name: 'Join Now' }).getAttribute('href')).toBe(
      '/registerOption',
    );
    expect(within(header()).queryByRole('button', { name: 'Account menu' })).toBeNull();
  });

  it('a student gets My Courses and the account menu, on the mobile menu too; Log Out ends the session', async () => {
    signIn(3);
    const { router } = renderRoutes(routes, '/courses');
    const back = await within(header()).findByRole('link', { name: 'My Courses' }, WAIT);
    expect(back.getAttribute('href')).toBe('/students/myCourses');
    expect(within(header()).queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(within(header()).queryByRole('link', { name: 'Join Now' })).toBeNull();

    fireEvent.click(within(header()).getByRole('button', { name: 'Account menu' }));
    expect(within(header()).getByText('nora@example.com')).toBeTruthy();
    expect(within(header()).getByRole('link', { name: 'Account Settings' })).toBeTruthy();

    fireEvent.click(within(header()).getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' }, WAIT);
    expect(within(menu).getByRole('link', { name: 'My Courses' }).getAttribute('href')).toBe(
      '/students/myCourses',
    );
    expect(within(menu).queryByRole('link', { name: 'Sign In' })).toBeNull();
    fireEvent.click(within(menu).getByRole('button', { name: 'Log Out' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), WAIT);
    expect(storage.get('authToken')).toBeNull();
    expect(calls.some((call) => pathOf(call).endsWith('users/Logout'))).toBe(true);
  });

  it('a school gets Dashboard and its own account entries', async () => {
    signIn(1);
    renderRoutes(routes, '/certificates/SW-AAAA-BBBB-CCCC-DDDD');
    const back = await within(header()).findByRole('link', { name: 'Dashboard' }, WAIT);
    expect(back.getAttribute('href')).toBe('/admin');
    fireEvent.click(within(header()).getByRole('button', { name: 'Account menu' }));
    expect(within(header()).getByRole('link', { name: 'My Students' }).getAttribute('href')).toBe(
      '/admin/myStudents',
    );
    expect(within(header()).queryByRole('link', { name: 'Account Settings' })).toBeNull();
  });

  it('a page that does not exist shows the way back too', async () => {
    signIn(3);
    renderRoutes(routes, '/no-such-page');
    await screen.findByText('Page not found', {}, WAIT);
    expect(within(header()).getByRole('link', { name: 'My Courses' })).toBeTruthy();
  });
});
