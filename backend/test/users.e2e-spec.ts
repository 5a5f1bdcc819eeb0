import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { PrincipalService } from '../src/common/auth/principal.service';
import { binary } from './utils/http';
import { bearer, createTestApp, type TestApp, USER_PASSWORD } from './utils/test-app';

/** 1×1 transparent PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

interface UserRow {
  id: number;
  username: string;
  nickName: string;
  enabled: boolean;
}

/** Opens an xlsx answer (exceljs declares its own Buffer type). */
const workbook = async (body: unknown): Promise<ExcelJS.Workbook> => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as Parameters<ExcelJS.Xlsx['load']>[0]);
  return book;
};

describe('api/users', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let translator: string;
  const dept: Record<string, number> = {};
  const role: Record<string, number> = {};
  const job: Record<string, number> = {};
  const userId: Record<string, number> = {};

  const as = (token: string) => ({
    get: (url: string) => t.http().get(url).set('Authorization', bearer(token)),
    post: (url: string) => t.http().post(url).set('Authorization', bearer(token)),
    put: (url: string) => t.http().put(url).set('Authorization', bearer(token)),
    delete: (url: string) => t.http().delete(url).set('Authorization', bearer(token)),
  });

  const names = (res: Response) => (res.body.content as UserRow[]).map((u) => u.username);

  /** Creates a ready-to-use user as admin (default password, already changed; no roles unless given) and returns the record. */
  const createUser = async (username: string, extra: Record<string, unknown> = {}) => {
    const body = await t.createUser({ username, nickName: username, enabled: true, roles: [], ...extra }, admin);
    userId[username] = body.id;
    return body as unknown as UserRow & Record<string, unknown>;
  };

  /** Grants/revokes a permission to a seeded role by SQL, then drops the principal cache. */
  const grant = async (roleName: string, permission: string) => {
    await db.query('INSERT INTO sys_roles_menus (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE r.name = $1 AND m.permission = $2', [roleName, permission]);
    await t.app.get(PrincipalService).invalidate();
  };
  const revoke = async (roleName: string, permission: string) => {
    await db.query('DELETE FROM sys_roles_menus rm USING sys_role r, sys_menu m WHERE rm.role_id = r.id AND rm.menu_id = m.id AND r.name = $1 AND m.permission = $2', [roleName, permission]);
    await t.app.get(PrincipalService).invalidate();
  };

  const info = async (token: string) => (await t.http().get('/auth/info').set('Authorization', bearer(token))).body as { user: Record<string, unknown> };

  const expect400 = (res: Response, message: string) => {
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 400, body: { status: 400, message } });
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    for (const r of await db.query('SELECT id, name FROM sys_dept')) dept[r.name] = r.id;
    for (const r of await db.query('SELECT id, name FROM sys_role')) role[r.name] = r.id;
    for (const r of await db.query('SELECT id, name FROM sys_job')) job[r.name] = r.id;
    for (const r of await db.query('SELECT id, username FROM sys_user')) userId[r.username] = r.id;
    admin = await t.login('admin');
    translator = await t.login('translator');
  });
  afterAll(() => t.close());

  describe('GET api/users', () => {
    it('lists users with their relations and never a password', async () => {
      const res = await as(admin).get('/api/users?page=0&size=10&sort=id,asc');
      expect(res.status).toBe(200);
      expect(res.body.totalElements).toBe(4);
      expect(names(res)).toEqual(['admin', 'editor', 'translator', 'reviewer']);
      expect(res.body.content[2]).toMatchObject({
        username: 'translator',
        nickName: '李翻译',
        gender: '男',
        enabled: true,
        dept: { id: dept['编译部'], name: '编译部' },
        jobs: [{ id: job['翻译'], name: '翻译' }],
      });
      expect(res.body.content[2].roles.map((r: { name: string }) => r.name).sort()).toEqual(['普通用户', '翻译'].sort());
      expect(res.body.content[0].createTime).toMatch(DATE_TIME);
      expect(res.text).not.toMatch(/password|\$argon2|isAdmin/i);
    });

    it('pages and sorts', async () => {
      const second = await as(admin).get('/api/users?page=1&size=2&sort=id,asc');
      expect(second.body).toMatchObject({ totalElements: 4 });
      expect(names(second)).toEqual(['translator', 'reviewer']);
      expect(names(await as(admin).get('/api/users?sort=username,desc'))).toEqual(['translator', 'reviewer', 'editor', 'admin']);
      expect(names(await as(admin).get('/api/users?sort=nickName,asc&sort=id,desc'))).toHaveLength(4);
      expect(names(await as(admin).get('/api/users?page=5&size=2'))).toEqual([]);
    });

    it('filters by blurry over username, nickName and email; wildcards are literal; blanks are ignored', async () => {
      expect(names(await as(admin).get('/api/users?blurry=trans'))).toEqual(['translator']);
      expect(names(await as(admin).get(`/api/users?blurry=${encodeURIComponent('王审')}`))).toEqual(['reviewer']);
      expect(names(await as(admin).get('/api/users?blurry=EDITOR@HORIZON'))).toEqual(['editor']);
      expect((await as(admin).get('/api/users?blurry=%25')).body.totalElements).toBe(0);
      expect((await as(admin).get('/api/users?blurry=_')).body.totalElements).toBe(0);
      const blanks = await as(admin).get('/api/users?blurry=%20%20&deptId=&enabled=&createTime=&createTime=&page=&size=&sort=');
      expect(blanks.status).toBe(200);
      expect(blanks.body.totalElements).toBe(4);
      expect(blanks.body.content).toHaveLength(4);
    });

    it('filters by deptId including descendant departments', async () => {
      const byDept = async (name: string) => names(await as(admin).get(`/api/users?deptId=${dept[name]}&sort=id,asc`));
      expect(await byDept('新闻中心')).toEqual(['translator', 'reviewer']);
      expect(await byDept('编译部')).toEqual(['translator']);
      expect(await byDept('总部')).toEqual(['admin', 'editor', 'translator', 'reviewer']);
      expect(await byDept('技术部')).toEqual([]);
      expect((await as(admin).get('/api/users?deptId=999999')).body).toEqual({ content: [], totalElements: 0 });
    });

    it('filters by enabled', async () => {
      await createUser('dormant', { enabled: false, dept: { id: dept['技术部'] } });
      expect(names(await as(admin).get('/api/users?enabled=false'))).toEqual(['dormant']);
      expect(names(await as(admin).get('/api/users?enabled=true'))).not.toContain('dormant');
      expect((await as(admin).get('/api/users?enabled=true')).body.totalElements).toBe(4);
    });

    it('filters by a createTime range (dates or date-times, end day inclusive)', async () => {
      await db.query("UPDATE sys_user SET create_time = '2020-05-05 10:00:00+08' WHERE username = 'reviewer'");
      expect(names(await as(admin).get('/api/users?createTime=2020-05-05&createTime=2020-05-05'))).toEqual(['reviewer']);
      expect(names(await as(admin).get(`/api/users?createTime=${encodeURIComponent('2020-05-05 09:00:00')}&createTime=${encodeURIComponent('2020-05-05 10:00:00')}`))).toEqual(['reviewer']);
      expect(names(await as(admin).get(`/api/users?createTime=${encodeURIComponent('2020-05-05 10:00:01')}&createTime=2020-05-06`))).toEqual([]);
      expect((await as(admin).get('/api/users?createTime=2020-01-01&createTime=2099-12-31')).body.totalElements).toBe(5);
    });

    it('answers 400 with a readable message on bad list input', async () => {
      const cases: Array<[string, string]> = [
        ['sort=password,asc', '不支持的排序字段: password'],
        ['sort=id,sideways', '排序方向只能是 asc 或 desc: id,sideways'],
        ['sort=constructor,asc', '不支持的排序字段: constructor'],
        ['sort=toString', '不支持的排序字段: toString'],
        ['sort=__proto__,desc', '不支持的排序字段: __proto__'],
        ['size=1001', 'size 不能超过 1000'],
        ['size=0', 'size 不能小于 1'],
        ['size=ten', 'size 必须是整数'],
        ['page=-1', 'page 不能小于 0'],
        ['enabled=maybe', 'enabled 必须是 true 或 false'],
        ['deptId=abc', 'deptId 必须是整数'],
        ['createTime=2026-01-01', 'createTime 需要开始和结束两个时间'],
        ['createTime=yesterday&createTime=today', 'createTime 时间格式应为 yyyy-MM-dd HH:mm:ss'],
      ];
      for (const [query, message] of cases) expect400(await as(admin).get(`/api/users?${query}`), message);
    });
  });

  describe('data scope', () => {
    it('shows a user with user:list and scope 本级 only the users of their own department', async () => {
      await createUser('bianyi2', { dept: { id: dept['编译部'] } });
      await grant('翻译', 'user:list');
      try {
        const all = await as(translator).get('/api/users?sort=id,asc');
        expect(all.status).toBe(200);
        expect(names(all)).toEqual(['translator', 'bianyi2']);
        expect(all.body.totalElements).toBe(2);
        expect(names(await as(translator).get(`/api/users?deptId=${dept['新闻中心']}&sort=id,asc`))).toEqual(['translator', 'bianyi2']);
        expect(names(await as(translator).get(`/api/users?deptId=${dept['国际新闻部']}`))).toEqual([]);
        expect(names(await as(translator).get('/api/users?blurry=reviewer'))).toEqual([]);
        const file = await as(translator).get('/api/users/download').buffer(true).parse(binary);
        expect(file.status).toBe(200);
        const book = await workbook(file.body);
        const usernames = book.worksheets[0].getColumn(1).values.slice(2);
        expect(usernames).toEqual(['translator', 'bianyi2']);
      } finally {
        await revoke('翻译', 'user:list');
      }
      expect((await as(translator).get('/api/users')).status).toBe(403);
    });
  });

  describe('POST api/users', () => {
    it('creates a user (201) with the configured default password, shown once as initialPassword; a password in the body is ignored', async () => {
      const res = await as(admin)
        .post('/api/users')
        .send({
          username: 'newbie',
          nickName: '新同事',
          email: 'newbie@horizon.local',
          phone: '13912345678',
          gender: '女',
          enabled: 'true',
          dept: { id: dept['技术部'] },
          roles: [{ id: role['普通用户'] }],
          jobs: [{ id: job['技术支持'] }],
          password: 'Chosen@byclient1',
          isAdmin: true,
        });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        username: 'newbie',
        nickName: '新同事',
        email: 'newbie@horizon.local',
        phone: '13912345678',
        gender: '女',
        enabled: true,
        dept: { id: dept['技术部'], name: '技术部' },
        roles: [{ id: role['普通用户'], name: '普通用户', level: 2, dataScope: '本级' }],
        jobs: [{ id: job['技术支持'], name: '技术支持' }],
        createBy: 'admin',
      });
      expect(res.body.createTime).toMatch(DATE_TIME);
      // The answer carries the initial password (issue 12) and never a hash or the admin flag.
      expect(res.body.initialPassword).toBe(USER_PASSWORD);
      expect(res.text).not.toMatch(/"password"|\$argon2|isAdmin/i);
      userId.newbie = res.body.id;
      const bad = await t.http().post('/auth/login').send({ username: 'newbie', password: t.encrypt('Chosen@byclient1') });
      expect(bad.status).toBe(400);
      const token = await t.login('newbie', USER_PASSWORD);
      expect((await info(token)).user.username).toBe('newbie');
      expect((await t.http().get('/auth/info').set('Authorization', bearer(token))).body.roles).not.toContain('admin');
    });

    it('answers 400 with a readable message on bad input', async () => {
      const base = { username: 'valid_1', nickName: '有效', enabled: true, roles: [] };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...base, username: undefined }, '用户名不能为空'],
        [{ ...base, username: '' }, '用户名不能为空'],
        [{ ...base, username: 123 }, '用户名必须是字符串'],
        [{ ...base, username: 'u'.repeat(65) }, '用户名不能超过 64 个字符'],
        [{ ...base, username: 'has space' }, '用户名只能包含字母、数字和 _ . @ -'],
        [{ ...base, nickName: '' }, '昵称不能为空'],
        [{ ...base, nickName: 'n'.repeat(65) }, '昵称不能超过 64 个字符'],
        [{ ...base, email: 'not-an-email' }, '邮箱格式不正确'],
        [{ ...base, phone: '12345' }, '请输入正确的11位手机号码'],
        [{ ...base, gender: '未知' }, '性别只能是 男 或 女'],
        [{ ...base, enabled: undefined }, '状态必须是 true 或 false'],
        [{ ...base, enabled: 'maybe' }, '状态必须是 true 或 false'],
        [{ ...base, roles: undefined }, '角色必须是数组'],
        [{ ...base, roles: 'admin' }, '角色必须是数组'],
        [{ ...base, roles: [{ id: 'abc' }] }, 'id 必须是整数'],
        [{ ...base, roles: [{ id: 0 }] }, 'id 必须是正整数'],
        [{ ...base, jobs: 'x' }, '岗位必须是数组'],
        [{ ...base, dept: { id: 'x' } }, 'id 必须是整数'],
        [{ ...base, roles: [{ id: 999999 }] }, '所选角色不存在'],
        [{ ...base, jobs: [{ id: 999999 }] }, '所选岗位不存在'],
        [{ ...base, dept: { id: 999999 } }, '所选部门不存在'],
        [{ ...base, username: 'ADMIN' }, '用户名 ADMIN 已存在'],
        [{ ...base, email: 'Admin@Horizon.local' }, '邮箱 Admin@Horizon.local 已被使用'],
      ];
      for (const [body, message] of cases) expect400(await as(admin).post('/api/users').send(body), message);
      expect400(await as(admin).post('/api/users').send([]), '用户名不能为空');
      expect((await as(admin).get('/api/users?blurry=valid_1')).body.totalElements).toBe(0);
    });

    it('reads a phone number sent as a JSON number as its digits (eladmin-web clients, issue 12)', async () => {
      const res = await as(admin).post('/api/users').send({ username: 'digitcall', nickName: 'n', enabled: true, roles: [], phone: 13911112222 });
      expect(res.status).toBe(201);
      expect(res.body.phone).toBe('13911112222');
      const put = await as(admin).put('/api/users').send({ id: res.body.id, username: 'digitcall', nickName: 'n', enabled: true, roles: [], phone: 15811112222 });
      expect(put.status).toBe(204);
      expect((await as(admin).get(`/api/users?id=${res.body.id}`)).body.content[0].phone).toBe('15811112222');
      for (const phone of [12345, 1.5, -13911112222, 139111122221]) {
        expect400(await as(admin).put('/api/users').send({ id: res.body.id, username: 'digitcall', nickName: 'n', enabled: true, roles: [], phone }), '请输入正确的11位手机号码');
      }
    });

    it('answers 400 (never 500) to text that is not well-formed: 邮箱格式不正确 for the e-mail, the field named elsewhere (issue 12)', async () => {
      const base = { username: 'oddchars', nickName: 'o', enabled: true, roles: [] };
      const target = await createUser('oddput');
      // JSON escapes of lone UTF-16 surrogates (and a NUL) arrive as such in the parsed body.
      for (const email of ['a\u0000b@x.com', 'ä@\ud800.com', '\udc00@x.com', 'a@x.com\ud800']) {
        expect400(await as(admin).post('/api/users').send({ ...base, email }), '邮箱格式不正确');
        expect400(await as(admin).put('/api/users').send({ ...base, id: target.id, username: 'oddput', email }), '邮箱格式不正确');
      }
      expect400(await as(admin).post('/api/users').send({ ...base, nickName: 'x\ud800y' }), 'nickName包含无效字符');
      expect400(await as(admin).put('/api/users').send({ ...base, id: target.id, username: 'oddput', nickName: '\udfff' }), 'nickName包含无效字符');
      expect((await as(admin).get('/api/users?blurry=oddchars')).body.totalElements).toBe(0);
    });
  });

  describe('PUT api/users', () => {
    it('edits a user (204); unknown fields are ignored', async () => {
      const created = await createUser('editme', { dept: { id: dept['技术部'] }, roles: [{ id: role['普通用户'] }] });
      const res = await as(admin)
        .put('/api/users')
        .send({
          id: created.id,
          username: 'editme',
          nickName: '改过的',
          email: 'editme@horizon.local',
          phone: '13700000000',
          gender: '男',
          enabled: true,
          dept: { id: dept['审校部'] },
          roles: [{ id: role['审校'] }],
          jobs: [{ id: job['审校'] }],
          password: 'Hacked@pass1',
          createTime: 'ignored',
          createBy: 'someone',
        });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      const after = await as(admin).get(`/api/users?id=${created.id}`);
      expect(after.body.content[0]).toMatchObject({
        nickName: '改过的',
        email: 'editme@horizon.local',
        dept: { id: dept['审校部'] },
        roles: [{ id: role['审校'] }],
        jobs: [{ id: job['审校'] }],
        createBy: 'admin',
        updateBy: 'admin',
      });
      expect((await t.http().post('/auth/login').send({ username: 'editme', password: t.encrypt('Hacked@pass1') })).status).toBe(400);
      const token = await t.login('editme');
      expect((await t.http().get('/auth/info').set('Authorization', bearer(token))).body.roles).toContain('news:judge');
    });

    it('gives new roles their permissions at once', async () => {
      const created = await createUser('promoted');
      const token = await t.login('promoted');
      expect((await as(token).get('/api/users')).status).toBe(403);
      const res = await as(admin).put('/api/users').send({ id: created.id, username: 'promoted', nickName: 'p', enabled: true, roles: [{ id: role['管理员'] }] });
      expect(res.status).toBe(204);
      expect((await as(token).get('/api/users')).status).toBe(200);
    });

    it('answers 400 on bad input, 404 for an unknown user, and refuses to disable yourself', async () => {
      const body = { username: 'x', nickName: 'x', enabled: true, roles: [] };
      expect400(await as(admin).put('/api/users').send(body), 'id 必须是整数');
      expect400(await as(admin).put('/api/users').send({ ...body, id: 'abc' }), 'id 必须是整数');
      expect400(await as(admin).put('/api/users').send({ ...body, id: userId.editor, username: 'translator' }), '用户名 translator 已存在');
      const missing = await as(admin).put('/api/users').send({ ...body, id: 999999 });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ status: 404, message: expect.stringContaining('用户不存在') });
      expect400(await as(admin).put('/api/users').send({ id: userId.admin, username: 'admin', nickName: '管理员', enabled: false, roles: [{ id: role['管理员'] }] }), '不能禁用当前登录的账号');
      expect((await as(admin).get('/api/users?blurry=admin&enabled=true')).body.totalElements).toBe(1);
    });
  });

  describe('DELETE api/users', () => {
    it('deletes users by id (200), ends their sessions, then answers 404', async () => {
      const a = await createUser('gone1');
      const b = await createUser('gone2');
      const token = await t.login('gone1');
      const res = await as(admin).delete('/api/users').send([a.id, String(b.id)]);
      expect(res.status).toBe(200);
      expect((await as(admin).get('/api/users?blurry=gone')).body.totalElements).toBe(0);
      expect((await t.http().get('/auth/info').set('Authorization', bearer(token))).status).toBe(401);
      const again = await as(admin).delete('/api/users/').send([a.id]);
      expect(again.status).toBe(404);
      expect(again.body.status).toBe(404);
    });

    it("drops the account's access keys with it, so the key logs in no more", async () => {
      const u = await createUser('gonekey');
      const key = (await as(await t.login('gonekey')).post('/api/users/keys').send({ name: '脚本' })).body;
      expect((await t.http().post('/auth/keyLogin').send({ key: key.key })).status).toBe(200);
      expect((await as(admin).delete('/api/users').send([u.id])).status).toBe(200);
      expect(await t.app.get(DataSource).query('SELECT id FROM sys_access_key WHERE user_id = $1', [u.id])).toEqual([]);
      expect((await t.http().post('/auth/keyLogin').send({ key: key.key })).body).toMatchObject({ status: 400, message: '访问密钥无效或已过期' });
    });

    it('accepts a trailing slash', async () => {
      const c = await createUser('gone3');
      expect((await as(admin).delete('/api/users/').send([c.id])).status).toBe(200);
    });

    it('refuses to delete yourself and answers 400 on a bad body', async () => {
      expect400(await as(admin).delete('/api/users').send([userId.admin]), '不能删除当前登录的账号');
      expect400(await as(admin).delete('/api/users').send([]), '请选择要操作的数据（id 数组）');
      expect400(await as(admin).delete('/api/users').send({ id: 1 }), '请选择要操作的数据（id 数组）');
      expect400(await as(admin).delete('/api/users').send(['x']), 'id 必须是正整数');
      expect400(await as(admin).delete('/api/users').send([-1]), 'id 必须是正整数');
      expect400(await as(admin).delete('/api/users').send(Array.from({ length: 1001 }, (_, i) => i + 1)), '一次最多操作 1000 条数据');
      expect((await as(admin).get('/api/users?blurry=admin')).body.totalElements).toBe(1);
    });
  });

  describe('GET api/users/download', () => {
    it('exports the filtered users as xlsx with Chinese headers, formula-safe', async () => {
      await createUser('formula', { nickName: '=HYPERLINK("http://evil","x")' });
      const res = await as(admin).get('/api/users/download').buffer(true).parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain('attachment');
      const body = res.body as Buffer;
      expect(body.subarray(0, 2).toString()).toBe('PK');
      const book = await workbook(body);
      const sheet = book.worksheets[0];
      expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['用户名', '昵称', '角色', '部门', '岗位', '邮箱', '状态', '手机号码', '创建日期']));
      const rows = sheet.getColumn(1).values.slice(2);
      expect(rows).toEqual(expect.arrayContaining(['admin', 'translator', 'formula']));
      const formulaRow = sheet.getColumn(1).values.indexOf('formula');
      const cell = sheet.getRow(formulaRow).getCell(2);
      expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
      expect(cell.value).toBe('\'=HYPERLINK("http://evil","x")');

      const filtered = await as(admin).get('/api/users/download?blurry=translator').buffer(true).parse(binary);
      const one = await workbook(filtered.body);
      expect(one.worksheets[0].getColumn(1).values.slice(2)).toEqual(['translator']);
    });

    it('accepts ?access_token= (downloads opened in a window) and validates filters', async () => {
      const res = await t.http().get('/api/users/download').query({ access_token: admin }).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
      expect400(await as(admin).get('/api/users/download?enabled=maybe'), 'enabled 必须是 true 或 false');
    });
  });

  describe('GET api/users/selectUser', () => {
    it('lists active users as {id, username, nickName, dept} to any logged-in user', async () => {
      const res = await as(translator).get('/api/users/selectUser');
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      for (const u of res.body) expect(Object.keys(u).sort()).toEqual(['dept', 'id', 'nickName', 'username']);
      const usernames = res.body.map((u: { username: string }) => u.username);
      expect(usernames).toEqual(expect.arrayContaining(['admin', 'editor', 'translator', 'reviewer']));
      expect(usernames).not.toContain('dormant');
      expect(res.body.find((u: { username: string }) => u.username === 'translator')).toEqual({ id: userId.translator, username: 'translator', nickName: expect.any(String), dept: { id: dept['编译部'], name: '编译部' } });
      expect(res.text).not.toMatch(/password|\$argon2|email|phone/i);
    });
  });

  describe('PUT api/users/center', () => {
    it('edits your own profile (204)', async () => {
      const res = await as(translator).put('/api/users/center').send({ id: userId.translator, nickName: '李翻译二', phone: '13911112222', gender: '女', username: 'hijack', enabled: false });
      expect(res.status).toBe(204);
      const me = await info(translator);
      expect(me.user).toMatchObject({ username: 'translator', nickName: '李翻译二', phone: '13911112222', gender: '女', enabled: true });
    });

    it('refuses someone else\'s profile (403) and bad input (400)', async () => {
      const other = await as(translator).put('/api/users/center').send({ id: userId.admin, nickName: 'pwned' });
      expect(other.status).toBe(403);
      expect(other.body).toMatchObject({ status: 403, message: '不能修改他人资料' });
      expect((await info(admin)).user.nickName).toBe('管理员');
      expect400(await as(translator).put('/api/users/center').send({ id: userId.translator, nickName: '' }), '昵称不能为空');
      expect400(await as(translator).put('/api/users/center').send({ id: userId.translator, nickName: 'n'.repeat(65) }), '昵称不能超过 64 个字符');
      expect400(await as(translator).put('/api/users/center').send({ id: userId.translator, nickName: 123 }), '昵称必须是字符串');
      expect400(await as(translator).put('/api/users/center').send({ id: userId.translator, nickName: 'x', phone: 'abc' }), '请输入正确的11位手机号码');
      expect400(await as(translator).put('/api/users/center').send({ id: userId.translator, nickName: 'x', gender: 'x' }), '性别只能是 男 或 女');
      expect400(await as(translator).put('/api/users/center').send({ nickName: 'x' }), 'id 必须是整数');
    });
  });

  describe('POST api/users/updatePass', () => {
    it('changes the password (RSA both ways) and sets pwdResetTime', async () => {
      await createUser('passer');
      const token = await t.login('passer');
      expect((await info(token)).user.pwdResetTime).toBeNull();
      const res = await as(token).post('/api/users/updatePass').send({ oldPass: t.encrypt(USER_PASSWORD), newPass: t.encrypt('Brand@new22') });
      expect(res.status).toBe(200);
      expect((await info(token)).user.pwdResetTime).toMatch(DATE_TIME);
      expect((await t.http().post('/auth/login').send({ username: 'passer', password: t.encrypt('Brand@new22') })).status).toBe(200);
    });

    it('answers 400 for a wrong old password, the same password, plain text and bad input', async () => {
      await createUser('passer2');
      const token = await t.login('passer2');
      expect400(await as(token).post('/api/users/updatePass').send({ oldPass: t.encrypt('Wrong@old1'), newPass: t.encrypt('Brand@new22') }), '修改失败，旧密码错误');
      expect400(await as(token).post('/api/users/updatePass').send({ oldPass: t.encrypt(USER_PASSWORD), newPass: t.encrypt(USER_PASSWORD) }), '新密码不能与旧密码相同');
      expect400(await as(token).post('/api/users/updatePass').send({ oldPass: USER_PASSWORD, newPass: t.encrypt('Brand@new22') }), '旧密码必须使用公钥加密后传输');
      expect400(await as(token).post('/api/users/updatePass').send({ oldPass: t.encrypt(USER_PASSWORD), newPass: 'Brand@new22' }), '新密码必须使用公钥加密后传输');
      expect400(await as(token).post('/api/users/updatePass').send({ oldPass: t.encrypt(USER_PASSWORD), newPass: t.encrypt('short') }), '新密码长度应为 6 到 64 个字符');
      expect400(await as(token).post('/api/users/updatePass').send({ newPass: t.encrypt('Brand@new22') }), '旧密码不能为空');
      expect400(await as(token).post('/api/users/updatePass').send({ oldPass: t.encrypt(USER_PASSWORD) }), '新密码不能为空');
      expect((await t.http().post('/auth/login').send({ username: 'passer2', password: t.encrypt(USER_PASSWORD) })).status).toBe(200);
    });

    it('guesses of the current password count against the login lockout (a session cannot guess on)', async () => {
      await createUser('guesser');
      const token = await t.login('guesser');
      const attempt = (oldPass: string) => as(token).post('/api/users/updatePass').send({ oldPass: t.encrypt(oldPass), newPass: t.encrypt('Brand@new22') });
      for (let i = 0; i < t.config.loginMaxFailures; i++) expect400(await attempt(`Wrong@old${i}`), '修改失败，旧密码错误');
      // The window is full: even the right password is not checked, and the login is locked too.
      const locked = await attempt(USER_PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS', message: expect.stringMatching(/^密码错误次数过多，请 \d+ 分钟后再试$/) });
      expect((await t.http().post('/auth/login').send({ username: 'guesser', password: t.encrypt(USER_PASSWORD) })).status).toBe(429);
      // When the window has ended, the right password works and clears the count.
      await db.query("UPDATE sys_login_attempt SET window_start = now() - interval '1 day' WHERE username = 'guesser'");
      expect((await attempt(USER_PASSWORD)).status).toBe(200);
      expect(await db.query("SELECT * FROM sys_login_attempt WHERE username = 'guesser'")).toEqual([]);
    });
  });

  describe('POST api/users/updateEmail/{code}', () => {
    const emailCode = async (id: number): Promise<string> => {
      const rows: Array<{ answer: string }> = await db.query('SELECT answer FROM sys_captcha WHERE uuid LIKE $1', [`email:${id}:%`]);
      return rows[0].answer;
    };

    it('changes the e-mail with the code sent by api/code/resetEmail and the current password', async () => {
      await createUser('mailer', { email: 'old@horizon.local' });
      const token = await t.login('mailer');
      const sent = await as(token).post('/api/code/resetEmail?email=new@horizon.local');
      expect(sent.status).toBe(200);
      const code = await emailCode(userId.mailer);
      expect(code).toMatch(/^\d{6}$/);
      const res = await as(token).post(`/api/users/updateEmail/${code}`).send({ password: t.encrypt(USER_PASSWORD), email: 'new@horizon.local' });
      expect(res.status).toBe(200);
      expect((await info(token)).user.email).toBe('new@horizon.local');
      // single use
      const again = await as(token).post(`/api/users/updateEmail/${code}`).send({ password: t.encrypt(USER_PASSWORD), email: 'newer@horizon.local' });
      expect400(again, '无效验证码');
    });

    it('answers 400 for a wrong password, a wrong or expired code, a taken or malformed address', async () => {
      await createUser('mailer2');
      const token = await t.login('mailer2');
      expect400(await as(token).post('/api/code/resetEmail?email=not-an-email'), '邮箱格式不正确');
      expect400(await as(token).post('/api/code/resetEmail'), '邮箱格式不正确');
      await as(token).post('/api/code/resetEmail?email=m2@horizon.local');
      let code = await emailCode(userId.mailer2);
      expect400(await as(token).post(`/api/users/updateEmail/${code}`).send({ password: t.encrypt('Wrong@pass1'), email: 'm2@horizon.local' }), '密码错误');
      expect400(await as(token).post(`/api/users/updateEmail/${code}`).send({ password: USER_PASSWORD, email: 'm2@horizon.local' }), '密码必须使用公钥加密后传输');
      expect400(await as(token).post(`/api/users/updateEmail/${code}`).send({ password: t.encrypt(USER_PASSWORD), email: 'bad' }), '邮箱格式不正确');
      const wrong = code === '000000' ? '111111' : '000000';
      expect400(await as(token).post(`/api/users/updateEmail/${wrong}`).send({ password: t.encrypt(USER_PASSWORD), email: 'm2@horizon.local' }), '无效验证码');
      // a wrong guess uses the code up
      expect400(await as(token).post(`/api/users/updateEmail/${code}`).send({ password: t.encrypt(USER_PASSWORD), email: 'm2@horizon.local' }), '无效验证码');

      await as(token).post('/api/code/resetEmail?email=m2@horizon.local');
      code = await emailCode(userId.mailer2);
      await db.query("UPDATE sys_captcha SET expires_at = now() - interval '1 second' WHERE uuid LIKE $1", [`email:${userId.mailer2}:%`]);
      expect400(await as(token).post(`/api/users/updateEmail/${code}`).send({ password: t.encrypt(USER_PASSWORD), email: 'm2@horizon.local' }), '无效验证码');

      await as(token).post('/api/code/resetEmail?email=admin@horizon.local');
      code = await emailCode(userId.mailer2);
      expect400(await as(token).post(`/api/users/updateEmail/${code}`).send({ password: t.encrypt(USER_PASSWORD), email: 'admin@horizon.local' }), '邮箱 admin@horizon.local 已被使用');
      expect((await info(token)).user.email).toBeNull();
    });

    it('only accepts the address the code was sent to', async () => {
      await createUser('mailer3');
      const token = await t.login('mailer3');
      await as(token).post('/api/code/resetEmail?email=mine@horizon.local');
      const code = await emailCode(userId.mailer3);
      const res = await as(token).post(`/api/users/updateEmail/${code}`).send({ password: t.encrypt(USER_PASSWORD), email: 'someone-else@horizon.local' });
      expect400(res, '无效验证码');
      expect((await info(token)).user.email).toBeNull();
    });
  });

  describe('PUT api/users/resetPwd', () => {
    it('resets to the default password (admin), sets pwdResetTime and answers 404 for unknown ids', async () => {
      await createUser('forgetful');
      const token = await t.login('forgetful');
      await as(token).post('/api/users/updatePass').send({ oldPass: t.encrypt(USER_PASSWORD), newPass: t.encrypt('Forgot@it99') });
      const res = await as(admin).put('/api/users/resetPwd').send([userId.forgetful]);
      expect(res.status).toBe(200);
      const fresh = await t.login('forgetful', USER_PASSWORD);
      expect((await info(fresh)).user.pwdResetTime).toMatch(DATE_TIME);
      expect((await as(admin).put('/api/users/resetPwd').send([999999])).status).toBe(404);
      expect400(await as(admin).put('/api/users/resetPwd').send([]), '请选择要操作的数据（id 数组）');
      expect400(await as(admin).put('/api/users/resetPwd').send({}), '请选择要操作的数据（id 数组）');
    });

    it('is permission-checked', async () => {
      const res = await as(translator).put('/api/users/resetPwd').send([userId.admin]);
      expect(res.status).toBe(403);
      expect((await t.http().post('/auth/login').send({ username: 'admin', password: t.encrypt(USER_PASSWORD) })).status).toBe(400);
    });
  });

  describe('jobs of the current user', () => {
    it('GET api/job/userJob answers the caller\'s jobs', async () => {
      const res = await as(translator).get('/api/job/userJob');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([expect.objectContaining({ id: job['翻译'], name: '翻译' })]);
    });

    it('POST api/users/updateUserJobs replaces them', async () => {
      await createUser('jobber', { jobs: [{ id: job['编辑'] }] });
      const token = await t.login('jobber');
      const res = await as(token).post('/api/users/updateUserJobs').send({ jobs: [job['翻译'], job['审校'], job['翻译']] });
      expect(res.status).toBe(200);
      const jobs = (await as(token).get('/api/job/userJob')).body.map((j: { name: string }) => j.name).sort();
      expect(jobs).toEqual(['审校', '翻译'].sort());
      expect((await as(token).post('/api/users/updateUserJobs').send({ jobs: [] })).status).toBe(200);
      expect((await as(token).get('/api/job/userJob')).body).toEqual([]);
      expect400(await as(token).post('/api/users/updateUserJobs').send({ jobs: [999999] }), '所选岗位不存在');
      expect400(await as(token).post('/api/users/updateUserJobs').send({ jobs: 'x' }), 'jobs 必须是数组');
      expect400(await as(token).post('/api/users/updateUserJobs').send({ jobs: ['a'] }), '岗位 id 必须是整数');
      expect400(await as(token).post('/api/users/updateUserJobs').send({}), 'jobs 必须是数组');
    });
  });

  describe('POST api/users/updateAvatar', () => {
    it('stores a real image (200 {avatar}) served publicly at /avatar/<name>', async () => {
      const res = await as(translator).post('/api/users/updateAvatar').attach('avatar', TINY_PNG, { filename: 'me.png', contentType: 'image/png' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ avatar: expect.stringMatching(/^avatar-\d+-[0-9a-f]{16}\.png$/) });
      expect((await info(translator)).user.avatarName).toBe(res.body.avatar);
      const img = await t.http().get(`/avatar/${res.body.avatar}`).buffer(true).parse(binary);
      expect(img.status).toBe(200);
      expect(img.headers['content-type']).toContain('image/png');
      expect(Buffer.compare(img.body as Buffer, TINY_PNG)).toBe(0);
    });

    it('refuses a file that is not an image, a missing file, and more than 5 MB', async () => {
      const fake = await as(translator).post('/api/users/updateAvatar').attach('avatar', Buffer.from('just text, honestly'), { filename: 'evil.png', contentType: 'image/png' });
      expect400(fake, '头像只能是 png、jpg 或 gif 图片');
      expect400(await as(translator).post('/api/users/updateAvatar').field('other', 'x'), '请选择要上传的头像图片');
      const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await as(translator).post('/api/users/updateAvatar').attach('avatar', big, { filename: 'big.png', contentType: 'image/png' });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body).toMatchObject({ status: 413, message: '头像大小不能超过 5MB' });
    });

    it('answers 404 for an unknown or malformed avatar name', async () => {
      for (const name of ['avatar-1-0000000000000000.png', 'nope.png', '..%2F..%2Fetc%2Fpasswd', '%2E%2E%2Fconfig.ts']) {
        const res = await t.http().get(`/avatar/${name}`);
        expect(res.status).toBe(404);
        expect(res.body.status).toBe(404);
      }
    });
  });

  describe('role level rule', () => {
    beforeAll(async () => {
      await grant('编辑', 'user:edit');
      await grant('编辑', 'user:list');
    });
    afterAll(async () => {
      await revoke('编辑', 'user:edit');
      await revoke('编辑', 'user:list');
    });

    it('a level-2 user with user:edit cannot edit, reset or promote above their level (403)', async () => {
      const editor = await t.login('editor');
      const body = { id: userId.admin, username: 'admin', nickName: '被改了', enabled: true, roles: [{ id: role['管理员'] }] };
      const res = await as(editor).put('/api/users').send(body);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ status: 403, code: 'ROLE_LEVEL_TOO_LOW' });
      expect(res.body.message).toMatch(/级别/);
      const reset = await as(editor).put('/api/users/resetPwd').send([userId.admin]);
      expect(reset.status).toBe(403);
      expect(reset.body.code).toBe('ROLE_LEVEL_TOO_LOW');
      expect((await info(admin)).user.nickName).toBe('管理员');

      const junior = await createUser('junior', { dept: { id: dept['期刊编辑部'] }, roles: [{ id: role['翻译'] }] });
      const ok = await as(editor).put('/api/users').send({ id: junior.id, username: 'junior', nickName: '改名', enabled: true, dept: { id: dept['期刊编辑部'] }, roles: [{ id: role['翻译'] }] });
      expect(ok.status).toBe(204);
      const promote = await as(editor).put('/api/users').send({ id: junior.id, username: 'junior', nickName: '改名', enabled: true, dept: { id: dept['期刊编辑部'] }, roles: [{ id: role['管理员'] }] });
      expect(promote.status).toBe(403);
      expect(promote.body.code).toBe('ROLE_LEVEL_TOO_LOW');
    });

    it('a user with scope 本级 cannot edit users of other departments (403)', async () => {
      const editor = await t.login('editor');
      const other = await createUser('outsider', { dept: { id: dept['技术部'] }, roles: [{ id: role['翻译'] }] });
      const res = await as(editor).put('/api/users').send({ id: other.id, username: 'outsider', nickName: 'x', enabled: true, dept: { id: dept['技术部'] }, roles: [{ id: role['翻译'] }] });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('不能操作数据权限范围以外部门的用户');
    });
  });

  describe('guards', () => {
    const routes: Array<[method: 'get' | 'post' | 'put' | 'delete', url: string]> = [
      ['get', '/api/users'],
      ['get', '/api/users/download'],
      ['get', '/api/users/selectUser'],
      ['post', '/api/users'],
      ['put', '/api/users'],
      ['delete', '/api/users'],
      ['put', '/api/users/resetPwd'],
      ['put', '/api/users/center'],
      ['post', '/api/users/updatePass'],
      ['post', '/api/users/updateEmail/123456'],
      ['post', '/api/users/updateAvatar'],
      ['post', '/api/users/updateUserJobs'],
      ['get', '/api/job/userJob'],
      ['post', '/api/code/resetEmail?email=a@b.cn'],
    ];

    it('answers 401 {status, message} without a token on every users endpoint', async () => {
      for (const [method, url] of routes) {
        const res = await t.http()[method](url).send(method === 'delete' ? [1] : {});
        expect({ url, status: res.status, body: res.body }).toMatchObject({ status: 401, body: { status: 401, message: expect.any(String) } });
      }
    });

    it('answers 403 without the permission', async () => {
      const restricted: Array<[method: 'get' | 'post' | 'put' | 'delete', url: string, body?: unknown]> = [
        ['get', '/api/users'],
        ['get', '/api/users/download'],
        ['post', '/api/users', { username: 'x', nickName: 'x', enabled: true, roles: [] }],
        ['put', '/api/users', { id: userId.editor, username: 'editor', nickName: 'x', enabled: true, roles: [] }],
        ['delete', '/api/users', [userId.editor]],
        ['put', '/api/users/resetPwd', [userId.editor]],
      ];
      for (const [method, url, body] of restricted) {
        const res = await as(translator)[method](url).send(body as object);
        expect({ url, status: res.status, body: res.body }).toMatchObject({ status: 403, body: { status: 403, message: '没有权限执行此操作' } });
      }
      expect((await as(admin).get('/api/users?blurry=editor')).body.content[0].nickName).toBe('张编辑');
    });

    it('answers 404 for an unknown route', async () => {
      const res = await as(admin).get('/api/users/nope/nope');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, message: '请求的资源不存在' });
    });
  });

  describe('operation log', () => {
    it('records user writes with the secrets masked', async () => {
      await createUser('logged');
      const token = await t.login('logged');
      const oldPass = t.encrypt(USER_PASSWORD);
      await as(token).post('/api/users/updatePass').send({ oldPass, newPass: t.encrypt('Logged@pass1') });
      let rows: Array<{ params: string; username: string; log_type: string }> = [];
      for (let i = 0; i < 50 && rows.length === 0; i++) {
        rows = await db.query("SELECT params, username, log_type FROM sys_log WHERE description = '修改密码' AND username = 'logged'");
        if (!rows.length) await new Promise((r) => setTimeout(r, 20));
      }
      expect(rows).toHaveLength(1);
      expect(rows[0].log_type).toBe('INFO');
      expect(rows[0].params).toContain('******');
      expect(rows[0].params).not.toContain(oldPass.slice(0, 40));
    });
  });
});
