import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DataColumn, DataList, type DataListProps, type DataListQuery } from './data-list';

type Book = { id: number; title: string; price: string; isbn: string };

const book = (id: number): Book => ({ id, title: `Book ${id}`, price: `$${id}.00`, isbn: `isbn-${id}` });

const COLUMNS: ReadonlyArray<DataColumn<Book>> = [
  { header: 'Title', cell: (row) => row.title, card: 'title' },
  { header: 'Price', cell: (row) => row.price, card: 'field', cardLabel: 'Price (USD)' },
  { header: 'ISBN', cell: (row) => row.isbn },
  {
    header: 'Actions',
    hideHeader: true,
    align: 'end',
    card: 'aside',
    cell: (row) => <button type="button">Edit {row.title}</button>,
  },
];

const screenIs = (wide: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

afterEach(() => vi.unstubAllGlobals());

const query = (over: Partial<DataListQuery<Book>> = {}): DataListQuery<Book> => ({
  data: { rows: [book(1), book(2)], total: 12 },
  isPending: false,
  isError: false,
  error: null,
  isPlaceholderData: false,
  refetch: vi.fn(),
  ...over,
});

const renderList = (list: DataListQuery<Book>, extra: { onPageChange?: (page: number) => void } = {}) =>
  render(
    <DataList
      label="Books"
      query={list}
      rowKey={(row) => row.id}
      columns={COLUMNS}
      loadingLabel="Loading books..."
      errorText="Could not load the books."
      empty={<p>No books yet</p>}
      pager={{
        label: 'Books pages',
        page: 1,
        pageSize: 2,
        onPageChange: extra.onPageChange ?? (() => undefined),
        noun: ['book', 'books'],
      }}
    />,
  );

describe('DataList', () => {
  it('shows a table named by its label on a wide screen, with every column, and the pager', async () => {
    screenIs(true);
    const onPageChange = vi.fn();
    renderList(query(), { onPageChange });

    const table = screen.getByRole('table', { name: 'Books' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Price', 'ISBN', 'Actions']);
    // The actions column's heading is read, not shown.
    expect(within(table).getByText('Actions').className).toContain('sr-only');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Book 1', 'Book 2']);
    expect(within(rows[0] as HTMLElement).getByText('isbn-1')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Books' })).toBeNull();

    expect(screen.getByText('Showing 1–2 of 12 books')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /Page 2/ }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('shows a card a row on a phone: the title, the aside, the labelled fields, no other column', () => {
    screenIs(false);
    renderList(query());

    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Books' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('Book 1')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Edit Book 1' })).toBeTruthy();
    expect(first.getByText('Price (USD)').tagName).toBe('DT');
    expect(first.getByText('$1.00').tagName).toBe('DD');
    expect(first.queryByText('isbn-1')).toBeNull();
  });

  it('says it is loading while the first page comes', () => {
    screenIs(true);
    renderList(query({ data: undefined, isPending: true }));
    expect(screen.getByRole('status').textContent).toBe('Loading books...');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('explains a failed load and asks again on "Try again"', () => {
    screenIs(true);
    const refetch = vi.fn();
    renderList(query({ data: undefined, isError: true, error: new Error('offline'), refetch }));
    expect(screen.getByRole('alert').textContent).toContain('Could not load the books.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps the page shown when asking again fails, with the error above it', () => {
    screenIs(true);
    renderList(query({ isError: true, error: new Error('offline') }));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Books' })).toBeTruthy();
  });

  it('shows the empty state, and no pager, when nothing matches', () => {
    screenIs(true);
    renderList(query({ data: { rows: [], total: 0 } }));
    expect(screen.getByText('No books yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/books$/)).toBeNull();
  });

  it('dims the page being replaced and marks it busy', () => {
    screenIs(true);
    renderList(query({ isPlaceholderData: true }));
    const box = screen.getByRole('table', { name: 'Books' }).parentElement as HTMLElement;
    expect(box.getAttribute('aria-busy')).toBe('true');
    expect(box.className).toContain('opacity-60');
  });

  it('has a labelled search box that reports what is typed', () => {
    screenIs(true);
    const onChange = vi.fn();
    render(
      <DataList
        label="Books"
        query={query()}
        rowKey={(row) => row.id}
        item={(row) => <p>{row.title}</p>}
        itemProps={(row) => ({ className: 'flex', 'data-first': row.id === 1 || undefined })}
        loadingLabel="Loading books..."
        errorText="Could not load the books."
        empty={null}
        search={{ label: 'Search books', value: '', onChange }}
      />,
    );
    fireEvent.change(screen.getByLabelText('Search books'), { target: { value: 'dune' } });
    expect(onChange).toHaveBeenCalledWith('dune');
    // One layout on every screen: a list, no table.
    const items = within(screen.getByRole('list', { name: 'Books' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-first'))).toEqual(['true', null]);
    expect(items[0]?.className).toBe('flex');
    expect(screen.queryByRole('table')).toBeNull();
  });

  describe('a bare list of items (a grid of cards)', () => {
    const renderBare = (
      list: DataListQuery<Book>,
      over: Partial<Pick<DataListProps<Book>, 'errorText' | 'pager'>> = {},
    ) =>
      render(
        <DataList
          variant="bare"
          label="Books"
          query={list}
          rowKey={(row) => row.id}
          item={(row) => <article>{row.title}</article>}
          listClassName="grid gap-5"
          loadingLabel="Loading books"
          placeholder={<div role="status" aria-label="Loading books" />}
          errorText={over.errorText ?? 'Could not load the books.'}
          empty={<p>No books yet</p>}
          pager={
            over.pager ?? {
              label: 'Books pages',
              page: 1,
              pageSize: 2,
              onPageChange: () => undefined,
              noun: ['book', 'books'],
            }
          }
        />,
      );

    it('is the list alone, with its own classes, dimmed and busy while the next page comes', () => {
      renderBare(query({ isPlaceholderData: true }));
      const list = screen.getByRole('list', { name: 'Books' });
      expect(list.className).toContain('grid gap-5');
      expect(list.className).toContain('opacity-60');
      expect(list.getAttribute('aria-busy')).toBe('true');
      expect(within(list).getAllByRole('article')).toHaveLength(2);
    });

    it('draws its placeholder while the first page loads', () => {
      renderBare(query({ data: undefined, isPending: true }));
      expect(screen.getByRole('status', { name: 'Loading books' })).toBeTruthy();
      expect(screen.queryByText('Loading books...')).toBeNull();
    });

    it('says the message its errorText gives, whatever the server said; no empty state beside it', () => {
      renderBare(query({ data: { rows: [], total: 0 }, isError: true, error: new Error('offline') }), {
        errorText: () => 'Error fetching books.',
      });
      expect(screen.getByRole('alert').textContent).toBe('Error fetching books.');
      expect(screen.queryByText('No books yet')).toBeNull();
    });

    it('can show the count in the search row, the page links alone under the list', () => {
      renderBare(query(), {
        pager: {
          label: 'Books pages',
          page: 1,
          pageSize: 2,
          onPageChange: () => undefined,
          noun: ['book', 'books'],
          summary: 'toolbar',
        },
      });
      const count = screen.getByText('Showing 1–2 of 12 books');
      expect(count.nextElementSibling).toBeNull();
      expect(count.parentElement?.contains(screen.getByRole('list', { name: 'Books' }))).toBe(false);
    });

    it('can leave the pager out while every row fits one page', () => {
      const pager = {
        label: 'Books pages',
        page: 1,
        pageSize: 2,
        onPageChange: () => undefined,
        noun: ['book', 'books'] as const,
        onlyWhenPaged: true,
      };
      const { unmount } = renderBare(query({ data: { rows: [book(1), book(2)], total: 2 } }), { pager });
      expect(screen.queryByText('2 books')).toBeNull();
      unmount();
      renderBare(query(), { pager });
      expect(screen.getByText('Showing 1–2 of 12 books')).toBeTruthy();
    });
  });
});
