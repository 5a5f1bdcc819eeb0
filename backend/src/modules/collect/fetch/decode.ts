import iconv from 'iconv-lite';

/**
 * Bytes → text for collected documents (docs/collect-design.md §3.2). The charset comes from, in
 * order: a BOM, the XML declaration's `encoding=` or an HTML `<meta charset|http-equiv>` in the
 * first 2 KB, the `Content-Type` charset, strict UTF-8 when the bytes are valid UTF-8, and last a
 * guess by the source language (zh/zh-CN: GB18030, zh-TW/HK: Big5, else windows-1252). Labels are
 * mapped the WHATWG way (gb2312, gbk, x-gbk → gb18030; latin1/us-ascii → windows-1252).
 */

export interface Decoded {
  text: string;
  /** The encoding used (iconv-lite name). */
  charset: string;
  /** Where the charset came from. */
  source: 'bom' | 'document' | 'header' | 'utf-8' | 'language';
}

const WHATWG_ALIASES: Record<string, string> = {
  gb2312: 'gb18030', gbk: 'gb18030', 'x-gbk': 'gb18030', gb_2312: 'gb18030', 'gb_2312-80': 'gb18030', chinese: 'gb18030',
  'csgb2312': 'gb18030', 'iso-ir-58': 'gb18030', gb18030: 'gb18030',
  big5: 'big5', 'big5-hkscs': 'big5', 'cn-big5': 'big5', 'x-x-big5': 'big5', csbig5: 'big5',
  'shift_jis': 'shift_jis', 'shift-jis': 'shift_jis', sjis: 'shift_jis', 'x-sjis': 'shift_jis', ms_kanji: 'shift_jis', 'windows-31j': 'shift_jis',
  'euc-jp': 'euc-jp', 'euc-kr': 'euc-kr', 'ks_c_5601-1987': 'euc-kr', 'windows-949': 'euc-kr',
  'iso-8859-1': 'windows-1252', latin1: 'windows-1252', 'us-ascii': 'windows-1252', ascii: 'windows-1252', 'iso8859-1': 'windows-1252',
  'utf8': 'utf-8', 'utf-8': 'utf-8', 'unicode-1-1-utf-8': 'utf-8',
};

/** The iconv-lite name for a charset label, or undefined when unknown. */
export function normalizeCharset(label: string | undefined | null): string | undefined {
  if (!label) return undefined;
  const key = label.trim().toLowerCase().replace(/^["']|["']$/g, '');
  const name = WHATWG_ALIASES[key] ?? key;
  return iconv.encodingExists(name) ? name : undefined;
}

/** The charset a document declares in its first 2 KB (XML declaration, then HTML meta). */
export function declaredCharset(head: string): string | undefined {
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head);
  if (xml) return xml[1];
  const meta = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return meta?.[1];
}

export function charsetFromContentType(contentType: string | undefined): string | undefined {
  return contentType ? /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] : undefined;
}

export function fallbackCharset(language: string | undefined | null): string {
  const lang = (language ?? '').toLowerCase();
  if (lang === 'zh-tw' || lang === 'zh-hk' || lang === 'zh-hant' || lang === 'zh-mo') return 'big5';
  if (lang === 'zh' || lang.startsWith('zh-')) return 'gb18030';
  if (lang === 'ja') return 'shift_jis';
  if (lang === 'ko') return 'euc-kr';
  return 'windows-1252';
}

export function decodeBody(bytes: Buffer, contentType?: string, language?: string | null): Decoded {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: bytes.subarray(3).toString('utf8'), charset: 'utf-8', source: 'bom' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { text: iconv.decode(bytes.subarray(2), 'utf-16le'), charset: 'utf-16le', source: 'bom' };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { text: iconv.decode(bytes.subarray(2), 'utf-16be'), charset: 'utf-16be', source: 'bom' };
  // ASCII-compatible view of the head: enough to read a declaration in any of our charsets
  const head = bytes.subarray(0, 2048).toString('latin1');
  const declared = normalizeCharset(declaredCharset(head));
  // a document declaring UTF-16 while having no BOM is ASCII-compatible bytes: ignore that label
  if (declared && !declared.startsWith('utf-16')) return decodeWith(bytes, declared, 'document');
  const header = normalizeCharset(charsetFromContentType(contentType));
  if (header && !header.startsWith('utf-16')) return decodeWith(bytes, header, 'header');
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), charset: 'utf-8', source: 'utf-8' };
  } catch {
    return decodeWith(bytes, fallbackCharset(language), 'language');
  }
}

function decodeWith(bytes: Buffer, charset: string, source: Decoded['source']): Decoded {
  if (charset === 'utf-8') return { text: bytes.toString('utf8'), charset, source };
  return { text: iconv.decode(bytes, charset), charset, source };
}
