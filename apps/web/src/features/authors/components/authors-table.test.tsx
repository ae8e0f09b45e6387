import type { Author } from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, renderRoutes } from '@/test/render';
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

describe('AuthorsTable (SPEC §2.13 Authors)', () => {
  it('shows the spec columns and five authors a page, the newest first', async () => {
    mockFetch(() => ({ body: Array.from({ length: 7 }, (_, index) => author(index + 1)) }));
    renderRoutes([{ path: '/', element: <AuthorsTable onAddAuthor={() => undefined} /> }], '/');

    expect(await screen.findByText('First7 Last7')).toBeTruthy();
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
    expect(within(rows()[0] as HTMLElement).getByText('a7@example.com')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Page 2/ }));
    expect(rows()).toHaveLength(2);
    expect(screen.getByText('First1 Last1')).toBeTruthy();
  });

  it('finds authors by name or e-mail, any case', async () => {
    mockFetch(() => ({ body: [author(1), author(2)] }));
    renderRoutes([{ path: '/', element: <AuthorsTable onAddAuthor={() => undefined} /> }], '/');
    await screen.findByText('First1 Last1');

    fireEvent.change(screen.getByLabelText('Search authors'), { target: { value: 'FIRST2' } });
    expect(rows()).toHaveLength(1);
    expect(screen.getByText('First2 Last2')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search authors'), { target: { value: 'a1@example' } });
    expect(screen.getByText('First1 Last1')).toBeTruthy();
  });

  it('deletes an author after confirmation, through DELETE authors/{id}', async () => {
    const calls = mockFetch(({ method }) =>
      method === 'DELETE' ? { body: { message: 'Deleted' } } : { body: [author(2)] },
    );
    renderRoutes([{ path: '/', element: <AuthorsTable onAddAuthor={() => undefined} /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete First2 Last2' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Author' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await vi.waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/authors/2');
  });
});
