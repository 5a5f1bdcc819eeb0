import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import busboy from 'busboy';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import type { StoragePort } from '../../common/storage/storage.port.js';
import { sanitizeFileName, splitFileName } from './file-name.js';
import { WordSniffer, wordKindOf } from './word-sniffer.js';

export const MSG_NO_FILE = '请选择要上传的文件';
export const MSG_WORD_ONLY = '只能上传 .doc 或 .docx 文件';
export const MSG_ONE_FILE = '一次只能上传一个文件';
export const MSG_EMPTY_FILE = '上传的文件内容为空';
export const MSG_BAD_FORM = '上传内容格式不正确';
export const MSG_TOO_MANY_FIELDS = '表单字段过多';

const MiB = 1024 * 1024;
/** Room for the multipart framing and text fields on top of the file itself. */
const FORM_OVERHEAD = MiB;
const MAX_FIELDS = 100;
const MAX_FIELD_BYTES = MiB;
/** After a refusal the rest of the body is read and dropped (so the client sees the answer, not a reset) — at most this much, for at most this long. */
const LINGER_BYTES = 16 * MiB;
const LINGER_MS = 30_000;

export const tooLarge = (maxBytes: number) =>
  new DomainException(413, `上传文件大小不能超过 ${Number((maxBytes / MiB).toFixed(2))}MB!`, ErrorCode.TooLarge);
const bad = (message: string) => DomainException.badRequest(message, ErrorCode.Validation);

export interface ReceiveOptions {
  maxBytes: number;
  wordOnly: boolean;
  /** The storage key for a file with this (sanitised, lower-case) suffix. */
  keyFor: (suffix: string) => string;
}

export interface ReceivedUpload {
  key: string;
  /** Sanitised client file name. */
  realName: string;
  name: string;
  suffix: string;
  size: number;
  sha256: string;
  /**
   * The content was checked to be the Word document its .doc/.docx name claims. Always true for a
   * `wordOnly` upload (anything else is refused); for the general upload a .docx that is not Word
   * content is stored but not counted as Word.
   */
  isWord: boolean;
  /** The text fields of the form; a repeated field's values joined with `,`. */
  fields: Record<string, string>;
}

/** Counts, hashes, enforces the size limit and (for Word uploads) checks the content while the bytes pass. */
class UploadInspector extends Transform {
  size = 0;
  sha256 = '';
  private readonly hash = createHash('sha256');

  /** After the last byte: the content is the Word document its name claims (checked only for .doc/.docx names). */
  isWord = false;
  private sniffing: boolean;

  /**
   * `sniffer`: the Word check of a .doc/.docx name; with `enforce` a mismatch refuses the upload
   * (400), without it the file is only recorded as not being Word (`isWord` false).
   */
  constructor(
    private readonly maxBytes: number,
    private readonly sniffer: WordSniffer | null,
    private readonly enforce: boolean,
  ) {
    super();
    this.sniffing = sniffer !== null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(tooLarge(this.maxBytes));
    if (this.sniffing && !this.sniffer!.push(chunk)) {
      if (this.enforce) return done(bad(MSG_WORD_ONLY));
      this.sniffing = false;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.isWord = this.sniffing && this.sniffer!.finish();
    if (this.enforce && !this.isWord) return done(bad(MSG_WORD_ONLY));
    if (this.size === 0) return done(bad(MSG_EMPTY_FILE));
    this.sha256 = this.hash.digest('hex');
    done();
  }
}

/**
 * Reads and drops the rest of a refused request body, so the client that is still sending gets
 * to read the error answer instead of a connection reset (a lingering close). A body that goes on
 * past {@link LINGER_BYTES} or {@link LINGER_MS} gets its connection closed.
 */
export function drainRequest(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  // Node closes the connection right after the answer when the client sent `Connection: close`,
  // and the bytes still arriving then reset it; keep it open until the body is drained.
  const res = (req as IncomingMessage & { res?: ServerResponse }).res;
  if (res && !res.headersSent) res.setHeader('Connection', 'keep-alive');
  let drained = 0;
  const stop = () => req.socket?.destroy();
  const timer = setTimeout(stop, LINGER_MS).unref();
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > LINGER_BYTES) stop();
  });
  req.once('close', () => clearTimeout(timer));
  req.once('error', () => undefined);
  req.resume();
}

