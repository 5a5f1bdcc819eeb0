import { Injectable } from '@nestjs/common';
import { parseOpml } from 'feedsmith';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import type { SourceType } from './collect-source.entity.js';

/** One outline of an imported OPML file: a feed to become a source. */
export interface OpmlOutline {
  title: string;
  xmlUrl: string;
  htmlUrl: string | null;
}

/** A source in the export. */
export interface OpmlSource {
  name: string;
  url: string;
  feedUrl: string;
  type: SourceType;
  language: string | null;
}

/** Largest OPML upload (docs/collect-design.md §7 "POST opml"). */
export const OPML_MAX_BYTES = 2 * 1024 * 1024;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/**
 * OPML 2.0 export and import of the sources (docs/collect-design.md §7). Piece 1 writes and reads the
 * files; piece 4 may add discovery of `auto` sources on import (through the collector).
 */
@Injectable()
export class OpmlService {
  /** The OPML document of the sources (`text/x-opml`). */
  write(sources: OpmlSource[], now = new Date()): string {
    const outlines = sources
      .map((s) => {
        const lang = s.language ? ` language="${escapeXml(s.language)}"` : '';
        return `    <outline type="rss" text="${escapeXml(s.name)}" title="${escapeXml(s.name)}" xmlUrl="${escapeXml(s.feedUrl)}" htmlUrl="${escapeXml(s.url)}"${lang}/>`;
      })
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0">\n  <head>\n    <title>Horizon 数据源</title>\n    <dateCreated>${now.toUTCString()}</dateCreated>\n  </head>\n  <body>\n${outlines}\n  </body>\n</opml>\n`;
  }

  /**
   * The feed outlines of an OPML file (nested folders flattened; outlines without `xmlUrl` left out).
   * A document type declaration is refused before parsing (no entity expansion, docs/collect-design.md §2).
   */
  read(buffer: Buffer): OpmlOutline[] {
    const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
    if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw DomainException.badRequest('OPML 文件不能包含 DTD', ErrorCode.Validation);
    let doc: ReturnType<typeof parseOpml>;
    try {
      doc = parseOpml(text);
    } catch {
      throw DomainException.badRequest('不是有效的 OPML 文件', ErrorCode.Validation);
    }
    const out: OpmlOutline[] = [];
    type Outline = { text?: string; title?: string; xmlUrl?: string; htmlUrl?: string; outlines?: Outline[] };
    const walk = (list: Outline[] | undefined) => {
      for (const o of list ?? []) {
        const xmlUrl = o.xmlUrl?.trim();
        if (xmlUrl) out.push({ title: (o.title || o.text || xmlUrl).trim(), xmlUrl, htmlUrl: o.htmlUrl?.trim() || null });
        walk(o.outlines);
      }
    };
    walk(doc.body?.outlines as Outline[] | undefined);
    return out;
  }
}
