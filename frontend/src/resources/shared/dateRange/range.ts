// The date range of the daily journal dialog and the statistics report: days are `yyyy-MM-dd` strings in local time.
import { parseDay } from './calendar';
import { formatDate } from '../text';

export interface JournalRange {
  startDate: string;
  endDate: string;
}

/** Spec news-tracking §2/§9: the past 7 days up to yesterday (`today-7` … `today-1`, local time). */
export function defaultJournalRange(today: Date): JournalRange {
  const day = (offset: number) => formatDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset));
  return { startDate: day(-7), endDate: day(-1) };
}

/** Why a range cannot be searched, or null when it can. */
export type RangeProblem = 'start_missing' | 'end_missing' | 'start_after_end';

export function rangeProblem({ startDate, endDate }: JournalRange): RangeProblem | null {
  if (!parseDay(startDate)) return 'start_missing';
  if (!parseDay(endDate)) return 'end_missing';
  return startDate > endDate ? 'start_after_end' : null;
}
