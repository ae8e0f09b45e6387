import { PAGE_SIZES, type SaleRow } from '@skillwise/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ChartIcon } from '@/components/ui/icons';
import { ListPager } from '@/components/ui/list-pager';
import { SearchInput } from '@/components/ui/search-input';
import { LoadingBlock } from '@/components/ui/spinner';
import { DESKTOP_MIN_WIDTH } from '@/config/app';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { isPageGone, useClampedPage, useListState } from '@/lib/paging';
import { useMediaQuery } from '@/lib/use-media-query';
import { useSales } from '../api/payments';
import { salesTotals } from '../lib/sales';

const PAGE_SIZE = PAGE_SIZES.sales;

/** SPEC §2.14's purchase columns, as written there, plus the buyer. */
const COLUMNS = ['DATE', 'SALE PRICE', 'EARNINGS (USD)', 'PRODUCT', 'BUYER'] as const;
const AMOUNT_COLUMNS = new Set<string>(['SALE PRICE', 'EARNINGS (USD)']);

const Stat = ({ label, value, className }: { label: string; value: string; className?: string }) => (
  <Card className={cn('min-w-0 px-4 py-4 sm:p-5', className)}>
    <p className="text-xs font-medium text-slate-500 sm:text-sm">{label}</p>
    <p className="mt-1 text-xl font-bold tracking-tight whitespace-nowrap text-slate-900 tabular-nums sm:text-2xl">
      {value}
    </p>
  </Card>
);

const SalesTable = ({ rows }: { rows: SaleRow[] }) => (
  <Card className="overflow-x-auto">
    <table className="w-full min-w-[720px] text-left text-sm">
      <caption className="sr-only">Sales</caption>
      <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500">
        <tr>
          {COLUMNS.map((column) => (
            <th
              key={column}
              scope="col"
              className={AMOUNT_COLUMNS.has(column) ? 'px-4 py-3 text-right' : 'px-4 py-3'}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.order_Id} className="align-middle">
            <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatDate(row.date)}</td>
            <td className="px-4 py-3 text-right font-medium text-slate-900 tabular-nums">
              {formatPrice(row.sale_price)}
            </td>
            <td className="px-4 py-3 text-right font-medium text-emerald-700 tabular-nums">
              {formatPrice(row.earnings)}
            </td>
            <td className="max-w-72 px-4 py-3 font-medium break-words text-slate-900">{row.product}</td>
            <td className="max-w-64 px-4 py-3 break-all text-slate-600">{row.buyer_email}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </Card>
);

/** Narrow screens: one card per sale instead of a table wider than the screen. */
const SalesList = ({ rows }: { rows: SaleRow[] }) => (
  <ul aria-label="Sales" className="flex flex-col gap-3">
    {rows.map((row) => (
      <li key={row.order_Id}>
        <Card className="flex flex-col gap-3 p-4">
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 font-semibold break-words text-slate-900">{row.product}</p>
            <p className="shrink-0 font-semibold text-slate-900 tabular-nums">
              {formatPrice(row.sale_price)}
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-xs font-medium text-slate-500">DATE</dt>
              <dd className="text-slate-700">{formatDate(row.date)}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-500">EARNINGS (USD)</dt>
              <dd className="font-medium text-emerald-700 tabular-nums">{formatPrice(row.earnings)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs font-medium text-slate-500">BUYER</dt>
              <dd className="break-all text-slate-700">{row.buyer_email}</dd>
            </div>
          </dl>
        </Card>
      </li>
    ))}
  </ul>
);

/**
 * SPEC §2.13 Sales (key `users`): the organisation's course sales, a page at a time and searched by
 * product on the server (DESIGN 10). The number of sales, the revenue and the earnings are the server's,
 * over every sale the search finds (DESIGN 11: figures shown are real). A server that sends no sums
 * leaves the page's own, labelled as the page's when the sales span several pages.
 */
export const SalesReport = () => {
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const sales = useSales({ page, pageSize: PAGE_SIZE, search });
  const isWide = useMediaQuery(`(min-width: ${DESKTOP_MIN_WIDTH}px)`);
  useClampedPage(page, PAGE_SIZE, sales, setPage);

  if (sales.isPending) return <LoadingBlock label="Loading sales..." />;
  if (sales.isError && !sales.data) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert className="w-full">{errorMessage(sales.error, 'Could not load your sales.')}</Alert>
        <Button variant="outline" onClick={() => void sales.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const { rows, total, sums } = sales.data;
  const pageTotals = salesTotals(rows);
  const isWhole = rows.length >= total;
  const revenue = sums.revenue ?? pageTotals.revenue;
  const earnings = sums.earnings ?? pageTotals.earnings;
  const isRevenueWhole = sums.revenue !== undefined || isWhole;
  const isEarningsWhole = sums.earnings !== undefined || isWhole;
  const dimmed = sales.isPlaceholderData && 'opacity-60';
  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <Stat label="Sales" value={formatCount(total)} className="col-span-2 sm:col-span-1" />
        <Stat label={isRevenueWhole ? 'Revenue' : 'Revenue on this page'} value={formatPrice(revenue)} />
        <Stat label={isEarningsWhole ? 'Earnings' : 'Earnings on this page'} value={formatPrice(earnings)} />
      </section>
      {total > 0 || search !== '' || searchText !== '' ? (
        <SearchInput
          label="Search by product"
          value={searchText}
          onChange={setSearchText}
          className="sm:max-w-md"
        />
      ) : null}
      {sales.isError ? <Alert>{errorMessage(sales.error, 'Could not load your sales.')}</Alert> : null}
      {isPageGone(sales.data) ? (
        <LoadingBlock label="Loading sales..." />
      ) : total === 0 && search === '' ? (
        <EmptyState
          icon={<ChartIcon />}
          title="No sales yet"
          hint="When a student buys one of your courses, the sale appears here."
        />
      ) : total === 0 ? (
        <EmptyState icon={<ChartIcon />} title="No sales match your search" hint="Try another product." />
      ) : (
        <>
          <div className={dimmed || undefined} aria-busy={sales.isPlaceholderData || undefined}>
            {isWide ? <SalesTable rows={rows} /> : <SalesList rows={rows} />}
          </div>
          <ListPager
            label="Sales pages"
            page={page}
            pageSize={PAGE_SIZE}
            total={total}
            onPageChange={setPage}
            noun={['sale', 'sales']}
          />
        </>
      )}
    </div>
  );
};
