import { Document, Packer, Paragraph } from 'docx';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { insertManuscript, insertProduct, insertStoredFile } from './utils/factories';
import { expectError } from './utils/http';
import { bearer, createTestApp, type TestApp, requestsAs } from './utils/test-app';

interface JournalBody {
  id: number;
  productId: number;
  product: { id: number; name: string } | null;
  year: number;
  journalNo: number;
  totalNo: number;
  editorIds: string | null;
  memo: string | null;
  createTime: string;
  planPublishTime: string | null;
  publishTime: string | null;
  status: string;
  createBy: { id: number; username: string } | null;
  canEdit: boolean;
  files?: JournalFileBody[];
}

interface JournalFileBody {
  id: number;
  version: number;
  title: string | null;
  file: { id: number; realName: string; type: string } | null;
  createTime: string;
  createBy: { id: number; username: string } | null;
}

const JOURNAL_KEYS = ['canEdit', 'createBy', 'createTime', 'editorIds', 'id', 'journalNo', 'memo', 'planPublishTime', 'product', 'productId', 'publishTime', 'status', 'totalNo', 'year'];
const ROW_KEYS = ['canEdit', 'createBy', 'createTime', 'editorIds', 'id', 'journalNo', 'memo', 'planPublishTime', 'product', 'status', 'year'];
const FORBIDDEN = '没有权限执行此操作';
const EXPIRED = '登录状态已过期，请重新登录';
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The current year of the server's time zone (the test app runs in Asia/Shanghai). */
const thisYear = () => Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date()));

