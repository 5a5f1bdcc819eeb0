/**
 * Deterministic demo corpus for a first start (DEMO_NEWS_COUNT items, nothing downloaded): sites ×
 * topics × templates × fillers from demo-news.fixtures.ts, driven by a seeded PRNG. The same `now`
 * always yields the same items; only publish times depend on `now` (spread over the 60 days before it).
 */
import {
  DEMO_COMPANIES,
  DEMO_COUNTRIES,
  DEMO_SITES,
  DEMO_TEMPLATES,
  DEMO_TOPICS,
  NOISE_CODE,
  type DemoLanguage,
  type DemoSite,
  type Localized,
} from './demo-news.fixtures';

export type { DemoLanguage } from './demo-news.fixtures';

export interface DemoNews {
  title: string;
  /** The machine translation of the title (every demo item carries one: a first start shows the whole flow without an engine). */
  titleCn: string | null;
  content: string;
  contentHtml: string;
  /** The machine translation of the body, HTML like the engine stores it for an item with HTML. */
  contentCn: string | null;
  url: string;
  publishTime: Date;
  webName: string;
  webUrl: string;
  language: DemoLanguage;
  /** ISO-like code of the seeded `country` dictionary (US, GB, JP, RU, DE, FR, KR, IN, AU, CA, EU, OTHER). */
  country: string;
  /** 2–5 Chinese keywords. */
  keywords: string[];
  /** Leaf classification codes; noise items have exactly [A5000]. */
  classifyCodes: string[];
  /** Reads, skewed: most items have a few, some have thousands. */
  count: number;
  files?: { name: string; size: number }[];
}

export const DEMO_NEWS_COUNT = 340;
const DAY_MS = 86_400_000;
const SPAN_MS = 60 * DAY_MS - 60_000; // strictly inside the last 60 days
const SEED = 0x5eed2025;

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COUNTRY_POOL: readonly Localized[] = DEMO_COUNTRIES.flatMap((c) => Array<Localized>(c.weight).fill(c.name));

