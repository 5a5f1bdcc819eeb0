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
  offsets.clear();
}

/** Intl formatting (slow: ~5 µs); used once per quarter hour of time to learn the zone's offset. */
function formatWithIntl(date: Date): string {
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Zone offset per UTC quarter hour (every zone changes offset on a quarter-hour boundary), bounded. */
const offsets = new Map<number, number>();
const QUARTER_MS = 900_000;

/** Offset of the configured zone at `date`, in minutes east of UTC. */
function zoneOffsetMinutes(date: Date): number {
  const quarter = Math.floor(date.getTime() / QUARTER_MS);
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    const at = new Date(quarter * QUARTER_MS);
    offset = Math.round((Date.parse(formatWithIntl(at).replace(' ', 'T') + 'Z') - at.getTime()) / 60_000);
    if (offsets.size >= 50_000) offsets.clear();
    offsets.set(quarter, offset);
  }
  return offset;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `yyyy-MM-dd HH:mm:ss` in the configured zone (a list page formats thousands of these). */
export function formatDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) return formatWithIntl(date);
  const d = new Date(date.getTime() + zoneOffsetMinutes(date) * 60_000);
  const y = d.getUTCFullYear();
  if (y < 1000 || y > 9999) return formatWithIntl(date);
  return `${y}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
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
