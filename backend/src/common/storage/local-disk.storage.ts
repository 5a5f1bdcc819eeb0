import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, opendir, realpath, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type IncompleteWrite, InvalidStorageKey, StorageObjectNotFound, type StoragePort } from './storage.port.js';

const isNotFound = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT';

/** A write in progress: `<key>.<uuid>.part` beside the target (see `put`). */
const PART_FILE = /^(.+)\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.part$/;

/**
 * Files under one root folder (`DATA_DIR/files`). A key is resolved against the root and refused
 * when the result (lexically, and after resolving symbolic links of its folder) is not inside it.
 * Writes go to a temporary name beside the target and are renamed into place when complete, so a
 * reader never sees half an object and a failed upload leaves nothing.
 */
export class LocalDiskStorage implements StoragePort {
  readonly driver = 'local' as const;
  readonly root: string;
  private realRoot?: Promise<string>;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** Absolute path of `key`, or {@link InvalidStorageKey} when it would resolve outside the root. */
  pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new InvalidStorageKey(key);
    return path;
  }

  /** The root is a writable folder; before the first upload created it, its parent (DATA_DIR) is. */
  /**
   * Ready when the files folder is a writable folder. A missing one is created, as the first upload
   * would (a fresh deployment whose DATA_DIR does not exist yet is ready, not DOWN forever); one that
   * cannot be created (no permission, a file in its place) is the failure readiness reports.
   */
  async ping(): Promise<void> {
    await this.ensureRoot().catch((e: unknown) => {
      this.realRoot = undefined;
      throw e;
    });
    if (!(await stat(this.root)).isDirectory()) throw new Error(`${this.root} is not a folder`);
    await access(this.root, constants.W_OK);
  }

  private async ensureRoot(): Promise<string> {
    this.realRoot ??= mkdir(this.root, { recursive: true }).then(() => realpath(this.root));
    return this.realRoot;
  }

  /** A folder inside the root, created if needed; its real path must stay inside the real root (no symlink escapes). */
  private async folderFor(path: string, key: string): Promise<void> {
    const realRoot = await this.ensureRoot();
    const folder = dirname(path);
    await mkdir(folder, { recursive: true });
    const real = await realpath(folder);
    if (real !== realRoot && !real.startsWith(realRoot + sep)) throw new InvalidStorageKey(key);
  }

  async put(key: string, body: Readable): Promise<number> {
    const path = this.pathOf(key);
    // The body may fail while the folder is made (before `pipeline` listens): keep that error instead
    // of letting an 'error' event without a listener take the process down, and reject with it.
    let early: unknown;
    const onEarlyError = (e: unknown) => (early ??= e);
    body.on('error', onEarlyError);
    const temp = `${path}.${randomUUID()}.part`;
    try {
      try {
        await this.folderFor(path, key);
      } catch (e) {
        body.destroy();
        throw e;
      }
      if (early !== undefined) throw early;
      const out = createWriteStream(temp, { flags: 'wx', mode: 0o640 });
      try {
        await pipeline(body, out);
        await rename(temp, path);
        return out.bytesWritten;
      } catch (e) {
        await rm(temp, { force: true });
        throw e;
      }
    } finally {
      body.off('error', onEarlyError);
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    const stream = createReadStream(path);
    try {
      await once(stream, 'open');
    } catch (e) {
      stream.destroy();
      throw isNotFound(e) ? new StorageObjectNotFound(key) : e;
    }
    return stream;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** `.part` files last written before `before` (a walk of the root; symbolic links are not followed). */
  async listIncomplete(before: Date, limit: number): Promise<IncompleteWrite[]> {
    const found: IncompleteWrite[] = [];
    const walk = async (folder: string): Promise<void> => {
      let dir;
      try {
        dir = await opendir(folder);
      } catch (e) {
        if (isNotFound(e)) return;
        throw e;
      }
      for await (const entry of dir) {
        if (found.length >= limit) break;
        const path = join(folder, entry.name);
        if (entry.isDirectory()) {
          await walk(path);
          continue;
        }
        if (!entry.isFile() || !entry.name.endsWith('.part')) continue;
        const ref = relative(this.root, path).split(sep).join('/');
        const match = PART_FILE.exec(ref);
        if (!match) continue;
        try {
          const { mtime } = await stat(path);
          if (mtime < before) found.push({ key: match[1], ref, time: mtime });
        } catch (e) {
          if (!isNotFound(e)) throw e; // finished (renamed) or removed meanwhile
        }
      }
    };
    await walk(this.root);
    return found;
  }

  async removeIncomplete(write: IncompleteWrite): Promise<void> {
    const match = PART_FILE.exec(write.ref);
    if (!match) throw new InvalidStorageKey(write.ref);
    await rm(`${this.pathOf(match[1])}.${match[2]}.part`, { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key));
      return true;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }
}
