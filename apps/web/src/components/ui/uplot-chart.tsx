import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Narrow enough for a phone of 360 px beside the collapsed sidebar (its card leaves about 220 px). */
export const CHART_MIN_WIDTH = 200;

type UPlotChartProps = {
  /** The chart's options but its size (keep it the same object between renders: a new one redraws). */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  testId: string;
};

/**
 * A uPlot chart on a canvas, as wide as its box (at least CHART_MIN_WIDTH), resized with it and destroyed
 * with the component. The canvas is hidden from assistive technology: each chart's figures are in a
 * table beside it. Only charts loaded apart import it, so the library never loads with the rest of the app.
 */
export const UPlotChart = ({ options, data, height, testId }: UPlotChartProps) => {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = box.current;
    if (!target) return undefined;
    const width = () => Math.max(target.clientWidth, CHART_MIN_WIDTH);
    const chart = new uPlot({ ...options, width: width(), height }, data, target);
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [options, data, height]);

  return <div ref={box} aria-hidden="true" className="w-full min-w-0" data-testid={testId} />;
};
