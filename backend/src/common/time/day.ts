import { formatDateTime } from './time.js';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `yyyy-MM-dd` (spaces around allowed) of a real calendar day (not `2026-02-30`) → the day's text;
 * anything else (another format, a time part, not a string) → undefined.
 */
export function parseDay(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const m = DAY.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 1) return undefined;
  return text;
}

/** The day (`yyyy-MM-dd`) of an instant in the configured time zone. */
export const formatDay = (date: Date): string => formatDateTime(date).slice(0, 10);
