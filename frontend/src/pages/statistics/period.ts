// The statistics period: the presets 本周 / 本月 / 本季度 / 今年 (from their first day up to today) and
// the checks the server makes (docs/statistics.md), so a bad range is said before any request.
import { formatDate } from '../../resources/shared/text';

export const PERIOD_PRESETS = ['week', 'month', 'quarter', 'year'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface Period {
  startDate: string;
  endDate: string;
}

/** The server's limit (statistics.rules.ts MAX_PERIOD_DAYS). */
export const MAX_PERIOD_DAYS = 366;

/** A preset's period: its first day (weeks start on Monday) to `today`. */
export function presetPeriod(preset: PeriodPreset, today: Date): Period {
  const y = today.getFullYear();
  const m = today.getMonth();
  const start =
    preset === 'week'
      ? new Date(y, m, today.getDate() - ((today.getDay() + 6) % 7))
      : preset === 'month'
        ? new Date(y, m, 1)
        : preset === 'quarter'
          ? new Date(y, m - (m % 3), 1)
          : new Date(y, 0, 1);
  return { startDate: formatDate(start), endDate: formatDate(today) };
}

/** The preset a period is, for `today` (null: a custom period). */
export function presetOf(period: Period, today: Date): PeriodPreset | null {
  return PERIOD_PRESETS.find((p) => {
    const q = presetPeriod(p, today);
    return q.startDate === period.startDate && q.endDate === period.endDate;
  }) ?? null;
}

export type PeriodProblem = 'start_missing' | 'end_missing' | 'start_after_end' | 'too_long';

/** What is wrong with a period (null: fine). */
export function periodProblem({ startDate, endDate }: Period): PeriodProblem | null {
  if (!startDate) return 'start_missing';
  if (!endDate) return 'end_missing';
  if (startDate > endDate) return 'start_after_end';
  const days = Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1;
  return days > MAX_PERIOD_DAYS ? 'too_long' : null;
}
