import { fallbackFeedUrls, type DiscoveredFeed } from '../parse/discover.js';
import { CollectParseError } from '../parse/parse-error.js';
import { readDocument, type ReadResult } from '../parse/read.js';
import { FetchError } from './fetch-error.js';
import type { FetchResult, SafeFetcher } from './safe-fetch.js';

/**
 * `type = auto` (docs/collect-design.md §3.3): the page itself when it is a feed; else the feeds
 * its `<link rel="alternate">` announce, in order (all are reported, the first that reads is
 * taken); else `/feed`, `/rss`, `/rss.xml`, `/atom.xml`, `/index.xml` on its origin. Nothing →
 * `FEED_NOT_FOUND` (`未发现订阅源`).
 */

export interface FoundFeed {
  feedUrl: string;
  type: 'rss' | 'atom' | 'json';
  title: string | null;
  /** Every feed the page announced (preview lists them). */
  discovered: DiscoveredFeed[];
  fetched: FetchResult;
  read: ReadResult;
  /** Candidates that failed, with why (preview warnings). */
  warnings: string[];
}

export interface DiscoverOptions {
  language?: string | null;
  timezone?: string | null;
  maxItems?: number;
}

export async function findFeed(fetcher: SafeFetcher, url: string, options: DiscoverOptions = {}): Promise<FoundFeed> {
  const warnings: string[] = [];
  const page = await fetcher.fetch(url);
  const first = readDocument({ body: page.body, contentType: page.headers['content-type'], url: page.url, type: 'auto', ...options });
  if (first.feed) return found(page, first, [], warnings);
  const discovered = first.discovered;
  const candidates = [...discovered.map((d) => d.url), ...(discovered.length ? [] : fallbackFeedUrls(page.url))];
  for (const candidate of candidates) {
    try {
      const res = await fetcher.fetch(candidate);
      const read = readDocument({ body: res.body, contentType: res.headers['content-type'], url: res.url, type: 'auto', ...options });
      if (read.feed) return found(res, read, discovered, warnings);
      warnings.push(`${candidate}：不是订阅源`);
    } catch (e) {
      if (!(e instanceof FetchError) && !(e instanceof CollectParseError)) throw e;
      // fallbacks that do not exist are expected; report only announced feeds that failed
      if (discovered.length) warnings.push(`${candidate}：${e.message}`);
    }
  }
  throw new CollectParseError('FEED_NOT_FOUND', warnings.length ? warnings.join('；') : undefined);
}

function found(fetched: FetchResult, read: ReadResult, discovered: DiscoveredFeed[], warnings: string[]): FoundFeed {
  const format = read.feed!.format;
  return {
    feedUrl: fetched.url,
    type: format === 'rdf' || format === 'rss' ? 'rss' : format,
    title: read.title,
    discovered,
    fetched,
    read,
    warnings,
  };
}
