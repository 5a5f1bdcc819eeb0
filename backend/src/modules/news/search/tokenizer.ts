/**
 * Search tokenizer for news items (docs/news-design.md "Search vector"). The same code tokenises on write
 * (the stored `tsvector`) and on query (the `tsquery`), so PostgreSQL never parses text itself: no
 * text-search parser, dictionary, locale or extension is involved.
 *
 * Rules (all deterministic):
 * - Input is cut to MAX_INPUT_CHARS, NFKC-normalised (full-width Ａ１ → a1, ㍿ → 株式会社) and lower-cased.
 * - The text is split into runs by script:
 *   - Han runs (Chinese, and Japanese kanji) go through jieba `cutForSearch` with HMM: it returns the
 *     words of the default cut plus the dictionary sub-words of long words, so
 *     '美国能源部发布新能源补贴政策' gives 美国, 能源, 能源部, 美国能源部, 新能源 … and both 能源 and
 *     新能源 are findable.
 *   - Katakana runs (with the prolonged sound mark ー) are kept as one word: they are mostly loanwords
 *     (エネルギー, アメリカ) and are already delimited by the script change.
 *   - Hiragana runs of 1–2 characters are dropped (particles の/は/を, okurigana した); longer runs are
 *     kept as one word.
 *   - Hangul runs (Korean eojeol = word + particle, e.g. 에너지를) become character bigrams
 *     (에너, 너지, 지를); a one-syllable run stays as is. A query 에너지 → 에너 & 너지 then matches
 *     에너지를/에너지가 without a Korean morphological analyser.
 *   - Any other run of letters, marks and digits (Latin, accented, Cyrillic, Greek, digits) is a word:
 *     énergie, энергия, 2024. Everything else (punctuation, symbols, spaces) separates words.
 * - Stop words (English and Chinese function words) and one-letter non-CJK words are dropped.
 * - Tokens longer than MAX_TOKEN_LENGTH characters are dropped (base64, URLs glued together); a text
 *   yields at most MAX_TOKENS_PER_TEXT tokens, a document at most MAX_TOKENS_PER_DOCUMENT.
 *
 * Verified SQL shapes (PostgreSQL 15, lc_ctype C.UTF-8):
 *
 *   -- write: the literal from toTsVector() as a parameter; keeps positions and weights A/D
 *   UPDATE news SET search = $1::tsvector WHERE id = $2
 *   -- query: the literal from buildTsQuery() cast directly (NOT to_tsquery('simple', $1), which
 *   -- re-parses each quoted token: to_tsquery('simple', '''a''''b''') gives 'a' <-> 'b')
 *   SELECT id, ts_rank_cd(search, q) AS rank FROM news, CAST($1 AS tsquery) q
 *    WHERE search @@ q ORDER BY rank DESC, publish_time DESC LIMIT 20
 *
 *   SELECT array_to_tsvector(ARRAY['能源','美国']) @@ to_tsquery('simple', '''能源''')           → t
 *   SELECT '''a''''b'':1A ''x&y|z!:('':2 ''back\\slash'':3'::tsvector
 *          @@ '''a''''b'' & ''x&y|z!:('' & ''back\\slash'''::tsquery                       → t
 *   SELECT ts_rank_cd(array_to_tsvector(ARRAY['能源','美国']), '''能源'''::tsquery)               → 0 (!)
 *   SELECT ts_rank_cd('''能源'':1A,5 ''美国'':2 ''政策'':3'::tsvector, '''能源'' & ''美国'''::tsquery) → 0.215
 *   SELECT ts_rank_cd('''能源'':1,5 ''美国'':2 ''政策'':3'::tsvector,  '''能源'' & ''美国'''::tsquery) → 0.133
 *
 * `array_to_tsvector(tokens)` matches but has no positions, so `ts_rank_cd` is always 0 on it (and
 * `setweight` has nothing to weight). Hence toTsVector() builds a positioned, weighted literal.
 * PostgreSQL keeps at most 256 positions per lexeme and clamps positions to 16383; both are harmless.
 */
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

export const MAX_INPUT_CHARS = 200_000;
export const MAX_TOKEN_LENGTH = 64;
export const MAX_TOKENS_PER_TEXT = 5_000;
export const MAX_TOKENS_PER_DOCUMENT = 5_000;
/** Distinct query terms kept from a search string; the rest is ignored. */
export const MAX_QUERY_TERMS = 32;

