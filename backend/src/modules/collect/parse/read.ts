import { parseHTML } from 'linkedom';
import { decodeBody } from '../fetch/decode.js';
import { discoverFeeds, type DiscoveredFeed } from './discover.js';
import { parseFeedDocument, type FeedItem, type ParsedFeed } from './feed.js';
import { parseHtmlList, type ListSelectors } from './html-list.js';
import { CollectParseError } from './parse-error.js';
import { sniffKind, type DocumentKind } from './sniff.js';

/**
 * Fetched bytes → items, the way a source's `type` asks (docs/collect-design.md §3.2–§3.3): decode,
 * sniff, then a feed (`rss`/`atom`/`json`, and `auto` when the bytes are a feed), a selector list
 * page (`html`), or — for `auto` on an HTML page — the feeds the page announces (the caller fetches
 * one of them, see `fetch/discover-feed.ts`).
 */

export type SourceKind = 'rss' | 'atom' | 'json' | 'html' | 'auto';

export interface ReadInput {
  body: Buffer;
  contentType?: string;
  /** Final URL of the document (base of relative links). */
  url: string;
  type: SourceKind;
  selectors?: ListSelectors | null;
  /** Source language: the charset fallback (§3.2). */
  language?: string | null;
  timezone?: string | null;
  maxItems?: number;
}

export interface ReadResult {
  kind: DocumentKind;
  charset: string;
  /** The document's title (feed title or HTML `<title>`). */
  title: string | null;
  feed?: ParsedFeed;
  items: FeedItem[];
  /** `auto` on an HTML page: the announced feeds (no items then). */
  discovered: DiscoveredFeed[];
}

export function readDocument(input: ReadInput): ReadResult {
  const { text, charset } = decodeBody(input.body, input.contentType, input.language);
  const kind = sniffKind(text);
  if (input.type === 'html') {
    if (!input.selectors) throw new CollectParseError('BAD_SELECTOR', 'item / link / title');
    const items = parseHtmlList(text, input.selectors, input.url, { maxItems: input.maxItems, timezone: input.timezone });
    return { kind, charset, title: htmlTitle(text), items, discovered: [] };
  }
  if (kind === 'html') {
    if (input.type !== 'auto') throw new CollectParseError('NOT_A_FEED', 'HTML');
    return { kind, charset, title: htmlTitle(text), items: [], discovered: discoverFeeds(text, input.url) };
  }
  const feed = parseFeedDocument(text, { feedUrl: input.url, maxItems: input.maxItems, timezone: input.timezone });
  return { kind, charset, title: feed.title, feed, items: feed.items, discovered: [] };
}

function htmlTitle(html: string): string | null {
  const { document } = parseHTML(html);
  return document.querySelector('title')?.textContent?.replace(/\s+/g, ' ').trim() || null;
}
