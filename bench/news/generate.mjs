// Synthetic news rows for the benchmark: deterministic (seeded PRNG), multilingual, Zipf-distributed.
//
// Structure comes from the demo fixtures (backend/src/modules/news/seed/demo-news.fixtures.ts): sites,
// languages, topics → leaf classes and keywords, title and sentence templates, countries, companies,
// noise items. The long tail of the vocabulary is made from them too: Latin/Cyrillic/Hangul/katakana
// pseudo-words recombined from the syllables of the fixture words, and for Chinese the words of
// jieba's own dictionary (ranked by its frequencies) after the fixture words. Filler words are drawn
// with Zipf frequencies (weight 1/rank), so a word ranked ~100 lands in a few % of the rows and the
// tail in almost none. Every row's `search` vector is computed by the backend's own tokenizer
// (toTsVector(documentTokens(row))), exactly as the application writes it.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'backend', 'dist');
const requireBackend = createRequire(join(root, 'backend', 'package.json'));
const fixtures = requireBackend(join(dist, 'modules/news/seed/demo-news.fixtures.js'));
const tokenizer = requireBackend(join(dist, 'modules/news/search/tokenizer.js'));
const { timeTokenLexemes } = requireBackend(join(dist, 'modules/news/search/time-tokens.js'));
const { dict } = requireBackend('@node-rs/jieba/dict');

const { DEMO_SITES, DEMO_TOPICS, DEMO_TEMPLATES, DEMO_COUNTRIES, DEMO_COMPANIES } = fixtures;
const { documentTokens, toTsVector, tokenize, STOP_WORDS } = tokenizer;

/** The two search words of the benchmark and the share of rows each should match (roughly). */
export const TARGET_WORDS = { cn: '能源', en: 'energy' };

const DAY_MS = 86_400_000;
const SPAN_MS = 730 * DAY_MS; // publish times over two years

