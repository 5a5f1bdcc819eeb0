import { describe, expect, it } from 'vitest';
import { periodProblem, presetOf, presetPeriod } from './period';

// Thursday 2026-11-26
const today = new Date(2026, 10, 26, 15, 0, 0);

describe('presetPeriod', () => {
  it('starts the week on Monday, the month on the 1st, the quarter and the year on their first day', () => {
    expect(presetPeriod('week', today)).toEqual({ startDate: '2026-11-23', endDate: '2026-11-26' });
    expect(presetPeriod('month', today)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-26' });
    expect(presetPeriod('quarter', today)).toEqual({ startDate: '2026-10-01', endDate: '2026-11-26' });
    expect(presetPeriod('year', today)).toEqual({ startDate: '2026-01-01', endDate: '2026-11-26' });
  });

  it('keeps Sunday in the week that began the Monday before', () => {
    expect(presetPeriod('week', new Date(2026, 10, 29))).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' });
  });

  it('recognises a preset and a custom period', () => {
    expect(presetOf({ startDate: '2026-11-01', endDate: '2026-11-26' }, today)).toBe('month');
    expect(presetOf({ startDate: '2026-11-02', endDate: '2026-11-26' }, today)).toBeNull();
  });
});

describe('periodProblem', () => {
  it('says what the server would refuse', () => {
    expect(periodProblem({ startDate: '2026-01-01', endDate: '2026-12-31' })).toBeNull();
    expect(periodProblem({ startDate: '', endDate: '2026-01-01' })).toBe('start_missing');
    expect(periodProblem({ startDate: '2026-01-01', endDate: '' })).toBe('end_missing');
    expect(periodProblem({ startDate: '2026-01-02', endDate: '2026-01-01' })).toBe('start_after_end');
    expect(periodProblem({ startDate: '2024-01-01', endDate: '2025-01-01' })).toBe('too_long');
    expect(periodProblem({ startDate: '2024-01-01', endDate: '2024-12-31' })).toBeNull();
  });
});
