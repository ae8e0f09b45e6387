import { PAGE_SIZES } from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ChartIcon } from '@/components/ui/icons';
import { ListPager } from '@/components/ui/list-pager';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate, formatPrice } from '@/lib/format';
import { isPageGone, useClampedPage } from '@/lib/paging';
import { usePurchases } from '../api/students';

const PAGE_SIZE = PAGE_SIZES.purchases;

const COLUMNS = ['Date', 'Sale Price', 'Earnings (USD)', 'Product'] as const;

/**
 * SPEC §2.14 Purchases: DATE, SALE PRICE, EARNINGS (USD), PRODUCT of what the student bought, a page at
 * a time from the server (DESIGN 10).
 */
export const StudentPurchases = ({ userId }: { userId: string }) => {
  const [page, setPage] = useState(1);
  const purchases = usePurchases(userId, { page, pageSize: PAGE_SIZE });
  useClampedPage(page, PAGE_SIZE, purchases, setPage);
  const rows = purchases.data?.rows ?? [];
  const total = purchases.data?.total ?? 0;
  const dimmed = purchases.isPlaceholderData && 'opacity-60';
  return (
    <Card className="overflow-hidden">
      <h2 className="border-b border-slate-100 px-6 py-4 text-lg font-semibold text-slate-900">Purchases</h2>
      {purchases.isPending || isPageGone(purchases.data) ? (
        <LoadingBlock label="Loading purchases..." />
      ) : purchases.isError ? (
        <div className="p-6">
          <Alert>{errorMessage(purchases.error, 'The purchases could not be loaded.')}</Alert>
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<ChartIcon />}
          title="No purchases yet"
          hint="Courses this student buys from you will appear here."
          className="m-6"
        />
      ) : (
        <div className={cn('relative hidden overflow-x-auto md:block', dimmed)}>
          <table className="w-full min-w-[560px] text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-6 py-3">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.order_Id}>
                  <td className="px-6 py-3 whitespace-nowrap text-slate-600">{formatDate(row.date)}</td>
                  <td className="px-6 py-3 whitespace-nowrap text-slate-900">
                    {formatPrice(row.sale_price)}
                  </td>
                  <td className="px-6 py-3 font-medium whitespace-nowrap text-emerald-700">
                    {formatPrice(row.earnings)}
                  </td>
                  <td className="px-6 py-3 break-words text-slate-700">{row.product}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > 0 ? (
        <ul
          aria-label="Purchases"
          className={cn('flex flex-col divide-y divide-slate-100 md:hidden', dimmed)}
        >
          {rows.map((row) => (
            <li key={row.order_Id} className="px-6 py-4">
              <p className="font-medium break-words text-slate-900">{row.product}</p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-500">Date</dt>
                <dd className="text-slate-700">{formatDate(row.date)}</dd>
                <dt className="text-slate-500">Sale price</dt>
                <dd className="text-slate-700">{formatPrice(row.sale_price)}</dd>
                <dt className="text-slate-500">Earnings (USD)</dt>
                <dd className="font-medium text-emerald-700">{formatPrice(row.earnings)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length > 0 ? (
        <div className="border-t border-slate-100 px-6 py-4">
          <ListPager
            label="Purchases pages"
            page={page}
            pageSize={PAGE_SIZE}
            total={total}
            onPageChange={setPage}
            noun={['purchase', 'purchases']}
          />
        </div>
      ) : null}
    </Card>
  );
};
