import { parseHTML } from 'linkedom';
import { resolve } from './feed.js';

/**
 * Feed discovery for `type = auto` (docs/collect-design.md §3.3): the `<link rel="alternate">`
 * feeds a home page announces, in document order; when there are none the caller tries the page
 * itself (if it is a feed) and then {@link FALLBACK_FEED_PATHS}.
 */

export type DiscoveredType = 'rss' | 'atom' | 'json';

export interface DiscoveredFeed {
  url: string;
  type: DiscoveredType;
  title?: string;
}

const TYPES: Record<string, DiscoveredType> = {
  'application/rss+xml': 'rss',
  'application/rdf+xml': 'rss',
  'application/atom+xml': 'atom',
  'application/feed+json': 'json',
  'application/json': 'json',
};

export const FALLBACK_FEED_PATHS = ['/feed', '/rss', '/rss.xml', '/atom.xml', '/index.xml'];

export function discoverFeeds(html: string, pageUrl: string): DiscoveredFeed[] {
  const { document } = parseHTML(html);
  const base = resolve(document.querySelector('base[href]')?.getAttribute('href') ?? undefined, pageUrl) ?? pageUrl;
  const found: DiscoveredFeed[] = [];
  const seen = new Set<string>();
  for (const link of Array.from(document.querySelectorAll('link[rel][href]'))) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (!rel.includes('alternate')) continue;
    const type = TYPES[(link.getAttribute('type') ?? '').toLowerCase().split(';')[0].trim()];
    if (!type) continue;
    const url = resolve(link.getAttribute('href')?.trim(), base);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    const title = link.getAttribute('title')?.trim();
    found.push({ url, type, ...(title ? { title } : {}) });
  }
  return found;
}

/** The fallback URLs on the page's origin, in the order they are tried. */
export function fallbackFeedUrls(pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  return FALLBACK_FEED_PATHS.map((path) => `${origin}${path}`);
}
