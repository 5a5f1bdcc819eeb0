// buildDocument: template + data → .docx. See index.ts for the API and the template tags.
import { randomBytes } from 'node:crypto';
import Docxtemplater from 'docxtemplater';
import { imageSize } from 'image-size';
import PizZip from 'pizzip';
import { defaultTemplate } from './default-template';
import { HtmlConverter, imageSources, parseHtml, type HtmlNode, type LoadedImage } from './html';
import { mergeDocx } from './merge';
import { OutputPackage } from './package';
import { findSoffice, sofficeConvert } from './soffice';
import { IMAGE_TYPES, cleanXmlText, escapeText } from './xml';
import { writeZip } from './zip';

/** The body of an item: HTML, an uploaded .docx, or a legacy .doc (converted when LibreOffice is there). */
export type ItemBody =
  | { html: string }
  | { docx: Uint8Array; name?: string }
  | { doc: Uint8Array; name: string };

export interface DocumentItem {
  title: string;
  abstract?: string;
  provider?: string;
  country?: string;
  /** More tags of the item, by name. */
  fields?: Record<string, string>;
  body?: ItemBody | null;
}

export interface DocumentSection {
  name: string;
  /** More tags of the section, by name. */
  fields?: Record<string, string>;
  items: DocumentItem[];
}

export interface DocumentData {
  /** The document's own tags (`{title}`, …), by name. */
  fields: Record<string, string>;
  sections: DocumentSection[];
}

/**
 * Where the pictures of HTML bodies come from. data: URIs are decoded by the library; every other
 * `src` is asked here, and the answer decides what may be read (the library never fetches a URL by
 * itself). null (or a throw) turns the picture into a "[图片]" link.
 */
export interface AssetReader {
  load(src: string): Promise<Uint8Array | null>;
}

/** An AssetReader that loads nothing (only data: URIs show). */
export const NO_ASSETS: AssetReader = { load: async () => null };

export interface BuildOptions {
  /** soffice for legacy .doc bodies: a path, null to never convert, omitted to look on PATH. */
  soffice?: string | null;
  /** Timeout of the one soffice run of a build, ms. */
  sofficeTimeoutMs?: number;
  /** Pictures loaded at the same time. Default 8. */
  imageConcurrency?: number;
  /**
   * How many levels HTML headings move down: h1 becomes "heading (1 + offset)", at most heading 6.
   * Default 2, for templates (like the built-in one) with sections on heading 1 and items on heading 2.
   */
  headingOffset?: number;
}

/** The template cannot be used: not a .docx, or its tags are malformed. `details` lists each tag error. */
export class DocumentTemplateError extends Error {
  constructor(message: string, readonly details: string[] = []) {
    super(message);
    this.name = 'DocumentTemplateError';
  }
}

const TAG_ERRORS: Record<string, string> = {
  unopened_tag: '缺少开始符“{”',
  unclosed_tag: '缺少结束符“}”',
  duplicate_open_tag: '重复的开始符“{”',
  duplicate_close_tag: '重复的结束符“}”',
  unopened_loop: '循环结束标签没有对应的开始标签',
  unclosed_loop: '循环开始标签没有对应的结束标签',
  closing_tag_does_not_match_opening_tag: '循环结束标签与开始标签不一致',
  raw_xml_tag_should_be_only_text_in_paragraph: '正文标签必须单独占一段',
  unbalanced_loop_tags: '循环标签不成对',
};

/**
 * Builds a .docx: docxtemplater renders `template` (or the built-in default) with `data`; item bodies
 * enter through the raw-XML tag `{@body}`. Never fails because of content: an HTML body that cannot be
 * converted, a corrupted .docx or an unconvertible .doc becomes a note paragraph. Throws
 * DocumentTemplateError when the template is unusable.
 */
export async function buildDocument(template: Uint8Array | null, data: DocumentData, assets: AssetReader = NO_ASSETS, options: BuildOptions = {}): Promise<Buffer> {
  let zip: PizZip;
  let pkg: OutputPackage;
  try {
    zip = new PizZip(template ?? defaultTemplate());
    pkg = new OutputPackage(zip);
  } catch {
    throw new DocumentTemplateError('模板不是有效的 Word (.docx) 文件');
  }
  let doc: Docxtemplater;
  try {
    doc = new Docxtemplater(zip, {
      paragraphLoop: true,
      linebreaks: true,
      stripInvalidXMLChars: true,
      errorLogging: false,
      nullGetter: () => '',
    });
  } catch (e) {
    throw templateError(e);
  }

  const bodies = await renderBodies(data, pkg, assets, options);
  const token = `dxbody-${randomBytes(8).toString('hex')}`;
  // An empty body stays empty for docxtemplater, which then removes its paragraph cleanly.
  const marker = (i: number) => (bodies[i] ? `<!--${token}:${i}-->` : '');
  let seq = 0;
  let b = 0;
  const view = {
    ...strings(data.fields),
    sections: data.sections.map((section, si) => ({
      ...strings(section.fields),
      name: clean(section.name),
      no: si + 1,
      items: section.items.map((item, ii) => ({
        ...strings(item.fields),
        title: clean(item.title),
        abstract: clean(item.abstract),
        provider: clean(item.provider),
        country: clean(item.country),
        no: ii + 1,
        seq: ++seq,
        body: marker(b++),
      })),
    })),
  };
  try {
    doc.render(view);
  } catch (e) {
    throw templateError(e);
  }
  // Bodies are spliced in after rendering: docxtemplater would otherwise re-scan megabytes of XML.
  const markers = new RegExp(`<!--${token}:(\\d+)-->`, 'g');
  return writeZip(pkg.finish((xml) => xml.replace(markers, (_, i: string) => bodies[Number(i)])));
}

