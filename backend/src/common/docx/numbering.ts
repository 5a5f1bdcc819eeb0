// The numbering part of the output document: list definitions for converted HTML lists, and copies of
// the definitions a merged .docx uses under new ids (its numIds would otherwise point at the
// template's lists, or at nothing). Additions are kept as XML text and inserted once, definitions
// before instances as the schema orders them.
import { LightPart, child, descendants, elements, removeNode, serialize, type LNode } from './light';
import { NS } from './xml';

export const EMPTY_NUMBERING =
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering xmlns:w="${NS.w}"></w:numbering>`;

/** List formats an HTML list can ask for (`<ol type>`, `list-style-type`). */
export type ListFormat = 'bullet' | 'decimal' | 'lowerLetter' | 'upperLetter' | 'lowerRoman' | 'upperRoman';

const BULLETS = ['•', '◦', '▪'];
/** Indent step of list levels, twips (two characters of a Chinese five-size line). */
export const LIST_INDENT = 420;
const OWN_DECLS = new Map([['xmlns:w', NS.w]]);

/** What a merge remembers of one source's numbering: source numId / abstractNumId → output id. */
export interface NumberingMap {
  nums: Map<string, string | null>;
  abstracts: Map<string, string>;
}

/** The numbering definitions of a merged document (read light). */
export class SourceNumbering extends LightPart {
  readonly nums = new Map<string, LNode>();
  readonly abstracts = new Map<string, LNode>();

  constructor(xml: string) {
    super(xml);
    for (const el of elements(this.root)) {
      if (el.name === this.q('num')) this.nums.set(this.attr(el, 'numId'), el);
      else if (el.name === this.q('abstractNum')) this.abstracts.set(this.attr(el, 'abstractNumId'), el);
    }
  }
}

export class NumberingBook extends LightPart {
  private readonly newAbstracts: string[] = [];
  private readonly newNums: string[] = [];
  private readonly htmlAbstracts = new Map<ListFormat, string>();
  private readonly ownDecls: string;
  private bulletNum: string | undefined;
  private maxNum = 0;
  private maxAbstract = 0;
  private nsid = 0x2d0c0000;
  private readonly created: boolean;

  constructor(private readonly xml: string | null) {
    super(xml ?? EMPTY_NUMBERING);
    this.created = xml === null;
    for (const el of elements(this.root)) {
      if (el.name === this.q('num')) this.maxNum = Math.max(this.maxNum, Number(this.attr(el, 'numId')) || 0);
      if (el.name === this.q('abstractNum')) this.maxAbstract = Math.max(this.maxAbstract, Number(this.attr(el, 'abstractNumId')) || 0);
    }
    this.ownDecls = [...this.missing(OWN_DECLS)].map(([k, v]) => ` ${k}="${v}"`).join('');
  }

  get changed(): boolean {
    return this.created || this.newNums.length > 0;
  }

  private nextNsid(): string {
    return (this.nsid++).toString(16).toUpperCase().padStart(8, '0');
  }

  private addNum(abstractId: string, inner = ''): string {
    const id = String(++this.maxNum);
    this.newNums.push(`<w:num${this.ownDecls} w:numId="${id}"><w:abstractNumId w:val="${abstractId}"/>${inner}</w:num>`);
    return id;
  }

  private htmlAbstract(format: ListFormat): string {
    const known = this.htmlAbstracts.get(format);
    if (known) return known;
    let lvls = '';
    // Every list instance uses one level (its nesting depth), so each level shows the list's format.
    for (let i = 0; i < 9; i++) {
      const text = format === 'bullet' ? BULLETS[i % BULLETS.length] : `%${i + 1}.`;
      lvls += `<w:lvl w:ilvl="${i}"><w:start w:val="1"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/>` +
        `<w:lvlJc w:val="left"/><w:pPr><w:ind w:left="${LIST_INDENT * (i + 1)}" w:hanging="${LIST_INDENT}"/></w:pPr></w:lvl>`;
    }
    const id = String(++this.maxAbstract);
    this.newAbstracts.push(`<w:abstractNum${this.ownDecls} w:abstractNumId="${id}"><w:nsid w:val="${this.nextNsid()}"/>` +
      `<w:multiLevelType w:val="hybridMultilevel"/>${lvls}</w:abstractNum>`);
    this.htmlAbstracts.set(format, id);
    return id;
  }

  /**
   * The numId of an HTML list at nesting `level` (0–8). Bullets share one definition; every ordered
   * list gets its own instance, restarting at `start`, so two lists of an item never count on.
   */
  htmlList(format: ListFormat, level: number, start: number): string {
    const abstractId = this.htmlAbstract(format);
    if (format === 'bullet') return (this.bulletNum ??= this.addNum(abstractId));
    return this.addNum(abstractId, `<w:lvlOverride w:ilvl="${level}"><w:startOverride w:val="${start}"/></w:lvlOverride>`);
  }

  /**
   * The output numId for numId `srcId` of a merged document (its num and abstractNum copied once per
   * source); '0' stays '0' (numbering switched off); null when the source does not define it.
   */
  importFrom(src: SourceNumbering, srcId: string, map: NumberingMap, remapStyle: (styleId: string) => string | null): string | null {
    if (srcId === '0') return '0';
    const known = map.nums.get(srcId);
    if (known !== undefined) return known;
    const num = src.nums.get(srcId);
    const srcAbstract = src.attr(num && child(num, src.q('abstractNumId')));
    const abstract = src.abstracts.get(srcAbstract);
    if (!num || !abstract) {
      map.nums.set(srcId, null);
      return null;
    }
    let abstractId = map.abstracts.get(srcAbstract);
    if (!abstractId) {
      abstractId = String(++this.maxAbstract);
      map.abstracts.set(srcAbstract, abstractId);
      src.set(abstract, 'abstractNumId', abstractId);
      // A fresh list identity: Word joins lists that share an nsid, and fifty merged files from one
      // template all share theirs.
      const nsid = child(abstract, src.q('nsid'));
      if (nsid) src.set(nsid, 'val', this.nextNsid());
      // Picture bullets live in numbering.xml's own relationships, which are not copied; the level's
      // text bullet shows instead. Style links would tie the list to the source's styles.
      for (const local of ['lvlPicBulletId', 'numStyleLink', 'styleLink']) for (const el of descendants(abstract, src.q(local))) removeNode(el);
      for (const el of descendants(abstract, src.q('pStyle'))) {
        const mapped = remapStyle(src.attr(el));
        if (mapped) src.set(el, 'val', mapped);
        else removeNode(el);
      }
      this.newAbstracts.push(serialize(abstract, this.missing(src.decls, abstract)));
    }
    const id = String(++this.maxNum);
    src.set(num, 'numId', id);
    src.set(child(num, src.q('abstractNumId'))!, 'val', abstractId);
    this.newNums.push(serialize(num, this.missing(src.decls, num)));
    map.nums.set(srcId, id);
    return id;
  }

  /** The part's new text, or null when nothing changed. */
  serialize(): string | null {
    if (!this.changed) return null;
    const root = this.q('numbering');
    const cleanup = new RegExp(`<${this.q('numIdMacAtCleanup')}[\\s/>]`);
    let text = this.xml ?? EMPTY_NUMBERING;
    text = LightPart.insert(text, root, this.newAbstracts.join(''), new RegExp(`<${this.q('num')}[\\s/>]|<${this.q('numIdMacAtCleanup')}[\\s/>]`));
    return LightPart.insert(text, root, this.newNums.join(''), cleanup);
  }
}
