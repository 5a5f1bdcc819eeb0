// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import {
  CHUNK_SIZE,
  clearPending,
  isSameFile,
  loadPending,
  MAX_RETRIES,
  OffsetConflict,
  PENDING_KEY,
  type PutChunk,
  savePending,
  uploadChunks,
  uploadPackage,
  xhrPutChunk,
} from './chunkedUpload';

const bytes = (n: number) => new Uint8Array(Array.from({ length: n }, (_, i) => i % 251));
/** jsdom's Blob has no arrayBuffer(): read it the old way. */
const readBlob = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
const fileOf = (n: number, name = 'pkg.zip', lastModified = 1_700_000_000_000) => new File([bytes(n)], name, { lastModified });

/** A server that accepts slices only at the offset it holds, recording what arrived. */
function fakeServer(initial = 0) {
  let received = initial;
  const calls: Array<{ offset: number; size: number }> = [];
  const stored: Uint8Array[] = [];
  const put: PutChunk = async (_jobId, offset, chunk) => {
    calls.push({ offset, size: chunk.size });
    if (offset !== received) throw new OffsetConflict(received);
    stored.push(await readBlob(chunk));
    received += chunk.size;
    return received;
  };
  return {
    put,
    calls,
    stored,
    get received() {
      return received;
    },
    set received(n: number) {
      received = n;
    },
  };
}

