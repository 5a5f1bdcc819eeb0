import { splitFileName } from './file-name.js';

/** OLE2 compound file signature (.doc, and every pre-2007 Office file). */
export const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** ZIP local file header signature `PK\x03\x04` (.docx). */
export const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ENTRY = Buffer.from('word/document.xml', 'latin1');
const LOCAL_HEADER = 30; // fixed part of a ZIP local file header; the name follows it
const CENTRAL_HEADER = 46; // fixed part of a central directory header
const LOCAL_SIG = 0x04034b50;
const CENTRAL_SIG = 0x02014b50;
const LOOKBACK = CENTRAL_HEADER + ENTRY.length - 1;

export type WordKind = 'doc' | 'docx';

/** The Word kind a file name claims (`.doc`/`.docx`), or undefined. */
export function wordKindOf(fileName: string): WordKind | undefined {
  const { suffix } = splitFileName(fileName);
  return suffix === 'doc' || suffix === 'docx' ? suffix : undefined;
}

/**
 * Checks, while the bytes stream past, that a file is the Word document its suffix claims:
 * `.doc` must start with the OLE2 signature; `.docx` must be a ZIP (`PK\x03\x04`) with an entry
 * named `word/document.xml` — found as a local file header or a central directory header whose
 * name length is 17 and whose name is that, anywhere in the stream (it works across chunk
 * boundaries). Holds at most 8 + 62 bytes.
 */
export class WordSniffer {
  private head = Buffer.alloc(0);
  private tail = Buffer.alloc(0);
  private rejected = false;
  private entryFound = false;

  constructor(readonly kind: WordKind) {}

  /** Feeds the next bytes; false as soon as the content cannot be the claimed kind. */
  push(chunk: Buffer): boolean {
    if (this.rejected) return false;
    if (this.head.length < OLE2_MAGIC.length) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, OLE2_MAGIC.length - this.head.length)]);
      if (!this.headerMayMatch()) {
        this.rejected = true;
        return false;
      }
    }
    if (this.kind === 'docx' && !this.entryFound) this.scan(chunk);
    return true;
  }

  /** After the last byte: is this the claimed kind? */
  finish(): boolean {
    if (this.rejected) return false;
    if (this.kind === 'doc') return this.head.equals(OLE2_MAGIC);
    return this.head.length >= ZIP_MAGIC.length && this.head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC) && this.entryFound;
  }

  /** The bytes so far are a prefix of the signature (or already contain it). */
  private headerMayMatch(): boolean {
    const magic = this.kind === 'doc' ? OLE2_MAGIC : ZIP_MAGIC;
    const n = Math.min(this.head.length, magic.length);
    return this.head.subarray(0, n).equals(magic.subarray(0, n));
  }

  private scan(chunk: Buffer): void {
    const window = this.tail.length ? Buffer.concat([this.tail, chunk]) : chunk;
    for (let at = window.indexOf(ENTRY); at !== -1; at = window.indexOf(ENTRY, at + 1)) {
      const local = at >= LOCAL_HEADER && window.readUInt32LE(at - LOCAL_HEADER) === LOCAL_SIG && window.readUInt16LE(at - 4) === ENTRY.length;
      const central = at >= CENTRAL_HEADER && window.readUInt32LE(at - CENTRAL_HEADER) === CENTRAL_SIG && window.readUInt16LE(at - 18) === ENTRY.length;
      if (local || central) {
        this.entryFound = true;
        this.tail = Buffer.alloc(0);
        return;
      }
    }
    this.tail = Buffer.from(window.subarray(Math.max(0, window.length - LOOKBACK)));
  }
}
