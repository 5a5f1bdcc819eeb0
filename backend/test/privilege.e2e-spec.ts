import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/**
 * Issue 12, security point 1: nobody hands out more than they hold. The escalation found from the
 * outside (a user with menu:add, roles:add, roles:edit and user:edit making themselves admin) is
 * replayed as a whole, then each rule on its own.
 */
describe('privilege escalation', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  const dept: Record<string, number> = {};
  let serial = 0;

  const as = (token: string) => ({
    get: (url: string) => t.http().get(url).set('Authorization', bearer(token)),
    post: (url: string, body: object) => t.http().post(url).set('Authorization', bearer(token)).send(body),
    put: (url: string, body: object) => t.http().put(url).set('Authorization', bearer(token)).send(body),
  });
  const expect403 = (res: Response, message: string) => {
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 403, body: { status: 403, message } });
  };
  const menuId = async (permission: string): Promise<number> => (await db.query('SELECT id FROM sys_menu WHERE permission = $1 ORDER BY id LIMIT 1', [permission]))[0].id;

  /** A role made by the admin through the API: menus by permission code (or id), level, scope. */
  const adminRole = async (opts: { codes?: string[]; menuIds?: number[]; level?: number; dataScope?: string; depts?: number[] } = {}) => {
    const name = `角色${++serial}`;
    const res = await as(admin).post('/api/roles', { name, level: opts.level ?? 3, dataScope: opts.dataScope ?? '本级', depts: (opts.depts ?? []).map((id) => ({ id })) });
    expect(res.status).toBe(201);
    const menus = [...(opts.menuIds ?? []), ...(await Promise.all((opts.codes ?? []).map(menuId)))];
    if (menus.length) expect((await as(admin).put('/api/roles/menu', { id: res.body.id, menus: menus.map((id) => ({ id })) })).status).toBe(204);
    return res.body.id as number;
  };

  /** A user in 技术部 (a leaf department) holding exactly the codes (through one level-2 role of scope 本级). */
  const userWith = async (codes: string[], opts: { deptId?: number } = {}) => {
    const username = `user${++serial}`;
    const roleId = await adminRole({ codes, level: 2 });
    const created = await t.createUser({ username, nickName: username, enabled: true, dept: { id: opts.deptId ?? dept['技术部'] }, roles: [{ id: roleId }] }, admin);
    return { id: created.id, username, roleId, token: await t.login(username) };
  };

  /** A PUT api/users body for a user, with the given roles. */
  const userBody = (u: { id: number; username: string }, roles: number[], extra: Record<string, unknown> = {}) => ({
    id: u.id,
    username: u.username,
    nickName: u.username,
    enabled: true,
    dept: { id: dept['技术部'] },
    roles: roles.map((id) => ({ id })),
    ...extra,
  });

  const info = async (token: string) => (await as(token).get('/auth/info')).body as { roles: string[]; dataScopes: number[] };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    for (const r of await db.query('SELECT id, name FROM sys_dept')) dept[r.name] = r.id;
  });
  afterAll(() => t.close());

  it('replays the whole chain: menu:add + roles:add + roles:edit + user:edit do not make an admin', async () => {
    const attacker = await userWith(['menu:add', 'roles:add', 'roles:edit', 'user:edit']);
    expect(await info(attacker.token)).toMatchObject({ roles: ['menu:add', 'roles:add', 'roles:edit', 'user:edit'], dataScopes: [dept['技术部']] });

    // 1. a button menu carrying `admin`
    const menu = await as(attacker.token).post('/api/menus', { type: 2, title: '后门按钮', permission: 'admin' });
    expect403(menu, '只有管理员可以创建、修改或分配带 admin 权限的菜单');
    // 2. a role with data scope 全部
    const role = await as(attacker.token).post('/api/roles', { name: '后门角色', level: 2, dataScope: '全部' });
    expect403(role, '只有数据权限为全部的用户才能设置或授予数据权限为全部的角色');
    // 3. even with a role of their own making and an admin menu that exists, the role cannot be filled with it
    const own = await as(attacker.token).post('/api/roles', { name: '后门角色', level: 2, dataScope: '本级' });
    expect(own.status).toBe(201);
    const adminMenu = await as(admin).post('/api/menus', { type: 2, title: '管理员按钮', permission: 'admin' });
    expect(adminMenu.status).toBe(201);
    expect403(await as(attacker.token).put('/api/roles/menu', { id: own.body.id, menus: [{ id: adminMenu.body.id }] }), '只有管理员可以创建、修改或分配带 admin 权限的菜单');
    // 4. giving oneself a role
    expect403(await as(attacker.token).put('/api/users', userBody(attacker, [attacker.roleId, own.body.id])), '不能修改自己的角色');

    const after = await info(attacker.token);
    expect(after.roles).not.toContain('admin');
    expect(after.roles).toEqual(['menu:add', 'roles:add', 'roles:edit', 'user:edit']);
    expect(after.dataScopes).toEqual([dept['技术部']]);
    const menus: Array<{ n: number }> = await db.query("SELECT count(*)::int AS n FROM sys_roles_menus rm JOIN sys_menu m ON m.id = rm.menu_id WHERE m.permission = 'admin'");
    expect(menus[0].n).toBe(0);
  });

  describe('menus carrying admin', () => {
    it('only an administrator creates one, whatever the spelling of the list', async () => {
      const maker = await userWith(['menu:add']);
      for (const permission of ['admin', ' admin ', 'user:list,admin', 'user:list, admin']) {
        expect403(await as(maker.token).post('/api/menus', { type: 2, title: `按钮${++serial}`, permission }), '只有管理员可以创建、修改或分配带 admin 权限的菜单');
      }
      // Other codes: only the maker's own (a menu is a grant waiting to be put in a role); `administrator` is not `admin`.
      expect403(await as(maker.token).post('/api/menus', { type: 2, title: `按钮${++serial}`, permission: 'user:del' }), '不能授予自己没有的权限：user:del');
      expect403(await as(maker.token).post('/api/menus', { type: 2, title: `按钮${++serial}`, permission: 'administrator' }), '不能授予自己没有的权限：administrator');
      // A code naming a record subject of the access rules is held by nobody but its holders (no CASL match through record rules).
      expect403(await as(maker.token).post('/api/menus', { type: 2, title: `按钮${++serial}`, permission: 'File:read,Manuscript:read' }), '不能授予自己没有的权限：File:read、Manuscript:read');
      expect((await as(maker.token).post('/api/menus', { type: 2, title: `按钮${++serial}`, permission: 'menu:add' })).status).toBe(201);
      expect((await as(maker.token).post('/api/menus', { type: 1, title: `菜单${++serial}` })).status).toBe(201);
      expect((await as(admin).post('/api/menus', { type: 2, title: `按钮${++serial}`, permission: 'admin' })).status).toBe(201);
    });

    it('only an administrator edits one, or turns a menu into one; codes added to a menu in a role must be the editor\'s own', async () => {
      const editor = await userWith(['menu:edit']);
      const create = async (permission: string) => (await as(admin).post('/api/menus', { type: 2, title: `按钮${++serial}`, permission })).body as { id: number; title: string };
      const edit = (m: { id: number; title: string }, permission: string, token = editor.token) => as(token).put('/api/menus', { id: m.id, type: 2, title: m.title, permission });

      const loose = await create('report:view');
      expect403(await edit(loose, 'admin'), '只有管理员可以创建、修改或分配带 admin 权限的菜单');
      const adminMenu = await create('admin');
      expect403(await edit(adminMenu, 'report:view'), '只有管理员可以创建、修改或分配带 admin 权限的菜单');
      expect403(await edit(adminMenu, 'admin'), '只有管理员可以创建、修改或分配带 admin 权限的菜单');
      // Not in a role either: a code added must be held (editing an unlinked menu while filling a role
      // with it in parallel would otherwise hand the code out; so would a trap menu an admin links later).
      expect403(await edit(loose, 'user:del'), '不能授予自己没有的权限：user:del');
      expect((await edit(loose, 'report:view,menu:edit')).status).toBe(204);
      // In a role: the same.
      const linked = await create('report:view');
      await adminRole({ menuIds: [linked.id] });
      expect403(await edit(linked, 'report:view,user:del,roles:del'), '不能授予自己没有的权限：roles:del、user:del');
      expect((await edit(linked, 'report:view,menu:edit')).status).toBe(204);
      expect((await edit(linked, 'menu:edit')).status).toBe(204);
      expect((await edit(linked, 'user:del', admin)).status).toBe(204);
    });
  });

  describe('data scope 全部', () => {
    it('is set on a role (create or edit) only by someone who sees all departments; 自定义 only within one\'s own scope', async () => {
      const maker = await userWith(['roles:add', 'roles:edit']);
      expect403(await as(maker.token).post('/api/roles', { name: `角色${++serial}`, level: 3, dataScope: '全部' }), '只有数据权限为全部的用户才能设置或授予数据权限为全部的角色');
      expect403(
        await as(maker.token).post('/api/roles', { name: `角色${++serial}`, level: 3, dataScope: '自定义', depts: [{ id: dept['出版中心'] }] }),
        '不能设置或授予超出自己数据权限范围的部门',
      );
      const mine = await as(maker.token).post('/api/roles', { name: `角色${++serial}`, level: 3, dataScope: '自定义', depts: [{ id: dept['技术部'] }] });
      expect(mine.status).toBe(201);
      const put = (dataScope: string, depts: number[] = []) =>
        as(maker.token).put('/api/roles', { id: mine.body.id, name: mine.body.name, level: 3, dataScope, depts: depts.map((id) => ({ id })) });
      expect403(await put('全部'), '只有数据权限为全部的用户才能设置或授予数据权限为全部的角色');
      expect403(await put('自定义', [dept['技术部'], dept['编译部']]), '不能设置或授予超出自己数据权限范围的部门');
      expect((await put('本级')).status).toBe(204);
      // An administrator (scope 全部) may.
      expect((await as(admin).put('/api/roles', { id: mine.body.id, name: mine.body.name, level: 3, dataScope: '全部' })).status).toBe(204);
      expect((await as(admin).post('/api/roles', { name: `角色${++serial}`, level: 3, dataScope: '全部' })).status).toBe(201);
    });
  });

  describe('filling a role with menus (PUT api/roles/menu)', () => {
    it('needs every permission the role carries afterwards, never admin, and the level', async () => {
      const filler = await userWith(['roles:edit', 'user:edit', 'menu:add']);
      const role = await adminRole();
      const fill = async (codes: string[], extra: number[] = []) =>
        as(filler.token).put('/api/roles/menu', { id: role, menus: [...(await Promise.all(codes.map(menuId))), ...extra].map((id) => ({ id })) });
      const adminMenu = (await as(admin).post('/api/menus', { type: 2, title: `按钮${++serial}`, permission: 'admin' })).body.id as number;
      expect403(await fill(['user:edit'], [adminMenu]), '只有管理员可以创建、修改或分配带 admin 权限的菜单');
      expect403(await fill(['user:edit', 'user:del']), '不能授予自己没有的权限：user:del');
      expect403(await fill(['roles:del', 'user:del', 'menu:add']), '不能授予自己没有的权限：roles:del、user:del');
      expect((await fill(['user:edit', 'menu:add'])).status).toBe(204);
      expect((await fill([])).status).toBe(204);
      const high = await adminRole({ level: 1 });
      const res = await as(filler.token).put('/api/roles/menu', { id: high, menus: [] });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ROLE_LEVEL_TOO_LOW');
      expect((await as(admin).put('/api/roles/menu', { id: role, menus: [{ id: adminMenu }, { id: await menuId('user:del') }] })).status).toBe(204);
    });
  });

  describe('giving a role to a user (POST/PUT api/users)', () => {
    it('needs every permission of the role, never admin, never 全部 or departments out of scope, and the level', async () => {
      const giver = await userWith(['user:edit', 'user:add']);
      const target = await t.createUser({ username: `target${++serial}`, nickName: 'target', enabled: true, dept: { id: dept['技术部'] }, roles: [] }, admin);
      const adminMenu = (await as(admin).post('/api/menus', { type: 2, title: `按钮${++serial}`, permission: 'admin' })).body.id as number;
      const give = (roleId: number) => as(giver.token).put('/api/users', userBody(target, [roleId]));

      expect403(await give(await adminRole({ menuIds: [adminMenu] })), '只有管理员可以创建、修改或分配带 admin 权限的菜单');
      expect403(await give(await adminRole({ dataScope: '全部' })), '只有数据权限为全部的用户才能设置或授予数据权限为全部的角色');
      expect403(await give(await adminRole({ dataScope: '自定义', depts: [dept['总部']] })), '不能设置或授予超出自己数据权限范围的部门');
      expect403(await give(await adminRole({ codes: ['user:edit', 'user:del'] })), '不能授予自己没有的权限：user:del');
      const level = await give(await adminRole({ level: 1 }));
      expect(level.status).toBe(403);
      expect(level.body.code).toBe('ROLE_LEVEL_TOO_LOW');
      const fine = await adminRole({ codes: ['user:edit'], dataScope: '自定义', depts: [dept['技术部']] });
      expect((await give(fine)).status).toBe(204);
      // A role the user already holds is not given again: editing other fields stays possible.
      expect((await as(giver.token).put('/api/users', userBody(target, [fine], { nickName: '改名' }))).status).toBe(204);

      // The same rules on creation.
      const create = (roleId: number) =>
        as(giver.token).post('/api/users', { username: `made${++serial}`, nickName: 'made', enabled: true, dept: { id: dept['技术部'] }, roles: [{ id: roleId }] });
      expect403(await create(await adminRole({ dataScope: '全部' })), '只有数据权限为全部的用户才能设置或授予数据权限为全部的角色');
      expect403(await create(await adminRole({ codes: ['roles:add'] })), '不能授予自己没有的权限：roles:add');
      expect403(await create(await adminRole({ menuIds: [adminMenu] })), '只有管理员可以创建、修改或分配带 admin 权限的菜单');
      expect((await create(fine)).status).toBe(201);
      // The administrator gives anything.
      expect((await as(admin).put('/api/users', userBody(target, [await adminRole({ menuIds: [adminMenu], dataScope: '全部' })]))).status).toBe(204);
    });
  });

  describe('editing a role someone else holds (PUT api/roles)', () => {
    it('needs every permission the role carries: widening its scope or level widens what its holders do', async () => {
      const editor = await userWith(['roles:edit', 'user:list']);
      const rich = await adminRole({ codes: ['user:list', 'user:del'], level: 3 });
      const put = (token: string) => as(token).put('/api/roles', { id: rich, name: `角色改${++serial}`, level: 3, dataScope: '本级' });
      expect403(await put(editor.token), '不能授予自己没有的权限：user:del');
      const modest = await adminRole({ codes: ['user:list'], level: 3 });
      expect((await as(editor.token).put('/api/roles', { id: modest, name: `角色改${++serial}`, level: 3, dataScope: '本级' })).status).toBe(204);
      expect((await put(admin)).status).toBe(204);
    });
  });

  describe('resetting a password (PUT api/users/resetPwd)', () => {
    it('is refused for accounts with permissions the caller lacks, and for administrators', async () => {
      const resetter = await userWith(['user:edit']);
      // A peer of the same level (2) in the same department holding more.
      const peer = await userWith(['user:edit', 'user:del']);
      expect403(await as(resetter.token).put('/api/users/resetPwd', [peer.id]), '不能重置拥有你没有的权限的用户的密码：user:del');
      const equal = await userWith(['user:edit']);
      const ok = await as(resetter.token).put('/api/users/resetPwd', [equal.id]);
      expect(ok.status).toBe(200);
      expect(ok.body[0]).toMatchObject({ id: equal.id, username: equal.username });
      // An administrator account (flag, no roles) only by an administrator; editing or deleting it neither.
      const boss = await t.createUser({ username: `boss${++serial}`, nickName: 'boss', enabled: true, dept: { id: dept['技术部'] }, roles: [] }, admin);
      await db.query('UPDATE sys_user SET is_admin = true WHERE id = $1', [boss.id]);
      expect403(await as(resetter.token).put('/api/users/resetPwd', [boss.id]), '只有管理员可以修改、删除或重置管理员账号');
      expect403(await as(resetter.token).put('/api/users', userBody({ id: boss.id, username: `boss${serial}` }, [], { enabled: false })), '只有管理员可以修改、删除或重置管理员账号');
      expect((await as(admin).put('/api/users/resetPwd', [boss.id, peer.id])).status).toBe(200);
    });
  });

  describe('one\'s own roles', () => {
    it('user:edit alone no longer changes them (403); the other fields of oneself stay editable', async () => {
      const self = await userWith(['user:edit']);
      const other = await adminRole({ codes: ['user:edit'] });
      expect403(await as(self.token).put('/api/users', userBody(self, [self.roleId, other])), '不能修改自己的角色');
      expect403(await as(self.token).put('/api/users', userBody(self, [other])), '不能修改自己的角色');
      expect403(await as(self.token).put('/api/users', userBody(self, [])), '不能修改自己的角色');
      expect((await as(self.token).put('/api/users', userBody(self, [self.roleId], { nickName: '自己改名' }))).status).toBe(204);
      expect((await info(self.token)).roles).toEqual(['user:edit']);
    });

    it('holds for administrators too', async () => {
      type Me = { id: number; username: string; nickName: string; email: string; phone: string; gender: string; dept: { id: number }; roles: Array<{ id: number }> };
      const me = (await as(admin).get('/auth/info')).body.user as Me;
      const body = { id: me.id, username: me.username, nickName: me.nickName, email: me.email, phone: me.phone, gender: me.gender, enabled: true, dept: { id: me.dept.id } };
      expect403(await as(admin).put('/api/users', { ...body, roles: [...me.roles, { id: await adminRole() }] }), '不能修改自己的角色');
      expect((await as(admin).put('/api/users', { ...body, roles: me.roles })).status).toBe(204);
    });
  });
});
