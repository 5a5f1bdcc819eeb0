import { HTMLElement, type Node, TextNode } from 'node-html-parser';
import {
  BLOCK_TAGS,
  collectRuns,
  encodeRun,
  escapeText,
  HTML_SPACE,
  parseHtml,
  replaceRun,
  tagOf,
  type RunEncoding,
} from './html-runs.js';
import { splitEdges, translateSegments, type TranslateOptions } from './translate-segments.js';
import type { TranslationEngine } from './translation-engine.js';

export { batchSegments, splitText } from './text-split.js';
export { translateSegments, type TranslateOptions } from './translate-segments.js';

/**
 * Translating whole news items: title, HTML body (structure preserved) or plain text.
 *
 * HTML: the text of every block (see html-runs.ts) is one segment, with numeric placeholders for
 * links and other inline elements; translations go back into the same nodes, so tags, attributes,
 * links, images, tables and nested lists come out as they went in. Only text changes, and it is
 * always written escaped, so a translation can never add markup. When an engine loses an inline
 * placeholder, that block's text nodes are translated one by one instead (structure still intact).
 */

/** A news item to translate; any field may be missing. */
export interface TranslatableDocument {
  title?: string | null;
  html?: string | null;
  text?: string | null;
}

/** The translated item (see {@link translateDocument}). */
export interface TranslatedDocument {
  title: string | null;
  html: string | null;
  text: string | null;
}

/**
 * Translates a news item from `from` into `to` (ISO 639-1).
 * - `title`: one segment (whitespace collapsed); null/blank stays as given (null when undefined).
 * - `html` (when not blank): translated with its structure preserved; `text` is then derived from
 *   the translated HTML ({@link htmlToText}), whatever `doc.text` says.
 * - otherwise `text`: translated paragraph by paragraph (blank lines, or lines when the text has no
 *   blank lines); the result separates paragraphs with blank lines.
 * Long blocks are split at sentence boundaries to stay within `chunkChars`; glossary terms are
 * enforced (glossary.ts). Rejects with the engine's error or the abort reason of `signal`.
 */
export async function translateDocument(
  engine: TranslationEngine,
  doc: TranslatableDocument,
  from: string,
  to: string,
  opts: TranslateOptions,
): Promise<TranslatedDocument> {
  const title = doc.title?.trim() ? doc.title.replace(/\s+/g, ' ').trim() : undefined;
  const root = doc.html?.trim() ? parseHtml(doc.html) : undefined;
  const encodings = root ? collectRuns(root).map(encodeRun).filter((e) => e.translatable) : [];
  const paragraphs = !root && doc.text?.trim() ? textParagraphs(doc.text) : [];

  const segments = [...(title ? [title] : []), ...encodings.map((e) => e.segment), ...paragraphs];
  const translated = await translateSegments(engine, segments, from, to, opts);
  const translatedTitle = title ? translated.shift()! : (doc.title ?? null);

  if (root) {
    await applyRuns(engine, encodings, translated.splice(0, encodings.length), from, to, opts);
    const text = htmlToText(root);
    return { title: translatedTitle, html: root.toString(), text: text || null };
  }
  return {
    title: translatedTitle,
    html: doc.html ?? null,
    text: paragraphs.length ? translated.map((p) => p.trim()).join('\n\n') : (doc.text ?? null),
  };
}

/**
 * Translates an HTML fragment or page, keeping its structure (see the file comment).
 * Equivalent to the `html` part of {@link translateDocument}.
 */
export async function translateHtml(
  engine: TranslationEngine,
  html: string,
  from: string,
  to: string,
  opts: TranslateOptions,
): Promise<string> {
  return (await translateDocument(engine, { html }, from, to, opts)).html ?? html;
}

/** Writes the translations into the tree; runs whose placeholders broke are retried node by node. */
async function applyRuns(
  engine: TranslationEngine,
  encodings: RunEncoding[],
  translations: string[],
  from: string,
  to: string,
  opts: TranslateOptions,
): Promise<void> {
  const fallback: TextNode[] = [];
  encodings.forEach((encoding, i) => {
    const nodes = encoding.decode(translations[i] ?? '');
    if (nodes) replaceRun(encoding.run, nodes);
    else fallback.push(...encoding.textNodes().filter((n) => /\p{L}/u.test(n.text)));
  });
  if (!fallback.length) return;
  const texts = fallback.map((node) => node.text.replace(HTML_SPACE, ' '));
  const results = await translateSegments(engine, texts, from, to, opts);
  fallback.forEach((node, i) => {
    const { lead, trail } = splitEdges(node.text);
    node.rawText = escapeText(lead + splitEdges(results[i] ?? '').core + trail);
  });
}

/** Paragraphs of plain text: blocks between blank lines, or single lines when there are no blank lines. */
export function textParagraphs(text: string): string[] {
  const normalised = text.replace(/\r\n?/g, '\n');
  const blocks = /\n[ \t]*\n/.test(normalised) ? normalised.split(/\n[ \t]*\n/) : normalised.split('\n');
  return blocks
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean);
}

/** Elements whose text is not part of the readable text. */
const NON_TEXT_TAGS: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'math', 'iframe', 'object']);

/**
 * The readable text of HTML: one paragraph per block element, separated by blank lines; `<br>`
 * becomes a line break; whitespace collapsed; entities decoded; scripts and styles left out.
 */
export function htmlToText(html: string | HTMLElement): string {
  const root = typeof html === 'string' ? parseHtml(html) : html;
  const paragraphs: string[] = [];
  let buffer = '';
  const flush = () => {
    const paragraph = buffer
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n');
    if (paragraph) paragraphs.push(paragraph);
    buffer = '';
  };
  const walk = (node: Node) => {
    if (node instanceof TextNode) {
      buffer += node.text.replace(/\s+/g, ' ');
      return;
    }
    if (!(node instanceof HTMLElement)) return;
    const tag = tagOf(node);
    if (NON_TEXT_TAGS.has(tag)) return;
    if (tag === 'br') {
      buffer += '\n';
      return;
    }
    if (tag === 'pre') {
      flush();
      const text = node.text.replace(/^\n+|\s+$/g, '');
      if (text.trim()) paragraphs.push(text);
      return;
    }
    const block = BLOCK_TAGS.has(tag) || !tag;
    if (block) flush();
    node.childNodes.forEach(walk);
    if (block) flush();
  };
  walk(root);
  flush();
  return paragraphs.join('\n\n');
}
