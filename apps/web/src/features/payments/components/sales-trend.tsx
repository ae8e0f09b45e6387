import type { SalesInterval, SalesSeries } from '@skillwise/contracts';
import { lazy, Suspense, useState } from 'react';
import { FilterPills } from '@/components/ui/filter-pills';
import { TitledCard } from '@/components/ui/titled-card';
import { formatPrice } from '@/lib/format';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useSalesSeries } from '../api/payments';
import { bucketLabel } from '../lib/sales';

// The chart library is loaded with this screen's chart only, never with the rest of the app.
const SalesChart = lazy(() => import('./sales-chart'));

const INTERVALS: ReadonlyArray<{ value: SalesInterval; label: MessageId }> = [
  { value: 'day', label: 'admin.payments.trend.days' },
  { value: 'week', label: 'admin.payments.trend.weeks' },
  { value: 'month', label: 'admin.payments.trend.months' },
];
/** The span a series covers, as the sentences about it name it. */
const SPANS: Record<SalesInterval, MessageId> = {
  day: 'admin.payments.trend.spanDays',
  week: 'admin.payments.trend.spanWeeks',
  month: 'admin.payments.trend.spanMonths',
};
const BUCKETS: Record<SalesInterval, MessageId> = {
  day: 'admin.payments.sales.day',
  week: 'admin.payments.sales.week',
  month: 'admin.payments.sales.month',
};

/** The series' sums in cents, so many buckets add up to the cent. */
const sumOf = (series: SalesSeries, key: 'gross' | 'net') =>
  series.points.reduce((sum, point) => sum + Math.round(point[key] * 100), 0) / 100;

/** The figures the chart draws, as a table: what a screen reader reads, and anyone who opens it. */
const SeriesTable = ({ series }: { series: SalesSeries }) => {
  const t = useT();
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">
        {t('admin.payments.trend.showTable')}
      </summary>
      <div className="mt-3 max-h-72 overflow-auto">
        <table className="w-full text-start tabular-nums">
          <caption className="sr-only">
            {t('admin.payments.trend.caption', { span: t(SPANS[series.interval]) })}
          </caption>
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1 pe-4 font-medium">
                {t(BUCKETS[series.interval])}
              </th>
              <th scope="col" className="py-1 pe-4 text-end font-medium">
                {t('admin.payments.sales.gross')}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {t('admin.payments.sales.net')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {series.points.map((point) => (
              <tr key={point.start}>
                <th scope="row" className="py-1 pe-4 font-normal text-slate-600">
                  {bucketLabel(point.start, series.interval)}
                </th>
                <td className="py-1 pe-4 text-end">{formatPrice(point.gross)}</td>
                <td className="py-1 text-end text-emerald-700">{formatPrice(point.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
};

/**
 * Gross and net sales over time, by day, week or month (orders/GetSalesSeries, buckets in UTC): a chart
 * loaded apart, described in words and with its figures in a table.
 */
export const SalesTrend = () => {
  const t = useT();
  const [interval, setShownInterval] = useState<SalesInterval>('day');
  const series = useSalesSeries(interval);
  const data = series.data;
  return (
    <TitledCard
      title={t('admin.payments.trend.title')}
      description={t('admin.payments.trend.description', { span: t(SPANS[interval]) })}
      actions={
        <FilterPills
          legend={t('admin.payments.trend.by')}
          options={INTERVALS.map((option) => ({ value: option.value, label: t(option.label) }))}
          value={interval}
          onChange={setShownInterval}
        />
      }
    >
      {series.isError && !data ? (
        <p className="text-sm text-red-700">{t('admin.payments.trend.loadFailed')}</p>
      ) : !data ? (
        <p className="text-sm text-slate-500">{t('admin.payments.trend.loading')}</p>
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            {t('admin.payments.trend.summary', {
              span: t(SPANS[data.interval]),
              gross: formatPrice(sumOf(data, 'gross')),
              net: formatPrice(sumOf(data, 'net')),
            })}
          </p>
          <Suspense fallback={<div style={{ height: 270 }} />}>
            <SalesChart series={data} />
          </Suspense>
          <SeriesTable series={data} />
        </>
      )}
    </TitledCard>
  );
};
