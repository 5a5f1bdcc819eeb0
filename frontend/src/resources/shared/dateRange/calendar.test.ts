import { describe, expect, it } from 'vitest';
import { addMonths, monthGrid, monthOf, monthTitle, normalizeDay, parseDay, rangeRole } from './calendar';

describe('calendar helpers', () => {
  it('parses real days only', () => {
    expect(parseDay('2024-02-29')?.getDate()).toBe(29);
    expect(parseDay('2023-02-29')).toBeNull();
    expect(parseDay('2024-1-5')).toBeNull();
    expect(parseDay('')).toBeNull();
  });

  it('normalises what people type', () => {
    expect(normalizeDay('2024-01-05')).toBe('2024-01-05');
    expect(normalizeDay('2024/1/5')).toBe('2024-01-05');
    expect(normalizeDay('2024.01.05')).toBe('2024-01-05');
    expect(normalizeDay('2024年1月5日')).toBe('2024-01-05');
    expect(normalizeDay('20240105')).toBe('2024-01-05');
    expect(normalizeDay('2024-13-01')).toBeNull();
    expect(normalizeDay('01/05/2024')).toBeNull();
  });

  it('moves between months across years', () => {
    expect(addMonths({ year: 2024, month: 11 }, 1)).toEqual({ year: 2025, month: 0 });
    expect(addMonths({ year: 2024, month: 0 }, -1)).toEqual({ year: 2023, month: 11 });
    expect(addMonths({ year: 2024, month: 5 }, 12)).toEqual({ year: 2025, month: 5 });
    expect(monthTitle({ year: 2024, month: 0 })).toBe('2024 年 1 月');
  });

  it('opens on the chosen day’s month, else today’s', () => {
    expect(monthOf('2024-03-15')).toEqual({ year: 2024, month: 2 });
    expect(monthOf('', new Date(2026, 10, 22))).toEqual({ year: 2026, month: 10 });
  });

  it('lays a month out Sunday first on six weeks', () => {
    const grid = monthGrid({ year: 2024, month: 1 }); // February 2024 starts on a Thursday
    expect(grid).toHaveLength(42);
    expect(grid[0]).toEqual({ day: '2024-01-28', date: 28, inMonth: false });
    expect(grid[4]).toEqual({ day: '2024-02-01', date: 1, inMonth: true });
    expect(grid.filter((d) => d.inMonth)).toHaveLength(29);
  });

  it('marks the range edges and inside days', () => {
    expect(rangeRole('2024-01-01', '2024-01-01', '2024-01-10')).toBe('edge');
    expect(rangeRole('2024-01-05', '2024-01-01', '2024-01-10')).toBe('inside');
    expect(rangeRole('2024-01-05', '2024-01-10', '2024-01-01')).toBe('inside');
    expect(rangeRole('2024-01-11', '2024-01-01', '2024-01-10')).toBe('none');
    expect(rangeRole('2024-01-05', '2024-01-01', '')).toBe('none');
  });
});
