import { choosePublishTime, parseDate } from './dates.js';

// Unit tests run in Asia/Shanghai (test/unit-env.mjs): a time without a zone is +08:00 unless a
// source timezone is given.
describe('parseDate (collect-design §3.4)', () => {
  const now = new Date('2025-06-10T12:00:00Z');
  it.each([
    ['Tue, 10 Jun 2025 04:00:00 GMT', '2025-06-10T04:00:00.000Z'],
    ['Tue, 10 Jun 2025 12:00:00 +0800', '2025-06-10T04:00:00.000Z'],
    ['10 Jun 25 12:00 EST', '2025-06-10T17:00:00.000Z'],
    ['Tue, 10 Jun 2025 12:00:00', '2025-06-10T04:00:00.000Z'],
    ['2025-06-10T12:00:00Z', '2025-06-10T12:00:00.000Z'],
    ['2025-06-10T12:00:00.250+02:00', '2025-06-10T10:00:00.250Z'],
    ['2025-06-10T12:00:00', '2025-06-10T04:00:00.000Z'],
    ['2025-06-10 12:00', '2025-06-10T04:00:00.000Z'],
    ['2025/6/1 08:05:09', '2025-06-01T00:05:09.000Z'],
    ['2025-06-10', '2025-06-09T16:00:00.000Z'],
    ['2025年6月1日', '2025-05-31T16:00:00.000Z'],
    ['2025年6月1日 9:30', '2025-06-01T01:30:00.000Z'],
    ['6月1日 09:30', '2025-06-01T01:30:00.000Z'],
    ['1749528000', '2025-06-10T04:00:00.000Z'],
    ['1749528000000', '2025-06-10T04:00:00.000Z'],
  ])('%s → %s', (input, iso) => {
    expect(parseDate(input, { now })?.toISOString()).toBe(iso);
  });

  it('reads zone-less times in the source timezone, DST included', () => {
    expect(parseDate('2025-06-10 12:00', { timezone: 'America/New_York' })?.toISOString()).toBe('2025-06-10T16:00:00.000Z');
    expect(parseDate('2025-01-10 12:00', { timezone: 'America/New_York' })?.toISOString()).toBe('2025-01-10T17:00:00.000Z');
    expect(parseDate('2025年6月10日 12:00', { timezone: 'UTC' })?.toISOString()).toBe('2025-06-10T12:00:00.000Z');
    // an explicit zone beats the source timezone
    expect(parseDate('2025-06-10T12:00:00Z', { timezone: 'Asia/Tokyo' })?.toISOString()).toBe('2025-06-10T12:00:00.000Z');
  });

  it('puts a month-day in the future into last year', () => {
    expect(parseDate('12月31日', { now })?.toISOString()).toBe('2024-12-30T16:00:00.000Z');
  });

  it.each(['', 'yesterday', '2025-13-01', '2025-02-30', '32 Jun 2025 10:00 GMT', '10 Foo 2025 10:00 GMT', '0'])('refuses %p', (input) => {
    expect(parseDate(input, { now })).toBeUndefined();
  });

  it('chooses feed, else page, else fetch time, never far in the future', () => {
    const fetched = new Date('2025-06-10T12:00:00Z');
    const feed = new Date('2025-06-09T00:00:00Z');
    const page = new Date('2025-06-08T00:00:00Z');
    expect(choosePublishTime(fetched, feed, page)).toBe(feed);
    expect(choosePublishTime(fetched, undefined, page)).toBe(page);
    expect(choosePublishTime(fetched)).toBe(fetched);
    expect(choosePublishTime(fetched, new Date('2025-06-10T12:09:00Z'))).toEqual(new Date('2025-06-10T12:09:00Z'));
    expect(choosePublishTime(fetched, new Date('2025-06-10T12:11:00Z'))).toBe(fetched);
  });
});
