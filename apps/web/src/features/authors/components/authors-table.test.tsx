import { AUTHORS_PAGE_SIZE, type Author } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, pageAnswer, queryOf, renderRoutes } from '@/test/render';
import { AuthorsTable } from './authors-table';

const author = (id: number): Author => ({
  author_id: id,
  first_name: `First${id}`,
  last_name: `Last${id}`,
  gender: 'F',
  email_address: `a${id}@example.com`,
  phone_number: '+12025550123',
  bio: '',
  profile_picturePath: null,
  org_Id: 1,
  created_date: '2026-03-04T10:00:00.000Z',
  courses_count: id === 1 ? 1 : 0,
});

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  storage.set('authToken', 'token');
});
afterEach(() => vi.unstubAllGlobals());

const rows = () => screen.getAllByRole('row').slice(1);

const authorText = (row: Author) => [`${row.first_name} ${row.last_name}`, row.email_address];
const renderTable = () =>
  renderRoutes([{ path: '/', element: <AuthorsTable onAddAuthor={() => undefined} /> }], '/');

describe('AuthorsTable (SPEC §2.13 Authors)', () => {
  it('shows the spec columns and asks the server for five authors a page', async () => {
    const seven = Array.from({ length: 7 }, (_, index) => author(index + 1));
    const calls = mockFetch((call) => pageAnswer(call, seven, authorText));
    renderTable();

    expect(await screen.findByText('First1 Last1')).toBeTruthy();
    expect(calls[0]?.url).toBe(`/api/authors/GetAuthorByOrgId?org_Id=&page=1&pageSize=${AUTHORS_PAGE_SIZE}`);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Email',
      'Email Output',
      'Last Login',
      'Joined',
      'Purchases',
      'Actions',
    ]);
    expect(rows()).toHaveLength(5);
    expect(within(rows()[0] as HTMLElement).getByText('a1@example.com')).toBeTruthy();
    expect(screen.getByText('Showing 1–5 of 7 authors')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: /Page 2/ }));
    expect(await screen.findByText('First7 Last7')).toBeTruthy();
    expect(queryOf(calls.at(-1)).get('page')).toBe('2');
    expect(rows()).toHaveLength(2);
    expect(screen.getByText('Showing 6–7 of 7 authors')).toBeTruthy();
  });

  it('searches authors by name or e-mail on the server, from page 1', async () => {
    const calls = mockFetch((call) => pageAnswer(call, [author(1), author(2)], authorText));
    renderTable();
    await screen.findByText('First1 Last1');

    fireEvent.change(screen.getByLabelText('Search authors'), { target: { value: 'FIRST2' } });
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('First2 Last2')).toBeTruthy();
    expect(queryOf(calls.at(-1)).toString()).toBe('org_Id=&page=1&pageSize=5&search=FIRST2');

    fireEvent.change(screen.getByLabelText('Search authors'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No author matches')).toBeTruthy();
  });

  it('deletes an author after confirmation, through DELETE authors/{id}', async () => {
    const calls = mockFetch(({ method }) =>
      method === 'DELETE' ? { body: { message: 'Deleted' } } : { body: [author(2)], total: 1 },
    );
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete First2 Last2' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Author' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await vi.waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/authors/2');
  });

  it('goes back to the last page when a delete empties the one shown', async () => {
    let authors = Array.from({ length: 6 }, (_, index) => author(index + 1));
    const calls = mockFetch((call) => {
      if (call.method === 'DELETE') {
        authors = authors.filter((row) => row.author_id !== 6);
        return { body: { message: 'Deleted' } };
      }
      return pageAnswer(call, authors, authorText);
    });
    renderTable();
    await screen.findByText('First1 Last1');
    fireEvent.click(await screen.findByRole('button', { name: /Page 2/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete First6 Last6' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Author' })).getByRole('button', { name: 'Delete' }),
    );

    // Page 2 answers no row of 5: the table asks for page 1 and shows it.
    await vi.waitFor(() => expect(queryOf(calls.at(-1)).get('page')).toBe('1'));
    expect(await screen.findByText('5 authors')).toBeTruthy();
    expect(rows()).toHaveLength(5);
    expect(screen.queryByRole('navigation', { name: 'Authors pages' })).toBeNull();
  });
});
