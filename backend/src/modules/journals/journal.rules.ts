import { parseIdList } from '../../common/http/id-list.js';
import { formatDay, parseDay } from '../../common/time/day.js';
import { formatDateTime, parseDateTime } from '../../common/time/time.js';
import { JOURNAL_STATUSES, type JournalStatus } from './journal.entity.js';

/** The messages of the journal calls (docs/production-api.md "Journals", docs/journals-api.md). */
export const JOURNAL_MESSAGES = {
  notFound: '期刊不存在',
  productNotFound: '产品不存在',
  badStatus: '期刊状态不正确',
  fileRequired: '请先上传期刊版本文件',
  doneNotDeletable: '已完成的期刊不能删除',
  productHasManuscripts: '期刊已有稿件，不能更换产品',
  startDate: '开始日期格式不正确',
  endDate: '结束日期格式不正确',
  startAfterEnd: '开始日期不能晚于结束日期',
  badParams: '请求参数错误',
  totalNoTooLarge: '总期号超出范围',
  duplicate: (journalNo: number) => `该产品第 ${journalNo} 期已存在`,
  done: '期刊已定稿，不能修改',
  versionNotFound: '版本不存在',
  firstVersion: '第一个版本不能删除',
} as const;

/** `product_setting.period` of a daily product (dictionary `product_period`). */
export const DAILY_PERIOD = 'daily';

/** `code` of a refused transition (409). */
export const JOURNAL_STATUS_CONFLICT = 'JOURNAL_STATUS_CONFLICT';
/** `code` of an editing call (workbench) on a done journal (409 `期刊已定稿，不能修改`). */
export const JOURNAL_DONE = 'JOURNAL_DONE';
/** `code` of edit → submit without a journal version file (409). */
export const JOURNAL_FILE_REQUIRED = 'JOURNAL_FILE_REQUIRED';

/** Names of the statuses as the screens show them (docs/journals-api.md). */
export const JOURNAL_STATUS_LABELS: Record<JournalStatus, string> = { edit: '编辑审核中', submit: '已提交', done: '已完成', review: '更正版' };

/** What a transition to each target is called in a refusal (`期刊当前状态为「…」，不能<action>`). */
const ACTIONS: Record<JournalStatus, string> = { edit: '退回编辑', submit: '提交审核', done: '定稿', review: '改为更正版' };

/**
 * The state machine (spec production-admin §4): the statuses a journal may move FROM to reach each
 * target. Nothing moves back to `edit`.
 */
export const TRANSITION_SOURCES: Record<JournalStatus, readonly JournalStatus[]> = {
  edit: [],
  submit: ['edit'],
  done: ['submit', 'review'],
  review: ['done'],
};

export const canTransition = (from: JournalStatus, to: JournalStatus): boolean => TRANSITION_SOURCES[to].includes(from);

export const statusConflictMessage = (current: JournalStatus, target: JournalStatus): string =>
  `期刊当前状态为「${JOURNAL_STATUS_LABELS[current] ?? current}」，不能${ACTIONS[target]}`;

/**
 * A status as clients send it: the string (`submit`), or the internal number of the `journal_status`
 * dictionary (`0`–`3`, which screens built on the dictionary send). Anything else → undefined.
 */
export function toJournalStatus(value: unknown): JournalStatus | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return JOURNAL_STATUSES[value];
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  if (/^[0-3]$/.test(v)) return JOURNAL_STATUSES[Number(v)];
  return (JOURNAL_STATUSES as readonly string[]).includes(v) ? (v as JournalStatus) : undefined;
}

/** The calendar day after `day` (`yyyy-MM-dd`). */
export function nextDay(day: string): string {
  const [y, mo, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, mo - 1, d + 1)).toISOString().slice(0, 10);
}

/** `[startDay 00:00, endDay + 1 00:00)` in the server's time zone: the instants of the inclusive day range. */
export function dayRange(startDay: string, endDay: string): [Date, Date] {
  return [parseDateTime(startDay)!, parseDateTime(nextDay(endDay))!];
}

/**
 * The plan publish day of a journal form: a day (`yyyy-MM-dd`), a day with a time (`yyyy-MM-dd HH:mm:ss`,
 * the eladmin date pickers), ISO 8601 or epoch (seconds or milliseconds) → the day in the server's time
 * zone. Not a real day → undefined.
 */
export function toPlanDay(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const text = value.trim();
    const day = /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/.exec(text);
    if (day) return parseDay(day[1]) && parseDateTime(text) ? day[1] : undefined;
  }
  const date = parseDateTime(value);
  return date ? parseDay(formatDay(date)) : undefined;
}

/** Largest accepted `editor_ids` text (the column's length). */
export const EDITOR_IDS_MAX = 500;

/**
 * The responsible editors as stored: a comma string of positive user ids (`"3,7"`) from a string
 * (`"3,7"`, `"3，7"`, spaces allowed), an array of ids or one id; duplicates dropped. Blank → null;
 * malformed → undefined.
 */
export function normaliseEditorIds(value: unknown): string | null | undefined {
  const ids = parseIdList(value);
  if (!ids) return ids;
  const text = ids.join(',');
  return text.length > EDITOR_IDS_MAX ? undefined : text;
}

/** The answer of `getMaxTotalNo`: year, total number and issue number of the next issue. */
export function nextIssue(year: number, maxTotalNo: number | null, maxJournalNoThisYear: number | null): string {
  return `${year},${(maxTotalNo ?? 0) + 1},${(maxJournalNoThisYear ?? 0) + 1}`;
}

/** The current year in the server's time zone. */
export const currentYear = (now: Date = new Date()): number => Number(formatDateTime(now).slice(0, 4));
