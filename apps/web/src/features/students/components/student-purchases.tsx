import { PAGE_SIZES, type SaleRow } from '@skillwise/contracts';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ChartIcon } from '@/components/ui/icons';
import { formatDate, formatPrice } from '@/lib/format';
import { usePurchases } from '../api/students';

const PAGE_SIZE = PAGE_SIZES.purchases;

const COLUMNS: ReadonlyArray<DataColumn<SaleRow>> = [
  {
    header: 'Date',
    cell: (row) => formatDate(row.date),
    className: 'whitespace-nowrap text-slate-600',
    card: 'field',
  },
  {
    header: 'Sale Price',
    // What the buyer paid; with a coupon, its code and what it took off (docs/decisions/030).
    cell: (row) => (
      <>
        {formatPrice(row.sale_price)}
        {row.coupon_code ? (
          <span className="block text-xs text-slate-500">
            {row.coupon_code} · −{formatPrice(row.discount ?? 0)}
          </span>
        ) : null}
      </>
    ),
    className: 'whitespace-nowrap text-slate-900',
    card: 'field',
    cardLabel: 'Sale price',
  },
  {
    header: 'Earnings (USD)',
    cell: (row) => formatPrice(row.earnings),
    className: 'font-medium whitespace-nowrap text-emerald-700',
    card: 'field',
    cardClassName: 'font-medium text-emerald-700',
  },
  {
    header: 'Product',
    cell: (row) => row.product,
    className: 'break-words text-slate-700',
    card: 'title',
    cardCell: (row) => <p className="font-medium break-words text-slate-900">{row.product}</p>,
  },
];

/**
 * SPEC §2.14 Purchases: DATE, SALE PRICE, EARNINGS (USD), PRODUCT of what the student bought, a page at
 * a time from the server (DESIGN 10).
 */
export const StudentPurchases = ({ userId }: { userId: string }) => {
  const [page, setPage] = useState(1);
  const purchases = usePurchases(userId, { page, pageSize: PAGE_SIZE });
  const pager = useListPager({ page, setPage }, purchases, {
    label: 'Purchases pages',
    pageSize: PAGE_SIZE,
    noun: ['purchase', 'purchases'],
  });
  return (
    <Card className="overflow-hidden">
      <h2 className="border-b border-slate-100 px-6 py-4 text-lg font-semibold text-slate-900">Purchases</h2>
      <DataList
        variant="inset"
        label="Purchases"
        query={purchases}
        rowKey={(row) => row.order_Id}
        columns={COLUMNS}
        tableClassName="min-w-[560px]"
        loadingLabel="Loading purchases..."
        errorText="The purchases could not be loaded."
        empty={
          <EmptyState
            icon={<ChartIcon />}
            title="No purchases yet"
            hint="Courses this student buys from you will appear here."
            className="m-6"
          />
        }
        pager={pager}
      />
    </Card>
  );
};
