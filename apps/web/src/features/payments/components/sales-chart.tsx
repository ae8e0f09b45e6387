import type { SalesSeries } from '@skillwise/contracts';
import { useMemo } from 'react';
import uPlot from 'uplot';
import { UPlotChart } from '@/components/ui/uplot-chart';
import { formatPrice } from '@/lib/format';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { bucketLabel } from '../lib/sales';

/** The two lines, in the screen's colours: gross in the brand's indigo, net in the earnings' green. */
const GROSS_COLOUR = '#6366f1';
const NET_COLOUR = '#047857';
const HEIGHT = 240;

const INTERVAL_NAMES = {
  day: 'admin.payments.sales.day',
  week: 'admin.payments.sales.week',
  month: 'admin.payments.sales.month',
} as const satisfies Record<SalesSeries['interval'], MessageId>;

/**
 * Gross and net per bucket as a line chart (uPlot, on a canvas): loaded apart, only by the Sales screen.
 * What it draws is also in the table beside it, which assistive technology reads; the canvas itself is
 * hidden from it.
 */
const SalesChart = ({ series }: { series: SalesSeries }) => {
  // A new `t` a language: the labels, dates and amounts are written again in it.
  const t = useT();
  const { options, data } = useMemo(() => {
    const xs = series.points.map((point) => Date.parse(`${point.start}T00:00:00Z`) / 1000);
    const data: uPlot.AlignedData = [
      xs,
      series.points.map((point) => point.gross),
      series.points.map((point) => point.net),
    ];
    const money = (_: uPlot, values: number[]) => values.map((value) => formatPrice(value));
    const options: Omit<uPlot.Options, 'width' | 'height'> = {
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { show: true },
      cursor: { y: false },
      scales: { x: { time: true } },
      padding: [8, 24, 0, 0],
      axes: [
        {
          stroke: '#64748b',
          grid: { stroke: '#e2e8f0' },
          values: (_, ticks) =>
            ticks.map((tick) =>
              bucketLabel(new Date(tick * 1000).toISOString().slice(0, 10), series.interval, true),
            ),
        },
        { stroke: '#64748b', grid: { stroke: '#e2e8f0' }, values: money, size: 72 },
      ],
      series: [
        {
          label: t(INTERVAL_NAMES[series.interval]),
          value: (_, ts) =>
            ts == null ? '' : bucketLabel(new Date(ts * 1000).toISOString().slice(0, 10), series.interval),
        },
        {
          label: t('admin.payments.sales.gross'),
          stroke: GROSS_COLOUR,
          width: 2,
          points: { show: series.points.length <= 45 },
          value: (_, v) => (v == null ? '' : formatPrice(v)),
        },
        {
          label: t('admin.payments.sales.net'),
          stroke: NET_COLOUR,
          width: 2,
          points: { show: series.points.length <= 45 },
          value: (_, v) => (v == null ? '' : formatPrice(v)),
        },
      ],
    };
    return { options, data };
  }, [series, t]);

  return <UPlotChart options={options} data={data} height={HEIGHT} testId="sales-chart" />;
};

export default SalesChart;
