// The text of a .docx for comparison, and a diff of two such texts: the versions dialog's 对比 of two
// .docx versions (docs/office-design.md §4.9). Read with the library's own zip and light XML reader,
// so a damaged or foreign file becomes a readable note, never an exception.
//
// One line per block, in reading order:
//   paragraph     its text (w:t; tab → '\t'; line break → '\n'; tracked insertions in, deletions out;
//                 field codes, ruby guides and comment marks out); blank paragraphs are left out
//   heading       '[标题N] ' + text (style "heading N", its outline level, or a direct outline level);
//                 the Title style gives '[标题] '
//   list item     two spaces per level, the marker as Word numbers it ('1.', '1.2.', 'a)', '一、',
//                 '①'; '•' for every bullet), a space, the text
//   table         one line per row: cells joined with ' | ' (a cell's own lines joined with ' ')
//   inline        '[图片]', '[图表]', '[图形]', '[对象]', '[文本框：…]', equations as their text,
//                 '[脚注N]' / '[尾注N]' where a note is referenced
//   notes         after the body: '[脚注N] text' then '[尾注N] text', numbered in reference order
// Headers, footers and comments are not part of the text.
import { diffArrays } from 'diff';
import { diffTexts, type TextDiffPart } from '../text/diff';
import { child, decode, localOf, parseLight, prefixFor, prefixOf, qname, rootOf, scopeOf, type LNode } from './light';
import { NS, relsPartOf, resolveTarget } from './xml';
import { ZipReader } from './zip';

export interface DocxText {
  /** The lines to compare, in reading order (see the header of this file). */
  paragraphs: string[];
  /**
   * Why the file, or a part of it, could not be read (Chinese, for the user); null when it read
   * cleanly. With a note and no paragraphs, nothing of the file was readable.
   */
  note: string | null;
}

/** The notes `docxText` answers. */
export const DOCX_TEXT_NOTES = {
  notDocx: '文件已损坏或不是 .docx 文件，无法提取文字',
  legacy: '文件是旧版 Word（.doc）格式或已加密，无法提取文字',
  noBody: '文件中没有 Word 正文，无法提取文字',
  damaged: '文件已损坏，无法提取文字',
  notes: '脚注或尾注无法读取，已略过',
} as const;

const W_STRICT = 'http://purl.oclc.org/ooxml/wordprocessingml/main';
const M = ['http://schemas.openxmlformats.org/officeDocument/2006/math', 'http://purl.oclc.org/ooxml/officeDocument/math'];
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The text of a .docx (see the header of this file); never throws. */
export function docxText(bytes: Uint8Array): DocxText {
  let zip: ZipReader;
  try {
    zip = new ZipReader(bytes);
  } catch {
    const legacy = bytes.length >= 8 && Buffer.from(bytes.buffer, bytes.byteOffset, 8).equals(OLE);
    return { paragraphs: [], note: legacy ? DOCX_TEXT_NOTES.legacy : DOCX_TEXT_NOTES.notDocx };
  }
  let body: WPart;
  let main: string;
  try {
    main = partOf(zip, '', 'officeDocument') ?? 'word/document.xml';
    const xml = zip.text(main);
    if (xml === null) return { paragraphs: [], note: DOCX_TEXT_NOTES.noBody };
    body = new WPart(xml);
  } catch (e) {
    return { paragraphs: [], note: e instanceof NotWordError ? DOCX_TEXT_NOTES.noBody : DOCX_TEXT_NOTES.damaged };
  }
  const load = (kind: string): WPart | null => {
    const path = partOf(zip, main, kind);
    const xml = path ? zip.text(path) : null;
    return xml === null ? null : new WPart(xml);
  };
  const optional = (kind: string): WPart | null => {
    try {
      return load(kind);
    } catch {
      return null;
    }
  };
  try {
    const styles = new Styles(optional('styles'));
    const numbering = new Numbering(optional('numbering'), styles);
    let note: string | null = null;
    const notes = (kind: string, label: string): NoteBook => {
      try {
        return new NoteBook(label, kind, load(`${kind}s`));
      } catch {
        note = DOCX_TEXT_NOTES.notes;
        return new NoteBook(label, kind, null);
      }
    };
    const ctx: Context = { styles, numbering, footnotes: notes('footnote', '脚注'), endnotes: notes('endnote', '尾注') };
    const paragraphs: string[] = [];
    const bodyEl = child(body.root, body.q('body'));
    if (bodyEl) new Reader(body, ctx).blocks(bodyEl, paragraphs);
    for (const book of [ctx.footnotes, ctx.endnotes]) {
      try {
        book.lines(ctx, paragraphs);
      } catch {
        note = DOCX_TEXT_NOTES.notes;
      }
    }
    return { paragraphs, note };
  } catch {
    return { paragraphs: [], note: DOCX_TEXT_NOTES.damaged };
  }
}

