import { formatDay, parseDay } from './day.js';
import { setTimeZone } from './time.js';

describe('parseDay', () => {
  it('accepts real yyyy-MM-dd days, trimmed', () => {
    expect(parseDay('2026-02-28')).toBe('2026-02-28');
    expect(parseDay('2024-02-29')).toBe('2024-02-29');
    expect(parseDay(' 2026-03-01 ')).toBe('2026-03-01');
  });

  it('refuses other days, formats and types', () => {
    for (const bad of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-1-5', '2026-01-05 00:00:00', '2026-01-05T00:00', '20260105', 'today', '', null, undefined, 20260105, ['2026-01-05'], new Date()]) {
      expect([bad, parseDay(bad)]).toEqual([bad, undefined]);
    }
  });
});

describe('formatDay', () => {
  afterEach(() => setTimeZone('Asia/Shanghai'));

  it('is the day in the configured zone', () => {
    setTimeZone('Asia/Shanghai');
    expect(formatDay(new Date('2026-03-01T16:30:00Z'))).toBe('2026-03-02');
    setTimeZone('UTC');
    expect(formatDay(new Date('2026-03-01T16:30:00Z'))).toBe('2026-03-01');
  });
});