/**
 * Streams the one file part of a multipart request to storage (busboy; never buffered whole) and
 * collects the text fields. Refusals (no file, several files, too large, not a Word file, a broken
 * form) reject with a DomainException only after whatever was stored has been removed; the rest of
 * the request body is then drained in the background.
 */
export function receiveUpload(req: IncomingMessage, storage: StoragePort, opts: ReceiveOptions): Promise<ReceivedUpload> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxBytes + FORM_OVERHEAD) {
    drainRequest(req);
    return Promise.reject(tooLarge(opts.maxBytes));
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8', // browsers send file names as raw UTF-8
      limits: { files: 1, fileSize: opts.maxBytes + 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1, headerPairs: 100 },
    });
  } catch {
    // Not multipart/form-data (or no boundary): there is no file part.
    drainRequest(req);
    return Promise.reject(bad(MSG_NO_FILE));
  }

  return new Promise<ReceivedUpload>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: { key: string; realName: string; name: string; suffix: string; inspector: UploadInspector; stored: Promise<number> } | undefined;
    let formDone = false;
    let failure: Error | undefined;
    let settled = false;

    const settle = async () => {
      if (settled) return;
      if (failure) {
        settled = true;
        if (file) {
          // Wait for the adapter to give up (it removes a partial object); a completed one is removed here.
          const completed = await file.stored.then(
            () => true,
            () => false,
          );
          if (completed) await storage.delete(file.key).catch(() => undefined);
        }
        reject(failure);
        return;
      }
      if (!formDone) return;
      if (!file) {
        settled = true;
        reject(bad(MSG_NO_FILE));
        return;
      }
      let size: number;
      try {
        size = await file.stored;
      } catch (e) {
        fail(e as Error);
        return;
      }
      if (settled || failure) return;
      settled = true;
      const { key, realName, name, suffix, inspector } = file;
      resolve({ key, realName, name, suffix, size, sha256: inspector.sha256, isWord: inspector.isWord, fields });
    };

    const fail = (error: Error) => {
      if (failure || settled) return;
      failure = error;
      req.unpipe(parser);
      drainRequest(req);
      file?.inspector.destroy(error);
      void settle();
    };

    parser.on('file', (_field, stream, info) => {
      const realName = sanitizeFileName(info.filename);
      if (file || failure || !realName) {
        // A part without a usable name (a browser's empty file input) is not a file.
        stream.resume();
        return;
      }
      const kind = wordKindOf(realName);
      if (opts.wordOnly && !kind) {
        stream.resume();
        fail(bad(MSG_WORD_ONLY));
        return;
      }
      const { name, suffix } = splitFileName(realName);
      const inspector = new UploadInspector(opts.maxBytes, kind ? new WordSniffer(kind) : null, opts.wordOnly);
      const key = opts.keyFor(suffix);
      stream.on('limit', () => inspector.destroy(tooLarge(opts.maxBytes)));
      stream.on('error', (e: Error) => inspector.destroy(e));
      inspector.on('error', (e: Error) => fail(e));
      const stored = storage.put(key, stream.pipe(inspector));
      stored.catch((e: Error) => fail(e));
      file = { key, realName, name, suffix, inspector, stored };
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(bad(`表单字段 ${name} 过长`));
      if (name === '__proto__' || name === 'constructor' || name === 'prototype') return;
      fields[name] = Object.hasOwn(fields, name) ? `${fields[name]},${value}` : value;
    });
    parser.on('filesLimit', () => fail(bad(MSG_ONE_FILE)));
    parser.on('fieldsLimit', () => fail(bad(MSG_TOO_MANY_FIELDS)));
    parser.on('partsLimit', () => fail(bad(MSG_TOO_MANY_FIELDS)));
    parser.on('error', () => fail(bad(MSG_BAD_FORM)));
    parser.on('close', () => {
      formDone = true;
      void settle();
    });
    // A client that goes away mid-upload: stop, and remove what was stored.
    req.on('close', () => {
      if (!req.complete) fail(new Error('upload aborted by the client'));
    });
    req.pipe(parser);
  });
}
