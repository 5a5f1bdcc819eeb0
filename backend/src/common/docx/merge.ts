// The body of an uploaded .docx as content of the output document: the children of its w:body (the
// final section properties dropped, so the template's page setup rules), with everything they point
// at re-homed in the output package — pictures and other parts copied under new relationship ids,
// hyperlinks re-linked, list numbering copied under new ids, styles mapped by name (or copied), and
// footnotes turned into "[n]" marks with their text after the body. Every part is parsed once, with
// the light tree (light.ts); throws when the file is not a readable .docx (the caller writes a note).
import {
  child, decode, descendants, elements, encode, localOf, parseLight, prefixFor, prefixOf, qname, removeNode, replaceNode, rootOf,
  scopeOf, serialize, type LNode, type Scope,
} from './light';
import { SourceNumbering, type NumberingMap } from './numbering';
import type { OutputPackage } from './package';
import { SourceStyles, type StyleMap } from './styles';
import { IMAGE_TYPES, NS, REL, extensionOf, partDir, relsPartOf, resolveTarget } from './xml';
import { ZipReader } from './zip';

const MAIN_TYPES = /wordprocessingml\.(document|template)\.main\+xml|ms-word\.(document|template)\.macroEnabled(Template)?\.main\+xml/;
const NOTE_TYPES = { footnoteReference: REL.footnotes, endnoteReference: REL.endnotes };
const NOTE_MARKS = { footnoteReference: 'footnoteRef', endnoteReference: 'endnoteRef' };
/** Markup pointing into parts that are not merged (comments), or a section break inside the body. */
const DROPPED = new Set(['commentRangeStart', 'commentRangeEnd', 'commentReference', 'sectPr']);
const STYLE_REFS = new Set(['pStyle', 'rStyle', 'tblStyle']);
/** w14:paraId/textId must be unique in a document and are optional: dropped rather than renumbered. */
const W14 = 'http://schemas.microsoft.com/office/word/2010/wordml';

/** Body XML of the .docx `bytes`, its resources added to `pkg`. */
export function mergeDocx(bytes: Uint8Array, pkg: OutputPackage): string {
  return new DocxSource(new ZipReader(bytes), pkg).body();
}

interface SourceRel {
  type: string;
  target: string;
  external: boolean;
}

type NoteKind = keyof typeof NOTE_TYPES;

class DocxSource {
  private readonly main: string;
  private readonly types = new Map<string, string>();
  private readonly defaults = new Map<string, string>();
  private readonly rels = new Map<string, Map<string, SourceRel>>();
  private readonly relMap = new Map<string, string | null>();
  private readonly copied = new Map<string, string>();
  private styles: SourceStyles | null | undefined;
  private numbering: SourceNumbering | null | undefined;
  private readonly styleMap: StyleMap = new Map();
  private readonly numMap: NumberingMap = { nums: new Map(), abstracts: new Map() };
  private readonly bookmarks = new Map<string, number>();
  /** Declarations the output root could not take, repeated on every copied top-level element. */
  private readonly localDecls = new Map<string, string>();
  private readonly notes: { kind: NoteKind; id: string; mark: string }[] = [];

