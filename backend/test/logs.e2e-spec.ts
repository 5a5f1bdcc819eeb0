import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, type TestApp, USER_PASSWORD } from './utils/test-app';

interface LogBody {
  id: number;
  description: string | null;
  logType: 'INFO' | 'ERROR';
  method: string;
  params: string | null;
  requestIp: string | null;
  address: string;
  browser: string | null;
  time: number;
  status: number | null;
  username: string | null;
  exceptionDetail: string | null;
  createTime: string;
}

/** The operation log is written after the response, without awaiting: poll until `check` passes. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('api/logs', () => {
  let t: TestApp;
  let admin: string;
  let translator: string;

  const as = (token: string) => ({
    get: (url: string) => t.http().get(url).set('Authorization', bearer(token)),
    post: (url: string, body: object) => t.http().post(url).set('Authorization', bearer(token)).send(body),
    del: (url: string) => t.http().delete(url).set('Authorization', bearer(token)),
  });
  const rows = (res: Response) => res.body.content as LogBody[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    translator = await t.login('translator');
  });
  afterAll(() => t.close());

  it('records a successful write as INFO, with who, what and how long', async () => {
    expect((await as(admin).post('/api/dict', { name: 'log_probe', description: '日志探针' })).status).toBe(201);
    const res = await eventually(
      () => as(admin).get('/api/logs?blurry=log_probe'),
      (r) => rows(r).some((l) => l.logType === 'INFO'),
    );
    expect(res.status).toBe(200);
    const row = rows(res).find((l) => l.logType === 'INFO')!;
    expect(row).toMatchObject({ description: '新增字典', logType: 'INFO', method: 'POST /api/dict', username: 'admin', status: 201, exceptionDetail: null });
    expect(typeof row.id).toBe('number');
    expect(typeof row.time).toBe('number');
    expect(JSON.parse(row.params!)).toEqual({ name: 'log_probe', description: '日志探针' });
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Object.keys(row).sort()).toEqual(['address', 'browser', 'createTime', 'description', 'exceptionDetail', 'id', 'logType', 'method', 'params', 'requestIp', 'status', 'time', 'username']);
    expect(row.address).toBe('内网IP'); // issue 12: eladmin's address of the request IP (this test talks over the loopback)
  });

  it('records a failed write as ERROR, with the error shown by api/logs/error/{id}', async () => {
    expectError(await as(admin).post('/api/dict', { name: 'log_probe' }), 400, '字典名称 log_probe 已存在');
    const res = await eventually(
      () => as(admin).get('/api/logs?logType=ERROR&blurry=log_probe'),
      (r) => r.body.totalElements > 0,
    );
    const row = rows(res)[0];
    expect(row).toMatchObject({ description: '新增字典', logType: 'ERROR', username: 'admin', status: 400, exceptionDetail: '字典名称 log_probe 已存在' });
    expect(rows(res).every((l) => l.logType === 'ERROR')).toBe(true);

    const detail = await as(admin).get(`/api/logs/error/${row.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual({ exception: '字典名称 log_probe 已存在' });
    expectError(await as(admin).get('/api/logs/error/999999999'), 404, '日志不存在: id is 999999999');
    expectError(await as(admin).get('/api/logs/error/abc'), 400, 'id 必须是正整数');

    const errors = await as(admin).get('/api/logs/error');
    expect(errors.status).toBe(200);
    expect(rows(errors).length).toBeGreaterThan(0);
    expect(rows(errors).every((l) => l.logType === 'ERROR')).toBe(true);
  });

  it('masks passwords: the login row never holds the ciphertext', async () => {
    const cipher = t.encrypt(USER_PASSWORD);
    expect((await t.http().post('/auth/login').send({ username: 'reviewer', password: cipher, code: '', uuid: '' })).status).toBe(200);
    const wrong = t.encrypt('wrong-password');
    expect((await t.http().post('/auth/login').send({ username: 'reviewer', password: wrong, code: '', uuid: '' })).status).toBe(400);
    const res = await eventually(
      () => as(admin).get('/api/logs?blurry=reviewer'),
      (r) => rows(r).filter((l) => l.method === 'POST /auth/login').length >= 2,
    );
    const logins = rows(res).filter((l) => l.method === 'POST /auth/login');
    expect(logins.map((l) => l.logType).sort()).toEqual(['ERROR', 'INFO']);
    // A failed login is not attributed to the user it named (anyone can type a username).
    expect(logins.find((l) => l.logType === 'INFO')!.username).toBe('reviewer');
    expect(logins.find((l) => l.logType === 'ERROR')!.username).toBeNull();
    for (const row of logins) {
      expect(row.params).not.toContain(cipher);
      expect(row.params).not.toContain(wrong);
      expect(JSON.parse(row.params!)).toMatchObject({ username: 'reviewer', password: '******' });
    }
    // Searching for the ciphertext finds nothing.
    expect((await as(admin).get('/api/logs').query({ blurry: cipher.slice(0, 40) })).body.totalElements).toBe(0);
  });

  it('filters by type, time range and sorts; bad filters answer 400', async () => {
    const info = await as(admin).get('/api/logs?logType=INFO&size=1000');
    expect(rows(info).length).toBeGreaterThan(0);
    expect(rows(info).every((l) => l.logType === 'INFO')).toBe(true);
    const ids = rows(info).map((l) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const asc = rows(await as(admin).get('/api/logs?sort=id,asc')).map((l) => l.id);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const paged = await as(admin).get('/api/logs?page=0&size=1');
    expect(paged.body.content).toHaveLength(1);
    expect(paged.body.totalElements).toBeGreaterThan(1);
    expect((await as(admin).get('/api/logs?createTime=2000-01-01&createTime=2000-01-02')).body).toEqual({ content: [], totalElements: 0 });
    expect((await as(admin).get('/api/logs?createTime=2000-01-01&createTime=2999-12-31')).body.totalElements).toBeGreaterThan(0);
    expect(rows(await as(admin).get('/api/logs?username=admin')).every((l) => l.username === 'admin')).toBe(true);

    expectError(await as(admin).get('/api/logs?logType=WARN'), 400, 'logType 只能是 INFO 或 ERROR');
    expectError(await as(admin).get('/api/logs?sort=params,asc'), 400, '不支持的排序字段: params');
    expectError(await as(admin).get('/api/logs?size=1001'), 400, 'size 不能超过 1000');
    expectError(await as(admin).get('/api/logs?createTime=yesterday&createTime=today'), 400, 'createTime 时间格式应为 yyyy-MM-dd HH:mm:ss');
    expectError(await as(admin).get(`/api/logs?blurry=${'x'.repeat(201)}`), 400, '搜索内容不能超过 200 个字符');
  });

  it("api/logs/user: the caller's own rows only, whatever the filters", async () => {
    const own = await eventually(
      () => as(translator).get('/api/logs/user'),
      (r) => r.body.totalElements > 0,
    );
    expect(own.status).toBe(200);
    expect(rows(own).some((l) => l.method === 'POST /auth/login')).toBe(true);
    expect(rows(own).every((l) => l.username === 'translator')).toBe(true);
    // A search that matches other users' rows (admin's params) must not widen the owner filter.
    expect((await as(admin).get('/api/logs?blurry=log_probe')).body.totalElements).toBeGreaterThan(0);
    expect((await as(translator).get('/api/logs/user?blurry=log_probe')).body).toEqual({ content: [], totalElements: 0 });
    expect((await as(translator).get('/api/logs/user?blurry=admin')).body.content.every((l: LogBody) => l.username === 'translator')).toBe(true);
    const spoofed = await as(translator).get('/api/logs/user?username=admin');
    expect(spoofed.body.totalElements).toBe(own.body.totalElements);
    expect(rows(spoofed).every((l) => l.username === 'translator')).toBe(true);
    expect(rows(await as(translator).get('/api/logs/user?logType=INFO')).every((l) => l.logType === 'INFO')).toBe(true);
    expectError(await as(translator).get('/api/logs/user?logType=x'), 400, 'logType 只能是 INFO 或 ERROR');
    expectError(await as(translator).get('/api/logs/user?sort=nope,asc'), 400, '不支持的排序字段: nope');
    expectError(await as(translator).get('/api/logs/user?size=5000'), 400, 'size 不能超过 1000');
    expect((await t.http().get('/api/logs/user')).status).toBe(401);
  });

  it('answers 401 without a session and 403 to non-administrators', async () => {
    for (const url of ['/api/logs', '/api/logs/error', '/api/logs/error/1', '/api/logs/download']) {
      expect((await t.http().get(url)).status).toBe(401);
      expectError(await as(translator).get(url), 403, '没有权限执行此操作');
    }
    for (const url of ['/api/logs/del/info', '/api/logs/del/error']) {
      expect((await t.http().delete(url)).status).toBe(401);
      expectError(await as(translator).del(url), 403, '没有权限执行此操作');
    }
  });

  it('exports xlsx', async () => {
    const res = await as(admin)
      .get('/api/logs/download?username=admin&logType=INFO')
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['用户名', 'IP', 'IP来源', '描述']);
    expect(sheet.getRow(2).getCell(1).value).toBe('admin');
  });

  it('deletes all ERROR rows, then all INFO rows', async () => {
    expect((await as(admin).del('/api/logs/del/error')).status).toBe(200);
    expect((await as(admin).get('/api/logs?logType=ERROR')).body.totalElements).toBe(0);
    const before = (await as(admin).get('/api/logs?logType=INFO')).body.totalElements;
    expect(before).toBeGreaterThan(1);

    expect((await as(admin).del('/api/logs/del/info')).status).toBe(200);
    // Only the deletion's own row (written after it ran) is left.
    const after = await eventually(
      () => as(admin).get('/api/logs?logType=INFO'),
      (r) => r.body.totalElements === 1,
    );
    expect(rows(after)).toMatchObject([{ description: '删除所有INFO日志', method: 'DELETE /api/logs/del/info', username: 'admin' }]);
    expect((await as(admin).get('/api/logs?blurry=log_probe')).body.totalElements).toBe(0);
  });
});
