// HTML → WordprocessingML body content (paragraphs and tables), for the raw-XML tag of a template.
//
// Headings use the output's "heading N" styles; lists get real numbering (numbering.xml); b/strong,
// i/em, u, s/del, sup/sub, code and inline colours become run properties; links become w:hyperlink
// with an external relationship; tables become bordered w:tbl with colspan/rowspan; images become
// inline drawings sized to the page. Everything else contributes its text. The parser never fails on
// bad markup (htmlparser2 recovers like a browser, roughly), and nothing here throws on content: a
// picture that cannot be shown becomes "[图片]" linked to its address.
import { parseDocument } from 'htmlparser2';
import { LIST_INDENT, type ListFormat } from './numbering';
import { TWIP_EMU, type OutputPackage } from './package';
import { NS, escapeAttr, escapeText } from './xml';

/** A node of the parsed HTML (the subset of domhandler's nodes this converter reads). */
export interface HtmlNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: HtmlNode[];
}

/** A picture ready to embed: bytes of a format Word shows, and its natural size in pixels. */
export interface LoadedImage {
  bytes: Uint8Array;
  ext: string;
  width: number;
  height: number;
}

export function parseHtml(html: string): HtmlNode[] {
  return parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true })
    .children as unknown as HtmlNode[];
}

/** Every `<img src>` of the parsed HTML, in order, so they can be loaded before conversion. */
export function imageSources(nodes: HtmlNode[]): string[] {
  const out: string[] = [];
  const stack = [...nodes];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'tag' && n.name === 'img' && n.attribs?.src?.trim()) out.push(n.attribs.src.trim());
    if (n.children) stack.push(...n.children);
  }
  return out;
}

const EMU_PER_PX = 9525;
const MAX_DEPTH = 200;
const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
/** Elements dropped with their content: scripts, metadata, embedded and form controls. */
const DROPPED = new Set([
  'head', 'title', 'meta', 'link', 'template', 'noscript', 'svg', 'math', 'canvas', 'object', 'embed', 'map',
  'input', 'select', 'option', 'textarea', 'button', 'datalist', 'colgroup', 'col', 'source', 'track', 'param',
]);
/** Elements that start a paragraph of their own. */
const BLOCKS = new Set([
  'p', 'div', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'address', 'figure', 'figcaption',
  'blockquote', 'pre', 'center', 'dl', 'dt', 'dd', 'details', 'summary', 'fieldset', 'legend', 'form', 'body', 'html',
]);
const MEDIA_LABELS: Record<string, string> = { video: '[视频]', audio: '[音频]', iframe: '[嵌入内容]' };
const ALIGN: Record<string, string> = { left: 'left', center: 'center', right: 'right', justify: 'both' };
const NAMED_COLORS: Record<string, string> = {
  black: '000000', white: 'FFFFFF', red: 'FF0000', green: '008000', blue: '0000FF', yellow: 'FFFF00', gray: '808080',
  grey: '808080', orange: 'FFA500', purple: '800080', navy: '000080', maroon: '800000', teal: '008080', silver: 'C0C0C0',
};
const LINK_SCHEMES = /^(https?|mailto|ftp|tel):/i;
const BORDER = 'w:val="single" w:sz="4" w:space="0" w:color="auto"';

interface Inline {
  b?: boolean;
  i?: boolean;
  u?: boolean;
  strike?: boolean;
  vert?: 'superscript' | 'subscript';
  color?: string;
  mono?: boolean;
  mark?: boolean;
  /** rId of an external link, or '#name' for an anchor inside the document. */
  link?: string;
}

interface Block {
  style?: string;
  jc?: string;
  indLeft?: number;
  firstLineChars?: number;
  border?: boolean;
}

interface State {
  inline: Inline;
  block: Block;
  pre: boolean;
  listLevel: number;
  /** Widest picture that fits here, EMU. */
  maxWidth: number;
  depth: number;
}

