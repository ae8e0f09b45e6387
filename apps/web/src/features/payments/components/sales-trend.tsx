import type { SalesInterval, SalesSeries } from '@skillwise/contracts';
import { lazy, Suspense, useState } from 'react';
import { FilterPills } from '@/components/ui/filter-pills';
import { TitledCard } from '@/components/ui/titled-card';
import { formatPrice } from '@/lib/format';
import { useSalesSeries } from '../api/payments';
import { bucketLabel } from '../lib/sales';

// The chart library is loaded with this screen's chart only, never with the rest of the app.
const SalesChart = lazy(() => import('./sales-chart'));

const INTERVALS: ReadonlyArray<{ value: SalesInterval; label: string }> = [
  { value: 'day', label: 'Days' },
  { value: 'week', label: 'Weeks' },
  { value: 'month', label: 'Months' },
];
const SPANS: Record<SalesInterval, string> = {
  day: 'the last 30 days',
  week: 'the last 12 weeks',
  month: 'the last 12 months',
};

/** The series' sums in cents, so many buckets add up to the cent. */
const sumOf = (series: SalesSeries, key: 'gross' | 'net') =>
  series.points.reduce((sum, point) => sum + Math.round(point[key] * 100), 0) / 100;

/** The figures the chart draws, as a table: what a screen reader reads, and anyone who opens it. */
const SeriesTable = ({ series }: { series: SalesSeries }) => (
  <details className="text-sm">
    <summary className="cursor-pointer font-medium text-brand-700">Show the figures as a table</summary>
    <div className="mt-3 max-h-72 overflow-auto">
      <table className="w-full text-start tabular-nums">
        <caption className="sr-only">Gross and net sales, {SPANS[series.interval]}</caption>
        <thead className="text-xs text-slate-500">
          <tr>
            <th scope="col" className="py-1 pe-4 font-medium">
              {series.interval === 'day' ? 'Day' : series.interval === 'week' ? 'Week' : 'Month'}
            </th>
            <th scope="col" className="py-1 pe-4 text-end font-medium">
              Gross
            </th>
            <th scope="col" className="py-1 text-end font-medium">
              Net
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

/**
 * Gross and net sales over time, by day, week or month (orders/GetSalesSeries, buckets in UTC): a chart
 * loaded apart, described in words and with its figures in a table.
 */
export const SalesTrend = () => {
  const [interval, setShownInterval] = useState<SalesInterval>('day');
  const series = useSalesSeries(interval);
  const data = series.data;
  return (
    <TitledCard
      title="Sales over time"
      description={`Gross and net (what you earn), ${SPANS[interval]}, in UTC.`}
      actions={
        <FilterPills
          legend="Show sales by"
          options={INTERVALS}
          value={interval}
          onChange={setShownInterval}
        />
      }
    >
      {series.isError && !data ? (
        <p className="text-sm text-red-700">Could not load your sales over time.</p>
      ) : !data ? (
        <p className="text-sm text-slate-500">Loading sales over time...</p>
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            {`Over ${SPANS[data.interval]}: gross ${formatPrice(sumOf(data, 'gross'))}, net ${formatPrice(sumOf(data, 'net'))}.`}
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