describe('api/productJournal', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let editor: string;
  let translator: string;
  let nobody: string;
  let deptId: number;
  let editorUserId: number;
  let seq = 0;

  const as = (token: string) => requestsAs(t, token);
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => ((await db.query(sql, params)) as T[])[0];

  /** A product row (the products API is another module's): `period` 'daily' makes a daily product. */
  const product = async (period: string | null = 'weekly', name = `产品${++seq}`): Promise<number> =>
    insertProduct(db, { name, deptId, period, type: '1', contentType: '2' });

  const create = async (body: Record<string, unknown>, token = editor): Promise<JournalBody> => {
    const res = await as(token).post('/api/productJournal', { planPublishTime: '2026-03-01', ...body });
    if (res.status !== 201) throw new Error(`create journal failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as JournalBody;
  };
  const status = async (id: number) => (await one<{ status: string }>('SELECT status FROM product_journal WHERE id = $1', [id])).status;
  const setStatus = (id: number, s: string) => db.query('UPDATE product_journal SET status = $2 WHERE id = $1', [id, s]);

  /** A journal version as an upload would leave it: a `sys_file` row and a `product_journal_file` row. */
  const addVersion = async (journalId: number, title = '期刊版本'): Promise<number> => {
    seq += 1;
    const fileId = await insertStoredFile(db, {
      realName: `期刊${seq}.docx`, name: `期刊${seq}`, suffix: 'docx', type: 'word', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 2048,
      sha256: 'b'.repeat(64), storageKey: `2026/01/journal-${seq}.docx`, formType: 'journal', formId: journalId, handlerId: editorUserId, handlerName: 'editor',
    });
    await db.query(
      `INSERT INTO product_journal_file (journal_id, file_id, version, title, create_by)
       VALUES ($1, $2, (SELECT COALESCE(max(version), 0) + 1 FROM product_journal_file WHERE journal_id = $1), $3, 'editor')`,
      [journalId, fileId, title],
    );
    return fileId;
  };

  const transition = (id: number, target: unknown, token = editor) => as(token).post('/api/productJournal/updateStatus', { journalId: id, status: target });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    editor = await t.login('editor');
    translator = await t.login('translator');
    nobody = await t.loginWithoutRoles('journalless');
    deptId = (await one<{ id: number }>("SELECT id FROM sys_dept WHERE name = '期刊编辑部'")).id;
    editorUserId = (await one<{ id: number }>("SELECT id FROM sys_user WHERE username = 'editor'")).id;
  });
  afterAll(() => t.close());

  describe('records', () => {
    it('creates a journal in edit (201, the whole record; createBy is the caller)', async () => {
      const productId = await product('weekly', '周刊甲');
      const res = await as(editor).post('/api/productJournal', {
        productId,
        year: 2026,
        journalNo: 3,
        totalNo: 15,
        editorIds: '3,7',
        memo: '第三期',
        planPublishTime: '2026-03-06',
        status: 'done',
        publishTime: '2026-01-01 00:00:00',
      });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(JOURNAL_KEYS);
      expect(res.body).toEqual({
        id: expect.any(Number),
        productId,
        product: { id: productId, name: '周刊甲' },
        year: 2026,
        journalNo: 3,
        totalNo: 15,
        editorIds: '3,7',
        memo: '第三期',
        createTime: expect.stringMatching(TIME),
        planPublishTime: '2026-03-06',
        publishTime: null,
        status: 'edit',
        createBy: { id: editorUserId, username: 'editor' },
        canEdit: true,
      });
      expect(await one('SELECT create_by AS "createBy", status FROM product_journal WHERE id = $1', [res.body.id])).toEqual({ createBy: 'editor', status: 'edit' });
    });

    it('defaults the total number to the product largest + 1 and normalises the form', async () => {
      const productId = await product();
      expect((await create({ productId, year: 2025, journalNo: 1, totalNo: 41 })).totalNo).toBe(41);
      const next = await create({ productId: String(productId), year: '2026', journalNo: '1', editorIds: [7, 3, 7], memo: '  ', planPublishTime: '2026-03-06 00:00:00' });
      expect(next).toMatchObject({ productId, year: 2026, journalNo: 1, totalNo: 42, editorIds: '7,3', memo: null, planPublishTime: '2026-03-06' });
    });

    it('simultaneous creations for one product take distinct default total numbers; a total past the int range is 400, not a 500', async () => {
      const productId = await product();
      const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => as(editor).post('/api/productJournal', { productId, year: 2027, journalNo: n, planPublishTime: '2027-01-01' })));
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(results.map((r) => r.body.totalNo as number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
      await create({ productId, year: 2028, journalNo: 1, totalNo: 2 ** 31 - 1 });
      expectError(await as(editor).post('/api/productJournal', { productId, year: 2028, journalNo: 2, planPublishTime: '2028-01-01' }), 400, '总期号超出范围');
    });

    it('answers 400 with the form messages', async () => {
      const productId = await product();
      const valid = { productId, year: 2026, journalNo: 1, planPublishTime: '2026-03-01' };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...valid, productId: undefined }, '产品名称不能为空'],
        [{ ...valid, productId: '' }, '产品名称不能为空'],
        [{ ...valid, planPublishTime: undefined }, '期刊时间不能为空'],
        [{ ...valid, planPublishTime: '' }, '期刊时间不能为空'],
        [{ ...valid, year: undefined }, '年度不能为空'],
        [{ ...valid, year: null }, '年度不能为空'],
        [{ ...valid, journalNo: undefined }, '期号不能为空'],
        [{ ...valid, journalNo: '' }, '期号不能为空'],
        [{ ...valid, productId: 999999 }, '产品不存在'],
        [{ ...valid, productId: 'abc' }, '产品 id 必须是整数'],
        [{ ...valid, year: 26 }, '年度必须是四位数字'],
        [{ ...valid, journalNo: 0 }, '期号必须是正整数'],
        [{ ...valid, journalNo: 2 ** 31 }, '期号超出范围'],
        [{ ...valid, totalNo: 0 }, '总期号必须是正整数'],
        [{ ...valid, planPublishTime: '2026-02-30' }, '期刊时间格式不正确'],
        [{ ...valid, editorIds: 'a,b' }, '责任编辑格式不正确'],
        [{ ...valid, memo: 'x'.repeat(1001) }, '备注不能超过 1000 个字符'],
      ];
      for (const [body, message] of cases) {
        const res = await as(editor).post('/api/productJournal', body);
        expect([body, res.status, res.body.message]).toEqual([body, 400, message]);
      }
      expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM product_journal WHERE product_id = $1', [productId])).n).toBe(0);
    });

    it('refuses a second issue with the same number in the same year (409), not in another year or product', async () => {
      const productId = await product();
      const otherId = await product();
      await create({ productId, year: 2026, journalNo: 1 });
      expectError(await as(editor).post('/api/productJournal', { productId, year: 2026, journalNo: 1, planPublishTime: '2026-04-01' }), 409, '该产品第 1 期已存在');
      await create({ productId, year: 2025, journalNo: 1 });
      await create({ productId: otherId, year: 2026, journalNo: 1 });
      // Simultaneous creates of the same issue: exactly one wins.
      const results = await Promise.all([1, 2, 3].map(() => as(editor).post('/api/productJournal', { productId, year: 2026, journalNo: 9, planPublishTime: '2026-04-01' })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe('该产品第 9 期已存在');
    });

    it('edits a journal (204): fields change, the status does not; omitted optional fields are kept', async () => {
      const productId = await product();
      const otherId = await product('daily', '另一产品');
      const j = await create({ productId, year: 2026, journalNo: 2, totalNo: 5, editorIds: '3', memo: '旧备注' });
      await setStatus(j.id, 'submit');
      const res = await as(editor).put('/api/productJournal', { id: j.id, productId: otherId, year: 2027, journalNo: 4, planPublishTime: '2027-01-08', status: 'edit', createTime: 'x' });
      expect(res.status).toBe(204);
      const info = (await as(editor).get(`/api/productJournal/info?journalId=${j.id}`)).body as JournalBody;
      expect(info).toMatchObject({ productId: otherId, product: { id: otherId, name: '另一产品' }, year: 2027, journalNo: 4, totalNo: 5, editorIds: '3', memo: '旧备注', planPublishTime: '2027-01-08', status: 'submit' });
      expect(await one('SELECT update_by AS "updateBy" FROM product_journal WHERE id = $1', [j.id])).toEqual({ updateBy: 'editor' });
      expect((await as(editor).put('/api/productJournal', { id: j.id, productId: otherId, year: 2027, journalNo: 4, totalNo: 6, planPublishTime: '2027-01-08', editorIds: null, memo: '' })).status).toBe(204);
      expect((await as(editor).get(`/api/productJournal/info?journalId=${j.id}`)).body).toMatchObject({ totalNo: 6, editorIds: null, memo: null });
    });

    it('edit answers 404, 400 and 409 (duplicate issue; another product while it holds manuscripts)', async () => {
      const productId = await product();
      const otherId = await product();
      const a = await create({ productId, year: 2026, journalNo: 1 });
      const b = await create({ productId, year: 2026, journalNo: 2 });
      const body = { productId, year: 2026, journalNo: 1, planPublishTime: '2026-03-01' };
      expectError(await as(editor).put('/api/productJournal', { ...body, id: 999999 }), 404, '期刊不存在');
      expectError(await as(editor).put('/api/productJournal', { ...body, id: b.id }), 409, '该产品第 1 期已存在');
      expectError(await as(editor).put('/api/productJournal', { ...body, id: b.id, productId: 999999 }), 400, '产品不存在');
      expectError(await as(editor).put('/api/productJournal', { ...body, id: b.id, year: undefined }), 400, '年度不能为空');
      expectError(await as(editor).put('/api/productJournal', body), 400, 'id 必须是整数');
      await insertManuscript(db, { deptId, productId, journalId: a.id });
      expectError(await as(editor).put('/api/productJournal', { ...body, id: a.id, productId: otherId }), 409, '期刊已有稿件，不能更换产品');
      expect((await as(editor).put('/api/productJournal', { ...body, id: a.id, memo: '同一产品可以改' })).status).toBe(204);
    });

    it('deletes journals (200) with their versions; a done journal cannot be deleted (409, nothing deleted); none found → 404', async () => {
      const productId = await product();
      const a = await create({ productId, year: 2026, journalNo: 1 });
      const b = await create({ productId, year: 2026, journalNo: 2 });
      const c = await create({ productId, year: 2026, journalNo: 3 });
      const versionFile = await addVersion(a.id);
      await setStatus(c.id, 'done');
      expectError(await as(editor).del('/api/productJournal', [a.id, c.id]), 409, '已完成的期刊不能删除');
      expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM product_journal WHERE id = ANY($1)', [[a.id, c.id]])).n).toBe(2);
      const res = await as(editor).del('/api/productJournal', [a.id, b.id, 999999]);
      expect(res.status).toBe(200);
      expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM product_journal WHERE id = ANY($1)', [[a.id, b.id]])).n).toBe(0);
      expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM product_journal_file WHERE journal_id = $1', [a.id])).n).toBe(0);
      // the version's file record went with it (nothing else refers to it)
      expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM sys_file WHERE id = $1', [versionFile])).n).toBe(0);
      expectError(await as(editor).del('/api/productJournal', [a.id]), 404, '期刊不存在');
      expectError(await as(editor).del('/api/productJournal', []), 400, '请选择要操作的数据（id 数组）');
      expectError(await as(editor).del('/api/productJournal', ['x']), 400, 'id 必须是正整数');
    });
  });

  describe('lists', () => {
    it('list: filters by product, year and status, createTime desc by default, whitelisted sort, paging', async () => {
      const productId = await product();
      const a = await create({ productId, year: 2025, journalNo: 1 });
      const b = await create({ productId, year: 2026, journalNo: 1 });
      const c = await create({ productId, year: 2026, journalNo: 2 });
      await db.query("UPDATE product_journal SET create_time = create_time - interval '1 hour' WHERE id = $1", [c.id]);
      await setStatus(b.id, 'done');
      const all = await as(editor).get(`/api/productJournal/list?productId=${productId}`);
      expect(all.status).toBe(200);
      expect(all.body.totalElements).toBe(3);
      expect(Object.keys(all.body.content[0]).sort()).toEqual(JOURNAL_KEYS);
      expect(all.body.content.map((j: JournalBody) => j.id)).toEqual([b.id, a.id, c.id]);
      expect((await as(editor).get(`/api/productJournal/list?productId=${productId}&year=2026`)).body.content.map((j: JournalBody) => j.id)).toEqual([b.id, c.id]);
      expect((await as(editor).get(`/api/productJournal/list?productId=${productId}&status=done`)).body.content.map((j: JournalBody) => j.id)).toEqual([b.id]);
      expect((await as(editor).get(`/api/productJournal/list?productId=${productId}&status=2`)).body.content.map((j: JournalBody) => j.id)).toEqual([b.id]);
      const sorted = await as(editor).get(`/api/productJournal/list?productId=${productId}&sort=year,asc&sort=journalNo,desc&size=2&page=0`);
      expect({ total: sorted.body.totalElements, ids: sorted.body.content.map((j: JournalBody) => j.id) }).toEqual({ total: 3, ids: [a.id, c.id] });
      expect((await as(editor).get(`/api/productJournal/list?productId=${productId}&sort=year,asc&sort=journalNo,desc&size=2&page=1`)).body.content.map((j: JournalBody) => j.id)).toEqual([b.id]);
      expectError(await as(editor).get('/api/productJournal/list?sort=password,asc'), 400, '不支持的排序字段: password');
      expectError(await as(editor).get('/api/productJournal/list?status=published'), 400, '期刊状态不正确');
      expectError(await as(editor).get('/api/productJournal/list?size=1001'), 400, 'size 不能超过 1000');
      expectError(await as(editor).get('/api/productJournal/list?productId=x'), 400, 'productId 必须是整数');
    });

    it('journalList: the product journals not done, newest first; unknown product 404', async () => {
      const productId = await product();
      const a = await create({ productId, year: 2026, journalNo: 1 });
      const b = await create({ productId, year: 2026, journalNo: 2 });
      const c = await create({ productId, year: 2026, journalNo: 3 });
      const d = await create({ productId, year: 2026, journalNo: 4 });
      await setStatus(b.id, 'submit');
      await setStatus(c.id, 'done');
      await setStatus(d.id, 'review');
      const res = await as(editor).get(`/api/productJournal/journalList?productId=${productId}`);
      expect(res.status).toBe(200);
      expect(res.body.map((j: JournalBody) => [j.id, j.status])).toEqual([[d.id, 'review'], [b.id, 'submit'], [a.id, 'edit']]);
      expectError(await as(editor).get('/api/productJournal/journalList?productId=999999'), 404, '产品不存在');
      expectError(await as(editor).get('/api/productJournal/journalList'), 400, '产品 id 不能为空');
    });

    it('doneList: done journals only, of one product when given, paged', async () => {
      const productId = await product();
      const otherId = await product();
      const a = await create({ productId, year: 2026, journalNo: 1 });
      const b = await create({ productId, year: 2026, journalNo: 2 });
      await create({ productId, year: 2026, journalNo: 3 });
      const x = await create({ productId: otherId, year: 2026, journalNo: 1 });
      for (const j of [a, b, x]) await setStatus(j.id, 'done');
      const mine = await as(editor).get(`/api/productJournal/doneList?productId=${productId}&page=0&size=1`);
      expect({ total: mine.body.totalElements, ids: mine.body.content.map((j: JournalBody) => j.id) }).toEqual({ total: 2, ids: [b.id] });
      const every = (await as(editor).get('/api/productJournal/doneList?size=1000')).body.content as JournalBody[];
      expect(every.every((j) => j.status === 'done')).toBe(true);
      expect(every.map((j) => j.id)).toEqual(expect.arrayContaining([a.id, b.id, x.id]));
      expectError(await as(editor).get('/api/productJournal/doneList?page=-1'), 400, 'page 不能小于 0');
    });

    it('info: the journal with its versions newest first; 404; 400', async () => {
      const productId = await product();
      const j = await create({ productId, year: 2026, journalNo: 1 });
      expect((await as(editor).get(`/api/productJournal/info?journalId=${j.id}`)).body.files).toEqual([]);
      const first = await addVersion(j.id, '初稿');
      const second = await addVersion(j.id, '二稿');
      const res = await as(editor).get(`/api/productJournal/info?journalId=${j.id}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual([...JOURNAL_KEYS, 'columns', 'files'].sort());
      expect(res.body.files).toEqual([
        { id: expect.any(Number), version: 2, title: '二稿', file: expect.objectContaining({ id: second, type: 'word' }), createTime: expect.stringMatching(TIME), createBy: { id: editorUserId, username: 'editor' } },
        { id: expect.any(Number), version: 1, title: '初稿', file: expect.objectContaining({ id: first }), createTime: expect.stringMatching(TIME), createBy: { id: editorUserId, username: 'editor' } },
      ]);
      expect(res.body.files[0].file).not.toHaveProperty('storageKey');
      const files = await as(editor).get(`/api/productJournal/getFiles?journalId=${j.id}`);
      expect(files.status).toBe(200);
      expect(files.body).toEqual(res.body.files);
      expectError(await as(editor).get('/api/productJournal/info?journalId=999999'), 404, '期刊不存在');
      expectError(await as(editor).get('/api/productJournal/getFiles?journalId=999999'), 404, '期刊不存在');
      expectError(await as(editor).get('/api/productJournal/info'), 400, '期刊 id 不能为空');
      expectError(await as(editor).get('/api/productJournal/getFiles?journalId=abc'), 400, '期刊 id 必须是整数');
      expectError(await as(editor).get('/api/productJournal/info?journalId=0'), 400, '期刊 id 必须是正整数');
    });
  });

  describe('getMaxTotalNo', () => {
    it('answers "year,1,1" for a product without journals (a JSON string)', async () => {
      const productId = await product();
      const res = await as(editor).get(`/api/productJournal/getMaxTotalNo?productId=${productId}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.text).toBe(JSON.stringify(`${thisYear()},1,1`));
      expect(res.body).toBe(`${thisYear()},1,1`);
    });

    it('continues the total across years and the issue number within this year', async () => {
      const productId = await product();
      const year = thisYear();
      await create({ productId, year: year - 1, journalNo: 7, totalNo: 20 });
      expect((await as(editor).get(`/api/productJournal/getMaxTotalNo?productId=${productId}`)).body).toBe(`${year},21,1`);
      await create({ productId, year, journalNo: 1 });
      await create({ productId, year, journalNo: 2 });
      expect((await as(editor).get(`/api/productJournal/getMaxTotalNo?productId=${productId}`)).body).toBe(`${year},23,3`);
      // Another product's issues do not count.
      const otherId = await product();
      await create({ productId: otherId, year, journalNo: 5, totalNo: 99 });
      expect((await as(editor).get(`/api/productJournal/getMaxTotalNo?productId=${productId}`)).body).toBe(`${year},23,3`);
    });

    it('answers 404 for an unknown product and 400 without one', async () => {
      expectError(await as(editor).get('/api/productJournal/getMaxTotalNo?productId=999999'), 404, '产品不存在');
      expectError(await as(editor).get('/api/productJournal/getMaxTotalNo'), 400, '产品 id 不能为空');
      expectError(await as(editor).get('/api/productJournal/getMaxTotalNo?productId=-3'), 400, '产品 id 必须是正整数');
    });
  });

  describe('updateStatus', () => {
    let productId: number;
    let issue = 0;
    const fresh = async (s = 'edit', withFile = false): Promise<number> => {
      const j = await create({ productId, year: 2026, journalNo: ++issue });
      if (withFile) await addVersion(j.id);
      if (s !== 'edit') await setStatus(j.id, s);
      return j.id;
    };

    beforeAll(async () => {
      productId = await product('weekly', '状态测试刊');
    });

    it('runs the legal chain edit → submit → done → review → done (200 Journal each; done sets publishTime)', async () => {
      const id = await fresh('edit', true);
      const submitted = await transition(id, 'submit');
      expect(submitted.status).toBe(200);
      expect(Object.keys(submitted.body).sort()).toEqual(JOURNAL_KEYS);
      expect(submitted.body).toMatchObject({ id, status: 'submit', publishTime: null });
      const done = await transition(id, 'done');
      expect(done.body).toMatchObject({ id, status: 'done', publishTime: expect.stringMatching(TIME) });
      await db.query("UPDATE product_journal SET publish_time = publish_time - interval '1 day' WHERE id = $1", [id]);
      const review = await transition(id, 'review');
      expect(review.status).toBe(200);
      expect(review.body.status).toBe('review');
      const firstPublish = review.body.publishTime as string;
      const again = await transition(id, 'done');
      expect(again.status).toBe(200);
      expect(again.body.status).toBe('done');
      expect(again.body.publishTime > firstPublish).toBe(true);
      expect(await one('SELECT update_by AS "updateBy" FROM product_journal WHERE id = $1', [id])).toEqual({ updateBy: 'editor' });
    });

    it('also takes GET ?journalId=&status= with the same rules, and the dictionary numbers', async () => {
      const id = await fresh('edit', true);
      const res = await as(editor).get(`/api/productJournal/updateStatus?journalId=${id}&status=submit`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('submit');
      expectError(await as(editor).get(`/api/productJournal/updateStatus?journalId=${id}&status=review`), 409, '期刊当前状态为「已提交」，不能改为更正版', 'JOURNAL_STATUS_CONFLICT');
      expect((await transition(id, 2)).body.status).toBe('done');
      expectError(await as(editor).get(`/api/productJournal/updateStatus?journalId=${id}&status=nope`), 400, '期刊状态不正确');
      expectError(await as(translator).get(`/api/productJournal/updateStatus?journalId=${id}&status=review`), 403, FORBIDDEN);
      expect((await t.http().get(`/api/productJournal/updateStatus?journalId=${id}&status=review`)).status).toBe(401);
    });

    it('leaves an operation-log row for each GET transition, done or refused (it is a write)', async () => {
      const id = await fresh('edit', true);
      const since = Number((await db.query('SELECT coalesce(max(id), 0) AS n FROM sys_log'))[0].n);
      expect((await as(editor).get(`/api/productJournal/updateStatus?journalId=${id}&status=submit`)).status).toBe(200);
      expect((await as(editor).get(`/api/productJournal/updateStatus?journalId=${id}&status=review`)).status).toBe(409);
      expect((await as(translator).get(`/api/productJournal/updateStatus?journalId=${id}&status=done`)).status).toBe(403);
      // The rows are written when each answer is done.
      let rows: Array<{ description: string; logType: string; status: number; username: string | null; method: string }> = [];
      for (let i = 0; i < 50 && rows.length < 3; i++) {
        rows = await db.query(
          `SELECT description, log_type AS "logType", status, username, method FROM sys_log WHERE id > $1 AND method LIKE 'GET %updateStatus' ORDER BY id`,
          [since],
        );
        if (rows.length < 3) await new Promise((r) => setTimeout(r, 20));
      }
      expect(rows).toEqual([
        { description: '修改期刊状态', logType: 'INFO', status: 200, username: 'editor', method: 'GET /api/productJournal/updateStatus' },
        { description: '修改期刊状态', logType: 'ERROR', status: 409, username: 'editor', method: 'GET /api/productJournal/updateStatus' },
        { description: '修改期刊状态', logType: 'ERROR', status: 403, username: 'translator', method: 'GET /api/productJournal/updateStatus' },
      ]);
    });

    it('refuses every illegal transition with 409 JOURNAL_STATUS_CONFLICT and leaves the status', async () => {
      const cases: Array<[string, string, string]> = [
        ['edit', 'done', '期刊当前状态为「编辑审核中」，不能定稿'],
        ['edit', 'review', '期刊当前状态为「编辑审核中」，不能改为更正版'],
        ['submit', 'review', '期刊当前状态为「已提交」，不能改为更正版'],
        ['done', 'submit', '期刊当前状态为「已完成」，不能提交审核'],
        ['review', 'submit', '期刊当前状态为「更正版」，不能提交审核'],
        ['done', 'done', '期刊当前状态为「已完成」，不能定稿'],
        ['submit', 'submit', '期刊当前状态为「已提交」，不能提交审核'],
        ['review', 'review', '期刊当前状态为「更正版」，不能改为更正版'],
        ['submit', 'edit', '期刊当前状态为「已提交」，不能退回编辑'],
        ['done', 'edit', '期刊当前状态为「已完成」，不能退回编辑'],
      ];
      for (const [from, to, message] of cases) {
        const id = await fresh(from, true);
        const res = await transition(id, to);
        expect([from, to, res.status, res.body.message, res.body.code]).toEqual([from, to, 409, message, 'JOURNAL_STATUS_CONFLICT']);
        expect(await status(id)).toBe(from);
      }
    });

    it('edit → submit without a journal version file → 409 请先上传期刊版本文件', async () => {
      const id = await fresh('edit', false);
      expectError(await transition(id, 'submit'), 409, '请先上传期刊版本文件', 'JOURNAL_FILE_REQUIRED');
      expect(await status(id)).toBe('edit');
      await addVersion(id);
      expect((await transition(id, 'submit')).status).toBe(200);
    });

    it('answers 400 for a bad body and 404 for an unknown journal', async () => {
      expectError(await transition(999999, 'submit'), 404, '期刊不存在');
      expectError(await transition(1, 'published'), 400, '期刊状态不正确');
      expectError(await as(editor).post('/api/productJournal/updateStatus', { journalId: 1 }), 400, '期刊状态不能为空');
      expectError(await as(editor).post('/api/productJournal/updateStatus', { status: 'done' }), 400, '期刊 id 不能为空');
      expectError(await as(editor).post('/api/productJournal/updateStatus', { journalId: 'x', status: 'done' }), 400, '期刊 id 必须是整数');
    });

    it('two simultaneous identical transitions: exactly one 200, the other 409', async () => {
      for (const [from, to] of [['edit', 'submit'], ['submit', 'done'], ['review', 'done'], ['done', 'review'], ['submit', 'done']]) {
        const id = await fresh(from, true);
        const results = await Promise.all([transition(id, to), transition(id, to, admin)]);
        expect([from, to, results.map((r) => r.status).sort()]).toEqual([from, to, [200, 409]]);
        expect(results.find((r) => r.status === 409)!.body.code).toBe('JOURNAL_STATUS_CONFLICT');
        expect(await status(id)).toBe(to);
      }
      const id = await fresh('submit', true);
      const many = await Promise.all(Array.from({ length: 8 }, () => transition(id, 'done')));
      expect(many.filter((r) => r.status === 200)).toHaveLength(1);
      expect(many.filter((r) => r.status === 409)).toHaveLength(7);
    });
  });

  describe('dailyJournalList', () => {
    let daily: number;
    let weekly: number;
    /** Journals of the daily product with a set creation time (server zone +08:00). */
    const at = async (productId: number, createTime: string): Promise<number> => {
      const j = await create({ productId, year: 2025, journalNo: ++seq });
      await db.query('UPDATE product_journal SET create_time = $2::timestamptz WHERE id = $1', [j.id, `${createTime}+08:00`]);
      return j.id;
    };
    const ids = (res: Response) => (res.body.content as JournalBody[]).map((j) => j.id);
    const dailyList = (query: string, token = editor) => as(token).get(`/api/productJournal/dailyJournalList?${query}`);

    let before: number;
    let first: number;
    let middleA: number;
    let middleB: number;
    let last: number;
    let after: number;
    let weeklyInside: number;
    let submitted: number;

    beforeAll(async () => {
      daily = await product('daily', '日刊');
      weekly = await product('weekly', '周刊');
      before = await at(daily, '2025-03-09 23:59:59');
      first = await at(daily, '2025-03-10 00:00:00');
      middleA = await at(daily, '2025-03-11 12:00:00');
      middleB = await at(daily, '2025-03-11 12:00:00');
      submitted = await at(daily, '2025-03-11 08:00:00');
      last = await at(daily, '2025-03-12 23:59:59');
      after = await at(daily, '2025-03-13 00:00:00');
      weeklyInside = await at(weekly, '2025-03-11 09:00:00');
      await setStatus(submitted, 'done');
    });

    it('lists daily products only, days inclusive (server time zone), createTime desc then id desc, every status', async () => {
      const res = await dailyList('startDate=2025-03-10&endDate=2025-03-12');
      expect(res.status).toBe(200);
      expect(res.body.totalElements).toBe(5);
      expect(ids(res)).toEqual([last, middleB, middleA, submitted, first]);
      for (const outside of [weeklyInside, before, after]) expect(ids(res)).not.toContain(outside);
      const row = res.body.content[0] as JournalBody;
      expect(Object.keys(row)).toEqual(expect.arrayContaining(ROW_KEYS));
      expect(row).toMatchObject({ id: last, product: { id: daily, name: '日刊' }, year: 2025, status: 'edit', createTime: '2025-03-12 23:59:59', planPublishTime: '2026-03-01', createBy: { id: editorUserId, username: 'editor' } });
      expect((res.body.content as JournalBody[]).find((j) => j.id === submitted)!.status).toBe('done');
      // One day: start = end.
      expect(ids(await dailyList('startDate=2025-03-11&endDate=2025-03-11'))).toEqual([middleB, middleA, submitted]);
    });

    it('pages 15 by default; page and size; an unknown sort is ignored', async () => {
      const paged = await dailyList('startDate=2025-03-10&endDate=2025-03-12&page=1&size=2&sort=id,asc&sort=nope,desc');
      expect(paged.status).toBe(200);
      expect({ total: paged.body.totalElements, ids: ids(paged) }).toEqual({ total: 5, ids: [middleA, submitted] });
      const productId = await product('daily');
      for (let i = 0; i < 16; i++) await at(productId, '2025-05-05 10:00:00');
      const page0 = await dailyList('startDate=2025-05-05&endDate=2025-05-05');
      expect({ total: page0.body.totalElements, size: page0.body.content.length }).toEqual({ total: 16, size: 15 });
      expect((await dailyList('startDate=2025-05-05&endDate=2025-05-05&page=1')).body.content).toHaveLength(1);
    });

    it('an empty range is 200 with no rows', async () => {
      const res = await dailyList('startDate=2020-01-01&endDate=2020-01-31');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ content: [], totalElements: 0 });
    });

    it('answers 400 with the contract messages', async () => {
      const cases: Array<[string, string]> = [
        ['endDate=2025-03-12', '开始日期格式不正确'],
        ['startDate=&endDate=2025-03-12', '开始日期格式不正确'],
        ['startDate=2026-02-30&endDate=2026-03-02', '开始日期格式不正确'],
        ['startDate=2025/03/10&endDate=2025-03-12', '开始日期格式不正确'],
        ['startDate=2025-03-10', '结束日期格式不正确'],
        ['startDate=2025-03-10&endDate=2025-13-01', '结束日期格式不正确'],
        ['startDate=2025-03-10&endDate=tomorrow', '结束日期格式不正确'],
        ['startDate=2025-03-12&endDate=2025-03-10', '开始日期不能晚于结束日期'],
        ['startDate=2025-03-10&endDate=2025-03-12&page=-1', '请求参数错误'],
        ['startDate=2025-03-10&endDate=2025-03-12&page=1.5', '请求参数错误'],
        ['startDate=2025-03-10&endDate=2025-03-12&page=x', '请求参数错误'],
        ['startDate=2025-03-10&endDate=2025-03-12&size=0', '请求参数错误'],
        ['startDate=2025-03-10&endDate=2025-03-12&size=1001', '请求参数错误'],
      ];
      for (const [query, message] of cases) {
        const res = await dailyList(query);
        expect([query, res.status, res.body.message, res.body.status]).toEqual([query, 400, message, 400]);
      }
    });

    it('answers 401 without a session and 403 without productJournal:list', async () => {
      const query = 'startDate=2025-03-10&endDate=2025-03-12';
      expectError(await t.http().get(`/api/productJournal/dailyJournalList?${query}`), 401, EXPIRED);
      expectError(await t.http().get(`/api/productJournal/dailyJournalList?${query}`).set('Authorization', 'Bearer not-a-token'), 401, EXPIRED);
      expectError(await dailyList(query, translator), 403, FORBIDDEN);
      expectError(await dailyList(query, nobody), 403, FORBIDDEN);
      expect((await dailyList(query, admin)).body.totalElements).toBe(5);
    });
  });

  describe('uploadJournal', () => {
    let productId: number;
    let docx: Buffer;
    let issue = 100;
    const upload = (fields: Record<string, string>, file: Buffer | null, name = '期刊.docx', token = editor) => {
      let req = t.http().post('/api/productJournal/uploadJournal').set('Authorization', bearer(token));
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      if (file) req = req.attach('file', file, name);
      return req;
    };
    const fileCount = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM sys_file')).n;

    beforeAll(async () => {
      productId = await product('weekly', '上传测试刊');
      docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('期刊正文')] }] }));
    });

    it('adds versions (201 JournalFile), lists them newest first, and makes submit possible', async () => {
      const j = await create({ productId, year: 2026, journalNo: ++issue });
      const first = await upload({ journalId: String(j.id), title: '第一版' }, docx, '第一期.docx');
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        id: expect.any(Number),
        version: 1,
        title: '第一版',
        file: expect.objectContaining({ realName: '第一期.docx', type: 'word', suffix: 'docx', size: docx.length }),
        createTime: expect.stringMatching(TIME),
        createBy: { id: editorUserId, username: 'editor' },
      });
      expect(await one('SELECT form_type AS "formType", form_id AS "formId" FROM sys_file WHERE id = $1', [first.body.file.id])).toEqual({ formType: 'journal', formId: j.id });
      // The title defaults to the file name.
      const second = await upload({ journalId: String(j.id) }, docx, '第二期稿.docx');
      expect(second.body).toMatchObject({ version: 2, title: '第二期稿' });
      expect((await as(editor).get(`/api/productJournal/getFiles?journalId=${j.id}`)).body.map((f: JournalFileBody) => f.version)).toEqual([2, 1]);
      expect((await transition(j.id, 'submit')).status).toBe(200);
    });

    it('refuses a non-Word file, a missing or unknown journal (the stored bytes are removed), and a done journal', async () => {
      const j = await create({ productId, year: 2026, journalNo: ++issue });
      const files = await fileCount();
      expectError(await upload({ journalId: String(j.id) }, Buffer.from('plain text, not a document'), '伪装.docx'), 400, '只能上传 .doc 或 .docx 文件');
      expectError(await upload({}, docx), 400, '期刊 id 不能为空');
      expectError(await upload({ journalId: 'abc' }, docx), 400, '期刊 id 必须是正整数');
      expectError(await upload({ journalId: '999999' }, docx), 404, '期刊不存在');
      expectError(await upload({ journalId: String(j.id) }, null), 400, '请选择要上传的文件');
      expect(await fileCount()).toBe(files);
      await setStatus(j.id, 'done');
      expectError(await upload({ journalId: String(j.id) }, docx), 409, '期刊已定稿，不能修改', 'JOURNAL_DONE');
      expect(await fileCount()).toBe(files);
      expect((await as(editor).get(`/api/productJournal/getFiles?journalId=${j.id}`)).body).toEqual([]);
    });

    it('answers 401 and 403 before reading the upload', async () => {
      const j = await create({ productId, year: 2026, journalNo: ++issue });
      expect((await t.http().post('/api/productJournal/uploadJournal').field('journalId', String(j.id)).attach('file', docx, 'a.docx')).status).toBe(401);
      expectError(await upload({ journalId: String(j.id) }, docx, 'a.docx', translator), 403, FORBIDDEN);
    });
  });

  describe('ownership (who may write a product journals)', () => {
    const NOT_OWNED = '没有权限操作该产品的期刊';
    let docx: Buffer;
    let dept: Record<string, number>;
    let editorRole: number;
    let ordinaryRole: number;
    let outsider: string;
    let chief: string;
    let chiefId: number;
    let parentMember: string;

    /** A user of `deptName` holding the 编辑 role (every productJournal permission), logged in. */
    const journalEditorIn = async (username: string, deptName: string): Promise<string> => {
      await t.createUser({ username, nickName: username, enabled: true, dept: { id: dept[deptName] }, roles: [{ id: ordinaryRole }, { id: editorRole }] }, admin);
      return t.login(username);
    };
    /** A product of the unit `deptName` with the chief editors `editorIds`. */
    const productOf = async (deptName: string, editorIds: string | null = null): Promise<number> =>
      insertProduct(db, { name: `归属${++seq}`, deptId: dept[deptName], editorIds, period: 'weekly', type: '1', contentType: '2' });
    const uploadAs = (token: string, journalId: number) =>
      t.http().post('/api/productJournal/uploadJournal').set('Authorization', bearer(token)).field('journalId', String(journalId)).attach('file', docx, '版本.docx');

    /** Every journal write on `productId` as the holder of `token`: the statuses, in order. */
    const writes = async (token: string, productId: number): Promise<Record<string, number>> => {
      const journal = await create({ productId, year: 2030, journalNo: ++seq }, admin);
      const doomed = await create({ productId, year: 2030, journalNo: ++seq }, admin);
      const withFile = await create({ productId, year: 2030, journalNo: ++seq }, admin);
      await addVersion(withFile.id);
      const result: Record<string, number> = {};
      result.create = (await as(token).post('/api/productJournal', { productId, year: 2031, journalNo: ++seq, planPublishTime: '2031-01-01' })).status;
      result.edit = (await as(token).put('/api/productJournal', { id: journal.id, productId, year: 2030, journalNo: journal.journalNo, planPublishTime: '2030-05-01', memo: '改过' })).status;
      result.upload = (await uploadAs(token, journal.id)).status;
      result.submit = (await as(token).post('/api/productJournal/updateStatus', { journalId: withFile.id, status: 'submit' })).status;
      result.doneByGet = (await as(token).get(`/api/productJournal/updateStatus?journalId=${withFile.id}&status=done`)).status;
      result.delete = (await as(token).del('/api/productJournal', [doomed.id])).status;
      return result;
    };
    const ALLOWED = { create: 201, edit: 204, upload: 201, submit: 200, doneByGet: 200, delete: 200 };
    const REFUSED = { create: 403, edit: 403, upload: 403, submit: 403, doneByGet: 403, delete: 403 };

    beforeAll(async () => {
      docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('期刊正文')] }] }));
      dept = Object.fromEntries(((await db.query('SELECT id, name FROM sys_dept')) as Array<{ id: number; name: string }>).map((d) => [d.name, d.id]));
      editorRole = (await one<{ id: number }>("SELECT id FROM sys_role WHERE name = '编辑'")).id;
      ordinaryRole = (await one<{ id: number }>("SELECT id FROM sys_role WHERE name = '普通用户'")).id;
      outsider = await journalEditorIn('outsider', '国际新闻部');
      chief = await journalEditorIn('chief', '技术部');
      chiefId = (await one<{ id: number }>("SELECT id FROM sys_user WHERE username = 'chief'")).id;
      parentMember = await journalEditorIn('publisher', '出版中心');
    });

    it('an editor of another department, holding every productJournal permission, gets 403 on each write and changes nothing', async () => {
      const productId = await productOf('期刊编辑部');
      const before = (await one<{ n: number }>('SELECT count(*)::int AS n FROM product_journal WHERE product_id = $1', [productId])).n;
      const files = (await one<{ n: number }>('SELECT count(*)::int AS n FROM sys_file')).n;
      expect(await writes(outsider, productId)).toEqual(REFUSED);
      const res = await as(outsider).post('/api/productJournal', { productId, year: 2031, journalNo: 77, planPublishTime: '2031-01-01' });
      expectError(res, 403, NOT_OWNED, 'PRODUCT_NOT_OWNED');
      // the three journals the helper created, untouched: none deleted, added, edited, versioned or moved on
      const rows = (await db.query('SELECT status, memo, (SELECT count(*)::int FROM product_journal_file f WHERE f.journal_id = j.id) AS versions FROM product_journal j WHERE product_id = $1 ORDER BY id', [productId])) as Array<{ status: string; memo: string | null; versions: number }>;
      expect(rows.length - before).toBe(3);
      expect(rows.map((r) => [r.status, r.memo, r.versions])).toEqual([['edit', null, 0], ['edit', null, 0], ['edit', null, 1]]);
      // the refused upload left no file behind (the one extra is the helper's version record)
      expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM sys_file')).n).toBe(files + 1);
      // reads keep the permission rule
      expect((await as(outsider).get(`/api/productJournal/list?productId=${productId}`)).body.totalElements).toBe(3);
    });

    it('one of the product chief editors may write (from any department)', async () => {
      expect(await writes(chief, await productOf('国际新闻部', `1,${chiefId}`))).toEqual(ALLOWED);
    });

    it('a member of the product unit may write: the unit itself or a department under it, not the one above', async () => {
      expect(await writes(editor, await productOf('期刊编辑部'))).toEqual(ALLOWED);
      expect(await writes(editor, await productOf('出版中心'))).toEqual(ALLOWED);
      expect(await writes(parentMember, await productOf('出版中心'))).toEqual(ALLOWED);
      expect(await writes(parentMember, await productOf('期刊编辑部'))).toEqual(REFUSED);
    });

    it('an administrator may write any product journals', async () => {
      expect(await writes(admin, await productOf('技术部'))).toEqual(ALLOWED);
    });

    it('every journal answer says canEdit for the caller: the unit member and the admin true, the outsider false', async () => {
      // a daily product of the editor's unit, and one of another unit whose chief editor is the editor
      const productId = await productOf('期刊编辑部');
      const foreign = await productOf('国际新闻部', String(editorUserId));
      await db.query("UPDATE product_setting SET period = 'daily' WHERE id = ANY($1::int[])", [[productId, foreign]]);
      const open = await create({ productId, year: 2033, journalNo: 1 }, admin);
      const done = await create({ productId, year: 2033, journalNo: 2 }, admin);
      const theirs = await create({ productId: foreign, year: 2033, journalNo: 1 }, admin);
      await setStatus(done.id, 'done');
      const mine = [open.id, done.id];

      /** canEdit of each of `ids` in every journal answer the holder of `token` reads. */
      const seen = async (token: string, ids: number[]) => {
        const byId = (rows: JournalBody[]) => Object.fromEntries(rows.filter((r) => ids.includes(r.id)).map((r) => [r.id, r.canEdit]));
        const list = await as(token).get(`/api/productJournal/list?productId=${productId}&size=1000`);
        const openList = await as(token).get(`/api/productJournal/journalList?productId=${productId}`);
        const doneList = await as(token).get(`/api/productJournal/doneList?productId=${productId}`);
        const daily = await as(token).get('/api/productJournal/dailyJournalList?startDate=2000-01-01&endDate=2099-12-31&size=1000');
        const infos = await Promise.all(ids.map((id) => as(token).get(`/api/productJournal/info?journalId=${id}`)));
        for (const res of [list, openList, doneList, daily, ...infos]) expect(res.status).toBe(200);
        return {
          list: byId(list.body.content),
          journalList: byId(openList.body),
          doneList: byId(doneList.body.content),
          daily: byId(daily.body.content),
          info: byId(infos.map((r) => r.body as JournalBody)),
        };
      };
      const all = (value: boolean) => ({
        list: { [open.id]: value, [done.id]: value },
        journalList: { [open.id]: value },
        doneList: { [done.id]: value },
        daily: { [open.id]: value, [done.id]: value },
        info: { [open.id]: value, [done.id]: value },
      });
      expect(await seen(editor, mine)).toEqual(all(true));
      expect(await seen(admin, mine)).toEqual(all(true));
      // the outsider holds every productJournal permission, reads the same rows, may write none
      expect(await seen(outsider, mine)).toEqual(all(false));
      // a product of another unit whose chief editor is the editor: true for the editor, false for the parent unit's member
      expect((await as(editor).get(`/api/productJournal/info?journalId=${theirs.id}`)).body.canEdit).toBe(true);
      expect((await as(parentMember).get(`/api/productJournal/info?journalId=${theirs.id}`)).body.canEdit).toBe(false);
      // one page mixing both products: each row on its own (the outsider is a member of the foreign product's unit)
      const page = async (token: string) => {
        const rows = (await as(token).get('/api/productJournal/dailyJournalList?startDate=2000-01-01&endDate=2099-12-31&size=1000')).body.content as JournalBody[];
        return Object.fromEntries(rows.filter((r) => [open.id, theirs.id].includes(r.id)).map((r) => [r.id, r.canEdit]));
      };
      expect(await page(outsider)).toEqual({ [open.id]: false, [theirs.id]: true });
      expect(await page(editor)).toEqual({ [open.id]: true, [theirs.id]: true });
      expect(await page(parentMember)).toEqual({ [open.id]: false, [theirs.id]: false });
      // what a write answers is the caller's too
      const created = await create({ productId, year: 2033, journalNo: 3 }, editor);
      expect(created.canEdit).toBe(true);
      // the answers agree with the writes: the outsider is refused, the owner is not
      expectError(await as(outsider).put('/api/productJournal', { id: open.id, productId, year: 2033, journalNo: 1, planPublishTime: '2033-01-01' }), 403, NOT_OWNED);
      expect((await as(editor).put('/api/productJournal', { id: open.id, productId, year: 2033, journalNo: 1, planPublishTime: '2033-01-01' })).status).toBe(204);
    });

    it('moving a journal to a product the caller does not own is 403; a delete touching one is refused whole', async () => {
      const mine = await productOf('期刊编辑部');
      const theirs = await productOf('国际新闻部');
      const j = await create({ productId: mine, year: 2032, journalNo: 1 });
      expectError(await as(editor).put('/api/productJournal', { id: j.id, productId: theirs, year: 2032, journalNo: 1, planPublishTime: '2032-01-01' }), 403, NOT_OWNED);
      expect((await one<{ productId: number }>('SELECT product_id AS "productId" FROM product_journal WHERE id = $1', [j.id])).productId).toBe(mine);
      const other = await create({ productId: theirs, year: 2032, journalNo: 1 }, admin);
      expectError(await as(editor).del('/api/productJournal', [j.id, other.id]), 403, NOT_OWNED);
      expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM product_journal WHERE id = ANY($1)', [[j.id, other.id]])).n).toBe(2);
      // unknown journals are still 404, unknown products 400 (the ownership check does not hide them)
      expectError(await as(outsider).post('/api/productJournal/updateStatus', { journalId: 999999, status: 'submit' }), 404, '期刊不存在');
      expectError(await as(outsider).post('/api/productJournal', { productId: 999999, year: 2032, journalNo: 1, planPublishTime: '2032-01-01' }), 400, '产品不存在');
    });
  });

  describe('access', () => {
    it('answers 401 without a session on every call', async () => {
      const calls = [
        t.http().get('/api/productJournal/list'),
        t.http().get('/api/productJournal/info?journalId=1'),
        t.http().get('/api/productJournal/getMaxTotalNo?productId=1'),
        t.http().get('/api/productJournal/journalList?productId=1'),
        t.http().get('/api/productJournal/doneList'),
        t.http().get('/api/productJournal/getFiles?journalId=1'),
        t.http().post('/api/productJournal/updateStatus').send({ journalId: 1, status: 'done' }),
        t.http().post('/api/productJournal').send({}),
        t.http().put('/api/productJournal').send({}),
        t.http().delete('/api/productJournal').send([1]),
      ];
      for (const res of await Promise.all(calls)) expectError(res, 401, EXPIRED);
    });

    it('answers 403 to users without the journal permissions; the editor holds them', async () => {
      const productId = await product();
      const j = await create({ productId, year: 2026, journalNo: 1 });
      const body = { id: j.id, productId, year: 2026, journalNo: 1, planPublishTime: '2026-03-01' };
      for (const token of [translator, nobody]) {
        const calls = [
          as(token).get('/api/productJournal/list'),
          as(token).get(`/api/productJournal/info?journalId=${j.id}`),
          as(token).get(`/api/productJournal/getMaxTotalNo?productId=${productId}`),
          as(token).get(`/api/productJournal/journalList?productId=${productId}`),
          as(token).get('/api/productJournal/doneList'),
          as(token).get(`/api/productJournal/getFiles?journalId=${j.id}`),
          as(token).post('/api/productJournal/updateStatus', { journalId: j.id, status: 'submit' }),
          as(token).post('/api/productJournal', { ...body, journalNo: 2 }),
          as(token).put('/api/productJournal', body),
          as(token).del('/api/productJournal', [j.id]),
        ];
        for (const res of await Promise.all(calls)) expectError(res, 403, FORBIDDEN);
      }
      expect(await status(j.id)).toBe('edit');
      expect((await as(editor).get('/api/productJournal/list')).status).toBe(200);
      expect((await as(admin).get('/api/productJournal/list')).status).toBe(200);
    });
  });
});
