import { createHash } from 'node:crypto';
import { canonicalUrl } from '../../../common/text/canonical-url.js';
import { detectLanguage } from '../../../common/text/detect-language.js';
import { sanitizeHtml } from '../../../common/text/sanitize-html.js';
import type { IngestItem } from '../../news/index.js';
import { compileQuery, prepareText, type CompiledQuery } from '../match/query.js';
import type { Article } from '../parse/article.js';
import { choosePublishTime } from '../parse/dates.js';
import type { FeedItem } from '../parse/feed.js';
import { extractKeywords } from './keywords.js';

/**
 * One collected item → the news module's `IngestItem` (docs/collect-design.md §3.6), pure: canonical
 * URL, title (≤ 1000), sanitised HTML and its text, publish time (feed, else page, else fetch time),
 * language (declared, else detected on title + 500 chars, else the source's), country (the
 * source's), classes (source default ∪ matching routing rules), keywords, content hash. MinHash
 * signatures are computed by `NewsIngest` (piece 3) from the same title and text.
 */

export interface SourceContext {
  /** The `news_website` language/country of the source. */
  language?: string | null;
  country?: string | null;
  /** Default classes of the source. */
  classify?: number[];
  /** Routing rules, compiled once per source and run (see {@link compileRules}). */
  rules?: CompiledRule[];
}

export interface CompiledRule {
  query: CompiledQuery;
  classify: number[];
}

export interface BuildItemInput {
  item: FeedItem;
  /** Full text of the page, when the source asks for it and the page could be read. */
  article?: Article;
  source: SourceContext;
  fetchTime: Date;
}

export const TITLE_MAX_CHARS = 1000;
/** Characters of text added to the title for language detection (the model's time grows with it: 0.25 ms at 200, 0.7 ms at 500). */
const DETECT_TEXT_CHARS = 200;

/** Compiles a source's `rules` column; a rule that no longer parses is skipped (it was checked at save). */
export function compileRules(rules: { query: string; classify: number[] }[] | null | undefined): CompiledRule[] {
  const out: CompiledRule[] = [];
  for (const rule of rules ?? []) {
    try {
      out.push({ query: compileQuery(rule.query), classify: rule.classify ?? [] });
    } catch {
      // grammar-checked by the DTO; an old row that fails today is ignored, not fatal
    }
  }
  return out;
}

/** The item, or undefined when it has no usable URL or title. */
export function buildItem({ item, article, source, fetchTime }: BuildItemInput): IngestItem | undefined {
  const pageUrl = article?.canonicalUrl ?? item.url;
  const url = canonicalUrl(pageUrl) ?? canonicalUrl(item.url);
  if (!url) return undefined;
  const title = item.title.replace(/\s+/g, ' ').trim().slice(0, TITLE_MAX_CHARS);
  if (!title) return undefined;
  // the page's full text beats the feed's; then content:encoded/content, then the summary
  const rawHtml = article?.contentHtml ?? item.contentHtml ?? item.summaryHtml ?? '';
  const { html, text } = sanitizeHtml(rawHtml, { baseUrl: item.url });
  const language = normalizeLanguage(item.language ?? article?.language) ?? detectLanguage(`${title}\n${text.slice(0, DETECT_TEXT_CHARS)}`) ?? source.language ?? null;
  const doc = prepareText(title, text);
  const classify = new Set(source.classify ?? []);
  for (const rule of source.rules ?? []) if (rule.query.test(doc)) for (const c of rule.classify) classify.add(c);
  return {
    url,
    guid: item.guid ?? null,
    title,
    content: text,
    contentHtml: html || null,
    publishTime: choosePublishTime(fetchTime, item.publishTime, article?.publishTime),
    language,
    country: source.country ?? null,
    classify: [...classify].sort((a, b) => a - b),
    keywords: extractKeywords(title, text),
    contentHash: contentHash(title, text),
  };
}

/** First 8 bytes of SHA-256 of title + text, as a signed 64-bit decimal string (a PostgreSQL bigint). */
export function contentHash(title: string, text: string): string {
  const digest = createHash('sha256').update(title).update('\n').update(text).digest();
  return digest.readBigInt64BE(0).toString();
}

/** `zh-CN` → `zh-CN`, `EN_us` → `en-US`, `zh` → `zh`; undefined for anything that is not a tag. */
function normalizeLanguage(tag: string | undefined | null): string | undefined {
  const m = /^([a-z]{2,3})(?:[-_]([a-z]{2}|[a-z]{4}))?/i.exec(tag?.trim() ?? '');
  if (!m) return undefined;
  const primary = m[1].toLowerCase();
  if (!m[2]) return primary;
  return m[2].length === 2 ? `${primary}-${m[2].toUpperCase()}` : `${primary}-${m[2][0].toUpperCase()}${m[2].slice(1).toLowerCase()}`;
}
