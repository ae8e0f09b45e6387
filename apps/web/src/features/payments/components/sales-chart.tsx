import type { SalesSeries } from '@skillwise/contracts';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatPrice } from '@/lib/format';
import { bucketLabel } from '../lib/sales';

/** The two lines, in the screen's colours: gross in the brand's indigo, net in the earnings' green. */
const GROSS_COLOUR = '#6366f1';
const NET_COLOUR = '#047857';
const HEIGHT = 240;
/** Narrow enough for a phone of 360 px beside the collapsed sidebar (its card leaves about 220 px). */
const MIN_WIDTH = 200;

/**
 * Gross and net per bucket as a line chart (uPlot, on a canvas): loaded apart, only by the Sales screen.
 * What it draws is also in the table beside it, which assistive technology reads; the canvas itself is
 * hidden from it.
 */
const SalesChart = ({ series }: { series: SalesSeries }) => {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = box.current;
    if (!target) return undefined;
    const xs = series.points.map((point) => Date.parse(`${point.start}T00:00:00Z`) / 1000);
    const data: uPlot.AlignedData = [
      xs,
      series.points.map((point) => point.gross),
      series.points.map((point) => point.net),
    ];
    const money = (_: uPlot, values: number[]) => values.map((value) => formatPrice(value));
    const chart = new uPlot(
      {
        width: Math.max(target.clientWidth, MIN_WIDTH),
        height: HEIGHT,
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
                bucketLabel(new Date(tick * 1000).toISOString().slice(0, 10), series.interval).replace(
                  'Week of ',
                  '',
                ),
              ),
          },
          { stroke: '#64748b', grid: { stroke: '#e2e8f0' }, values: money, size: 72 },
        ],
        series: [
          {
            label: series.interval === 'day' ? 'Day' : series.interval === 'week' ? 'Week' : 'Month',
            value: (_, ts) =>
              ts == null ? '' : bucketLabel(new Date(ts * 1000).toISOString().slice(0, 10), series.interval),
          },
          {
            label: 'Gross',
            stroke: GROSS_COLOUR,
            width: 2,
            points: { show: series.points.length <= 45 },
            value: (_, v) => (v == null ? '' : formatPrice(v)),
          },
          {
            label: 'Net',
            stroke: NET_COLOUR,
            width: 2,
            points: { show: series.points.length <= 45 },
            value: (_, v) => (v == null ? '' : formatPrice(v)),
          },
        ],
      },
      data,
      target,
    );
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(target.clientWidth, MIN_WIDTH), height: HEIGHT });
    });
    resize.observe(target);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series]);

  return <div ref={box} aria-hidden="true" className="w-full min-w-0" data-testid="sales-chart" />;
};

export default SalesChart;
