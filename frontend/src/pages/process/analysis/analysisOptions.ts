// The 查询统计 figures turned into ECharts options. Pure: the page and its tests call these.
import type { ChartOption } from '../../../components/charts/echarts';
import type { Bucket, Keywords, Timeline } from './api';

const GRID = { left: 8, right: 24, top: 16, bottom: 8, containLabel: true };
const short = (day: string) => day.slice(5);

/** Items per day: a line over every day of the period (the server zero-fills). */
export function timelineOption(timeline: Timeline, label: string): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: GRID,
    xAxis: { type: 'category', boundaryGap: false, data: timeline.points.map((p) => short(p.day)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'line', name: label, data: timeline.points.map((p) => p.count), smooth: true, showSymbol: timeline.points.length <= 31, areaStyle: { opacity: 0.15 } }],
  };
}

/** Horizontal bars, largest on top (sources, classes, keywords). */
export function barOption(rows: ReadonlyArray<{ name: string; count: number }>, label: string): ChartOption {
  const ordered = [...rows].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: GRID,
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: ordered.map((r) => r.name), axisLabel: { width: 140, overflow: 'truncate' } },
    series: [{ type: 'bar', name: label, data: ordered.map((r) => r.count), barMaxWidth: 22, label: { show: true, position: 'right' } }],
  };
}

/** A ring of shares (countries, languages); 其他 last as the server sends it. */
export function pieOption(items: ReadonlyArray<Bucket>): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', bottom: 0 },
    series: [{ type: 'pie', radius: ['35%', '62%'], center: ['50%', '44%'], data: items.map((b) => ({ name: b.name, value: b.count })) }],
  };
}

/** Keywords as bars, most frequent on top. */
export function keywordsOption(keywords: Keywords, label: string): ChartOption {
  return barOption(keywords.items.map((k) => ({ name: k.keyword, count: k.count })), label);
}

/** Height of a bar chart for `n` bars (readable labels, no scrolling inside the panel). */
export const barHeight = (n: number) => Math.max(200, Math.min(560, 40 + n * 26));
