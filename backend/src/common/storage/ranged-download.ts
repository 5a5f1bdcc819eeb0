import { type Readable, Transform } from 'node:stream';
import { HttpStatus, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { DomainException } from '../errors/domain.exception.js';
import { StorageObjectNotFound, type StoragePort } from './storage.port.js';

/**
 * `bytes=a-b` | `bytes=a-` | `bytes=-n` against `size`; undefined when absent or ignored, 'bad' when
 * unsatisfiable or malformed. Another unit is ignored (RFC 9110 §14.2: MUST), and so is a list of
 * ranges (MAY: the whole file, not a multipart answer).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'bad' | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (!/^bytes=/i.test(value) || value.includes(',')) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/i.exec(value);
  if (!m || (m[1] === '' && m[2] === '')) return 'bad';
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'bad';
  return { start, end };
}

/** Skips `start` bytes and passes `length` (a `Range` read over a store that streams whole objects). */
export function slice(start: number, length: number): Transform {
  let skip = start;
  let left = length;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      let part = chunk;
      if (skip > 0) {
        const n = Math.min(skip, part.length);
        skip -= n;
        part = part.subarray(n);
      }
      if (left <= 0 || !part.length) return done();
      if (part.length > left) part = part.subarray(0, left);
      left -= part.length;
      done(null, part);
    },
  });
}

/** A download: headers and bytes (a `Range` answers 206 with part of them). */
export interface RangedDownload {
  status: 200 | 206;
  headers: Record<string, string>;
  stream: Readable;
}

/** `Content-Disposition` of an attachment: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A stored object as a download that can be resumed: `Accept-Ranges: bytes`, and a `Range: bytes=…`
 * answers 206 with that part (`Content-Range`), an unsatisfiable one 416 `RANGE_NOT_SATISFIABLE`.
 * An object gone from the store is a 404 with `missing`, not a server error.
 */
export async function rangedDownload(
  storage: StoragePort,
  object: { key: string; size: number; name: string; contentType: string },
  range: string | undefined,
  missing: string,
): Promise<RangedDownload> {
  const { size } = object;
  const headers: Record<string, string> = { 'Content-Type': object.contentType, 'Content-Disposition': attachment(object.name), 'Accept-Ranges': 'bytes' };
  const r = parseRange(range, size);
  if (r === 'bad') throw new DomainException(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE, `请求的范围无效（文件大小 ${size} 字节）`, 'RANGE_NOT_SATISFIABLE');
  let body: Readable;
  try {
    body = await storage.get(object.key);
  } catch (e) {
    // deleted in the same moment, or gone from the store: not a server error
    if (e instanceof StorageObjectNotFound) throw DomainException.notFound(missing);
    throw e;
  }
  if (!r) return { status: 200, headers: { ...headers, 'Content-Length': String(size) }, stream: body };
  const part = slice(r.start, r.end - r.start + 1);
  body.on('error', (e) => part.destroy(e));
  return {
    status: 206,
    headers: { ...headers, 'Content-Length': String(r.end - r.start + 1), 'Content-Range': `bytes ${r.start}-${r.end}/${size}` },
    stream: body.pipe(part),
  };
}

/** Answers a download from a controller (`@Res({ passthrough: true })`): its status, headers and bytes. */
export function sendDownload(res: Response, d: RangedDownload): StreamableFile {
  res.status(d.status).set(d.headers);
  return new StreamableFile(d.stream);
}
