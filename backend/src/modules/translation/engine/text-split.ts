/**
 * Cutting long plain text into pieces an engine accepts, and grouping pieces into requests.
 *
 * {@link splitText} is lossless: `splitText(t, n).join('') === t`. The whitespace at a cut stays
 * at the end of the piece before it, so a caller can translate each piece's trimmed content and put
 * the original separators (blank lines, newlines, spaces) back unchanged.
 */

/**
 * Cut points, from the most to the least preferred. Each match ends where a new piece may start.
 * - blank lines (paragraph boundaries)
 * - line breaks
 * - sentence ends: . ! ? … (with closing quotes/brackets) followed by whitespace and not by a
 *   lower-case letter (so "e.g. this" stays whole), and the CJK full stops 。！？； (no space needed)
 * - any whitespace (between words)
 */
const CUT_LEVELS: readonly RegExp[] = [
  /\n[ \t\r\f\v]*\n\s*/g,
  /\n\s*/g,
  /[.!?…]+["'”’»)\]]*\s+(?!\p{Ll})|[。！？；]+[”’」』）》]*\s*/gu,
  /\s+/g,
];

/**
 * Splits `text` into pieces of at most `maxChars` characters, cutting at paragraph boundaries
 * (blank lines, then single line breaks), then at sentence ends for over-long paragraphs, then
 * between words; a single word longer than `maxChars` is the only thing cut mid-word.
 * Neighbouring short paragraphs are packed into one piece. Lossless (see the file comment).
 */
export function splitText(text: string, maxChars: number): string[] {
  if (!Number.isFinite(maxChars) || maxChars < 1) throw new RangeError(`maxChars must be >= 1, got ${maxChars}`);
  if (!text) return [];
  return split(text, Math.floor(maxChars), 0);
}

function split(text: string, max: number, level: number): string[] {
  if (text.length <= max) return [text];
  const cut = CUT_LEVELS[level];
  if (!cut) return hardCut(text, max);
  const units = cutAfter(text, cut);
  if (units.length === 1) return split(text, max, level + 1);
  const pieces: string[] = [];
  let current = '';
  for (const unit of units) {
    if (unit.length > max) {
      if (current) pieces.push(current);
      current = '';
      pieces.push(...split(unit, max, level + 1));
    } else if (current.length + unit.length > max) {
      pieces.push(current);
      current = unit;
    } else {
      current += unit;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Lossless split after every match of `re` (a global regex). */
function cutAfter(text: string, re: RegExp): string[] {
  const units: string[] = [];
  let start = 0;
  for (const match of text.matchAll(re)) {
    const end = match.index + match[0].length;
    if (end > start && end < text.length) {
      units.push(text.slice(start, end));
      start = end;
    }
  }
  units.push(text.slice(start));
  return units;
}

/** Last resort for a "word" longer than max: fixed-size slices that never split a surrogate pair. */
function hardCut(text: string, max: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + max, text.length);
    if (end < text.length && end - start > 1 && /[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** Default upper bound of segments per request (keeps numbered-segment prompts manageable). */
export const DEFAULT_MAX_SEGMENTS_PER_REQUEST = 40;

/**
 * Groups segments, in order, into requests whose total length is at most `maxChars` and which hold
 * at most `maxSegments` segments. A segment longer than `maxChars` travels alone (split it first
 * with {@link splitText} to avoid that). Concatenating the batches gives the input back.
 */
export function batchSegments(
  segments: readonly string[],
  maxChars: number,
  maxSegments = DEFAULT_MAX_SEGMENTS_PER_REQUEST,
): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const segment of segments) {
    if (current.length && (size + segment.length > maxChars || current.length >= maxSegments)) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(segment);
    size += segment.length;
  }
  if (current.length) batches.push(current);
  return batches;
}
