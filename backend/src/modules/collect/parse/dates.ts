/**
 * Publish dates of collected items (docs/collect-design.md §3.4): RFC 822/1123, ISO 8601,
 * `yyyy-MM-dd HH:mm[:ss]` (also with `/` or `.`), `yyyy年M月d日 [HH:mm[:ss]]`, `M月d日 [HH:mm]`,
 * Unix seconds or milliseconds. A time without a zone is read in the source's `timezone` (IANA),
 * else in the process zone (`TZ`).
 */

export interface DateOptions {
  /** IANA zone of the source; undefined = the process zone. */
  timezone?: string | null;
  /** "Now" for the year of `M月d日` dates (tests). */
  now?: Date;
}

/** Allowed lead of a publish time over the fetch time before it is replaced by the fetch time. */
export const FUTURE_TOLERANCE_MS = 10 * 60 * 1000;

export function parseDate(input: string | number | Date | null | undefined, options: DateOptions = {}): Date | undefined {
  if (input === null || input === undefined) return undefined;
  if (input instanceof Date) return valid(input);
  if (typeof input === 'number') return unix(input);
  const s = input.trim().replace(/\s+/g, ' ');
  if (!s) return undefined;
  if (/^\d{9,13}$/.test(s)) return unix(Number(s));

  // yyyy-MM-dd[( |T)HH:mm[:ss[.SSS]]][zone]
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2}|UTC|GMT)?$/i.exec(s);
  if (iso) {
    const [, y, mo, d, h = '0', mi = '0', sec = '0', frac = '0', zone] = iso;
    const ms = Math.round(Number(`0.${frac}`) * 1000);
    const parts = [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(sec), ms] as const;
    if (!checkParts(...parts)) return undefined;
    if (zone) return valid(new Date(Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5], parts[6]) - (zoneOffsetMinutes(zone) ?? 0) * 60_000));
    return zoned(parts, options.timezone);
  }

  // yyyy年M月d日 [HH:mm[:ss]] and M月d日 [HH:mm]
  const han = /^(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月\s*(\d{1,2})\s*日(?:\s*(\d{1,2})[:：](\d{2})(?:[:：](\d{2}))?)?$/.exec(s);
  if (han) {
    const [, y, mo, d, h = '0', mi = '0', sec = '0'] = han;
    const year = y ? Number(y) : yearIn(options.now ?? new Date(), options.timezone);
    const build = (yy: number): Date | undefined => {
      const parts = [yy, Number(mo), Number(d), Number(h), Number(mi), Number(sec), 0] as const;
      return checkParts(...parts) ? zoned(parts, options.timezone) : undefined;
    };
    let date = build(year);
    // a month-day without a year in the future (by more than a day) belongs to last year
    if (!y && date && date.getTime() > (options.now ?? new Date()).getTime() + 86_400_000) date = build(year - 1);
    return date;
  }

  // RFC 822/1123 and anything else Date.parse reads with an explicit zone
  const rfc = /^(?:[a-z]{3},?\s*)?(\d{1,2}) ([a-z]{3})[a-z]* (\d{2,4}) (\d{1,2}):(\d{2})(?::(\d{2}))?\s*(.*)$/i.exec(s);
  if (rfc) {
    const [, d, mon, yRaw, h, mi, sec = '0', zoneRaw] = rfc;
    const month = MONTHS.indexOf(mon.toLowerCase()) + 1;
    let year = Number(yRaw);
    if (yRaw.length === 2) year += year < 50 ? 2000 : 1900;
    const parts = [year, month, Number(d), Number(h), Number(mi), Number(sec), 0] as const;
    if (!month || !checkParts(...parts)) return undefined;
    const zone = zoneRaw.trim();
    if (!zone) return zoned(parts, options.timezone);
    const offset = zoneOffsetMinutes(zone);
    if (offset === undefined) return undefined;
    return valid(new Date(Date.UTC(year, month - 1, parts[2], parts[3], parts[4], parts[5]) - offset * 60_000));
  }
  if (/[a-z]/i.test(s) && /\d{4}/.test(s) && /(?:GMT|UTC|Z|[+-]\d{4})\b/.test(s)) return valid(new Date(Date.parse(s)));
  return undefined;
}

/** Feed time, else page time, else fetch time; a time more than 10 min ahead becomes the fetch time. */
export function choosePublishTime(fetchTime: Date, ...candidates: (Date | undefined | null)[]): Date {
  const found = candidates.find((d): d is Date => d instanceof Date && !Number.isNaN(d.getTime()));
  if (!found || found.getTime() > fetchTime.getTime() + FUTURE_TOLERANCE_MS) return fetchTime;
  return found;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** RFC 822 zone names (military single letters other than Z are not trusted, RFC 1123 §5.2.14). */
const NAMED_ZONES: Record<string, number> = {
  UT: 0, UTC: 0, GMT: 0, Z: 0, EST: -300, EDT: -240, CST: -360, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420,
};

function zoneOffsetMinutes(zone: string): number | undefined {
  const z = zone.trim().toUpperCase();
  if (z in NAMED_ZONES) return NAMED_ZONES[z];
  const m = /^(?:GMT|UTC)?([+-])(\d{2}):?(\d{2})$/.exec(z);
  if (!m) return undefined;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

function unix(n: number): Date | undefined {
  if (!Number.isFinite(n) || n <= 0) return undefined;
  return valid(new Date(n < 1e11 ? n * 1000 : n));
}

function valid(d: Date): Date | undefined {
  return Number.isNaN(d.getTime()) ? undefined : d;
}

function checkParts(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): boolean {
  if (y < 1970 || y > 2100 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 60 || ms > 999) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

type Parts = readonly [number, number, number, number, number, number, number];

/** The instant of a wall-clock time in `timezone` (IANA), or in the process zone when none is given. */
function zoned([y, mo, d, h, mi, s, ms]: Parts, sourceZone?: string | null): Date | undefined {
  // `TZ` is read at call time: the process zone of Date may have been fixed before TZ was assigned
  const timezone = sourceZone || process.env.TZ;
  if (!timezone) return valid(new Date(y, mo - 1, d, h, mi, s, ms));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  try {
    let at = wall - offsetAt(wall, timezone);
    // second pass: the offset at the found instant (DST changes between wall and instant)
    at = wall - offsetAt(at, timezone);
    return valid(new Date(at));
  } catch {
    return valid(new Date(y, mo - 1, d, h, mi, s, ms)); // unknown zone name: process zone
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Offset (ms) of `timezone` from UTC at the instant `ms`. */
function offsetAt(ms: number, timezone: string): number {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timezone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

function yearIn(now: Date, sourceZone?: string | null): number {
  const timezone = sourceZone || process.env.TZ;
  if (!timezone) return now.getFullYear();
  try {
    return Number(new Intl.DateTimeFormat('en-US', { timeZone: timezone, year: 'numeric' }).format(now));
  } catch {
    return now.getFullYear();
  }
}
