import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { PrincipalService } from '../src/common/auth/principal.service';
import { insertProduct } from './utils/factories';
import { binary } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

interface DeptItem {
  id: number;
  pid: number | null;
  name: string;
  subCount: number;
  hasChildren: boolean;
  leaf: boolean;
  label: string;
  children?: DeptItem[];
}

const DEPT_KEYS = ['createBy', 'createTime', 'deptSort', 'enabled', 'hasChildren', 'id', 'label', 'leaf', 'name', 'pid', 'subCount', 'updateBy', 'updateTime'];

/** Names of a tree as nested arrays: `name` or `[name, children]`. */
const shape = (nodes: DeptItem[]): unknown[] => nodes.map((n) => (n.children ? [n.name, shape(n.children)] : n.name));
const names = (nodes: DeptItem[]) => nodes.map((n) => n.name);

describe('api/dept', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let translator: string;
  const id: Record<string, number> = {};

  const get = (path: string, token = admin) => t.http().get(path).set('Authorization', bearer(token));
  const post = (path: string, body: unknown, token = admin) => t.http().post(path).set('Authorization', bearer(token)).send(body as object);
  const put = (body: unknown, token = admin) => t.http().put('/api/dept').set('Authorization', bearer(token)).send(body as object);
  const del = (ids: unknown, token = admin) => t.http().delete('/api/dept').set('Authorization', bearer(token)).send(ids as object);
  const subCount = async (deptId: number): Promise<number> => (await db.query('SELECT sub_count FROM sys_dept WHERE id = $1', [deptId]))[0].sub_count;
  const realCount = async (deptId: number): Promise<number> => (await db.query('SELECT count(*)::int AS n FROM sys_dept WHERE pid = $1', [deptId]))[0].n;
  const create = async (name: string, pid: number | null, token = admin): Promise<number> => {
    const res = await post('/api/dept', { name, pid, deptSort: 50, enabled: true }, token);
    expect(res.status).toBe(201);
    return res.body.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    translator = await t.login('translator');
    for (const row of await db.query('SELECT id, name FROM sys_dept')) id[row.name] = row.id;
  });
  afterAll(() => t.close());

  describe('GET api/dept/lookup (pickers of the work screens)', () => {
    it('answers enabled departments to any session, level by level and as a tree', async () => {
      const roleless = await t.loginWithoutRoles('dept_lookup_user');
      expect((await get('/api/dept', roleless)).status).toBe(403);
      const roots = await get('/api/dept/lookup', roleless);
      expect(roots.status).toBe(200);
      expect(names(roots.body.content)).toEqual(['总部']);
      const children = await get(`/api/dept/lookup?pid=${id['总部']}`, roleless);
      expect(names(children.body.content)).toEqual(expect.arrayContaining(['新闻中心', '出版中心']));
      await db.query('UPDATE sys_dept SET enabled = false WHERE id = $1', [id['技术部']]);
      try {
        expect(names((await get(`/api/dept/lookup?pid=${id['总部']}`, roleless)).body.content)).not.toContain('技术部');
        const tree = await get('/api/dept/lookup/tree', roleless);
        expect(tree.status).toBe(200);
        const top = (tree.body.content as DeptItem[])[0];
        expect(top.name).toBe('总部');
        expect(names(top.children ?? [])).not.toContain('技术部');
        expect(names(top.children?.find((c) => c.name === '新闻中心')?.children ?? [])).toEqual(expect.arrayContaining(['国际新闻部', '编译部']));
      } finally {
        await db.query('UPDATE sys_dept SET enabled = true WHERE id = $1', [id['技术部']]);
      }
    });

    it('answers 401 without a session and 400 for a bad pid', async () => {
      expect((await t.http().get('/api/dept/lookup')).status).toBe(401);
      expect((await t.http().get('/api/dept/lookup/tree')).status).toBe(401);
      const bad = await get('/api/dept/lookup?pid=abc');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('pid 必须是整数');
    });
  });

  describe('GET api/dept', () => {
    it('answers the top level without filters, with the dept fields', async () => {
      const res = await get('/api/dept');
      expect(res.status).toBe(200);
      expect(res.body.totalElements).toBe(1);
      const [root] = res.body.content;
      expect(Object.keys(root).sort()).toEqual(DEPT_KEYS);
      expect(root).toMatchObject({ name: '总部', pid: null, subCount: 3, hasChildren: true, leaf: false, label: '总部', enabled: true, createBy: 'system' });
      expect(root.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // enabled alone keeps the top level (eladmin)
      expect(names((await get('/api/dept?enabled=true')).body.content)).toEqual(['总部']);
    });

    it('answers the children of pid, sorted by deptSort', async () => {
      const res = await get(`/api/dept?pid=${id['总部']}`);
      expect(res.body.totalElements).toBe(3);
      expect(names(res.body.content)).toEqual(['新闻中心', '出版中心', '技术部']);
      expect(res.body.content[2]).toMatchObject({ subCount: 0, hasChildren: false, leaf: true });
      expect(names((await get(`/api/dept?pid=${id['总部']}&sort=name,desc&page=0&size=1`)).body.content)).toEqual(['新闻中心', '技术部', '出版中心']);
      expect(names((await get('/api/dept?pid=0')).body.content)).toEqual(['总部']);
    });

    it('filters by name at every level, by enabled and by createTime', async () => {
      expect(names((await get('/api/dept?name=部')).body.content)).toEqual(['总部', '国际新闻部', '期刊编辑部', '编译部', '审校部', '技术部']);
      expect(names((await get('/api/dept?name=编&enabled=true')).body.content)).toEqual(['期刊编辑部', '编译部']);
      expect(names((await get('/api/dept?name=编&enabled=false')).body.content)).toEqual([]);
      expect((await get('/api/dept?name=%25')).body.content).toEqual([]);
      expect((await get('/api/dept?createTime=2000-01-01&createTime=2000-01-02')).body).toEqual({ content: [], totalElements: 0 });
      expect((await get('/api/dept?createTime=2000-01-01 00:00:00&createTime=2999-01-01 00:00:00')).body.totalElements).toBe(8);
    });

    it('answers 400 for bad query parameters', async () => {
      const cases: Array<[string, string]> = [
        ['/api/dept?sort=password,asc', '不支持的排序字段: password'],
        ['/api/dept?size=10000', 'size 不能超过 9999'], // a lookup clients load whole (issue 12)
        ['/api/dept?pid=abc', 'pid 必须是整数'],
        ['/api/dept?enabled=maybe', 'enabled 必须是 true 或 false'],
        ['/api/dept?createTime=2026-01-01', 'createTime 需要开始和结束两个时间'],
      ];
      for (const [path, message] of cases) {
        const res = await get(path);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ status: 400, message });
      }
    });
  });

  it('GET api/dept/tree answers the whole tree', async () => {
    const res = await get('/api/dept/tree');
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(8);
    expect(shape(res.body.content)).toEqual([['总部', [['新闻中心', ['国际新闻部', '编译部']], ['出版中心', ['期刊编辑部', '审校部']], '技术部']]]);
    expect((await get('/api/dept/tree?enabled=false')).body).toEqual({ content: [], totalElements: 0 });
  });

  it('POST api/dept/superior answers the ancestors with their siblings up to the top', async () => {
    const res = await post('/api/dept/superior', [id['期刊编辑部']]);
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(6);
    expect(shape(res.body.content)).toEqual([['总部', ['新闻中心', ['出版中心', ['期刊编辑部', '审校部']], '技术部']]]);

    const excluded = await post('/api/dept/superior?exclude=true', [id['期刊编辑部']]);
    expect(shape(excluded.body.content)).toEqual([['总部', ['新闻中心', ['出版中心', ['审校部']], '技术部']]]);
    expect(excluded.body.content[0].children[1]).toMatchObject({ name: '出版中心', subCount: 1 });

    const top = await post('/api/dept/superior?exclude=true', [id['总部']]);
    expect(top.body).toEqual({ content: [], totalElements: 0 });

    expect((await post('/api/dept/superior', [999999])).status).toBe(404);
    expect((await post('/api/dept/superior', [])).body.message).toBe('请选择要操作的数据（id 数组）');
    expect((await post('/api/dept/superior', ['x'])).status).toBe(400);
  });

  it('creates, edits and deletes depts keeping subCount right', async () => {
    const created = await post('/api/dept', { name: '运维组', pid: id['技术部'], deptSort: 3, enabled: 'true', isTop: '0' });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(DEPT_KEYS);
    expect(created.body).toMatchObject({ name: '运维组', pid: id['技术部'], deptSort: 3, enabled: true, subCount: 0, leaf: true, createBy: 'admin' });
    const ops = created.body.id;
    expect(await subCount(id['技术部'])).toBe(1);

    const grandchild = await create('值班室', ops);
    expect(await subCount(ops)).toBe(1);

    const top = await post('/api/dept', { name: '分社', pid: 0, enabled: true });
    expect(top.status).toBe(201);
    expect(top.body).toMatchObject({ pid: null, deptSort: 999 });

    // move 运维组 (with its child) under 总部
    const moved = await put({ id: ops, name: '运维中心', pid: id['总部'], deptSort: 4, enabled: false, subCount: 99, createTime: 'ignored' });
    expect(moved.status).toBe(204);
    expect(await subCount(id['技术部'])).toBe(0);
    expect(await subCount(id['总部'])).toBe(4);
    const children = (await get(`/api/dept?pid=${id['总部']}`)).body.content as DeptItem[];
    expect(children.find((d) => d.id === ops)).toMatchObject({ name: '运维中心', enabled: false, subCount: 1, hasChildren: true });

    // to the top level and back
    expect((await put({ id: ops, name: '运维中心', pid: null, enabled: true })).status).toBe(204);
    expect(await subCount(id['总部'])).toBe(3);
    expect(names((await get('/api/dept')).body.content)).toEqual(['总部', '运维中心', '分社']);
    expect((await put({ id: ops, name: '运维中心', pid: id['技术部'], enabled: true })).status).toBe(204);
    expect(await subCount(id['技术部'])).toBe(1);

    // delete the branch: descendants go too, the parent is recounted
    const deleted = await del([ops]);
    expect(deleted.status).toBe(200);
    expect((await db.query('SELECT id FROM sys_dept WHERE id = ANY($1::int[])', [[ops, grandchild]])).length).toBe(0);
    expect(await subCount(id['技术部'])).toBe(0);
    expect((await del([ops])).status).toBe(404);
    expect((await del([top.body.id, 999999])).status).toBe(200);
    for (const name of ['总部', '技术部', '出版中心', '新闻中心']) expect(await subCount(id[name])).toBe(await realCount(id[name]));
  });

  it('refuses a parent that is the dept itself, one of its descendants or unknown', async () => {
    const cases: Array<[number, number, string]> = [
      [id['出版中心'], id['出版中心'], '上级部门不能为自己'],
      [id['出版中心'], id['审校部'], '上级部门不能为自己的下级部门'],
      [id['总部'], id['期刊编辑部'], '上级部门不能为自己的下级部门'],
      [id['出版中心'], 999999, '上级部门不存在'],
    ];
    for (const [self, pid, message] of cases) {
      const res = await put({ id: self, name: '出版中心', pid, enabled: true });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await post('/api/dept', { name: '孤儿', pid: 999999, enabled: true })).body.message).toBe('上级部门不存在');
    expect((await put({ id: 999999, name: '无', enabled: true })).status).toBe(404);
  });

  it('refuses to delete depts that users or roles reference', async () => {
    const users = await del([id['出版中心']]);
    expect(users.status).toBe(400);
    expect(users.body.message).toBe('所选部门存在用户关联，请解除后再试！');
    expect((await get(`/api/dept?pid=${id['出版中心']}`)).body.totalElements).toBe(2);

    const linked = await create('联络组', id['技术部']);
    const child = await create('联络小组', linked);
    const [role] = await db.query("SELECT id FROM sys_role WHERE name = '翻译'");
    await db.query('INSERT INTO sys_roles_depts (role_id, dept_id) VALUES ($1, $2)', [role.id, child]);
    const roles = await del([linked]);
    expect(roles.status).toBe(400);
    expect(roles.body.message).toBe('所选部门存在角色关联，请解除后再试！');
    await db.query('DELETE FROM sys_roles_depts WHERE dept_id = $1', [child]);
    await insertProduct(db, { name: '部门删除测试产品', deptId: child });
    const products = await del([linked]);
    expect(products.status).toBe(400);
    expect(products.body.message).toBe('所选部门存在产品或稿件关联，请解除后再试！');
    await db.query('DELETE FROM product_setting WHERE dept_id = $1', [child]);
    expect((await del([linked])).status).toBe(200);
    expect(await subCount(id['技术部'])).toBe(0);
  });

  it('answers 400 with a readable message on bad bodies', async () => {
    const cases: Array<['POST' | 'PUT', object | unknown[], string]> = [
      ['POST', { enabled: true }, '部门名称不能为空'],
      ['POST', { name: '', enabled: true }, '部门名称不能为空'],
      ['POST', { name: 'x'.repeat(101), enabled: true }, '部门名称不能超过 100 个字符'],
      ['POST', { name: 3, enabled: true }, '部门名称必须是字符串'],
      ['POST', { name: '甲', deptSort: 'abc', enabled: true }, '排序必须是整数'],
      ['POST', { name: '甲', deptSort: 100000, enabled: true }, '排序不能大于 99999'],
      ['POST', { name: '甲', enabled: 'yes' }, '状态必须是 true 或 false'],
      ['POST', { name: '甲', enabled: true, pid: 'abc' }, '上级部门 id 必须是整数'],
      ['PUT', { name: '无id', enabled: true }, 'id 必须是整数'],
    ];
    for (const [method, body, message] of cases) {
      const res = method === 'POST' ? await post('/api/dept', body) : await put(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, message });
    }
    expect((await del([])).status).toBe(400);
    expect((await del(['x'])).body.message).toBe('id 必须是正整数');
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    for (const path of ['/api/dept', '/api/dept/tree', '/api/dept/download']) expect((await t.http().get(path)).status).toBe(401);
    expect((await t.http().post('/api/dept/superior').send([1])).status).toBe(401);
    expect((await t.http().post('/api/dept').send({ name: 'x', enabled: true })).status).toBe(401);
    expect((await t.http().put('/api/dept').send({ id: 1, name: 'x', enabled: true })).status).toBe(401);
    expect((await t.http().delete('/api/dept').send([1])).status).toBe(401);

    expect((await get('/api/dept', translator)).status).toBe(403);
    expect((await get('/api/dept/tree', translator)).status).toBe(403);
    expect((await get('/api/dept/download', translator)).status).toBe(403);
    expect((await post('/api/dept/superior', [id['总部']], translator)).status).toBe(403);
    const forbidden = await post('/api/dept', { name: 'x', enabled: true }, translator);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('没有权限执行此操作');
    expect((await put({ id: id['技术部'], name: 'x', enabled: true }, translator)).status).toBe(403);
    expect((await del([id['技术部']], translator)).status).toBe(403);
  });

  it('exports xlsx with the dept columns', async () => {
    const res = await get('/api/dept/download?name=中心')
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    const body = res.body as Buffer;
    // exceljs declares its own `Buffer` (an ArrayBuffer): hand it the bytes as one
    await book.xlsx.load(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0].slice(1)).toEqual(['部门名称', '部门状态', '创建日期']);
    expect(rows.slice(1).map((r) => r.slice(1, 3))).toEqual([
      ['新闻中心', '启用'],
      ['出版中心', '启用'],
    ]);
  });

  describe('data scope', () => {
    let editor: string;

    const grant = async (roleName: string, permissions: string[]) => {
      await db.query(
        `INSERT INTO sys_roles_menus (role_id, menu_id)
         SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE r.name = $1 AND m.permission = ANY($2::text[]) ON CONFLICT DO NOTHING`,
        [roleName, permissions],
      );
      await t.app.get(PrincipalService).invalidate();
    };

    beforeAll(async () => {
      await grant('编辑', ['dept:list', 'dept:add', 'dept:edit', 'dept:del']);
      editor = await t.login('editor');
    });

    it('shows a 本级 user only their own dept', async () => {
      const info = await get('/auth/info', editor);
      expect(info.body.dataScopes).toEqual([id['期刊编辑部']]);
      const list = await get('/api/dept', editor);
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ totalElements: 1, content: [{ name: '期刊编辑部', pid: id['出版中心'] }] });
      expect(shape((await get('/api/dept/tree', editor)).body.content)).toEqual(['期刊编辑部']);
      expect((await get(`/api/dept?pid=${id['总部']}`, editor)).body.content).toEqual([]);
      expect(names((await get('/api/dept?name=部', editor)).body.content)).toEqual(['期刊编辑部']);
      expect(shape((await post('/api/dept/superior', [id['期刊编辑部']], editor)).body.content)).toEqual(['期刊编辑部']);
    });

    it('lets a restricted user write only inside the scope', async () => {
      const outside = await post('/api/dept', { name: '越权', pid: id['总部'], enabled: true }, editor);
      expect(outside.status).toBe(403);
      expect(outside.body.message).toBe('不能操作数据权限范围以外的部门');
      expect((await post('/api/dept', { name: '越权', pid: null, enabled: true }, editor)).status).toBe(403);
      expect((await put({ id: id['技术部'], name: '技术部', pid: id['总部'], enabled: true }, editor)).status).toBe(403);
      expect((await put({ id: id['期刊编辑部'], name: '期刊编辑部', pid: id['总部'], enabled: true }, editor)).status).toBe(403);
      expect((await del([id['技术部']], editor)).status).toBe(403);

      const own = await create('校对组', id['期刊编辑部'], editor);
      expect(await subCount(id['期刊编辑部'])).toBe(1);
      expect((await put({ id: id['期刊编辑部'], name: '期刊编辑部', pid: id['出版中心'], deptSort: 1, enabled: true }, editor)).status).toBe(204);
      // 本级 does not include children: the new dept is not the editor's to delete, nor is a branch containing it
      expect((await del([id['期刊编辑部']], editor)).status).toBe(403);
      expect((await del([own])).status).toBe(200);
    });

    it('widens to the custom depts and their enabled descendants (自定义), showing the visible roots', async () => {
      await db.query("UPDATE sys_role SET data_scope = '自定义' WHERE name = '编辑'");
      await db.query("INSERT INTO sys_roles_depts (role_id, dept_id) SELECT id, $1 FROM sys_role WHERE name = '编辑'", [id['出版中心']]);
      await t.app.get(PrincipalService).invalidate();

      const list = await get('/api/dept', editor);
      expect(names(list.body.content)).toEqual(['出版中心']);
      expect(names((await get(`/api/dept?pid=${id['出版中心']}`, editor)).body.content)).toEqual(['期刊编辑部', '审校部']);
      const tree = await get('/api/dept/tree', editor);
      expect(tree.body.totalElements).toBe(3);
      expect(shape(tree.body.content)).toEqual([['出版中心', ['期刊编辑部', '审校部']]]);

      expect((await put({ id: id['审校部'], name: '审校部', pid: id['期刊编辑部'], deptSort: 2, enabled: true }, editor)).status).toBe(204);
      expect(await subCount(id['出版中心'])).toBe(1);
      expect(await subCount(id['期刊编辑部'])).toBe(1);
      expect(shape((await get('/api/dept/tree', editor)).body.content)).toEqual([['出版中心', [['期刊编辑部', ['审校部']]]]]);
      expect((await put({ id: id['审校部'], name: '审校部', pid: id['出版中心'], deptSort: 2, enabled: true }, editor)).status).toBe(204);

      const fresh = await create('专题组', id['审校部'], editor);
      await t.app.get(PrincipalService).invalidate();
      expect(names((await get(`/api/dept?pid=${id['审校部']}`, editor)).body.content)).toEqual(['专题组']);
      expect((await del([fresh], editor)).status).toBe(200);
      expect(await subCount(id['审校部'])).toBe(0);
    });
  });
});
