/**
 * Features of a news item for story clustering (docs/collect-design.md §4.3 "Clusters: MinHash + LSH").
 *
 * - NFKC, lower case; numbers normalised (`1,200` → `1200`, `0.25%` → `0.25`, `25个基点` → `25` `基点`:
 *   a digit run is its own token and the counter word 个 is a stop word).
 * - Han runs → jieba `cut` with HMM (the design's choice). `common/` imports no module, so the jieba
 *   instance of the news tokenizer cannot be reached from here: the library is loaded lazily by this
 *   file, or the caller passes its own cutter (`hanCut`) so one process holds one dictionary.
 * - Other scripts → words (letters, marks, digits) with a light English/Romance suffix stem
 *   (`-s -es -ed -ing`); stop words and one-character non-Han tokens out (a digit is kept).
 * - Feature set = `t:` + title tokens ∪ the first MAX_BODY_TOKENS body tokens. Variant B adds word
 *   bigrams (`b:` + two consecutive tokens) of title and body; §4.4 measures both.
 */
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

export const MAX_BODY_TOKENS = 400;
const MAX_INPUT_CHARS = 20_000;
const MAX_TOKEN_LENGTH = 64;

export type HanCut = (run: string) => string[];

export type FeatureVariant = 'A' | 'B';
export type HanMode = 'cut' | 'search';
/** The Han mode the §4.4 evaluation chose (dev half). */
export const DEFAULT_HAN_MODE: HanMode = 'cut';
/** The variant the §4.4 evaluation chose (dev half). */
export const DEFAULT_FEATURE_VARIANT: FeatureVariant = 'A';

export interface FeatureOptions {
  /** A: words; B: words + word bigrams (§4.3). Default A. */
  variant?: FeatureVariant;
  /**
   * Jieba mode for Han runs: `cut` (default mode, HMM) or `search` (`cutForSearch`: the cut words plus
   * their dictionary sub-words, so 黄金价格 also yields 黄金 and 价格 and two outlets segmenting a phrase
   * differently still share features). Default DEFAULT_HAN_MODE (§4.4).
   */
  han?: HanMode;
  /** Jieba cutter to use for Han runs instead of `han` (the news module may pass its instance). */
  hanCut?: HanCut;
}

const ENGLISH_STOP_WORDS = [
  'a', 'an', 'the', 'and', 'or', 'but', 'nor', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from',
  'as', 'into', 'onto', 'about', 'than', 'then', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am',
  'it', 'its', 'this', 'that', 'these', 'those', 'there', 'here', 'has', 'have', 'had', 'do', 'does',
  'did', 'will', 'would', 'shall', 'should', 'can', 'could', 'may', 'might', 'must', 'not', 'no', 'so',
  'if', 'he', 'she', 'they', 'we', 'you', 'i', 'his', 'her', 'their', 'our', 'your', 'my', 'me', 'him',
  'them', 'us', 'who', 'whom', 'which', 'what', 'when', 'where', 'why', 'how', 'also', 'such', 'via',
  'after', 'before', 'over', 'said', 'say', 'says', 'new', 'more', 'up', 'out', 'amid', 'while',
];
const CHINESE_STOP_WORDS = [
  '的', '了', '和', '是', '在', '与', '及', '或', '等', '对', '也', '就', '都', '而', '将', '被', '把',
  '从', '向', '为', '于', '以', '之', '其', '这', '那', '着', '给', '让', '但', '并', '又', '还', '即',
  '则', '所', '该', '此', '已', '已经', '我们', '你们', '他们', '它们', '以及', '并且', '或者', '但是',
  '因为', '所以', '如果', '虽然', '而且', '一个', '这个', '那个', '这些', '那些', '得', '地', '吗', '呢', '吧',
  '个', '称', '表示', '据', '日', '月', '年', '后', '中', '上', '有', '到', '会', '说',
];
export const SHINGLE_STOP_WORDS: ReadonlySet<string> = new Set([...ENGLISH_STOP_WORDS, ...CHINESE_STOP_WORDS]);

let jieba: Jieba | undefined;
function getJieba(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}
const HAN_CUTS: Record<HanMode, HanCut> = {
  cut: (run) => getJieba().cut(run, true),
  search: (run) => getJieba().cutForSearch(run, true),
};
const defaultHanCut: HanCut = (run) => HAN_CUTS[DEFAULT_HAN_MODE](run);

// Han run | any other run of letters/marks/digits (digits may carry `.`/`,` inside: 0.25, 1,200).
const RUN = /(\p{Script=Han}+)|(\p{N}+(?:[.,]\p{N}+)*|(?:(?!\p{Script=Han})[\p{L}\p{M}])+)/gu;
const DIGITS = /^\p{N}/u;

/** NFKC, lower case, cut to a bounded length. */
export function normaliseText(text: string | null | undefined): string {
  if (!text) return '';
  const cut = text.length > MAX_INPUT_CHARS ? text.slice(0, MAX_INPUT_CHARS) : text;
  return cut.normalize('NFKC').toLowerCase();
}

/** The light suffix stem: -ing, -ed, -es, -s (only on words long enough to keep a stem of 3+). */
export function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && /(?:sh|ch|ss|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function normaliseNumber(n: string): string {
  // 1,200 → 1200 (thousands groups); 0.250 → 0.25; 3.0 → 3
  let s = /^\p{N}{1,3}(,\p{N}{3})+(\.\p{N}+)?$/u.test(n) ? n.replace(/,/g, '') : n.replace(/,/g, '.');
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s;
}

/** Tokens of one text in order (with repeats), at most `limit`. */
export function shingleTokens(text: string | null | undefined, hanCut: HanCut = defaultHanCut, limit = Infinity): string[] {
  const out: string[] = [];
  if (!text) return out;
  for (const m of normaliseText(text).matchAll(RUN)) {
    const [, han, other] = m;
    const words = han !== undefined ? hanCut(han) : [other!];
    for (const raw of words) {
      const isHan = han !== undefined;
      const w = isHan ? raw.trim() : DIGITS.test(raw) ? normaliseNumber(raw) : stem(raw);
      if (!w || w.length > MAX_TOKEN_LENGTH || SHINGLE_STOP_WORDS.has(w)) continue;
      if (!isHan && w.length === 1 && !DIGITS.test(w)) continue;
      if (isHan && !/\p{Script=Han}/u.test(w)) continue; // jieba may return spaces/punctuation
      out.push(w);
      if (out.length >= limit) return out;
    }
  }
  return out;
}

export interface ShingleInput {
  title?: string | null;
  content?: string | null;
}

function addBigrams(set: Set<string>, tokens: string[]): void {
  for (let i = 0; i + 1 < tokens.length; i++) set.add(`b:${tokens[i]} ${tokens[i + 1]}`);
}

/** The feature set of one text pair (§4.3): `t:`title tokens ∪ body tokens (first 400) [∪ bigrams]. */
export function storyFeatures(input: ShingleInput, options: FeatureOptions = {}): Set<string> {
  const cut = options.hanCut ?? HAN_CUTS[options.han ?? DEFAULT_HAN_MODE];
  const title = shingleTokens(input.title, cut, MAX_BODY_TOKENS);
  const body = shingleTokens(input.content, cut, MAX_BODY_TOKENS);
  const set = new Set<string>();
  for (const t of title) set.add(`t:${t}`);
  for (const t of body) set.add(t);
  if ((options.variant ?? DEFAULT_FEATURE_VARIANT) === 'B') {
    addBigrams(set, title);
    addBigrams(set, body);
  }
  return set;
}
