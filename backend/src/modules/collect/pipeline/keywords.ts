import { Jieba, TfIdf } from '@node-rs/jieba';
import { dict, idf } from '@node-rs/jieba/dict';

/**
 * Item keywords (docs/collect-design.md §3.6). Chinese (Han ≥ 30 % of the letters): jieba TF-IDF
 * over title ×2 + text, nouns and verbal nouns only, stop words out. Other languages: RAKE-style
 * phrases (≤ 3 words, split at stop words and punctuation, score Σ degree/frequency, title ×2).
 * Top 5 either way.
 */

export const KEYWORD_COUNT = 5;
const ALLOWED_POS = ['n', 'nr', 'ns', 'nt', 'nz', 'vn'];
/** Text looked at (a long article's beginning carries its keywords). */
const MAX_CHARS = 20_000;
/** Characters whose Han share chooses the method. */
const RATIO_CHARS = 2_000;

const CHINESE_STOP: ReadonlySet<string> = new Set([
  '的', '了', '和', '是', '在', '与', '及', '或', '等', '对', '也', '就', '都', '而', '将', '被', '把', '从', '向', '为',
  '于', '以', '之', '其', '这', '那', '着', '给', '让', '但', '并', '又', '还', '即', '则', '所', '该', '此', '已', '已经',
  '我们', '你们', '他们', '它们', '以及', '并且', '或者', '但是', '因为', '所以', '如果', '虽然', '而且', '一个', '这个',
  '那个', '这些', '那些', '记者', '日电', '消息', '报道', '表示', '认为', '今天', '昨天', '目前', '方面', '问题', '工作',
]);
export const ENGLISH_STOP: ReadonlySet<string> = new Set(
  (
    'a an the and or but nor of to in on at by for with from as into onto about than then is are was were be been being am ' +
    'it its this that these those there here has have had do does did will would shall should can could may might must not ' +
    'no so if he she they we you i his her their our your my me him them us who whom which what when where why how also such ' +
    'via said says say new more most other some any all each after before over under up down out off again further once just ' +
    'only own same too very s t don now per while during between through against above below both few many much one two ' +
    'three first last year years day days week time times mr mrs ms de la le les des du et el los las en y que un une'
  ).split(' '),
);

let jieba: Jieba | undefined;
let tfidf: TfIdf | undefined;

/** Lazily loaded: the dictionary costs ~200 ms the first time. */
function engines(): { jieba: Jieba; tfidf: TfIdf } {
  jieba ??= Jieba.withDict(dict);
  if (!tfidf) {
    tfidf = TfIdf.withDict(idf);
    // `stopWords` in setConfig fails in @node-rs/jieba 2.0.3 ("Failed to convert JavaScript value
    // `Undefined` into rust type `String`", with a Set or an array): stop words are filtered below
    tfidf.setConfig({ minKeywordLength: 2, useHmm: true });
  }
  return { jieba, tfidf };
}

const LETTER = /^\p{L}$/u;
const HAN = /^\p{Script=Han}$/u;

/** Share of Han characters among the letters of `text`. */
export function hanRatio(text: string): number {
  let letters = 0;
  let han = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) {
      if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) letters++;
    } else if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0x20000 && c <= 0x323af)) {
      // the CJK Unified Ideographs blocks (the common case): no regex per character
      letters++;
      han++;
    } else if (LETTER.test(ch)) {
      letters++;
      if (HAN.test(ch)) han++;
    }
  }
  return letters ? han / letters : 0;
}

export function extractKeywords(title: string, text: string, count = KEYWORD_COUNT): string[] {
  const body = `${title}\n${title}\n${text}`.slice(0, MAX_CHARS);
  // the script share of the beginning decides (a regex pass over 20 000 characters is not free)
  if (hanRatio(body.slice(0, RATIO_CHARS)) >= 0.3) return chineseKeywords(body, count);
  return rakeKeywords(title, text.slice(0, MAX_CHARS), count);
}

function chineseKeywords(body: string, count: number): string[] {
  const { jieba: j, tfidf: t } = engines();
  return t
    .extractKeywords(j, body, count * 2, ALLOWED_POS)
    .map((k) => k.keyword.trim())
    .filter((k) => k.length >= 2 && !/^\d+$/.test(k) && !CHINESE_STOP.has(k))
    .slice(0, count);
}

/** RAKE (Rose et al. 2010) with phrases capped at 3 words; the title is counted twice. */
export function rakeKeywords(title: string, text: string, count = KEYWORD_COUNT): string[] {
  const phrases: string[][] = [];
  for (const source of [title, title, text]) {
    for (const chunk of source.normalize('NFKC').split(/[.,;:!?()[\]{}"“”‘’«»|/\\\n\t—–]+|\s-\s/)) {
      let current: string[] = [];
      const flush = (): void => {
        for (let i = 0; i < current.length; i += 3) phrases.push(current.slice(i, i + 3));
        current = [];
      };
      for (const raw of chunk.split(/\s+/)) {
        const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
        const lower = word.toLowerCase();
        if (!word || ENGLISH_STOP.has(lower) || lower.length < 2 || /^\p{N}+$/u.test(lower)) flush();
        else current.push(lower);
      }
      flush();
    }
  }
  const freq = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const phrase of phrases) {
    for (const w of phrase) {
      freq.set(w, (freq.get(w) ?? 0) + 1);
      degree.set(w, (degree.get(w) ?? 0) + phrase.length);
    }
  }
  const scored = new Map<string, { score: number; count: number }>();
  for (const phrase of phrases) {
    const key = phrase.join(' ');
    const seen = scored.get(key);
    if (seen) seen.count++;
    else scored.set(key, { score: phrase.reduce((sum, w) => sum + (degree.get(w) ?? 0) / (freq.get(w) ?? 1), 0), count: 1 });
  }
  // ties (frequent in RAKE: a repeated phrase and a one-off phrase of the same length) go to the
  // phrase seen more often, then alphabetical for a stable order
  const ranked = [...scored.entries()]
    .sort((a, b) => b[1].score - a[1].score || b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1))
    .map(([k]) => k);
  const out: string[] = [];
  for (const k of ranked) {
    // skip a phrase already covered by a better one (and the other way round)
    if (out.some((o) => o.includes(k) || k.includes(o))) continue;
    out.push(k);
    if (out.length >= count) break;
  }
  return out;
}
