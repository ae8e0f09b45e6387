import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUrlListState } from '@/lib/paging';
import { courseItem } from '@/test/fixtures';
import { type FetchCall, mockFetch, pathOf, queryOf, renderRoutes } from '@/test/render';
import { useCatalogueFilters } from '../hooks/use-catalogue-filters';
import { catalogueParams, parseCatalogueFilters } from '../lib/catalogue-filters';
import { CourseCatalogue } from './course-catalogue';

const Location = () => <output aria-label="Location">{useLocation().search}</output>;

const Catalogue = () => (
  <>
    <CourseCatalogue list={useUrlListState()} filters={useCatalogueFilters()} onSelect={() => undefined} />
    <Location />
  </>
);
const routes = [{ path: '/courses', element: <Catalogue /> }];

const COURSES = [
  courseItem(1, { course_title: 'Watercolour', price: 0 }),
  courseItem(2, { course_title: 'Python', price: 49 }),
  courseItem(3, { course_title: 'Sketching', price: 0 }),
];
const CATEGORIES = [
  { category_name: 'Art', courses_count: 2 },
  { category_name: 'Programming', courses_count: 1 },
];

/** The server's answers: the catalogue filtered by price as it would be, and the category names. */
const answer = (call: FetchCall) => {
  if (pathOf(call) === '/api/courses/GetCatalogueCategories') return { body: CATEGORIES };
  const price = queryOf(call).get('price');
  const rows = COURSES.filter((row) => !price || (price === 'free' ? row.price === 0 : row.price > 0));
  return { body: rows, total: rows.length };
};
const catalogueCalls = (calls: FetchCall[]) =>
  calls.filter((call) => pathOf(call) === '/api/courses/GetAllCoursesDetail');
const lastQuery = (calls: FetchCall[]) => queryOf(catalogueCalls(calls).at(-1));
const location = () => screen.getByRole('status', { name: 'Location' }).textContent;

afterEach(() => vi.unstubAllGlobals());

describe('the catalogue’s filters', () => {
  it('sends the category, price and order, keeps them in the URL and goes back to page 1', async () => {
    const calls = mockFetch(answer);
    renderRoutes(routes, '/courses?page=2');
    expect(await screen.findByRole('option', { name: 'Art (2)' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Art' } });
    await waitFor(() => expect(lastQuery(calls).get('category')).toBe('Art'));
    expect(lastQuery(calls).get('page')).toBe('1');
    expect(location()).toBe('?category=Art');

    fireEvent.click(screen.getByRole('button', { name: 'Free' }));
    await waitFor(() => expect(lastQuery(calls).get('price')).toBe('free'));
    expect(screen.getByRole('button', { name: 'Free' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('2 courses')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price_desc' } });
    await waitFor(() => expect(lastQuery(calls).get('sort')).toBe('price_desc'));
    expect(location()).toBe('?category=Art&price=free&sort=price_desc');
    expect(lastQuery(calls).toString()).toBe('category=Art&price=free&sort=price_desc&page=1&pageSize=12');
  });

  it('opens with the filters of a shared link, and Back undoes each change', async () => {
    const calls = mockFetch(answer);
    const { router } = renderRoutes(routes, '/courses?price=paid&sort=rating&category=art');
    expect(await screen.findByRole('button', { name: 'Python' })).toBeTruthy();
    expect(lastQuery(calls).get('price')).toBe('paid');
    expect(lastQuery(calls).get('sort')).toBe('rating');
    // The category chosen in any case shows as its name.
    await waitFor(() => expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Art'));
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('rating');
    expect(screen.getByRole('button', { name: 'Paid' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'All prices' }));
    await waitFor(() => expect(location()).toBe('?sort=rating&category=art'));
    expect(await screen.findByRole('button', { name: 'Watercolour' })).toBeTruthy();

    await router.navigate(-1);
    await waitFor(() => expect(location()).toBe('?price=paid&sort=rating&category=art'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Watercolour' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Paid' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('clears every filter at once, and leaves values the server would refuse out of the call', async () => {
    const calls = mockFetch(answer);
    renderRoutes(routes, '/courses?price=cheap&sort=oldest&search=py');
    expect(await screen.findByRole('button', { name: 'Python' })).toBeTruthy();
    expect(lastQuery(calls).has('price')).toBe(false);
    expect(lastQuery(calls).has('sort')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Free' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('?search=py'));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('says when no course matches the filters and offers to clear them', async () => {
    mockFetch((call) =>
      pathOf(call) === '/api/courses/GetCatalogueCategories' ? { body: CATEGORIES } : { body: [], total: 0 },
    );
    renderRoutes(routes, '/courses?category=Music');
    expect(await screen.findByText('No course matches these filters.')).toBeTruthy();
    // A category no course uses any more stays shown as the one chosen.
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Music');
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    fireEvent.click(clear.at(-1) as HTMLElement);
    await waitFor(() => expect(location()).toBe(''));
  });
});

describe('parseCatalogueFilters', () => {
  it('keeps the values the server takes and drops the others', () => {
    const read = (query: string) => parseCatalogueFilters((name) => new URLSearchParams(query).get(name));
    expect(read('category=%20Art%20&price=free&sort=newest')).toEqual({
      category: 'Art',
      price: 'free',
      sort: 'newest',
    });
    expect(read('price=FREE&sort=cheapest')).toEqual({ category: '', price: '', sort: '' });
    expect(read(`category=${'x'.repeat(101)}`).category).toBe('');
    expect(catalogueParams(read('price=paid'))).toEqual({ price: 'paid' });
    expect(catalogueParams(read(''))).toEqual({});
  });
});
