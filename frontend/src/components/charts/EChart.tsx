import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { type ChartInstance, type ChartOption, echarts } from './echarts';

export interface EChartProps {
  /** The chart's ECharts option; replaced as a whole when it changes (`notMerge`). */
  option: ChartOption;
  /** Height of the drawing area (CSS length or px). */
  height?: number | string;
  /** Accessible name of the chart (the canvas itself says nothing to a screen reader). */
  ariaLabel: string;
}

/**
 * One ECharts chart (a 40-line hook instead of a wrapper library, docs/collect-design.md §2): the
 * instance is created on mount, follows the container's size through a ResizeObserver, takes each
 * new option whole, and is disposed on unmount.
 */
export function EChart({ option, height = 300, ariaLabel }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartInstance | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const instance = echarts.init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <Box ref={box} role="img" aria-label={ariaLabel} sx={{ width: '100%', height }} />;
}
