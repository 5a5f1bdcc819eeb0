import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync, type Dirent } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import http, { type ClientRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { dirname, join, relative } from 'node:path';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/config';
import { DownloadTokenService } from '../src/modules/storage/download-token.service';
import { FilesService } from '../src/modules/storage/files.service';
import { StoredFile } from '../src/modules/storage/file.entity';
import { StorageSweepService } from '../src/modules/storage/storage-sweep.service';
import { makeDoc, makeDocx, makeXlsx } from './fixtures/word-files';
import { insertJournal, insertManuscript, insertProduct } from './utils/factories';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

const MiB = 1024 * 1024;
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface FileBody {
  id: number;
  realName: string;
  name: string;
  suffix: string;
  type: string;
  size: number;
  handlerName: string | null;
  handlerDate: string;
  createTime: string;
}

/** Every file under `dir` (relative paths). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[]).filter((d) => d.isFile()).map((d) => relative(dir, join(d.parentPath, d.name))).sort();
}

// ---- raw multipart over node:http, for bodies streamed by the test (never allocated whole) ----

const BOUNDARY = '----horizon-test-boundary-7d2f';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** The framing before a file part's bytes (after text fields). `filename` goes on the wire as given (raw UTF-8). */
function preamble(filename: string, fields: Record<string, string> = {}): Buffer {
  const text = Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return Buffer.from(`${text}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
}
const EPILOGUE = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: { status?: number; message?: string; id?: number; realName?: string } & Record<string, unknown>;
}

/** A POST whose body the caller writes; `response` settles when the whole answer has arrived. */
function rawPost(port: number, path: string, headers: Record<string, string | number>, agent: http.Agent | false = false): { req: ClientRequest; response: Promise<RawResponse> } {
  const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent });
  const response = new Promise<RawResponse>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: RawResponse['body'];
        try {
          body = JSON.parse(text);
        } catch {
          body = { text };
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  return { req, response };
}

/** Writes with backpressure; stops quietly if the request was torn down. */
async function write(req: ClientRequest, chunk: Buffer): Promise<void> {
  if (req.destroyed) return;
  if (!req.write(chunk)) await once(req, 'drain');
}

const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms).unref())]);

describe('api/localStorage (file storage)', () => {
  let t: TestApp;
  let db: DataSource;
  let port: number;
  let root: string;
  let admin: string;
  let editor: string;
  let translator: string;
  let nobody: string;
  let docx: Buffer;
  const doc = makeDoc();

  const as = (token: string) => ({
    get: (url: string) => t.http().get(url).set('Authorization', bearer(token)),
    post: (url: string, body?: object) => t.http().post(url).set('Authorization', bearer(token)).send(body),
    put: (url: string, body: object) => t.http().put(url).set('Authorization', bearer(token)).send(body),
    del: (url: string, body?: unknown[]) => t.http().delete(url).set('Authorization', bearer(token)).send(body),
    upload: (url: string, data: Buffer, filename: string, fields: Record<string, string> = {}) => {
      let req = t.http().post(url).set('Authorization', bearer(token));
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      return req.attach('file', data, filename);
    },
    download: (url: string) => t.http().get(url).set('Authorization', bearer(token)).buffer(true).parse(binary),
  });
  const record = async (id: number): Promise<StoredFile | null> => db.getRepository(StoredFile).findOneBy({ id });
  const fileCount = async (): Promise<number> => Number((await db.query('SELECT count(*) AS n FROM sys_file'))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    root = join(t.config.dataDir, 'files');
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    admin = await t.login('admin');
    editor = await t.login('editor');
    translator = await t.login('translator');
    nobody = await t.loginWithoutRoles('nofiles');
    docx = await makeDocx('产品模板');
  });
  afterAll(() => t.close());

  it('the seeded roles: the editor may upload templates (productSetting:add) but has no storage:* code', async () => {
    const roles: string[] = (await as(editor).get('/auth/info')).body.roles;
    expect(roles).toEqual(expect.arrayContaining(['productSetting:add']));
    expect(roles.filter((r) => r.startsWith('storage:'))).toEqual([]);
    expect((await as(translator).get('/auth/info')).body.roles.filter((r: string) => r.startsWith('productSetting:'))).toEqual([]);
  });

  describe('upload, list, rename, delete', () => {
    it('uploads any file: 201 File; streamed to a random key under DATA_DIR/files with its size and sha256', async () => {
      const bytes = Buffer.from('季度报告\n'.repeat(500));
      const before = filesUnder(root);
      const res = await as(admin).upload('/api/localStorage', bytes, '季度报告 2026.txt');
      expect(res.status).toBe(201);
      const body = res.body as FileBody;
      expect(Object.keys(body).sort()).toEqual(['createTime', 'handlerDate', 'handlerName', 'id', 'name', 'realName', 'size', 'suffix', 'type']);
      expect(body).toMatchObject({ realName: '季度报告 2026.txt', name: '季度报告 2026', suffix: 'txt', type: 'other', size: bytes.length, handlerName: 'admin' });
      expect(body.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(JSON.stringify(body)).not.toMatch(/storageKey|sha256|path/);

      const saved = (await record(body.id))!;
      expect(saved.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.txt$/);
      expect(saved.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(saved).toMatchObject({ size: String(bytes.length), mime: 'text/plain; charset=utf-8', handlerId: expect.any(Number), createBy: 'admin', formType: null, formId: null });
      const added = filesUnder(root).filter((f) => !before.includes(f));
      expect(added).toEqual([join(...saved.storageKey.split('/'))]);
      expect(statSync(join(root, saved.storageKey)).size).toBe(bytes.length);
    });

    it('the optional `name` field names the file; other fields are ignored', async () => {
      const res = await as(admin).upload('/api/localStorage', Buffer.from('x'), 'a.txt', { name: '我的/文件<1>', other: 'ignored' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ realName: 'a.txt', name: '文件1' });
    });

    it('lists a page of files with blurry search and whitelisted sort; renames (204); deletes ([ids], 200) records and bytes', async () => {
      const a = (await as(admin).upload('/api/localStorage', Buffer.from('aaa'), '列表测试甲.txt')).body as FileBody;
      const b = (await as(admin).upload('/api/localStorage', Buffer.from('bbbbbb'), '列表测试乙.txt')).body as FileBody;
      const list = await as(admin).get('/api/localStorage?blurry=列表测试&sort=size,desc&page=0&size=10');
      expect(list.status).toBe(200);
      expect(list.body.totalElements).toBe(2);
      expect((list.body.content as FileBody[]).map((f) => f.id)).toEqual([b.id, a.id]);
      expect((await as(admin).get('/api/localStorage?blurry=列表测试&size=1')).body.content).toHaveLength(1);
      expectError(await as(admin).get('/api/localStorage?sort=storageKey,asc'), 400, '不支持的排序字段: storageKey');

      expect((await as(admin).put('/api/localStorage', { id: a.id, name: '改名后' })).status).toBe(204);
      expect((await as(admin).get('/api/localStorage?blurry=改名后')).body.content).toMatchObject([{ id: a.id, name: '改名后', realName: '列表测试甲.txt' }]);
      expectError(await as(admin).put('/api/localStorage', { id: a.id, name: '' }), 400, '文件名不能为空');
      expectError(await as(admin).put('/api/localStorage', { id: a.id, name: '../..' }), 400, '文件名不能为空');
      expectError(await as(admin).put('/api/localStorage', { id: a.id, name: 'x'.repeat(201) }), 400, '文件名不能超过 200 个字符');

      const keys = [(await record(a.id))!.storageKey, (await record(b.id))!.storageKey];
      expect((await as(admin).del('/api/localStorage', [a.id, b.id])).status).toBe(200);
      expect((await as(admin).get('/api/localStorage?blurry=列表测试')).body.totalElements).toBe(0);
      for (const key of keys) expect(existsSync(join(root, key))).toBe(false);
      expectError(await as(admin).del('/api/localStorage', [a.id]), 404, '文件不存在');
      expectError(await as(admin).del('/api/localStorage', []), 400, '请选择要操作的数据（id 数组）');
    });

    it('401 without a session on every route but the signed download', async () => {
      const anon = t.http();
      const calls = [
        anon.post('/api/localStorage').attach('file', Buffer.from('x'), 'a.txt'),
        anon.post('/api/localStorage/template').attach('file', docx, 'a.docx'),
        anon.get('/api/localStorage'),
        anon.put('/api/localStorage').send({ id: 1, name: 'x' }),
        anon.delete('/api/localStorage').send([1]),
        anon.delete('/api/localStorage/deleteById/1'),
        anon.get('/api/localStorage/download/1'),
        anon.post('/api/localStorage/downloadToken/1'),
        anon.get('/api/localStorage/findByFormId?formId=1'),
        anon.get('/api/localStorage/findByFormIdAndHandlerId?formId=1&handlerId=1'),
      ];
      for (const res of await Promise.all(calls)) expectError(res, 401, '登录状态已过期，请重新登录');
    });

    it('403 for a user without the permission codes', async () => {
      const file = (await as(admin).upload('/api/localStorage', Buffer.from('x'), 'p.txt')).body as FileBody;
      expectError(await as(nobody).upload('/api/localStorage', Buffer.from('x'), 'a.txt'), 403, '没有权限执行此操作');
      expectError(await as(nobody).upload('/api/localStorage/template', docx, 'a.docx'), 403, '没有权限执行此操作');
      expectError(await as(translator).upload('/api/localStorage/template', docx, 'a.docx'), 403, '没有权限执行此操作');
      expectError(await as(editor).upload('/api/localStorage', Buffer.from('x'), 'a.txt'), 403, '没有权限执行此操作');
      expectError(await as(nobody).get('/api/localStorage'), 403, '没有权限执行此操作');
      expectError(await as(nobody).put('/api/localStorage', { id: file.id, name: 'x' }), 403, '没有权限执行此操作');
      expectError(await as(nobody).del('/api/localStorage', [file.id]), 403, '没有权限执行此操作');
      // Not the uploader and no storage:del.
      expectError(await as(nobody).del(`/api/localStorage/deleteById/${file.id}`), 403, '没有权限执行此操作');
      expect(await record(file.id)).not.toBeNull();
    });

    it('400 with messages: no file part, not multipart, an empty file input, two files, an empty file', async () => {
      const count = await fileCount();
      const noFile = await t.http().post('/api/localStorage').set('Authorization', bearer(admin)).field('name', 'x');
      expectError(noFile, 400, '请选择要上传的文件');
      expectError(await as(admin).post('/api/localStorage', { file: 'x' }), 400, '请选择要上传的文件');
      expectError(await as(admin).post('/api/localStorage/template', []), 400, '请选择要上传的文件');
      // A browser's untouched file input: a file part with an empty file name.
      expectError(await as(admin).upload('/api/localStorage', Buffer.alloc(0), ''), 400, '请选择要上传的文件');
      const two = await t.http().post('/api/localStorage').set('Authorization', bearer(admin)).attach('file', Buffer.from('1'), 'a.txt').attach('file2', Buffer.from('2'), 'b.txt');
      expectError(two, 400, '一次只能上传一个文件');
      expectError(await as(admin).upload('/api/localStorage', Buffer.alloc(0), 'empty.txt'), 400, '上传的文件内容为空');
      expect(await fileCount()).toBe(count);
    });

    it('404 `文件不存在` for unknown ids', async () => {
      expectError(await as(admin).download('/api/localStorage/download/999999'), 404, '文件不存在');
      expectError(await as(admin).post('/api/localStorage/downloadToken/999999'), 404, '文件不存在');
      expectError(await as(admin).put('/api/localStorage', { id: 999999, name: 'x' }), 404, '文件不存在');
      expectError(await as(admin).del('/api/localStorage', [999999]), 404, '文件不存在');
      expectError(await as(admin).del('/api/localStorage/deleteById/999999'), 404, '文件不存在');
      expectError(await as(admin).download('/api/localStorage/download/abc'), 400, 'id 必须是正整数');
    });
  });

  describe('template (Word only, checked by name and content)', () => {
    it('accepts a real .docx and a .doc (OLE2) from a holder of productSetting:add', async () => {
      const res = await as(editor).upload('/api/localStorage/template', docx, '产品模板.docx');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ realName: '产品模板.docx', name: '产品模板', suffix: 'docx', type: 'word', size: docx.length, handlerName: 'editor' });
      expect((await record(res.body.id))!.mime).toBe(DOCX_MIME);
      const old = await as(admin).upload('/api/localStorage/template', doc, '旧模板.DOC');
      expect(old.status).toBe(201);
      expect(old.body).toMatchObject({ suffix: 'doc', type: 'word', size: doc.length });
    });

    it('refuses a .docx renamed .pdf, a .txt renamed .docx, an .xlsx renamed .docx and a .docx renamed .doc; nothing is kept', async () => {
      const count = await fileCount();
      const before = filesUnder(root);
      const refused: Array<[Buffer, string]> = [
        [docx, '模板.pdf'],
        [Buffer.from('只是一段文本，不是 Word 文档'), '模板.docx'],
        [Buffer.from('plain text'), '模板.doc'],
        [await makeXlsx(), '模板.docx'],
        [docx, '模板.doc'],
        [docx, '模板'],
      ];
      for (const [bytes, name] of refused) expectError(await as(admin).upload('/api/localStorage/template', bytes, name), 400, '只能上传 .doc 或 .docx 文件');
      expect(await fileCount()).toBe(count);
      expect(filesUnder(root)).toEqual(before);
    });

    it('the general upload takes any content (a .txt renamed .docx is stored, but not as word: no template or manuscript can use it)', async () => {
      const res = await as(admin).upload('/api/localStorage', Buffer.from('not word'), 'fake.docx');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ suffix: 'docx', type: 'other' });
      expect((await record(res.body.id))!.mime).toBe('application/octet-stream');
      const real = await as(admin).upload('/api/localStorage', docx, 'real.docx');
      expect(real.status).toBe(201);
      expect(real.body).toMatchObject({ suffix: 'docx', type: 'word' });
      expect((await record(real.body.id))!.mime).toBe(DOCX_MIME);
      const old = await as(admin).upload('/api/localStorage', doc, 'real.doc');
      expect(old.body).toMatchObject({ suffix: 'doc', type: 'word' });
      // The product template rule (a stored word file) now sees the content, not the name.
      const [{ id: deptId }] = await db.query('SELECT id FROM sys_dept ORDER BY id LIMIT 1');
      const product = await as(admin).post('/api/productSetting', { name: '伪装模板产品', deptId, fileIds: res.body.id });
      expectError(product, 400, '模板文件不存在');
      expect((await as(admin).post('/api/productSetting', { name: '真模板产品', deptId, fileIds: real.body.id })).status).toBe(201);
    });
  });

  describe('file names', () => {
    it('`../../etc/passwd` is stored as `passwd` inside the storage root; nothing is written outside it', async () => {
      const etcPasswd = statSync('/etc/passwd').mtimeMs;
      const dataDirBefore = filesUnder(t.config.dataDir).filter((f) => !f.startsWith(`files`));
      for (const name of ['../../etc/passwd', '..\\..\\etc\\passwd', '/etc/passwd']) {
        const { req, response } = rawPost(port, '/api/localStorage', { Authorization: bearer(admin), 'Content-Type': CONTENT_TYPE });
        req.end(Buffer.concat([preamble(name), Buffer.from('root:x:0:0:root:/root:/bin/bash\n'), EPILOGUE]));
        const res = await response;
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ realName: 'passwd', name: 'passwd', suffix: '' });
        const key = (await record(res.body.id as number))!.storageKey;
        expect(key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
        expect(existsSync(join(root, key))).toBe(true);
      }
      expect(statSync('/etc/passwd').mtimeMs).toBe(etcPasswd);
      expect(existsSync(join(t.config.dataDir, 'etc'))).toBe(false);
      expect(filesUnder(t.config.dataDir).filter((f) => !f.startsWith('files'))).toEqual(dataDirBefore);
    });

    it('keeps UTF-8 names and strips control and reserved characters', async () => {
      const { req, response } = rawPost(port, '/api/localStorage', { Authorization: bearer(admin), 'Content-Type': CONTENT_TYPE });
      req.end(Buffer.concat([preamble('新闻稿\t<草稿>|终版?.docx'), Buffer.from('x'), EPILOGUE]));
      const res = await response;
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ realName: '新闻稿草稿终版.docx', name: '新闻稿草稿终版' });
    });
  });

  describe('size limit (100 MB)', () => {
    it('413 `上传文件大小不能超过 100MB!` for a streamed 100 MB + 1 byte file: stored while streaming, the partial file removed', async () => {
      expect(t.config.storage.maxBytes).toBe(100 * MiB);
      const count = await fileCount();
      const before = filesUnder(root);
      const head = preamble('大文件.docx');
      const fileBytes = 100 * MiB + 1;
      const { req, response } = rawPost(port, '/api/localStorage', {
        Authorization: bearer(admin),
        'Content-Type': CONTENT_TYPE,
        'Content-Length': head.length + fileBytes + EPILOGUE.length,
      });
      const chunk = Buffer.alloc(MiB, 0x61); // one buffer, sent 100 times
      let partialSeen = 0;
      await write(req, head);
      for (let i = 0; i < 100; i++) {
        await write(req, chunk);
        if (i === 60) {
          // Mid-upload the bytes are already on disk (a temporary file beside the target): nothing waits in memory for the end.
          partialSeen = filesUnder(root)
            .filter((f) => f.endsWith('.part'))
            .reduce((sum, f) => sum + statSync(join(root, f)).size, 0);
        }
      }
      await write(req, Buffer.from('b'));
      await write(req, EPILOGUE);
      req.end();
      const res = await within(response, 60_000, 'answer');
      expectError(res, 413, '上传文件大小不能超过 100MB!');
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
      expect(partialSeen).toBeGreaterThan(20 * MiB);
      expect(filesUnder(root)).toEqual(before);
      expect(await fileCount()).toBe(count);
      // The server is fine afterwards.
      expect((await as(admin).get('/api/localStorage?size=1')).status).toBe(200);
    }, 120_000);
  });

  describe('downloads', () => {
    let file: FileBody;
    let other: FileBody;

    beforeAll(async () => {
      file = (await as(admin).upload('/api/localStorage/template', docx, '下载测试 “模板”.docx')).body as FileBody;
      other = (await as(admin).upload('/api/localStorage', Buffer.from('other'), 'other.txt')).body as FileBody;
      // a product's template: every session may read it (the read rule of FilesService.readable)
      await db.transaction((em) => t.app.get(FilesService).attach(em, [file.id], 'product', 424242));
    });

    const expectFile = (res: Response) => {
      expect(res.status).toBe(200);
      expect((res.body as Buffer).equals(docx)).toBe(true);
      expect(res.headers['content-type']).toBe(DOCX_MIME);
      expect(res.headers['content-length']).toBe(String(docx.length));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="____ ____.docx"; filename*=UTF-8''${encodeURIComponent('下载测试 “模板”.docx')}`);
    };

    it('download/{id}: a product template reaches any session as an attachment with the UTF-8 name', async () => {
      expectFile(await as(nobody).download(`/api/localStorage/download/${file.id}`));
      expectFile(await as(admin).download(`/api/localStorage/download/${file.id}`));
    });

    it('a file attached to nothing reaches its uploader and storage:list only (404 to others, also for a link)', async () => {
      expect((await as(admin).download(`/api/localStorage/download/${other.id}`)).status).toBe(200);
      expectError(await as(nobody).download(`/api/localStorage/download/${other.id}`), 404, '文件不存在');
      expectError(await as(nobody).post(`/api/localStorage/downloadToken/${other.id}`), 404, '文件不存在');
      const mine = (await as(editor).upload('/api/localStorage/template', docx, 'mine.docx')).body as FileBody;
      expect((await as(editor).download(`/api/localStorage/download/${mine.id}`)).status).toBe(200);
      expectError(await as(nobody).download(`/api/localStorage/download/${mine.id}`), 404, '文件不存在');
    });

    it('404 when the record exists but its bytes are gone', async () => {
      const lost = (await as(admin).upload('/api/localStorage', Buffer.from('lost'), 'lost.txt')).body as FileBody;
      const key = (await record(lost.id))!.storageKey;
      const { rmSync } = await import('node:fs');
      rmSync(join(root, key));
      expectError(await as(admin).download(`/api/localStorage/download/${lost.id}`), 404, '文件不存在');
    });

    it('a signed download token works without a session, for that file only, and expires', async () => {
      const minted = await as(nobody).post(`/api/localStorage/downloadToken/${file.id}`);
      expect(minted.status).toBe(201);
      expect(minted.body).toMatchObject({ token: expect.any(String), expiresIn: 60 });
      expect(minted.body.url).toBe(`api/localStorage/downloadFile/${file.id}?access_token=${encodeURIComponent(minted.body.token)}`);
      expectFile(await t.http().get(`/${minted.body.url}`).buffer(true).parse(binary));

      // Bound to the file.
      expectError(await t.http().get(`/api/localStorage/downloadFile/${other.id}?access_token=${encodeURIComponent(minted.body.token)}`), 401, '下载链接已失效，请重新下载');
      // Forged: the MAC does not match.
      const forged = minted.body.token.replace(/\.(\d+)\.(\d+)\./, (_m: string, user: string, exp: string) => `.${Number(user) + 1}.${exp}.`);
      expectError(await t.http().get(`/api/localStorage/downloadFile/${file.id}?access_token=${encodeURIComponent(forged)}`), 401, '下载链接已失效，请重新下载');
      // Expired: 61 s later.
      const now = Date.now();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
      try {
        expectError(await t.http().get(`/${minted.body.url}`), 401, '下载链接已失效，请重新下载');
      } finally {
        clock.mockRestore();
      }
      expectFile(await t.http().get(`/${minted.body.url}`).buffer(true).parse(binary));
      const expired = t.app.get(DownloadTokenService).sign(file.id, 1, Date.now() - 1000);
      expectError(await t.http().get(`/api/localStorage/downloadFile/${file.id}?access_token=${expired}`), 401, '下载链接已失效，请重新下载');
    });

    it('the login token does not work as access_token (nor a bearer header, nor nothing)', async () => {
      const res = await t.http().get(`/api/localStorage/downloadFile/${file.id}?access_token=${admin}`);
      expectError(res, 401, '下载链接已失效，请重新下载');
      expect(res.body.code).toBe('DOWNLOAD_LINK_INVALID');
      expectError(await t.http().get(`/api/localStorage/downloadFile/${file.id}?access_token=${encodeURIComponent(bearer(admin))}`), 401, '下载链接已失效，请重新下载');
      expectError(await as(admin).get(`/api/localStorage/downloadFile/${file.id}`), 401, '下载链接已失效，请重新下载');
      expectError(await t.http().get(`/api/localStorage/downloadFile/${file.id}`), 401, '下载链接已失效，请重新下载');
      expectError(await t.http().get(`/api/localStorage/downloadFile/${file.id}?access_token=`), 401, '下载链接已失效，请重新下载');
    });
  });

  describe('delete rules', () => {
    const upload = async (token = admin, name = 'd.txt') => (await as(token).upload(token === editor ? '/api/localStorage/template' : '/api/localStorage', token === editor ? docx : Buffer.from('d'), name)).body as FileBody;

    it('409 `文件正在被使用，不能删除` while a product template, a journal version, a manuscript or a manuscript version refers to it', async () => {
      const [tpl, jf, m, mf, free] = [await upload(), await upload(), await upload(), await upload(), await upload()];
      const product = await insertProduct(db, { name: '文件测试产品', deptId: 1, templateFileId: tpl.id });
      const journal = await insertJournal(db, { productId: product });
      await db.query(`INSERT INTO product_journal_file (journal_id, file_id, version) VALUES ($1, $2, 1)`, [journal, jf.id]);
      const manuscript = await insertManuscript(db, { deptId: 1, productId: product, firstAuthor: '张三', fileId: m.id });
      await db.query(`INSERT INTO manuscript_file (manuscript_id, file_id, version) VALUES ($1, $2, 1)`, [manuscript, mf.id]);

      for (const used of [tpl, jf, m, mf]) {
        expectError(await as(admin).del('/api/localStorage', [used.id]), 409, '文件正在被使用，不能删除');
        expectError(await as(admin).del(`/api/localStorage/deleteById/${used.id}`), 409, '文件正在被使用，不能删除');
        expect(await record(used.id)).not.toBeNull();
        expect(existsSync(join(root, (await record(used.id))!.storageKey))).toBe(true);
      }
      // All or nothing: a batch with one used file deletes none.
      expectError(await as(admin).del('/api/localStorage', [free.id, tpl.id]), 409, '文件正在被使用，不能删除');
      expect(await record(free.id)).not.toBeNull();
      expect((await as(admin).del(`/api/localStorage/deleteById/${free.id}`)).status).toBe(200);
      expect(await record(free.id)).toBeNull();
    });

    it('deleteById: the uploader deletes their own file while it is attached to nothing; not another user`s', async () => {
      const own = await upload(editor, '自己的.docx');
      const attached = await upload(editor, '已关联.docx');
      const admins = await upload();
      await db.transaction((em) => t.app.get(FilesService).attach(em, [attached.id], 'product', 1));
      expectError(await as(editor).del(`/api/localStorage/deleteById/${admins.id}`), 403, '没有权限执行此操作');
      expectError(await as(editor).del(`/api/localStorage/deleteById/${attached.id}`), 409, '文件正在被使用，不能删除');
      expect((await as(editor).del(`/api/localStorage/deleteById/${own.id}`)).status).toBe(200);
      expect(await record(own.id)).toBeNull();
      expect(await record(admins.id)).not.toBeNull();
      expect(await record(attached.id)).not.toBeNull();
    });
  });

  describe('findByFormId / findByFormIdAndHandlerId and the FilesService API', () => {
    it('finds the files of a record, optionally by type and uploader', async () => {
      const files = t.app.get(FilesService);
      const a = (await as(admin).upload('/api/localStorage', Buffer.from('a'), 'form-a.txt')).body as FileBody;
      const b = (await as(editor).upload('/api/localStorage/template', docx, 'form-b.docx')).body as FileBody;
      const c = (await as(admin).upload('/api/localStorage', Buffer.from('c'), 'form-c.txt')).body as FileBody;
      await db.transaction(async (em) => {
        await files.attach(em, [a.id, b.id], 'journal', 777);
        await files.attach(em, [c.id], 'manuscript', 777);
      });
      const ids = (res: Response) => (res.body as FileBody[]).map((f) => f.id);
      // the editor reads journal versions (productJournal:list) and manuscripts' files (manuscript:edit)
      expect(ids(await as(editor).get('/api/localStorage/findByFormId?formId=777'))).toEqual([c.id, b.id, a.id]);
      expect(ids(await as(editor).get('/api/localStorage/findByFormId?formId=777&formType=journal'))).toEqual([b.id, a.id]);
      const editorId = (await db.query(`SELECT id FROM sys_user WHERE username = 'editor'`))[0].id;
      expect(ids(await as(editor).get(`/api/localStorage/findByFormIdAndHandlerId?formId=777&handlerId=${editorId}`))).toEqual([b.id]);
      expect(ids(await as(editor).get(`/api/localStorage/findByFormIdAndHandlerId?formId=777&handlerId=${editorId}&formType=manuscript`))).toEqual([]);
      // a session without those permissions sees none of them (manuscript 777 does not exist, so no submitter or department match)
      expect(ids(await as(nobody).get('/api/localStorage/findByFormId?formId=777'))).toEqual([]);
      expectError(await as(nobody).get('/api/localStorage/findByFormId'), 400, 'formId 不能为空');
      expectError(await as(nobody).get('/api/localStorage/findByFormId?formId=x'), 400, 'formId 必须是整数');
      expectError(await as(nobody).get('/api/localStorage/findByFormIdAndHandlerId?formId=1'), 400, 'handlerId 不能为空');
      // attach: unknown ids are an error, inside the caller's transaction.
      await expect(db.transaction((em) => files.attach(em, [a.id, 999999], 'journal', 1))).rejects.toMatchObject({ status: 404, message: '文件不存在' });
      expect((await record(a.id))!.formId).toBe(777);
    });

    it('saveBuffer stores generated bytes; findDtos keeps the order of ids; get 404s; discard removes record and bytes', async () => {
      const files = t.app.get(FilesService);
      const xlsx = await makeXlsx();
      const saved = await files.saveBuffer(xlsx, '统计/报告<2026>.xlsx', null, { formType: 'report' });
      expect(saved).toMatchObject({ realName: '报告2026.xlsx', suffix: 'xlsx', type: 'excel', size: String(xlsx.length), formType: 'report', handlerId: null });
      expect(saved.sha256).toBe(createHash('sha256').update(xlsx).digest('hex'));
      const res = await as(admin).download(`/api/localStorage/download/${saved.id}`);
      expect((res.body as Buffer).equals(xlsx)).toBe(true);

      const other = (await as(admin).upload('/api/localStorage', Buffer.from('o'), 'o.txt')).body as FileBody;
      const dtos = await files.findDtos([other.id, 999999, saved.id]);
      expect(dtos.map((d) => d.id)).toEqual([other.id, saved.id]);
      expect(dtos[1]).toEqual(files.toDto(saved));
      expect(dtos[1].size).toBe(xlsx.length);
      expect(await files.findDtos([])).toEqual([]);
      await expect(files.get(999999)).rejects.toMatchObject({ status: 404, message: '文件不存在' });

      await files.discard(saved);
      expect(await record(saved.id)).toBeNull();
      expect(existsSync(join(root, saved.storageKey))).toBe(false);
    });
  });

  describe('sweep of what interrupted uploads leave (STORAGE_SWEEP_HOURS)', () => {
    const DAY_MS = 24 * 60 * 60 * 1000;
    const uuid = () => randomUUID();
    /** A `.part` file as `put` writes it, last written `ageMs` ago. */
    const partFile = async (ageMs: number): Promise<string> => {
      const path = join(root, '2020', '01', `${uuid()}.docx.${uuid()}.part`);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, 'half an upload');
      const when = new Date(Date.now() - ageMs);
      await utimes(path, when, when);
      return path;
    };
    /** A file record with its bytes, as `receive`/`saveBuffer` leave it, created `ageMs` ago. */
    const stored = async (formType: string | null, ageMs: number, formId: number | null = null): Promise<StoredFile> => {
      const file = await t.app.get(FilesService).saveBuffer(await makeDocx('上传到一半'), '期刊.docx', null, { formType, formId });
      await db.query(`UPDATE sys_file SET create_time = now() - ($2::bigint * interval '1 millisecond') WHERE id = $1`, [file.id, ageMs]);
      return file;
    };
    const gone = async (f: StoredFile) => (await record(f.id)) === null && !existsSync(join(root, f.storageKey));
    const kept = async (f: StoredFile) => (await record(f.id)) !== null && existsSync(join(root, f.storageKey));

    it('is off under NODE_ENV=test unless STORAGE_SWEEP_HOURS is set; 24 hours by default elsewhere', () => {
      expect(t.config.storage.sweepHours).toBe(0);
      expect(loadConfig({ NODE_ENV: 'development' }).storage.sweepHours).toBe(24);
      expect(loadConfig({ NODE_ENV: 'test', STORAGE_SWEEP_HOURS: '6' }).storage.sweepHours).toBe(6);
      expect(() => loadConfig({ STORAGE_SWEEP_HOURS: '-1' })).toThrow('STORAGE_SWEEP_HOURS');
    });

    it('removes pending records and .part files older than the threshold; keeps fresh, attached, referenced and free files', async () => {
      const sweeper = t.app.get(StorageSweepService);
      const oldPart = await partFile(2 * DAY_MS);
      const freshPart = await partFile(60 * 1000);
      const oldJournalUpload = await stored('journal', 2 * DAY_MS);
      const oldManuscriptUpload = await stored('manuscript', 2 * DAY_MS);
      const freshUpload = await stored('journal', 60 * 1000);
      const attached = await stored('journal', 2 * DAY_MS, 4242);
      const referenced = await stored('manuscript', 2 * DAY_MS);
      const product = await insertProduct(db, { name: '清理测试产品', deptId: 1 });
      const journal = await insertJournal(db, { productId: product });
      await db.query(`INSERT INTO product_journal_file (journal_id, file_id, version) VALUES ($1, $2, 1)`, [journal, referenced.id]);
      const freeUpload = await stored(null, 30 * DAY_MS);
      const report = await stored('report', 30 * DAY_MS);
      // a stored file whose own suffix is .part is a file, not a leftover
      const partNamed = (await as(admin).upload('/api/localStorage', Buffer.from('x'), 'notes.part')).body as FileBody;
      const partNamedKey = (await record(partNamed.id))!.storageKey;
      const longAgo = new Date(Date.now() - 30 * DAY_MS);
      await utimes(join(root, partNamedKey), longAgo, longAgo);

      expect(await sweeper.sweep(DAY_MS)).toEqual({ records: 2, incomplete: 1 });
      expect(existsSync(oldPart)).toBe(false);
      expect(await gone(oldJournalUpload)).toBe(true);
      expect(await gone(oldManuscriptUpload)).toBe(true);
      expect(existsSync(freshPart)).toBe(true);
      for (const f of [freshUpload, attached, referenced, freeUpload, report]) expect([f.id, await kept(f)]).toEqual([f.id, true]);
      expect(existsSync(join(root, partNamedKey))).toBe(true);
      // nothing more to do; a smaller age takes the fresh ones too
      expect(await sweeper.sweep(DAY_MS)).toEqual({ records: 0, incomplete: 0 });
      expect(await sweeper.sweep(0)).toEqual({ records: 1, incomplete: 1 });
      expect(await gone(freshUpload)).toBe(true);
      expect(existsSync(freshPart)).toBe(false);
    });

    it('one sweeper at a time: a sweep while another holds the lock answers null and removes nothing', async () => {
      const sweeper = t.app.get(StorageSweepService);
      const orphan = await stored('journal', 2 * DAY_MS);
      const runner = db.createQueryRunner();
      await runner.connect();
      try {
        await runner.query('SELECT pg_advisory_lock(724113002)');
        expect(await sweeper.sweep(DAY_MS)).toBeNull();
        expect(await kept(orphan)).toBe(true);
      } finally {
        await runner.query('SELECT pg_advisory_unlock(724113002)');
        await runner.release();
      }
      expect(await sweeper.sweep(DAY_MS)).toEqual({ records: 1, incomplete: 0 });
      expect(await gone(orphan)).toBe(true);
    });
  });
});

