/**
 * Numeric placeholder tokens (e.g. `73101`) that stand in for text an engine must not translate:
 * glossary terms (glossary.ts) and inline HTML elements (html-chunks.ts).
 *
 * Why plain numbers: measured against Apertium APY eng↔spa (see glossary.ts), a bare number is
 * passed through unchanged in every position (sentence start, after articles, possessives,
 * around punctuation) and even keeps its place when the words around it are reordered, while
 * bracketed forms (`⟦1⟧`, `{1}`, `<1>`, `__1__`) are torn apart when Apertium moves words
 * ("los aliados⟧ del ⟦1") and letter codes (`ZQX1`, `TERM1`) are treated as unknown words
 * (marked `*`, capitalising the next word). Neural engines and LLMs also copy numbers faithfully.
 *
 * Tokens are five or more digits, chosen so that no token occurs in any digit run of the text
 * (digits joined across thousands separators), and matched tolerantly: an engine that writes
 * `73,101`, `73.101`, `73 101` (thin/no-break space) or full-width digits `７３１０１` is understood.
 */

/** Two-digit prefixes tried in turn; each gives `10^(width-2) - 1` tokens. */
const FIRST_PREFIX = 73;
const LAST_PREFIX = 98;
const MIN_WIDTH = 5;

const FULLWIDTH_ZERO = 0xff10;
/** Thousands separators an engine may put into a long number. */
const SEPARATOR = "[.,'’\\u00a0\\u202f\\u2009 ]";
const DIGIT_RUN = /[0-9０-９]+(?:[.,'’\u00a0\u202f\u2009 ][0-9０-９]+)*/g;

/**
 * `count` distinct tokens that occur nowhere in `text` (not even inside a longer number).
 * Tokens of one call share a prefix and width: 73001, 73002, …
 */
export function allocateTokens(text: string, count: number): string[] {
  if (count <= 0) return [];
  const digits = (text.match(DIGIT_RUN) ?? []).map(normaliseDigits).join(' ');
  for (let width = MIN_WIDTH; ; width++) {
    const span = 10 ** (width - 2);
    if (count >= span) continue;
    for (let prefix = FIRST_PREFIX; prefix <= LAST_PREFIX; prefix++) {
      const base = prefix * span;
      const tokens = Array.from({ length: count }, (_, i) => String(base + i + 1));
      if (!tokens.some((token) => digits.includes(token))) return tokens;
    }
  }
}

/** ASCII digits only: separators dropped, full-width digits converted. */
export function normaliseDigits(text: string): string {
  return text.replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - FULLWIDTH_ZERO)).replace(/[^0-9]/g, '');
}

/** A global regex matching any of `tokens` as a whole number, tolerating separators and full-width digits. */
export function tokenRegex(tokens: readonly string[]): RegExp {
  const alternatives = [...new Set(tokens)].sort((a, b) => b.length - a.length).map(tokenPattern);
  return new RegExp(`(?<![0-9０-９])(?:${alternatives.join('|')})(?![0-9０-９])`, 'gu');
}

function tokenPattern(token: string): string {
  let pattern = '';
  for (let i = 0; i < token.length; i++) {
    const d = token.charCodeAt(i) - 48;
    pattern += `[${d}${String.fromCharCode(FULLWIDTH_ZERO + d)}]`;
    const remaining = token.length - i - 1;
    if (remaining > 0 && remaining % 3 === 0) pattern += `${SEPARATOR}?`;
  }
  return pattern;
}

/** One token found in a text. */
export interface TokenMatch {
  token: string;
  index: number;
  length: number;
}

/** Every occurrence of the given tokens in `text`, in order. */
export function findTokens(text: string, tokens: readonly string[]): TokenMatch[] {
  if (!tokens.length) return [];
  return [...text.matchAll(tokenRegex(tokens))].map((m) => ({ token: normaliseDigits(m[0]), index: m.index, length: m[0].length }));
}

/** Han, kana and CJK punctuation: scripts written without spaces between words. */
const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/** Whether `ch` belongs to a script written without spaces (Chinese, Japanese). */
export function isSpaceless(ch: string | undefined): boolean {
  return !!ch && SPACELESS.test(ch);
}

/**
 * Replaces every occurrence of the tokens in `values` by its value. Spaces an engine put between a
 * token and Chinese/Japanese text are dropped when the value itself starts/ends in such a script
 * ("政府 73101 宣布" with 73101 → 欧盟 gives "政府欧盟宣布"). Returns how often each token was found.
 */
export function replaceTokens(text: string, values: ReadonlyMap<string, string>): { text: string; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  if (!values.size) return { text, counts };
  let out = '';
  let last = 0;
  for (const match of findTokens(text, [...values.keys()])) {
    const value = values.get(match.token) ?? '';
    counts.set(match.token, (counts.get(match.token) ?? 0) + 1);
    let before = text.slice(last, match.index);
    if (isSpaceless(value[0])) {
      const trimmed = before.replace(/[ \t\u00a0]+$/, '');
      if (trimmed !== before && isSpaceless((out + trimmed).at(-1))) before = trimmed;
    }
    out += before + value;
    last = match.index + match.length;
    if (isSpaceless(value.at(-1))) {
      const spaces = /^[ \t\u00a0]+/.exec(text.slice(last))?.[0].length ?? 0;
      if (spaces && isSpaceless(text[last + spaces])) last += spaces;
    }
  }
  return { text: out + text.slice(last), counts };
}