  constructor(
    private readonly zip: ZipReader,
    private readonly pkg: OutputPackage,
  ) {
    const typesXml = zip.text('[Content_Types].xml');
    if (!typesXml) throw new Error('not a .docx: no content types');
    for (const el of elements(rootOf(parseLight(typesXml)) ?? { type: 'root' })) {
      const a = el.attribs ?? {};
      if (localOf(el.name!) === 'Override') this.types.set(decode(a.PartName ?? '').replace(/^\//, ''), decode(a.ContentType ?? ''));
      if (localOf(el.name!) === 'Default') this.defaults.set(decode(a.Extension ?? '').toLowerCase(), decode(a.ContentType ?? ''));
    }
    this.main = [...this.types].find(([, type]) => MAIN_TYPES.test(type))?.[0] ?? 'word/document.xml';
    if (!zip.has(this.main)) throw new Error('not a .docx: no document part');
  }

  /** A part the main part links to with a relationship of `type`, as text. */
  private linkedPart(type: string): string | null {
    const rel = [...this.relsOf(this.main).values()].find((r) => r.type === type && !r.external);
    return rel ? this.zip.text(resolveTarget(this.main, rel.target)) : null;
  }

  private get sourceStyles(): SourceStyles | null {
    if (this.styles === undefined) this.styles = optional(() => new SourceStyles(this.linkedPart(REL.styles)!));
    return this.styles;
  }

  private get sourceNumbering(): SourceNumbering | null {
    if (this.numbering === undefined) this.numbering = optional(() => new SourceNumbering(this.linkedPart(REL.numbering)!));
    return this.numbering;
  }

  body(): string {
    const root = rootOf(parseLight(this.zip.text(this.main)!));
    if (!root) throw new Error('empty document part');
    const scope = scopeOf(root, new Map());
    const w = prefixFor(scope, NS.w);
    if (w === undefined) throw new Error('not a WordprocessingML document');
    this.namespaces(root, scope);
    const body = child(root, qname(w, 'body'));
    if (!body) return '';
    const kids = elements(body);
    if (kids.length && kids[kids.length - 1].name === qname(w, 'sectPr')) kids.pop();
    const out: string[] = [];
    for (const el of kids) {
      this.rewrite(el, this.main, scope);
      if (el.parent) out.push(serialize(el, this.localDecls));
    }
    out.push(this.noteParagraphs());
    return out.join('');
  }

  /** Binds the source root's prefixes on the output root, or on each copied element when taken. */
  private namespaces(root: LNode, scope: Scope): void {
    const ok = new Set<string>();
    for (const [prefix, uri] of scope) {
      if (prefix && this.pkg.declareNamespace(prefix, uri)) ok.add(prefix);
      else this.localDecls.set(prefix ? `xmlns:${prefix}` : 'xmlns', encode(uri));
    }
    const mc = prefixFor(scope, NS.mc);
    const ignorable = mc !== undefined ? root.attribs?.[qname(mc, 'Ignorable')] : undefined;
    if (ignorable) this.pkg.addIgnorable(ignorable.split(/\s+/).filter((p) => ok.has(p)).join(' '));
  }

  private relsOf(part: string): Map<string, SourceRel> {
    let map = this.rels.get(part);
    if (!map) {
      map = new Map();
      const xml = this.zip.text(relsPartOf(part));
      const root = xml ? rootOf(parseLight(xml)) : undefined;
      for (const el of root ? elements(root) : []) {
        const a = el.attribs ?? {};
        if (localOf(el.name!) !== 'Relationship' || !a.Id) continue;
        map.set(decode(a.Id), { type: decode(a.Type ?? ''), target: decode(a.Target ?? ''), external: a.TargetMode === 'External' });
      }
      this.rels.set(part, map);
    }
    return map;
  }

  /** The output relationship id (of the main part) for relationship `id` of source part `part`. */
  private mapRel(part: string, id: string): string | null {
    const key = `${part}\n${id}`;
    const known = this.relMap.get(key);
    if (known !== undefined) return known;
    const rel = this.relsOf(part).get(id);
    let out: string | null = null;
    if (rel?.external) {
      out = rel.type === REL.hyperlink ? this.pkg.hyperlink(rel.target) : this.pkg.relationship(rel.type, rel.target, true);
    } else if (rel) {
      const path = resolveTarget(part, rel.target);
      const ext = extensionOf(path);
      const file = this.zip.has(path);
      if (file && rel.type === REL.image && IMAGE_TYPES[ext]) out = this.pkg.image(this.zip.bytes(path), ext);
      else if (file) out = this.pkg.relationship(rel.type, this.pkg.relativeTarget(this.copyPart(path)));
    }
    this.relMap.set(key, out);
    return out;
  }

  /** Copies a part (a chart, an embedded object, …) with the parts its own relationships name. */
  private copyPart(path: string): string {
    const known = this.copied.get(path);
    if (known) return known;
    const type = this.types.get(path) ?? this.defaults.get(extensionOf(path)) ?? 'application/octet-stream';
    const target = this.pkg.addPart(path, this.zip.bytes(path), type);
    this.copied.set(path, target);
    const rels = this.relsOf(path);
    if (rels.size) {
      let xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${NS.pkgRels}">`;
      for (const [id, rel] of rels) {
        let to = rel.target;
        if (!rel.external) {
          const src = resolveTarget(path, rel.target);
          if (!this.zip.has(src)) continue;
          to = relativePath(partDir(target), this.copyPart(src));
        }
        xml += `<Relationship Id="${encode(id)}" Type="${encode(rel.type)}" Target="${encode(to)}"${rel.external ? ' TargetMode="External"' : ''}/>`;
      }
      this.pkg.addFile(relsPartOf(target), `${xml}</Relationships>`);
    }
    return target;
  }

  /** Re-homes every reference in the subtree of `el` (content of source part `part`). */
  private rewrite(el: LNode, part: string, rootScope: Scope): void {
    const stack: [LNode, Scope][] = [[el, rootScope]];
    while (stack.length) {
      const [e, parentScope] = stack.pop()!;
      const scope = scopeOf(e, parentScope);
      const name = e.name!;
      const uri = scope.get(prefixOf(name));
      const local = localOf(name);
      if (uri === undefined && prefixOf(name)) {
        removeNode(e); // an unbound prefix (a damaged file) would make the whole output unreadable
        continue;
      }
      if (uri === NS.w && this.rewriteWord(e, local, part, prefixOf(name))) continue;
      if (uri === NS.wp && local === 'docPr' && e.attribs) e.attribs.id = String(this.pkg.nextDocPrId());
      for (const key in e.attribs) {
        const colon = key.indexOf(':');
        if (colon < 0 || key.startsWith('xmlns')) continue;
        const attrUri = scope.get(key.slice(0, colon));
        if (attrUri === undefined && key.slice(0, colon) !== 'xml') {
          delete e.attribs[key];
        } else if (attrUri === NS.r) {
          const mapped = this.mapRel(part, decode(e.attribs[key]));
          if (mapped) e.attribs[key] = encode(mapped);
          else delete e.attribs[key];
        } else if (attrUri === W14 && (key.endsWith(':paraId') || key.endsWith(':textId'))) {
          delete e.attribs[key];
        }
      }
      const kids = e.children;
      if (kids) for (let i = kids.length - 1; i >= 0; i--) if (kids[i].type === 'tag') stack.push([kids[i], scope]);
    }
  }

  /** WordprocessingML references; true when the element was removed or replaced. */
  private rewriteWord(e: LNode, local: string, part: string, w: string): boolean {
    const val = qname(w, 'val');
    if (STYLE_REFS.has(local)) {
      const styles = this.sourceStyles;
      const mapped = styles ? this.pkg.styles.importFrom(styles, decode(e.attribs?.[val] ?? ''), this.styleMap, (n) => this.mapNum(n)) : null;
      if (mapped) e.attribs![val] = encode(mapped);
      else removeNode(e);
      return !mapped;
    }
    switch (local) {
      case 'numId': {
        const mapped = this.mapNum(decode(e.attribs?.[val] ?? ''));
        if (mapped) e.attribs![val] = encode(mapped);
        else removeNode(e.parent!);
        return !mapped;
      }
      case 'bookmarkStart':
      case 'bookmarkEnd': {
        const key = qname(w, 'id');
        const id = e.attribs?.[key] ?? '';
        let mapped = this.bookmarks.get(id);
        if (mapped === undefined) this.bookmarks.set(id, (mapped = this.pkg.nextBookmarkId()));
        e.attribs![key] = String(mapped);
        return false;
      }
      case 'footnoteReference':
      case 'endnoteReference': {
        if (part !== this.main) break;
        const mark = `[${this.notes.length + 1}]`;
        this.notes.push({ kind: local, id: decode(e.attribs?.[qname(w, 'id')] ?? ''), mark });
        replaceNode(e, textElement(w, mark));
        return true;
      }
      default:
        if (DROPPED.has(local)) {
          removeNode(e);
          return true;
        }
    }
    return false;
  }

  private mapNum(srcId: string): string | null {
    const numbering = this.sourceNumbering;
    if (!numbering) return srcId === '0' ? '0' : null;
    return this.pkg.numbering.importFrom(numbering, srcId, this.numMap, (s) => {
      const styles = this.sourceStyles;
      return styles ? this.pkg.styles.importFrom(styles, s, this.styleMap, (n) => this.mapNum(n)) : null;
    });
  }

  /** The paragraphs of the referenced footnotes and endnotes, each starting with its "[n]" mark. */
  private noteParagraphs(): string {
    if (this.notes.length === 0) return '';
    const out: string[] = [];
    const parts = new Map<NoteKind, { path: string; scope: Scope; w: string; notes: Map<string, LNode> } | null>();
    for (const note of this.notes) {
      let loaded = parts.get(note.kind);
      if (loaded === undefined) {
        loaded = optional(() => {
          const rel = [...this.relsOf(this.main).values()].find((r) => r.type === NOTE_TYPES[note.kind] && !r.external);
          const path = resolveTarget(this.main, rel!.target);
          const root = rootOf(parseLight(this.zip.text(path)!))!;
          const scope = scopeOf(root, new Map());
          const w = prefixFor(scope, NS.w)!;
          return { path, scope, w, notes: new Map(elements(root).map((n) => [decode(n.attribs?.[qname(w, 'id')] ?? ''), n])) };
        });
        parts.set(note.kind, loaded);
      }
      const body = loaded?.notes.get(note.id);
      if (!body || !loaded) continue;
      let first = true;
      for (const p of elements(body)) {
        for (const ref of descendants(p, qname(loaded.w, NOTE_MARKS[note.kind]))) replaceNode(ref, textElement(loaded.w, first ? note.mark : ''));
        first = false;
        this.rewrite(p, loaded.path, loaded.scope);
        if (p.parent) out.push(serialize(p, this.localDecls));
      }
    }
    return out.join('');
  }
}

function optional<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

/** A w:t element (replacing a reference mark inside its run). */
function textElement(w: string, text: string): LNode {
  const t: LNode = { type: 'tag', name: qname(w, 't'), attribs: {}, children: [] };
  if (text) t.children!.push({ type: 'text', data: encode(text), parent: t });
  return t;
}

function relativePath(fromDir: string, to: string): string {
  const from = fromDir.split('/').filter(Boolean);
  const parts = to.split('/');
  let i = 0;
  while (i < from.length && i < parts.length - 1 && from[i] === parts[i]) i++;
  return [...from.slice(i).map(() => '..'), ...parts.slice(i)].join('/');
}