interface Para {
  block: Block;
  num?: { id: string; level: number };
  runs: string[];
  breaks: number;
  /** No text yet, or the last text ended with a space: leading whitespace is collapsed away. */
  space: boolean;
  /** A list item's paragraph: the first block inside the item fills it instead of starting another. */
  absorb: boolean;
}

export class HtmlConverter {
  private blocks: string[] = [];
  private para: Para | null = null;
  private lastTable = false;

  /**
   * `headingOffset` moves HTML headings down (h1 → heading 1 + offset, at most heading 6): item bodies
   * sit under the template's own section and item headings.
   */
  constructor(
    private readonly pkg: OutputPackage,
    private readonly images: ReadonlyMap<string, LoadedImage | null>,
    private readonly headingOffset = 0,
  ) {}

  /** Body XML of the parsed HTML. */
  convert(nodes: HtmlNode[]): string {
    const state: State = { inline: {}, block: {}, pre: false, listLevel: -1, maxWidth: this.pkg.page.width, depth: 0 };
    return this.run(nodes, state);
  }

  private run(nodes: HtmlNode[], state: State): string {
    const saved = { blocks: this.blocks, para: this.para, lastTable: this.lastTable };
    this.blocks = [];
    this.para = null;
    this.lastTable = false;
    try {
      this.children(nodes, state);
      this.flush();
      return this.blocks.join('');
    } finally {
      this.blocks = saved.blocks;
      this.para = saved.para;
      this.lastTable = saved.lastTable;
    }
  }

  private children(nodes: HtmlNode[] | undefined, s: State): void {
    if (nodes) for (const n of nodes) this.node(n, s);
  }

  private node(n: HtmlNode, s: State): void {
    if (n.type === 'text') return this.text(n.data ?? '', s);
    if (n.type === 'cdata') return this.children(n.children, s);
    if (n.type !== 'tag' || !n.name) return; // comments, directives, script, style
    const name = n.name;
    if (DROPPED.has(name)) return;
    if (s.depth > MAX_DEPTH) return this.text(textOf(n), s);
    const css = parseStyle(n.attribs?.style);
    if (css.display === 'none') return;
    const inner: State = { ...s, depth: s.depth + 1, inline: inlineOf(name, n, css, s.inline, this.pkg) };

    if (HEADINGS[name]) {
      const level = Math.min(6, Math.max(1, HEADINGS[name] + this.headingOffset));
      return this.blockElement(n, inner, { style: this.pkg.styles.heading(level) }, css, false);
    }
    if (BLOCKS.has(name)) {
      const extra: Block = {};
      let keepEmpty = name === 'p' || name === 'pre';
      if (name === 'blockquote' || name === 'dd') extra.indLeft = (s.block.indLeft ?? 0) + LIST_INDENT;
      if (name === 'blockquote') extra.border = true;
      if (name === 'center' || name === 'figcaption') extra.jc = 'center';
      if (name === 'dt' || name === 'summary' || name === 'legend') inner.inline = { ...inner.inline, b: true };
      if (name === 'pre') {
        inner.pre = true;
        inner.inline = { ...inner.inline, mono: true };
        keepEmpty = true;
      }
      return this.blockElement(n, inner, extra, css, keepEmpty);
    }
    switch (name) {
      case 'br': {
        const p = this.ensurePara(s);
        p.breaks++;
        p.space = true;
        return;
      }
      case 'hr':
        this.flush();
        this.push(`<w:p><w:pPr><w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="auto"/></w:pBdr></w:pPr></w:p>`);
        return;
      case 'ul':
      case 'ol':
      case 'menu':
        return this.list(n, inner, name === 'ol');
      case 'li':
        // An item outside any list still reads as a bullet.
        return this.listItem(n, inner, this.pkg.numbering.htmlList('bullet', Math.max(0, s.listLevel + 1), 1), Math.max(0, s.listLevel + 1));
      case 'table':
        return this.table(n, inner);
      case 'img':
        return this.image(n, s);
      case 'video':
      case 'audio':
      case 'iframe':
        return this.media(n, s);
      default:
        return this.children(n.children, inner);
    }
  }

