// The output package while a document is built: relationships of the main part, content types,
// media, copied parts, styles, numbering and the namespaces the merged bodies need on the root. Every
// addition is collected in memory and written once by finish(), after docxtemplater has rendered.
import { createHash } from 'node:crypto';
import { XMLSerializer } from '@xmldom/xmldom';
import type PizZip from 'pizzip';
import { LightPart } from './light';
import { NumberingBook } from './numbering';
import { StyleBook } from './styles';
import type { ZipEntry } from './zip';
import {
  CONTENT_TYPE, IMAGE_TYPES, NS, REL, childElements, escapeAttr, extensionOf, parseXml, partDir, relsPartOf,
  resolveTarget,
} from './xml';

const MAIN_TYPES = [
  CONTENT_TYPE.document,
  CONTENT_TYPE.template,
  'application/vnd.ms-word.document.macroEnabled.main+xml',
  'application/vnd.ms-word.template.macroEnabledTemplate.main+xml',
];

/** Twips → EMU (drawing units). */
export const TWIP_EMU = 635;
/** Compressed picture formats gain nothing from DEFLATE; storing them saves most of the zip time. */
const STORED = new Set(['png', 'jpg', 'jpeg', 'gif']);

interface Relationship {
  id: string;
  type: string;
  target: string;
  external: boolean;
}

/** The body area of the template's (last) section, in EMU: the largest picture that fits. */
export interface PageArea {
  width: number;
  height: number;
}

export class OutputPackage {
  readonly mainPart: string;
  readonly styles: StyleBook;
  readonly numbering: NumberingBook;
  readonly page: PageArea;
  private readonly relIds = new Set<string>();
  private readonly newRels: Relationship[] = [];
  private relSeq = 0;
  private readonly links = new Map<string, string>();
  private readonly media = new Map<string, string>();
  private readonly files: { path: string; data: Uint8Array | string; store: boolean }[] = [];
  private readonly paths = new Set<string>();
  private readonly defaults = new Map<string, string>();
  private readonly overrides = new Map<string, string>();
  private mediaSeq = 0;
  private partSeq = 0;
  private docPr: number;
  private bookmark = 900000;
  /** Prefix → namespace bound on the main part's root, including the ones added here. */
  private readonly rootNs = new Map<string, string>();
  private readonly addedNs = new Map<string, string>();
  private readonly ignorable = new Set<string>();
  private readonly hadStyles: boolean;
  private readonly hadNumbering: boolean;
  private readonly stylesPath: string;
  private readonly numberingPath: string;

