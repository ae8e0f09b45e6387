import { type Category, PAGE_SIZES } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, pageAnswer, pathOf, queryOf, renderRoutes } from '@/test/render';
import { CategoryList } from './category-list';

const category = (id: number): Category => ({
  category_Id: id,
  category_name: `Topic ${String(id).padStart(2, '0')}`,
  category_description: '',
  org_Id: 3,
  created_by: 1,
  created_date: '2026-03-04T10:00:00.000Z',
  courses_count: 0,
});

beforeEach(() => {
  storage.set('authToken', 'token');
  storage.set('orgId', 3);
});
afterEach(() => vi.unstubAllGlobals());

const listCalls = (calls: ReturnType<typeof mockFetch>) =>
  calls.filter((call) => pathOf(call) === '/api/coursecategory/GetCourseCategoriesByOrgId');
const shownNames = () =>
  within(screen.getByRole('list', { name: 'Categories' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('CategoryList (SPEC §2.13 Category)', () => {
  it('asks for ten categories a page, searches by name on the server and pages with its total', async () => {
    const all = Array.from({ length: 12 }, (_, index) => category(index + 1));
    const calls = mockFetch((call) => pageAnswer(call, all, (row) => [row.category_name]));
    renderRoutes([{ path: '/', element: <CategoryList onAddCategory={() => undefined} /> }], '/');

    expect(await screen.findByText('Topic 01')).toBeTruthy();
    expect(queryOf(listCalls(calls)[0]).toString()).toBe(`org_Id=3&page=1&pageSize=${PAGE_SIZES.categories}`);
    expect(shownNames()).toHaveLength(10);
    expect(screen.getByText('Showing 1–10 of 12 categories')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: /Page 2/ }));
    expect(await screen.findByText('Topic 12')).toBeTruthy();
    expect(shownNames()).toEqual(['Topic 11', 'Topic 12']);

    fireEvent.change(screen.getByLabelText('Search Category By Name'), { target: { value: 'topic 0' } });
    expect(await screen.findByText('9 categories')).toBeTruthy();
    expect(queryOf(listCalls(calls).at(-1)).toString()).toBe('org_Id=3&page=1&pageSize=10&search=topic+0');

    fireEvent.change(screen.getByLabelText('Search Category By Name'), { target: { value: 'none' } });
    expect(await screen.findByText('No categories match your search')).toBeTruthy();
  });

  it('shows the page before when a delete empties the last one', async () => {
    let all = Array.from({ length: 11 }, (_, index) => category(index + 1));
    const calls = mockFetch((call) => {
      if (call.method === 'DELETE') {
        all = all.filter((row) => String(row.category_Id) !== queryOf(call).get('category_Id'));
        return { body: { message: 'Deleted' } };
      }
      return pageAnswer(call, all, (row) => [row.category_name]);
    });
    renderRoutes([{ path: '/', element: <CategoryList onAddCategory={() => undefined} /> }], '/');
    await screen.findByText('Topic 01');
    fireEvent.click(await screen.findByRole('button', { name: /Page 2/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Topic 11' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Category' })).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByText('10 categories')).toBeTruthy();
    expect(queryOf(listCalls(calls).at(-1)).get('page')).toBe('1');
    expect(shownNames()).toHaveLength(10);
    expect(screen.queryByText('No categories yet')).toBeNull();
  });
});
