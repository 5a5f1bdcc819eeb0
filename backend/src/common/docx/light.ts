// A light XML tree for the parts of merged .docx files: htmlparser2 in XML mode, entities left as
// written (text is copied through untouched), about ten times faster than a validating DOM parser —
// a build reads fifty of these files. Namespaces are resolved by prefix from the declarations in
// scope. Lenient by nature: whatever it reads is written back well-formed.
import { parseDocument } from 'htmlparser2';
import { NS } from './xml';

export interface LNode {
  type: string;
  /** Qualified element name ('w:p'). */
  name?: string;
  /** Attributes by qualified name, values as written (entities not decoded). */
  attribs?: Record<string, string>;
  children?: LNode[];
  data?: string;
  parent?: LNode | null;
}

export type Scope = ReadonlyMap<string, string>;

export function parseLight(xml: string): LNode {
  return parseDocument(xml, { xmlMode: true, decodeEntities: false }) as unknown as LNode;
}

/** The document element of a parsed part. */
export function rootOf(doc: LNode): LNode | undefined {
  return doc.children?.find((c) => c.type === 'tag');
}

export function elements(node: LNode): LNode[] {
  return (node.children ?? []).filter((c) => c.type === 'tag');
}

export function localOf(name: string): string {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
}

export function prefixOf(name: string): string {
  const i = name.indexOf(':');
  return i < 0 ? '' : name.slice(0, i);
}

/** The scope of an element: `parent` plus its own xmlns declarations (the same map when none). */
export function scopeOf(el: LNode, parent: Scope): Scope {
  let scope: Map<string, string> | undefined;
  for (const key in el.attribs) {
    if (key === 'xmlns' || key.startsWith('xmlns:')) {
      scope ??= new Map(parent);
      scope.set(key === 'xmlns' ? '' : key.slice(6), decode(el.attribs[key]));
    }
  }
  return scope ?? parent;
}

/** The prefix bound to `uri` in a scope ('' for the default namespace), undefined when unbound. */
export function prefixFor(scope: Scope, uri: string): string | undefined {
  for (const [p, u] of scope) if (u === uri) return p;
  return undefined;
}

/** A qualified name with a prefix (none for ''). */
export function qname(prefix: string, local: string): string {
  return prefix ? `${prefix}:${local}` : local;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An attribute value or text as read (entities as written) → its characters. */
export function decode(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e] ?? m;
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** Characters → a raw attribute value. */
export function encode(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

/** Every descendant element with this qualified name. */
export function descendants(el: LNode, name: string): LNode[] {
  const out: LNode[] = [];
  const stack = [...(el.children ?? [])];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type !== 'tag') continue;
    if (n.name === name) out.push(n);
    if (n.children) stack.push(...n.children);
  }
  return out;
}

/** The xmlns declarations of an element (attribute name → raw value). */
export function declarations(el: LNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const key in el.attribs) if (key === 'xmlns' || key.startsWith('xmlns:')) out.set(key, el.attribs[key]);
  return out;
}

/**
 * A part of a merged package read for its definitions (styles, numbering): the root, the prefix of
 * the WordprocessingML namespace, and the root's declarations (to re-parse a copied fragment).
 */
export class LightPart {
  readonly root: LNode;
  readonly w: string;
  readonly decls: Map<string, string>;

  constructor(xml: string) {
    const root = rootOf(parseLight(xml));
    if (!root) throw new Error('empty part');
    const w = prefixFor(scopeOf(root, new Map()), NS.w);
    if (w === undefined) throw new Error('not a WordprocessingML part');
    this.root = root;
    this.w = w;
    this.decls = declarations(root);
  }

  /** Qualified name of a WordprocessingML element or attribute in this part. */
  q(local: string): string {
    return qname(this.w, local);
  }

  /** A w: attribute of an element, decoded; '' when absent. */
  attr(el: LNode | undefined, local = 'val'): string {
    const raw = el?.attribs?.[this.q(local)];
    return raw === undefined ? '' : decode(raw);
  }

