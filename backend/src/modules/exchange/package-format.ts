import { createHash, createPublicKey, sign as edSign, verify as edVerify, type KeyObject } from 'node:crypto';
import { PassThrough, Readable, Transform, type TransformCallback } from 'node:stream';
import type { Archiver } from 'archiver';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * The exchange package (docs/collect-design.md §8.1, docs/data-storage.md): a zip of
 * `websites.jsonl`, `news.jsonl`, `files/<sha256>` and `manifest.json` (every other entry with its
 * size and SHA-256), signed by `manifest.sig` (base64 Ed25519 over the exact manifest bytes).
 * Writing (archiver) and reading (yauzl: entry names, signature, sizes and hashes while streaming).
 */
export const PACKAGE_FORMAT = 'horizon-exchange';
export const PACKAGE_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const SIGNATURE = 'manifest.sig';
export const WEBSITES = 'websites.jsonl';
export const NEWS = 'news.jsonl';
const FILE_ENTRY = /^files\/[0-9a-f]{64}$/;
const MANIFEST_MAX = 64 * 1024 * 1024;

export const MSG_UNTRUSTED = '数据包签名无效或来源不受信任';
export const CODE_UNTRUSTED = 'EXCHANGE_UNTRUSTED';
export const CODE_BAD_PACKAGE = 'EXCHANGE_BAD_PACKAGE';

export interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof PACKAGE_FORMAT;
  version: number;
  createdAt: string;
  source: { fingerprint: string; title: string };
  filter: Record<string, unknown>;
  counts: { websites: number; news: number; files: number };
  entries: ManifestEntry[];
}

/** One line of `websites.jsonl`. */
export interface WebsiteLine {
  key: string;
  name: string;
  url: string;
  language: string | null;
  country: string | null;
}

/** One line of `news.jsonl`. */
export interface NewsLine {
  url: string;
  guid: string | null;
  webKey: string | null;
  webName: string | null;
  sources: string[];
  title: string;
  titleCn: string | null;
  content: string;
  contentHtml: string | null;
  contentCn: string | null;
  publishTime: string;
  language: string | null;
  country: string | null;
  keywords: string[];
  classify: string[];
  files: Array<{ sha256: string; name: string; size: number }>;
}

/** A package that cannot be read as one (names, manifest, sizes, hashes); `code` is EXCHANGE_UNTRUSTED for the signature. */
export class PackageError extends Error {
  constructor(
    message: string,
    readonly code: string = CODE_BAD_PACKAGE,
  ) {
    super(message);
    this.name = 'PackageError';
  }
}

/** SHA-256 hex of a public key's SPKI DER (the key's fingerprint, shown for a phone check). */
export function fingerprintOf(publicKey: string | KeyObject): string {
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  return createHash('sha256').update(key.export({ type: 'spki', format: 'der' })).digest('hex');
}

/** The PEM of an Ed25519 public key in its SPKI form; throws when the text is no such key. */
export function normalizePublicKey(pem: string): string {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  return key.export({ type: 'spki', format: 'pem' }).toString();
}

/** Counts and hashes what passes; fails once more than `limit` bytes went through (a bomb stops at its declared size). */
export class HashTap extends Transform {
  private readonly hash = createHash('sha256');
  bytes = 0;

  constructor(private readonly limit = Number.MAX_SAFE_INTEGER) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) return done(new PackageError('数据包中的文件大小与清单不符'));
    this.hash.update(chunk);
    done(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/** Resolves once archiver has taken the entry whole (its `entry` event); rejects on an archive error. */
function appendEntry(archive: Archiver, source: Readable | Buffer, name: string, store: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: unknown) => {
      archive.off('entry', onEntry).off('error', onError);
      if (err === undefined) return resolve();
      if (!Buffer.isBuffer(source)) source.destroy();
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    const onEntry = () => done();
    const onError = (err: unknown) => done(err);
    archive.on('entry', onEntry).on('error', onError);
    archive.append(source, { name, store, date: new Date(0) });
  });
}

