// The statistics figures (GET api/statistic/*, docs/statistics.md) turned into ECharts options. Pure:
// the page and its tests call these.
import type { ChartOption } from '../../components/charts/echarts';
import type { JournalStats, ManuscriptStats, TranslatorStats } from './api';

const TOOLTIP_AXIS = { trigger: 'axis', axisPointer: { type: 'shadow' } };
const GRID = { left: 8, right: 16, top: 40, bottom: 8, containLabel: true };
const categoryAxis = (names: string[]) => ({ type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 5 ? 30 : 0, width: 120, overflow: 'truncate' } });

/** Stacked bars of manuscripts per product: the `top` largest groups, the rest as one series `others`. */
export function manuscriptsOption(stats: ManuscriptStats, others: string, top = 10): ChartOption {
  const leaders = stats.groups.slice(0, top);
  const rest = stats.groups.slice(top);
  const series = leaders.map((g) => ({ name: g.label, data: stats.products.map((p) => p.counts[g.key] ?? 0) }));
  if (rest.length) series.push({ name: others, data: stats.products.map((p) => rest.reduce((n, g) => n + (p.counts[g.key] ?? 0), 0)) });
  return {
    tooltip: TOOLTIP_AXIS,
    legend: { type: 'scroll', top: 0 },
    grid: GRID,
    xAxis: categoryAxis(stats.products.map((p) => p.productName)),
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({ type: 'bar', stack: 'manuscripts', name: s.name, data: s.data, barMaxWidth: 48, emphasis: { focus: 'series' } })),
  };
}

/** Grouped bars per person: claimed, submitted, reviewed (the 15 busiest, as the server orders them). */
export function throughputOption(people: TranslatorStats[], labels: { claimed: string; submitted: string; reviewed: string }, unnamed: string): ChartOption {
  const rows = people.slice(0, 15);
  const keys = ['claimed', 'submitted', 'reviewed'] as const;
  return {
    tooltip: TOOLTIP_AXIS,
    legend: { top: 0 },
    grid: GRID,
    xAxis: categoryAxis(rows.map((p) => p.name ?? unnamed)),
    yAxis: { type: 'value', minInterval: 1 },
    series: keys.map((key) => ({ type: 'bar', name: labels[key], data: rows.map((p) => p[key]), barMaxWidth: 24 })),
  };
}

export type JournalState = 'edit' | 'submit' | 'done' | 'review';

/** Stacked bars of journals per product by status, in the server's status order. */
export function journalsOption(stats: JournalStats, labels: Record<JournalState, string>): ChartOption {
  const states = stats.states as JournalState[];
  return {
    tooltip: TOOLTIP_AXIS,
    legend: { top: 0 },
    grid: GRID,
    xAxis: categoryAxis(stats.products.map((p) => p.productName)),
    yAxis: { type: 'value', minInterval: 1 },
    series: states.map((state) => ({ type: 'bar', stack: 'journals', name: labels[state], data: stats.products.map((p) => p[state]), barMaxWidth: 48 })),
  };
}

/** A duration in minutes as the table shows it: minutes under an hour, hours under two days, else days (one decimal at most). */
export function durationParts(minutes: number): { unit: 'minutes' | 'hours' | 'days'; n: number } {
  const round = (x: number) => Math.round(x * 10) / 10;
  if (minutes < 60) return { unit: 'minutes', n: round(minutes) };
  if (minutes < 48 * 60) return { unit: 'hours', n: round(minutes / 60) };
  return { unit: 'days', n: round(minutes / 1440) };
}
