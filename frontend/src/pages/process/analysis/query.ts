// Route query ↔ 查询统计 query (pure; query.test.ts). The query lives in the route, so a link
// reproduces the figures and the list:
//
//   /pro/analysis?kw=芯片&classifyIds=12,13&webIds=3&countries=US&languages=en&startDate=2026-10-30&endDate=2026-11-28
//
// The keys are the API's filter names (docs/news-analysis.md), except `kw` for the search text:
// `content` is the news list's own route key. Without dates the period is the last 30 days.

export const PRESETS = [7, 30, 90] as const;
export const DEFAULT_DAYS = 30;

export interface AnalysisQuery {
  content: string;
  classifyIds: number[];
  webIds: number[];
  countries: string[];
  languages: string[];
  startDate: string;
  endDate: string;
}

/** Route keys this page owns (the list below owns page, size, sort, curMenu). */
export const QUERY_KEYS = ['kw', 'classifyIds', 'webIds', 'countries', 'languages', 'startDate', 'endDate'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `day` moved by `n` days (calendar arithmetic). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Today in the browser's zone as yyyy-MM-dd. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The period of a preset: the last `days` days up to today. */
export function presetRange(days: number, today: string): { startDate: string; endDate: string } {
  return { startDate: addDays(today, -(days - 1)), endDate: today };
}

/** The preset a period is, if any. */
export function presetOf(query: Pick<AnalysisQuery, 'startDate' | 'endDate'>, today: string): number | null {
  return PRESETS.find((n) => { const r = presetRange(n, today); return r.startDate === query.startDate && r.endDate === query.endDate; }) ?? null;
}

const list = (value: string | null) => (value ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
const ids = (value: string | null) => [...new Set(list(value).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
const codes = (value: string | null) => [...new Set(list(value).filter((s) => /^[A-Za-z0-9_-]{1,16}$/.test(s)))];

/** The query of a route; missing or malformed dates → the default period. */
export function parseQuery(params: URLSearchParams, today: string): AnalysisQuery {
  const start = params.get('startDate') ?? '';
  const end = params.get('endDate') ?? '';
  const period = DAY.test(start) && DAY.test(end) ? { startDate: start, endDate: end } : presetRange(DEFAULT_DAYS, today);
  return {
    content: (params.get('kw') ?? '').trim(),
    classifyIds: ids(params.get('classifyIds')),
    webIds: ids(params.get('webIds')),
    countries: codes(params.get('countries')),
    languages: codes(params.get('languages')),
    ...period,
  };
}

/** The route after a search: the page's keys replaced, the list back on its first page, other keys kept. */
export function withQuery(current: URLSearchParams, query: AnalysisQuery): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of QUERY_KEYS) next.delete(key);
  next.delete('page');
  const set = (key: string, value: string) => value && next.set(key, value);
  set('kw', query.content.trim());
  set('classifyIds', query.classifyIds.join(','));
  set('webIds', query.webIds.join(','));
  set('countries', query.countries.join(','));
  set('languages', query.languages.join(','));
  set('startDate', query.startDate);
  set('endDate', query.endDate);
  return next;
}

/**
 * The query as `GET api/news/analysis/*` and `GET api/news/list` take it: comma lists, empty
 * fields left out — the same fields for the figures and the list, so both count the same items.
 */
export function toApiQuery(query: AnalysisQuery): Record<string, string> {
  const out: Record<string, string> = {};
  const set = (key: string, value: string) => {
    if (value) out[key] = value;
  };
  set('content', query.content.trim());
  set('classifyIds', query.classifyIds.join(','));
  set('webIds', query.webIds.join(','));
  set('countries', query.countries.join(','));
  set('languages', query.languages.join(','));
  set('startDate', query.startDate);
  set('endDate', query.endDate);
  return out;
}
