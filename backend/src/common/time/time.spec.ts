import { formatDateTime, parseDateTime, setTimeZone } from './time.js';

describe('time', () => {
  beforeAll(() => setTimeZone('Asia/Shanghai'));

  it('formats in the configured zone', () => {
    expect(formatDateTime(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02 11:04:05');
  });

  it('parses local date-times in the configured zone', () => {
    expect(parseDateTime('2026-01-02 11:04:05')?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(parseDateTime('2026-01-02')?.toISOString()).toBe('2026-01-01T16:00:00.000Z');
    expect(parseDateTime('2026-01-02', true)?.toISOString()).toBe('2026-01-02T15:59:59.999Z');
  });

  it('treats 10 digits as seconds and 13 as milliseconds', () => {
    expect(parseDateTime('1700000000')?.getTime()).toBe(1_700_000_000_000);
    expect(parseDateTime(1_700_000_000_123)?.getTime()).toBe(1_700_000_000_123);
  });

  it('rejects garbage', () => {
    expect(parseDateTime('tomorrow')).toBeUndefined();
    expect(parseDateTime('2026-13-01')).toBeUndefined();
    expect(parseDateTime({})).toBeUndefined();
  });
});