  // ---- paragraphs and runs ----

  private ensurePara(s: State): Para {
    if (!this.para) this.para = { block: s.block, runs: [], breaks: 0, space: true, absorb: false };
    return this.para;
  }

  private flush(): void {
    const p = this.para;
    if (!p) return;
    this.para = null;
    const breaks = Math.max(0, p.breaks - 1); // a trailing <br> draws no line in a browser
    if (p.runs.length === 0 && p.breaks === 0) return;
    this.push(`<w:p>${pPr(p.block, p.num)}${p.runs.join('')}${'<w:r><w:br/></w:r>'.repeat(breaks)}</w:p>`);
  }

  private push(xml: string, isTable = false): void {
    // Two tables in a row would join into one in Word.
    if (isTable && this.lastTable) this.blocks.push('<w:p/>');
    this.blocks.push(xml);
    this.lastTable = isTable;
  }

  private addRun(p: Para, runXml: string, link: string | undefined): void {
    if (p.breaks) {
      p.runs.push('<w:r><w:br/></w:r>'.repeat(p.breaks));
      p.breaks = 0;
    }
    if (!link) p.runs.push(runXml);
    else if (link.startsWith('#')) p.runs.push(`<w:hyperlink w:anchor="${escapeAttr(link.slice(1))}" w:history="1">${runXml}</w:hyperlink>`);
    else p.runs.push(`<w:hyperlink r:id="${link}" w:history="1">${runXml}</w:hyperlink>`);
  }

  private text(data: string, s: State): void {
    if (s.pre) {
      if (!data) return;
      const p = this.ensurePara(s);
      const lines = data.replace(/\r\n?/g, '\n').split('\n');
      lines.forEach((line, i) => {
        if (i > 0) p.breaks++;
        if (line) this.addRun(p, run(line.split('\t').map((t) => textXml(t)).join('<w:tab/>'), s.inline, this.pkg), s.inline.link);
      });
      p.space = false;
      return;
    }
    let text = data.replace(/[ \t\n\r\f]+/g, ' ');
    if (!this.para || this.para.space) text = text.replace(/^ /, '');
    if (!text) return;
    const p = this.ensurePara(s);
    this.addRun(p, run(textXml(text), s.inline, this.pkg), s.inline.link);
    p.space = text.endsWith(' ');
  }

  private blockElement(n: HtmlNode, s: State, extra: Block, css: Record<string, string>, keepEmpty: boolean): void {
    const block: Block = { ...s.block, ...extra, ...blockCss(n, css) };
    if (this.para?.absorb && this.para.runs.length === 0) {
      // <li><p>text</p></li>: the item's numbered paragraph takes the text.
      this.para.absorb = false;
      this.children(n.children, s);
      this.flush();
      return;
    }
    this.flush();
    const before = this.blocks.length;
    this.children(n.children, { ...s, block });
    this.flush();
    if (keepEmpty && this.blocks.length === before) this.push(`<w:p>${pPr(block)}</w:p>`);
  }

  // ---- lists ----

  private list(n: HtmlNode, s: State, ordered: boolean): void {
    this.flush();
    const level = Math.min(s.listLevel + 1, 8);
    const numId = this.pkg.numbering.htmlList(ordered ? listFormat(n) : 'bullet', level, ordered ? Math.max(0, parseInt(n.attribs?.start ?? '', 10) || 1) : 1);
    let loose: HtmlNode[] = [];
    const flushLoose = () => {
      if (loose.some((c) => c.type !== 'text' || (c.data ?? '').trim())) this.listItem({ type: 'tag', name: 'li', children: loose }, s, numId, level);
      loose = [];
    };
    for (const child of n.children ?? []) {
      if (child.type === 'tag' && child.name === 'li') {
        flushLoose();
        this.listItem(child, s, numId, level);
      } else if (child.type === 'tag' && (child.name === 'ul' || child.name === 'ol')) {
        flushLoose();
        this.list(child, { ...s, listLevel: level, block: { ...s.block, indLeft: LIST_INDENT * (level + 1) } }, child.name === 'ol');
      } else {
        loose.push(child);
      }
    }
    flushLoose();
    this.flush();
  }

