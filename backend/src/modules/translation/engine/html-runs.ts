import { HTMLElement, type Node, parse, TextNode } from 'node-html-parser';
import { allocateTokens, findTokens, isSpaceless } from './placeholders.js';

/**
 * The DOM side of HTML translation (used by html-chunks.ts): which text of a news page is
 * translated, how a paragraph with links and emphasis becomes ONE plain-text segment, and how the
 * translation is put back without losing a tag or attribute.
 *
 * A "run" is a maximal sequence of sibling text nodes and inline elements (a, b, em, span, …) inside
 * a block (p, h1-h6, li, td, blockquote, figcaption, div with direct text, …). Block children, <br>
 * and comments end a run; script/style/code/pre/… and elements marked `translate="no"` or
 * `class="notranslate"` are never translated.
 *
 * Encoding: an inline element with text becomes numeric placeholders around its text
 * (`Read the 73001 full report 73002 here.`), an inline element without letters (an image, a
 * footnote number, a `<code>`) becomes one placeholder. The translation is decoded back into the
 * same elements (the same objects, attributes untouched) when every placeholder comes back exactly
 * once and properly nested; otherwise {@link RunEncoding.decode} gives undefined and the caller
 * translates the run's text nodes one by one instead.
 */

/** Elements that start a new block of text. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'center', 'dd', 'details', 'dialog', 'div', 'dl',
  'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup',
  'hr', 'html', 'legend', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td',
  'tfoot', 'th', 'thead', 'tr', 'ul',
]);

/** Elements that may sit inside a sentence. */
const INLINE_TAGS: ReadonlySet<string> = new Set([
  'a', 'abbr', 'acronym', 'b', 'bdi', 'bdo', 'big', 'cite', 'data', 'del', 'dfn', 'em', 'font', 'i', 'img', 'ins',
  'label', 'mark', 'picture', 'q', 'ruby', 's', 'small', 'source', 'span', 'strike', 'strong', 'sub', 'sup', 'time',
  'tt', 'u', 'wbr', 'code', 'kbd', 'samp', 'var',
]);

/** Elements whose content is never translated (code, scripts, embedded objects, form state). */
const UNTRANSLATED_TAGS: ReadonlySet<string> = new Set([
  'script', 'style', 'noscript', 'template', 'textarea', 'select', 'code', 'kbd', 'samp', 'var', 'pre', 'svg',
  'math', 'iframe', 'object', 'embed', 'canvas', 'audio', 'video', 'head',
]);

/** Tags whose content node-html-parser keeps as raw text. */
const RAW_TEXT_ELEMENTS = { script: true, noscript: true, style: true, pre: true };

/** Parses untrusted HTML into a tree that serialises back with `toString()` (comments kept). */
export function parseHtml(html: string): HTMLElement {
  return parse(html, { comment: true, blockTextElements: RAW_TEXT_ELEMENTS });
}

/** `&`, `<` and `>` escaped: translated text is always written back as text, never as markup. */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The lower-case tag name; '' for the parser's root (whose `localName` would throw). */
export function tagOf(el: HTMLElement): string {
  return el.rawTagName ? el.rawTagName.toLowerCase() : '';
}

/** Whether an element's content stays as it is. */
export function isUntranslated(el: HTMLElement): boolean {
  const tag = tagOf(el);
  if (UNTRANSLATED_TAGS.has(tag)) return true;
  if (el.getAttribute('translate')?.toLowerCase() === 'no') return true;
  return /(^|\s)notranslate(\s|$)/.test(el.getAttribute('class') ?? '');
}

/** Whether an element and all elements inside it are inline (it can be part of a sentence). */
function isInlineTree(el: HTMLElement): boolean {
  if (!INLINE_TAGS.has(tagOf(el))) return false;
  if (isUntranslated(el)) return true;
  return el.childNodes.every((child) => !(child instanceof HTMLElement) || isInlineTree(child));
}

/** A sequence of consecutive inline siblings. */
export interface Run {
  parent: HTMLElement;
  nodes: Node[];
}

/** The runs of a tree, in document order. */
export function collectRuns(root: HTMLElement): Run[] {
  const runs: Run[] = [];
  const visit = (el: HTMLElement) => {
    let current: Node[] = [];
    const flush = () => {
      if (current.length) runs.push({ parent: el, nodes: current });
      current = [];
    };
    for (const child of el.childNodes) {
      if (child instanceof TextNode) current.push(child);
      else if (child instanceof HTMLElement && isInlineTree(child)) current.push(child);
      else if (child instanceof HTMLElement && !isUntranslated(child) && tagOf(child) !== 'br') {
        flush();
        visit(child);
      } else flush();
    }
    flush();
  };
  visit(root);
  return runs;
}

type Part =
  | { kind: 'text'; node: TextNode; text: string }
  | { kind: 'atom'; node: Node; token: string }
  | { kind: 'wrap'; el: HTMLElement; open: string; close: string; parts: Part[] };