// ---------------------------------------------------------------------------------------------
// Parts

class NotWordError extends Error {}

/** A parsed WordprocessingML part with the prefixes of its w: and m: namespaces. */
class WPart {
  readonly root: LNode;
  readonly w: string;
  readonly m: ReadonlySet<string>;

  constructor(xml: string) {
    const root = rootOf(parseLight(xml));
    if (!root) throw new NotWordError('empty part');
    const scope = scopeOf(root, new Map());
    const w = prefixFor(scope, NS.w) ?? prefixFor(scope, W_STRICT);
    if (w === undefined) throw new NotWordError('not a WordprocessingML part');
    this.root = root;
    this.w = w;
    this.m = new Set(M.map((uri) => prefixFor(scope, uri)).filter((p): p is string => p !== undefined));
  }

  q(local: string): string {
    return qname(this.w, local);
  }

  /** The local name of a w: element, undefined for other namespaces. */
  wLocal(el: LNode): string | undefined {
    return prefixOf(el.name!) === this.w ? localOf(el.name!) : undefined;
  }

  /** A w: attribute, decoded; '' when absent. */
  attr(el: LNode | undefined, local = 'val'): string {
    const raw = el?.attribs?.[this.q(local)];
    return raw === undefined ? '' : decode(raw);
  }

  /** The w:val of a child element, undefined when there is no such child. */
  val(el: LNode | undefined, local: string): string | undefined {
    const c = el && child(el, this.q(local));
    return c ? this.attr(c) : undefined;
  }
}

/** The zip path of the part a relationship of `source` ('' = the package) points at. */
function partOf(zip: ZipReader, source: string, kind: string): string | undefined {
  const xml = zip.text(relsPartOf(source));
  if (xml === null) return undefined;
  for (const el of kids(rootOf(parseLight(xml)))) {
    const a = el.attribs ?? {};
    if (localOf(el.name!) !== 'Relationship' || a.TargetMode === 'External' || !a.Target) continue;
    if ((a.Type ?? '').endsWith(`/${kind}`)) return resolveTarget(source, decode(a.Target));
  }
  return undefined;
}

/**
 * The element children of an element, with markup compatibility resolved: an mc:AlternateContent
 * is replaced by the children of its first mc:Choice (else its mc:Fallback), so content that Word
 * writes twice (a text box as DrawingML and as VML) is read once.
 */
