import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { PrincipalService } from '../src/common/auth/principal.service';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

interface RoleBody {
  id: number;
  name: string;
  level: number;
  dataScope: string;
  description: string | null;
  menus: Array<{ id: number; title: string; pid: number | null; type: number; permission: string | null }>;
  depts: Array<{ id: number; name: string }>;
  createBy: string | null;
  updateBy: string | null;
  createTime: string;
  updateTime: string;
}

/** First sheet's rows (values only) of an xlsx answer. */
async function sheetRows(res: Response): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('api/roles', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let translator: string;
  let editor: string;

  const roleId = async (name: string): Promise<number> => (await db.query('SELECT id FROM sys_role WHERE name = $1', [name]))[0].id;
  const menuId = async (permission: string): Promise<number> => (await db.query('SELECT id FROM sys_menu WHERE permission = $1', [permission]))[0].id;
  const as = (token: string) => ({
    get: (url: string) => t.http().get(url).set('Authorization', bearer(token)),
    post: (url: string, body: object) => t.http().post(url).set('Authorization', bearer(token)).send(body),
    put: (url: string, body: object) => t.http().put(url).set('Authorization', bearer(token)).send(body),
    del: (url: string, body: unknown[]) => t.http().delete(url).set('Authorization', bearer(token)).send(body),
  });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    translator = await t.login('translator');
    // The editor (level 2 through 普通用户 and 编辑) gets the role permissions through SQL.
    const editorRole = await roleId('编辑');
    for (const code of ['roles:list', 'roles:add', 'roles:edit', 'roles:del']) {
      await db.query('INSERT INTO sys_roles_menus (role_id, menu_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [editorRole, await menuId(code)]);
    }
    await t.app.get(PrincipalService).invalidate();
    editor = await t.login('editor');
  });
  afterAll(() => t.close());

  describe('reading', () => {
    it('lists the seeded roles by level with menus and depts', async () => {
      const res = await as(admin).get('/api/roles?page=0&size=10');
      expect(res.status).toBe(200);
      expect(res.body.totalElements).toBe(5);
      const roles = res.body.content as RoleBody[];
      expect(roles[0]).toMatchObject({ name: '管理员', level: 1, dataScope: '全部', description: '系统管理员，拥有全部权限', createBy: 'system', depts: [] });
      expect(roles.map((r) => r.level)).toEqual([...roles.map((r) => r.level)].sort((a, b) => a - b));
      expect(Object.keys(roles[0]).sort()).toEqual(['createBy', 'createTime', 'dataScope', 'depts', 'description', 'id', 'level', 'menus', 'name', 'updateBy', 'updateTime']);
      expect(roles[0].menus.length).toBeGreaterThan(20);
      expect(Object.keys(roles[0].menus[0]).sort()).toEqual(['id', 'permission', 'pid', 'title', 'type']);
      expect(roles[0].menus.some((m) => m.permission === 'roles:edit')).toBe(true);
      expect(roles[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('pages, sorts and filters', async () => {
      const paged = await as(admin).get('/api/roles?page=1&size=2&sort=level,asc&sort=id,asc');
      expect(paged.body.totalElements).toBe(5);
      expect(paged.body.content).toHaveLength(2);
      const desc = await as(admin).get('/api/roles?sort=level,desc');
      expect(desc.body.content[0].name).toBe('翻译');
      const byDescription = await as(admin).get('/api/roles?blurry=译员');
      expect(byDescription.body.content.map((r: RoleBody) => r.name)).toEqual(['翻译']);
      const byName = await as(admin).get('/api/roles?blurry=审校');
      expect(byName.body.content.map((r: RoleBody) => r.name)).toEqual(['审校']);
      const none = await as(admin).get('/api/roles?createTime=2000-01-01&createTime=2000-01-02');
      expect(none.body).toEqual({ content: [], totalElements: 0 });
    });

    it('GET all: every role by level, for role and user editors', async () => {
      const res = await as(admin).get('/api/roles/all');
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(5);
      const levels = (res.body as RoleBody[]).map((r) => r.level);
      expect(levels).toEqual([...levels].sort((a, b) => a - b));
      expect((await as(editor).get('/api/roles/all')).status).toBe(200);
      expect((await as(translator).get('/api/roles/all')).status).toBe(403);
    });

    it('GET one by id, 404 when missing, 400 on a bad id', async () => {
      const id = await roleId('审校');
      const res = await as(admin).get(`/api/roles/${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, name: '审校', level: 2, dataScope: '本级' });
      expectError(await as(admin).get('/api/roles/999999'), 404, '角色不存在: id is 999999');
      expectError(await as(admin).get('/api/roles/abc'), 400, 'id 必须是正整数');
    });

    it('GET level: the caller’s rank, for any logged-in user', async () => {
      expect((await as(admin).get('/api/roles/level')).body).toEqual({ level: 1 });
      expect((await as(translator).get('/api/roles/level')).body).toEqual({ level: 2 });
      expect((await as(editor).get('/api/roles/level')).body).toEqual({ level: 2 });
      expect((await t.http().get('/api/roles/level')).status).toBe(401);
    });

    it('exports xlsx with Chinese headers', async () => {
      const res = await as(admin)
        .get('/api/roles/download?blurry=管理')
        .buffer(true)
        .parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const rows = await sheetRows(res);
      expect(rows[0]).toEqual(['角色名称', '角色级别', '描述', '创建日期']);
      expect(rows.slice(1).map((r) => r.slice(0, 3))).toEqual([['管理员', 1, '系统管理员，拥有全部权限']]);
      expect(rows[1][3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });
  });

  it('documents the endpoints in OpenAPI', async () => {
    const doc = await t.http().get('/api/docs-json');
    expect(doc.status).toBe(200);
    const paths = doc.body.paths as Record<string, Record<string, { tags?: string[] }>>;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/roles', '/api/roles/all', '/api/roles/level', '/api/roles/menu', '/api/roles/{id}', '/api/roles/download']));
    expect(paths['/api/roles/menu'].put.tags).toEqual(['系统：角色管理']);
    expect(doc.body.components.schemas.RoleWriteDto.required).toEqual(expect.arrayContaining(['name', 'level', 'dataScope']));
  });

  describe('writing', () => {
    it('creates, edits and deletes a role; depts are kept for 自定义 only', async () => {
      const deptId: number = (await db.query("SELECT id FROM sys_dept WHERE name = '技术部'"))[0].id;
      const created = await as(admin).post('/api/roles', { name: '临时角色', level: 3, dataScope: '自定义', description: '测试', depts: [{ id: deptId }], menus: [{ id: 1 }] });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: '临时角色', level: 3, dataScope: '自定义', description: '测试', depts: [{ id: deptId, name: '技术部' }], menus: [], createBy: 'admin' });
      const id: number = created.body.id;

      const all = await as(admin).post('/api/roles', { name: '全部角色', level: 4, dataScope: '全部', depts: [{ id: deptId }] });
      expect(all.status).toBe(201);
      expect(all.body).toMatchObject({ dataScope: '全部', depts: [], description: null });

      const edited = await as(admin).put('/api/roles', { id, name: '临时角色2', level: 5, dataScope: '本级', description: '改', depts: [{ id: deptId }], createTime: 'ignored' });
      expect(edited.status).toBe(204);
      const after = await as(admin).get(`/api/roles/${id}`);
      expect(after.body).toMatchObject({ id, name: '临时角色2', level: 5, dataScope: '本级', description: '改', depts: [], updateBy: 'admin' });

      const deleted = await as(admin).del('/api/roles', [id, all.body.id]);
      expect(deleted.status).toBe(200);
      expectError(await as(admin).del('/api/roles', [id]), 404, '所选角色不存在或已被删除');
      expect((await as(admin).get(`/api/roles/${id}`)).status).toBe(404);
    });

    it('refuses to delete a role held by users', async () => {
      expectError(await as(admin).del('/api/roles', [await roleId('翻译')]), 400, '所选角色存在用户关联，请解除关联再试！');
      expect((await as(admin).get(`/api/roles/${await roleId('翻译')}`)).status).toBe(200);
    });

    it('answers 400 with a readable message on bad input', async () => {
      const cases: Array<[string, string, object, string]> = [
        ['POST', '/api/roles', { level: 3, dataScope: '本级' }, '角色名称不能为空'],
        ['POST', '/api/roles', { name: 'x'.repeat(101), level: 3, dataScope: '本级' }, '角色名称不能超过 100 个字符'],
        ['POST', '/api/roles', { name: 5, level: 3, dataScope: '本级' }, '角色名称必须是字符串'],
        ['POST', '/api/roles', { name: '新角色', level: 'abc', dataScope: '本级' }, '角色级别必须是整数'],
        ['POST', '/api/roles', { name: '新角色', level: 0, dataScope: '本级' }, '角色级别不能小于 1'],
        ['POST', '/api/roles', { name: '新角色', level: 2.5, dataScope: '本级' }, '角色级别必须是整数'],
        ['POST', '/api/roles', { name: '新角色', level: 3, dataScope: 'ALL' }, '数据权限只能是 全部、本级 或 自定义'],
        ['POST', '/api/roles', { name: '新角色', level: 3, dataScope: '本级', description: 'x'.repeat(256) }, '描述不能超过 255 个字符'],
        ['POST', '/api/roles', { name: '新角色', level: 3, dataScope: '自定义', depts: 'all' }, '部门必须是数组'],
        ['POST', '/api/roles', { name: '新角色', level: 3, dataScope: '自定义', depts: [{ id: 999999 }] }, '所选部门不存在'],
        ['POST', '/api/roles', { name: '管理员', level: 3, dataScope: '本级' }, '角色名称 管理员 已存在'],
        ['PUT', '/api/roles', { name: '无id', level: 3, dataScope: '本级' }, 'id 必须是整数'],
        ['PUT', '/api/roles/menu', { menus: [] }, 'id 必须是整数'],
        ['PUT', '/api/roles/menu', { id: 1, menus: 'all' }, '菜单必须是数组'],
        ['PUT', '/api/roles/menu', { id: 1 }, '菜单必须是数组'],
        ['PUT', '/api/roles/menu', { id: 1, menus: [{ id: 'x' }] }, 'id 必须是整数'],
        ['PUT', '/api/roles/menu', { id: 1, menus: [{ id: 999999 }] }, '所选菜单不存在'],
      ];
      for (const [method, url, body, message] of cases) {
        const res = method === 'POST' ? await as(admin).post(url, body) : await as(admin).put(url, body);
        expectError(res, 400, message);
      }
      const sheriff = await as(admin).get(`/api/roles/${await roleId('审校')}`);
      expectError(await as(admin).put('/api/roles', { ...sheriff.body, name: '管理员' }), 400, '角色名称 管理员 已存在');
      expectError(await as(admin).del('/api/roles', ['x']), 400, 'id 必须是正整数');
      expectError(await as(admin).del('/api/roles', []), 400, '请选择要操作的数据（id 数组）');
      expectError(await as(admin).get('/api/roles?sort=password,asc'), 400, '不支持的排序字段: password');
      expectError(await as(admin).get('/api/roles?size=10000'), 400, 'size 不能超过 9999'); // a lookup clients load whole (issue 12)
      expectError(await as(admin).get('/api/roles?page=-1'), 400, 'page 不能小于 0');
      expectError(await as(admin).get('/api/roles?createTime=2026-01-01'), 400, 'createTime 需要开始和结束两个时间');
    });

    it('answers 404 for an unknown role on edit and menu assignment', async () => {
      expectError(await as(admin).put('/api/roles', { id: 999999, name: '无', level: 3, dataScope: '本级' }), 404, '角色不存在: id is 999999');
      expectError(await as(admin).put('/api/roles/menu', { id: 999999, menus: [] }), 404, '角色不存在: id is 999999');
    });

    it('answers 401 without a session and 403 without the permission', async () => {
      expect((await t.http().get('/api/roles')).status).toBe(401);
      expect((await t.http().get('/api/roles/all')).status).toBe(401);
      expect((await t.http().post('/api/roles').send({ name: 'x', level: 3, dataScope: '本级' })).status).toBe(401);
      const id = await roleId('翻译');
      const denied = [
        await as(translator).get('/api/roles'),
        await as(translator).get(`/api/roles/${id}`),
        await as(translator).get('/api/roles/download'),
        await as(translator).post('/api/roles', { name: 'x', level: 3, dataScope: '本级' }),
        await as(translator).put('/api/roles', { id, name: '翻译', level: 3, dataScope: '本级' }),
        await as(translator).put('/api/roles/menu', { id, menus: [] }),
        await as(translator).del('/api/roles', [id]),
      ];
      for (const res of denied) expectError(res, 403, '没有权限执行此操作');
    });
  });

  describe('menus of a role', () => {
    it('changes the permissions auth/info reports to the users holding the role', async () => {
      const id = await roleId('翻译');
      const before = await as(translator).get('/auth/info');
      expect(before.body.roles).not.toContain('dict:list');
      expect((await as(translator).get('/api/dict')).status).toBe(403);

      const current = (await as(admin).get(`/api/roles/${id}`)).body as RoleBody;
      const dictList = await menuId('dict:list');
      const res = await as(admin).put('/api/roles/menu', { id, menus: [...current.menus.map((m) => ({ id: m.id })), { id: dictList }, { id: dictList }] });
      expect(res.status).toBe(204);

      // Role writes invalidate the principal cache: the change shows at once, not after the cache expires.
      const after = await as(translator).get('/auth/info');
      expect(after.body.roles).toContain('dict:list');
      expect(after.body.roles).toEqual(expect.arrayContaining(before.body.roles));
      expect((await as(translator).get('/api/dict')).status).toBe(200);
      const role = (await as(admin).get(`/api/roles/${id}`)).body as RoleBody;
      expect(role.menus.map((m) => m.id)).toContain(dictList);
      expect(role.menus).toHaveLength(current.menus.length + 1);
      expect(role.updateBy).toBe('admin');

      // Removing it takes it away again.
      expect((await as(admin).put('/api/roles/menu', { id, menus: current.menus.map((m) => ({ id: m.id })) })).status).toBe(204);
      expect((await as(translator).get('/auth/info')).body.roles).not.toContain('dict:list');
      expect((await as(translator).get('/api/dict')).status).toBe(403);
    });
  });

  describe('level rule (issue #898)', () => {
    const body = (r: RoleBody, changes: Partial<RoleBody> = {}) => ({ id: r.id, name: r.name, level: r.level, dataScope: r.dataScope, description: r.description, ...changes });
    const role = async (name: string) => (await as(admin).get(`/api/roles/${await roleId(name)}`)).body as RoleBody;

    it('a level-2 user cannot edit the level-1 role, even to lower it', async () => {
      const adminRole = await role('管理员');
      expectError(await as(editor).put('/api/roles', body(adminRole)), 403, '权限不足，你的角色级别：2，低于操作的角色级别：1');
      expectError(await as(editor).put('/api/roles', body(adminRole, { level: 3, dataScope: '本级' })), 403, /^权限不足/);
      expectError(await as(editor).put('/api/roles/menu', { id: adminRole.id, menus: [] }), 403, /^权限不足/);
      expectError(await as(editor).del('/api/roles', [adminRole.id]), 403, /^权限不足/);
      const unchanged = await role('管理员');
      expect(unchanged).toMatchObject({ level: 1, dataScope: '全部' });
      expect(unchanged.menus).toHaveLength(adminRole.menus.length);
    });

    it('a level-2 user cannot raise a level-3 role to level 1, nor create a level-1 role', async () => {
      const translatorRole = await role('翻译');
      expect(translatorRole.level).toBe(3);
      expectError(await as(editor).put('/api/roles', body(translatorRole, { level: 1 })), 403, '权限不足，你的角色级别：2，低于操作的角色级别：1');
      expect((await role('翻译')).level).toBe(3);
      expectError(await as(editor).post('/api/roles', { name: '越级角色', level: 1, dataScope: '全部' }), 403, /^权限不足/);
      expect((await as(admin).get('/api/roles?blurry=越级角色')).body.totalElements).toBe(0);
    });

    it('a level-2 user may edit roles at or below their level that they do not hold', async () => {
      const translatorRole = await role('翻译');
      expect((await as(editor).put('/api/roles', body(translatorRole, { description: '译员（已修改）', level: 2 }))).status).toBe(204);
      expect(await role('翻译')).toMatchObject({ description: '译员（已修改）', level: 2, updateBy: 'editor' });
      expect((await as(editor).put('/api/roles', body(translatorRole))).status).toBe(204);
      const created = await as(editor).post('/api/roles', { name: '同级角色', level: 2, dataScope: '本级' });
      expect(created.status).toBe(201);
      expect(created.body.createBy).toBe('editor');
      expect((await as(editor).del('/api/roles', [created.body.id])).status).toBe(200);
    });

    it('a non-admin cannot modify a role they hold', async () => {
      const own = await role('编辑');
      expectError(await as(editor).put('/api/roles', body(own, { description: '改自己的角色' })), 403, '不能修改自己的角色');
      expectError(await as(editor).put('/api/roles', body(await role('普通用户'), { level: 3 })), 403, '不能修改自己的角色');
      expectError(await as(editor).put('/api/roles/menu', { id: own.id, menus: [] }), 403, '不能修改自己的角色');
      expectError(await as(editor).del('/api/roles', [own.id]), 403, '不能修改自己的角色');
      const unchanged = await role('编辑');
      expect(unchanged.description).toBe(own.description);
      expect(unchanged.menus).toHaveLength(own.menus.length);
      // The admin may.
      expect((await as(admin).put('/api/roles', body(own, { description: '期刊编辑' }))).status).toBe(204);
      const edited = await role('编辑');
      expect(edited.description).toBe('期刊编辑');
      expect(edited.menus.map((m) => m.id)).toEqual(own.menus.map((m) => m.id));
    });
  });
});
