import { parseFeed as feedsmithParse } from 'feedsmith';
import { htmlToText } from '../../../common/text/html-to-text.js';
import { parseDate } from './dates.js';
import { CollectParseError } from './parse-error.js';
import { sniffKind } from './sniff.js';
import { assertSafeXml } from './xml-guard.js';

/**
 * Feeds → items (docs/collect-design.md §3.3): RSS 0.9x/2.0, RSS 1.0 (RDF), Atom and JSON Feed
 * through feedsmith (entity processing off), after the DTD guard. Links are resolved against
 * `xml:base`, the feed's link and the feed URL; at most `maxItems` items are read.
 */

export type FeedFormat = 'rss' | 'atom' | 'rdf' | 'json';

export interface FeedItem {
  guid?: string;
  /** Absolute http(s) URL (not yet canonical). */
  url: string;
  /** Plain text. */
  title: string;
  contentHtml?: string;
  summaryHtml?: string;
  publishTime?: Date;
  language?: string;
  categories: string[];
}

export interface ParsedFeed {
  format: FeedFormat;
  title: string;
  /** The site's home page, when the feed names one. */
  link?: string;
  language?: string;
  items: FeedItem[];
}

export interface FeedParseOptions {
  /** The URL the feed was fetched from (last resort base for relative links). */
  feedUrl: string;
  /** `COLLECT_MAX_ITEMS` (500). */
  maxItems?: number;
  timezone?: string | null;
}

export const DEFAULT_MAX_ITEMS = 500;

// The slice of feedsmith's output this module reads (its own types are per format and very wide).
interface Text {
  value?: string;
  type?: string;
}
interface Link {
  href?: string;
  rel?: string;
}
interface Dc {
  dates?: string[];
  subjects?: string[];
  languages?: string[];
}
interface Xml {
  base?: string;
  lang?: string;
}
interface LooseItem {
  // rss / rdf
  title?: string | Text;
  link?: string;
  guid?: { value?: string; isPermaLink?: boolean } | string;
  description?: string;
  content?: { encoded?: string } | Text;
  pubDate?: string;
  categories?: { name?: string; term?: string; label?: string }[];
  dc?: Dc;
  rdf?: { about?: string };
  // atom
  id?: string;
  links?: Link[];
  published?: string;
  updated?: string;
  summary?: Text | string;
  xml?: Xml;
  // json
  url?: string;
  external_url?: string;
  content_html?: string;
  content_text?: string;
  date_published?: string;
  date_modified?: string;
  tags?: string[];
  language?: string;
}
interface LooseFeed {
  title?: string | Text;
  link?: string;
  links?: Link[];
  home_page_url?: string;
  language?: string;
  xml?: Xml;
  dc?: Dc;
  items?: LooseItem[];
  entries?: LooseItem[];
}

export function parseFeedDocument(text: string, options: FeedParseOptions): ParsedFeed {
  const kind = sniffKind(text);
  if (kind === 'html') throw new CollectParseError('NOT_A_FEED', 'HTML');
  if (kind !== 'json') assertSafeXml(text);
  let parsed: { format: FeedFormat; feed: LooseFeed };
  try {
    parsed = feedsmithParse(text) as unknown as { format: FeedFormat; feed: LooseFeed };
  } catch (e) {
    throw new CollectParseError('MALFORMED', (e as Error).message);
  }
  const { format, feed } = parsed;
  const max = options.maxItems ?? DEFAULT_MAX_ITEMS;
  const feedLink = format === 'atom' ? alternate(feed.links) : format === 'json' ? feed.home_page_url : feed.link;
  const base = resolve(feed.xml?.base, options.feedUrl) ?? options.feedUrl;
  const linkBase = resolve(feedLink, base) ?? base;
  const language = feed.language ?? feed.xml?.lang ?? feed.dc?.languages?.[0];
  const raw = (format === 'atom' ? feed.entries : feed.items) ?? [];
  const items: FeedItem[] = [];
  for (const entry of raw) {
    if (items.length >= max) break;
    const item = toItem(format, entry, format === 'atom' ? base : linkBase, options);
    if (item) items.push(item);
  }
  return {
    format,
    title: plainTitle(feed.title) || (resolve(feedLink, options.feedUrl) ?? options.feedUrl),
    ...(feedLink ? { link: resolve(feedLink, options.feedUrl) } : {}),
    ...(language ? { language } : {}),
    items,
  };
}