const ENGLISH_STOP_WORDS = [
  'a', 'an', 'the', 'and', 'or', 'but', 'nor', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from',
  'as', 'into', 'onto', 'about', 'than', 'then', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am',
  'it', 'its', 'this', 'that', 'these', 'those', 'there', 'here', 'has', 'have', 'had', 'do', 'does',
  'did', 'will', 'would', 'shall', 'should', 'can', 'could', 'may', 'might', 'must', 'not', 'no', 'so',
  'if', 'he', 'she', 'they', 'we', 'you', 'i', 'his', 'her', 'their', 'our', 'your', 'my', 'me', 'him',
  'them', 'us', 'who', 'whom', 'which', 'what', 'when', 'where', 'why', 'how', 'also', 'such', 'via',
];
const CHINESE_STOP_WORDS = [
  '的', '了', '和', '是', '在', '与', '及', '或', '等', '对', '也', '就', '都', '而', '将', '被', '把',
  '从', '向', '为', '于', '以', '之', '其', '这', '那', '着', '给', '让', '但', '并', '又', '还', '即',
  '则', '所', '该', '此', '已', '已经', '我们', '你们', '他们', '它们', '以及', '并且', '或者', '但是',
  '因为', '所以', '如果', '虽然', '而且', '一个', '这个', '那个', '这些', '那些', '得', '地', '吗', '呢', '吧',
];
export const STOP_WORDS: ReadonlySet<string> = new Set([...ENGLISH_STOP_WORDS, ...CHINESE_STOP_WORDS]);

let jieba: Jieba | undefined;
/** The jieba instance, created on first use (loading the dictionary takes ~150–250 ms). */
export function getJieba(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

// One alternative per script class; the first matching group tells which one. The last one (words of
// other scripts, digits) excludes the CJK scripts, so '2024年能源政策' splits into '2024' and a Han run.
const RUN =
  /(\p{Script=Han}+)|([\p{Script=Katakana}\u30fc\uff70]+)|(\p{Script=Hiragana}+)|(\p{Script=Hangul}+)|((?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\uff70])[\p{L}\p{M}\p{N}])+)/gu;
const SINGLE_NON_DIGIT = /^[^\p{N}]$/u;

function acceptable(token: string, cjk: boolean): boolean {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH || STOP_WORDS.has(token)) return false;
  // One-letter words of alphabetic scripts ('s' of "U.S.", 'x') carry nothing; one Han character can.
  return cjk || !SINGLE_NON_DIGIT.test(token);
}

function hangulBigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length === 1) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

function normalise(text: string): string {
  const cut = text.length > MAX_INPUT_CHARS ? text.slice(0, MAX_INPUT_CHARS) : text;
  return cut.normalize('NFKC').toLowerCase();
}

type HanCut = (run: string) => string[];

function tokenizeWith(text: string | null | undefined, hanCut: HanCut, limit: number): string[] {
  if (!text) return [];
  const out: string[] = [];
  const push = (token: string, cjk: boolean): boolean => {
    if (acceptable(token, cjk)) out.push(token);
    return out.length < limit;
  };
  for (const m of normalise(text).matchAll(RUN)) {
    const [, han, kata, hira, hangul, word] = m;
    let more = true;
    if (han !== undefined) {
      for (const t of hanCut(han)) if (!(more = push(t, true))) break;
    } else if (kata !== undefined) {
      more = push(kata, true);
    } else if (hira !== undefined) {
      if (hira.length > 2) more = push(hira, true);
    } else if (hangul !== undefined) {
      for (const t of hangulBigrams(hangul)) if (!(more = push(t, true))) break;
    } else if (word !== undefined) {
      more = push(word, false);
    }
    if (!more) break;
  }
  return out;
}

/** Tokens of one text in order, with repeats (used for the stored document). */
export function tokenize(text: string | null | undefined): string[] {
  return tokenizeWith(text, (run) => getJieba().cutForSearch(run, true), MAX_TOKENS_PER_TEXT);
}

export interface NewsSearchFields {
  title?: string | null;
  titleCn?: string | null;
  content?: string | null;
  contentCn?: string | null;
}

/** Weight A = titles (original and Chinese), weight D = bodies. */
export interface DocumentTokens {
  a: string[];
  d: string[];
}

/**
 * Tokens of a news item split by weight: titles → `a`, contents → `d`. Recommended over repeating
 * title tokens: ts_rank_cd weighs A 1.0 vs D 0.1 by default, the vector stays small, and a title
 * word still matches once. Together at most MAX_TOKENS_PER_DOCUMENT (titles first).
 */
export function documentTokens(fields: NewsSearchFields): DocumentTokens {
  const a = [...tokenize(fields.title), ...tokenize(fields.titleCn)].slice(0, MAX_TOKENS_PER_DOCUMENT);
  const room = MAX_TOKENS_PER_DOCUMENT - a.length;
  const d = room > 0 ? [...tokenize(fields.content), ...tokenize(fields.contentCn)].slice(0, room) : [];
  return { a, d };
}

