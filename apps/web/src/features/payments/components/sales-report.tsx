import { PAGE_SIZES, type SaleRow } from '@skillwise/contracts';
import { Card } from '@/components/ui/card';
import { type DataColumn, DataList } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ChartIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { useClampedPage, useListState } from '@/lib/paging';
import { useSales } from '../api/payments';
import { salesTotals } from '../lib/sales';

const PAGE_SIZE = PAGE_SIZES.sales;

const Stat = ({ label, value, className }: { label: string; value: string; className?: string }) => (
  <Card className={cn('min-w-0 px-4 py-4 sm:p-5', className)}>
    <p className="text-xs font-medium text-slate-500 sm:text-sm">{label}</p>
    <p className="mt-1 text-xl font-bold tracking-tight whitespace-nowrap text-slate-900 tabular-nums sm:text-2xl">
      {value}
    </p>
  </Card>
);

/** SPEC §2.14's purchase columns, as written there, plus the buyer; on a phone, a card a sale. */
const COLUMNS: ReadonlyArray<DataColumn<SaleRow>> = [
  {
    header: 'DATE',
    cell: (row) => formatDate(row.date),
    className: 'whitespace-nowrap text-slate-600',
    card: 'field',
  },
  {
    header: 'SALE PRICE',
    cell: (row) => formatPrice(row.sale_price),
    align: 'end',
    className: 'font-medium text-slate-900 tabular-nums',
    card: 'aside',
    cardCell: (row) => (
      <p className="font-semibold text-slate-900 tabular-nums">{formatPrice(row.sale_price)}</p>
    ),
  },
  {
    header: 'EARNINGS (USD)',
    cell: (row) => formatPrice(row.earnings),
    align: 'end',
    className: 'font-medium text-emerald-700 tabular-nums',
    card: 'field',
    cardClassName: 'font-medium text-emerald-700 tabular-nums',
  },
  {
    header: 'PRODUCT',
    cell: (row) => row.product,
    className: 'max-w-72 font-medium break-words text-slate-900',
    card: 'title',
    cardCell: (row) => <p className="font-semibold break-words text-slate-900">{row.product}</p>,
  },
  {
    header: 'BUYER',
    cell: (row) => row.buyer_email,
    className: 'max-w-64 break-all text-slate-600',
    card: 'field',
    cardClassName: 'break-all text-slate-700',
    cardWide: true,
  },
];

type Sums = { revenue?: number | undefined; earnings?: number | undefined };

/** The number of sales and the server's sums; without them, the page's own, labelled as the page's. */
const Totals = ({ rows, total, sums }: { rows: SaleRow[]; total: number; sums: Sums }) => {
  const pageTotals = salesTotals(rows);
  const isWhole = rows.length >= total;
  const revenue = sums.revenue ?? pageTotals.revenue;
  const earnings = sums.earnings ?? pageTotals.earnings;
  const isRevenueWhole = sums.revenue !== undefined || isWhole;
  const isEarningsWhole = sums.earnings !== undefined || isWhole;
  return (
    <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      <Stat label="Sales" value={formatCount(total)} className="col-span-2 sm:col-span-1" />
      <Stat label={isRevenueWhole ? 'Revenue' : 'Revenue on this page'} value={formatPrice(revenue)} />
      <Stat label={isEarningsWhole ? 'Earnings' : 'Earnings on this page'} value={formatPrice(earnings)} />
    </section>
  );
};

/**
 * SPEC §2.13 Sales (key `users`): the organisation's course sales, a page at a time and searched by
 * product on the server (DESIGN 10). The number of sales, the revenue and the earnings are the server's,
 * over every sale the search finds (DESIGN 11: figures shown are real). A server that sends no sums
 * leaves the page's own, labelled as the page's when the sales span several pages.
 */
export const SalesReport = () => {
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const sales = useSales({ page, pageSize: PAGE_SIZE, search });
  useClampedPage(page, PAGE_SIZE, sales, setPage);

  const total = sales.data?.total ?? 0;
  return (
    <div className="flex flex-col gap-6">
      {sales.data ? <Totals rows={sales.data.rows} total={total} sums={sales.data.sums} /> : null}
      <DataList
        label="Sales"
        query={sales}
        rowKey={(row) => row.order_Id}
        columns={COLUMNS}
        tableClassName="min-w-[720px]"
        fields="grid"
        loadingLabel="Loading sales..."
        errorText="Could not load your sales."
        search={
          total > 0 || search !== '' || searchText !== ''
            ? { label: 'Search by product', value: searchText, onChange: setSearchText }
            : undefined
        }
        empty={
          search === '' ? (
            <EmptyState
              icon={<ChartIcon />}
              title="No sales yet"
              hint="When a student buys one of your courses, the sale appears here."
            />
          ) : (
            <EmptyState icon={<ChartIcon />} title="No sales match your search" hint="Try another product." />
          )
        }
        pager={{
          label: 'Sales pages',
          page,
          pageSize: PAGE_SIZE,
          onPageChange: setPage,
          noun: ['sale', 'sales'],
        }}
      />
    </div>
  );
};