  private listItem(li: HtmlNode, s: State, numId: string, level: number): void {
    this.flush();
    const block: Block = { jc: s.block.jc, indLeft: LIST_INDENT * (level + 1) };
    this.para = { block: { jc: s.block.jc }, num: { id: numId, level }, runs: [], breaks: 0, space: true, absorb: true };
    this.children(li.children, { ...s, listLevel: level, block });
    this.flush();
  }

  // ---- tables ----

  private table(n: HtmlNode, s: State): void {
    this.flush();
    const rows: { cells: HtmlNode[]; header: boolean }[] = [];
    const captions: HtmlNode[] = [];
    const collect = (parent: HtmlNode, header: boolean) => {
      for (const c of parent.children ?? []) {
        if (c.type !== 'tag') continue;
        if (c.name === 'tr') rows.push({ cells: (c.children ?? []).filter((x) => x.type === 'tag' && (x.name === 'td' || x.name === 'th')), header });
        else if (c.name === 'thead') collect(c, true);
        else if (c.name === 'tbody' || c.name === 'tfoot') collect(c, false);
        else if (c.name === 'caption') captions.push(c);
      }
    };
    collect(n, false);
    for (const c of captions) this.blockElement(c, s, { jc: 'center' }, {}, false);
    if (rows.length === 0) return;

    // Place cells on a grid: a cell spans `colspan` columns and `rowspan` rows; later rows skip the
    // columns a rowspan above still covers.
    type Placed = { node: HtmlNode; span: number; rows: number; header: boolean };
    const grid: (Placed | 'covered' | { above: Placed })[][] = rows.map(() => []);
    let columns = 0;
    rows.forEach((row, r) => {
      let c = 0;
      for (const cell of row.cells) {
        while (grid[r][c]) c++;
        const span = clampInt(cell.attribs?.colspan, 1, 63);
        const rawRows = parseInt(cell.attribs?.rowspan ?? '', 10);
        const down = rawRows === 0 ? rows.length - r : clampInt(cell.attribs?.rowspan, 1, rows.length - r);
        let width = 1; // a colspan stops where a rowspan from above already holds the column
        while (width < span && !grid[r][c + width]) width++;
        const placed: Placed = { node: cell, span: width, rows: down, header: row.header || cell.name === 'th' };
        for (let dr = 0; dr < down; dr++) {
          for (let dc = 0; dc < width; dc++) {
            if (dr > 0 && grid[r + dr][c + dc]) continue;
            grid[r + dr][c + dc] = dr === 0 && dc === 0 ? placed : dc === 0 ? { above: placed } : 'covered';
          }
        }
        c += width;
        columns = Math.max(columns, c);
      }
      columns = Math.max(columns, grid[r].length);
    });
    if (columns === 0) return;

    const widthTw = Math.floor(s.maxWidth / TWIP_EMU);
    const colTw = Math.max(200, Math.floor(widthTw / columns));
    const cellMax = Math.max(EMU_PER_PX * 16, colTw * TWIP_EMU - 2 * 108 * TWIP_EMU);
    let xml = `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblBorders><w:top ${BORDER}/><w:left ${BORDER}/>` +
      `<w:bottom ${BORDER}/><w:right ${BORDER}/><w:insideH ${BORDER}/><w:insideV ${BORDER}/></w:tblBorders>` +
      `<w:tblLayout w:type="autofit"/><w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr>` +
      `<w:tblGrid>${`<w:gridCol w:w="${colTw}"/>`.repeat(columns)}</w:tblGrid>`;
    rows.forEach((row, r) => {
      xml += `<w:tr>${row.header ? '<w:trPr><w:tblHeader/></w:trPr>' : ''}`;
      for (let c = 0; c < columns;) {
        const at = grid[r][c];
        if (!at || at === 'covered') {
          xml += `<w:tc><w:tcPr><w:tcW w:w="${colTw}" w:type="dxa"/></w:tcPr><w:p/></w:tc>`;
          c++;
        } else if ('above' in at) {
          xml += `<w:tc><w:tcPr><w:tcW w:w="${colTw * at.above.span}" w:type="dxa"/>${span(at.above.span)}<w:vMerge/></w:tcPr><w:p/></w:tc>`;
          c += at.above.span;
        } else {
          const css = parseStyle(at.node.attribs?.style);
          const cellState: State = {
            ...s,
            depth: s.depth + 1,
            block: blockCss(at.node, css),
            listLevel: -1,
            maxWidth: cellMax * at.span,
            inline: inlineOf(at.node.name!, at.node, css, at.header ? { ...s.inline, b: true } : s.inline, this.pkg),
          };
          let content = this.run(at.node.children ?? [], cellState);
          if (!content.endsWith('</w:p>') && !content.endsWith('<w:p/>')) content += '<w:p/>';
          const valign = { middle: 'center', bottom: 'bottom' }[(at.node.attribs?.valign ?? css['vertical-align'] ?? '').toLowerCase()];
          xml += `<w:tc><w:tcPr><w:tcW w:w="${colTw * at.span}" w:type="dxa"/>${span(at.span)}` +
            `${at.rows > 1 ? '<w:vMerge w:val="restart"/>' : ''}${valign ? `<w:vAlign w:val="${valign}"/>` : ''}</w:tcPr>${content}</w:tc>`;
          c += at.span;
        }
      }
      xml += '</w:tr>';
    });
    this.push(`${xml}</w:tbl>`, true);
  }

