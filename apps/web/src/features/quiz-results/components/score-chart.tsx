import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount } from '@/lib/format';
import { bucketText } from '../lib/quiz-results';

/** The bars in the brand's indigo, as the sales chart draws gross. */
const BAR_COLOUR = '#6366f1';
const HEIGHT = 220;
/** Narrow enough for a phone of 360 px beside the collapsed sidebar (its card leaves about 220 px). */
const MIN_WIDTH = 200;
/** Below this width the score axis names every other bar. */
const NARROW = 420;
/** Whole numbers of students on the count axis. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 100_000];

/**
 * Students by their best score, ten bars of ten percent (uPlot, on a canvas, as the sales chart): loaded
 * apart, only by the quiz results screen. What it draws is also in the table beside it, which assistive
 * technology reads; the canvas itself is hidden from it.
 */
const ScoreChart = ({ buckets }: { buckets: readonly number[] }) => {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = box.current;
    if (!target) return undefined;
    const xs = buckets.map((_, index) => index);
    const data: uPlot.AlignedData = [xs, [...buckets]];
    const chart = new uPlot(
      {
        width: Math.max(target.clientWidth, MIN_WIDTH),
        height: HEIGHT,
        legend: { show: false },
        cursor: { y: false, points: { show: false } },
        scales: {
          x: { time: false, range: [-0.5, buckets.length - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        padding: [8, 8, 0, 0],
        axes: [
          {
            stroke: '#64748b',
            grid: { show: false },
            splits: () => xs,
            // Each bar's lower bound; the table says each bucket in full.
            // On a phone every other one, so that the numbers do not run into each other.
            values: (u, ticks) =>
              ticks.map((tick) => (u.width < NARROW && tick % 2 === 1 ? '' : `${tick * 10}`)),
            label: 'Best score (%)',
            labelSize: 20,
          },
          {
            stroke: '#64748b',
            grid: { stroke: '#e2e8f0' },
            incrs: COUNT_STEPS,
            values: (_, ticks) => ticks.map((tick) => formatCount(tick)),
            size: 44,
          },
        ],
        series: [
          { label: 'Score', value: (_, index) => (index == null ? '' : bucketText(index)) },
          {
            label: 'Students',
            stroke: BAR_COLOUR,
            fill: `${BAR_COLOUR}cc`,
            width: 1,
            paths: uPlot.paths.bars?.({ size: [0.7, 48] }),
            points: { show: false },
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
  }, [buckets]);

  return <div ref={box} aria-hidden="true" className="w-full min-w-0" data-testid="score-chart" />;
};

export default ScoreChart;
