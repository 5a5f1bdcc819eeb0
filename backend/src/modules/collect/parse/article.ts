import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { parseDate } from './dates.js';
import { resolve } from './feed.js';

/**
 * Full text of an article page (docs/collect-design.md §3.4): linkedom's DOM, Readability with
 * `charThreshold: 300`, plus `<link rel=canonical>` (same host only) and the page's publish time
 * (`article:published_time`, else the first `<time datetime>`). The HTML returned is not yet
 * sanitised: the item pipeline sanitises every body.
 */

export interface Article {
  title?: string;
  contentHtml?: string;
  text?: string;
  /** Same-host canonical URL of the page, when it names one. */
  canonicalUrl?: string;
  publishTime?: Date;
  language?: string;
}

export function extractArticle(html: string, pageUrl: string, options: { timezone?: string | null } = {}): Article {
  const { document } = parseHTML(html);
  const out: Article = {};
  const canonical = resolve(document.querySelector('link[rel~="canonical"][href]')?.getAttribute('href')?.trim(), pageUrl);
  if (canonical && new URL(canonical).host === new URL(pageUrl).host) out.canonicalUrl = canonical;
  const metaTime =
    document.querySelector('meta[property="article:published_time"]')?.getAttribute('content') ??
    document.querySelector('meta[name="pubdate"], meta[name="publishdate"], meta[itemprop="datePublished"]')?.getAttribute('content') ??
    document.querySelector('time[datetime]')?.getAttribute('datetime');
  const publishTime = parseDate(metaTime ?? undefined, { timezone: options.timezone });
  if (publishTime) out.publishTime = publishTime;
  const lang = document.documentElement?.getAttribute('lang')?.trim();
  if (lang) out.language = lang;
  // Readability resolves relative links against the document's URL; linkedom has none, so a <base>
  // is added (it is not in the output)
  if (!document.querySelector('base[href]') && document.head) {
    const baseEl = document.createElement('base');
    baseEl.setAttribute('href', pageUrl);
    document.head.appendChild(baseEl);
  }
  try {
    const parsed = new Readability(document as unknown as Document, { charThreshold: 300 }).parse();
    if (parsed?.content) {
      out.contentHtml = parsed.content;
      out.text = parsed.textContent?.trim() ?? undefined;
    }
    if (parsed?.title) out.title = parsed.title.trim();
  } catch {
    // a page Readability cannot read keeps the feed text (a run warning for the caller)
  }
  return out;
}