  // ---- pictures and media ----

  private image(n: HtmlNode, s: State): void {
    const src = n.attribs?.src?.trim() ?? '';
    const img = src ? this.images.get(src) : null;
    if (!img) return this.placeholder('[图片]', src, s);
    const css = parseStyle(n.attribs?.style);
    let w = lengthPx(n.attribs?.width ?? css.width, s.maxWidth / EMU_PER_PX);
    let h = lengthPx(n.attribs?.height ?? css.height, this.pkg.page.height / EMU_PER_PX);
    const natW = img.width || 400;
    const natH = img.height || 300;
    if (w && !h) h = (w * natH) / natW;
    else if (h && !w) w = (h * natW) / natH;
    else if (!w || !h) [w, h] = [natW, natH];
    let cx = Math.max(1, Math.round(w * EMU_PER_PX));
    let cy = Math.max(1, Math.round(h * EMU_PER_PX));
    const scale = Math.min(1, s.maxWidth / cx, this.pkg.page.height / cy);
    cx = Math.max(1, Math.round(cx * scale));
    cy = Math.max(1, Math.round(cy * scale));
    const rId = this.pkg.image(img.bytes, img.ext);
    const id = this.pkg.nextDocPrId();
    const alt = n.attribs?.alt ?? n.attribs?.title ?? '';
    const drawing =
      `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/>` +
      `<wp:docPr id="${id}" name="Picture ${id}" descr="${escapeAttr(alt)}"/>` +
      `<wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="${NS.a}" noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
      `<a:graphic xmlns:a="${NS.a}"><a:graphicData uri="${NS.pic}"><pic:pic xmlns:pic="${NS.pic}">` +
      `<pic:nvPicPr><pic:cNvPr id="${id}" name="image${id}.${img.ext}"/><pic:cNvPicPr/></pic:nvPicPr>` +
      `<pic:blipFill><a:blip r:embed="${rId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
      `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
      `</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
    const p = this.ensurePara(s);
    this.addRun(p, drawing, s.inline.link);
    p.space = false;
  }

