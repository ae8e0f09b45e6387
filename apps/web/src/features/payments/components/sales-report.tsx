import { PAGE_SIZES, type SaleRow } from '@skillwise/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { ChartIcon } from '@/components/ui/icons';
import { Stat } from '@/components/ui/stat';
import { cn } from '@/lib/cn';
import { csvFileName } from '@/lib/csv';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { useListState } from '@/lib/paging';
import { listAllSales, type SalesPage, useSales } from '../api/payments';
import { refundableCents, salesCsv, salesTotals } from '../lib/sales';
import { PayoutsSummary } from './payouts-summary';
import { RefundRequests } from './refund-requests';
import { RefundSaleDialog } from './refund-sale-dialog';
import { SalesTrend } from './sales-trend';

const PAGE_SIZE = PAGE_SIZES.sales;

/** A fee as a cell reads it: taken off with a minus, or "Not reported" when the provider sent none. */
const feeText = (dollars: number | null | undefined) =>
  dollars === null ? 'Not reported' : dollars ? `−${formatPrice(dollars)}` : formatPrice(0);

const moneyColumn = (
  header: string,
  value: (row: SaleRow) => string,
  className = 'text-slate-600 tabular-nums',
): DataColumn<SaleRow> => ({
  header,
  cell: value,
  align: 'end',
  className: cn('whitespace-nowrap', className),
  card: 'field',
  cardClassName: className,
});

/** A sale's Refund button, while something of it is left to give back (docs/decisions/029). */
const refundColumn = (onRefund: (sale: SaleRow) => void): DataColumn<SaleRow> => ({
  header: 'Refund',
  hideHeader: true,
  align: 'end',
  card: 'line',
  cell: (row) =>
    refundableCents(row) > 0 ? (
      <Button
        variant="outline"
        size="sm"
        onClick={() => onRefund(row)}
        aria-label={`Refund ${row.product} bought by ${row.buyer_email}`}
      >
        Refund
      </Button>
    ) : (
      <span className="text-sm text-slate-500">Refunded</span>
    ),
});

/**
 * SPEC §2.14's purchase columns, as written there, with what is taken off the sale price between the
 * price and the earnings (the net, docs/decisions/024), plus the buyer; on a phone, a card a sale.
 */
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
    // What a coupon took off the list price, and its code (docs/decisions/030).
    header: 'DISCOUNT',
    cell: (row) => (
      <>
        <span className="block whitespace-nowrap">{feeText(row.discount ?? 0)}</span>
        {row.coupon_code ? (
          <span className="ms-auto block max-w-28 font-mono text-xs break-all text-slate-500">
            {row.coupon_code}
          </span>
        ) : null}
      </>
    ),
    align: 'end',
    className: 'text-slate-600 tabular-nums',
    card: 'field',
    cardCell: (row) => (
      <>
        {feeText(row.discount ?? 0)}
        {row.coupon_code ? (
          <span className="block font-mono text-xs break-all text-slate-500">{row.coupon_code}</span>
        ) : null}
      </>
    ),
    cardClassName: 'min-w-0 text-slate-600 tabular-nums',
  },
  moneyColumn('PLATFORM FEE', (row) => feeText(row.platform_fee ?? 0)),
  moneyColumn('PROVIDER FEE', (row) => feeText(row.provider_fee)),
  moneyColumn('REFUNDED', (row) => feeText(row.refunded ?? 0)),
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

const unreportedNote = (count: number) =>
  count === 0
    ? undefined
    : `${formatCount(count)} ${count === 1 ? 'sale’s fee was' : 'sales’ fees were'} not reported by the provider`;

/** The number of sales and the server's sums; without them, the page's own, labelled as the page's. */
const Totals = ({ page }: { page: SalesPage }) => {
  const { rows, total, sums } = page;
  const own = salesTotals(rows);
  // The server's sums cover every sale the search finds; the page's own only when it holds them all.
  const isWhole = rows.length >= total;
  const figure = (server: number | undefined, fallback: number) => ({
    value: server ?? fallback,
    whole: server !== undefined || isWhole,
  });
  const label = (name: string, whole: boolean) => (whole ? name : `${name} on this page`);
  const revenue = figure(sums.revenue, own.revenue);
  const platformFee = figure(sums.platformFee, own.platformFee);
  const providerFee = figure(sums.providerFee, own.providerFee);
  const refunded = figure(sums.refunded, own.refunded);
  const earnings = figure(sums.earnings, own.earnings);
  const unreported = figure(sums.providerFeeUnreported, own.providerFeeUnreported);
  return (
    <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-6">
      <Stat label="Sales" value={formatCount(total)} />
      <Stat label={label('Revenue', revenue.whole)} value={formatPrice(revenue.value)} />
      <Stat label={label('Platform fees', platformFee.whole)} value={formatPrice(platformFee.value)} />
      <Stat
        label={label('Provider fees', providerFee.whole)}
        value={formatPrice(providerFee.value)}
        note={unreportedNote(unreported.value)}
      />
      <Stat label={label('Refunded', refunded.whole)} value={formatPrice(refunded.value)} />
      <Stat label={label('Earnings', earnings.whole)} value={formatPrice(earnings.value)} />
    </section>
  );
};

/**
 * SPEC §2.13 Sales (key `users`): the organisation's course sales, a page at a time and searched by
 * product on the server (DESIGN 10), with what each earned after fees and refunds. The number of sales,
 * the revenue, the fees and the earnings are the server's, over every sale the search finds (DESIGN 11:
 * figures shown are real). A server that sends no sums leaves the page's own, labelled as the page's
 * when the sales span several pages. Above them, gross and net over time; Export CSV downloads every
 * sale the search finds. Each sale with something left to give back has its Refund button.
 */
export const SalesReport = () => {
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const [refunding, setRefunding] = useState<SaleRow | null>(null);
  const sales = useSales({ page, pageSize: PAGE_SIZE, search });
  const pager = useListPager({ page, setPage }, sales, {
    label: 'Sales pages',
    pageSize: PAGE_SIZE,
    noun: ['sale', 'sales'],
  });

  const total = sales.data?.total ?? 0;
  const hasSales = total > 0 || search !== '' || searchText !== '';

  return (
    <div className="flex flex-col gap-6">
      {sales.data ? <Totals page={sales.data} /> : null}
      {sales.data && hasSales ? <SalesTrend /> : null}
      {sales.data && hasSales ? <PayoutsSummary /> : null}
      {sales.data && hasSales ? <RefundRequests /> : null}
      <DataList
        label="Sales"
        query={sales}
        rowKey={(row) => row.order_Id}
        columns={[...COLUMNS, refundColumn(setRefunding)]}
        tableClassName="min-w-[1140px]"
        fields="grid"
        loadingLabel="Loading sales..."
        errorText="Could not load your sales."
        search={
          hasSales ? { label: 'Search by product', value: searchText, onChange: setSearchText } : undefined
        }
        actions={
          hasSales ? (
            <ExportCsvButton
              csv={async () => salesCsv(await listAllSales(search))}
              fileName={() => csvFileName('sales')}
              errorText="The sales could not be exported. Please try again."
              disabled={total === 0}
            />
          ) : undefined
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
        pager={pager}
      />
      {refunding ? (
        <RefundSaleDialog key={refunding.order_Id} sale={refunding} onClose={() => setRefunding(null)} />
      ) : null}
    </div>
  );
};