function fill(template: string, values: Record<string, string>): string {
  const text = template.replace(/\{(\w+)\}/g, (m, key: string) => values[key] ?? m);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function toHtml(paragraphs: string[]): string {
  return paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
}

function slugDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Join sentences as a body: Japanese and Chinese without spaces, the rest with one. */
function joinSentences(sentences: string[], lang: DemoLanguage | 'cn'): string {
  return sentences.join(lang === 'ja' || lang === 'cn' ? '' : ' ');
}

interface Story {
  title: string;
  sentences: string[];
  titleCn: string;
  sentencesCn: string[];
}

function writeStory(
  rand: () => number,
  site: DemoSite,
  phrase: Localized,
  date: string,
): Story {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const c = pick(COUNTRY_POOL);
  let c2 = pick(COUNTRY_POOL);
  if (c2 === c) c2 = COUNTRY_POOL[(COUNTRY_POOL.indexOf(c) + 5) % COUNTRY_POOL.length];
  const common = {
    co: pick(DEMO_COMPANIES),
    n: String(2 + Math.floor(rand() * 38)),
    b: String(1 + Math.floor(rand() * 90)),
    k: String(2 + Math.floor(rand() * 11)),
    d: date,
  };
  const lang = site.language;
  const values = { ...common, c: c[lang], c2: c2[lang], t: phrase[lang] };
  const valuesCn = { ...common, c: c.cn, c2: c2.cn, t: phrase.cn };
  const tpl = DEMO_TEMPLATES[lang];
  const titleIndex = Math.floor(rand() * tpl.titles.length);
  // 2–4 distinct sentences; always start with the announcement sentence.
  const count = 2 + Math.floor(rand() * 3);
  const indexes = [0];
  while (indexes.length < count) {
    const i = 1 + Math.floor(rand() * (tpl.sentences.length - 1));
    if (!indexes.includes(i)) indexes.push(i);
  }
  return {
    title: fill(tpl.titles[titleIndex], values),
    sentences: indexes.map((i) => fill(tpl.sentences[i], values)),
    titleCn: fill(DEMO_TEMPLATES.cn.titles[titleIndex], valuesCn),
    sentencesCn: indexes.map((i) => fill(DEMO_TEMPLATES.cn.sentences[i], valuesCn)),
  };
}

/**
 * The demo corpus relative to `now`. Item i uses topic i mod 16 and a site that rotates
 * independently; every 20th item is noise (A5000: alternately an advert/cookie notice and a
 * duplicate of an earlier story); every item carries a Chinese machine translation (stored as the
 * engine would: `mt_status` done), so the MT tab has text with no engine configured; every 23rd has files.
 */
export function buildDemoNews(now: Date): DemoNews[] {
  const rand = prng(SEED);
  const nowMs = now.getTime();
  const items: DemoNews[] = [];
  for (let i = 0; i < DEMO_NEWS_COUNT; i++) {
    const site = DEMO_SITES[(i + Math.floor(i / DEMO_TOPICS.length)) % DEMO_SITES.length];
    const webUrl = `https://${site.host}`;
    // Skewed towards recent days: age = span × r².
    const r = rand();
    const publishTime = new Date(nowMs - Math.floor(r * r * SPAN_MS));
    const date = slugDate(publishTime);
    // Draw kept (it used to pick the translated 60 %), so every other draw and the corpus stay the same.
    rand();
    const reads = Math.floor(Math.pow(rand(), 4) * 5000) + Math.floor(rand() * 20);

    if (i % 20 === 19) {
      const nth = Math.floor(i / 20);
      const earlier = nth % 2 === 1 ? items[i - 7] : undefined;
      if (earlier) {
        items.push({
          ...earlier,
          url: `${earlier.url}?amp=1`,
          publishTime,
          classifyCodes: [NOISE_CODE],
          keywords: ['重复', '转载'],
          count: reads % 10,
          files: undefined,
        });
      } else {
        const kind = Math.floor(nth / 2) % 2;
        const noise = DEMO_TEMPLATES[site.language].noise[kind];
        const noiseCn = DEMO_TEMPLATES.cn.noise[kind];
        items.push({
          title: noise.title,
          titleCn: noiseCn.title,
          content: noise.body,
          contentHtml: toHtml([noise.body]),
          contentCn: toHtml([noiseCn.body]),
          url: `${webUrl}/${kind === 0 ? 'offer' : 'privacy'}/${date}-${i}`,
          publishTime,
          webName: site.webName,
          webUrl,
          language: site.language,
          country: site.country,
          keywords: kind === 0 ? ['广告', '订阅'] : ['隐私', 'Cookie'],
          classifyCodes: [NOISE_CODE],
          count: reads % 10,
        });
      }
      continue;
    }

    const topic = DEMO_TOPICS[i % DEMO_TOPICS.length];
    const story = writeStory(rand, site, topic.phrase, date);
    const classifyCodes = [topic.code];
    if (rand() < 0.2) {
      const second = DEMO_TOPICS[(i * 7 + 3) % DEMO_TOPICS.length].code;
      if (second !== topic.code) classifyCodes.push(second);
    }
    const keywordCount = 2 + Math.floor(rand() * 4); // 2–5
    const keywords = [...new Set([...topic.keywords, ...(rand() < 0.5 ? ['美国'] : []), '国际'])].slice(0, keywordCount);
    const item: DemoNews = {
      title: story.title,
      titleCn: story.titleCn,
      content: joinSentences(story.sentences, site.language),
      contentHtml: toHtml(story.sentences),
      contentCn: toHtml(story.sentencesCn),
      url: `${webUrl}/${date.slice(0, 7).replace('-', '/')}/${topic.code.toLowerCase()}-${i}`,
      publishTime,
      webName: site.webName,
      webUrl,
      language: site.language,
      country: site.country,
      keywords,
      classifyCodes,
      count: reads,
    };
    if (i % 23 === 5) {
      item.files = [{ name: `${topic.code.toLowerCase()}-report-${i}.pdf`, size: 40_000 + Math.floor(rand() * 2_000_000) }];
      if (i % 2 === 0) item.files.push({ name: `annex-${i}.xlsx`, size: 8_000 + Math.floor(rand() * 200_000) });
    }
    items.push(item);
  }
  return items;
}