  private media(n: HtmlNode, s: State): void {
    const src = n.attribs?.src?.trim() || findSource(n);
    if (src) this.placeholder(MEDIA_LABELS[n.name!], src, s);
  }

  /** A label standing for content Word cannot show, linked to its address when it has one. */
  private placeholder(label: string, src: string, s: State): void {
    const link = LINK_SCHEMES.test(src) ? this.pkg.hyperlink(src) : s.inline.link;
    const p = this.ensurePara(s);
    this.addRun(p, run(textXml(label), { ...s.inline, link }, this.pkg), link);
    p.space = false;
  }
}

// ---- helpers ----

function textXml(text: string): string {
  return `<w:t xml:space="preserve">${escapeText(text)}</w:t>`;
}

function run(content: string, inline: Inline, pkg: OutputPackage): string {
  let pr = '';
  if (inline.link) pr += `<w:rStyle w:val="${pkg.styles.hyperlink()}"/>`;
  if (inline.mono) pr += '<w:rFonts w:ascii="Courier New" w:hAnsi="Courier New" w:cs="Courier New"/>';
  if (inline.b) pr += '<w:b/><w:bCs/>';
  if (inline.i) pr += '<w:i/><w:iCs/>';
  if (inline.strike) pr += '<w:strike/>';
  if (inline.color) pr += `<w:color w:val="${inline.color}"/>`;
  if (inline.mark) pr += '<w:highlight w:val="yellow"/>';
  if (inline.u) pr += '<w:u w:val="single"/>';
  if (inline.vert) pr += `<w:vertAlign w:val="${inline.vert}"/>`;
  return `<w:r>${pr ? `<w:rPr>${pr}</w:rPr>` : ''}${content}</w:r>`;
}

function pPr(b: Block, num?: { id: string; level: number }): string {
  let x = '';
  if (b.style) x += `<w:pStyle w:val="${escapeAttr(b.style)}"/>`;
  if (num) x += `<w:numPr><w:ilvl w:val="${num.level}"/><w:numId w:val="${num.id}"/></w:numPr>`;
  if (b.border) x += `<w:pBdr><w:left ${BORDER}/></w:pBdr>`;
  if (!num && (b.indLeft || b.firstLineChars)) {
    x += `<w:ind${b.indLeft ? ` w:left="${b.indLeft}"` : ''}${b.firstLineChars ? ` w:firstLineChars="${b.firstLineChars}"` : ''}/>`;
  }
  if (b.jc) x += `<w:jc w:val="${b.jc}"/>`;
  return x ? `<w:pPr>${x}</w:pPr>` : '';
}

function span(n: number): string {
  return n > 1 ? `<w:gridSpan w:val="${n}"/>` : '';
}

function parseStyle(style: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!style) return out;
  for (const decl of style.split(';')) {
    const i = decl.indexOf(':');
    if (i > 0) out[decl.slice(0, i).trim().toLowerCase()] = decl.slice(i + 1).replace(/!important/i, '').trim().toLowerCase();
  }
  return out;
}

