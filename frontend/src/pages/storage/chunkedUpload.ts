// Resumable upload of an exchange package (docs/collect-design.md §7 "Exchange", §9): `POST
// imports {fileName, size}` creates the job, then 8 MB slices of the file go as `PUT
// imports/{id}?offset=N` (application/octet-stream). The server answers `{received}`; a slice at the
// wrong offset answers 409 `{received}` and the upload goes on from there. The job id and the file's
// name, size and lastModified stay in localStorage until the upload is complete, so after a reload
// the user picks the same file again and the upload continues where the server stopped.
import { HttpError } from 'react-admin';
import { apiUrl, getToken, MSG_REQUEST_FAILED, toHttpError } from '../../providers/http';
import { EXCHANGE_PATH, type ExchangeJob, exchangeApi, num } from './api';

/** The slice size, also the server's per-request limit. */
export const CHUNK_SIZE = 8 * 1024 * 1024;
/** Where the unfinished upload is remembered. */
export const PENDING_KEY = 'horizon.exchange.pendingImport';
/** Conflicts or network failures in a row that make the upload give up (the user can continue). */
export const MAX_RETRIES = 4;

export interface PendingImport {
  jobId: number;
  name: string;
  size: number;
  lastModified: number;
}

type FileLike = Pick<File, 'name' | 'size' | 'lastModified' | 'slice'>;

export function loadPending(storage: Storage = localStorage): PendingImport | null {
  try {
    const value = JSON.parse(storage.getItem(PENDING_KEY) ?? 'null') as Partial<PendingImport> | null;
    if (value && Number.isInteger(value.jobId) && typeof value.name === 'string' && Number.isFinite(value.size) && Number.isFinite(value.lastModified)) {
      return value as PendingImport;
    }
  } catch {
    // unreadable: forget it
  }
  return null;
}

export function savePending(pending: PendingImport, storage: Storage = localStorage): void {
  storage.setItem(PENDING_KEY, JSON.stringify(pending));
}

export function clearPending(storage: Storage = localStorage): void {
  storage.removeItem(PENDING_KEY);
}

/** True when `file` is the one the pending upload was started with. */
export function isSameFile(file: FileLike, pending: PendingImport): boolean {
  return file.name === pending.name && file.size === pending.size && file.lastModified === pending.lastModified;
}

/** A slice went to the wrong offset: the server holds `received` bytes. */
export class OffsetConflict extends Error {
  constructor(readonly received: number) {
    super(`offset conflict, server has ${received}`);
    this.name = 'OffsetConflict';
  }
}

/** Sends one slice; resolves with the server's `received`, rejects with OffsetConflict on 409. */
export type PutChunk = (jobId: number, offset: number, chunk: Blob, signal?: AbortSignal) => Promise<number>;

const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
};

/** `received` of an answer, wherever the body carries it. */
function receivedOf(body: unknown): number | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  for (const value of [record.received, (record.data as Record<string, unknown> | undefined)?.received]) {
    const n = typeof value === 'string' ? Number(value) : value;
    if (typeof n === 'number' && Number.isFinite(n)) return n;
  }
  return null;
}

/** The real PUT: XMLHttpRequest with the bearer token (fetch cannot report upload progress). */
export const xhrPutChunk: PutChunk = (jobId, offset, chunk, signal) =>
  new Promise<number>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', apiUrl(`${EXCHANGE_PATH}/imports/${jobId}?offset=${offset}`));
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const body = parse(xhr.responseText);
      const received = receivedOf(body);
      if (xhr.status >= 200 && xhr.status < 300 && received !== null) resolve(received);
      else if (xhr.status >= 200 && xhr.status < 300) resolve(offset + chunk.size);
      else if (xhr.status === 409 && received !== null) reject(new OffsetConflict(received));
      else reject(toHttpError(xhr.status, body));
    };
    xhr.onerror = () => {
      done();
      reject(new HttpError(MSG_REQUEST_FAILED, 0, null));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    xhr.send(chunk);
  });

export interface UploadOptions {
  /** Bytes the server holds (where to start). */
  start?: number;
  chunkSize?: number;
  onProgress?: (received: number, size: number) => void;
  signal?: AbortSignal;
  put?: PutChunk;
  /** Asks the server where it is after a network failure (default: `GET jobs/{id}` → received). */
  where?: (jobId: number) => Promise<number>;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
/** A failure worth asking the server and trying again: the network or the server, not a refusal. */
const isTransient = (error: unknown) => error instanceof HttpError && (error.status === 0 || error.status >= 500);

/**
 * Sends `file` from `start` to its end in slices; answers the final `received` (= file size). A 409
 * moves to the server's offset; a network or server failure asks the server where it is and goes on,
 * up to MAX_RETRIES failures in a row. An abort rejects with the AbortError.
 */
export async function uploadChunks(jobId: number, file: FileLike, options: UploadOptions = {}): Promise<number> {
  const { chunkSize = CHUNK_SIZE, put = xhrPutChunk, signal, onProgress } = options;
  const where = options.where ?? (async (id: number) => num((await exchangeApi.job(id)).received));
  let offset = options.start ?? 0;
  let failures = 0;
  onProgress?.(offset, file.size);
  while (offset < file.size) {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const end = Math.min(offset + chunkSize, file.size);
    try {
      const received = await put(jobId, offset, file.slice(offset, end), signal);
      failures = received > offset ? 0 : failures + 1;
      offset = received;
    } catch (error) {
      if (isAbort(error) || signal?.aborted) throw isAbort(error) ? error : new DOMException('Aborted', 'AbortError');
      failures += 1;
      if (failures > MAX_RETRIES) throw error;
      if (error instanceof OffsetConflict) offset = error.received;
      else if (isTransient(error)) offset = await where(jobId);
      else throw error;
    }
    if (failures > MAX_RETRIES) throw new HttpError(MSG_REQUEST_FAILED, 0, null);
    onProgress?.(Math.min(offset, file.size), file.size);
  }
  return offset;
}

export interface ImportUpload {
  job: ExchangeJob;
  received: number;
}

/**
 * Starts (or, with `pending` for the same file, continues) the import of `file`: creates the job
 * unless continuing, remembers it, sends the slices, forgets it when every byte is in.
 */
export async function uploadPackage(
  file: File,
  options: Omit<UploadOptions, 'start'> & { pending?: PendingImport | null; storage?: Storage } = {},
): Promise<ImportUpload> {
  const { pending, storage = localStorage, ...rest } = options;
  let job: ExchangeJob;
  let start = 0;
  if (pending && isSameFile(file, pending)) {
    job = await exchangeApi.job(pending.jobId);
    start = num(job.received);
  } else {
    job = await exchangeApi.createImport({ fileName: file.name, size: file.size });
    savePending({ jobId: job.id, name: file.name, size: file.size, lastModified: file.lastModified }, storage);
  }
  const received = job.status === 'uploading' ? await uploadChunks(job.id, file, { ...rest, start }) : num(job.size) || file.size;
  clearPending(storage);
  return { job, received };
}
