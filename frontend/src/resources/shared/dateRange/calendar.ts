// Pure helpers of the date range picker: days are `yyyy-MM-dd` strings (local time).
import { formatDate } from '../text';

export interface MonthRef {
  year: number;
  /** 0-based, as in `Date`. */
  month: number;
}

export interface CalendarDay {
  day: string;
  date: number;
  inMonth: boolean;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Week header, Sunday first (the Chinese wall-calendar layout). */
export const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** `yyyy-MM-dd` of a real calendar day, or `null` (`2024-02-30` is not one). */
export function parseDay(value: string): Date | null {
  const match = DAY.exec(value.trim());
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const parsed = new Date(year, month, date);
  return parsed.getFullYear() === year && parsed.getMonth() === month && parsed.getDate() === date ? parsed : null;
}

/**
 * What the user typed, made into `yyyy-MM-dd` when it is a day: `2024/1/5`, `2024.01.05` and
 * `20240105` are accepted; anything else gives `null`.
 */
export function normalizeDay(text: string): string | null {
  const trimmed = text.trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(trimmed);
  const loose = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(trimmed);
  const parts = compact ?? loose;
  if (!parts) return null;
  const candidate = `${parts[1]}-${parts[2].padStart(2, '0')}-${parts[3].padStart(2, '0')}`;
  return parseDay(candidate) ? candidate : null;
}

export function monthOf(day: string | null | undefined, today: Date = new Date()): MonthRef {
  const date = (day && parseDay(day)) || today;
  return { year: date.getFullYear(), month: date.getMonth() };
}

export function addMonths({ year, month }: MonthRef, count: number): MonthRef {
  const date = new Date(year, month + count, 1);
  return { year: date.getFullYear(), month: date.getMonth() };
}

export const monthTitle = ({ year, month }: MonthRef): string => `${year} 年 ${month + 1} 月`;

/** The 6 × 7 grid of a month, Sunday first, padded with the neighbouring months' days. */
export function monthGrid({ year, month }: MonthRef): CalendarDay[] {
  const first = new Date(year, month, 1);
  const start = new Date(year, month, 1 - first.getDay());
  return Array.from({ length: 42 }, (_, index) => {
    const date = new Date(start.getFullYear(), start.getMonth(), start.getDate() + index);
    return { day: formatDate(date), date: date.getDate(), inMonth: date.getMonth() === month };
  });
}

/** Where a day sits relative to the chosen range (for the highlight). */
export function rangeRole(day: string, start: string, end: string): 'edge' | 'inside' | 'none' {
  if (day === start || day === end) return 'edge';
  if (start && end && parseDay(start) && parseDay(end)) {
    const [from, to] = start <= end ? [start, end] : [end, start];
    if (day > from && day < to) return 'inside';
  }
  return 'none';
}
