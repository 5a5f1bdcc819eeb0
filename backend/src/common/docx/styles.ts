// The styles part of the output document: finds styles by their built-in name (a Chinese Word saves
// "heading 1" under the id "1", so ids are never guessed), adds the ones converted HTML needs when the
// template lacks them, and copies the styles a merged .docx references. Additions are kept as XML
// text and inserted once when the part is written.
import { LightPart, child, descendants, elements, removeNode, serialize, type LNode } from './light';
import { NS, tag } from './xml';

export const EMPTY_STYLES =
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles xmlns:w="${NS.w}">` +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
  '</w:styles>';

/** Font sizes (half-points) of the headings added to a template that has none. */
const HEADING_SIZES = [32, 30, 28, 26, 24, 22];
/** What fragments written here declare (they use the w: prefix). */
const OWN_DECLS = new Map([['xmlns:w', NS.w]]);

/** What a merge remembers of one source's styles: source id → output id (null: fall back to Normal). */
export type StyleMap = Map<string, string | null>;

interface StyleInfo {
  type: string;
  def: boolean;
}

/** The styles of a part, indexed by id and by type + lower-case name. */
class StyleIndex extends LightPart {
  readonly byId = new Map<string, LNode>();
  protected readonly info = new Map<string, StyleInfo>();
  protected readonly byName = new Map<string, string>();

  constructor(xml: string) {
    super(xml);
    for (const el of elements(this.root)) {
      if (el.name !== this.q('style')) continue;
      const id = this.attr(el, 'styleId');
      if (!id || this.byId.has(id)) continue;
      this.byId.set(id, el);
      this.index(id, this.attr(el, 'type') || 'paragraph', this.attr(child(el, this.q('name'))), ['1', 'true'].includes(this.attr(el, 'default')));
    }
  }

  protected index(id: string, type: string, name: string, def: boolean): void {
    this.info.set(id, { type, def });
    const key = `${type}:${name.toLowerCase()}`;
    if (name && !this.byName.has(key)) this.byName.set(key, id);
  }

  /** The id of the style of this type with this (case-insensitive) name. */
  find(type: string, name: string): string | undefined {
    return this.byName.get(`${type}:${name.toLowerCase()}`);
  }
}

/** The styles of a merged document (only the ones its body uses are ever copied). */
export class SourceStyles extends StyleIndex {}

export class StyleBook extends StyleIndex {
  private readonly additions: string[] = [];
  private readonly created: boolean;

  constructor(private readonly xml: string | null) {
    super(xml ?? EMPTY_STYLES);
    this.created = xml === null;
  }

  has(id: string): boolean {
    return this.info.has(id);
  }

  get normal(): string | undefined {
    for (const [id, info] of this.info) if (info.type === 'paragraph' && info.def) return id;
    return this.find('paragraph', 'Normal');
  }

  /** The paragraph style of heading `level` (1–6), added when the template has none. */
  heading(level: number): string {
    const name = `heading ${level}`;
    const found = this.find('paragraph', name);
    if (found) return found;
    const normal = this.normal;
    const size = HEADING_SIZES[level - 1];
    return this.addStyle('paragraph', `Heading${level}`, name,
      (normal ? tag('w:basedOn', { 'w:val': normal }) + tag('w:next', { 'w:val': normal }) : '') +
      '<w:uiPriority w:val="9"/><w:qFormat/><w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="240" w:after="120"/>' +
      `<w:outlineLvl w:val="${level - 1}"/></w:pPr><w:rPr><w:b/><w:bCs/><w:sz w:val="${size}"/><w:szCs w:val="${size}"/></w:rPr>`);
  }

  /** The character style of hyperlinks, added when missing. */
  hyperlink(): string {
    return this.find('character', 'Hyperlink') ??
      this.addStyle('character', 'Hyperlink', 'Hyperlink',
        '<w:uiPriority w:val="99"/><w:unhideWhenUsed/><w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr>');
  }

  private freeId(wanted: string): string {
    let id = wanted;
    for (let n = 2; this.info.has(id); n++) id = `${wanted}${n}`;
    return id;
  }

  private addStyle(type: string, wantedId: string, name: string, inner: string): string {
    const id = this.freeId(wantedId);
    const decls = [...this.missing(OWN_DECLS)].map(([k, v]) => ` ${k}="${v}"`).join('');
    this.additions.push(tag('w:style', { 'w:type': type, 'w:styleId': id }, tag('w:name', { 'w:val': name }) + inner).replace('<w:style', `<w:style${decls}`));
    this.index(id, type, name, false);
    return id;
  }

  /**
   * The output id for style `srcId` of a merged document: the output's style of the same type and
   * name when there is one, else a copy (with its basedOn chain) under a free id. null when the source
   * does not define it, so the reference is dropped and the text falls back to Normal.
   */
  importFrom(src: SourceStyles, srcId: string, map: StyleMap, remapNumId: (numId: string) => string | null): string | null {
    const known = map.get(srcId);
    if (known !== undefined) return known;
    const el = src.byId.get(srcId);
    if (!el) {
      map.set(srcId, null);
      return null;
    }
    const type = src.attr(el, 'type') || 'paragraph';
    const name = src.attr(child(el, src.q('name')));
    const same = name ? this.find(type, name) : this.info.get(srcId)?.type === type ? srcId : undefined;
    if (same) {
      map.set(srcId, same);
      return same;
    }
    const id = this.freeId(srcId);
    map.set(srcId, id); // before the recursion: basedOn cycles end here
    this.index(id, type, name || id, false);
    src.set(el, 'styleId', id);
    delete el.attribs![src.q('default')];
    for (const c of elements(el)) {
      if (c.name === src.q('basedOn') || c.name === src.q('next') || c.name === src.q('link')) {
        const target = this.importFrom(src, src.attr(c), map, remapNumId);
        if (target) src.set(c, 'val', target);
        else removeNode(c);
      }
    }
    // A list style or a numbered heading keeps its numbering through the merge's numbering map.
    for (const numId of descendants(el, src.q('numId'))) {
      const mapped = remapNumId(src.attr(numId));
      if (mapped === null) removeNode(numId.parent!);
      else src.set(numId, 'val', mapped);
    }
    this.additions.push(serialize(el, this.missing(src.decls, el)));
    return id;
  }

  /** The part's new text, or null when nothing changed. */
  serialize(): string | null {
    if (!this.created && this.additions.length === 0) return null;
    return LightPart.insert(this.xml ?? EMPTY_STYLES, this.q('styles'), this.additions.join(''));
  }
}
