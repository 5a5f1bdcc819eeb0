import type { Readable } from 'node:stream';

/**
 * Where stored files' bytes live: the local disk under `DATA_DIR/files` (embedded default) or an
 * S3-compatible bucket. Keys are chosen by the application (`yyyy/MM/<uuid>.<suffix>`), never by a
 * client, and every adapter refuses a key that could leave its root.
 */
export interface StoragePort {
  /** `local` or `s3`. */
  readonly driver: 'local' | 's3';
  /**
   * Consumes `body` into the object `key` and resolves with the number of bytes stored. When `body`
   * fails (an upload over the size limit, a client that went away) nothing is left behind and the
   * promise rejects with the body's error.
   */
  put(key: string, body: Readable): Promise<number>;
  /** The object's bytes; rejects with {@link StorageObjectNotFound} when there is no such object. */
  get(key: string): Promise<Readable>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Leftovers of writes that never finished (a process killed in the middle of `put`) started before
   * `before`, at most `limit` of them: the local adapter's `.part` files, an S3 store's incomplete
   * multipart uploads. A write in progress is never listed unless it has been silent since `before`.
   */
  listIncomplete(before: Date, limit: number): Promise<IncompleteWrite[]>;
  /** Removes one leftover listed by `listIncomplete` (gone already: not an error). */
  removeIncomplete(write: IncompleteWrite): Promise<void>;
  /**
   * Readiness (docs/operations.md): resolves when the store can take writes now — the local root (or,
   * before the first upload made it, its parent) is a writable folder; the S3 bucket answers a HEAD.
   * Cheap and read-only; `signal` aborts a request still waiting.
   */
  ping(signal?: AbortSignal): Promise<void>;
}

/** An unfinished write left in the store (see {@link StoragePort.listIncomplete}). */
export interface IncompleteWrite {
  /** The key the write was meant to store. */
  key: string;
  /** The adapter's handle: the `.part` file's path under the root, or the S3 upload id. */
  ref: string;
  /** When it was last written to (local) or started (S3). */
  time: Date;
}

/** Nest injection token of the configured {@link StoragePort}. */
export const STORAGE = Symbol('STORAGE');

export class StorageObjectNotFound extends Error {
  constructor(readonly key: string) {
    super(`no stored object under key ${key}`);
    this.name = 'StorageObjectNotFound';
  }
}

export class InvalidStorageKey extends Error {
  constructor(key: string) {
    super(`refused storage key ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKey';
  }
}

/** Keys are relative slash-separated paths of safe characters: no `.`/`..`/empty segment, no backslash, no leading slash. */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
export const MAX_KEY_LENGTH = 255;

/** Throws {@link InvalidStorageKey} unless `key` is a well-formed relative key. */
export function assertStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key)) throw new InvalidStorageKey(String(key));
  if (key.split('/').some((segment) => segment === '.' || segment === '..')) throw new InvalidStorageKey(key);
}