type TokenRole = { role: 'atom'; node: Node } | { role: 'open' | 'close'; el: HTMLElement };

const HAS_LETTER = /\p{L}/u;
/** HTML's collapsible whitespace (not U+00A0: a `&nbsp;` stays a no-break space). */
export const HTML_SPACE = /[ \t\n\r\f]+/g;
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const CLOSING_PUNCT = /[,.;:!?%)\]}»”’、。，；：！？）】」』》…]/u;
const OPENING_PUNCT = /[([{«“‘（【「『《¿¡]/u;

/** A run as one plain-text segment, and the way back. */
export interface RunEncoding {
  run: Run;
  /** The segment to translate (placeholders for inline elements). */
  segment: string;
  /** Whether the run has text worth translating. */
  translatable: boolean;
  /** The run's nodes rebuilt from a translation of `segment`, or undefined when placeholders were lost. */
  decode(translated: string): Node[] | undefined;
  /** The text nodes to translate one by one when decoding fails. */
  textNodes(): TextNode[];
}

/** Encodes a run (see the file comment). */
export function encodeRun(run: Run): RunEncoding {
  const parts = run.nodes.map(toPart);
  const count = countTokens(parts);
  const tokens = allocateTokens(run.nodes.map((n) => n.text).join(' '), count);
  const roles = new Map<string, TokenRole>();
  let next = 0;
  const assign = (list: Part[]) => {
    for (const part of list) {
      if (part.kind === 'atom') {
        part.token = tokens[next++]!;
        roles.set(part.token, { role: 'atom', node: part.node });
      } else if (part.kind === 'wrap') {
        part.open = tokens[next++]!;
        roles.set(part.open, { role: 'open', el: part.el });
        assign(part.parts);
        part.close = tokens[next++]!;
        roles.set(part.close, { role: 'close', el: part.el });
      }
    }
  };
  assign(parts);
  const segment = serialise(parts);
  const { lead, trail } = runEdges(run);
  return {
    run,
    segment,
    translatable: HAS_LETTER.test(segment),
    decode: (translated) => decode(translated, roles, lead, trail),
    textNodes: () => textNodesOf(parts),
  };
}

function toPart(node: Node): Part {
  if (node instanceof TextNode) return { kind: 'text', node, text: node.text };
  const el = node as HTMLElement;
  if (isUntranslated(el) || !HAS_LETTER.test(el.text)) return { kind: 'atom', node, token: '' };
  return { kind: 'wrap', el, open: '', close: '', parts: el.childNodes.filter(isContent).map(toPart) };
}

/** Text and elements (comments inside inline elements are dropped from the translated copy). */
function isContent(node: Node): boolean {
  return node instanceof TextNode || node instanceof HTMLElement;
}

function countTokens(parts: Part[]): number {
  return parts.reduce((n, p) => n + (p.kind === 'atom' ? 1 : p.kind === 'wrap' ? 2 + countTokens(p.parts) : 0), 0);
}

function serialise(parts: Part[]): string {
  let out = '';
  let pendingSpace = false;
  const add = (token: string) => {
    // A token must not touch a letter or digit: "report73002" would be one word, "2024" + "73001" one number.
    out += `${WORD_CHAR.test(out.at(-1) ?? '') ? ' ' : ''}${token}`;
    pendingSpace = true;
  };
  const text = (value: string) => {
    const collapsed = value.replace(HTML_SPACE, ' ');
    if (pendingSpace && WORD_CHAR.test(collapsed[0] ?? '')) out += ' ';
    pendingSpace = false;
    out += collapsed;
  };
  const walk = (list: Part[]) => {
    for (const part of list) {
      if (part.kind === 'text') text(part.text);
      else if (part.kind === 'atom') add(part.token);
      else {
        add(part.open);
        walk(part.parts);
        add(part.close);
      }
    }
  };
  walk(parts);
  return out.replace(/ {2,}/g, ' ').trim();
}

function textNodesOf(parts: Part[]): TextNode[] {
  return parts.flatMap((p) => (p.kind === 'text' ? [p.node] : p.kind === 'wrap' ? textNodesOf(p.parts) : []));
}

/** Whitespace before the run's first and after its last text, kept as in the source. */
function runEdges(run: Run): { lead: string; trail: string } {
  const first = run.nodes[0];
  const last = run.nodes.at(-1);
  const lead = first instanceof TextNode ? (/^\s*/.exec(first.text)?.[0] ?? '') : '';
  const trail = last instanceof TextNode ? (/\s*$/.exec(last.text)?.[0] ?? '') : '';
  return { lead, trail };
}

function decode(translated: string, roles: Map<string, TokenRole>, lead: string, trail: string): Node[] | undefined {
  const matches = findTokens(translated, [...roles.keys()]);
  if (matches.length !== roles.size || new Set(matches.map((m) => m.token)).size !== roles.size) return undefined;
  // Nesting must be intact: every close answers the innermost open.
  const stack: HTMLElement[] = [];
  for (const m of matches) {
    const info = roles.get(m.token)!;
    if (info.role === 'open') stack.push(info.el);
    else if (info.role === 'close' && stack.pop() !== info.el) return undefined;
  }
  if (stack.length) return undefined;

  const pieces: string[] = [];
  let last = 0;
  for (const m of matches) {
    pieces.push(translated.slice(last, m.index).replace(HTML_SPACE, ' '));
    last = m.index + m.length;
  }
  pieces.push(translated.slice(last).replace(HTML_SPACE, ' '));
  tidySpaces(pieces, matches.map((m) => roles.get(m.token)!.role));
  pieces[0] = lead + pieces[0]!.trimStart();
  pieces[pieces.length - 1] = pieces.at(-1)!.trimEnd() + trail;

  const root: Node[] = [];
  const frames: { el: HTMLElement; children: Node[] }[] = [];
  const children = () => frames.at(-1)?.children ?? root;
  const addText = (text: string) => {
    if (text) children().push(new TextNode(escapeText(text)));
  };
  addText(pieces[0]!);
  matches.forEach((m, i) => {
    const info = roles.get(m.token)!;
    if (info.role === 'atom') children().push(info.node);
    else if (info.role === 'open') frames.push({ el: info.el, children: [] });
    else {
      const frame = frames.pop()!;
      setChildren(frame.el, frame.children);
      children().push(frame.el);
    }
    addText(pieces[i + 1]!);
  });
  return root;
}

/**
 * Whitespace around placeholders, in place: a space after an opening or before a closing
 * placeholder moves outside the element ("the <a> report </a>" → "the <a>report</a> "); spaces
 * between two Chinese/Japanese characters, before closing punctuation and after opening punctuation
 * are dropped.
 */
function tidySpaces(pieces: string[], roles: TokenRole['role'][]): void {
  roles.forEach((role, k) => {
    const left = k;
    const right = k + 1;
    if (role === 'open' && pieces[right]!.startsWith(' ')) {
      pieces[right] = pieces[right]!.slice(1);
      if (!pieces[left]!.endsWith(' ')) pieces[left] += ' ';
    }
    if (role === 'close' && pieces[left]!.endsWith(' ')) {
      pieces[left] = pieces[left]!.slice(0, -1);
      if (!pieces[right]!.startsWith(' ')) pieces[right] = ` ${pieces[right]}`;
    }
  });
  roles.forEach((role, k) => {
    const before = visibleBefore(pieces, roles, k);
    const after = visibleAfter(pieces, roles, k + 1);
    if (role === 'atom') {
      // An image or code element is visible: keep the spaces around it, except at the run's edges.
      if (before === undefined) pieces[k] = pieces[k]!.trimEnd();
      if (after === undefined) pieces[k + 1] = pieces[k + 1]!.trimStart();
      return;
    }
    const noSpace =
      before === undefined ||
      after === undefined ||
      (isSpaceless(before) && isSpaceless(after)) ||
      CLOSING_PUNCT.test(after) ||
      OPENING_PUNCT.test(before);
    if (noSpace) {
      pieces[k] = pieces[k]!.trimEnd();
      pieces[k + 1] = pieces[k + 1]!.trimStart();
    }
  });
}

/** Stands for an image or other atom when looking for the character next to a placeholder. */
const ATOM_CHAR = '\uFFFC';

/** The last visible character before placeholder `k` (open/close placeholders are transparent). */
function visibleBefore(pieces: string[], roles: TokenRole['role'][], k: number): string | undefined {
  for (let i = k; i >= 0; i--) {
    const trimmed = pieces[i]!.trimEnd();
    if (trimmed) return trimmed.at(-1);
    if (i > 0 && roles[i - 1] === 'atom') return ATOM_CHAR;
  }
  return undefined;
}

/** The first visible character after placeholder `k - 1`. */
function visibleAfter(pieces: string[], roles: TokenRole['role'][], k: number): string | undefined {
  for (let i = k; i < pieces.length; i++) {
    const trimmed = pieces[i]!.trimStart();
    if (trimmed) return trimmed[0];
    if (i < roles.length && roles[i] === 'atom') return ATOM_CHAR;
  }
  return undefined;
}

/** Replaces an element's children (parent pointers included). */
export function setChildren(el: HTMLElement, children: Node[]): void {
  el.childNodes = children;
  for (const child of children) child.parentNode = el;
}

/** Puts `nodes` where the run's nodes were. */
export function replaceRun(run: Run, nodes: Node[]): void {
  const siblings = run.parent.childNodes;
  const index = siblings.indexOf(run.nodes[0]!);
  if (index < 0) return;
  siblings.splice(index, run.nodes.length, ...nodes);
  for (const node of nodes) node.parentNode = run.parent;
}
