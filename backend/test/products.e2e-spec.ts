import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { ProductsService } from '../src/modules/products/products.service';
import { insertJournal, insertManuscript as insertManuscriptRow, insertStoredFile } from './utils/factories';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, type TestApp, requestsAs } from './utils/test-app';

interface ColumnEntry {
  id: number;
  sort: number;
  name: string;
  status: boolean;
}

interface ProductBody {
  id: number;
  name: string;
  deptId: number;
  dept: { id: number; name: string } | null;
  editorIds: string | null;
  editors: Array<{ id: number; nickName: string }>;
  period: string | null;
  type: string;
  contentType: string;
  fileIds: string | null;
  files: Array<{ id: number; realName: string }>;
  columnList: ColumnEntry[];
  isWeekly: boolean;
  createTime: string;
  createBy: string | null;
}

const PRODUCT_KEYS = ['columnList', 'contentType', 'createBy', 'createTime', 'dept', 'deptId', 'editorIds', 'editors', 'fileIds', 'files', 'id', 'isWeekly', 'name', 'period', 'type'];

describe('api/productSetting and api/productColumn', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let editor: string;
  let reviewer: string;
  let nobody: string;
  let deptId: number;
  let otherDeptId: number;
  let editorUserId: number;
  let translatorUserId: number;
  let seq = 0;

  const as = (token: string) => requestsAs(t, token);
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => ((await db.query(sql, params)) as T[])[0];

  /** A stored file row, as the storage module would leave it after an upload. */
  /** A stored file uploaded by `handlerId` (default: the editor, who writes most products here). */
  const insertFile = async (type = 'word', formType: string | null = null, formId: number | null = null, handlerId: number = editorUserId): Promise<number> => {
    seq += 1;
    const suffix = type === 'word' ? 'docx' : type === 'excel' ? 'xlsx' : 'pdf';
    return insertStoredFile(db, {
      realName: `模板${seq}.${suffix}`, name: `模板${seq}`, suffix, type, mime: 'application/octet-stream', size: 1234,
      sha256: 'a'.repeat(64), storageKey: `2026/01/${seq}.${suffix}`, formType, formId, handlerId, handlerName: 'uploader',
    });
  };
  const fileForm = (id: number) => one<{ formType: string | null; formId: number | null }>('SELECT form_type AS "formType", form_id AS "formId" FROM sys_file WHERE id = $1', [id]);
  const insertManuscript = async (productId: number, columnIds: number[]): Promise<number> => {
    const id = await insertManuscriptRow(db, { deptId, productId });
    for (const columnId of columnIds) await db.query('INSERT INTO manuscript_column (manuscript_id, column_id) VALUES ($1, $2)', [id, columnId]);
    return id;
  };
  const createProduct = async (body: Record<string, unknown>, token = admin): Promise<ProductBody> => {
    const res = await as(token).post('/api/productSetting', { deptId, ...body });
    if (res.status !== 201) throw new Error(`create product failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as ProductBody;
  };
  const getProduct = async (id: number): Promise<ProductBody> => (await as(admin).get(`/api/productSetting/${id}`)).body as ProductBody;
  const names = (res: Response) => (res.body.content as Array<{ name: string }>).map((p) => p.name);

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    editor = await t.login('editor');
    reviewer = await t.login('reviewer');
    nobody = await t.loginWithoutRoles('productless');
    deptId = (await one<{ id: number }>("SELECT id FROM sys_dept WHERE name = '期刊编辑部'")).id;
    otherDeptId = (await one<{ id: number }>("SELECT id FROM sys_dept WHERE name = '编译部'")).id;
    editorUserId = (await one<{ id: number }>("SELECT id FROM sys_user WHERE username = 'editor'")).id;
    translatorUserId = (await one<{ id: number }>("SELECT id FROM sys_user WHERE username = 'translator'")).id;
  });
  afterAll(() => t.close());

  describe('products', () => {
    it('creates a product with unit, editors, period, template and columns (201, the whole record)', async () => {
      const fileId = await insertFile();
      const res = await as(editor).post('/api/productSetting', {
        id: 999,
        name: ' 国际动态周报 ',
        deptId: String(deptId),
        editorIds: `${editorUserId},${translatorUserId}`,
        period: 'weekly',
        type: '2',
        contentType: '1',
        fileIds: String(fileId),
        columnList: [
          { sort: 2, name: '综述', status: true },
          { sort: 1, name: '要闻' },
          { sort: 3, name: '停用栏目', status: false },
        ],
      });
      expect(res.status).toBe(201);
      const body = res.body as ProductBody;
      expect(Object.keys(body).sort()).toEqual(PRODUCT_KEYS);
      expect(body.id).not.toBe(999);
      expect(body).toMatchObject({
        name: '国际动态周报',
        deptId,
        dept: { id: deptId, name: '期刊编辑部' },
        editorIds: `${editorUserId},${translatorUserId}`,
        editors: [
          { id: editorUserId, nickName: '张编辑' },
          { id: translatorUserId, nickName: '李翻译' },
        ],
        period: 'weekly',
        type: '2',
        contentType: '1',
        fileIds: String(fileId),
        files: [{ id: fileId, realName: expect.stringMatching(/^模板\d+\.docx$/) }],
        isWeekly: false,
        createBy: 'editor',
      });
      expect(body.files[0]).toEqual({ id: fileId, realName: expect.any(String) });
      expect(body.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(body.columnList.map((c) => [c.sort, c.name, c.status])).toEqual([
        [1, '要闻', true],
        [2, '综述', true],
        [3, '停用栏目', false],
      ]);
      expect(Object.keys(body.columnList[0]).sort()).toEqual(['id', 'name', 'sort', 'status']);
      // The template now belongs to the product.
      expect(await fileForm(fileId)).toEqual({ formType: 'product', formId: body.id });
      expect(await getProduct(body.id)).toEqual(body);
    });

    it('applies the defaults: type 1, content type 2, no editors, period, template or columns', async () => {
      const p = await createProduct({ name: '默认值产品' });
      expect(p).toMatchObject({ type: '1', contentType: '2', editorIds: null, editors: [], period: null, fileIds: null, files: [], columnList: [], isWeekly: false });
    });

    it('GET {id}: 404 for an unknown product, 400 for a bad id', async () => {
      expectError(await as(admin).get('/api/productSetting/999999'), 404, '产品不存在');
      expectError(await as(admin).get('/api/productSetting/99999999999'), 404, '产品不存在');
      expectError(await as(admin).get('/api/productSetting/abc'), 400, 'id 必须是正整数');
    });

    it('answers 400 with the contract messages', async () => {
      const excel = await insertFile('excel');
      const manuscriptFile = await insertFile('word', 'manuscript', 1);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: '缺单位' }, '所属单位不能为空'],
        [{ name: '缺单位', deptId: '' }, '所属单位不能为空'],
        [{ deptId }, '产品名称不能为空'],
        [{ deptId, name: '  ' }, '产品名称不能为空'],
        [{ deptId, name: '长'.repeat(101) }, '产品名称不能超过100个字符'],
        [{ deptId, name: '栏目', columnList: [{ sort: 1, name: '' }] }, '栏目名称不能为空'],
        [{ deptId, name: '栏目', columnList: [{ sort: 1 }] }, '栏目名称不能为空'],
        [{ deptId, name: '类型', type: '3' }, '类型只能是 1 或 2'],
        [{ deptId, name: '类型', contentType: '0' }, '稿件类型只能是 1 或 2'],
        [{ deptId, name: '周期', period: 'hourly' }, '产品周期不存在'],
        [{ deptId, name: '周期', period: '周刊' }, '产品周期不存在'],
        [{ deptId, name: '模板', fileIds: 999999 }, '模板文件不存在'],
        [{ deptId, name: '模板', fileIds: 'abc' }, '模板文件不存在'],
        [{ deptId, name: '模板', fileIds: excel }, '模板文件不存在'],
        [{ deptId, name: '模板', fileIds: manuscriptFile }, '模板文件不存在'],
        [{ deptId: 999999, name: '单位' }, '所属单位不存在'],
        [{ deptId, name: '主编', editorIds: '999999' }, '主编不存在'],
        [{ deptId, name: '主编', editorIds: 'a,b' }, '主编格式不正确'],
      ];
      for (const [body, message] of cases) expectError(await as(admin).post('/api/productSetting', body), 400, message);
      expectError(await as(admin).put('/api/productSetting', { deptId, name: '无 id' }), 400, 'id 必须是整数');
      // Nothing was written, and the refused template was left alone.
      expect((await one<{ n: number }>("SELECT count(*)::int AS n FROM product_setting WHERE name IN ('缺单位', '栏目', '类型', '周期', '模板', '单位', '主编')")).n).toBe(0);
      expect(await fileForm(manuscriptFile)).toEqual({ formType: 'manuscript', formId: 1 });
      // someone else's free upload cannot be claimed as a template by its id (admin may: storage:list)
      const othersUpload = await insertFile('word', null, null, translatorUserId);
      expectError(await as(editor).post('/api/productSetting', { deptId, name: '别人的模板', fileIds: othersUpload }), 400, '模板文件不存在');
      // a NUL character, which PostgreSQL refuses in text, is a 400 as well (not a 500)
      expectError(await as(admin).post('/api/productSetting', { deptId, name: 'a\u0000b' }), 400, '请求参数格式错误');
      expect((await as(admin).get('/api/productSetting/list?name=a%00b')).status).toBe(400);
    });

    it('409 产品名称已存在 on create and on edit', async () => {
      const a = await createProduct({ name: '重名甲' });
      await createProduct({ name: '重名乙' });
      expectError(await as(admin).post('/api/productSetting', { deptId, name: '重名甲' }), 409, '产品名称已存在');
      expectError(await as(admin).post('/api/productSetting', { deptId, name: ' 重名甲 ' }), 409, '产品名称已存在');
      expectError(await as(admin).put('/api/productSetting', { id: a.id, deptId, name: '重名乙' }), 409, '产品名称已存在');
      // Keeping its own name is fine.
      expect((await as(admin).put('/api/productSetting', { id: a.id, deptId, name: '重名甲' })).status).toBe(204);
    });

    it('a template attached to another product is refused', async () => {
      const fileId = await insertFile();
      await createProduct({ name: '模板主人', fileIds: fileId });
      expectError(await as(admin).post('/api/productSetting', { deptId, name: '抢模板', fileIds: fileId }), 400, '模板文件不存在');
    });

    describe('PUT', () => {
      it('edits the fields; left-out fields keep their value, null clears them', async () => {
        const fileId = await insertFile();
        const p = await createProduct({ name: '待修改', editorIds: String(editorUserId), period: 'daily', fileIds: fileId, columnList: [{ sort: 1, name: '一' }] });
        const res = await as(editor).put('/api/productSetting', { id: p.id, name: '已修改', deptId: otherDeptId, type: '2', contentType: '1', createTime: 'ignored' });
        expect(res.status).toBe(204);
        const after = await getProduct(p.id);
        expect(after).toMatchObject({
          name: '已修改',
          deptId: otherDeptId,
          dept: { name: '编译部' },
          type: '2',
          contentType: '1',
          editorIds: String(editorUserId),
          period: 'daily',
          fileIds: String(fileId),
          createBy: 'admin',
        });
        expect(after.columnList.map((c) => c.name)).toEqual(['一']);
        expect((await one<{ updateBy: string }>('SELECT update_by AS "updateBy" FROM product_setting WHERE id = $1', [p.id])).updateBy).toBe('editor');

        expect((await as(admin).put('/api/productSetting', { ...after, editorIds: null, period: '', fileIds: null })).status).toBe(204);
        expect(await getProduct(p.id)).toMatchObject({ editorIds: null, editors: [], period: null, fileIds: null, files: [], columnList: after.columnList });
        // The released template is attached to nothing again.
        expect(await fileForm(fileId)).toEqual({ formType: null, formId: null });
      });

      it('replaces the template: the new one is attached, the old one released', async () => {
        const first = await insertFile();
        const second = await insertFile();
        const p = await createProduct({ name: '换模板', fileIds: first });
        expect((await as(admin).put('/api/productSetting', { id: p.id, deptId, name: '换模板', fileIds: String(second) })).status).toBe(204);
        expect((await getProduct(p.id)).files.map((f) => f.id)).toEqual([second]);
        expect(await fileForm(first)).toEqual({ formType: null, formId: null });
        expect(await fileForm(second)).toEqual({ formType: 'product', formId: p.id });
      });

      it('columnList replaces the columns: listed ids updated, new rows added, missing rows removed', async () => {
        const p = await createProduct({ name: '换栏目', columnList: [{ sort: 1, name: 'A' }, { sort: 2, name: 'B' }, { sort: 3, name: 'C' }] });
        const [a, b, c] = p.columnList;
        const res = await as(admin).put('/api/productSetting', {
          ...p,
          columnList: [
            { id: c.id, sort: 1, name: 'C改', status: false },
            { sort: 2, name: 'D' },
            { id: a.id, sort: 3, name: 'A', status: true },
          ],
        });
        expect(res.status).toBe(204);
        const after = (await getProduct(p.id)).columnList;
        expect(after.map((x) => [x.sort, x.name, x.status])).toEqual([
          [1, 'C改', false],
          [2, 'D', true],
          [3, 'A', true],
        ]);
        expect(after[0].id).toBe(c.id);
        expect(after[2].id).toBe(a.id);
        expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM product_column WHERE id = $1', [b.id])).n).toBe(0);
        // An empty list removes every column.
        expect((await as(admin).put('/api/productSetting', { id: p.id, deptId, name: '换栏目', columnList: [] })).status).toBe(204);
        expect((await getProduct(p.id)).columnList).toEqual([]);
      });

      it('a removed column with manuscripts → 409, and nothing of the edit is kept (one transaction)', async () => {
        const p = await createProduct({ name: '有稿件的产品', columnList: [{ sort: 1, name: '有稿' }, { sort: 2, name: '无稿' }] });
        const [used, free] = p.columnList;
        await insertManuscript(p.id, [used.id]);
        const res = await as(admin).put('/api/productSetting', {
          id: p.id,
          deptId,
          name: '有稿件的产品（改名）',
          columnList: [{ id: free.id, sort: 1, name: '无稿（改）' }, { sort: 2, name: '新增' }],
        });
        expectError(res, 409, '栏目「有稿」已有稿件，不能删除，可改为停用');
        const after = await getProduct(p.id);
        expect(after.name).toBe('有稿件的产品');
        expect(after.columnList).toEqual(p.columnList);
        // Disabling it instead is allowed.
        const disable = await as(admin).put('/api/productSetting', { ...p, columnList: [{ ...used, status: false }, free] });
        expect(disable.status).toBe(204);
        expect((await getProduct(p.id)).columnList.map((c) => c.status)).toEqual([false, true]);
      });

      it('400 for a column id of another product, 404 for an unknown product', async () => {
        const other = await createProduct({ name: '别人的栏目', columnList: [{ sort: 1, name: 'X' }] });
        const p = await createProduct({ name: '自己的栏目' });
        expectError(await as(admin).put('/api/productSetting', { id: p.id, deptId, name: '自己的栏目', columnList: [{ id: other.columnList[0].id, sort: 1, name: 'X' }] }), 400, '栏目不存在');
        expect((await getProduct(other.id)).columnList).toEqual(other.columnList);
        expectError(await as(admin).put('/api/productSetting', { id: 999999, deptId, name: '不存在' }), 404, '产品不存在');
      });
    });

    describe('DELETE', () => {
      it('deletes products with their columns and releases the template', async () => {
        const fileId = await insertFile();
        const p = await createProduct({ name: '待删除', fileIds: fileId, columnList: [{ sort: 1, name: 'x' }] });
        const q = await createProduct({ name: '待删除2' });
        const res = await as(editor).del('/api/productSetting', [p.id, q.id]);
        expect(res.status).toBe(200);
        expectError(await as(admin).get(`/api/productSetting/${p.id}`), 404, '产品不存在');
        expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM product_column WHERE product_id = $1', [p.id])).n).toBe(0);
        expect(await fileForm(fileId)).toEqual({ formType: null, formId: null });
        expectError(await as(admin).del('/api/productSetting', [p.id]), 404, '产品不存在');
        expectError(await as(admin).del('/api/productSetting', []), 400, '请选择要操作的数据（id 数组）');
        expectError(await as(admin).del('/api/productSetting', ['x']), 400, 'id 必须是正整数');
      });

      it('409 when a product has journals or manuscripts; nothing is deleted', async () => {
        const withJournal = await createProduct({ name: '有期刊' });
        const withManuscript = await createProduct({ name: '有稿件', columnList: [{ sort: 1, name: 'c' }] });
        const free = await createProduct({ name: '空产品' });
        await insertJournal(db, { productId: withJournal.id });
        await insertManuscript(withManuscript.id, [withManuscript.columnList[0].id]);
        expectError(await as(admin).del('/api/productSetting', [free.id, withJournal.id]), 409, '产品「有期刊」已有期刊或稿件，不能删除');
        expectError(await as(admin).del('/api/productSetting', [withManuscript.id]), 409, '产品「有稿件」已有期刊或稿件，不能删除');
        expect((await as(admin).get(`/api/productSetting/${free.id}`)).status).toBe(200);
        expect((await getProduct(withManuscript.id)).columnList).toHaveLength(1);
      });
    });

    it('lists a page: default id,desc, name filter, whitelisted sort', async () => {
      for (const name of ['分页丙', '分页甲', '分页乙']) await createProduct({ name, period: 'monthly', type: name === '分页甲' ? '2' : '1' });
      const res = await as(editor).get('/api/productSetting/list?name=分页&page=0&size=2');
      expect(res.status).toBe(200);
      expect(res.body.totalElements).toBe(3);
      expect(names(res)).toEqual(['分页乙', '分页甲']);
      expect(Object.keys(res.body.content[0]).sort()).toEqual(PRODUCT_KEYS);
      expect(names(await as(editor).get('/api/productSetting/list?name=分页&page=1&size=2'))).toEqual(['分页丙']);
      expect(names(await as(editor).get('/api/productSetting/list?name=分页&sort=name,asc'))).toEqual(['分页丙', '分页乙', '分页甲'].sort());
      expect(names(await as(editor).get('/api/productSetting/list?name=分页&sort=type,desc&sort=id,asc'))).toEqual(['分页甲', '分页丙', '分页乙']);
      expect(names(await as(editor).get('/api/productSetting/list?name=分页&sort=createTime,asc'))).toEqual(['分页丙', '分页甲', '分页乙']);
      expect((await as(editor).get('/api/productSetting/list?name=分页&sort=period,asc')).status).toBe(200);
      expect((await as(editor).get('/api/productSetting/list?name=%25')).body.totalElements).toBe(0);
      expectError(await as(editor).get('/api/productSetting/list?sort=deptId,asc'), 400, '不支持的排序字段: deptId');
      expectError(await as(editor).get('/api/productSetting/list?sort=name,up'), 400, '排序方向只能是 asc 或 desc: name,up');
      expectError(await as(editor).get('/api/productSetting/list?size=1001'), 400, 'size 不能超过 1000');
      // Unfiltered: every product, newest first.
      const all = await as(admin).get('/api/productSetting/list?size=1000');
      const ids = (all.body.content as ProductBody[]).map((p) => p.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      expect(all.body.totalElements).toBe((await one<{ n: number }>('SELECT count(*)::int AS n FROM product_setting')).n);
    });

    it('GET all: every product for any session, by name, with the choice-list fields', async () => {
      const res = await as(nobody).get('/api/productSetting/all');
      expect(res.status).toBe(200);
      const list = res.body as Array<{ id: number; name: string }>;
      expect(list.length).toBe((await one<{ n: number }>('SELECT count(*)::int AS n FROM product_setting')).n);
      expect(Object.keys(list[0]).sort()).toEqual(['contentType', 'id', 'isWeekly', 'name', 'period', 'type']);
      const sorted = [...list].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
      expect(list.map((p) => p.id)).toEqual(sorted.map((p) => p.id));
      expect(list.find((p) => p.name === '分页甲')).toMatchObject({ period: 'monthly', type: '2', contentType: '2', isWeekly: false });
    });

    it('GET all?editable=true: only the products whose journals the caller may write; without it, every product', async () => {
      // the editor (期刊编辑部): its unit, a product of 编译部 naming the editor as chief editor, and one it does not own
      const own = await createProduct({ name: '可写-本单位' });
      const chiefOf = await createProduct({ name: '可写-主编', deptId: otherDeptId, editorIds: `${translatorUserId},${editorUserId}` });
      const foreign = await createProduct({ name: '可写-外单位', deptId: otherDeptId, editorIds: String(translatorUserId) });
      const mine = [own.id, chiefOf.id, foreign.id];
      const idsOf = async (token: string, query = '') => {
        const res = await as(token).get(`/api/productSetting/all${query}`);
        expect(res.status).toBe(200);
        return (res.body as Array<{ id: number }>).map((p) => p.id).filter((id) => mine.includes(id));
      };
      // in the order of the whole list (by name)
      const byName = await idsOf(admin);
      expect([...byName].sort((a, b) => a - b)).toEqual(mine);
      expect(await idsOf(editor, '?editable=true')).toEqual(byName.filter((id) => id !== foreign.id));
      expect(await idsOf(admin, '?editable=true')).toEqual(byName);
      // an outsider (国际新闻部, not a chief editor) owns none of them, nor does a user without a department
      await createProduct({ name: '可写-国际', deptId: (await one<{ id: number }>("SELECT id FROM sys_dept WHERE name = '国际新闻部'")).id });
      expect(await idsOf(reviewer, '?editable=true')).toEqual([]);
      const reviewerAll = (await as(reviewer).get('/api/productSetting/all?editable=true')).body as Array<{ name: string }>;
      expect(reviewerAll.map((p) => p.name)).toContain('可写-国际');
      expect(Object.keys(reviewerAll[0]).sort()).toEqual(['contentType', 'id', 'isWeekly', 'name', 'period', 'type']);
      // the default answer is unchanged: every product, for everyone; editable=false is the default
      for (const token of [editor, reviewer, nobody]) {
        expect(await idsOf(token)).toEqual(byName);
        expect(await idsOf(token, '?editable=false')).toEqual(byName);
      }
      expectError(await as(editor).get('/api/productSetting/all?editable=yes'), 400, 'editable 必须是 true 或 false');
    });

    it('exports the filtered products as xlsx', async () => {
      const fileId = await insertFile();
      await createProduct({ name: '导出产品', period: 'weekly', editorIds: String(editorUserId), fileIds: fileId, columnList: [{ sort: 2, name: '乙栏' }, { sort: 1, name: '甲栏' }] });
      await createProduct({ name: '导出专刊', type: '2', contentType: '1' });
      const res = await as(editor).get('/api/productSetting/download?name=导出').buffer(true).parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain('attachment');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.body as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      expect(rows).toHaveLength(3);
      expect(rows[0]).toEqual(['产品名称', '所属单位', '产品类型', '稿件类型', '主编', '栏目', '产品周期', '模板文件', '周刊', '创建时间']);
      // Newest first, like the list.
      expect(rows[1].slice(0, 9)).toEqual(['导出专刊', '期刊编辑部', '专刊', '摘要', undefined, undefined, undefined, undefined, '否']);
      expect(rows[2].slice(0, 9)).toEqual(['导出产品', '期刊编辑部', '常规期', '全文', '张编辑', '甲栏、乙栏', '周刊', expect.stringMatching(/^模板\d+\.docx$/), '否']);
      expect(rows[2][9]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expectError(await as(editor).get('/api/productSetting/download?sort=nope,asc'), 400, '不支持的排序字段: nope');
    });

    it('isWeekly: the flag, one product at a time', async () => {
      const a = await createProduct({ name: '周刊甲', isWeekly: true });
      expect(a.isWeekly).toBe(true);
      const products = t.app.get(ProductsService);
      expect(await products.weeklyProductId()).toBe(a.id);
      const b = await createProduct({ name: '周刊乙' });
      expect((await as(admin).put('/api/productSetting', { id: b.id, deptId, name: '周刊乙', isWeekly: 'true' })).status).toBe(204);
      expect((await getProduct(b.id)).isWeekly).toBe(true);
      expect((await getProduct(a.id)).isWeekly).toBe(false);
      expect(await products.weeklyProductId()).toBe(b.id);
      expect(await products.isWeekly(b.id)).toBe(true);
      const all = (await as(nobody).get('/api/productSetting/all')).body as Array<{ id: number; isWeekly: boolean }>;
      expect(all.filter((p) => p.isWeekly).map((p) => p.id)).toEqual([b.id]);
      // Leaving isWeekly out of an edit keeps it.
      expect((await as(admin).put('/api/productSetting', { id: b.id, deptId, name: '周刊乙' })).status).toBe(204);
      expect((await getProduct(b.id)).isWeekly).toBe(true);
      expect((await as(admin).put('/api/productSetting', { id: b.id, deptId, name: '周刊乙', isWeekly: false })).status).toBe(204);
      expect(await products.weeklyProductId()).toBeNull();
    });
  });

  describe('columns', () => {
    let product: ProductBody;
    let other: ProductBody;

    beforeAll(async () => {
      product = await createProduct({
        name: '栏目产品',
        columnList: [
          { sort: 3, name: '丙' },
          { sort: 1, name: '甲' },
          { sort: 2, name: '停用', status: false },
          { sort: 1, name: '甲二' },
        ],
      });
      other = await createProduct({ name: '栏目产品二', columnList: [{ sort: 1, name: '独' }] });
    });

    it('GET list: the columns of a product for any session, paged, by sort then id', async () => {
      const res = await as(nobody).get(`/api/productColumn/list?productId=${product.id}&page=0&size=3`);
      expect(res.status).toBe(200);
      expect(res.body.totalElements).toBe(4);
      expect(res.body.content.map((c: ColumnEntry) => c.name)).toEqual(['甲', '甲二', '停用']);
      expect(Object.keys(res.body.content[0]).sort()).toEqual(['id', 'name', 'productId', 'sort', 'status']);
      expect(res.body.content[0]).toMatchObject({ productId: product.id, sort: 1, status: true });
      expect((await as(nobody).get(`/api/productColumn/list?productId=${product.id}&page=1&size=3`)).body.content.map((c: ColumnEntry) => c.name)).toEqual(['丙']);
      expectError(await as(nobody).get('/api/productColumn/list?sort=password,asc'), 400, '不支持的排序字段: password');
      expectError(await as(nobody).get('/api/productColumn/list?productId=abc'), 400, 'productId 必须是整数');
    });

    it('GET getColumnMap: enabled columns only, by sort, keyed by product id', async () => {
      const res = await as(nobody).get('/api/productColumn/getColumnMap');
      expect(res.status).toBe(200);
      expect(res.body[String(product.id)].map((c: ColumnEntry) => c.name)).toEqual(['甲', '甲二', '丙']);
      expect(Object.keys(res.body[String(product.id)][0]).sort()).toEqual(['id', 'name', 'sort']);
      expect(res.body[String(other.id)].map((c: ColumnEntry) => c.name)).toEqual(['独']);
      const empty = await createProduct({ name: '无栏目产品' });
      expect((await as(nobody).get('/api/productColumn/getColumnMap')).body[String(empty.id)]).toEqual([]);
    });

    it('POST adds a column (201); sort defaults to the end', async () => {
      const res = await as(editor).post('/api/productColumn', { productId: other.id, name: ' 新栏 ' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(Number), productId: other.id, sort: 2, name: '新栏', status: true });
      const disabled = await as(editor).post('/api/productColumn', { productId: String(other.id), name: '停', sort: 0, status: false });
      expect(disabled.body).toMatchObject({ sort: 0, status: false });
      expect((await getProduct(other.id)).columnList.map((c) => c.name)).toEqual(['停', '独', '新栏']);
      expectError(await as(editor).post('/api/productColumn', { name: 'x' }), 400, '请选择产品');
      expectError(await as(editor).post('/api/productColumn', { productId: other.id, name: '' }), 400, '栏目名称不能为空');
      expectError(await as(editor).post('/api/productColumn', { productId: other.id, name: 'x'.repeat(101) }), 400, '栏目名称不能超过100个字符');
      expectError(await as(editor).post('/api/productColumn', { productId: 999999, name: 'x' }), 404, '产品不存在');
    });

    it('PUT edits a column (204); 404 for an unknown one', async () => {
      const column = (await getProduct(other.id)).columnList.find((c) => c.name === '独')!;
      expect((await as(editor).put('/api/productColumn', { id: column.id, name: '独改', sort: 7, status: false })).status).toBe(204);
      expect((await getProduct(other.id)).columnList.find((c) => c.id === column.id)).toEqual({ id: column.id, name: '独改', sort: 7, status: false });
      expect((await as(editor).put('/api/productColumn', { id: column.id, name: '独' })).status).toBe(204);
      expect((await getProduct(other.id)).columnList.find((c) => c.id === column.id)).toEqual({ id: column.id, name: '独', sort: 7, status: false });
      expectError(await as(editor).put('/api/productColumn', { id: 999999, name: 'x' }), 404, '栏目不存在');
      expectError(await as(editor).put('/api/productColumn', { id: column.id, name: ' ' }), 400, '栏目名称不能为空');
    });

    it('DELETE removes columns (200); 409 when one has manuscripts (nothing deleted); 404 when none exists', async () => {
      const p = await createProduct({ name: '删栏目', columnList: [{ sort: 1, name: '留' }, { sort: 2, name: '删' }, { sort: 3, name: '用' }] });
      const [keep, drop, used] = p.columnList;
      await insertManuscript(p.id, [used.id]);
      expectError(await as(editor).del('/api/productColumn', [drop.id, used.id]), 409, '栏目「用」已有稿件，不能删除，可改为停用');
      expect((await getProduct(p.id)).columnList).toHaveLength(3);
      expect((await as(editor).del('/api/productColumn', [drop.id])).status).toBe(200);
      expect((await getProduct(p.id)).columnList.map((c) => c.id)).toEqual([keep.id, used.id]);
      expectError(await as(editor).del('/api/productColumn', [drop.id]), 404, '栏目不存在');
      expectError(await as(editor).del('/api/productColumn', {}), 400, '请选择要操作的数据（id 数组）');
    });
  });

  describe('services for journals and manuscripts', () => {
    it('assertColumns: the product must exist and every column be one of its enabled columns', async () => {
      const products = t.app.get(ProductsService);
      const p = await createProduct({ name: '投稿产品', columnList: [{ sort: 1, name: 'A' }, { sort: 2, name: 'B' }, { sort: 3, name: '停', status: false }] });
      const other = await createProduct({ name: '投稿产品二', columnList: [{ sort: 1, name: 'Z' }] });
      const [a, b, off] = p.columnList;
      expect(await products.assertColumns(p.id, [b.id, String(a.id), b.id])).toEqual([b, a]);
      expect(await products.assertColumns(String(p.id), `${a.id}`)).toEqual([a]);
      const reject = async (productId: unknown, columnIds: unknown, status: number, message: string) => {
        await expect(products.assertColumns(productId, columnIds)).rejects.toMatchObject({ status, message });
      };
      await reject(undefined, [a.id], 400, '请选择产品');
      await reject('', [a.id], 400, '请选择产品');
      await reject(999999, [a.id], 404, '产品不存在');
      await reject(p.id, [], 400, '请选择投稿栏目');
      await reject(p.id, undefined, 400, '请选择投稿栏目');
      await reject(p.id, [off.id], 400, '请选择投稿栏目');
      await reject(p.id, [a.id, other.columnList[0].id], 400, '请选择投稿栏目');
      await reject(p.id, [a.id, 999999], 400, '请选择投稿栏目');
      expect(await products.columnsOf(p.id)).toEqual([a, b, off]);
      expect(await products.columnsOf(p.id, { enabledOnly: true })).toEqual([a, b]);
      expect(await products.assertProduct(p.id)).toMatchObject({ id: p.id, name: '投稿产品' });
      expect([...(await products.productRefs([p.id, other.id, 999999])).values()]).toEqual(
        expect.arrayContaining([{ id: p.id, name: '投稿产品' }, { id: other.id, name: '投稿产品二' }]),
      );
      expect((await products.columnRefs([a.id, 999999])).get(a.id)).toEqual({ id: a.id, name: 'A' });
    });
  });

  describe('access', () => {
    it('401 without a session on every route', async () => {
      const calls = [
        t.http().get('/api/productSetting/list'),
        t.http().get('/api/productSetting/all'),
        t.http().get('/api/productSetting/1'),
        t.http().get('/api/productSetting/download'),
        t.http().post('/api/productSetting').send({ deptId, name: 'x' }),
        t.http().put('/api/productSetting').send({ id: 1, deptId, name: 'x' }),
        t.http().delete('/api/productSetting').send([1]),
        t.http().get('/api/productColumn/list'),
        t.http().get('/api/productColumn/getColumnMap'),
        t.http().post('/api/productColumn').send({ productId: 1, name: 'x' }),
        t.http().put('/api/productColumn').send({ id: 1, name: 'x' }),
        t.http().delete('/api/productColumn').send([1]),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
    });

    it('403 without the productSetting permissions (reviewer, a user without roles)', async () => {
      const p = await createProduct({ name: '权限产品', columnList: [{ sort: 1, name: 'c' }] });
      for (const token of [reviewer, nobody]) {
        const denied = [
          await as(token).get('/api/productSetting/list'),
          await as(token).get(`/api/productSetting/${p.id}`),
          await as(token).get('/api/productSetting/download'),
          await as(token).post('/api/productSetting', { deptId, name: '越权' }),
          await as(token).put('/api/productSetting', { id: p.id, deptId, name: '越权' }),
          await as(token).del('/api/productSetting', [p.id]),
          await as(token).post('/api/productColumn', { productId: p.id, name: '越权' }),
          await as(token).put('/api/productColumn', { id: p.columnList[0].id, name: '越权' }),
          await as(token).del('/api/productColumn', [p.columnList[0].id]),
        ];
        for (const res of denied) expectError(res, 403, '没有权限执行此操作');
        expect((await as(token).get('/api/productSetting/all')).status).toBe(200);
        expect((await as(token).get('/api/productColumn/getColumnMap')).status).toBe(200);
        expect((await as(token).get(`/api/productColumn/list?productId=${p.id}`)).status).toBe(200);
      }
      expect(await getProduct(p.id)).toMatchObject({ name: '权限产品', columnList: [{ name: 'c' }] });
    });

    it('the routes are documented (the DTOs build an OpenAPI document)', async () => {
      const res = await t.http().get('/api/docs-json');
      expect(res.status).toBe(200);
      const paths = res.body.paths as Record<string, Record<string, unknown>>;
      expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/productSetting', '/api/productSetting/list', '/api/productSetting/{id}', '/api/productColumn/getColumnMap']));
      expect(Object.keys(paths['/api/productSetting']).sort()).toEqual(['delete', 'post', 'put']);
    });

    it('the editor role holds productSetting:list/add/edit/del', async () => {
      const p = await createProduct({ name: '编辑的产品' }, editor);
      expect((await as(editor).get(`/api/productSetting/${p.id}`)).status).toBe(200);
      expect((await as(editor).put('/api/productSetting', { id: p.id, deptId, name: '编辑的产品' })).status).toBe(204);
      expect((await as(editor).del('/api/productSetting', [p.id])).status).toBe(200);
    });
  });
});

describe('WEEKLY_PRODUCT_ID', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    // A fresh database: the products created below get ids 1 and 2.
    t = await createTestApp({ weeklyProductId: 2 });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('overrides the flag in every answer and in weeklyProductId()', async () => {
    const deptId = (await t.app.get(DataSource).query("SELECT id FROM sys_dept WHERE name = '总部'"))[0].id as number;
    const flagged = await t.http().post('/api/productSetting').set('Authorization', bearer(admin)).send({ deptId, name: '标记的周刊', isWeekly: true });
    const configured = await t.http().post('/api/productSetting').set('Authorization', bearer(admin)).send({ deptId, name: '配置的周刊' });
    expect([flagged.status, configured.status]).toEqual([201, 201]);
    expect(configured.body.id).toBe(2);
    expect(flagged.body.isWeekly).toBe(false);
    expect(configured.body.isWeekly).toBe(true);
    const all = (await t.http().get('/api/productSetting/all').set('Authorization', bearer(admin))).body as Array<{ id: number; isWeekly: boolean }>;
    expect(all.filter((p) => p.isWeekly).map((p) => p.id)).toEqual([2]);
    const list = (await t.http().get('/api/productSetting/list').set('Authorization', bearer(admin))).body.content as ProductBody[];
    expect(list.map((p) => [p.id, p.isWeekly])).toEqual([
      [2, true],
      [flagged.body.id, false],
    ]);
    expect(await t.app.get(ProductsService).weeklyProductId()).toBe(2);
  });
});