function kids(el: LNode | undefined): LNode[] {
  const out: LNode[] = [];
  for (const c of el?.children ?? []) {
    if (c.type !== 'tag') continue;
    if (localOf(c.name!) !== 'AlternateContent') {
      out.push(c);
      continue;
    }
    const branches = (c.children ?? []).filter((b) => b.type === 'tag');
    const chosen = branches.find((b) => localOf(b.name!) === 'Choice') ?? branches.find((b) => localOf(b.name!) === 'Fallback');
    out.push(...kids(chosen));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Styles: heading levels and list numbering a paragraph style carries

interface StyleDef {
  name: string;
  basedOn?: string;
  outline?: number;
  numId?: string;
  ilvl?: number;
}

const HEADING_NAME = /^heading\s*([1-9])$/i;

/** Outline levels 0–8 are headings 1–9; 9 (and anything else) is body text. */
function outlineHeading(outline: number): number | null {
  return Number.isInteger(outline) && outline >= 0 && outline < 9 ? outline + 1 : null;
}

class Styles {
  private readonly byId = new Map<string, StyleDef>();
  private readonly headings = new Map<string, number | null>();

  constructor(part: WPart | null) {
    if (!part) return;
    for (const el of kids(part.root)) {
      if (part.wLocal(el) !== 'style') continue;
      const id = part.attr(el, 'styleId');
      if (!id || this.byId.has(id)) continue;
      const pPr = child(el, part.q('pPr'));
      const numPr = pPr && child(pPr, part.q('numPr'));
      const outline = part.val(pPr, 'outlineLvl') || undefined;
      const ilvl = part.val(numPr, 'ilvl');
      this.byId.set(id, {
        name: part.val(el, 'name') ?? '',
        basedOn: part.val(el, 'basedOn'),
        outline: outline === undefined ? undefined : Number(outline),
        numId: part.val(numPr, 'numId'),
        ilvl: ilvl === undefined ? undefined : Number(ilvl),
      });
    }
  }

  /** The style and the styles it is based on, nearest first. */
  private chain(id: string): StyleDef[] {
    const out: StyleDef[] = [];
    const seen = new Set<string>();
    for (let s: string | undefined = id; s && !seen.has(s) && out.length < 16; ) {
      seen.add(s);
      const def = this.byId.get(s);
      if (!def) break;
      out.push(def);
      s = def.basedOn;
    }
    return out;
  }

  /** 0 for the Title style, 1–9 for a heading style, null otherwise. */
  heading(id: string): number | null {
    const known = this.headings.get(id);
    if (known !== undefined) return known;
    let level: number | null = null;
    const chain = this.chain(id);
    if (!chain.length) {
      const m = HEADING_NAME.exec(id);
      if (m) level = Number(m[1]);
    }
    for (const def of chain) {
      const m = HEADING_NAME.exec(def.name);
      if (m) level = Number(m[1]);
      else if (def.name.toLowerCase() === 'title') level = 0;
      else if (def.outline !== undefined) level = outlineHeading(def.outline);
      else continue;
      break;
    }
    this.headings.set(id, level);
    return level;
  }

  /** The list a paragraph style puts its paragraphs in. */
  numPr(id: string): { numId?: string; ilvl?: number } {
    let numId: string | undefined;
    let ilvl: number | undefined;
    for (const def of this.chain(id)) {
      numId ??= def.numId;
      ilvl ??= def.ilvl;
    }
    return { numId, ilvl };
  }
}

// ---------------------------------------------------------------------------------------------
// Numbering: list markers as Word counts them

interface Level {
  start: number;
  fmt: string;
  text: string;
  legal: boolean;
}

interface NumDef {
  abstractId: string;
  starts: Map<number, number>;
  levels: Map<number, Level>;
}

interface AbstractDef {
  levels: Map<number, Level>;
  styleLink?: string;
}

class Numbering {
  private readonly nums = new Map<string, NumDef>();
  private readonly abstracts = new Map<string, AbstractDef>();
  /** Counters by abstract definition: lists that share one count on, as in Word. */
  private readonly counters = new Map<string, (number | undefined)[]>();
  private readonly restarted = new Set<string>();

  constructor(part: WPart | null, private readonly styles: Styles) {
    if (!part) return;
    for (const el of kids(part.root)) {
      const local = part.wLocal(el);
      if (local === 'abstractNum') {
        this.abstracts.set(part.attr(el, 'abstractNumId'), { levels: levels(part, el), styleLink: part.val(el, 'numStyleLink') });
      } else if (local === 'num') {
        const starts = new Map<number, number>();
        const overrides = new Map<number, Level>();
        for (const o of kids(el)) {
          if (part.wLocal(o) !== 'lvlOverride') continue;
          const ilvl = Number(part.attr(o, 'ilvl')) || 0;
          const start = part.val(o, 'startOverride');
          if (start !== undefined) starts.set(ilvl, Number(start) || 0);
          for (const [k, v] of levels(part, o)) overrides.set(k, v);
        }
        this.nums.set(part.attr(el, 'numId'), { abstractId: part.val(el, 'abstractNumId') ?? '', starts, levels: overrides });
      }
    }
  }

  /** The abstract definition of a list, following a numbering style link once or twice. */
  private resolve(num: NumDef): [string, AbstractDef] | undefined {
    let id = num.abstractId;
    for (let hop = 0; hop < 4; hop++) {
      const def = this.abstracts.get(id);
      if (!def) return undefined;
      if (!def.styleLink || def.levels.size) return [id, def];
      const linked = this.nums.get(this.styles.numPr(def.styleLink).numId ?? '');
      if (!linked) return undefined;
      id = linked.abstractId;
    }
    return undefined;
  }

  /** The marker of the next item of list `numId` at level `ilvl` ('' when it shows none). */
  next(numId: string, ilvl: number): string {
    const num = this.nums.get(numId);
    const resolved = num && this.resolve(num);
    if (!num || !resolved) return '';
    const [abstractId, abstract] = resolved;
    const level = (i: number) => num.levels.get(i) ?? abstract.levels.get(i);
    const lvl = level(ilvl);
    if (!lvl) return '';
    let counts = this.counters.get(abstractId);
    if (!counts) this.counters.set(abstractId, (counts = []));
    const start = num.starts.get(ilvl);
    const key = `${numId}:${ilvl}`;
    if (start !== undefined && !this.restarted.has(key)) {
      this.restarted.add(key);
      counts[ilvl] = start - 1;
    }
    counts[ilvl] = (counts[ilvl] ?? lvl.start - 1) + 1;
    counts.length = ilvl + 1;
    if (lvl.fmt === 'bullet') return '•';
    if (lvl.fmt === 'none') return lvl.text.replace(/%[1-9]/g, '');
    return lvl.text.replace(/%([1-9])/g, (_, d: string) => {
      const i = Number(d) - 1;
      const def = level(i);
      if (i > ilvl || !def) return '';
      const fmt = i < ilvl && lvl.legal ? 'decimal' : def.fmt;
      return formatNumber(counts[i] ?? def.start, fmt);
    });
  }
}

function levels(part: WPart, el: LNode): Map<number, Level> {
  const out = new Map<number, Level>();
  for (const l of kids(el)) {
    if (part.wLocal(l) !== 'lvl') continue;
    const start = part.val(l, 'start');
    // A custom format (w14) sits in an mc:AlternateContent; kids() reads its choice.
    const fmt = kids(l).find((c) => part.wLocal(c) === 'numFmt');
    out.set(Number(part.attr(l, 'ilvl')) || 0, {
      start: start === undefined ? 1 : Number(start) || 0,
      fmt: fmt ? part.attr(fmt) || 'decimal' : 'decimal',
      text: part.val(l, 'lvlText') ?? '',
      legal: child(l, part.q('isLgl')) !== undefined,
    });
  }
  return out;
}

const DIGITS = '〇一二三四五六七八九';
const LEGAL_DIGITS = '零壹贰叁肆伍陆柒捌玖';
const STEMS = '甲乙丙丁戊己庚辛壬癸';
const BRANCHES = '子丑寅卯辰巳午未申酉戌亥';

/** Chinese numerals (1–9999): 一, 十, 十一, 二十, 一百零五. */
function chinese(n: number, digits: string, ten: string, hundred: string, thousand: string): string {
  if (n <= 0 || n >= 10000) return String(n);
  const units = [thousand, hundred, ten, ''];
  const ds = String(n).padStart(4, '0').split('').map(Number);
  let out = '';
  let zero = false;
  ds.forEach((d, i) => {
    if (d === 0) {
      zero = out !== '';
      return;
    }
    if (zero) out += digits === DIGITS ? '零' : digits[0];
    zero = false;
    out += (d === 1 && i === 2 && out === '' && digits === DIGITS ? '' : digits[d]) + units[i];
  });
  return out;
}

function roman(n: number): string {
  if (n <= 0 || n >= 4000) return String(n);
  const table: [number, string][] = [
    [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
  ];
  let out = '';
  for (const [v, s] of table) for (; n >= v; n -= v) out += s;
  return out;
}

function enclosed(n: number, first: number, count: number): string {
  return n >= 1 && n <= count ? String.fromCodePoint(first + n - 1) : String(n);
}

/** A list counter in a w:numFmt format; unknown formats count in decimal. */
export function formatNumber(n: number, fmt: string): string {
  switch (fmt) {
    case 'decimalZero':
      return n >= 0 && n < 10 ? `0${n}` : String(n);
    case 'upperLetter':
    case 'lowerLetter': {
      if (n <= 0) return String(n);
      const letter = String.fromCharCode(65 + ((n - 1) % 26)).repeat(Math.floor((n - 1) / 26) + 1);
      return fmt === 'lowerLetter' ? letter.toLowerCase() : letter;
    }
    case 'upperRoman':
      return roman(n);
    case 'lowerRoman':
      return roman(n).toLowerCase();
    case 'chineseCounting':
    case 'chineseCountingThousand':
    case 'japaneseCounting':
    case 'taiwaneseCounting':
    case 'koreanCounting':
      return chinese(n, DIGITS, '十', '百', '千');
    case 'chineseLegalSimplified':
    case 'taiwaneseCountingThousand':
    case 'japaneseLegal':
      return chinese(n, LEGAL_DIGITS, '拾', '佰', '仟');
    case 'ideographDigital':
    case 'taiwaneseDigital':
    case 'koreanDigital':
      return String(n).replace(/\d/g, (d) => DIGITS[Number(d)]);
    case 'ideographTraditional':
      return n >= 1 && n <= 10 ? STEMS[n - 1] : String(n);
    case 'ideographZodiac':
      return n >= 1 && n <= 12 ? BRANCHES[n - 1] : String(n);
    case 'decimalEnclosedCircle':
    case 'decimalEnclosedCircleChinese':
    case 'ideographEnclosedCircle':
      return n >= 1 && n <= 20 ? enclosed(n, 0x2460, 20) : String(n);
    case 'decimalEnclosedFullstop':
      return enclosed(n, 0x2488, 20);
    case 'decimalEnclosedParen':
      return enclosed(n, 0x2474, 20);
    case 'decimalFullWidth':
    case 'decimalFullWidth2':
      return String(n).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
    default:
      return String(n);
  }
}

// ---------------------------------------------------------------------------------------------
// Footnotes and endnotes

class NoteBook {
  private readonly byId = new Map<string, LNode>();
  private readonly order: string[] = [];
  private readonly numbers = new Map<string, number>();

  constructor(private readonly label: string, kind: string, private readonly part: WPart | null) {
    if (!part) return;
    for (const el of kids(part.root)) {
      if (part.wLocal(el) !== kind) continue;
      const type = part.attr(el, 'type');
      if (type && type !== 'normal') continue;
      this.byId.set(part.attr(el, 'id'), el);
    }
  }

  /** The inline mark of a reference to note `id` (numbered in the order of first reference). */
  ref(id: string): string {
    let n = this.numbers.get(id);
    if (n === undefined) {
      n = this.order.push(id);
      this.numbers.set(id, n);
    }
    return `[${this.label}${n}]`;
  }

  /** One line per referenced note, in reference order. */
  lines(ctx: Context, out: string[]): void {
    if (!this.part) return;
    const reader = new Reader(this.part, ctx);
    // A note may reference another one: the loop reads the order as it grows.
    for (let i = 0; i < this.order.length; i++) {
      const el = this.byId.get(this.order[i]);
      if (!el) continue;
      const lines: string[] = [];
      reader.blocks(el, lines);
      out.push(`[${this.label}${i + 1}] ${lines.join(' ')}`.trimEnd());
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The reader of a part's block and inline content

interface Context {
  styles: Styles;
  numbering: Numbering;
  footnotes: NoteBook;
  endnotes: NoteBook;
}

/** w: elements whose content is never text: properties, deletions, field codes, marks. */
const SKIPPED = new Set([
  'pPr', 'rPr', 'sectPr', 'sdtPr', 'sdtEndPr', 'tblPr', 'tblGrid', 'trPr', 'tcPr', 'tblPrEx', 'customXmlPr', 'smartTagPr',
  'del', 'moveFrom', 'delText', 'instrText', 'delInstrText', 'fldChar', 'fldData', 'rt', 'commentReference', 'annotationRef',
  'footnoteRef', 'endnoteRef', 'separator', 'continuationSeparator', 'sym', 'softHyphen', 'lastRenderedPageBreak',
  'bookmarkStart', 'bookmarkEnd', 'proofErr', 'permStart', 'permEnd', 'commentRangeStart', 'commentRangeEnd',
]);

class Reader {
  constructor(private readonly part: WPart, private readonly ctx: Context) {}

  /** The lines of block content (a body, a cell, a note, a text box). */
  blocks(el: LNode, out: string[]): void {
    for (const c of kids(el)) {
      const local = this.part.wLocal(c);
      if (local === 'p') {
        const line = this.paragraph(c);
        if (line.trim()) out.push(line);
      } else if (local === 'tbl') {
        this.table(c, out);
      } else if (local === undefined || !SKIPPED.has(local)) {
        this.blocks(c, out); // sdt, sdtContent, customXml, ins, moveTo …
      }
    }
  }

  private table(tbl: LNode, out: string[]): void {
    for (const tr of this.find(tbl, 'tr')) {
      const cells = this.find(tr, 'tc').map((tc) => {
        const lines: string[] = [];
        this.blocks(tc, lines);
        return lines.join(' ');
      });
      if (cells.some((c) => c.trim())) out.push(cells.join(' | '));
    }
  }

  /** The `local` elements under `el`, looking through content controls and custom XML, not into matches. */
  private find(el: LNode, local: string): LNode[] {
    const out: LNode[] = [];
    for (const c of kids(el)) {
      const l = this.part.wLocal(c);
      if (l === local) out.push(c);
      else if (l === 'sdt' || l === 'sdtContent' || l === 'customXml' || l === 'ins' || l === 'moveTo') out.push(...this.find(c, local));
    }
    return out;
  }

  private paragraph(p: LNode): string {
    const { part, ctx } = this;
    const pPr = child(p, part.q('pPr'));
    const styleId = part.val(pPr, 'pStyle') ?? '';
    const outline = part.val(pPr, 'outlineLvl');
    const heading = outline ? outlineHeading(Number(outline)) : styleId ? ctx.styles.heading(styleId) : null;
    // Direct numbering wins over the style's; numId 0 switches the style's list off.
    const numPr = pPr && child(pPr, part.q('numPr'));
    const fromStyle = styleId ? ctx.styles.numPr(styleId) : {};
    const numId = part.val(numPr, 'numId') ?? fromStyle.numId;
    const ilvl = Math.min(8, Math.max(0, Number(part.val(numPr, 'ilvl') ?? fromStyle.ilvl ?? 0) || 0));
    const marker = numId && numId !== '0' ? ctx.numbering.next(numId, ilvl) : '';
    const buf: string[] = [];
    this.inline(p, buf);
    const text = buf.join('').replace(/\u00a0/g, ' ').replace(/\r\n?/g, '\n').trimEnd();
    let prefix = heading === null ? '' : heading === 0 ? '[标题] ' : `[标题${heading}] `;
    if (marker) prefix += `${'  '.repeat(heading === null ? ilvl : 0)}${marker} `;
    return text.trim() ? prefix + text : '';
  }

  private inline(el: LNode, buf: string[]): void {
    const { part, ctx } = this;
    for (const c of kids(el)) {
      const local = part.wLocal(c);
      if (local === undefined) {
        if (localOf(c.name!) === 't' && part.m.has(prefixOf(c.name!))) buf.push(textOf(c)); // equation text
        else this.inline(c, buf);
        continue;
      }
      switch (local) {
        case 't':
          buf.push(textOf(c));
          break;
        case 'tab':
        case 'ptab':
          buf.push('\t');
          break;
        case 'br': {
          const type = part.attr(c, 'type');
          if (!type || type === 'textWrapping') buf.push('\n');
          break;
        }
        case 'cr':
          buf.push('\n');
          break;
        case 'noBreakHyphen':
          buf.push('-');
          break;
        case 'footnoteReference':
          buf.push(ctx.footnotes.ref(part.attr(c, 'id')));
          break;
        case 'endnoteReference':
          buf.push(ctx.endnotes.ref(part.attr(c, 'id')));
          break;
        case 'drawing':
        case 'pict':
        case 'object':
          buf.push(this.graphic(c, local === 'object'));
          break;
        case 'txbxContent':
          buf.push(this.textBox(c));
          break;
        default:
          if (!SKIPPED.has(local)) this.inline(c, buf); // r, hyperlink, ins, moveTo, smartTag, sdt, fldSimple, ruby …
      }
    }
  }

  /** A picture, chart, shape, embedded object or text box, as a mark. */
  private graphic(el: LNode, object: boolean): string {
    let picture = false;
    let chart = false;
    const boxes: string[] = [];
    const walk = (n: LNode): void => {
      for (const c of kids(n)) {
        if (this.part.wLocal(c) === 'txbxContent') {
          boxes.push(this.textBox(c));
          continue;
        }
        const local = localOf(c.name!);
        if (local === 'blip' || local === 'imagedata') picture = true;
        else if (local === 'chart') chart = true;
        walk(c);
      }
    };
    walk(el);
    const marks = [...(picture && !object ? ['[图片]'] : []), ...(chart ? ['[图表]'] : []), ...boxes];
    if (object) marks.unshift('[对象]');
    return marks.length ? marks.join('') : '[图形]';
  }

  private textBox(el: LNode): string {
    const lines: string[] = [];
    this.blocks(el, lines);
    return lines.length ? `[文本框：${lines.join(' ')}]` : '';
  }
}

function textOf(el: LNode): string {
  let s = '';
  for (const c of el.children ?? []) if (c.type === 'text') s += decode(c.data ?? '');
  return s;
}

// ---------------------------------------------------------------------------------------------
// Diff

/** One entry of a paragraph diff; `parts` of a changed paragraph as `diffTexts` gives them. */
export type DocxDiffEntry =
  | { op: 'equal' | 'added' | 'removed'; text: string }
  | { op: 'changed'; parts: TextDiffPart[] }
  /** Equal paragraphs left out between two shown ones. */
  | { op: 'skipped'; count: number };

export interface DocxDiff {
  paragraphs: DocxDiffEntry[];
  /** Equal paragraphs left out (the sum of the `skipped` entries). */
  skipped: number;
  /** True when `paragraphs` stops at `maxEntries`; `stats` still count the whole diff. */
  truncated: boolean;
  stats: { added: number; removed: number; changed: number };
}

export interface ParagraphDiffOptions {
  /** Equal paragraphs shown on each side of a change (default 1). */
  context?: number;
  /** At most this many entries (default 2,000). */
  maxEntries?: number;
}

/** A removed and an added paragraph this similar (Dice coefficient of their bigrams) are one changed paragraph. */
const SIMILAR = 0.4;
/** Hunks up to this many removed × added pairs are aligned optimally; larger ones pair by position. */
const MAX_ALIGN_PAIRS = 10_000;
const MAX_ALIGN_WORK = 5_000_000;
/**
 * Beyond this many insertions and deletions among the lines both sides have (moved paragraphs) the
 * line diff gives up: the common start and end are kept, the middle is paired by position.
 */
const MAX_EDIT = 1_000;

type Step = { op: 'equal' | 'removed' | 'added'; text: string } | { op: 'changed'; from: string; to: string };

/**
 * A diff of two texts given as lines (paragraphs): lines are matched first, a removed and an added
 * line that are alike become one `changed` entry with a word-level diff (Chinese segmented by
 * words), runs of equal lines collapse to `context` lines on each side of a change.
 */
export function diffParagraphs(from: readonly string[], to: readonly string[], options: ParagraphDiffOptions = {}): DocxDiff {
  const context = Math.max(0, options.context ?? 1);
  const maxEntries = Math.max(1, options.maxEntries ?? 2000);
  const steps = alignLines(from, to);
  const stats = { added: 0, removed: 0, changed: 0 };
  for (const s of steps) if (s.op !== 'equal') stats[s.op]++;

  const paragraphs: DocxDiffEntry[] = [];
  let skipped = 0;
  let truncated = false;
  const push = (e: DocxDiffEntry): void => {
    if (paragraphs.length >= maxEntries) truncated = true;
    else paragraphs.push(e);
  };
  for (let i = 0; i < steps.length && !truncated; ) {
    const s = steps[i];
    if (s.op !== 'equal') {
      push(s.op === 'changed' ? { op: 'changed', parts: diffTexts(s.from, s.to).parts } : { op: s.op, text: s.text });
      i++;
      continue;
    }
    let j = i;
    while (j < steps.length && steps[j].op === 'equal') j++;
    const head = i === 0 ? 0 : context;
    const tail = j === steps.length ? 0 : context;
    const run = steps.slice(i, j) as { text: string }[];
    if (run.length <= head + tail + 1) {
      for (const r of run) push({ op: 'equal', text: r.text });
    } else {
      for (const r of run.slice(0, head)) push({ op: 'equal', text: r.text });
      const count = run.length - head - tail;
      if (paragraphs.length < maxEntries) skipped += count;
      push({ op: 'skipped', count });
      for (const r of run.slice(run.length - tail)) push({ op: 'equal', text: r.text });
    }
    i = j;
  }
  return { paragraphs, skipped, truncated, stats };
}

/** The diff of two .docx files' texts, with the notes of files that could not (fully) be read. */
export function diffDocx(
  from: Uint8Array, to: Uint8Array, options?: ParagraphDiffOptions,
): DocxDiff & { notes: { from: string | null; to: string | null } } {
  const a = docxText(from);
  const b = docxText(to);
  const notes = { from: a.note, to: b.note };
  // A file nothing could be read of is not "everything removed": no diff, the notes say why.
  if ((a.note && !a.paragraphs.length) || (b.note && !b.paragraphs.length)) {
    return { paragraphs: [], skipped: 0, truncated: false, stats: { added: 0, removed: 0, changed: 0 }, notes };
  }
  return { ...diffParagraphs(a.paragraphs, b.paragraphs, options), notes };
}

function alignLines(from: readonly string[], to: readonly string[]): Step[] {
  const steps: Step[] = [];
  let i = 0;
  let j = 0;
  for (const [x, y] of matchLines(from, to)) {
    if (i < x || j < y) pairHunk(from.slice(i, x), to.slice(j, y), steps);
    if (x < from.length) steps.push({ op: 'equal', text: from[x] });
    i = x + 1;
    j = y + 1;
  }
  return steps;
}

/**
 * The pairs of equal lines (index in `from`, index in `to`) of a longest common subsequence, in
 * order, ending with the sentinel [from.length, to.length]. Lines found on one side only can never
 * match, so the line diff runs on the others: a rewritten document costs nothing, and the result
 * is the same.
 */
function matchLines(from: readonly string[], to: readonly string[]): [number, number][] {
  const inFrom = new Set(from);
  const inTo = new Set(to);
  const fa: number[] = [];
  const fb: number[] = [];
  from.forEach((line, i) => inTo.has(line) && fa.push(i));
  to.forEach((line, j) => inFrom.has(line) && fb.push(j));
  const a = fa.map((i) => from[i]);
  const b = fb.map((j) => to[j]);
  const changes = diffArrays(a, b, { maxEditLength: MAX_EDIT }) ?? byEnds(a, b);
  const pairs: [number, number][] = [];
  let pa = 0;
  let pb = 0;
  for (const c of changes) {
    if (c.removed) pa += c.value.length;
    else if (c.added) pb += c.value.length;
    else for (let n = 0; n < c.value.length; n++) pairs.push([fa[pa++], fb[pb++]]);
  }
  pairs.push([from.length, to.length]);
  return pairs;
}

/** The diff when the line diff gives up: common start and end equal, the middle removed and added. */
function byEnds(from: string[], to: string[]): { value: string[]; added: boolean; removed: boolean }[] {
  let start = 0;
  while (start < from.length && start < to.length && from[start] === to[start]) start++;
  let end = 0;
  while (end < from.length - start && end < to.length - start && from[from.length - 1 - end] === to[to.length - 1 - end]) end++;
  return [
    { value: from.slice(0, start), added: false, removed: false },
    { value: from.slice(start, from.length - end), added: false, removed: true },
    { value: to.slice(start, to.length - end), added: true, removed: false },
    { value: from.slice(from.length - end), added: false, removed: false },
  ];
}

/** Steps for a run of removed and added lines: alike pairs become `changed`, in order. */
function pairHunk(removed: string[], added: string[], out: Step[]): void {
  const k = removed.length;
  const m = added.length;
  if (!k || !m) {
    for (const text of removed) out.push({ op: 'removed', text });
    for (const text of added) out.push({ op: 'added', text });
    return;
  }
  const rg = removed.map(grams);
  const ag = added.map(grams);
  const avg = (g: Grams[]) => g.reduce((s, x) => s + x.len, 0) / g.length;
  const matches: [number, number][] = [];
  if (k * m <= MAX_ALIGN_PAIRS && k * m * Math.min(avg(rg), avg(ag)) <= MAX_ALIGN_WORK) {
    // The pairing with the largest total similarity that keeps both orders (an LCS with weights).
    const w = m + 1;
    const best = new Float64Array((k + 1) * w);
    const sim = new Float64Array(k * m);
    for (let i = 1; i <= k; i++) {
      for (let j = 1; j <= m; j++) {
        const s = similarity(rg[i - 1], ag[j - 1]);
        sim[(i - 1) * m + (j - 1)] = s;
        let v = Math.max(best[(i - 1) * w + j], best[i * w + j - 1]);
        if (s >= SIMILAR) v = Math.max(v, best[(i - 1) * w + j - 1] + s);
        best[i * w + j] = v;
      }
    }
    for (let i = k, j = m; i > 0 && j > 0; ) {
      const s = sim[(i - 1) * m + (j - 1)];
      if (s >= SIMILAR && best[i * w + j] === best[(i - 1) * w + j - 1] + s) {
        matches.push([i - 1, j - 1]);
        i--;
        j--;
      } else if (best[i * w + j] === best[(i - 1) * w + j]) i--;
      else j--;
    }
    matches.reverse();
  } else {
    for (let i = 0; i < Math.min(k, m); i++) if (similarity(rg[i], ag[i]) >= SIMILAR) matches.push([i, i]);
  }
  let i = 0;
  let j = 0;
  for (const [mi, mj] of [...matches, [k, m] as [number, number]]) {
    for (; i < mi; i++) out.push({ op: 'removed', text: removed[i] });
    for (; j < mj; j++) out.push({ op: 'added', text: added[j] });
    if (mi < k) out.push({ op: 'changed', from: removed[mi], to: added[mj] });
    i = mi + 1;
    j = mj + 1;
  }
}

interface Grams {
  /** Single characters and bigrams, with counts; `len` in characters (whitespace runs as one space). */
  uni: Map<string, number>;
  bi: Map<string, number>;
  len: number;
}

function grams(text: string): Grams {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  const uni = new Map<string, number>();
  const bi = new Map<string, number>();
  for (let i = 0; i < chars.length; i++) {
    uni.set(chars[i], (uni.get(chars[i]) ?? 0) + 1);
    if (i + 1 < chars.length) {
      const g = chars[i] + chars[i + 1];
      bi.set(g, (bi.get(g) ?? 0) + 1);
    }
  }
  return { uni, bi, len: chars.length };
}

/** Dice coefficient of two lines: of their bigrams, or of their characters when one is shorter than 6. */
function similarity(a: Grams, b: Grams): number {
  const short = Math.min(a.len, b.len) < 6;
  const [x, y] = short ? [a.uni, b.uni] : [a.bi, b.bi];
  const total = short ? a.len + b.len : a.len + b.len - 2;
  if (!total) return 1;
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  let common = 0;
  for (const [g, c] of small) {
    const d = large.get(g);
    if (d) common += Math.min(c, d);
  }
  return (2 * common) / total;
}
