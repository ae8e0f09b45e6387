import { PAGE_SIZES, type SaleRow } from '@skillwise/contracts';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ChartIcon } from '@/components/ui/icons';
import { formatDate, formatPrice } from '@/lib/format';
import type { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { usePurchases } from '../api/students';

const PAGE_SIZE = PAGE_SIZES.purchases;

/** The columns, their headers in the current language (built as the list draws). */
const columns = (t: typeof translate): ReadonlyArray<DataColumn<SaleRow>> => [
  {
    header: t('admin.students.purchases.date'),
    cell: (row) => formatDate(row.date),
    className: 'whitespace-nowrap text-slate-600',
    card: 'field',
  },
  {
    header: t('admin.students.purchases.salePrice'),
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
    cardLabel: t('admin.students.purchases.salePriceCard'),
  },
  {
    header: t('admin.students.purchases.earnings'),
    cell: (row) => formatPrice(row.earnings),
    className: 'font-medium whitespace-nowrap text-emerald-700',
    card: 'field',
    cardClassName: 'font-medium text-emerald-700',
  },
  {
    header: t('admin.students.purchases.product'),
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
  const t = useT();
  const [page, setPage] = useState(1);
  const purchases = usePurchases(userId, { page, pageSize: PAGE_SIZE });
  const pager = useListPager({ page, setPage }, purchases, {
    label: t('admin.students.purchases.pages'),
    pageSize: PAGE_SIZE,
    noun: [t('admin.students.purchases.noun'), t('admin.students.purchases.nounPlural')],
  });
  return (
    <Card className="overflow-hidden">
      <h2 className="border-b border-slate-100 px-6 py-4 text-lg font-semibold text-slate-900">
        {t('admin.students.purchases.title')}
      </h2>
      <DataList
        variant="inset"
        label={t('admin.students.purchases.title')}
        query={purchases}
        rowKey={(row) => row.order_Id}
        columns={columns(t)}
        tableClassName="min-w-[560px]"
        loadingLabel={t('admin.students.purchases.loading')}
        errorText={t('admin.students.purchases.loadFailed')}
        empty={
          <EmptyState
            icon={<ChartIcon />}
            title={t('admin.students.purchases.none')}
            hint={t('admin.students.purchases.noneHint')}
            className="m-6"
          />
        }
        pager={pager}
      />
    </Card>
  );
};