/** Writes the package's entries into `archive` (the caller pipes it to the store) and signs the manifest last. */
export class PackageWriter {
  private readonly entries: ManifestEntry[] = [];
  private readonly files = new Set<string>();

  constructor(private readonly archive: Archiver) {}

  /** Appends one entry, hashing it on the way. */
  async add(name: string, source: Readable | Buffer, store: boolean): Promise<ManifestEntry> {
    const tap = new HashTap();
    const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
    input.on('error', (e) => tap.destroy(e));
    const piped = input.pipe(tap);
    await appendEntry(this.archive, piped, name, store);
    // archiver's `entry` comes after the source ended, so the tap has seen every byte
    const entry = { path: name, size: tap.bytes, sha256: tap.digest() };
    this.entries.push(entry);
    return entry;
  }

  /** JSON Lines from an iterable of records (deflated); answers how many lines. */
  async addLines<T>(name: string, lines: AsyncIterable<T>): Promise<number> {
    let count = 0;
    const out = new PassThrough();
    const feed = (async () => {
      for await (const line of lines) {
        count += 1;
        if (!out.write(`${JSON.stringify(line)}\n`)) await new Promise((r) => out.once('drain', r));
      }
      out.end();
    })().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
    await this.add(name, out, false);
    await feed;
    return count;
  }

  /** A stored file `files/<sha256>`, once per hash; false when already in. */
  async addFile(sha256: string, open: () => Promise<Readable>): Promise<boolean> {
    if (this.files.has(sha256)) return false;
    this.files.add(sha256);
    const entry = await this.add(`files/${sha256}`, await open(), true);
    if (entry.sha256 !== sha256) throw new Error(`stored file ${sha256} has other bytes (${entry.sha256})`);
    return true;
  }

  get fileCount(): number {
    return this.files.size;
  }

  /** `manifest.json` and `manifest.sig`; then the archive is finalised. */
  async finish(base: Omit<Manifest, 'entries' | 'format' | 'version'>, privateKey: KeyObject): Promise<Manifest> {
    const manifest: Manifest = { format: PACKAGE_FORMAT, version: PACKAGE_VERSION, ...base, entries: this.entries };
    const bytes = Buffer.from(JSON.stringify(manifest, null, 1), 'utf8');
    await appendEntry(this.archive, bytes, MANIFEST, false);
    await appendEntry(this.archive, Buffer.from(edSign(null, bytes, privateKey).toString('base64'), 'utf8'), SIGNATURE, false);
    await this.archive.finalize();
    return manifest;
  }
}

/** An entry name the reader accepts: only the names the format has (no absolute, `..`, backslash). */
export function allowedEntryName(name: string): boolean {
  return name === MANIFEST || name === SIGNATURE || name === WEBSITES || name === NEWS || FILE_ENTRY.test(name);
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );
}

function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (e: Entry) => {
      entries.push(e);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function entryStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))));
}

async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > max) {
      stream.destroy();
      throw new PackageError('数据包清单过大');
    }
    chunks.push(c);
  }
  return Buffer.concat(chunks);
}

export interface TrustedKey {
  fingerprint: string;
  publicKey: string;
}

/**
 * An opened package whose names and signature were checked. `open(path)` streams an entry and
 * fails when its bytes differ from the manifest (size while streaming, SHA-256 at the end).
 */
export class PackageReader {
  private constructor(
    private readonly zip: ZipFile,
    private readonly byName: Map<string, Entry>,
    readonly manifest: Manifest,
    readonly signer: string,
  ) {}

