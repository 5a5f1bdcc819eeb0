import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DataSource } from 'typeorm';
import { s3ClientConfig, S3Storage, type S3Settings } from '../src/common/storage/s3.storage';
import { StorageObjectNotFound } from '../src/common/storage/storage.port';
import { loadConfig } from '../src/config/config';
import { StoredFile } from '../src/modules/storage/file.entity';
import { FilesService } from '../src/modules/storage/files.service';
import { StorageSweepService } from '../src/modules/storage/storage-sweep.service';
import { makeDocx } from './fixtures/word-files';
import { binary } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * The S3 adapter against a real S3-compatible server, over HTTP through the whole app.
 *
 * Server: the `s3rver` npm package (a fake S3 in Node, started in process) when it can be loaded,
 * or any S3-compatible endpoint (e.g. MinIO) named by S3_TEST_ENDPOINT, S3_TEST_ACCESS_KEY and
 * S3_TEST_SECRET_KEY. With neither, the suite is skipped and says why; the adapter's logic is
 * still covered by src/common/storage/s3.storage.spec.ts (stubbed HTTP).
 */

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: { port: number; address: string; silent: boolean; directory: string }) => S3rverInstance;

function loadS3rver(): S3rverClass | undefined {
  try {
    return createRequire(__filename)('s3rver') as S3rverClass;
  } catch {
    return undefined;
  }
}

const S3rver = loadS3rver();
const external = process.env.S3_TEST_ENDPOINT ? { endpoint: process.env.S3_TEST_ENDPOINT, accessKey: process.env.S3_TEST_ACCESS_KEY ?? '', secretKey: process.env.S3_TEST_SECRET_KEY ?? '' } : undefined;
const available = Boolean(S3rver || external);
// CI (.ci/run) sets REQUIRE_S3=1: there a missing server is a failure, not a skip.
if (!available && process.env.REQUIRE_S3) throw new Error('storage-s3.e2e-spec: REQUIRE_S3 is set but no S3-compatible server is available (s3rver is a devDependency: run npm ci)');
if (!available) {
  console.warn(
    'storage-s3.e2e-spec: SKIPPED — no S3-compatible server here. The fake server s3rver is a devDependency (`npm ci` installs it) ' +
      'or point S3_TEST_ENDPOINT / S3_TEST_ACCESS_KEY / S3_TEST_SECRET_KEY at one (e.g. MinIO).',
  );
}

