import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { mockFetch, renderRoutes } from '@/test/render';
import { SalesReport } from './sales-report';

const SALES = [
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
    const calls = mockFetch(() => ({ body: SALES }));
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');

    const table = await screen.findByRole('table', { name: 'Sales' });
    expect(calls[0]?.url).toBe('/api/orders/GetSalesByOrgId');
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
    mockFetch(() => ({ body: SALES }));
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');
    const list = await screen.findByRole('list', { name: 'Sales' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when there is no sale yet', async () => {
    wide(true);
    mockFetch(() => ({ body: [] }));
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');
    expect(await screen.findByText('No sales yet')).toBeTruthy();
    expect(screen.getAllByText('$0.00')).toHaveLength(2);
  });
});
