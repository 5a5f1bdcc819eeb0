// News texts come from crawled foreign sites: untrusted. HTML is rendered only through DOMPurify;
// plain text is split into paragraphs and rendered as text.
import DOMPurify from 'dompurify';

/** Tags kept in news HTML: reading formatting, lists, tables, quotes, links and images. */
const ALLOWED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'dd', 'del', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'small', 'span', 'strong',
  'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul',
];

const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'width', 'height', 'colspan', 'rowspan', 'datetime', 'lang', 'dir'];

/** Only web and mail links (no javascript:, data:, vbscript: …); relative links are kept. */
const SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let purifier: ReturnType<typeof DOMPurify> | undefined;

/**
 * Our own DOMPurify instance (react-admin's RichTextField uses the shared one): links open in a new
 * tab without access to this window, images load lazily without a referrer.
 */
function news(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href && !SAFE_URL.test(href.trim())) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src');
      if (src && !/^https?:\/\//i.test(src.trim())) node.removeAttribute('src');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
  return purifier;
}

/** Sanitised HTML of a news text: scripts, event handlers, styles, forms, frames and unsafe URLs removed. */
export function sanitizeNewsHtml(html: string | null | undefined): string {
  if (!html) return '';
  return news().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URL,
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'svg', 'math'],
    KEEP_CONTENT: true,
  });
}

/** Whether a text holds HTML markup (rather than plain text with line breaks). */
export function looksLikeHtml(text: string | null | undefined): boolean {
  return !!text && /<\/?(?:p|br|div|span|a|b|strong|em|i|ul|ol|li|h[1-6]|table|img|blockquote|section|article)\b[^>]*>/i.test(text);
}

/** Plain text → paragraphs: split on blank lines or single line breaks, trimmed, empty ones dropped. */
export function toParagraphs(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Markup stripped to plain text (for previews): tags removed, entities decoded. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(sanitizeNewsHtml(html.replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, '$&\n')), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
