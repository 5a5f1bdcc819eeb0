import { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import { S3Storage, s3ClientConfig, type S3Settings } from './s3.storage';
import { InvalidStorageKey, StorageObjectNotFound } from './storage.port';

// The SDK's notice that its 2027 releases need node 22 (printed once per process).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/**
 * The S3 adapter against a stub of the HTTP layer: the real SDK (signing, XML, lib-storage's
 * multipart logic) talks to an in-memory fake bucket. The adapter is also run against a real
 * S3-compatible server in test/storage-s3.e2e-spec.ts when one is installed.
 */
interface Req {
  method: string;
  path: string;
  query: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: unknown;
}

const SETTINGS: S3Settings = { endpoint: 'http://s3.test:9000', region: 'us-east-1', bucket: 'horizon-files', accessKey: 'ak', secretKey: 'sk' };

async function bodyBytes(body: unknown): Promise<Buffer> {
  if (body == null) return Buffer.alloc(0);
  if (typeof body === 'string') return Buffer.from(body);
  if (Buffer.isBuffer(body) || body instanceof Uint8Array) return Buffer.from(body);
  const parts: Buffer[] = [];
  for await (const c of body as AsyncIterable<Buffer>) parts.push(Buffer.from(c));
  return Buffer.concat(parts);
}

const xml = (s: string) => Readable.from([Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${s}`)]);
const errorXml = (code: string) => xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`);

/** A fake S3 server: one bucket map, multipart uploads, and a log of calls. */
class FakeS3 {
  buckets = new Map<string, Map<string, Buffer>>();
  uploads = new Map<string, Buffer[]>();
  /** Key and start of each multipart upload (the listing of incomplete ones). */
  started = new Map<string, { key: string; initiated: Date }>();
  /** Answer the listing of multipart uploads with 501 NotImplemented (as some emulators do). */
  listingNotImplemented = false;
  aborted: string[] = [];
  calls: string[] = [];
  private nextUpload = 1;

  async handle(req: Req): Promise<{ statusCode: number; headers: Record<string, string>; body?: Readable }> {
    const [, bucket, ...rest] = req.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const q = req.query;
    const op = `${req.method} ${key ? 'object' : 'bucket'}${'uploads' in q ? ' uploads' : ''}${'uploadId' in q ? ' uploadId' : ''}`;
    this.calls.push(op);
    const objects = this.buckets.get(bucket);
    if (!key) {
      if (req.method === 'HEAD') return { statusCode: objects ? 200 : 404, headers: {} };
      if (req.method === 'PUT') {
        this.buckets.set(bucket, objects ?? new Map());
        return { statusCode: 200, headers: {} };
      }
    }
    if (!objects) return { statusCode: 404, headers: {}, body: errorXml('NoSuchBucket') };
    if (req.method === 'GET' && !key && 'uploads' in q) {
      if (this.listingNotImplemented) return { statusCode: 501, headers: {}, body: errorXml('NotImplemented') };
      const entries = [...this.started].map(([id, u]) => `<Upload><Key>${u.key}</Key><UploadId>${id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`);
      return { statusCode: 200, headers: {}, body: xml(`<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${entries.join('')}</ListMultipartUploadsResult>`) };
    }
    const data = await bodyBytes(req.body);
    if (req.method === 'POST' && 'uploads' in q) {
      const id = `u${this.nextUpload++}`;
      this.uploads.set(id, []);
      this.started.set(id, { key, initiated: new Date() });
      return { statusCode: 200, headers: {}, body: xml(`<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`) };
    }
    if (req.method === 'PUT' && 'uploadId' in q) {
      this.uploads.get(String(q.uploadId))![Number(q.partNumber) - 1] = data;
      return { statusCode: 200, headers: { etag: `"p${q.partNumber}"` } };
    }
    if (req.method === 'POST' && 'uploadId' in q) {
      objects.set(key, Buffer.concat(this.uploads.get(String(q.uploadId))!));
      this.uploads.delete(String(q.uploadId));
      this.started.delete(String(q.uploadId));
      return { statusCode: 200, headers: {}, body: xml(`<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"x"</ETag></CompleteMultipartUploadResult>`) };
    }
    if (req.method === 'DELETE' && 'uploadId' in q) {
      this.aborted.push(String(q.uploadId));
      this.uploads.delete(String(q.uploadId));
      this.started.delete(String(q.uploadId));
      return { statusCode: 204, headers: {} };
    }
    if (req.method === 'PUT') {
      objects.set(key, data);
      return { statusCode: 200, headers: { etag: '"e"' } };
    }
    const stored = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      return { statusCode: 204, headers: {} };
    }
    if (!stored) return { statusCode: 404, headers: {}, body: req.method === 'HEAD' ? undefined : errorXml('NoSuchKey') };
    return { statusCode: 200, headers: { 'content-length': String(stored.length) }, body: req.method === 'HEAD' ? undefined : Readable.from([stored]) };
  }
}

function storageWith(fake: FakeS3, partSize?: number): S3Storage {
  const client = new S3Client({
    ...s3ClientConfig(SETTINGS),
    requestHandler: {
      handle: async (request: Req) => {
        const res = await fake.handle(request);
        return { response: { statusCode: res.statusCode, reason: '', headers: res.headers, body: res.body ?? Readable.from([]) } };
      },
    } as never,
  });
  return new S3Storage(SETTINGS, client, partSize);
}

const read = async (stream: Readable) => bodyBytes(stream);

describe('S3Storage (stubbed HTTP)', () => {
  let fake: FakeS3;

  beforeEach(() => {
    fake = new FakeS3();
  });

  it('creates the missing bucket once, stores, reads, checks and deletes', async () => {
    const storage = storageWith(fake);
    const bytes = Buffer.from('稿件内容'.repeat(100));
    expect(await storage.put('2026/11/a.docx', Readable.from([bytes]))).toBe(bytes.length);
    expect(fake.calls.slice(0, 2)).toEqual(['HEAD bucket', 'PUT bucket']);
    expect(fake.buckets.get('horizon-files')!.get('2026/11/a.docx')!.equals(bytes)).toBe(true);
    expect(await storage.exists('2026/11/a.docx')).toBe(true);
    expect((await read(await storage.get('2026/11/a.docx'))).equals(bytes)).toBe(true);
    await storage.delete('2026/11/a.docx');
    expect(await storage.exists('2026/11/a.docx')).toBe(false);
    await expect(storage.get('2026/11/a.docx')).rejects.toBeInstanceOf(StorageObjectNotFound);
    await storage.put('2026/11/b.docx', Readable.from([bytes]));
    expect(fake.calls.filter((c) => c.endsWith('bucket'))).toEqual(['HEAD bucket', 'PUT bucket']);
  });

  it('ping (readiness): one HEAD of the bucket; a missing bucket is created', async () => {
    const storage = storageWith(fake);
    await storage.ping(); // missing: ensureBucket (the writers' path) looks again and creates it
    expect(fake.calls).toEqual(['HEAD bucket', 'HEAD bucket', 'PUT bucket']);
    expect(fake.buckets.has('horizon-files')).toBe(true);
    fake.calls.length = 0;
    await storage.ping();
    expect(fake.calls).toEqual(['HEAD bucket']);
  });

  it('streams a large body as a multipart upload', async () => {
    const storage = storageWith(fake, 5 * 1024 * 1024);
    const chunk = Buffer.alloc(1024 * 1024, 3);
    const size = await storage.put('2026/11/big.bin', Readable.from(Array.from({ length: 12 }, () => chunk)));
    expect(size).toBe(12 * 1024 * 1024);
    expect(fake.calls.filter((c) => c === 'PUT object uploadId')).toHaveLength(3);
    expect(fake.buckets.get('horizon-files')!.get('2026/11/big.bin')!.length).toBe(12 * 1024 * 1024);
  });

  it('a body that fails mid-way aborts the multipart upload, leaves no object and rejects with the body error', async () => {
    const storage = storageWith(fake, 5 * 1024 * 1024);
    const chunk = Buffer.alloc(1024 * 1024, 3);
    async function* failing() {
      for (let i = 0; i < 7; i++) yield chunk;
      throw new Error('上传文件大小不能超过 6MB!');
    }
    await expect(storage.put('2026/11/partial.bin', Readable.from(failing()))).rejects.toThrow('上传文件大小不能超过 6MB!');
    expect(fake.aborted).toHaveLength(1);
    expect(fake.uploads.size).toBe(0);
    expect(fake.buckets.get('horizon-files')!.size).toBe(0);
  });

  it('lists the multipart uploads a killed process left (started before a time) and aborts them', async () => {
    const storage = storageWith(fake);
    await storage.put('2026/11/done.docx', Readable.from([Buffer.from('x')]));
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    for (const [id, key, initiated] of [['k1', '2026/10/a.docx', old], ['k2', '2026/10/b.docx', old], ['k3', '2026/11/c.docx', new Date()]] as const) {
      fake.uploads.set(id, [Buffer.from('part')]);
      fake.started.set(id, { key, initiated });
    }
    const before = new Date(Date.now() - 24 * 3600 * 1000);
    const found = await storage.listIncomplete(before, 100);
    expect(found).toEqual([
      { key: '2026/10/a.docx', ref: 'k1', time: old },
      { key: '2026/10/b.docx', ref: 'k2', time: old },
    ]);
    expect(await storage.listIncomplete(before, 1)).toHaveLength(1);
    for (const w of found) await storage.removeIncomplete(w);
    expect(fake.aborted).toEqual(['k1', 'k2']);
    expect([...fake.started.keys()]).toEqual(['k3']);
    expect(await storage.exists('2026/11/done.docx')).toBe(true);
    await expect(storage.removeIncomplete({ key: '../x', ref: 'k3', time: old })).rejects.toBeInstanceOf(InvalidStorageKey);
  });

  it('a store without the listing (501 NotImplemented) has no unfinished writes to offer', async () => {
    const storage = storageWith(fake);
    fake.listingNotImplemented = true;
    expect(await storage.listIncomplete(new Date(), 10)).toEqual([]);
  });

  it('refuses bad keys before calling the store', async () => {
    const storage = storageWith(fake);
    await expect(storage.put('../x', Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.get('/etc/passwd')).rejects.toBeInstanceOf(InvalidStorageKey);
    expect(fake.calls).toEqual([]);
  });

  it('client configuration suits S3-compatible stores (path style, checksums only when required)', async () => {
    const config = s3ClientConfig(SETTINGS);
    expect(config).toMatchObject({ endpoint: 'http://s3.test:9000', forcePathStyle: true, region: 'us-east-1', requestChecksumCalculation: 'WHEN_REQUIRED' });
  });
});
