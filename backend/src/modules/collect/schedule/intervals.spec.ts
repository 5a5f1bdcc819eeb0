import { delayAfterError, delayAfterSuccess, effectiveInterval, MINUTE_MS, RETRY_AFTER_CAP_MS } from './intervals';

const limits = { minMinutes: 5, maxMinutes: 1440 };
const low = () => 0;
const high = () => 0.999999;

describe('collect intervals (docs/collect-design.md §5.2)', () => {
  it('keeps the configured interval when not adaptive, clamped to MIN..MAX', () => {
    expect(effectiveInterval(30, false, 500, limits)).toBe(30);
    expect(effectiveInterval(2, false, 0, limits)).toBe(5);
    expect(effectiveInterval(5000, false, 0, limits)).toBe(1440);
  });

  it('adapts to the average gap between new items, within base/2 .. base×4', () => {
    // 7 days / 336 items = 30 min
    expect(effectiveInterval(60, true, 336, limits)).toBe(30);
    // very busy: not below base/2
    expect(effectiveInterval(60, true, 100_000, limits)).toBe(30);
    // never below MIN
    expect(effectiveInterval(6, true, 100_000, limits)).toBe(5);
    // silent: base × 4, at most MAX
    expect(effectiveInterval(60, true, 0, limits)).toBe(240);
    expect(effectiveInterval(720, true, 0, limits)).toBe(1440);
    // 7 days / 84 items = 120 min
    expect(effectiveInterval(60, true, 84, limits)).toBe(120);
  });

  it('adds ±10 % jitter after a good run, and the time scale multiplies it', () => {
    expect(delayAfterSuccess(30, limits, low)).toBe(27 * MINUTE_MS);
    expect(delayAfterSuccess(30, limits, high)).toBeCloseTo(33 * MINUTE_MS, -2);
    expect(delayAfterSuccess(30, { ...limits, timeScale: 0.01 }, low)).toBe(Math.round(27 * MINUTE_MS * 0.01));
  });

  it('backs off exponentially with jitter U(0.5, 1), capped at MAX and at 2^10', () => {
    expect(delayAfterError(30, 1, limits, undefined, high)).toBeCloseTo(60 * MINUTE_MS, -3);
    expect(delayAfterError(30, 1, limits, undefined, low)).toBe(30 * MINUTE_MS);
    expect(delayAfterError(30, 3, limits, undefined, high)).toBeCloseTo(240 * MINUTE_MS, -3);
    expect(delayAfterError(30, 8, limits, undefined, high)).toBeCloseTo(1440 * MINUTE_MS, -3);
    expect(delayAfterError(5, 50, { minMinutes: 5, maxMinutes: 1_000_000 }, undefined, high)).toBeCloseTo(5 * 1024 * MINUTE_MS, -3);
    for (let i = 0; i < 50; i++) {
      const d = delayAfterError(30, 2, limits);
      expect(d).toBeGreaterThanOrEqual(60 * MINUTE_MS);
      expect(d).toBeLessThanOrEqual(120 * MINUTE_MS);
    }
  });

  it('honours Retry-After when longer than the backoff, up to 24 h', () => {
    expect(delayAfterError(5, 1, limits, 7200, low)).toBe(7200_000);
    expect(delayAfterError(5, 1, limits, 60, low)).toBe(5 * MINUTE_MS); // shorter than the backoff: the backoff
    expect(delayAfterError(5, 1, limits, 10 * 24 * 3600, low)).toBe(RETRY_AFTER_CAP_MS);
    expect(delayAfterError(5, 1, limits, Number.NaN, low)).toBe(5 * MINUTE_MS);
    expect(delayAfterError(5, 1, { ...limits, timeScale: 0.01 }, 7200, low)).toBe(72_000);
  });
});
