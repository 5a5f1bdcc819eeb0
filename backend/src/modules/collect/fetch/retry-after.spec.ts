import { parseRetryAfter } from './retry-after.js';

describe('parseRetryAfter', () => {
  const now = new Date('2025-06-10T00:00:00Z');
  it.each([
    ['120', 120],
    [' 0 ', 0],
    ['Tue, 10 Jun 2025 00:10:00 GMT', 600],
    ['Mon, 09 Jun 2025 00:00:00 GMT', 0],
    ['999999', 86400],
    ['Fri, 20 Jun 2025 00:00:00 GMT', 86400],
  ])('%s → %s', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });
  it.each([undefined, '', '-5', '1.5', 'soon', 'Tuesday'])('%s → undefined', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});
