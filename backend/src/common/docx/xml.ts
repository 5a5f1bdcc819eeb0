// XML helpers of the Word library: escaping, a strict parser, namespace and relationship constants.
import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';

export const NS = {
  w: 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  wp: 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  pic: 'http://schemas.openxmlformats.org/drawingml/2006/picture',
  mc: 'http://schemas.openxmlformats.org/markup-compatibility/2006',
  pkgRels: 'http://schemas.openxmlformats.org/package/2006/relationships',
  contentTypes: 'http://schemas.openxmlformats.org/package/2006/content-types',
} as const;

const REL_BASE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';
export const REL = {
  officeDocument: `${REL_BASE}officeDocument`,
  image: `${REL_BASE}image`,
  hyperlink: `${REL_BASE}hyperlink`,
  styles: `${REL_BASE}styles`,
  numbering: `${REL_BASE}numbering`,
  settings: `${REL_BASE}settings`,
  footnotes: `${REL_BASE}footnotes`,
  endnotes: `${REL_BASE}endnotes`,
} as const;

const CT_BASE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.';
export const CONTENT_TYPE = {
  document: `${CT_BASE}document.main+xml`,
  template: `${CT_BASE}template.main+xml`,
  styles: `${CT_BASE}styles+xml`,
  numbering: `${CT_BASE}numbering+xml`,
  settings: `${CT_BASE}settings+xml`,
  rels: 'application/vnd.openxmlformats-package.relationships+xml',
} as const;

/** Content types of the picture formats Word displays, by file extension. */
export const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  emf: 'image/x-emf',
  wmf: 'image/x-wmf',
};

// Characters XML 1.0 cannot carry (control characters, lone surrogates, U+FFFE/U+FFFF): one of them
// in document.xml makes Word refuse the whole file, and pasted text brings them in.
const INVALID_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function cleanXmlText(text: string): string {
  return text.replace(INVALID_XML, '');
}

/** Text content of an element: characters XML cannot carry dropped, markup characters escaped. */
export function escapeText(text: string): string {
  return cleanXmlText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A double-quoted attribute value. */
export function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

/**
 * Parses an XML part; any well-formedness error throws (the caller decides what a broken part means),
 * warnings are ignored rather than logged.
 */
export function parseXml(text: string): Document {
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`XML ${level}: ${message}`);
    },
  });
  return parser.parseFromString(text, 'text/xml');
}

/** Element children of a node. */
export function childElements(node: Node): Element[] {
  const out: Element[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(c as Element);
  return out;
}

/** `<name attr="v" …>` serialised from a plain record, values escaped; undefined values skipped. */
export function tag(name: string, attrs: Record<string, string | number | undefined> = {}, inner?: string): string {
  let out = `<${name}`;
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) out += ` ${k}="${escapeAttr(String(v))}"`;
  return inner === undefined ? `${out}/>` : `${out}>${inner}</${name}>`;
}

/** Folder of a part name with a trailing slash ('word/document.xml' → 'word/'). */
export function partDir(partName: string): string {
  const i = partName.lastIndexOf('/');
  return i < 0 ? '' : partName.slice(0, i + 1);
}

/** The relationships part of a part ('word/document.xml' → 'word/_rels/document.xml.rels'). */
export function relsPartOf(partName: string): string {
  return `${partDir(partName)}_rels/${partName.slice(partDir(partName).length)}.rels`;
}

/** A relationship target resolved against the folder of its source part, as a zip path. */
export function resolveTarget(sourcePart: string, target: string): string {
  const base = target.startsWith('/') ? [] : partDir(sourcePart).split('/').filter(Boolean);
  for (const seg of target.split('/')) {
    if (!seg || seg === '.') continue;
    if (seg === '..') base.pop();
    else base.push(decodeSegment(seg));
  }
  return base.join('/');
}

// Targets are URIs: 'media/image%201.png' names the zip entry 'media/image 1.png'.
function decodeSegment(seg: string): string {
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}

export function extensionOf(path: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(path);
  return m ? m[1].toLowerCase() : '';
}