function toItem(format: FeedFormat, e: LooseItem, base: string, options: FeedParseOptions): FeedItem | undefined {
  const itemBase = resolve(e.xml?.base, base) ?? base;
  let guid: string | undefined;
  let link: string | undefined;
  let contentHtml: string | undefined;
  let summaryHtml: string | undefined;
  let date: string | undefined;
  let categories: string[] = [];
  switch (format) {
    case 'rss': {
      const g = typeof e.guid === 'string' ? { value: e.guid } : e.guid;
      guid = g?.value?.trim() || undefined;
      link = e.link ?? (g?.isPermaLink !== false && guid && /^https?:/i.test(guid) ? guid : undefined);
      contentHtml = (e.content as { encoded?: string } | undefined)?.encoded;
      summaryHtml = e.description;
      date = e.pubDate ?? e.dc?.dates?.[0];
      categories = (e.categories ?? []).map((c) => c.name ?? '').concat(e.dc?.subjects ?? []);
      break;
    }
    case 'rdf':
      guid = e.rdf?.about;
      link = e.link ?? e.rdf?.about;
      contentHtml = (e.content as { encoded?: string } | undefined)?.encoded;
      summaryHtml = e.description;
      date = e.dc?.dates?.[0];
      categories = e.dc?.subjects ?? [];
      break;
    case 'atom':
      guid = e.id;
      link = alternate(e.links);
      contentHtml = atomHtml(e.content as Text | undefined);
      summaryHtml = atomHtml(typeof e.summary === 'string' ? { value: e.summary } : e.summary);
      date = e.published ?? e.updated;
      categories = (e.categories ?? []).map((c) => c.label ?? c.term ?? '');
      break;
    case 'json':
      guid = e.id !== undefined ? String(e.id) : undefined;
      link = e.url ?? e.external_url;
      contentHtml = e.content_html ?? (e.content_text !== undefined ? textToHtml(e.content_text) : undefined);
      summaryHtml = typeof e.summary === 'string' ? textToHtml(e.summary) : undefined;
      date = e.date_published ?? e.date_modified;
      categories = e.tags ?? [];
      break;
  }
  const url = resolve(link?.trim(), itemBase);
  if (!url) return undefined;
  let title = plainTitle(e.title);
  if (!title) title = htmlToText(contentHtml ?? summaryHtml ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
  if (!title) return undefined;
  const publishTime = parseDate(date, { timezone: options.timezone });
  const cats = [...new Set(categories.map((c) => c.trim()).filter(Boolean))];
  return {
    ...(guid ? { guid: guid.slice(0, 1000) } : {}),
    url,
    title: title.slice(0, 1000),
    ...(contentHtml?.trim() ? { contentHtml } : {}),
    ...(summaryHtml?.trim() ? { summaryHtml } : {}),
    ...(publishTime ? { publishTime } : {}),
    ...(e.language ? { language: e.language } : {}),
    categories: cats,
  };
}

/** Atom `content`/`summary` as HTML: `xhtml` is already serialised markup, `html` is used as is, `text` escaped. */
function atomHtml(t: Text | undefined): string | undefined {
  if (!t?.value) return undefined;
  return t.type === 'html' || t.type === 'xhtml' || t.type?.includes('html') ? t.value : textToHtml(t.value);
}

function plainTitle(t: string | Text | undefined): string {
  const value = typeof t === 'string' ? t : t?.value;
  if (!value) return '';
  const isText = typeof t === 'object' && (t.type === undefined || t.type === 'text');
  return (isText ? value : htmlToText(value)).replace(/\s+/g, ' ').trim();
}

function alternate(links: Link[] | undefined): string | undefined {
  if (!links?.length) return undefined;
  return (links.find((l) => !l.rel || l.rel === 'alternate') ?? undefined)?.href;
}

function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** An absolute http(s) URL for `href` against `base`, or undefined. */
export function resolve(href: string | undefined, base: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const url = base ? new URL(href, base) : new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
