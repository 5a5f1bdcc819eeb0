import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

interface DetailBody {
  id: number;
  label: string;
  value: string;
  dictSort: number;
  dict: { id: number; name: string };
  createBy: string | null;
  createTime: string;
}

describe('api/dict and api/dictDetail', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let translator: string;

  const as = (token: string) => ({
    get: (url: string) => t.http().get(url).set('Authorization', bearer(token)),
    post: (url: string, body: object) => t.http().post(url).set('Authorization', bearer(token)).send(body),
    put: (url: string, body: object) => t.http().put(url).set('Authorization', bearer(token)).send(body),
    del: (url: string, body?: unknown[]) => t.http().delete(url).set('Authorization', bearer(token)).send(body),
  });
  const dictId = async (name: string): Promise<number> => (await db.query('SELECT id FROM sys_dict WHERE name = $1', [name]))[0].id;
  const labels = (res: Response) => (res.body.content as DetailBody[]).map((d) => d.label);

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    translator = await t.login('translator');
  });
  afterAll(() => t.close());

  describe('dictionaries', () => {
    it('lists the seeded dictionaries, paged and filtered', async () => {
      const res = await as(admin).get('/api/dict?page=0&size=5');
      expect(res.status).toBe(200);
      expect(res.body.totalElements).toBe(12);
      expect(res.body.content).toHaveLength(5);
      expect(Object.keys(res.body.content[0]).sort()).toEqual(['createBy', 'createTime', 'description', 'id', 'name', 'updateBy', 'updateTime']);
      const byName = await as(admin).get('/api/dict?blurry=user_');
      expect(byName.body.content.map((d: { name: string }) => d.name)).toEqual(['user_status']);
      const byDescription = await as(admin).get('/api/dict?blurry=行业');
      expect(byDescription.body.content).toMatchObject([{ name: 'domain_type', description: '行业领域', createBy: 'system' }]);
      const sorted = await as(admin).get('/api/dict?sort=name,asc&size=2');
      expect(sorted.body.content.map((d: { name: string }) => d.name)).toEqual(['content_type', 'country']);
      // `%` and `_` are literal.
      expect((await as(admin).get('/api/dict?blurry=%25')).body.totalElements).toBe(0);
    });

    it('GET all: every dictionary as a list', async () => {
      const res = await as(admin).get('/api/dict/all');
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body).toHaveLength(12);
      expect(res.body[0]).toMatchObject({ name: 'user_status', description: '用户状态' });
    });

    it('creates, edits and deletes a dictionary; deleting it removes its details', async () => {
      const created = await as(admin).post('/api/dict', { name: 'test_dict', description: '测试字典', id: 5 });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'test_dict', description: '测试字典', createBy: 'admin' });
      const id: number = created.body.id;
      expect(id).not.toBe(5);

      const edited = await as(admin).put('/api/dict', { id, name: 'test_dict2', description: '改过的', createTime: 'ignored' });
      expect(edited.status).toBe(204);
      expect((await as(admin).get('/api/dict?blurry=test_dict')).body.content).toMatchObject([{ id, name: 'test_dict2', description: '改过的', updateBy: 'admin' }]);

      for (const [label, value] of [['是', '1'], ['否', '0']]) {
        expect((await as(admin).post('/api/dictDetail', { label, value, dict: { id } })).status).toBe(201);
      }
      expect((await as(admin).get('/api/dictDetail?dictName=test_dict2')).body.totalElements).toBe(2);

      expect((await as(admin).del('/api/dict', [id])).status).toBe(200);
      expect((await as(admin).get('/api/dict?blurry=test_dict')).body.totalElements).toBe(0);
      expect((await as(admin).get('/api/dictDetail?dictName=test_dict2')).body.totalElements).toBe(0);
      expect((await db.query('SELECT count(*)::int AS n FROM sys_dict_detail WHERE dict_id = $1', [id]))[0].n).toBe(0);
      expectError(await as(admin).del('/api/dict', [id]), 404, '所选字典不存在或已被删除');
    });

    it('answers 400 with a readable message on bad input', async () => {
      const cases: Array<[string, object, string]> = [
        ['POST', { description: '无名' }, '字典名称不能为空'],
        ['POST', { name: '' }, '字典名称不能为空'],
        ['POST', { name: 'x'.repeat(101) }, '字典名称不能超过 100 个字符'],
        ['POST', { name: 42 }, '字典名称必须是字符串'],
        ['POST', { name: 'ok_name', description: 'x'.repeat(256) }, '描述不能超过 255 个字符'],
        ['POST', { name: 'user_status' }, '字典名称 user_status 已存在'],
        ['PUT', { name: 'no_id' }, 'id 必须是整数'],
      ];
      for (const [method, body, message] of cases) {
        expectError(method === 'POST' ? await as(admin).post('/api/dict', body) : await as(admin).put('/api/dict', body), 400, message);
      }
      expectError(await as(admin).put('/api/dict', { id: await dictId('job_status'), name: 'user_status' }), 400, '字典名称 user_status 已存在');
      expectError(await as(admin).del('/api/dict', ['x']), 400, 'id 必须是正整数');
      expectError(await as(admin).get('/api/dict?sort=password,asc'), 400, '不支持的排序字段: password');
      expectError(await as(admin).get('/api/dict?size=10000'), 400, 'size 不能超过 9999'); // a lookup clients load whole (issue 12)
      expectError(await as(admin).get('/api/dict?size=abc'), 400, 'size 必须是整数');
    });

    it('answers 404 for an unknown dictionary on edit', async () => {
      expectError(await as(admin).put('/api/dict', { id: 999999, name: 'nope' }), 404, '字典不存在: id is 999999');
    });

    it('answers 401 without a session and 403 without the permission', async () => {
      expect((await t.http().get('/api/dict')).status).toBe(401);
      expect((await t.http().post('/api/dict').send({ name: 'x' })).status).toBe(401);
      const denied = [
        await as(translator).get('/api/dict'),
        await as(translator).get('/api/dict/all'),
        await as(translator).get('/api/dict/download'),
        await as(translator).post('/api/dict', { name: 'x' }),
        await as(translator).put('/api/dict', { id: 1, name: 'x' }),
        await as(translator).del('/api/dict', [1]),
      ];
      for (const res of denied) expectError(res, 403, '没有权限执行此操作');
    });

    it('exports xlsx: one row per detail', async () => {
      const res = await as(admin)
        .get('/api/dict/download?blurry=user_status')
        .buffer(true)
        .parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.body as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1, 5)));
      expect(rows).toEqual([
        ['字典名称', '字典描述', '字典标签', '字典值'],
        ['user_status', '用户状态', '激活', 'true'],
        ['user_status', '用户状态', '禁用', 'false'],
      ]);
    });
  });

  describe('details', () => {
    it('lists details of a dictionary for any logged-in user, by dictSort', async () => {
      const res = await as(translator).get('/api/dictDetail?dictName=user_status');
      expect(res.status).toBe(200);
      expect(res.body.totalElements).toBe(2);
      expect(res.body.content[0]).toMatchObject({ label: '激活', value: 'true', dictSort: 1, dict: { name: 'user_status' }, createBy: 'system' });
      expect(Object.keys(res.body.content[0]).sort()).toEqual(['createBy', 'createTime', 'dict', 'dictSort', 'id', 'label', 'updateBy', 'updateTime', 'value']);
      expect(res.body.content[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(labels(await as(translator).get('/api/dictDetail?dictName=user_status&sort=dictSort,desc'))).toEqual(['禁用', '激活']);
      expect(labels(await as(translator).get('/api/dictDetail?dictName=country&label=美'))).toEqual(['美国']);
      expect((await as(translator).get('/api/dictDetail?dictName=nope')).body).toEqual({ content: [], totalElements: 0 });
    });

    it('pages details: 10 by default, up to 1000', async () => {
      const first = await as(admin).get('/api/dictDetail?dictName=country');
      expect(first.body.totalElements).toBe(12);
      expect(first.body.content).toHaveLength(10);
      expect(labels(await as(admin).get('/api/dictDetail?dictName=country&page=1'))).toEqual(['欧盟', '其他']);
      // The spec's dictionary lookup loads a whole dictionary with page=0&size=9999.
      const whole = await as(admin).get('/api/dictDetail?dictName=country&page=0&size=9999&enabled=true');
      expect(whole.status).toBe(200);
      expect(whole.body.content.map((d: { label: string }) => d.label)).toContain('美国');
      expect((await as(admin).get('/api/dictDetail?size=9999')).body.content.length).toBeGreaterThan(50);
      expectError(await as(admin).get('/api/dictDetail?size=10000'), 400, 'size 不能超过 9999');
      expectError(await as(admin).get('/api/dictDetail?sort=dict_id,asc'), 400, '不支持的排序字段: dict_id');
      expectError(await as(admin).get('/api/dictDetail?page=abc'), 400, 'page 必须是整数');
    });

    it('maps several dictionaries at once, with an ASCII or a full-width comma', async () => {
      const res = await as(translator).get('/api/dictDetail/map').query({ dictName: 'user_status，job_status,nope, ，' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['job_status', 'nope', 'user_status']);
      expect(res.body.user_status.map((d: DetailBody) => [d.label, d.value])).toEqual([['激活', 'true'], ['禁用', 'false']]);
      expect(res.body.job_status.map((d: DetailBody) => d.label)).toEqual(['启用', '停用']);
      expect(res.body.job_status[0].dict).toMatchObject({ name: 'job_status' });
      expect(res.body.nope).toEqual([]);
      const ascii = await as(translator).get('/api/dictDetail/map?dictName=language,trans_status');
      expect(ascii.body.language).toHaveLength(7);
      expect(ascii.body.trans_status).toHaveLength(3);
      const proto = await as(translator).get('/api/dictDetail/map?dictName=__proto__');
      expect(proto.status).toBe(200);
      expect(Object.prototype).not.toHaveProperty('length');
      expectError(await as(translator).get('/api/dictDetail/map'), 400, 'dictName 不能为空');
      expectError(await as(translator).get('/api/dictDetail/map?dictName=,，'), 400, 'dictName 不能为空');
      expect((await t.http().get('/api/dictDetail/map?dictName=user_status')).status).toBe(401);
    });

    it('creates, edits and deletes a detail', async () => {
      const id = await dictId('product_type');
      const created = await as(admin).post('/api/dictDetail', { label: '增刊', value: 3, dictSort: 3, dict: { id } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ label: '增刊', value: '3', dictSort: 3, dict: { id, name: 'product_type' }, createBy: 'admin' });
      const detailId: number = created.body.id;
      const defaulted = await as(admin).post('/api/dictDetail', { label: '其他', value: '9', dict: { id } });
      expect(defaulted.body.dictSort).toBe(999);

      const edited = await as(admin).put('/api/dictDetail', { id: detailId, label: '增刊号', value: '3', dictSort: 0, dict: { id } });
      expect(edited.status).toBe(204);
      expect(labels(await as(admin).get('/api/dictDetail?dictName=product_type'))).toEqual(['增刊号', '常规期', '专刊', '其他']);

      expect((await as(admin).del(`/api/dictDetail/${detailId}`)).status).toBe(200);
      expectError(await as(admin).del(`/api/dictDetail/${detailId}`), 404, `字典详情不存在: id is ${detailId}`);
      expect((await as(admin).del(`/api/dictDetail/${defaulted.body.id}`)).status).toBe(200);
      expect(labels(await as(admin).get('/api/dictDetail?dictName=product_type'))).toEqual(['常规期', '专刊']);
    });

    it('answers 400 with a readable message on bad input', async () => {
      const id = await dictId('product_type');
      const cases: Array<[string, object, string]> = [
        ['POST', { value: '1', dict: { id } }, '字典标签不能为空'],
        ['POST', { label: 'x'.repeat(256), value: '1', dict: { id } }, '字典标签不能超过 255 个字符'],
        ['POST', { label: '标签', dict: { id } }, '字典值不能为空'],
        ['POST', { label: '标签', value: true, dict: { id } }, '字典值必须是字符串'],
        ['POST', { label: '标签', value: 'v'.repeat(256), dict: { id } }, '字典值不能超过 255 个字符'],
        ['POST', { label: '标签', value: '1', dictSort: 'abc', dict: { id } }, '排序必须是整数'],
        ['POST', { label: '标签', value: '1', dictSort: -1, dict: { id } }, '排序不能小于 0'],
        ['POST', { label: '标签', value: '1' }, '所属字典不能为空'],
        ['POST', { label: '标签', value: '1', dict: 'product_type' }, '所属字典格式不正确'],
        ['POST', { label: '标签', value: '1', dict: {} }, '字典 id 必须是整数'],
        ['POST', { label: '标签', value: '1', dict: { id: 999999 } }, '所选字典不存在'],
        ['PUT', { label: '标签', value: '1', dict: { id } }, 'id 必须是整数'],
        ['PUT', { id: 1, label: '标签', value: '1', dict: { id: 999999 } }, '所选字典不存在'],
      ];
      for (const [method, body, message] of cases) {
        expectError(method === 'POST' ? await as(admin).post('/api/dictDetail', body) : await as(admin).put('/api/dictDetail', body), 400, message);
      }
      expectError(await as(admin).del('/api/dictDetail/abc'), 400, 'id 必须是正整数');
      expectError(await as(admin).del('/api/dictDetail/0'), 400, 'id 必须是正整数');
    });

    it('answers 404 for an unknown detail', async () => {
      const id = await dictId('product_type');
      expectError(await as(admin).put('/api/dictDetail', { id: 999999, label: '无', value: '1', dict: { id } }), 404, '字典详情不存在: id is 999999');
      expectError(await as(admin).del('/api/dictDetail/999999'), 404, '字典详情不存在: id is 999999');
    });

    it('answers 401 without a session and 403 without the permission', async () => {
      expect((await t.http().get('/api/dictDetail?dictName=user_status')).status).toBe(401);
      expect((await t.http().delete('/api/dictDetail/1')).status).toBe(401);
      const id = await dictId('product_type');
      const denied = [
        await as(translator).post('/api/dictDetail', { label: 'x', value: '1', dict: { id } }),
        await as(translator).put('/api/dictDetail', { id: 1, label: 'x', value: '1', dict: { id } }),
        await as(translator).del('/api/dictDetail/1'),
      ];
      for (const res of denied) expectError(res, 403, '没有权限执行此操作');
    });
  });
});