function inlineOf(name: string, n: HtmlNode, css: Record<string, string>, parent: Inline, pkg: OutputPackage): Inline {
  const x: Inline = { ...parent };
  switch (name) {
    case 'b': case 'strong': x.b = true; break;
    case 'i': case 'em': case 'cite': case 'dfn': case 'var': x.i = true; break;
    case 'u': case 'ins': x.u = true; break;
    case 's': case 'strike': case 'del': x.strike = true; break;
    case 'sup': x.vert = 'superscript'; break;
    case 'sub': x.vert = 'subscript'; break;
    case 'code': case 'kbd': case 'samp': case 'tt': x.mono = true; break;
    case 'mark': x.mark = true; break;
    case 'font': {
      const c = color(n.attribs?.color);
      if (c) x.color = c;
      break;
    }
    case 'a': {
      const href = (n.attribs?.href ?? '').trim();
      if (!parent.link && LINK_SCHEMES.test(href) && href.length < 2048) x.link = pkg.hyperlink(href);
      else if (!parent.link && /^#[\w.-]+$/.test(href)) x.link = href;
      break;
    }
  }
  const weight = css['font-weight'];
  if (weight) x.b = weight === 'bold' || weight === 'bolder' || Number(weight) >= 600;
  const fstyle = css['font-style'];
  if (fstyle) x.i = fstyle === 'italic' || fstyle === 'oblique';
  const deco = css['text-decoration'] ?? css['text-decoration-line'];
  if (deco?.includes('underline')) x.u = true;
  if (deco?.includes('line-through')) x.strike = true;
  const va = css['vertical-align'];
  if (va === 'super') x.vert = 'superscript';
  else if (va === 'sub') x.vert = 'subscript';
  const c = color(css.color);
  if (c) x.color = c;
  return x;
}

function blockCss(n: HtmlNode, css: Record<string, string>): Block {
  const b: Block = {};
  const align = ALIGN[(css['text-align'] ?? n.attribs?.align ?? '').toLowerCase()];
  if (align) b.jc = align;
  // Chinese body text is commonly indented by two characters ("text-indent: 2em").
  const indent = /^([\d.]+)em$/.exec(css['text-indent'] ?? '');
  if (indent) b.firstLineChars = Math.min(1000, Math.round(Number(indent[1]) * 100));
  return b;
}

function color(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  let m = /^#([0-9a-f]{6})$/.exec(v);
  if (m) return m[1].toUpperCase();
  m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  if (m) return `${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}`.toUpperCase();
  m = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(v);
  if (m) return [m[1], m[2], m[3]].map((d) => Math.min(255, Number(d)).toString(16).padStart(2, '0')).join('').toUpperCase();
  return NAMED_COLORS[v];
}

function listFormat(n: HtmlNode): ListFormat {
  const type = n.attribs?.type ?? '';
  const css = parseStyle(n.attribs?.style)['list-style-type'] ?? '';
  if (type === 'a' || css === 'lower-alpha' || css === 'lower-latin') return 'lowerLetter';
  if (type === 'A' || css === 'upper-alpha' || css === 'upper-latin') return 'upperLetter';
  if (type === 'i' || css === 'lower-roman') return 'lowerRoman';
  if (type === 'I' || css === 'upper-roman') return 'upperRoman';
  return 'decimal';
}

function clampInt(value: string | undefined, min: number, max: number): number {
  const n = parseInt(value ?? '', 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : min;
}

/** A CSS/attribute length in pixels; percentages of `whole` px; 0 when absent or unusable. */
function lengthPx(value: string | undefined, whole: number): number {
  const m = /^\s*([\d.]+)\s*(px|%|pt|em)?\s*$/i.exec(value ?? '');
  if (!m) return 0;
  const v = Number(m[1]);
  if (!Number.isFinite(v) || v <= 0) return 0;
  switch ((m[2] ?? 'px').toLowerCase()) {
    case '%': return (whole * v) / 100;
    case 'pt': return (v * 96) / 72;
    case 'em': return v * 16;
    default: return v;
  }
}

function findSource(n: HtmlNode): string {
  for (const c of n.children ?? []) if (c.type === 'tag' && c.name === 'source' && c.attribs?.src) return c.attribs.src.trim();
  return '';
}

/** Text of a subtree without recursion (for markup nested deeper than the converter follows). */
function textOf(n: HtmlNode): string {
  let out = '';
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    if (x.type === 'text') out += x.data ?? '';
    else if (x.children && x.type === 'tag') for (let i = x.children.length - 1; i >= 0; i--) stack.push(x.children[i]);
  }
  return out;
}
