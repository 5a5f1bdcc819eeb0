import { domainToASCII } from 'node:url';

/**
 * The canonical form of an item URL (docs/collect-design.md §4.1), used for dedup in `news.url`:
 * lower-case scheme and host, IDN → punycode, default port and fragment dropped (except `#!`),
 * dot segments resolved, tracking parameters removed and the rest sorted by name (stable).
 * Returns undefined for anything that is not an absolute http(s) URL.
 */

const TRACKING = new Set([
  'fbclid', 'gclid', 'dclid', 'gbraid', 'wbraid', 'msclkid', 'yclid', 'mc_cid', 'mc_eid', 'igshid',
  '_hsenc', '_hsmi', 'mkt_tok', 'spm', 'share_token', 'ref_src', 'cmpid', 'ocid', 'sr_share',
]);
const WEIXIN_HOST = 'mp.weixin.qq.com';
const WEIXIN_TRACKING = new Set(['chksm', 'scene', 'srcid', 'from', 'isappinstalled', 'clicktime', 'enterid']);

function isTracking(name: string, host: string): boolean {
  const key = name.toLowerCase();
  if (key.startsWith('utm_') || TRACKING.has(key)) return true;
  return host === WEIXIN_HOST && (WEIXIN_TRACKING.has(key) || key.startsWith('sharer_'));
}

export function canonicalUrl(raw: string, base?: string): string | undefined {
  let url: URL;
  try {
    url = base ? new URL(raw.trim(), base) : new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // WHATWG URL already lower-cases scheme and host, converts IDN to punycode, drops default ports
  // and resolves dot segments; domainToASCII is a no-op safety net for hosts it left alone.
  const host = domainToASCII(url.hostname) || url.hostname;
  url.hostname = host;
  url.username = '';
  url.password = '';
  if (!url.hash.startsWith('#!')) url.hash = '';
  // parameters are filtered and sorted in their raw (percent-encoded) form, so values keep their bytes
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => ({ pair, name: paramName(pair) }))
    .filter(({ name }) => !isTracking(name, host));
  // Array.prototype.sort is stable: equal names keep their order
  kept.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  url.search = kept.length ? `?${kept.map(({ pair }) => pair).join('&')}` : '';
  return url.href;
}

function paramName(pair: string): string {
  const raw = pair.split('=', 1)[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
