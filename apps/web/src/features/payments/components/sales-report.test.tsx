import {
  PAGE_SIZE_MAX,
  PAGE_SIZES,
  PROVIDER_FEE_UNREPORTED_HEADER,
  SALES_TOTAL_HEADERS,
  type SaleRow,
  TOTAL_EARNINGS_HEADER,
  TOTAL_SALE_PRICE_HEADER,
} from '@skillwise/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import {
  type FetchCall,
  mockFetch as mockEveryFetch,
  pageAnswer,
  pathOf,
  queryOf,
  renderRoutes,
} from '@/test/render';
import { SalesReport } from './sales-report';

// The chart draws on a canvas, which the test's document has not: its figures are checked in its table.
vi.mock('./sales-chart', () => ({ default: () => <div data-testid="sales-chart" /> }));

const SERIES = {
  interval: 'day',
  from: '2026-03-01',
  to: '2026-03-03',
  currency: 'USD',
  points: [
    { start: '2026-03-01', gross: 0.1, net: 0.1 },
    { start: '2026-03-02', gross: 0, net: 0 },
    { start: '2026-03-03', gross: 19.99, net: 17.42 },
  ],
};

const PAYOUTS = {
  mode: 'collected',
  currency: 'USD',
  earned: 1250.5,
  paid_out: 1000,
  balance: 250.5,
  payouts: [
    {
      payout_Id: 2,
      amount: 600,
      currency: 'USD',
      reference: 'BANK-0042',
      note: 'March',
      recorded_date: '2026-04-02T09:00:00.000Z',
    },
    {
      payout_Id: 1,
      amount: 400,
      currency: 'USD',
      reference: 'BANK-0017',
      note: null,
      recorded_date: '2026-03-02T09:00:00.000Z',
    },
  ],
  payouts_count: 2,
};

let REQUESTS: unknown[] = [];

const OTHER_CALLS: Record<string, unknown> = {
  '/api/orders/GetSalesSeries': SERIES,
  '/api/orders/GetPayouts': PAYOUTS,
  get '/api/orders/GetRefundRequests'() {
    return REQUESTS;
  },
};

/** mockFetch for the Sales list, the series and payouts answered as above; only the list's calls recorded. */
const mockFetch = (answer: Parameters<typeof mockEveryFetch>[0]): FetchCall[] => {
  const all = mockEveryFetch((call) =>
    pathOf(call) in OTHER_CALLS ? { body: OTHER_CALLS[pathOf(call)] } : answer(call),
  );
  return new Proxy(all, {
    get: (target, key) => {
      const listCalls = target.filter((call) => !(pathOf(call) in OTHER_CALLS));
      const value = Reflect.get(listCalls, key);
      return typeof value === 'function' ? value.bind(listCalls) : value;
    },
  });
};

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