describe('api/localStorage with a 1 MB limit (UPLOAD_MAX_MB=1)', () => {
  let t: TestApp;
  let port: number;
  let admin: string;
  let root: string;

  beforeAll(async () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    t = await createTestApp({ storage: { ...base.storage, maxBytes: MiB } });
    root = join(t.config.dataDir, 'files');
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const send = async (fileBytes: number) => {
    const head = preamble('limit.bin');
    const { req, response } = rawPost(port, '/api/localStorage', { Authorization: bearer(admin), 'Content-Type': CONTENT_TYPE, 'Content-Length': head.length + fileBytes + EPILOGUE.length });
    await write(req, head);
    await write(req, Buffer.alloc(fileBytes, 1));
    await write(req, EPILOGUE);
    req.end();
    return response;
  };

  it('exactly the limit is accepted; one byte more is refused with the configured size in the message', async () => {
    const ok = await send(MiB);
    expect(ok.status).toBe(201);
    expect(ok.body.size).toBe(MiB);
    const before = filesUnder(root);
    const over = await send(MiB + 1);
    expect({ status: over.status, body: over.body }).toMatchObject({ status: 413, body: { status: 413, message: '上传文件大小不能超过 1MB!' } });
    expect(filesUnder(root)).toEqual(before);
  });

  it('answers 413 as soon as the stream passes the limit, before the client has finished sending; the connection stays usable', async () => {
    const before = filesUnder(root);
    // A keep-alive client (like a browser) that goes on sending after the answer. Chunked (no
    // Content-Length), so only the bytes themselves can tell the size.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let connections = 0;
    const connect = agent.createConnection.bind(agent);
    agent.createConnection = ((...args: Parameters<typeof connect>) => {
      connections++;
      return connect(...args);
    }) as typeof agent.createConnection;
    try {
      const { req, response } = rawPost(port, '/api/localStorage/template', { Authorization: bearer(admin), 'Content-Type': CONTENT_TYPE }, agent);
      await write(req, preamble('big.doc'));
      await write(req, makeDoc());
      const chunk = Buffer.alloc(256 * 1024, 2);
      for (let i = 0; i < 8; i++) await write(req, chunk); // 2 MB written, the body not ended
      const res = await within(response, 10_000, 'answer before the body ended');
      expect({ status: res.status, body: res.body }).toMatchObject({ status: 413, body: { message: '上传文件大小不能超过 1MB!' } });
      // The server drains the rest instead of resetting the connection (node's client emits no
      // 'drain' once the answer is complete, so these writes are not awaited one by one)...
      for (let i = 0; i < 8; i++) req.write(chunk);
      req.end(EPILOGUE);
      await within(once(req, 'finish'), 10_000, 'the rest of the body sent');
      // ...and the same connection serves the next request.
      const next = await within(
        new Promise<number>((resolve, reject) => {
          http.get({ host: '127.0.0.1', port, path: '/api/localStorage?size=1', headers: { Authorization: bearer(admin) }, agent }, (r) => {
            r.resume();
            r.on('end', () => resolve(r.statusCode ?? 0));
          }).on('error', reject);
        }),
        10_000,
        'next answer',
      );
      expect(next).toBe(200);
      expect(connections).toBe(1);
      expect(filesUnder(root)).toEqual(before);
    } finally {
      agent.destroy();
    }
  });

  it('a `Connection: close` client that reads nothing until it has sent everything still gets the 413, not a reset', async () => {
    const head = preamble('late-reader.bin');
    const fileBytes = 4 * MiB;
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.pause(); // reads nothing until the upload is sent, like a simple blocking client
    const received: Buffer[] = [];
    socket.on('data', (c: Buffer) => received.push(c));
    const ended = new Promise<string>((resolve) => {
      socket.on('error', (e) => resolve(`error ${e.message}`));
      socket.on('close', () => resolve('close'));
    });
    const send = (chunk: Buffer | string) => new Promise<void>((resolve, reject) => socket.write(chunk, (e) => (e ? reject(e) : resolve())));
    await send(
      `POST /api/localStorage HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${bearer(admin)}\r\nContent-Type: ${CONTENT_TYPE}\r\n` +
        `Content-Length: ${head.length + fileBytes + EPILOGUE.length}\r\nConnection: close\r\n\r\n`,
    );
    await send(head);
    const chunk = Buffer.alloc(256 * 1024, 3);
    for (let i = 0; i < fileBytes / chunk.length; i++) await send(chunk);
    await send(EPILOGUE);
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.resume();
    // Read until the whole answer is in (the server may keep the connection open: keep-alive).
    const deadline = Date.now() + 10_000;
    while (!/\r\n\r\n[\s\S]*\}$/.test(Buffer.concat(received).toString('utf8')) && Date.now() < deadline) {
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 20))]);
    }
    socket.destroy();
    const text = Buffer.concat(received).toString('utf8');
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain('"message":"上传文件大小不能超过 1MB!"');
  });

  it('a declared Content-Length far over the limit is refused before anything is stored', async () => {
    const before = filesUnder(root);
    const { req, response } = rawPost(port, '/api/localStorage', { Authorization: bearer(admin), 'Content-Type': CONTENT_TYPE, 'Content-Length': 50 * MiB });
    await write(req, preamble('huge.bin'));
    const res = await within(response, 10_000, 'answer');
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 413, body: { message: '上传文件大小不能超过 1MB!' } });
    req.destroy();
    expect(filesUnder(root)).toEqual(before);
  });
});