/** mulberry32: small, fast, deterministic. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws indexes 0..n-1 with weight 1/(i+1)^s (binary search over the cumulative weights). */
class Zipf {
  constructor(n, s = 1) {
    this.cum = new Float64Array(n);
    let sum = 0;
    for (let i = 0; i < n; i++) this.cum[i] = sum += 1 / Math.pow(i + 1, s);
    this.total = sum;
  }
  draw(rand) {
    const x = rand() * this.total;
    let lo = 0;
    let hi = this.cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cum[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const LANGS = ['en', 'ru', 'ja', 'es', 'fr', 'de', 'ko'];
/** Share of items per source language (English-heavy, like the monitored press). */
const LANG_WEIGHTS = { en: 0.4, ru: 0.12, ja: 0.12, es: 0.12, fr: 0.08, de: 0.08, ko: 0.08 };
const VOCAB_SIZE = { en: 20000, ru: 12000, ja: 8000, es: 10000, fr: 8000, de: 8000, ko: 6000, cn: 20000 };
/** Where the target words sit in their filler vocabularies (0-based rank; lower = more frequent). */
const TARGET_RANK = { en: 3000, cn: 6000 };
const EN_STOP = ['the', 'of', 'and', 'to', 'in', 'a', 'for', 'on', 'that', 'with', 'as', 'is', 'by', 'at', 'from', 'it', 'was', 'has', 'its', 'an', 'be', 'are', 'will', 'this', 'have', 'which', 'their', 'but', 'not', 'were'];
const CN_STOP = ['的', '了', '和', '在', '是', '与', '对', '将', '也', '为', '等', '及', '其', '已', '该', '并', '从', '被', '于', '而'];
const JA_PARTICLES = ['の', 'は', 'を', 'に', 'が', 'で', 'と', 'も', 'から', 'まで', 'について', 'として', 'によると', 'ため'];
const VOWELS = /[aeiouyáéíóúàèêëîïôûüäöœæаеёиоуыэюя]+/u;

const stripPlaceholders = (text) => text.replace(/\{\w+\}/g, ' ').replace(/\$/g, ' ');

/** Every fixture text of a language (templates, topic phrases, countries, companies). */
function fixtureTexts(lang) {
  const t = DEMO_TEMPLATES[lang];
  return [
    ...t.titles,
    ...t.sentences,
    ...t.noise.flatMap((n) => [n.title, n.body]),
    ...DEMO_TOPICS.map((x) => x.phrase[lang]),
    ...DEMO_TOPICS.flatMap((x) => (lang === 'cn' ? x.keywords : [])),
    ...DEMO_COUNTRIES.map((c) => c.name[lang]),
    ...(lang === 'en' ? DEMO_COMPANIES : []),
  ].map(stripPlaceholders);
}

/** Fixture words of a language, most frequent first (surface forms, as they appear in text). */
function fixtureWords(lang) {
  const freq = new Map();
  for (const text of fixtureTexts(lang)) {
    const words = lang === 'cn' || lang === 'ja' ? tokenize(text) : text.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
    for (const w of words) {
      const word = lang === 'en' || lang === 'es' || lang === 'fr' || lang === 'de' || lang === 'ru' ? w.toLowerCase() : w;
      if (/^\p{N}+$/u.test(word)) continue;
      freq.set(word, (freq.get(word) ?? 0) + 1);
    }
  }
  return [...freq.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
}

/** Syllables of the fixture words (consonants + vowel group), the material of pseudo-words. */
function syllables(words) {
  const out = new Set();
  for (const w of words) {
    let rest = w;
    while (rest) {
      const m = VOWELS.exec(rest);
      if (!m) break;
      const end = m.index + m[0].length;
      const syl = rest.slice(0, end);
      if (syl.length >= 1 && syl.length <= 5) out.add(syl);
      rest = rest.slice(end);
    }
  }
  return [...out].sort();
}

function uniqueFill(list, size, make, rand) {
  const seen = new Set(list);
  for (let guard = 0; list.length < size && guard < size * 50; guard++) {
    const w = make(rand);
    if (!seen.has(w)) {
      seen.add(w);
      list.push(w);
    }
  }
  return list;
}

/** Jieba dictionary words (Han only, 2–4 characters), most frequent first. */
function jiebaWords(limit) {
  const rows = [];
  for (const line of dict.toString('utf8').split('\n')) {
    const [word, f] = line.split(' ');
    if (!word || !/^\p{Script=Han}{2,4}$/u.test(word) || STOP_WORDS.has(word)) continue;
    rows.push([word, Number(f)]);
  }
  rows.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return rows.slice(0, limit).map(([w]) => w);
}

/** Puts `word` at `rank` of the list (removing it from wherever it was). */
function placeAt(list, word, rank) {
  const i = list.indexOf(word);
  if (i >= 0) list.splice(i, 1);
  list.splice(Math.min(rank, list.length), 0, word);
}

function buildVocabulary(rand) {
  const vocab = {};
  for (const lang of [...LANGS, 'cn']) {
    const size = VOCAB_SIZE[lang];
    // Fixture words of the language's own script only (no digits, no 'cookie' in Cyrillic text).
    const script = { cn: /^\p{Script=Han}+$/u, ja: /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+$/u, ko: /^\p{Script=Hangul}+$/u, ru: /^\p{Script=Cyrillic}+$/u }[lang] ?? /^\p{Script=Latin}+$/u;
    const base = fixtureWords(lang).filter((w) => script.test(w));
    let words;
    if (lang === 'cn') {
      words = [...CN_STOP, ...base.filter((w) => !CN_STOP.includes(w))];
      uniqueFill(words, size, (() => {
        const tail = jiebaWords(size * 2);
        let k = 0;
        return () => tail[k++ % tail.length];
      })(), rand);
    } else if (lang === 'ja') {
      // Kanji words of the fixtures, then katakana loanword-like and kanji-compound pseudo-words.
      const kana = [...new Set(fixtureTexts('ja').join('').match(/[\p{Script=Katakana}]/gu))].filter((c) => c !== 'ー');
      const kanji = [...new Set(fixtureTexts('ja').join('').match(/\p{Script=Han}/gu))];
      words = base.filter((w) => !/^[\p{Script=Hiragana}]{1,2}$/u.test(w));
      uniqueFill(words, size, (r) => {
        if (r() < 0.5) {
          const n = 3 + Math.floor(r() * 4);
          let w = '';
          for (let i = 0; i < n; i++) w += kana[Math.floor(r() * kana.length)] + (r() < 0.15 ? 'ー' : '');
          return w;
        }
        return kanji[Math.floor(r() * kanji.length)] + kanji[Math.floor(r() * kanji.length)];
      }, rand);
    } else if (lang === 'ko') {
      const syl = [...new Set(fixtureTexts('ko').join('').match(/\p{Script=Hangul}/gu))];
      words = [...base];
      uniqueFill(words, size, (r) => {
        const n = 2 + Math.floor(r() * 3);
        let w = '';
        for (let i = 0; i < n; i++) w += syl[Math.floor(r() * syl.length)];
        return w;
      }, rand);
    } else {
      const syl = syllables(base.filter((w) => w.length > 2));
      words = lang === 'en' ? [...EN_STOP, ...base.filter((w) => !EN_STOP.includes(w))] : [...base];
      uniqueFill(words, size, (r) => {
        const n = 2 + Math.floor(r() * 3);
        let w = '';
        for (let i = 0; i < n; i++) w += syl[Math.floor(r() * syl.length)];
        return w;
      }, rand);
    }
    if (lang === 'en') placeAt(words, TARGET_WORDS.en, TARGET_RANK.en);
    if (lang === 'cn') placeAt(words, TARGET_WORDS.cn, TARGET_RANK.cn);
    vocab[lang] = { words, zipf: new Zipf(words.length, 1) };
  }
  return vocab;
}

/** Synthetic sites per language in addition to the fixture sites (the webId filter, web names). */
function sitesByLanguage(rand) {
  const byLang = {};
  for (const lang of LANGS) byLang[lang] = DEMO_SITES.filter((s) => s.language === lang).map((s) => ({ ...s }));
  const countries = { en: ['US', 'GB', 'AU', 'IN', 'CA', 'EU'], ru: ['RU'], ja: ['JP'], es: ['OTHER'], fr: ['FR'], de: ['DE'], ko: ['KR'] };
  for (const lang of LANGS) {
    const extra = Math.round(LANG_WEIGHTS[lang] * 150);
    for (let k = 1; k <= extra; k++) {
      const c = countries[lang][Math.floor(rand() * countries[lang].length)];
      byLang[lang].push({ webName: `${lang.toUpperCase()} Daily ${k}`, host: `${lang}-daily-${k}.example`, language: lang, country: c });
    }
  }
  return byLang;
}

function fill(template, values) {
  const text = template.replace(/\{(\w+)\}/g, (m, key) => values[key] ?? m);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** COPY text-format field. */
function copyField(v) {
  if (v === null || v === undefined) return '\\N';
  return String(v).replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
}

const arrayLiteral = (items) => `{${items.map((s) => (typeof s === 'number' ? String(s) : `"${String(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;

export const COPY_COLUMNS = [
  'title', 'title_cn', 'content', 'content_html', 'content_cn', 'url', 'publish_time', 'web_id', 'web_name', 'language',
  'country', 'create_by', 'source_id', 'count', 'keywords', 'classify', 'is_noise', 'files', 'search', 'create_time', 'update_time',
];

export const SEED = 0x6e657773;
/** Rows per generated chunk (the unit of work of a generator worker and of the PRNG reseeding). */
export const CHUNK_ROWS = 1000;

/** Every site of the benchmark corpus (fixture sites first), for news_website. */
export function benchSites(seed = SEED) {
  const byLang = sitesByLanguage(prng(seed ^ 0x5678));
  return LANGS.flatMap((l) => byLang[l]);
}

/**
 * Row generator. `classIds` maps leaf codes (A1001 …) and the noise code to ids; `siteIds` maps a
 * site host to its news_website id. `chunk(c)` returns the COPY lines of rows c·CHUNK_ROWS … and
 * updates `stats` (tokens per row, rows matching each target word).
 */
export function createGenerator({ seed = SEED, now, n, classIds, siteIds }) {
  // Reseeded per chunk (chunk()), so a row depends only on (seed, its chunk), whatever the worker.
  let rand = prng(seed);
  const vocab = buildVocabulary(prng(seed ^ 0x1234));
  const sites = sitesByLanguage(prng(seed ^ 0x5678));
  const siteZipf = Object.fromEntries(LANGS.map((l) => [l, new Zipf(sites[l].length, 0.9)]));
  const countryPool = DEMO_COUNTRIES.flatMap((c) => Array(c.weight).fill(c.name));
  // Topics: mildly skewed (weight 1/rank^0.5) over a fixed order; the energy topic sits mid-table.
  const topicOrder = ['A2002', 'A1001', 'A3001', 'A2003', 'A1003', 'A6002', 'A1002', 'A3002', 'A2004', 'A4003', 'A4001', 'A6001', 'A3004', 'A4002', 'A3003', 'A2001']
    .map((code) => DEMO_TOPICS.find((t) => t.code === code));
  const topicZipf = new Zipf(topicOrder.length, 0.5);
  const langCum = [];
  let acc = 0;
  for (const l of LANGS) langCum.push([l, (acc += LANG_WEIGHTS[l])]);
  const pickLang = () => {
    const x = rand() * acc;
    return langCum.find(([, c]) => x < c)[0];
  };
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const word = (lang) => vocab[lang].words[vocab[lang].zipf.draw(rand)];
  const stats = { rows: 0, tokens: 0, noise: 0, match: { cn: 0, en: 0 } };
  let previous = null;

  function filler(lang, n) {
    if (lang === 'ja') {
      let s = '';
      for (let i = 0; i < n; i++) s += word('ja') + pick(JA_PARTICLES) + (i % 7 === 6 ? '。' : '');
      return `${s}。`;
    }
    if (lang === 'cn') {
      let s = '';
      for (let i = 0; i < n; i++) s += word('cn') + (i % 6 === 5 ? '，' : '');
      return `${s}。`;
    }
    const words = [];
    for (let i = 0; i < n; i++) words.push(word(lang));
    const text = words.join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }

  function item(i) {
    const lang = pickLang();
    const site = sites[lang][siteZipf[lang].draw(rand)];
    // Rows come in ingest order, as a crawler writes them: ingest (create_time) times grow with the
    // row number over two years (denser recently), so the heap, the ids and the time indexes are
    // correlated as in production. An item is published minutes to hours before it is ingested,
    // sometimes days (late crawls), rarely weeks.
    const ingest = now - Math.floor(Math.pow(1 - (i + 0.5) / n, 1.3) * SPAN_MS);
    const r = rand();
    const lateness = r < 0.9 ? 60_000 + (r / 0.9) * 6 * 3_600_000 : r < 0.99 ? 6 * 3_600_000 + ((r - 0.9) / 0.09) * 3 * DAY_MS : 3 * DAY_MS + ((r - 0.99) / 0.01) * 60 * DAY_MS;
    const created = new Date(ingest);
    const publish = new Date(ingest - Math.floor(lateness));
    const date = publish.toISOString().slice(0, 10);
    const hasCn = rand() < 0.6;
    const count = Math.min(500_000, Math.floor(Math.pow(1 - rand(), -1.2)) - 1);
    const webId = siteIds[site.host] ?? null;
    const noiseRoll = rand();
    if (noiseRoll < 0.03) {
      // Noise (A5000): adverts / cookie notices, and re-posted duplicates of an earlier story.
      const base = noiseRoll < 0.015 && previous
        ? { ...previous, url: `${previous.url}?amp=${i}`, keywords: ['重复', '转载'] }
        : (() => {
          const kind = Math.floor(rand() * 2);
          const n = DEMO_TEMPLATES[lang].noise[kind];
          const nc = DEMO_TEMPLATES.cn.noise[kind];
          return {
            title: n.title, titleCn: hasCn ? nc.title : null, content: n.body, contentHtml: `<p>${escapeHtml(n.body)}</p>`,
            contentCn: hasCn ? nc.body : null, url: `https://${site.host}/${kind ? 'privacy' : 'offer'}/${date}-${i}`,
            webId, webName: site.webName, language: lang, country: site.country, keywords: kind ? ['隐私', 'Cookie'] : ['广告', '订阅'],
          };
        })();
      return { ...base, publish, created, count: count % 10, classify: [classIds[fixtures.NOISE_CODE]], noise: true, files: [], createBy: null };
    }
    const topic = topicOrder[topicZipf.draw(rand)];
    const c = pick(countryPool);
    let c2 = pick(countryPool);
    if (c2 === c) c2 = countryPool[(countryPool.indexOf(c) + 5) % countryPool.length];
    const common = { co: pick(DEMO_COMPANIES), n: String(2 + Math.floor(rand() * 38)), b: String(1 + Math.floor(rand() * 90)), k: String(2 + Math.floor(rand() * 11)), d: date };
    const values = { ...common, c: c[lang], c2: c2[lang], t: topic.phrase[lang] };
    const valuesCn = { ...common, c: c.cn, c2: c2.cn, t: topic.phrase.cn };
    const tpl = DEMO_TEMPLATES[lang];
    const ti = Math.floor(rand() * tpl.titles.length);
    // The announcement sentence, sometimes one more template sentence, then filler prose.
    const si = [0];
    if (rand() < 0.2) si.push(1 + Math.floor(rand() * (tpl.sentences.length - 1)));
    const latin = lang !== 'ja' && lang !== 'ko';
    const fillerWords = latin ? 16 + Math.floor(rand() * 30) : lang === 'ko' ? 8 + Math.floor(rand() * 10) : 10 + Math.floor(rand() * 16);
    const paragraphs = [...si.map((k) => fill(tpl.sentences[k], values)), filler(lang, fillerWords)];
    const paragraphsCn = hasCn ? [...si.map((k) => fill(DEMO_TEMPLATES.cn.sentences[k], valuesCn)), filler('cn', 4 + Math.floor(rand() * 10))] : null;
    const classify = [classIds[topic.code]];
    if (rand() < 0.2) {
      const second = DEMO_TOPICS[Math.floor(rand() * DEMO_TOPICS.length)].code;
      if (second !== topic.code) classify.push(classIds[second]);
    }
    const keywordCount = 2 + Math.floor(rand() * 4);
    const keywords = [...new Set([...topic.keywords, ...(rand() < 0.5 ? ['美国'] : []), '国际'])].slice(0, keywordCount);
    const files = rand() < 0.04 ? [{ name: `${topic.code.toLowerCase()}-report-${i}.pdf`, size: 40_000 + Math.floor(rand() * 2_000_000) }] : [];
    return {
      title: fill(tpl.titles[ti], values),
      titleCn: hasCn ? fill(DEMO_TEMPLATES.cn.titles[ti], valuesCn) : null,
      content: paragraphs.join(lang === 'ja' ? '' : ' '),
      contentHtml: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
      contentCn: paragraphsCn ? paragraphsCn.join('') : null,
      url: `https://${site.host}/${date.slice(0, 7).replace('-', '/')}/${topic.code.toLowerCase()}-${i}`,
      publish, created, webId, webName: site.webName, language: lang, country: site.country,
      count, keywords, classify, noise: false, files, createBy: rand() < 0.01 ? 'admin' : null,
    };
  }

  /** One COPY line for row number i (0-based). */
  function next(i) {
    const it = item(i);
    if (!it.noise) previous = it;
    const doc = documentTokens(it);
    // the publish day and month lexemes the trigger adds (the load runs with triggers off)
    const search = `${toTsVector(doc)} ${timeTokenLexemes(it.publish)}`;
    stats.rows++;
    stats.tokens += doc.a.length + doc.d.length;
    if (it.noise) stats.noise++;
    if (doc.a.includes(TARGET_WORDS.cn) || doc.d.includes(TARGET_WORDS.cn)) stats.match.cn++;
    if (doc.a.includes(TARGET_WORDS.en) || doc.d.includes(TARGET_WORDS.en)) stats.match.en++;
    const created = it.created;
    const fields = [
      it.title, it.titleCn, it.content, it.contentHtml, it.contentCn, it.url, it.publish.toISOString(), it.webId, it.webName, it.language,
      it.country, it.createBy, it.createBy ? null : `bench-${i}`, it.count, arrayLiteral(it.keywords), arrayLiteral(it.classify),
      it.noise ? 't' : 'f', JSON.stringify(it.files), search, created.toISOString(), created.toISOString(),
    ];
    return `${fields.map(copyField).join('\t')}\n`;
  }

  function chunk(c, rows = CHUNK_ROWS) {
    rand = prng((seed ^ Math.imul(c + 1, 0x9e3779b1)) >>> 0);
    previous = null;
    let out = '';
    for (let k = 0; k < rows; k++) out += next(c * CHUNK_ROWS + k);
    return out;
  }

  return { chunk, stats };
}