  set(el: LNode, local: string, value: string): void {
    el.attribs![this.q(local)] = encode(value);
  }

  /**
   * Declarations of `decls` this part's root does not make identically (to repeat on a fragment),
   * limited to the prefixes `fragment` uses when given.
   */
  missing(decls: ReadonlyMap<string, string>, fragment?: LNode): Map<string, string> {
    const used = fragment ? usedPrefixes(fragment) : undefined;
    const out = new Map<string, string>();
    for (const [k, v] of decls) {
      if (k === 'xmlns' || this.decls.get(k) === v || (used && !used.has(k.slice(6)))) continue;
      out.set(k, v);
    }
    return out;
  }

  /** The part's text with `xml` inserted before the end of its root (or `before` a child, if found). */
  static insert(text: string, rootName: string, xml: string, before?: RegExp): string {
    if (!xml) return text;
    const at = before ? text.search(before) : -1;
    if (at >= 0) return text.slice(0, at) + xml + text.slice(at);
    const close = text.lastIndexOf(`</${rootName}>`);
    if (close >= 0) return text.slice(0, close) + xml + text.slice(close);
    return text.replace(new RegExp(`<${rootName}(\\s[^>]*?)?\\s*/>`), (_, attrs?: string) => `<${rootName}${attrs ?? ''}>${xml}</${rootName}>`);
  }
}

/** Prefixes of the element and attribute names in a subtree. */
export function usedPrefixes(el: LNode): Set<string> {
  const out = new Set<string>();
  const stack = [el];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type !== 'tag') continue;
    out.add(prefixOf(n.name!));
    for (const key in n.attribs) out.add(prefixOf(key));
    if (n.children) stack.push(...n.children);
  }
  return out;
}

export function removeNode(node: LNode): void {
  const siblings = node.parent?.children;
  if (!siblings) return;
  const i = siblings.indexOf(node);
  if (i >= 0) siblings.splice(i, 1);
  node.parent = null;
}

export function replaceNode(node: LNode, by: LNode): void {
  const siblings = node.parent?.children;
  if (!siblings) return;
  const i = siblings.indexOf(node);
  if (i >= 0) siblings[i] = by;
  by.parent = node.parent;
  node.parent = null;
}

/** The first element child with this qualified name. */
export function child(el: LNode, name: string): LNode | undefined {
  return el.children?.find((c) => c.type === 'tag' && c.name === name);
}

// Raw text keeps the XML entities it was written with; anything a lenient read let through (a bare
// '<' or '&', an HTML entity) is escaped so the output stays well-formed.
const LOOSE_AMP = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/g;

function safeRaw(raw: string): string {
  return /[<&>]/.test(raw) ? raw.replace(LOOSE_AMP, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : raw;
}

function safeAttr(raw: string): string {
  return /[<&"]/.test(raw) ? raw.replace(LOOSE_AMP, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;') : raw;
}

/**
 * XML of an element as written; `decls` (attribute name → raw value, e.g. xmlns:w) are added to its
 * start tag unless it declares them itself.
 */
export function serialize(el: LNode, decls?: ReadonlyMap<string, string>): string {
  const out: string[] = [];
  const walk = (node: LNode, top: boolean): void => {
    if (node.type === 'text') {
      out.push(safeRaw(node.data ?? ''));
      return;
    }
    if (node.type === 'cdata') {
      for (const c of node.children ?? []) out.push((c.data ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
      return;
    }
    if (node.type !== 'tag') return;
    out.push('<', node.name!);
    if (top && decls) for (const [k, v] of decls) if (!(k in (node.attribs ?? {}))) out.push(' ', k, '="', safeAttr(v), '"');
    for (const key in node.attribs) out.push(' ', key, '="', safeAttr(node.attribs[key]), '"');
    const kids = node.children;
    if (!kids || kids.length === 0) {
      out.push('/>');
      return;
    }
    out.push('>');
    for (const c of kids) walk(c, false);
    out.push('</', node.name!, '>');
  };
  walk(el, true);
  return out.join('');
}
