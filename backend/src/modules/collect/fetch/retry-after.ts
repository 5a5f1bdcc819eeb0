/** Longest wait a `Retry-After` may ask for (docs/collect-design.md §5.2: capped at 24 h). */
export const RETRY_AFTER_MAX_SECONDS = 24 * 3600;

/**
 * Seconds to wait from a `Retry-After` header: delay-seconds or an HTTP date (RFC 9110 §10.2.3),
 * capped at 24 h; undefined when absent or unreadable. A date in the past is 0.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: Date = new Date()): number | undefined {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return undefined;
  let seconds: number;
  if (/^\d+$/.test(raw)) seconds = Number(raw);
  else {
    const at = Date.parse(raw);
    if (!Number.isFinite(at) || !/[a-z]/i.test(raw)) return undefined;
    seconds = Math.max(0, Math.ceil((at - now.getTime()) / 1000));
  }
  return Math.min(seconds, RETRY_AFTER_MAX_SECONDS);
}
