import { randomUUID } from 'node:crypto';

/** Longest stored file name (characters, suffix included). */
export const MAX_FILE_NAME = 200;

/** C0/C1 control characters and the invisible direction marks used to disguise a suffix (`exe.docx` shown as `xcod.exe`). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g; // eslint-disable-line no-control-regex
const FORBIDDEN = /[:*?"<>|]/g;
const SUFFIX = /^[a-z0-9]{1,16}$/;

/**
 * A client's file name reduced to something safe to store and to send back in a header: the last
 * path segment (`../../etc/passwd` → `passwd`, `C:\a\b.doc` → `b.doc`), without control characters
 * or `/\:*?"<>|`, without leading/trailing dots and spaces, at most {@link MAX_FILE_NAME} characters
 * (the suffix is kept when a long name is cut). May return '' (nothing usable was sent).
 */
export function sanitizeFileName(raw: string | null | undefined): string {
  if (typeof raw !== 'string') return '';
  const base = raw.normalize('NFC').replace(CONTROL, '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(FORBIDDEN, '').replace(/^[\s.]+|[\s.]+$/g, '');
  const chars = Array.from(cleaned); // code points: never cut a surrogate pair in half
  if (chars.length <= MAX_FILE_NAME) return cleaned;
  const { suffix } = splitFileName(cleaned);
  const tail = suffix ? `.${suffix}` : '';
  return chars.slice(0, MAX_FILE_NAME - tail.length).join('').replace(/[\s.]+$/, '') + tail;
}

/** `报告.DOCX` → `{ name: '报告', suffix: 'docx' }`; a name without a usable suffix keeps it whole and gets ''. */
export function splitFileName(fileName: string): { name: string; suffix: string } {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return { name: fileName, suffix: '' };
  const suffix = fileName.slice(dot + 1).toLowerCase();
  if (!SUFFIX.test(suffix)) return { name: fileName, suffix: '' };
  return { name: fileName.slice(0, dot), suffix };
}

export const WORD_SUFFIXES = new Set(['doc', 'docx']);
const EXCEL_SUFFIXES = new Set(['xls', 'xlsx']);

/** The spec's file kind: `word` (.doc/.docx), `excel` (.xls/.xlsx), `other`. */
export function fileTypeOf(suffix: string): 'word' | 'excel' | 'other' {
  if (WORD_SUFFIXES.has(suffix)) return 'word';
  if (EXCEL_SUFFIXES.has(suffix)) return 'excel';
  return 'other';
}

/**
 * Content type sent on download. Only inert types are named; anything a browser could run
 * (html, svg, js, xml...) is sent as application/octet-stream, always with `nosniff` and as an attachment.
 */
const MIME: Record<string, string> = {
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
};

export function mimeOf(suffix: string): string {
  return Object.hasOwn(MIME, suffix) ? MIME[suffix] : 'application/octet-stream';
}

/** A fresh random storage key `yyyy/MM/<uuid>.<suffix>` (UTC month); nothing of the client's name is in it. */
export function newStorageKey(suffix: string, now: Date = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const ext = SUFFIX.test(suffix) ? `.${suffix}` : '';
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}${ext}`;
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback `filename` and the exact UTF-8 name as
 * `filename*` (RFC 6266 / RFC 5987), so Chinese names arrive intact.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