/** Quote one lexeme for tsvector/tsquery input: wrap in '…', double ' and \ inside. */
export function quoteLexeme(token: string): string {
  return `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * A `tsvector` literal with positions (A tokens first, then D) for `$1::tsvector`. Returns '' (an
 * empty tsvector) for an empty document. Lexemes are sorted, so the text is deterministic.
 */
export function toTsVector(doc: DocumentTokens): string {
  const positions = new Map<string, string[]>();
  let pos = 0;
  const add = (tokens: string[], weight: string) => {
    for (const t of tokens) {
      pos++;
      const list = positions.get(t);
      const p = `${Math.min(pos, 16383)}${weight}`;
      if (!list) positions.set(t, [p]);
      else if (list.length < 256) list.push(p);
    }
  };
  add(doc.a, 'A');
  add(doc.d, '');
  return [...positions.keys()]
    .sort()
    .map((t) => `${quoteLexeme(t)}:${positions.get(t)!.join(',')}`)
    .join(' ');
}

/**
 * A query term: `token`, or (for a long Chinese word) alternatively all of `parts`. The query
 * 美国能源 is one jieba word but documents index 美国能源部 as 美国/能源/能源部/美国能源部, so
 * the term becomes ('美国能源' | '美国' & '能源').
 */
export interface QueryTerm {
  token: string;
  parts?: string[];
}

/**
 * Split a Han query word into dictionary words of 2+ characters that tile it (fewest pieces), or
 * undefined when no such tiling exists. Uses jieba `cutAll` (every dictionary word in the string).
 */
function tileHanWord(word: string): string[] | undefined {
  const chars = Array.from(word);
  if (chars.length < 3) return undefined;
  const candidates = new Set(getJieba().cutAll(word).filter((w) => w !== word && Array.from(w).length >= 2));
  // best[i] = fewest pieces tiling chars[0..i)
  const best: (string[] | undefined)[] = [[]];
  for (let end = 1; end <= chars.length; end++) {
    for (let start = 0; start < end; start++) {
      const prev = best[start];
      if (!prev) continue;
      const piece = chars.slice(start, end).join('');
      if (!candidates.has(piece)) continue;
      const cur = best[end];
      if (!cur || prev.length + 1 < cur.length) best[end] = [...prev, piece];
    }
  }
  const tiling = best[chars.length];
  return tiling && tiling.length > 1 ? tiling.filter((t) => !STOP_WORDS.has(t)) : undefined;
}

/**
 * Terms of a search string: Han runs cut with jieba's default mode (HMM on), other scripts as in
 * tokenize(); distinct, in order of first appearance, at most MAX_QUERY_TERMS.
 */
export function queryTerms(text: string | null | undefined): QueryTerm[] {
  const tokens = tokenizeWith(text, (run) => getJieba().cut(run, true), MAX_TOKENS_PER_TEXT);
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  for (const token of tokens) {
    if (seen.has(token)) continue;
    seen.add(token);
    const parts = /^\p{Script=Han}+$/u.test(token) ? tileHanWord(token) : undefined;
    terms.push(parts && parts.length > 0 ? { token, parts } : { token });
    if (terms.length >= MAX_QUERY_TERMS) break;
  }
  return terms;
}

/** Distinct tokens of a search string (the `token` of each query term). */
export function queryTokens(text: string | null | undefined): string[] {
  return queryTerms(text).map((t) => t.token);
}

/**
 * A `tsquery` literal for `CAST($1 AS tsquery)`: every lexeme quoted by quoteLexeme, joined with
 * & (mode 'and') or | (mode 'or'). Returns null when there is nothing to search for — the caller
 * then skips the search condition (an empty string is not a valid tsquery).
 */
export function buildTsQuery(terms: ReadonlyArray<string | QueryTerm>, mode: 'and' | 'or' = 'and'): string | null {
  const parts: string[] = [];
  for (const term of terms) {
    const { token, parts: sub } = typeof term === 'string' ? { token: term, parts: undefined } : term;
    if (!token) continue;
    const q = quoteLexeme(token);
    parts.push(sub && sub.length > 0 ? `(${q} | ${sub.map(quoteLexeme).join(' & ')})` : q);
  }
  if (parts.length === 0) return null;
  return parts.join(mode === 'and' ? ' & ' : ' | ');
}

/** Convenience: the tsquery literal for a search string, or null if it has no searchable word. */
export function searchQuery(text: string | null | undefined, mode: 'and' | 'or' = 'and'): string | null {
  return buildTsQuery(queryTerms(text), mode);
}
