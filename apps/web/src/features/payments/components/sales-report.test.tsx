import {
  PAGE_SIZES,
  type SaleRow,
  TOTAL_EARNINGS_HEADER,
  TOTAL_SALE_PRICE_HEADER,
} from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, pageAnswer, pathOf, queryOf, renderRoutes } from '@/test/render';
import { SalesReport } from './sales-report';

const SALES: SaleRow[] = [
  {
    order_Id: 12,
    date: '2026-03-04T10:00:00.000Z',
    sale_price: 19.99,
    earnings: 19.99,
    currency: 'USD',
    product: 'Knots for Sailors',
    course_Id: 4,
    buyer_email: 'stella@example.com',
  },
  {
    order_Id: 11,
    date: '2026-03-01T10:00:00.000Z',
    sale_price: 0.1,
    earnings: 0.1,
    currency: 'USD',
    product: 'Tides',
    course_Id: 5,
    buyer_email: 'sam@example.com',
  },
];

const wide = (matches: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

beforeEach(() => storage.set('authToken', 'token'));

describe('Sales (SPEC §2.13, key users)', () => {
  it('shows the totals and a row per sale with DATE, SALE PRICE, EARNINGS (USD), PRODUCT', async () => {
    wide(true);
    const calls = mockFetch(() => ({ body: SALES, total: 2 }));
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');

    const table = await screen.findByRole('table', { name: 'Sales' });
    expect(pathOf(calls[0])).toBe('/api/orders/GetSalesByOrgId');
    expect(queryOf(calls[0]).toString()).toBe(`page=1&pageSize=${PAGE_SIZES.sales}`);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['DATE', 'SALE PRICE', 'EARNINGS (USD)', 'PRODUCT', 'BUYER']);
    const firstRow = within(table).getAllByRole('row')[1];
    if (!firstRow) throw new Error('no sale row');
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      expect.stringMatching(/^Mar [34], 2026$/),
      '$19.99',
      '$19.99',
      'Knots for Sailors',
      'stella@example.com',
    ]);
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('2')).toBeTruthy();
    expect(within(totals).getAllByText('$20.09')).toHaveLength(2);
  });

  it('lists the sales as cards on a narrow screen', async () => {
    wide(false);
    mockFetch(() => ({ body: SALES, total: 2 }));
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');
    const list = await screen.findByRole('list', { name: 'Sales' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when there is no sale yet', async () => {
    wide(true);
    mockFetch(() => ({ body: [], total: 0 }));
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');
    expect(await screen.findByText('No sales yet')).toBeTruthy();
    expect(screen.getAllByText('$0.00')).toHaveLength(2);
  });

  it('shows the revenue and earnings of every sale from the server’s sums, on any page and with a search', async () => {
    wide(true);
    const many = Array.from({ length: 25 }, (_, index) => ({
      ...SALES[0],
      order_Id: index + 1,
      product: index % 5 === 0 ? `Tides ${index + 1}` : `Knots ${index + 1}`,
    })) as SaleRow[];
    const calls = mockFetch((call) => {
      const answer = pageAnswer(call, many, (row) => [row.product]);
      // What the server adds up over every sale the search finds (earnings less than the price here,
      // so the two cards are told apart).
      const isSearch = queryOf(call).get('search') !== null;
      return {
        ...answer,
        headers: {
          [TOTAL_SALE_PRICE_HEADER]: isSearch ? '99.95' : '499.75',
          [TOTAL_EARNINGS_HEADER]: isSearch ? '89.95' : '449.75',
        },
      };
    });
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');

    const totals = await screen.findByRole('region', { name: 'Totals' });
    const card = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent;
    expect(card('Sales')).toBe('25');
    expect(card('Revenue')).toBe('$499.75');
    expect(card('Earnings')).toBe('$449.75');
    expect(within(totals).queryByText('Revenue on this page')).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: /Page 3/ }));
    expect(await screen.findByText('Showing 21–25 of 25 sales')).toBeTruthy();
    expect(card('Revenue')).toBe('$499.75');
    expect(card('Earnings')).toBe('$449.75');

    fireEvent.change(screen.getByLabelText('Search by product'), { target: { value: 'tides' } });
    expect(await screen.findByText('5 sales')).toBeTruthy();
    expect(queryOf(calls.at(-1)).get('search')).toBe('tides');
    expect(card('Sales')).toBe('5');
    expect(card('Revenue')).toBe('$99.95');
    expect(card('Earnings')).toBe('$89.95');
  });

  it('shows zero revenue and earnings when the server sums no sale', async () => {
    wide(true);
    mockFetch(() => ({
      body: [],
      total: 0,
      headers: { [TOTAL_SALE_PRICE_HEADER]: '0.00', [TOTAL_EARNINGS_HEADER]: '0.00' },
    }));
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');
    expect(await screen.findByText('No sales yet')).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Revenue')).toBeTruthy();
    expect(within(totals).getAllByText('$0.00')).toHaveLength(2);
  });

  it('counts every sale from X-Total-Count, pages them and searches by product on the server', async () => {
    wide(true);
    const many = Array.from({ length: 25 }, (_, index) => ({
      ...SALES[0],
      order_Id: index + 1,
      product: index % 5 === 0 ? `Tides ${index + 1}` : `Knots ${index + 1}`,
    })) as SaleRow[];
    const calls = mockFetch((call) => pageAnswer(call, many, (row) => [row.product]));
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');

    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('25')).toBeTruthy();
    // Without the server's sums: those of the page shown, and labelled so, when the sales span pages.
    expect(within(totals).getByText('Revenue on this page')).toBeTruthy();
    expect(within(totals).getAllByText('$199.90')).toHaveLength(2);
    expect(screen.getByText('Showing 1–10 of 25 sales')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: /Page 3/ }));
    expect(await screen.findByText('Showing 21–25 of 25 sales')).toBeTruthy();
    expect(queryOf(calls.at(-1)).get('page')).toBe('3');

    fireEvent.change(screen.getByLabelText('Search by product'), { target: { value: 'tides' } });
    expect(await screen.findByText('5 sales')).toBeTruthy();
    expect(queryOf(calls.at(-1)).toString()).toBe('page=1&pageSize=10&search=tides');
    expect(within(totals).getByText('Revenue')).toBeTruthy();
    expect(within(totals).getByText('5')).toBeTruthy();
  });
});
