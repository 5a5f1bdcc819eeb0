import { Parser } from 'htmlparser2';
import { htmlToText } from './html-to-text.js';

/**
 * Allow-list HTML sanitiser for collected items (docs/collect-design.md §3.5): a one-pass walk over
 * htmlparser2's SAX events, so no DOM is built. What is kept, dropped with its contents or
 * unwrapped (tag dropped, text kept) is listed below; URLs are resolved against `baseUrl` and only
 * http(s) (and mailto: on links) survive. The UI still runs DOMPurify when it renders.
 */

/** Kept elements (§3.5). Anything else is unwrapped: its tag goes, its text stays. */
const KEPT = new Set([
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'blockquote', 'pre', 'code', 'em', 'strong', 'b', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark',
  'q', 'cite', 'abbr', 'span', 'div', 'section', 'article', 'figure', 'figcaption', 'table',
  'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'time', 'a', 'img',
]);
/** Dropped together with everything inside them. */
const DROPPED = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button',
  'select', 'textarea', 'svg', 'math', 'template', 'noscript', 'head', 'title', 'applet', 'base',
  'link', 'meta', 'audio', 'video', 'canvas', 'option', 'noembed', 'noframes', 'xmp', 'plaintext',
]);
const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'base', 'embed', 'source', 'track', 'wbr', 'area', 'col', 'param']);
const ATTRS: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  time: ['datetime'],
};
const URL_ATTRS = new Set(['href', 'src']);
const NUMERIC_ATTRS = new Set(['width', 'height', 'colspan', 'rowspan']);

/** Largest sanitised HTML kept (§3.5); longer output is cut at a tag boundary. */
export const SANITIZED_MAX_CHARS = 500 * 1024;

export interface SanitizeOptions {
  /** Absolute URL relative links and image sources are resolved against. */
  baseUrl?: string;
  maxChars?: number;
}

export interface SanitizedHtml {
  html: string;
  text: string;
}

/** The sanitised HTML of `input` and its plain text (`htmlToText` of the result). */
export function sanitizeHtml(input: string, options: SanitizeOptions = {}): SanitizedHtml {
  const html = sanitizeHtmlOnly(input, options);
  return { html, text: normalizeText(htmlToText(html)) };
}

export function sanitizeHtmlOnly(input: string, options: SanitizeOptions = {}): string {
  const max = options.maxChars ?? SANITIZED_MAX_CHARS;
  const out: string[] = [];
  let size = 0;
  let full = false;
  /** Depth inside a dropped element (> 0 means: emit nothing). */
  let dropDepth = 0;
  /** Open kept elements, to close what the input left open and to ignore stray end tags. */
  const open: string[] = [];
  /** Per open tag of the input: whether we emitted it (a kept tag) — for matching end tags. */
  const stack: { name: string; kept: boolean; dropped: boolean }[] = [];

  const push = (s: string): void => {
    if (full) return;
    if (size + s.length > max) {
      full = true;
      return;
    }
    out.push(s);
    size += s.length;
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (full) return;
        const tag = name.toLowerCase();
        if (dropDepth > 0 || DROPPED.has(tag)) {
          if (!VOID.has(tag)) {
            dropDepth++;
            stack.push({ name: tag, kept: false, dropped: true });
          }
          return;
        }
        const kept = KEPT.has(tag);
        if (kept) {
          const attrs = cleanAttributes(tag, attribs, options.baseUrl);
          // an image without a safe source is nothing
          if (tag !== 'img' || attrs.includes(' src=')) push(`<${tag}${attrs}>`);
        }
        if (!VOID.has(tag)) {
          stack.push({ name: tag, kept, dropped: false });
          if (kept) open.push(tag);
        }
      },
      ontext(text) {
        if (full || dropDepth > 0) return;
        push(escapeText(text));
      },
      onclosetag(name) {
        if (full) return;
        const tag = name.toLowerCase();
        if (VOID.has(tag)) return;
        // find the matching open tag of the input
        for (let i = stack.length - 1; i >= 0; i--) {
          if (stack[i].name !== tag) continue;
          const closed = stack.splice(i);
          for (let j = closed.length - 1; j >= 0; j--) {
            const entry = closed[j];
            if (entry.dropped) dropDepth--;
            else if (entry.kept) {
              push(`</${entry.name}>`);
              const at = open.lastIndexOf(entry.name);
              if (at >= 0) open.splice(at, 1);
            }
          }
          return;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(input);
  parser.end();
  // close what is still open, innermost first (also after a cut at the size limit: once full, the
  // walk stops, so `open` is exactly what was emitted and not yet closed)
  for (let i = open.length - 1; i >= 0; i--) out.push(`</${open[i]}>`);
  return out.join('');
}

function cleanAttributes(tag: string, attribs: Record<string, string>, baseUrl?: string): string {
  const allowed = ATTRS[tag];
  if (!allowed) return '';
  let s = '';
  for (const name of allowed) {
    const raw = attribs[name];
    if (raw === undefined) continue;
    let value: string | undefined = raw;
    if (URL_ATTRS.has(name)) value = safeUrl(raw, baseUrl, tag === 'a');
    else if (NUMERIC_ATTRS.has(name)) value = /^\d{1,5}%?$/.test(raw.trim()) ? raw.trim() : undefined;
    if (value === undefined) continue;
    s += ` ${name}="${escapeAttribute(value)}"`;
  }
  if (tag === 'a' && s.includes(' href=')) s += ' rel="noopener noreferrer nofollow" target="_blank"';
  return s;
}

/** An absolute http(s) URL (or mailto: for links), or undefined when the URL is not allowed. */
export function safeUrl(raw: string, baseUrl: string | undefined, allowMailto: boolean): string | undefined {
  // the WHATWG URL parser drops tabs and newlines anywhere ("java\tscript:") like browsers do
  const value = raw.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = baseUrl ? new URL(value, baseUrl) : new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  if (allowMailto && url.protocol === 'mailto:') return url.href;
  return undefined;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Collapses runs of spaces and blank lines in extracted text. */
function normalizeText(text: string): string {
  return text
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
