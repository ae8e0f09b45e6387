import { PAGE_SIZES, type SaleRow } from '@skillwise/contracts';
import { useState } from 'react';
import { RowButton } from '@/components/ui/button';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { ChartIcon } from '@/components/ui/icons';
import { Stat } from '@/components/ui/stat';
import { cn } from '@/lib/cn';
import { csvFileName } from '@/lib/csv';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { type MessageId, t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useListState } from '@/lib/paging';
import { listAllSales, type SalesPage, useSales } from '../api/payments';
import { refundableCents, salesCsv, salesTotals } from '../lib/sales';
import { PayoutsSummary } from './payouts-summary';
import { RefundRequests } from './refund-requests';
import { RefundSaleDialog } from './refund-sale-dialog';
import { SalesTrend } from './sales-trend';

const PAGE_SIZE = PAGE_SIZES.sales;

type Translate = typeof translate;

/** A fee as a cell reads it: taken off with a minus, or "Not reported" when the provider sent none. */
const feeText = (dollars: number | null | undefined) =>
  dollars === null
    ? translate('admin.payments.sales.notReported')
    : dollars
      ? `−${formatPrice(dollars)}`
      : formatPrice(0);

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
const refundColumn = (t: Translate, onRefund: (sale: SaleRow) => void): DataColumn<SaleRow> => ({
  header: t('admin.payments.sales.refund'),
  hideHeader: true,
  align: 'end',
  card: 'line',
  cell: (row) =>
    refundableCents(row) > 0 ? (
      <RowButton
        onClick={() => onRefund(row)}
        label={t('admin.payments.sales.refundLabel', { product: row.product, buyer: row.buyer_email })}
      >
        {t('admin.payments.sales.refund')}
      </RowButton>
    ) : (
      <span className="text-sm text-slate-500">{t('admin.payments.sales.refunded')}</span>
    ),
});

/**
 * SPEC §2.14's purchase columns, as written there, with what is taken off the sale price between the
 * price and the earnings (the net, docs/decisions/024), plus the buyer; on a phone, a card a sale.
 */
const columns = (t: Translate): ReadonlyArray<DataColumn<SaleRow>> => [
  {
    header: t('admin.payments.sales.col.date'),
    cell: (row) => formatDate(row.date),
    className: 'whitespace-nowrap text-slate-600',
    card: 'field',
  },
  {
    header: t('admin.payments.sales.col.salePrice'),
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
    header: t('admin.payments.sales.col.discount'),
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
  moneyColumn(t('admin.payments.sales.col.platformFee'), (row) => feeText(row.platform_fee ?? 0)),
  moneyColumn(t('admin.payments.sales.col.providerFee'), (row) => feeText(row.provider_fee)),
  moneyColumn(t('admin.payments.sales.col.refunded'), (row) => feeText(row.refunded ?? 0)),
  {
    header: t('admin.payments.sales.col.earnings'),
    cell: (row) => formatPrice(row.earnings),
    align: 'end',
    className: 'font-medium text-emerald-700 tabular-nums',
    card: 'field',
    cardClassName: 'font-medium text-emerald-700 tabular-nums',
  },
  {
    header: t('admin.payments.sales.col.product'),
    cell: (row) => row.product,
    className: 'max-w-72 font-medium break-words text-slate-900',
    card: 'title',
    cardCell: (row) => <p className="font-semibold break-words text-slate-900">{row.product}</p>,
  },
  {
    header: t('admin.payments.sales.col.buyer'),
    cell: (row) => row.buyer_email,
    className: 'max-w-64 break-all text-slate-600',
    card: 'field',
    cardClassName: 'break-all text-slate-700',
    cardWide: true,
  },
];

const unreportedNote = (t: Translate, count: number) =>
  count === 0 ? undefined : t('admin.payments.sales.unreported', { count });

/** The number of sales and the server's sums; without them, the page's own, labelled as the page's. */
const Totals = ({ page }: { page: SalesPage }) => {
  const t = useT();
  const { rows, total, sums } = page;
  const own = salesTotals(rows);
  // The server's sums cover every sale the search finds; the page's own only when it holds them all.
  const isWhole = rows.length >= total;
  const figure = (server: number | undefined, fallback: number) => ({
    value: server ?? fallback,
    whole: server !== undefined || isWhole,
  });
  const label = (name: MessageId, whole: boolean) =>
    whole ? t(name) : t('admin.payments.sales.onThisPage', { name: t(name) });
  const revenue = figure(sums.revenue, own.revenue);
  const platformFee = figure(sums.platformFee, own.platformFee);
  const providerFee = figure(sums.providerFee, own.providerFee);
  const refunded = figure(sums.refunded, own.refunded);
  const earnings = figure(sums.earnings, own.earnings);
  const unreported = figure(sums.providerFeeUnreported, own.providerFeeUnreported);
  return (
    <section
      aria-label={t('admin.payments.sales.totals')}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-6"
    >
      <Stat label={t('admin.payments.sales.sales')} value={formatCount(total)} />
      <Stat label={label('admin.payments.sales.revenue', revenue.whole)} value={formatPrice(revenue.value)} />
      <Stat
        label={label('admin.payments.sales.platformFees', platformFee.whole)}
        value={formatPrice(platformFee.value)}
      />
      <Stat
        label={label('admin.payments.sales.providerFees', providerFee.whole)}
        value={formatPrice(providerFee.value)}
        note={unreportedNote(t, unreported.value)}
      />
      <Stat
        label={label('admin.payments.sales.refunded', refunded.whole)}
        value={formatPrice(refunded.value)}
      />
      <Stat
        label={label('admin.payments.sales.earnings', earnings.whole)}
        value={formatPrice(earnings.value)}
      />
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
  const t = useT();
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const [refunding, setRefunding] = useState<SaleRow | null>(null);
  const sales = useSales({ page, pageSize: PAGE_SIZE, search });
  const pager = useListPager({ page, setPage }, sales, {
    label: t('admin.payments.sales.pages'),
    pageSize: PAGE_SIZE,
    noun: 'admin.payments.sales.rowCount',
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
        label={t('admin.payments.sales.sales')}
        query={sales}
        rowKey={(row) => row.order_Id}
        columns={[...columns(t), refundColumn(t, setRefunding)]}
        tableClassName="min-w-[1140px]"
        fields="grid"
        loadingLabel={t('admin.payments.sales.loading')}
        errorText={t('admin.payments.sales.loadFailed')}
        search={
          hasSales
            ? { label: t('admin.payments.sales.search'), value: searchText, onChange: setSearchText }
            : undefined
        }
        actions={
          hasSales ? (
            <ExportCsvButton
              csv={async () => salesCsv(await listAllSales(search))}
              fileName={() => csvFileName('sales')}
              errorText={t('admin.payments.sales.exportFailed')}
              disabled={total === 0}
            />
          ) : undefined
        }
        empty={
          search === '' ? (
            <EmptyState
              icon={<ChartIcon />}
              title={t('admin.payments.sales.emptyTitle')}
              hint={t('admin.payments.sales.emptyHint')}
            />
          ) : (
            <EmptyState
              icon={<ChartIcon />}
              title={t('admin.payments.sales.noMatchTitle')}
              hint={t('admin.payments.sales.noMatchHint')}
            />
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
