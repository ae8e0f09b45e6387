import { useMemo } from 'react';
import uPlot from 'uplot';
import { UPlotChart } from '@/components/ui/uplot-chart';
import { formatCount } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { useLocale } from '@/lib/i18n/use-t';
import { bucketText } from '../lib/quiz-results';

/** The bars in the brand's indigo, as the sales chart draws gross. */
const BAR_COLOUR = '#6366f1';
const HEIGHT = 220;
/** Below this width the score axis names every other bar. */
const NARROW = 420;
/** Whole numbers of students on the count axis. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 100_000];

/**
 * Students by their best score, ten bars of ten percent (uPlot, as the sales chart): loaded apart, only
 * by the quiz results screen; its figures are also in the table beside it.
 */
const ScoreChart = ({ buckets }: { buckets: readonly number[] }) => {
  const locale = useLocale();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the axis and series names follow the language
  const { options, data } = useMemo(() => {
    const xs = buckets.map((_, index) => index);
    const options: Omit<uPlot.Options, 'width' | 'height'> = {
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
          // Each bar's lower bound (the table says each bucket in full); on a phone every other one, so
          // that the numbers do not run into each other.
          values: (u, ticks) =>
            ticks.map((tick) => (u.width < NARROW && tick % 2 === 1 ? '' : formatCount(tick * 10))),
          label: t('admin.quizResults.chartAxis'),
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
        {
          label: t('admin.quizResults.chartScore'),
          value: (_, index) => (index == null ? '' : bucketText(index)),
        },
        {
          label: t('admin.quizResults.students'),
          stroke: BAR_COLOUR,
          fill: `${BAR_COLOUR}cc`,
          width: 1,
          paths: uPlot.paths.bars?.({ size: [0.7, 48] }),
          points: { show: false },
        },
      ],
    };
    return { options, data: [xs, [...buckets]] as uPlot.AlignedData };
  }, [buckets, locale]);

  return <UPlotChart options={options} data={data} height={HEIGHT} testId="score-chart" />;
};

export default ScoreChart;
