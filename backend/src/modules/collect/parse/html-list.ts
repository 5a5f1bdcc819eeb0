import { parseHTML } from 'linkedom';
import { parseDate } from './dates.js';
import type { FeedItem } from './feed.js';
import { resolve } from './feed.js';
import { CollectParseError } from './parse-error.js';

/**
 * A list page read by CSS selectors (docs/collect-design.md §3.3, type `html`): every `item`
 * element gives one item from its `link` (attribute `linkAttr`, default `href`), `title` (text),
 * optional `time` (attribute `timeAttr`, default `datetime`, else the text) and `body` (inner
 * HTML). Items without a link or a title are skipped.
 */

export interface ListSelectors {
  item: string;
  link: string;
  title: string;
  time?: string;
  body?: string;
  linkAttr?: string;
  timeAttr?: string;
}

export const SELECTOR_MAX_CHARS = 200;

type Node = { querySelector(s: string): Element | null; querySelectorAll(s: string): ArrayLike<Element> };
type Element = Node & { getAttribute(name: string): string | null; textContent: string | null; innerHTML: string; matches?(s: string): boolean };

export function parseHtmlList(html: string, selectors: ListSelectors, pageUrl: string, options: { maxItems?: number; timezone?: string | null } = {}): FeedItem[] {
  checkSelectors(selectors);
  const { document } = parseHTML(html);
  const base = resolve(document.querySelector('base[href]')?.getAttribute('href') ?? undefined, pageUrl) ?? pageUrl;
  const max = options.maxItems ?? 500;
  const items: FeedItem[] = [];
  const seen = new Set<string>();
  for (const el of Array.from(select(document as unknown as Node, selectors.item))) {
    if (items.length >= max) break;
    const linkEl = pick(el, selectors.link);
    const titleEl = pick(el, selectors.title);
    const url = resolve(linkEl?.getAttribute(selectors.linkAttr ?? 'href')?.trim() || undefined, base);
    const title = (titleEl?.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!url || !title || seen.has(url)) continue;
    seen.add(url);
    let publishTime: Date | undefined;
    if (selectors.time) {
      const timeEl = pick(el, selectors.time);
      const raw = timeEl?.getAttribute(selectors.timeAttr ?? 'datetime') ?? timeEl?.textContent ?? undefined;
      publishTime = parseDate(raw ?? undefined, { timezone: options.timezone });
    }
    const body = selectors.body ? pick(el, selectors.body)?.innerHTML : undefined;
    items.push({ url, title: title.slice(0, 1000), ...(body?.trim() ? { summaryHtml: body } : {}), ...(publishTime ? { publishTime } : {}), categories: [] });
  }
  return items;
}

/** The element itself when it matches (an `a` that is both item and link), else its first match. */
function pick(el: Element, selector: string): Element | null {
  try {
    if (el.matches?.(selector)) return el;
    return el.querySelector(selector);
  } catch (e) {
    throw new CollectParseError('BAD_SELECTOR', `${selector}: ${(e as Error).message}`);
  }
}

function select(node: Node, selector: string): ArrayLike<Element> {
  try {
    return node.querySelectorAll(selector);
  } catch (e) {
    throw new CollectParseError('BAD_SELECTOR', `${selector}: ${(e as Error).message}`);
  }
}

/** Required selectors present, each ≤ 200 characters (also checked by the DTO; repeated for safety). */
export function checkSelectors(s: Partial<ListSelectors> | null | undefined): asserts s is ListSelectors {
  if (!s?.item || !s.link || !s.title) throw new CollectParseError('BAD_SELECTOR', 'item / link / title');
  for (const value of [s.item, s.link, s.title, s.time, s.body, s.linkAttr, s.timeAttr]) {
    if (value !== undefined && (typeof value !== 'string' || value.length > SELECTOR_MAX_CHARS)) {
      throw new CollectParseError('BAD_SELECTOR', `≤ ${SELECTOR_MAX_CHARS}`);
    }
  }
}