describe('uploadChunks', () => {
  it('sends the file in slices of the chunk size, in order, and reports progress', async () => {
    const server = fakeServer();
    const file = fileOf(25);
    const progress: number[] = [];
    const result = await uploadChunks(7, file, { chunkSize: 10, put: server.put, onProgress: (r) => progress.push(r) });
    expect(result).toBe(25);
    expect(server.calls).toEqual([
      { offset: 0, size: 10 },
      { offset: 10, size: 10 },
      { offset: 20, size: 5 },
    ]);
    const joined = new Uint8Array(server.stored.flatMap((part) => [...part]));
    expect(joined).toEqual(bytes(25));
    expect(progress).toEqual([0, 10, 20, 25]);
  });

  it('uses 8 MB slices by default', () => {
    expect(CHUNK_SIZE).toBe(8 * 1024 * 1024);
  });

  it('on 409 continues from the offset the server holds', async () => {
    const server = fakeServer(10); // the server already has the first slice (an earlier attempt)
    const result = await uploadChunks(7, fileOf(25), { chunkSize: 10, put: server.put });
    expect(result).toBe(25);
    expect(server.calls.map((c) => c.offset)).toEqual([0, 10, 20]);
    expect(server.stored.map((s) => s.length)).toEqual([10, 5]);
  });

  it('starts at `start` (a resumed upload) without sending what the server has', async () => {
    const server = fakeServer(20);
    await uploadChunks(7, fileOf(25), { chunkSize: 10, put: server.put, start: 20 });
    expect(server.calls).toEqual([{ offset: 20, size: 5 }]);
  });

  it('after a network failure asks the server where it is and goes on', async () => {
    const server = fakeServer();
    let failOnce = true;
    const put: PutChunk = async (id, offset, chunk, signal) => {
      if (offset === 10 && failOnce) {
        failOnce = false;
        server.received = 20; // the slice did arrive; only the answer was lost
        throw new HttpError('接口请求失败', 0, null);
      }
      return server.put(id, offset, chunk, signal);
    };
    const where = vi.fn(async () => server.received);
    expect(await uploadChunks(7, fileOf(25), { chunkSize: 10, put, where })).toBe(25);
    expect(where).toHaveBeenCalledWith(7);
    expect(server.calls.map((c) => c.offset)).toEqual([0, 20]);
  });

  it('gives up after repeated failures, and at once on a refusal', async () => {
    const failing: PutChunk = async () => {
      throw new HttpError('接口请求失败', 0, null);
    };
    const where = vi.fn(async () => 0);
    await expect(uploadChunks(7, fileOf(25), { chunkSize: 10, put: failing, where })).rejects.toThrow('接口请求失败');
    expect(where).toHaveBeenCalledTimes(MAX_RETRIES);

    const refusing: PutChunk = async () => {
      throw new HttpError('数据包超过允许的大小', 400, { status: 400, message: '数据包超过允许的大小' });
    };
    await expect(uploadChunks(7, fileOf(25), { chunkSize: 10, put: refusing, where })).rejects.toThrow('数据包超过允许的大小');
  });

  it('stops on abort and sends nothing more', async () => {
    const server = fakeServer();
    const controller = new AbortController();
    const put: PutChunk = async (id, offset, chunk, signal) => {
      const received = await server.put(id, offset, chunk, signal);
      if (offset === 0) controller.abort();
      return received;
    };
    await expect(uploadChunks(7, fileOf(25), { chunkSize: 10, put, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.calls).toHaveLength(1);
  });
});

describe('pending upload memory', () => {
  beforeEach(() => localStorage.clear());

  it('remembers job id and file identity, and recognises the same file only', () => {
    const file = fileOf(25);
    savePending({ jobId: 3, name: file.name, size: file.size, lastModified: file.lastModified });
    const pending = loadPending();
    expect(pending).toEqual({ jobId: 3, name: 'pkg.zip', size: 25, lastModified: 1_700_000_000_000 });
    expect(isSameFile(file, pending!)).toBe(true);
    expect(isSameFile(fileOf(26), pending!)).toBe(false);
    expect(isSameFile(fileOf(25, 'other.zip'), pending!)).toBe(false);
    expect(isSameFile(fileOf(25, 'pkg.zip', 1), pending!)).toBe(false);
    clearPending();
    expect(loadPending()).toBeNull();
  });

  it('ignores garbage in the store', () => {
    localStorage.setItem(PENDING_KEY, '{not json');
    expect(loadPending()).toBeNull();
    localStorage.setItem(PENDING_KEY, JSON.stringify({ jobId: 'x' }));
    expect(loadPending()).toBeNull();
  });
});

/** Answers of the job calls uploadPackage makes through the app's HTTP client. */
function stubJobApi(job: Record<string, unknown>) {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(job), { status: method === 'POST' ? 201 : 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

describe('uploadPackage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('creates the job, remembers it while uploading and forgets it when complete', async () => {
    const calls = stubJobApi({ id: 11, kind: 'import', status: 'uploading', received: 0, size: 25 });
    const server = fakeServer();
    const seen: Array<string | null> = [];
    const put: PutChunk = async (...args) => {
      seen.push(localStorage.getItem(PENDING_KEY));
      return server.put(...args);
    };
    const file = fileOf(25);
    const { job, received } = await uploadPackage(file, { chunkSize: 10, put });
    expect(job.id).toBe(11);
    expect(received).toBe(25);
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/dataExchange/imports', body: { fileName: 'pkg.zip', size: 25 } });
    expect(JSON.parse(seen[0]!)).toMatchObject({ jobId: 11, name: 'pkg.zip', size: 25 });
    expect(loadPending()).toBeNull();
  });

  it('continues a remembered upload of the same file from the server’s received', async () => {
    const calls = stubJobApi({ id: 11, kind: 'import', status: 'uploading', received: 20, size: 25 });
    const server = fakeServer(20);
    const file = fileOf(25);
    const pending = { jobId: 11, name: file.name, size: file.size, lastModified: file.lastModified };
    await uploadPackage(file, { chunkSize: 10, put: server.put, pending });
    expect(calls).toEqual([{ method: 'GET', url: '/api/dataExchange/jobs/11', body: undefined }]);
    expect(server.calls).toEqual([{ offset: 20, size: 5 }]);
  });
});

describe('xhrPutChunk', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A fake XMLHttpRequest answering `status` with `body`. */
  function stubXhr(status: number, body: unknown) {
    const sent: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown }> = [];
    class FakeXhr {
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private request = { method: '', url: '', headers: {} as Record<string, string>, body: undefined as unknown };
      open(method: string, url: string) {
        this.request.method = method;
        this.request.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name] = value;
      }
      abort() {
        this.onabort?.();
      }
      send(payload: unknown) {
        this.request.body = payload;
        sent.push(this.request);
        this.status = status;
        this.responseText = JSON.stringify(body);
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    return sent;
  }

  it('PUTs the slice as octet-stream at its offset and answers received', async () => {
    const sent = stubXhr(200, { received: 30 });
    expect(await xhrPutChunk(5, 20, new Blob([bytes(10)]))).toBe(30);
    expect(sent[0].method).toBe('PUT');
    expect(sent[0].url).toBe('/api/dataExchange/imports/5?offset=20');
    expect(sent[0].headers['Content-Type']).toBe('application/octet-stream');
  });

  it('turns a 409 into an OffsetConflict carrying the server’s received', async () => {
    stubXhr(409, { status: 409, message: '偏移量不一致', received: 8 });
    await expect(xhrPutChunk(5, 20, new Blob([bytes(10)]))).rejects.toEqual(new OffsetConflict(8));
  });

  it('turns other refusals into HttpErrors with the server message', async () => {
    stubXhr(404, { status: 404, message: '任务不存在' });
    await expect(xhrPutChunk(5, 0, new Blob([bytes(10)]))).rejects.toMatchObject({ message: '任务不存在', status: 404 });
  });
});
