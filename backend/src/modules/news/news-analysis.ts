/**
 * Pure rules of the 查询统计 figures (docs/news-analysis.md "Definitions"): the period of a query,
 * the zero-filled days of the timeline, the top N + 其他 of a distribution and the terms a keyword
 * figure leaves out. No database, no clock (the caller passes today).
 */
import { queryTokens } from './search/tokenizer.js';

/** Longest period of a query, in days (both ends included). */
export const ANALYSIS_MAX_DAYS = 366;
/** Period of a query without dates: the last 30 days up to today. */
export const ANALYSIS_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `day` moved by `n` days (yyyy-MM-dd, calendar arithmetic, no zone). */
export function addDays(day: string, n: number): string {
  return dayOf(dayMs(day) + n * DAY_MS);
}

/** Days from `start` to `end`, both included. */
export function daysBetween(start: string, end: string): number {
  return Math.round((dayMs(end) - dayMs(start)) / DAY_MS) + 1;
}

export type PeriodResult = { start: string; end: string } | { error: string };

/**
 * The period of a query: a missing end is today, a missing start is ANALYSIS_DEFAULT_DAYS − 1 days
 * before the end. Start after end, or more than ANALYSIS_MAX_DAYS days, is an error (a 400).
 */
export function resolvePeriod(startDate: string | undefined, endDate: string | undefined, today: string): PeriodResult {
  const end = endDate ?? (startDate && startDate > today ? startDate : today);
  const start = startDate ?? addDays(end, -(ANALYSIS_DEFAULT_DAYS - 1));
  if (start > end) return { error: '开始日期 startDate 不能晚于结束日期 endDate' };
  if (daysBetween(start, end) > ANALYSIS_MAX_DAYS) return { error: `统计时段不能超过 ${ANALYSIS_MAX_DAYS} 天（startDate 至 endDate）` };
  return { start, end };
}

/** Every day of the period with its count; days without items count 0. */
export function fillDays(start: string, end: string, rows: ReadonlyArray<{ day: string; count: number }>): Array<{ day: string; count: number }> {
  const counts = new Map(rows.map((r) => [r.day, r.count]));
  const days: Array<{ day: string; count: number }> = [];
  for (let t = dayMs(start), last = dayMs(end); t <= last; t += DAY_MS) {
    const day = dayOf(t);
    days.push({ day, count: counts.get(day) ?? 0 });
  }
  return days;
}

export interface Bucket {
  /** The source id, country or language code or class id; null = none recorded (未知). */
  key: string | null;
  name: string;
  count: number;
  /** True for the one bucket that sums everything beyond the top N. */
  other: boolean;
}

/**
 * The `top` largest buckets (count descending, then name), and, when more exist, one bucket
 * `其他（n 项）` with the sum of the other n. A bucket without a key (未知) competes like any other.
 * The count in the name keeps it apart from a group that is itself called 其他 (the `country`
 * dictionary's OTHER).
 */
export function topWithOther(rows: ReadonlyArray<Omit<Bucket, 'other'>>, top: number, otherName = '其他'): Bucket[] {
  const sorted = [...rows].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'zh-CN') || String(a.key).localeCompare(String(b.key)));
  const head: Bucket[] = sorted.slice(0, top).map((r) => ({ ...r, other: false }));
  const rest = sorted.slice(top);
  if (rest.length) head.push({ key: null, name: `${otherName}（${rest.length} 项）`, count: rest.reduce((sum, r) => sum + r.count, 0), other: true });
  return head;
}

/**
 * What the keyword figure leaves out for a search text, lower-cased: the whole text, its
 * space-separated words and the search terms the tokenizer makes of it (美国能源 → 美国能源).
 * A keyword equal to one of them is the query itself, not a co-occurring keyword.
 */
export function excludedTerms(content: string | undefined): string[] {
  const text = content?.trim();
  if (!text) return [];
  const terms = new Set<string>([text, ...text.split(/[\s,，、]+/), ...queryTokens(text)].map((t) => t.trim().toLowerCase()).filter((t) => t !== ''));
  return [...terms];
}
