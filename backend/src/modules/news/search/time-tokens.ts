/**
 * Time tokens of the search vector (issue 18, docs/performance.md "10 M rows"): every item's
 * `news.search` also holds two lexemes no text produces, its publish day and month in UTC
 * (`⌁d20261128`, `⌁m202611`), kept by the trigger `news_search_time_tokens` whatever writes the row.
 * A relevance search ranks tier by tier, newest first; a GIN index cannot be asked for "the matches
 * of the last day" and hands over every match of a common word (433,674 at 10 M rows, 65 ms). With
 * the tier's days OR-ed beside the words, GIN's fast scan walks the long posting list guided by the
 * short ones: 14 ms → 1.8 ms per tier at 1 M rows. The exact publish-time condition still decides;
 * the tokens only narrow what the index returns, so they must cover the tier's whole range.
 */

/** The prefix of time lexemes: a character the tokenizer never keeps (it splits on symbols). */
export const TIME_TOKEN_PREFIX = '⌁';
const DAY_MS = 86_400_000;
/** Up to this many days a range is named by its days, above by its months. */
const MAX_DAYS = 10;

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
const dayToken = (d: Date) => `${TIME_TOKEN_PREFIX}d${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
const monthToken = (d: Date) => `${TIME_TOKEN_PREFIX}m${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}`;

/** Months after the current one still listed for the newest tier (items dated ahead of now). */
const FUTURE_MONTHS = 24;

/**
 * A tsquery (OR of time lexemes) matching every item published between `fromMs` and `toMs`, with a
 * day of margin on each side for the clocks of the app and the database. `toMs` null: up to any
 * time ahead (the newest tier has no upper bound; an item can be dated in the future): the days to
 * the end of the month, then the months of the next two years. Null when there is no lower end (the
 * oldest tier): the range cannot be listed and the search index is asked without tokens.
 */
export function timeTokenQuery(fromMs: number | null, toMs: number | null): string | null {
  if (fromMs === null) return null;
  const start = new Date(fromMs - DAY_MS);
  const from = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  const tokens: string[] = [];
  const months = (first: Date, lastMs: number) => {
    for (let d = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1)); d.getTime() <= lastMs; d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))) {
      tokens.push(monthToken(d));
    }
  };
  if (toMs === null) {
    // the rest of the first month by its days (few items in the days ahead), later months whole
    const end = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
    for (let d = from; d < end; d = new Date(d.getTime() + DAY_MS)) tokens.push(dayToken(d));
    months(end, Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + FUTURE_MONTHS - 1, 1));
  } else if ((toMs + DAY_MS - from.getTime()) / DAY_MS <= MAX_DAYS) {
    for (let d = from; d.getTime() <= toMs + DAY_MS; d = new Date(d.getTime() + DAY_MS)) tokens.push(dayToken(d));
  } else {
    months(from, toMs + DAY_MS);
  }
  return tokens.map((t) => `'${t}'`).join(' | ');
}

/**
 * The time lexemes of an item published at `date` as a tsvector literal fragment: what the trigger
 * `news_search_time_tokens` adds, for bulk loads that run with triggers off (bench/news).
 */
export function timeTokenLexemes(date: Date): string {
  return `'${dayToken(date)}' '${monthToken(date)}'`;
}