const MiB = 1024 * 1024;
// Skip reason: only when no S3-compatible server can be loaded (s3rver is a devDependency, so
// only a partial install lacks it); CI sets REQUIRE_S3, which turns that case into the failure above.
(available ? describe : describe.skip)('file storage on an S3-compatible server (STORAGE_DRIVER=s3)', () => {
  let server: S3rverInstance | undefined;
  let s3dir: string | undefined;
  let settings: S3Settings;
  let client: S3Client;
  let t: TestApp;
  let db: DataSource;
  let admin: string;

  const keys = async (): Promise<string[]> => {
    const out = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
    return (out.Contents ?? []).map((o) => o.Key ?? '').sort();
  };

  beforeAll(async () => {
    const bucket = `horizon-e2e-${Date.now().toString(36)}`;
    if (S3rver && !external) {
      s3dir = mkdtempSync(join(tmpdir(), 'horizon-s3rver-'));
      server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir });
      const { port } = await server.run();
      settings = { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket, accessKey: 'S3RVER', secretKey: 'S3RVER' };
    } else {
      settings = { ...external!, region: process.env.S3_TEST_REGION ?? 'us-east-1', bucket };
    }
    client = new S3Client(s3ClientConfig(settings));
    const base = loadConfig({ NODE_ENV: 'test' });
    t = await createTestApp({ storage: { ...base.storage, driver: 's3', s3: settings, maxBytes: 16 * MiB } });
    db = t.app.get(DataSource);
    const http = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    admin = await t.login('admin');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    client?.destroy();
    await server?.close();
    if (s3dir) rmSync(s3dir, { recursive: true, force: true });
  });

  const upload = (url: string, data: Buffer, name: string) => t.http().post(url).set('Authorization', bearer(admin)).attach('file', data, name);
  const key = async (id: number) => (await db.getRepository(StoredFile).findOneByOrFail({ id })).storageKey;

  it('creates the bucket on first use, stores the upload as an object (nothing on local disk), serves and deletes it', async () => {
    const docx = await makeDocx('S3 模板');
    const res = await upload('/api/localStorage/template', docx, 'S3 模板.docx');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ realName: 'S3 模板.docx', type: 'word', size: docx.length });
    const objectKey = await key(res.body.id);
    expect(await keys()).toEqual([objectKey]);
    expect((await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: objectKey }))).ContentLength).toBe(docx.length);
    const localRoot = join(t.config.dataDir, 'files');
    expect(existsSync(localRoot) ? readdirSync(localRoot) : []).toEqual([]);

    const down = await t.http().get(`/api/localStorage/download/${res.body.id}`).set('Authorization', bearer(admin)).buffer(true).parse(binary);
    expect(down.status).toBe(200);
    expect((down.body as Buffer).equals(docx)).toBe(true);
    expect(down.headers['content-length']).toBe(String(docx.length));

    expect((await t.http().delete(`/api/localStorage/deleteById/${res.body.id}`).set('Authorization', bearer(admin))).status).toBe(200);
    expect(await keys()).toEqual([]);
  });

  it('streams a 12 MB upload as a multipart upload and returns the same bytes', async () => {
    const big = Buffer.alloc(12 * MiB);
    for (let i = 0; i < big.length; i += 4096) big.writeUInt32LE(i, i); // not all zeros: order matters
    const res = await upload('/api/localStorage', big, 'big.bin');
    expect(res.status).toBe(201);
    expect(res.body.size).toBe(big.length);
    const down = await t.http().get(`/api/localStorage/download/${res.body.id}`).set('Authorization', bearer(admin)).buffer(true).parse(binary);
    expect(createHash('sha256').update(down.body as Buffer).digest('hex')).toBe(createHash('sha256').update(big).digest('hex'));
    expect((await db.getRepository(StoredFile).findOneByOrFail({ id: res.body.id })).sha256).toBe(createHash('sha256').update(big).digest('hex'));
  });

  it('413 past the limit (in the middle of a multipart upload): no object is left', async () => {
    const before = await keys();
    const res = await upload('/api/localStorage', Buffer.alloc(16 * MiB + 1, 7), 'too-big.bin');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: 413, message: '上传文件大小不能超过 16MB!' });
    expect(await keys()).toEqual(before);
  });

  it('the adapter: missing objects, exists, delete of a missing object', async () => {
    const storage = new S3Storage(settings, client);
    await expect(storage.get('2026/01/missing.bin')).rejects.toBeInstanceOf(StorageObjectNotFound);
    expect(await storage.exists('2026/01/missing.bin')).toBe(false);
    await storage.delete('2026/01/missing.bin');
    expect(await storage.put('2026/01/x.txt', Readable.from([Buffer.from('你好')]))).toBe(6);
    expect(await storage.exists('2026/01/x.txt')).toBe(true);
    await storage.delete('2026/01/x.txt');
    expect(await storage.exists('2026/01/x.txt')).toBe(false);
  });

  it('the sweep removes an old pending record with its object; an unfinished multipart upload goes where the server lists them', async () => {
    const DAY_MS = 24 * 3600 * 1000;
    const orphan = await t.app.get(FilesService).saveBuffer(await makeDocx('上传到一半'), '期刊.docx', null, { formType: 'journal' });
    await db.query(`UPDATE sys_file SET create_time = now() - interval '2 days' WHERE id = $1`, [orphan.id]);
    expect(await keys()).toContain(orphan.storageKey);
    expect((await t.app.get(StorageSweepService).sweep(DAY_MS))?.records).toBe(1);
    expect(await keys()).not.toContain(orphan.storageKey);

    const storage = new S3Storage(settings, client);
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: settings.bucket, Key: '2026/01/unfinished.docx' }));
    const later = new Date(Date.now() + 60_000);
    const listed = (await storage.listIncomplete(later, 100)).filter((w) => w.ref === UploadId);
    // s3rver does not implement the listing (answers []); a real store (MinIO, S3) lists the upload
    for (const w of listed) await storage.removeIncomplete(w);
    expect((await storage.listIncomplete(later, 100)).filter((w) => w.ref === UploadId)).toEqual([]);
  });
});
