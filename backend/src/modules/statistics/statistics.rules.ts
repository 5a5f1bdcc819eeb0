import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { formatDay, parseDay } from '../../common/time/day.js';
import { parseDateTime } from '../../common/time/time.js';

/** The user-facing messages of the statistics endpoints (asserted by the tests). */
export const STATISTIC_MESSAGES = {
  startMissing: '请选择开始日期',
  endMissing: '请选择结束日期',
  startDate: '开始日期格式不正确，应为 yyyy-MM-dd',
  endDate: '结束日期格式不正确，应为 yyyy-MM-dd',
  dateOrder: '开始日期不能晚于结束日期',
  tooLong: '统计周期不能超过 366 天',
} as const;

/** The longest period a statistics request may cover, in days (today's year, leap day included). */
export const MAX_PERIOD_DAYS = 366;

/** A statistics period: its first and last day and their first and last instants in the server's zone. */
export interface StatPeriod {
  startDate: string;
  endDate: string;
  from: Date;
  to: Date;
  days: number;
}

const DAY_MS = 86_400_000;

function day(value: string | undefined, missing: string, bad: string): { day: string; from: Date; to: Date } {
  if (value === undefined || value === '') throw DomainException.badRequest(missing, ErrorCode.Validation);
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDay(value) : undefined;
  const from = d ? parseDateTime(d) : undefined;
  const to = d ? parseDateTime(d, true) : undefined;
  if (!d || !from || !to || formatDay(from) !== d) throw DomainException.badRequest(bad, ErrorCode.Validation);
  return { day: d, from, to };
}

/**
 * `startDate`..`endDate` (days `yyyy-MM-dd`, both included) → the period, or 400 with the Chinese
 * message: missing, malformed or impossible days, start after end, longer than MAX_PERIOD_DAYS.
 */
export function statPeriod(startDate: string | undefined, endDate: string | undefined): StatPeriod {
  const start = day(startDate, STATISTIC_MESSAGES.startMissing, STATISTIC_MESSAGES.startDate);
  const end = day(endDate, STATISTIC_MESSAGES.endMissing, STATISTIC_MESSAGES.endDate);
  if (start.day > end.day) throw DomainException.badRequest(STATISTIC_MESSAGES.dateOrder, ErrorCode.Validation);
  // Calendar days, counted in UTC so a daylight-saving change does not make a day 23 or 25 hours.
  const days = Math.round((Date.parse(`${end.day}T00:00:00Z`) - Date.parse(`${start.day}T00:00:00Z`)) / DAY_MS) + 1;
  if (days > MAX_PERIOD_DAYS) throw DomainException.badRequest(STATISTIC_MESSAGES.tooLong, ErrorCode.Validation);
  return { startDate: start.day, endDate: end.day, from: start.from, to: end.to, days };
}

/**
 * The departments whose figures a caller sees: the data scope (`null` = all) intersected with the
 * chosen department and its descendants (`filter`, undefined = no filter). `[]` means none.
 */
export function visibleDepts(scope: readonly number[] | null, filter: readonly number[] | undefined): number[] | null {
  if (filter && scope) return filter.filter((id) => scope.includes(id));
  if (filter) return [...filter];
  return scope ? [...scope] : null;
}

/** One product's bar: its total and its count per group (department or column). */
export interface StackedProduct {
  productId: number;
  productName: string;
  total: number;
  counts: Record<string, number>;
}

/** The groups (department or column) of a stacked chart, largest first, and the products with their counts. */
export function stackCounts(rows: ReadonlyArray<{ productId: number; productName: string; total: number; key: string; label: string; count: number }>): {
  groups: Array<{ key: string; label: string; count: number }>;
  products: StackedProduct[];
} {
  const groups = new Map<string, { key: string; label: string; count: number; first: number }>();
  const products = new Map<number, StackedProduct>();
  rows.forEach((r, i) => {
    const g = groups.get(r.key) ?? { key: r.key, label: r.label, count: 0, first: i };
    g.count += r.count;
    groups.set(r.key, g);
    const p = products.get(r.productId) ?? { productId: r.productId, productName: r.productName, total: r.total, counts: {} };
    p.counts[r.key] = (p.counts[r.key] ?? 0) + r.count;
    products.set(r.productId, p);
  });
  return {
    groups: [...groups.values()].sort((a, b) => b.count - a.count || a.first - b.first).map(({ key, label, count }) => ({ key, label, count })),
    products: [...products.values()],
  };
}

/** Journal statuses in the spec's order (production-admin §4; docs/journals-api.md): 编辑审核中, 已提交, 已完成, 更正版. */
export const JOURNAL_STATES = ['edit', 'submit', 'done', 'review'] as const;
export type JournalState = (typeof JOURNAL_STATES)[number];

/** One product's journals per status. */
export type JournalStateRow = { productId: number; productName: string; total: number } & Record<JournalState, number>;

/** (product, status, count) rows → one row per product with a count for every status (0 when none). */
export function journalStateTable(rows: ReadonlyArray<{ productId: number; productName: string; status: string; count: number }>): JournalStateRow[] {
  const byProduct = new Map<number, JournalStateRow>();
  for (const r of rows) {
    let row = byProduct.get(r.productId);
    if (!row) byProduct.set(r.productId, (row = { productId: r.productId, productName: r.productName, total: 0, edit: 0, submit: 0, done: 0, review: 0 }));
    if ((JOURNAL_STATES as readonly string[]).includes(r.status)) row[r.status as JournalState] += r.count;
    row.total += r.count;
  }
  return [...byProduct.values()].sort((a, b) => b.total - a.total || a.productName.localeCompare(b.productName) || a.productId - b.productId);
}
