// Test inputs and readers for the Word library specs: pictures and .docx files made on the fly (no
// binary fixtures), and an opened output with the questions the specs ask of it.
import { deflateSync } from 'node:zlib';
import { DOMParser, type Document as XmlDocument, type Element } from '@xmldom/xmldom';
import {
  AlignmentType, Document, ExternalHyperlink, FootnoteReferenceRun, HeadingLevel, ImageRun, LevelFormat, Packer, Paragraph,
  Table, TableCell, TableRow, TextRun, WidthType,
} from 'docx';
import PizZip from 'pizzip';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid RGB PNG; `noise` fills it with pseudo-random pixels (incompressible, ~3 bytes a pixel). */
export function png(width: number, height: number, seed = 1, noise = false): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let x = Math.imul(seed, 2654435761) >>> 0;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let i = 1; i <= width * 3; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      raw[row + i] = noise ? x >>> 24 : (seed * 40 + y) & 0xff;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface SampleDocx {
  heading: string;
  /** Filler paragraphs (each ~400 characters) to reach a realistic size. */
  paragraphs?: number;
  image?: Buffer;
}

/**
 * A .docx as Word users send them: a heading, a paragraph with a hyperlink, a numbered list, a 2×2
 * table, a picture, a footnote, and filler text.
 */
export async function sampleDocx({ heading, paragraphs = 3, image = png(40, 20, 3) }: SampleDocx): Promise<Buffer> {
  const filler = '这是一段用于测试合并的正文文字，包含中文与 English words, numbers 12345。'.repeat(8);
  const doc = new Document({
    numbering: {
      config: [{ reference: 'steps', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }] }],
    },
    footnotes: { 1: { children: [new Paragraph('脚注内容 footnote text')] } },
    sections: [{
      children: [
        new Paragraph({ text: heading, heading: HeadingLevel.HEADING_1 }),
        new Paragraph({
          children: [
            new TextRun('见 '),
            new ExternalHyperlink({ link: 'https://example.org/merged-link', children: [new TextRun({ text: '链接', style: 'Hyperlink' })] }),
            new TextRun('。注释'),
            new FootnoteReferenceRun(1),
          ],
        }),
        new Paragraph({ text: 'first step', numbering: { reference: 'steps', level: 0 } }),
        new Paragraph({ text: 'second step', numbering: { reference: 'steps', level: 0 } }),
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: [0, 1].map((r) => new TableRow({
            children: [0, 1].map((c) => new TableCell({ children: [new Paragraph(`merged cell ${r}${c}`)] })),
          })),
        }),
        new Paragraph({ children: [new ImageRun({ type: 'png', data: image, transformation: { width: 120, height: 60 } })] }),
        ...Array.from({ length: paragraphs }, (_, i) => new Paragraph(`${i + 1}. ${filler}`)),
      ],
    }],
  });
  return Packer.toBuffer(doc);
}

/** A generated document opened for assertions. */
export class OpenedDocx {
  readonly zip: PizZip;
  readonly xml: string;
  readonly doc: XmlDocument;
  readonly rels: Map<string, { type: string; target: string; external: boolean }>;
  readonly contentTypes: string;

  constructor(buffer: Buffer) {
    this.zip = new PizZip(buffer);
    this.xml = this.text('word/document.xml');
    this.doc = parse(this.xml);
    this.rels = new Map();
    for (const el of Array.from(parse(this.text('word/_rels/document.xml.rels')).getElementsByTagName('Relationship'))) {
      this.rels.set(el.getAttribute('Id')!, {
        type: el.getAttribute('Type')!,
        target: el.getAttribute('Target')!,
        external: el.getAttribute('TargetMode') === 'External',
      });
    }
    this.contentTypes = this.text('[Content_Types].xml');
  }

  text(path: string): string {
    const f = this.zip.file(path);
    if (!f) throw new Error(`no ${path} in the package`);
    return f.asText();
  }

  elements(local: string, ns = W): Element[] {
    return Array.from(this.doc.getElementsByTagNameNS(ns, local));
  }

  /** Text of each body paragraph (tables included), in order. */
  paragraphs(): string[] {
    return this.elements('p').map((p) => Array.from(p.getElementsByTagNameNS(W, 't')).map((t) => t.textContent).join(''));
  }

  /** Paragraphs with this style id. */
  styled(styleId: string): string[] {
    return this.elements('p')
      .filter((p) => Array.from(p.getElementsByTagNameNS(W, 'pStyle')).some((s) => s.getAttributeNS(W, 'val') === styleId))
      .map((p) => Array.from(p.getElementsByTagNameNS(W, 't')).map((t) => t.textContent).join(''));
  }

  /** Every r:* attribute value of the body. */
  relationshipRefs(): { element: string; id: string }[] {
    const out: { element: string; id: string }[] = [];
    const walk = (el: Element) => {
      for (const a of Array.from(el.attributes)) if (a.namespaceURI === R) out.push({ element: el.localName!, id: a.value });
      for (const c of Array.from(el.childNodes)) if (c.nodeType === 1) walk(c as Element);
    };
    walk(this.doc.documentElement!);
    return out;
  }

  /** The zip path a relationship of the main part points at. */
  targetPath(id: string): string {
    const rel = this.rels.get(id);
    if (!rel) throw new Error(`no relationship ${id}`);
    return rel.target.startsWith('/') ? rel.target.slice(1) : `word/${rel.target}`;
  }
}

/** Strict, namespace-aware parse: an undeclared prefix or malformed markup throws. */
export function parse(xml: string): XmlDocument {
  return new DOMParser({
    onError: (level, msg) => {
      if (level !== 'warning' || /namespace|prefix/i.test(msg)) throw new Error(`${level}: ${msg}`);
    },
  }).parseFromString(xml, 'text/xml');
}
