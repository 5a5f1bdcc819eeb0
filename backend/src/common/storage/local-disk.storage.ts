import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, realpath, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, InvalidStorageKey, StorageObjectNotFound, type StoragePort } from './storage.port.js';

const isNotFound = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT';

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
    try {
      await this.folderFor(path, key);
    } catch (e) {
      body.destroy();
      throw e;
    }
    const temp = `${path}.${randomUUID()}.part`;
    const out = createWriteStream(temp, { flags: 'wx', mode: 0o640 });
    try {
      await pipeline(body, out);
      await rename(temp, path);
      return out.bytesWritten;
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
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
