/**
 * When a source is checked next (docs/collect-design.md §5.2), pure: the adaptive interval after a
 * good run, the backoff with jitter after a failed one (a `Retry-After` is honoured up to 24 h), and
 * `COLLECT_TIME_SCALE` (tests only) multiplying every delay. Errors never disable a source.
 */

export const MINUTE_MS = 60_000;
export const DAY_MINUTES = 24 * 60;
/** A server's `Retry-After` is honoured up to this. */
export const RETRY_AFTER_CAP_MS = 24 * 60 * MINUTE_MS;
/** Backoff doubles at most this many times. */
export const BACKOFF_MAX_DOUBLINGS = 10;

export interface IntervalLimits {
  /** `COLLECT_MIN_INTERVAL_MINUTES` (5). */
  minMinutes: number;
  /** `COLLECT_MAX_INTERVAL_MINUTES` (1440). */
  maxMinutes: number;
  /** `COLLECT_TIME_SCALE` (1; tests make it small). */
  timeScale?: number;
}

/** A number in [0, 1): `Math.random` unless a test gives its own. */
export type Random = () => number;

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/**
 * The effective interval in whole minutes after a good run: the configured one, or (adaptive) the
 * average gap between the items created in the last 7 days, kept within [max(MIN, base/2),
 * min(base×4, MAX)] — a busy source is read up to twice as often, a quiet one down to a quarter.
 */
export function effectiveInterval(baseMinutes: number, adaptive: boolean, createdLast7Days: number, limits: IntervalLimits): number {
  const base = clamp(baseMinutes, limits.minMinutes, limits.maxMinutes);
  if (!adaptive) return base;
  const avgGap = createdLast7Days > 0 ? (7 * DAY_MINUTES) / createdLast7Days : Number.POSITIVE_INFINITY;
  const lo = Math.max(limits.minMinutes, base / 2);
  const hi = Math.min(base * 4, limits.maxMinutes);
  return Math.round(clamp(avgGap, lo, Math.max(lo, hi)));
}

/** Milliseconds until the next check after a good run: the effective interval × U(0.9, 1.1), scaled. */
export function delayAfterSuccess(effectiveMinutes: number, limits: IntervalLimits, random: Random = Math.random): number {
  const jitter = 0.9 + 0.2 * random();
  return Math.round(effectiveMinutes * MINUTE_MS * jitter * (limits.timeScale ?? 1));
}

/**
 * Milliseconds until the next try after the `errors`-th consecutive failure: base × 2^min(errors, 10)
 * capped at MAX, × U(0.5, 1); with a `Retry-After` (seconds) at least that, capped at 24 h; scaled.
 */
export function delayAfterError(baseMinutes: number, errors: number, limits: IntervalLimits, retryAfterSeconds?: number | null, random: Random = Math.random): number {
  const base = clamp(baseMinutes, limits.minMinutes, limits.maxMinutes);
  const backoff = Math.min(base * 2 ** Math.min(Math.max(errors, 0), BACKOFF_MAX_DOUBLINGS), limits.maxMinutes) * MINUTE_MS * (0.5 + 0.5 * random());
  let delay = backoff;
  if (retryAfterSeconds != null && Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0) {
    delay = Math.min(Math.max(delay, retryAfterSeconds * 1000), RETRY_AFTER_CAP_MS);
  }
  return Math.round(delay * (limits.timeScale ?? 1));
}
