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

describe('formatDateTime fast path', () => {
  afterAll(() => setTimeZone('Asia/Shanghai'));
  it.each(['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'UTC'])('agrees with Intl in %s, across DST changes', (tz) => {
    setTimeZone(tz);
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    const slow = (d: Date) => {
      const p = Object.fromEntries(intl.formatToParts(d).map((x) => [x.type, x.value]));
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
    };
    // Every 37 minutes through 2026 (covers both DST transitions), plus a few odd instants.
    const start = Date.UTC(2026, 0, 1);
    for (let t = start; t < start + 366 * 86_400_000; t += 37 * 60_000 + 13_000) {
      const d = new Date(t);
      expect(formatDateTime(d)).toBe(slow(d));
    }
    for (const d of [new Date(0), new Date(Date.UTC(1999, 11, 31, 23, 59, 59)), new Date(Date.UTC(2038, 0, 19, 3, 14, 7))]) expect(formatDateTime(d)).toBe(slow(d));
  });
});
