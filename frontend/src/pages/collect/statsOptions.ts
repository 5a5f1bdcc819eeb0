// The 数据统计 figures (GET api/collectStatistic, docs/collect-api.md "Statistics") turned into
// ECharts options. Pure: the page and its test call these.
import type { ChartOption } from '../../components/charts/echarts';

export const STAT_RANGES = [7, 30, 90] as const;
export type StatRange = (typeof STAT_RANGES)[number];

/** `GET api/collectStatistic?days=` (not in the generated wire types yet). */
export interface CollectStats {
  days: number;
  from: string;
  to: string;
  perDay: Array<{ day: string; webId: number; webName: string; count: number }>;
  byLanguage: Array<{ language: string | null; count: number }>;
  byCountry: Array<{ country: string | null; count: number }>;
  errorsPerDay: Array<{ day: string; count: number }>;
  slowest: Array<{ webId: number; name: string; avgMs: number; p95Ms: number; runs: number }>;
  silent: Array<{ webId: number; name: string; lastItemAt: string | null }>;
  topKeywords: Array<{ keyword: string; count: number }>;
}

/** Every day from `from` to `to` (yyyy-MM-dd, both included). */
export function dayRange(from: string, to: string): string[] {
  const days: string[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return days;
  for (let t = start; t <= end && days.length < 400; t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** True when the range holds no figure at all (the 暂无数据 state). */
export function isEmptyStats(stats: CollectStats): boolean {
  return (
    !stats.perDay.length &&
    !stats.byLanguage.length &&
    !stats.byCountry.length &&
    !stats.errorsPerDay.length &&
    !stats.slowest.length &&
    !stats.silent.length &&
    !stats.topKeywords.length
  );
}

const TOOLTIP_AXIS = { trigger: 'axis', axisPointer: { type: 'shadow' } };
const GRID = { left: 8, right: 16, top: 40, bottom: 8, containLabel: true };
const short = (day: string) => day.slice(5);

/** Stacked bars of items per day: the 10 sources with most items, the rest as one series `others`. */
export function perDayOption(stats: CollectStats, others: string, top = 10): ChartOption {
  const days = dayRange(stats.from, stats.to);
  const totals = new Map<number, { name: string; total: number }>();
  for (const row of stats.perDay) {
    const entry = totals.get(row.webId) ?? { name: row.webName, total: 0 };
    entry.total += row.count;
    totals.set(row.webId, entry);
  }
  const ranked = [...totals.entries()].sort((a, b) => b[1].total - a[1].total || a[0] - b[0]);
  const leaders = new Map(ranked.slice(0, top).map(([id], index) => [id, index]));
  const index = new Map(days.map((day, i) => [day, i]));
  const series = ranked.slice(0, top).map(([, { name }]) => ({ name, data: days.map(() => 0) }));
  const rest = { name: others, data: days.map(() => 0) };
  for (const row of stats.perDay) {
    const i = index.get(row.day);
    if (i === undefined) continue;
    const s = leaders.get(row.webId);
    (s === undefined ? rest : series[s]).data[i] += row.count;
  }
  if (ranked.length > top) series.push(rest);
  return {
    tooltip: TOOLTIP_AXIS,
    legend: { type: 'scroll', top: 0 },
    grid: GRID,
    xAxis: { type: 'category', data: days.map(short) },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({ type: 'bar', stack: 'items', name: s.name, data: s.data, emphasis: { focus: 'series' } })),
  };
}

/** Pie of items by language (null → `unknown`). */
export function languageOption(stats: CollectStats, unknown: string): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        data: stats.byLanguage.map((row) => ({ name: row.language ?? unknown, value: row.count })),
      },
    ],
  };
}

/** Bars of items by country (the 15 largest). */
export function countryOption(stats: CollectStats, unknown: string, label: string): ChartOption {
  const rows = stats.byCountry.slice(0, 15);
  return {
    tooltip: TOOLTIP_AXIS,
    grid: { ...GRID, top: 16 },
    xAxis: { type: 'category', data: rows.map((row) => row.country ?? unknown), axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: label, data: rows.map((row) => row.count), barMaxWidth: 36 }],
  };
}

/** Line of failed runs per day (days without failures at 0). */
export function errorsOption(stats: CollectStats, label: string): ChartOption {
  const days = dayRange(stats.from, stats.to);
  const byDay = new Map(stats.errorsPerDay.map((row) => [row.day, row.count]));
  return {
    tooltip: { trigger: 'axis' },
    grid: { ...GRID, top: 16 },
    xAxis: { type: 'category', boundaryGap: false, data: days.map(short) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'line', name: label, data: days.map((day) => byDay.get(day) ?? 0), smooth: true, areaStyle: { opacity: 0.15 }, color: '#e6553a' }],
  };
}