beforeEach(() => {
  storage.set('authToken', 'token');
  REQUESTS = [];
});

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
    ).toEqual([
      'DATE',
      'SALE PRICE',
      'DISCOUNT',
      'PLATFORM FEE',
      'PROVIDER FEE',
      'REFUNDED',
      'EARNINGS (USD)',
      'PRODUCT',
      'BUYER',
      'Refund',
    ]);
    const firstRow = within(table).getAllByRole('row')[1];
    if (!firstRow) throw new Error('no sale row');
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      expect.stringMatching(/^Mar [34], 2026$/),
      '$19.99',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$19.99',
      'Knots for Sailors',
      'stella@example.com',
      'Refund',
    ]);
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('2')).toBeTruthy();
    expect(within(totals).getAllByText('$20.09')).toHaveLength(2);
  });

  it('shows what a coupon took off and its code, on a wide screen and on a phone', async () => {
    const sale: SaleRow = {
      ...SALES[0],
      order_Id: 13,
      sale_price: 10,
      gross: 20,
      discount: 10,
      net: 10,
      earnings: 10,
      coupon_code: 'HALF50',
    } as SaleRow;
    wide(true);
    mockFetch(() => ({ body: [sale], total: 1 }));
    const { unmount } = renderRoutes([{ path: '/', element: <SalesReport /> }], '/');
    const table = await screen.findByRole('table', { name: 'Sales' });
    const row = within(table).getAllByRole('row')[1];
    if (!row) throw new Error('no sale row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1, 3),
    ).toEqual(['$10.00', '−$10.00HALF50']);
    unmount();
    wide(false);
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');
    const card = await screen.findByRole('list', { name: 'Sales' });
    expect(within(card).getByText('HALF50').parentElement?.textContent).toBe('−$10.00HALF50');
  });

  it('refunds a sale: a part keeps the course unless asked, the request is named once, the list is read again', async () => {
    wide(true);
    const refunds: unknown[] = [];
    const calls = mockFetch((call) => {
      if (pathOf(call) === '/api/orders/RefundOrder') {
        refunds.push(call.body);
        return {
          body: {
            refund_Id: 3,
            order_Id: 12,
            amount: 5,
            currency: 'USD',
            status: 'pending',
            removed_access: false,
            refunded_total: 5,
            refundable: 14.99,
          },
        };
      }
      return { body: SALES, total: 2 };
    });
    const told = vi.spyOn(notify, 'info');
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Refund Knots for Sailors bought by stella@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund sale' });
    const amount = within(dialog).getByLabelText(/Amount \(USD\)/) as HTMLInputElement;
    const access = within(dialog).getByRole('checkbox', {
      name: /Remove access to the course/,
    }) as HTMLInputElement;
    // All that is left, and the course taken with it, until the school says otherwise.
    expect(amount.value).toBe('19.99');
    expect(access.checked).toBe(true);
    fireEvent.change(amount, { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(/What is left|At most \$19\.99/)).toBeTruthy();
    expect(within(dialog).getByText('Say why you refund this sale')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '5' } });
    expect(access.checked).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Started late' } });
    const listed = calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await vi.waitFor(() => expect(told).toHaveBeenCalled());
    expect(told.mock.calls[0]?.[0]).toMatch(/^The refund of \$5\.00 is waiting for the payment provider/);
    expect(refunds).toEqual([
      {
        order_Id: 12,
        amount: 5,
        reason: 'Started late',
        remove_access: false,
        request_id: expect.stringMatching(/^refund-[0-9a-f]{32}$/),
      },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Refund sale' })).toBeNull();
    // The sales are read again.
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(listed));
  });

  it('lists the refund requests outside the guarantee; approving one asks first, then refunds it', async () => {
    wide(true);
    REQUESTS = [
      {
        request_Id: 7,
        order_Id: 12,
        product: 'Knots for Sailors',
        buyer_email: 'stella@example.com',
        amount: 19.99,
        currency: 'USD',
        reason: 'I could not attend',
        outside_because: 'The 30-day money-back guarantee ended on 2026-04-03.',
        status: 'pending',
        answer: null,
        created_date: '2026-05-01T10:00:00.000Z',
        answered_date: null,
      },
    ];
    const answers: unknown[] = [];
    mockFetch((call) => {
      if (pathOf(call) === '/api/orders/AnswerRefundRequest') {
        answers.push(call.body);
        return { body: { ...(REQUESTS[0] as object), status: 'approved' } };
      }
      return { body: SALES, total: 2 };
    });
    const told = vi.spyOn(notify, 'success');
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');
    const section = await screen.findByRole('region', { name: 'Refund requests' });
    expect(within(section).getByText('“I could not attend”')).toBeTruthy();
    expect(within(section).getByText('Waiting for you')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Approve refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the refund?' });
    expect(answers).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Message to the buyer/), { target: { value: 'Granted' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await vi.waitFor(() => expect(told).toHaveBeenCalledWith('Refunded $19.99 to stella@example.com.'));
    expect(answers).toEqual([{ request_Id: 7, approve: true, message: 'Granted' }]);
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
    expect(screen.getAllByText('$0.00')).toHaveLength(5);
    // Nothing to chart or export yet.
    expect(screen.queryByRole('region', { name: 'Sales over time' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
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
    expect(within(totals).getAllByText('$0.00')).toHaveLength(5);
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

  it('shows what each sale earns after the fees and refunds, and the totals of every part', async () => {
    wide(true);
    const sale: SaleRow = {
      ...SALES[0],
      earnings: 15.29,
      gross: 19.99,
      discount: 0,
      platform_fee: 2.05,
      provider_fee: null,
      refunded: 2.65,
      net: 15.29,
    } as SaleRow;
    mockFetch(() => ({
      body: [sale],
      total: 1,
      headers: {
        [TOTAL_SALE_PRICE_HEADER]: '19.99',
        [TOTAL_EARNINGS_HEADER]: '-3.24',
        [SALES_TOTAL_HEADERS.platformFee]: '2.05',
        [SALES_TOTAL_HEADERS.providerFee]: '1.19',
        [SALES_TOTAL_HEADERS.refunded]: '19.99',
        [PROVIDER_FEE_UNREPORTED_HEADER]: '2',
      },
    }));
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');
    const table = await screen.findByRole('table', { name: 'Sales' });
    const row = within(table).getAllByRole('row')[1];
    if (!row) throw new Error('no sale row');
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(1, 7)
        .map((cell) => cell.textContent),
    ).toEqual(['$19.99', '$0.00', '−$2.05', 'Not reported', '−$2.65', '$15.29']);
    const totals = screen.getByRole('region', { name: 'Totals' });
    const card = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent;
    expect(card('Platform fees')).toBe('$2.05');
    expect(card('Provider fees')).toBe('$1.19');
    expect(card('Refunded')).toBe('$19.99');
    // A sale refunded after its fees were taken earns less than nothing.
    expect(card('Earnings')).toBe('-$3.24');
    expect(within(totals).getByText('2 sales’ fees were not reported by the provider')).toBeTruthy();
  });

  it('shows gross and net over time, its figures in a table, by day, week or month', async () => {
    wide(true);
    const every = mockEveryFetch((call) =>
      pathOf(call) === '/api/orders/GetSalesSeries'
        ? { body: { ...SERIES, interval: queryOf(call).get('interval') } }
        : pathOf(call) === '/api/orders/GetPayouts'
          ? { body: PAYOUTS }
          : pathOf(call) === '/api/orders/GetRefundRequests'
            ? { body: [] }
            : { body: SALES, total: 2 },
    );
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');
    const trend = await screen.findByRole('region', { name: 'Sales over time' });
    expect(await within(trend).findByTestId('sales-chart')).toBeTruthy();
    expect(within(trend).getByText('Over the last 30 days: gross $20.09, net $17.52.')).toBeTruthy();
    const figures = within(trend).getByRole('table');
    expect(
      within(figures)
        .getAllByRole('row')
        .map((tr) => tr.textContent),
    ).toEqual(['DayGrossNet', 'Mar 1$0.10$0.10', 'Mar 2$0.00$0.00', 'Mar 3$19.99$17.42']);
    const series = () => every.filter((call) => pathOf(call) === '/api/orders/GetSalesSeries');
    expect(queryOf(series()[0]).get('interval')).toBe('day');
    fireEvent.click(within(trend).getByRole('button', { name: 'Weeks' }));
    await vi.waitFor(() => expect(queryOf(series().at(-1)).get('interval')).toBe('week'));
    expect(await within(trend).findByText('Week of Mar 3')).toBeTruthy();
  });

  it('exports every sale the search finds as CSV, with its parts in plain numbers', async () => {
    wide(true);
    const many = Array.from({ length: PAGE_SIZE_MAX + 2 }, (_, index) => ({
      ...SALES[0],
      order_Id: index + 1,
      product: index === 0 ? '=Knots, "advanced"' : `Knots ${index + 1}`,
      gross: 19.99,
      discount: 0,
      platform_fee: 2.05,
      provider_fee: index === 1 ? null : 0.88,
      refunded: 0,
      net: index === 1 ? 17.94 : 17.06,
      earnings: index === 1 ? 17.94 : 17.06,
    })) as SaleRow[];
    const calls = mockFetch((call) => pageAnswer(call, many, (row) => [row.product]));
    const created: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        created.push(blob);
        return 'blob:sales';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(calls.slice(1).map((call) => queryOf(call).toString())).toEqual([
      `page=1&pageSize=${PAGE_SIZE_MAX}`,
      `page=2&pageSize=${PAGE_SIZE_MAX}`,
    ]);
    const lines = new TextDecoder()
      .decode(await created[0]?.arrayBuffer())
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date,Order,Product,Buyer,Currency,Sale price,Discount,Coupon,Platform fee,Provider fee,Refunded,Earnings (net)',
    );
    expect(lines[1]).toBe(
      `2026-03-04,1,"'=Knots, ""advanced""",stella@example.com,USD,19.99,0.00,,2.05,0.88,0.00,17.06`,
    );
    expect(lines[2]).toBe('2026-03-04,2,Knots 2,stella@example.com,USD,19.99,0.00,,2.05,,0.00,17.94');
    expect(lines).toHaveLength(PAGE_SIZE_MAX + 4);
    click.mockRestore();
  });

  it('shows what the school is owed and its latest payouts', async () => {
    wide(true);
    const every = mockEveryFetch((call) =>
      pathOf(call) in OTHER_CALLS ? { body: OTHER_CALLS[pathOf(call)] } : { body: SALES, total: 2 },
    );
    renderRoutes([{ path: '/', element: <SalesReport /> }], '/');
    const section = await screen.findByRole('region', { name: 'Payouts' });
    const figure = (label: string) => within(section).getByText(label).nextElementSibling?.textContent;
    expect(figure('Earned')).toBe('$1,250.50');
    expect(figure('Paid out')).toBe('$1,000.00');
    expect(figure('Owed to you')).toBe('$250.50');
    const rows = within(section)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'DateReferenceAmount',
      'Apr 2, 2026BANK-0042March$600.00',
      'Mar 2, 2026BANK-0017$400.00',
    ]);
    const asked = every.find((call) => pathOf(call) === '/api/orders/GetPayouts');
    expect(queryOf(asked).toString()).toBe('page=1&pageSize=5');
  });
});