  /**
   * Opens the zip at `path`: every entry name allowed and unique, `manifest.sig` made by one of
   * `trusted` (else EXCHANGE_UNTRUSTED), the manifest listing exactly the other entries with their sizes.
   */
  static async open(path: string, trusted: TrustedKey[]): Promise<PackageReader> {
    let zip: ZipFile;
    let entries: Entry[];
    try {
      zip = await openZip(path);
    } catch (e) {
      throw new PackageError(`不是有效的数据包：${(e as Error).message}`);
    }
    try {
      entries = await readEntries(zip);
    } catch (e) {
      zip.close();
      throw new PackageError(`数据包包含不允许的文件名或已损坏：${(e as Error).message}`);
    }
    try {
      const byName = new Map<string, Entry>();
      for (const e of entries) {
        if (!allowedEntryName(e.fileName) || byName.has(e.fileName)) throw new PackageError(`数据包包含不允许的文件名：${e.fileName.slice(0, 200)}`);
        byName.set(e.fileName, e);
      }
      const manifestEntry = byName.get(MANIFEST);
      const sigEntry = byName.get(SIGNATURE);
      if (!manifestEntry || !sigEntry) throw new PackageError('数据包缺少清单或签名');
      const manifestBytes = await readAll(await entryStream(zip, manifestEntry), MANIFEST_MAX);
      const signature = Buffer.from((await readAll(await entryStream(zip, sigEntry), 4096)).toString('utf8').trim(), 'base64');
      const signer = trusted.find((k) => {
        try {
          return edVerify(null, manifestBytes, k.publicKey, signature);
        } catch {
          return false;
        }
      });
      if (!signer) throw new PackageError(MSG_UNTRUSTED, CODE_UNTRUSTED);
      let manifest: Manifest;
      try {
        manifest = JSON.parse(manifestBytes.toString('utf8')) as Manifest;
      } catch {
        throw new PackageError('数据包清单不是有效的 JSON');
      }
      if (manifest?.format !== PACKAGE_FORMAT || manifest.version !== PACKAGE_VERSION || !Array.isArray(manifest.entries)) throw new PackageError('数据包格式或版本不受支持');
      const listed = new Set<string>();
      for (const m of manifest.entries) {
        const e = byName.get(m.path);
        if (!e || m.path === MANIFEST || m.path === SIGNATURE || listed.has(m.path)) throw new PackageError(`清单中的文件不在数据包中：${String(m.path).slice(0, 200)}`);
        if (e.uncompressedSize !== m.size) throw new PackageError(`数据包中的文件大小与清单不符：${m.path}`);
        listed.add(m.path);
      }
      for (const name of byName.keys()) if (name !== MANIFEST && name !== SIGNATURE && !listed.has(name)) throw new PackageError(`数据包包含清单之外的文件：${name}`);
      return new PackageReader(zip, byName, manifest, signer.fingerprint);
    } catch (e) {
      zip.close();
      throw e;
    }
  }

  has(path: string): boolean {
    return this.byName.has(path);
  }

  /** The entry's bytes, checked against the manifest (size while streaming, SHA-256 at the end). */
  async open(path: string): Promise<Readable> {
    const entry = this.byName.get(path);
    const listed = this.manifest.entries.find((m) => m.path === path);
    if (!entry || !listed) throw new PackageError(`数据包中没有文件：${path}`);
    const raw = await entryStream(this.zip, entry);
    const tap = new HashTap(listed.size);
    const check = new Transform({
      transform: (chunk: Buffer, _e, done) => done(null, chunk),
      flush: (done) => {
        if (tap.bytes !== listed.size) return done(new PackageError(`数据包中的文件大小与清单不符：${path}`));
        if (tap.digest() !== listed.sha256) return done(new PackageError(`数据包中的文件校验失败（SHA-256 不符）：${path}`));
        done();
      },
    });
    raw.on('error', (e) => tap.destroy(e));
    tap.on('error', (e) => check.destroy(e));
    return raw.pipe(tap).pipe(check);
  }

  /** Reads every listed entry once (sizes and hashes), before anything is imported. */
  async verifyAll(): Promise<void> {
    for (const m of this.manifest.entries) {
      const s = await this.open(m.path);
      for await (const chunk of s) void chunk;
    }
  }

  close(): void {
    this.zip.close();
  }
}