function clean(value: string | null | undefined): string {
  return value ? cleanXmlText(String(value)) : '';
}

function strings(fields: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields ?? {})) out[k] = clean(v);
  return out;
}

function note(text: string): string {
  return `<w:p><w:r><w:t xml:space="preserve">${escapeText(text)}</w:t></w:r></w:p>`;
}

/** The body XML of every item, in document order (the order that numbers media and relationships). */
async function renderBodies(data: DocumentData, pkg: OutputPackage, assets: AssetReader, options: BuildOptions): Promise<string[]> {
  const items = data.sections.flatMap((s) => s.items);
  const parsed = new Map<number, HtmlNode[] | null>();
  const sources = new Set<string>();
  items.forEach((item, i) => {
    const body = item.body;
    if (body && 'html' in body) {
      let nodes: HtmlNode[] | null;
      try {
        nodes = parseHtml(String(body.html ?? ''));
        for (const src of imageSources(nodes)) sources.add(src);
      } catch {
        nodes = null;
      }
      parsed.set(i, nodes);
    }
  });
  const [images, converted] = await Promise.all([
    loadImages([...sources], assets, options.imageConcurrency ?? 8),
    convertLegacy(items, options),
  ]);
  const html = new HtmlConverter(pkg, images, options.headingOffset ?? 2);
  return items.map((item, i) => {
    const body = item.body;
    if (!body) return '';
    if ('html' in body) {
      const nodes = parsed.get(i);
      try {
        if (nodes) return html.convert(nodes);
      } catch {
        // falls through to the note
      }
      return note('（正文无法转换）');
    }
    if ('docx' in body) return merge(body.docx, body.name, pkg);
    const docx = converted.get(i);
    return docx ? merge(docx, body.name, pkg) : note(`（附件 ${body.name} 为 .doc 格式，未能合并）`);
  });
}

function merge(bytes: Uint8Array, name: string | undefined, pkg: OutputPackage): string {
  try {
    return mergeDocx(bytes, pkg);
  } catch {
    return note(name ? `（附件 ${name} 无法读取，未能合并）` : '（附件无法读取，未能合并）');
  }
}

/** Legacy .doc bodies converted to .docx in one soffice run; absent entries were not converted. */
async function convertLegacy(items: DocumentItem[], options: BuildOptions): Promise<Map<number, Buffer>> {
  const out = new Map<number, Buffer>();
  const indexes: number[] = [];
  items.forEach((item, i) => {
    if (item.body && 'doc' in item.body) indexes.push(i);
  });
  const soffice = options.soffice === undefined ? findSoffice() : options.soffice;
  if (indexes.length === 0 || !soffice) return out;
  try {
    const results = await sofficeConvert(
      indexes.map((i) => ({ bytes: (items[i].body as { doc: Uint8Array }).doc, ext: 'doc' })),
      'docx',
      { soffice, timeoutMs: options.sofficeTimeoutMs },
    );
    results.forEach((bytes, k) => {
      if (bytes) out.set(indexes[k], bytes);
    });
  } catch {
    // LibreOffice failed to run: every .doc gets its note
  }
  return out;
}

async function loadImages(sources: string[], assets: AssetReader, concurrency: number): Promise<Map<string, LoadedImage | null>> {
  const out = new Map<string, LoadedImage | null>();
  let next = 0;
  const worker = async () => {
    while (next < sources.length) {
      const src = sources[next++];
      let bytes: Uint8Array | null;
      try {
        bytes = src.startsWith('data:') ? decodeDataUri(src) : await assets.load(src);
      } catch {
        bytes = null;
      }
      out.set(src, bytes ? toImage(bytes) : null);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, sources.length)) }, worker));
  return out;
}

function decodeDataUri(uri: string): Uint8Array | null {
  const comma = uri.indexOf(',');
  if (comma < 0) return null;
  const meta = uri.slice(5, comma);
  const payload = uri.slice(comma + 1);
  try {
    if (/;base64$/i.test(meta)) return Buffer.from(payload, 'base64');
    return Buffer.from(payload.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  } catch {
    return null;
  }
}

/** A picture Word can show (png, jpeg, gif, bmp, tiff) with its size; null for anything else. */
function toImage(bytes: Uint8Array): LoadedImage | null {
  try {
    const info = imageSize(bytes);
    const ext = info.type === 'tif' ? 'tiff' : info.type;
    if (!ext || !IMAGE_TYPES[ext] || ext === 'emf' || ext === 'wmf') return null;
    return { bytes, ext, width: info.width ?? 0, height: info.height ?? 0 };
  } catch {
    return null;
  }
}

function templateError(e: unknown): DocumentTemplateError {
  const errors = (e as { properties?: { errors?: unknown[] } })?.properties?.errors ?? [e];
  const details = errors.map((err) => {
    const props = (err as { properties?: { id?: string; xtag?: string; explanation?: string } })?.properties ?? {};
    const what = (props.id && TAG_ERRORS[props.id]) || props.explanation || (err instanceof Error ? err.message : String(err));
    return props.xtag ? `{${props.xtag}}：${what}` : what;
  });
  return new DocumentTemplateError(`模板标签有误：${details.join('；')}`, details);
}