  constructor(private readonly zip: PizZip) {
    const types = parseXml(this.text('[Content_Types].xml') ?? '');
    let main: string | undefined;
    for (const el of childElements(types.documentElement!)) {
      if (el.localName === 'Override' && MAIN_TYPES.includes(el.getAttribute('ContentType') ?? '')) {
        main = (el.getAttribute('PartName') ?? '').replace(/^\//, '');
      }
      if (el.localName === 'Default') this.defaults.set((el.getAttribute('Extension') ?? '').toLowerCase(), el.getAttribute('ContentType') ?? '');
      if (el.localName === 'Override') this.overrides.set(el.getAttribute('PartName') ?? '', el.getAttribute('ContentType') ?? '');
    }
    if (!main || !zip.file(main)) throw new Error('no main document part');
    this.mainPart = main;
    for (const p of Object.keys(zip.files)) this.paths.add(p);

    const rels = this.relationships(main);
    for (const rel of rels) this.relIds.add(rel.id);
    const stylesRel = rels.find((r) => r.type === REL.styles && !r.external);
    const numberingRel = rels.find((r) => r.type === REL.numbering && !r.external);
    const stylesXml = stylesRel ? this.text(resolveTarget(main, stylesRel.target)) : null;
    const numberingXml = numberingRel ? this.text(resolveTarget(main, numberingRel.target)) : null;
    this.hadStyles = stylesXml !== null;
    this.hadNumbering = numberingXml !== null;
    this.stylesPath = stylesRel && stylesXml !== null ? resolveTarget(main, stylesRel.target) : `${partDir(main)}styles.xml`;
    this.numberingPath = numberingRel && numberingXml !== null ? resolveTarget(main, numberingRel.target) : `${partDir(main)}numbering.xml`;
    this.styles = new StyleBook(stylesXml);
    this.numbering = new NumberingBook(numberingXml);

    const body = this.text(main)!;
    this.readRoot(body);
    this.page = pageArea(body);
    let maxDocPr = 0;
    for (const m of body.matchAll(/<wp:docPr\b[^>]*?\bid="(\d+)"/g)) maxDocPr = Math.max(maxDocPr, Number(m[1]));
    this.docPr = maxDocPr + 1;
  }

  private text(path: string): string | null {
    const f = this.zip.file(path);
    return f ? f.asText() : null;
  }

  /** The relationships of a part of the output (as the template has them). */
  private relationships(part: string): Relationship[] {
    const xml = this.text(relsPartOf(part));
    return xml ? readRelationships(xml) : [];
  }

  private readRoot(body: string): void {
    const open = rootTag(body);
    if (!open) return;
    for (const m of open.matchAll(/\sxmlns(?::([\w.-]+))?\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      this.rootNs.set(m[1] ?? '', m[2] ?? m[3] ?? '');
    }
    for (const [prefix, uri] of [['w', NS.w], ['r', NS.r], ['wp', NS.wp]]) this.declareNamespace(prefix, uri);
  }

  /**
   * Binds `prefix` on the root of the output's main part. false when the root binds it to another
   * namespace (or it is the default namespace): the caller then declares it on its own elements.
   */
  declareNamespace(prefix: string, uri: string): boolean {
    const bound = this.rootNs.get(prefix);
    if (bound !== undefined) return bound === uri;
    if (!prefix || prefix === 'xml' || prefix === 'xmlns') return false;
    this.rootNs.set(prefix, uri);
    this.addedNs.set(prefix, uri);
    return true;
  }

  /** Marks prefixes that merged content lists in its root's mc:Ignorable. */
  addIgnorable(prefixes: string): void {
    for (const p of prefixes.split(/\s+/)) if (p) this.ignorable.add(p);
  }

  private nextRelId(): string {
    let id: string;
    do id = `rIdDx${++this.relSeq}`;
    while (this.relIds.has(id));
    this.relIds.add(id);
    return id;
  }

  /** A new relationship of the main part. */
  relationship(type: string, target: string, external = false): string {
    const id = this.nextRelId();
    this.newRels.push({ id, type, target, external });
    return id;
  }

  /** The relationship of an external hyperlink (one per address). */
  hyperlink(url: string): string {
    let id = this.links.get(url);
    if (!id) {
      id = this.relationship(REL.hyperlink, url, true);
      this.links.set(url, id);
    }
    return id;
  }

  /** The relationship of a picture stored in the package (identical bytes are stored once). */
  image(bytes: Uint8Array, ext: string): string {
    const key = createHash('sha1').update(bytes).digest('hex');
    let id = this.media.get(key);
    if (!id) {
      const path = this.freePath(`${partDir(this.mainPart)}media/dx${++this.mediaSeq}.${ext}`);
      this.addFile(path, bytes, STORED.has(ext));
      this.ensureDefault(ext, IMAGE_TYPES[ext]);
      id = this.relationship(REL.image, this.relativeTarget(path));
      this.media.set(key, id);
    }
    return id;
  }

  /**
   * Adds a part copied from another package under a new name (same file name in a folder of its
   * own), with its content type; returns the new zip path.
   */
  addPart(name: string, data: Uint8Array | string, contentType: string): string {
    const ext = extensionOf(name);
    const path = this.freePath(`${partDir(this.mainPart)}merged/${++this.partSeq}/${name.replace(/^.*\//, '')}`);
    this.addFile(path, data, STORED.has(ext));
    if (this.defaults.get(ext) !== contentType) this.overrides.set(`/${path}`, contentType);
    return path;
  }

  /** A target for a relationship of the main part pointing at zip path `path`. */
  relativeTarget(path: string): string {
    const dir = partDir(this.mainPart);
    return path.startsWith(dir) ? path.slice(dir.length) : `/${path}`;
  }

  addFile(path: string, data: Uint8Array | string, store = false): void {
    this.paths.add(path);
    this.files.push({ path, data, store });
  }

  private freePath(path: string): string {
    let candidate = path;
    for (let n = 2; this.paths.has(candidate); n++) candidate = path.replace(/(\.[^./]*)?$/, `-${n}$1`);
    return candidate;
  }

  private ensureDefault(ext: string, type: string): void {
    if (!this.defaults.has(ext)) this.defaults.set(ext, type);
  }

  nextDocPrId(): number {
    return this.docPr++;
  }

  nextBookmarkId(): number {
    return this.bookmark++;
  }

  /**
   * The entries of the finished package: the rendered template's files (its main part passed through
   * `main`, e.g. to splice in the bodies), with the added parts, relationships, content types,
   * styles, numbering and the namespaces merged bodies use on the main part's root.
   */
  finish(main: (xml: string) => string): ZipEntry[] {
    const changed = new Map<string, string>();
    const styles = this.styles.serialize();
    if (styles) {
      changed.set(this.stylesPath, styles);
      if (!this.hadStyles) {
        this.relationship(REL.styles, this.relativeTarget(this.stylesPath));
        this.overrides.set(`/${this.stylesPath}`, CONTENT_TYPE.styles);
      }
    }
    const numbering = this.numbering.serialize();
    if (numbering) {
      changed.set(this.numberingPath, numbering);
      if (!this.hadNumbering) {
        this.relationship(REL.numbering, this.relativeTarget(this.numberingPath));
        this.overrides.set(`/${this.numberingPath}`, CONTENT_TYPE.numbering);
      }
    }
    const relsPath = relsPartOf(this.mainPart);
    changed.set(relsPath, this.relationshipsText(this.text(relsPath)));
    changed.set('[Content_Types].xml', this.contentTypesText());
    changed.set(this.mainPart, this.withRoot(main(this.text(this.mainPart)!)));

    const entries: ZipEntry[] = [{ name: '[Content_Types].xml', data: changed.get('[Content_Types].xml')! }];
    const written = new Set(['[Content_Types].xml']);
    for (const [name, file] of Object.entries(this.zip.files)) {
      if (file.dir || written.has(name)) continue;
      written.add(name);
      const data = changed.get(name) ?? file.asUint8Array();
      entries.push({ name, data, store: STORED.has(extensionOf(name)) });
    }
    for (const [name, data] of changed) if (!written.has(name)) entries.push({ name, data });
    for (const f of this.files) entries.push({ name: f.path, data: f.data, store: f.store });
    return entries;
  }

  private relationshipsText(xml: string | null): string {
    const added = this.newRels
      .map((r) => `<Relationship Id="${r.id}" Type="${r.type}" Target="${escapeAttr(r.target)}"${r.external ? ' TargetMode="External"' : ''}/>`)
      .join('');
    const base = xml ?? `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${NS.pkgRels}"></Relationships>`;
    return LightPart.insert(base, 'Relationships', added);
  }

  private contentTypesText(): string {
    const doc = parseXml(this.text('[Content_Types].xml')!);
    const root = doc.documentElement!;
    const haveDefaults = new Set<string>();
    const haveOverrides = new Set<string>();
    for (const el of childElements(root)) {
      if (el.localName === 'Default') haveDefaults.add((el.getAttribute('Extension') ?? '').toLowerCase());
      if (el.localName === 'Override') {
        const part = el.getAttribute('PartName') ?? '';
        haveOverrides.add(part);
        // The output is a document even when the template was saved as a template (.dotx).
        if (part === `/${this.mainPart}` && el.getAttribute('ContentType') === CONTENT_TYPE.template) {
          el.setAttribute('ContentType', CONTENT_TYPE.document);
        }
      }
    }
    const firstOverride = childElements(root).find((e) => e.localName === 'Override') ?? null;
    for (const [ext, type] of this.defaults) {
      if (haveDefaults.has(ext)) continue;
      const el = doc.createElementNS(NS.contentTypes, 'Default');
      el.setAttribute('Extension', ext);
      el.setAttribute('ContentType', type);
      root.insertBefore(el, firstOverride);
    }
    for (const [part, type] of this.overrides) {
      if (haveOverrides.has(part)) continue;
      const el = doc.createElementNS(NS.contentTypes, 'Override');
      el.setAttribute('PartName', part);
      el.setAttribute('ContentType', type);
      root.appendChild(el);
    }
    return new XMLSerializer().serializeToString(doc);
  }

  /** The main part with the added namespace declarations and mc:Ignorable prefixes on its root. */
  private withRoot(body: string): string {
    if (this.addedNs.size === 0 && this.ignorable.size === 0) return body;
    const open = rootTag(body);
    if (!open) return body;
    let tagText = open;
    let decls = '';
    for (const [prefix, uri] of this.addedNs) decls += ` xmlns:${prefix}="${escapeAttr(uri)}"`;
    const wanted = [...this.ignorable].filter((p) => this.rootNs.has(p));
    if (wanted.length) {
      let mc = [...this.rootNs].find(([, uri]) => uri === NS.mc)?.[0];
      if (!mc) {
        mc = this.rootNs.has('mc') ? 'mcDx' : 'mc';
        decls += ` xmlns:${mc}="${NS.mc}"`;
      }
      const attr = new RegExp(`\\s${mc}:Ignorable\\s*=\\s*"([^"]*)"`);
      const current = attr.exec(tagText);
      const all = new Set([...(current?.[1] ?? '').split(/\s+/).filter(Boolean), ...wanted]);
      const value = ` ${mc}:Ignorable="${[...all].join(' ')}"`;
      tagText = current ? tagText.replace(attr, value) : tagText.replace(/\s*(\/?)>$/, `${value}$1>`);
    }
    tagText = tagText.replace(/\s*(\/?)>$/, `${decls}$1>`);
    return body.replace(open, tagText);
  }
}

/** The start tag of a part's root element. */
function rootTag(xml: string): string | undefined {
  return /<(?![?!])[^>]+>/.exec(xml)?.[0];
}

export function readRelationships(xml: string): Relationship[] {
  const out: Relationship[] = [];
  for (const el of childElements(parseXml(xml).documentElement!)) {
    if (el.localName !== 'Relationship') continue;
    out.push({
      id: el.getAttribute('Id') ?? '',
      type: el.getAttribute('Type') ?? '',
      target: el.getAttribute('Target') ?? '',
      external: el.getAttribute('TargetMode') === 'External',
    });
  }
  return out;
}

/** The usable page area of the template's last section (A4 with Word's Chinese margins by default). */
function pageArea(body: string): PageArea {
  const sect = body.slice(body.lastIndexOf('<w:sectPr'));
  const num = (re: RegExp, fallback: number) => {
    const v = Number(re.exec(sect)?.[1]);
    return Number.isFinite(v) && v > 0 ? v : fallback;
  };
  const w = num(/<w:pgSz\b[^>]*\bw:w="(\d+)"/, 11906);
  const h = num(/<w:pgSz\b[^>]*\bw:h="(\d+)"/, 16838);
  const left = num(/<w:pgMar\b[^>]*\bw:left="(\d+)"/, 1800);
  const right = num(/<w:pgMar\b[^>]*\bw:right="(\d+)"/, 1800);
  const top = num(/<w:pgMar\b[^>]*\bw:top="(\d+)"/, 1440);
  const bottom = num(/<w:pgMar\b[^>]*\bw:bottom="(\d+)"/, 1440);
  return {
    width: Math.max(1440, w - left - right) * TWIP_EMU,
    height: Math.max(1440, h - top - bottom - 720) * TWIP_EMU,
  };
}
