/** Date handling of the wire contract: `yyyy-MM-dd HH:mm:ss` in the configured time zone. */
let zone = process.env.TZ || 'Asia/Shanghai';
let formatter = makeFormatter(zone);

function makeFormatter(timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
}

export function setTimeZone(timeZone: string): void {
  zone = timeZone;
  formatter = makeFormatter(timeZone);
}

export function formatDateTime(date: Date): string {
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Offset of the configured zone at `date`, in minutes east of UTC. */
function zoneOffsetMinutes(date: Date): number {
  const local = formatDateTime(date).replace(' ', 'T') + 'Z';
  return Math.round((Date.parse(local) - date.getTime()) / 60_000);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Parses what clients send for a time: `yyyy-MM-dd`, `yyyy-MM-dd HH:mm[:ss]` (configured zone),
 * ISO 8601 with a zone, 10-digit epoch seconds or 13-digit epoch milliseconds. Invalid → undefined.
 */
export function parseDateTime(value: unknown, endOfDay = false): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d{10}$/.test(text)) return new Date(Number(text) * 1000);
  if (/^\d{13}$/.test(text)) return new Date(Number(text));
  const m = LOCAL.exec(text);
  if (m) {
    const [, y, mo, d, h, mi, s] = m;
    const hasTime = h !== undefined;
    const hh = hasTime ? Number(h) : endOfDay ? 23 : 0;
    const mm = hasTime ? Number(mi) : endOfDay ? 59 : 0;
    const ss = hasTime ? Number(s ?? 0) : endOfDay ? 59 : 0;
    if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31 || hh > 23 || mm > 59 || ss > 59) return undefined;
    const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), hh, mm, ss, endOfDay && !hasTime ? 999 : 0);
    const guess = new Date(asUtc);
    const result = new Date(asUtc - zoneOffsetMinutes(guess) * 60_000);
    return Number.isNaN(result.getTime()) ? undefined : result;
  }
  if (/^\d{4}-\d{2}-\d{2}T.+(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  return undefined;
}
