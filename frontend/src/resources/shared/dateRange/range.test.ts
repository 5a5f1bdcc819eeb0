import { describe, expect, it } from 'vitest';
import { defaultJournalRange, rangeProblem } from './range';

describe('defaultJournalRange', () => {
  it('is the past 7 days up to yesterday', () => {
    expect(defaultJournalRange(new Date(2026, 10, 22, 9, 30))).toEqual({ startDate: '2026-11-15', endDate: '2026-11-21' });
  });

  it('uses the local day whatever the hour', () => {
    expect(defaultJournalRange(new Date(2026, 10, 22, 0, 0, 1))).toEqual({ startDate: '2026-11-15', endDate: '2026-11-21' });
    expect(defaultJournalRange(new Date(2026, 10, 22, 23, 59, 59))).toEqual({ startDate: '2026-11-15', endDate: '2026-11-21' });
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(defaultJournalRange(new Date(2026, 0, 3))).toEqual({ startDate: '2025-12-27', endDate: '2026-01-02' });
    expect(defaultJournalRange(new Date(2024, 2, 1))).toEqual({ startDate: '2024-02-23', endDate: '2024-02-29' });
    expect(defaultJournalRange(new Date(2026, 2, 1))).toEqual({ startDate: '2026-02-22', endDate: '2026-02-28' });
  });

  it('does not change the date it was given', () => {
    const today = new Date(2026, 10, 22, 9, 30);
    defaultJournalRange(today);
    expect(today.getTime()).toBe(new Date(2026, 10, 22, 9, 30).getTime());
  });
});

describe('rangeProblem', () => {
  it('accepts a range of real days, one day included', () => {
    expect(rangeProblem({ startDate: '2026-11-15', endDate: '2026-11-21' })).toBeNull();
    expect(rangeProblem({ startDate: '2026-11-21', endDate: '2026-11-21' })).toBeNull();
  });

  it('names the missing or impossible day', () => {
    expect(rangeProblem({ startDate: '', endDate: '2026-11-21' })).toBe('start_missing');
    expect(rangeProblem({ startDate: '2026-02-30', endDate: '2026-11-21' })).toBe('start_missing');
    expect(rangeProblem({ startDate: '2026-11-15', endDate: '' })).toBe('end_missing');
  });

  it('refuses a start after the end', () => {
    expect(rangeProblem({ startDate: '2026-11-22', endDate: '2026-11-21' })).toBe('start_after_end');
    expect(rangeProblem({ startDate: '2027-01-01', endDate: '2026-12-31' })).toBe('start_after_end');
  });
});
