import { DataSource } from 'typeorm';
import { PrincipalService } from '../src/common/auth/principal.service';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

interface MenuItem {
  id: number;
  pid: number | null;
  title: string;
  type: number;
  module: string | null;
  subCount: number;
  menuSort: number;
  children?: MenuItem[];
}

interface RouterItem {
  name?: string;
  path: string;
  component?: string;
  meta?: { title: string; icon: string | null; noCache: boolean; module: string | null };
  children?: RouterItem[];
}

const MENU_KEYS = [
  'cache', 'component', 'componentName', 'createBy', 'createTime', 'hasChildren', 'hidden', 'iFrame', 'icon', 'id', 'label', 'leaf',
  'menuSort', 'module', 'path', 'permission', 'pid', 'subCount', 'title', 'type', 'updateBy', 'updateTime',
];

const titles = (items: Array<{ title: string }>) => items.map((m) => m.title);
/** Every router node (depth first) with the module it ends up in. */
const flatten = (nodes: RouterItem[], inherited: string | null = null): Array<{ title?: string; module: string | null; node: RouterItem }> =>
  nodes.flatMap((n) => {
    const module = n.meta?.module ?? inherited;
    // eladmin's wrapper of a root menu without children has no meta: only its child is a menu.
    const self = n.meta ? [{ title: n.meta.title, module, node: n }] : [];
    return [...self, ...flatten(n.children ?? [], module)];
  });

/** Seeded top level, in menuSort order: system, process, then the collection and storage systems (spec routes /website-statistic, /dataExchange, ...). */
const ROOT_TITLES = ['系统管理', '系统监控', '动态跟踪', '产品加工', '数据统计', '采集配置', '跨网数据交换', '数据存储备份', '数据源管理', '文件存储'];

describe('api/menus', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let translator: string;
  const id: Record<string, number> = {};

  const get = (path: string, token = admin) => t.http().get(path).set('Authorization', bearer(token));
  const post = (path: string, body: unknown, token = admin) => t.http().post(path).set('Authorization', bearer(token)).send(body as object);
  const put = (body: unknown, token = admin) => t.http().put('/api/menus').set('Authorization', bearer(token)).send(body as object);
  const del = (ids: unknown, token = admin) => t.http().delete('/api/menus').set('Authorization', bearer(token)).send(ids as object);
  const row = async (menuId: number) => (await db.query('SELECT * FROM sys_menu WHERE id = $1', [menuId]))[0];
  const subCount = async (menuId: number): Promise<number> => (await row(menuId)).sub_count;
  const create = async (body: object): Promise<number> => {
    const res = await post('/api/menus', body);
    expect(res.status).toBe(201);
    return res.body.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    admin = await t.login('admin');
    translator = await t.login('translator');
    for (const r of await db.query('SELECT id, title FROM sys_menu')) id[r.title] = r.id;
  });
  afterAll(() => t.close());

  describe('GET api/menus', () => {
    it('answers the top level sorted by menuSort without filters', async () => {
      const res = await get('/api/menus');
      expect(res.status).toBe(200);
      const roots = res.body.content as MenuItem[];
      expect(titles(roots)).toEqual(ROOT_TITLES);
      expect(res.body.totalElements).toBe(ROOT_TITLES.length);
      expect(roots.every((m) => m.pid === null)).toBe(true);
      expect(roots.map((m) => m.menuSort)).toEqual([...roots.map((m) => m.menuSort)].sort((a, b) => a - b));
      expect(Object.keys(roots[0]).sort()).toEqual(MENU_KEYS);
      expect(roots.find((m) => m.title === '系统管理')).toMatchObject({ type: 0, path: 'system', module: 'system', subCount: 9, hasChildren: true, leaf: false, label: '系统管理', iFrame: false });
    });

    it('filters by pid, blurry and createTime, and honours sort', async () => {
      const children = await get(`/api/menus?pid=${id['系统管理']}`);
      expect(titles(children.body.content)).toEqual(['用户管理', '角色管理', '菜单管理', '部门管理', '岗位管理', '字典管理', '新闻主题', '新闻分类', '机器翻译']);
      expect(children.body.content[0]).toMatchObject({ componentName: 'SystemUser', component: 'system/user/index', permission: 'user:list', type: 1, module: 'system' });
      expect(titles((await get(`/api/menus?pid=${id['系统管理']}&sort=menuSort,desc&page=0&size=2`)).body.content)[0]).toBe('机器翻译');
      expect(titles((await get('/api/menus?blurry=system/user')).body.content)).toEqual(['用户管理']);
      expect(titles((await get('/api/menus?blurry=user:')).body.content)).toEqual(['用户管理', '用户新增', '用户修改', '用户删除']);
      expect(titles((await get('/api/menus?blurry=监控')).body.content)).toEqual(['系统监控']);
      expect((await get('/api/menus?blurry=_')).body.content).toEqual([]);
      expect((await get('/api/menus?createTime=2000-01-01&createTime=2000-01-02')).body).toEqual({ content: [], totalElements: 0 });
    });

    it('answers the whole tree with tree=true', async () => {
      const [{ n }] = await db.query('SELECT count(*)::int AS n FROM sys_menu');
      const res = await get('/api/menus?tree=true&page=0&size=1000&sort=menuSort,asc');
      expect(res.status).toBe(200);
      expect(res.body.totalElements).toBe(n);
      expect(res.body.content).toHaveLength(ROOT_TITLES.length);
      const system = (res.body.content as MenuItem[]).find((m) => m.title === '系统管理')!;
      expect(system.children).toHaveLength(9);
      expect(titles(system.children![0].children!)).toEqual(['用户新增', '用户修改', '用户删除']);
      expect(system.children![0].children![0]).not.toHaveProperty('children');
    });

    it('answers 400 for bad query parameters', async () => {
      const cases: Array<[string, string]> = [
        ['/api/menus?sort=password,asc', '不支持的排序字段: password'],
        ['/api/menus?sort=menuSort,up', '排序方向只能是 asc 或 desc: menuSort,up'],
        ['/api/menus?size=10000', 'size 不能超过 9999'], // a lookup clients load whole (issue 12)
        ['/api/menus?pid=x', 'pid 必须是整数'],
        ['/api/menus?tree=maybe', 'tree 必须是 true 或 false'],
        ['/api/menus?createTime=2026-01-01', 'createTime 需要开始和结束两个时间'],
      ];
      for (const [path, message] of cases) {
        const res = await get(path);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ status: 400, message });
      }
    });
  });

  it('GET api/menus/lazy answers a plain array of children', async () => {
    const roots = await get('/api/menus/lazy?pid=0');
    expect(roots.status).toBe(200);
    expect(Array.isArray(roots.body)).toBe(true);
    expect(titles(roots.body)).toEqual(ROOT_TITLES);
    expect((await get('/api/menus/lazy')).body).toEqual(roots.body);
    expect(titles((await get(`/api/menus/lazy?pid=${id['系统监控']}`)).body)).toEqual(['在线用户', '操作日志']);
    expect((await get(`/api/menus/lazy?pid=${id['用户新增']}`)).body).toEqual([]);
    expect((await get('/api/menus/lazy?pid=-1')).body.message).toBe('pid 不能小于 0');
  });

  it('GET api/menus/child answers the menu and its descendants', async () => {
    const res = await get(`/api/menus/child?id=${id['系统监控']}`);
    expect(res.status).toBe(200);
    expect(res.body.sort()).toEqual([id['系统监控'], id['在线用户'], id['操作日志']].sort());
    expect((await get(`/api/menus/child?id=${id['系统管理']}`)).body).toHaveLength(1 + 9 + 27);
    expect((await get(`/api/menus/child?id=${id['用户新增']}`)).body).toEqual([id['用户新增']]);
    expect((await get('/api/menus/child?id=999999')).status).toBe(404);
    const missing = await get('/api/menus/child');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('id 必须是整数');
  });

  it('POST api/menus/superior answers the siblings up to the top without the ids', async () => {
    const res = await post('/api/menus/superior', [id['在线用户']]);
    expect(res.status).toBe(200);
    const tree = res.body as MenuItem[];
    expect(tree).toHaveLength(ROOT_TITLES.length);
    const monitor = tree.find((m) => m.title === '系统监控')!;
    expect(monitor.subCount).toBe(1);
    expect(titles(monitor.children!)).toEqual(['操作日志']);
    expect(tree.filter((m) => m.title !== '系统监控').every((m) => !m.children)).toBe(true);

    const nested = await post('/api/menus/superior', [id['用户新增']]);
    const system = (nested.body as MenuItem[]).find((m) => m.title === '系统管理')!;
    expect(system.children).toHaveLength(9);
    expect(titles(system.children![0].children!)).toEqual(['用户修改', '用户删除']);
    expect(system.children![0].subCount).toBe(2);

    // a directory and one of its children: neither, nor anything below them, is offered
    const both = await post('/api/menus/superior', [id['系统监控'], id['在线用户']]);
    expect(titles(both.body)).not.toContain('系统监控');
    expect(JSON.stringify(both.body)).not.toContain('操作日志');

    expect(titles((await post('/api/menus/superior', [])).body)).toEqual(titles((await get('/api/menus/lazy')).body));
    expect((await post('/api/menus/superior', [999999])).status).toBe(404);
    expect((await post('/api/menus/superior', ['x'])).status).toBe(400);
  });

  describe('GET api/menus/build', () => {
    it('gives the admin every menu as a router tree', async () => {
      const res = await get('/api/menus/build');
      expect(res.status).toBe(200);
      const routers = res.body as RouterItem[];
      const system = routers.find((r) => r.meta?.title === '系统管理')!;
      expect(system).toMatchObject({ name: '系统管理', path: '/system', hidden: false, component: 'Layout', alwaysShow: true, redirect: 'noredirect' });
      expect(system.meta).toEqual({ title: '系统管理', icon: 'system', noCache: true, module: 'system' });
      expect(system.children![0]).toEqual({
        name: 'SystemUser',
        path: 'user',
        hidden: false,
        component: 'system/user/index',
        meta: { title: '用户管理', icon: 'peoples', noCache: true, module: 'system' },
      });
      const all = flatten(routers);
      expect(new Set(all.map((n) => n.module))).toEqual(new Set(['system', 'process', 'collect', 'storage']));
      expect(all.every((n) => n.module !== null)).toBe(true);
      expect(all.map((n) => n.title)).not.toContain('用户新增'); // no buttons
      expect(routers.every((r) => r.path.startsWith('/'))).toBe(true);
    });

    it('gives a translator only their own menus, without the system ones', async () => {
      const res = await get('/api/menus/build', translator);
      expect(res.status).toBe(200);
      const all = flatten(res.body);
      const names = all.map((n) => n.title);
      expect(names).toEqual(expect.arrayContaining(['动态跟踪', '新闻列表', '收藏新闻', '稿件管理']));
      expect(names).not.toContain('系统管理');
      expect(names).not.toContain('用户管理');
      expect(names).not.toContain('翻译审核');
      expect(new Set(all.map((n) => n.module))).toEqual(new Set(['process']));
    });

    it('wraps a root menu without children and keeps external links', async () => {
      const home = await create({ type: 1, title: '工作台', componentName: 'Workbench', component: 'dashboard/index', path: 'workbench', menuSort: 0, icon: 'dashboard', module: 'process', cache: true });
      const link = await create({ type: 1, title: '官网', path: 'https://example.com/', iFrame: true, menuSort: 0, module: 'storage' });
      const routers = (await get('/api/menus/build')).body as RouterItem[];
      expect(routers.find((r) => r.children?.[0]?.name === 'Workbench')).toEqual({
        path: '/workbench',
        hidden: false,
        component: 'Layout',
        children: [{ name: 'Workbench', path: 'index', component: 'dashboard/index', meta: { title: '工作台', icon: 'dashboard', noCache: false, module: 'process' } }],
      });
      expect(routers.find((r) => r.path === 'https://example.com/')).toEqual({
        path: 'https://example.com/',
        hidden: false,
        component: 'Layout',
        children: [{ path: 'https://example.com/', meta: { title: '官网', icon: null, noCache: true, module: 'storage' } }],
      });
      expect((await del([home, link])).status).toBe(200);
    });

    it('answers 401 without a session', async () => {
      expect((await t.http().get('/api/menus/build')).status).toBe(401);
    });
  });

  it('creates, edits and deletes menus keeping subCount and modules right', async () => {
    const created = await post('/api/menus', { type: 0, title: '采集工具', path: 'tools', icon: 'tool', menuSort: 5, module: 'collect', pid: 0, children: [], hasChildren: false });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(MENU_KEYS);
    expect(created.body).toMatchObject({ type: 0, title: '采集工具', pid: null, module: 'collect', subCount: 0, cache: false, hidden: false, iFrame: false, createBy: 'admin', componentName: null });
    const dir = created.body.id;

    const page = await post('/api/menus', { type: 1, title: '采集任务', componentName: 'CollectTask', component: 'collect/task/index', path: 'task', pid: dir, cache: 'true' });
    expect(page.status).toBe(201);
    expect(page.body).toMatchObject({ pid: dir, module: 'collect', cache: true, menuSort: 999 });
    const button = await create({ type: 2, title: '任务新增', permission: 'task:add', pid: page.body.id, module: null });
    expect((await row(button)).module).toBe('collect');
    const other = await create({ type: 2, title: '任务导出', permission: 'task:export', pid: page.body.id, module: 'storage' });
    expect((await row(other)).module).toBe('storage');
    expect(await subCount(dir)).toBe(1);
    expect(await subCount(page.body.id)).toBe(2);

    // move the page (with its buttons) under 系统监控: both parents recounted, module kept when sent
    const moved = await put({ ...page.body, title: '采集任务管理', pid: id['系统监控'], subCount: 42, createTime: 'ignored' });
    expect(moved.status).toBe(204);
    expect(await subCount(dir)).toBe(0);
    expect(await subCount(id['系统监控'])).toBe(3);
    expect(await row(page.body.id)).toMatchObject({ title: '采集任务管理', pid: id['系统监控'], module: 'collect', sub_count: 2 });
    // module left out on a child: inherited from above
    expect((await put({ id: page.body.id, type: 1, title: '采集任务管理', componentName: 'CollectTask', component: 'collect/task/index', path: 'task', pid: id['系统监控'] })).status).toBe(204);
    expect((await row(page.body.id)).module).toBe('system');
    // a root keeps its module when it is left out
    expect((await put({ id: dir, type: 0, title: '采集工具', path: 'tools', pid: null })).status).toBe(204);
    expect((await row(dir)).module).toBe('collect');

    // delete a branch: the buttons and the role links go too, the parent is recounted
    const [role] = await db.query("SELECT id FROM sys_role WHERE name = '翻译'");
    await db.query('INSERT INTO sys_roles_menus (role_id, menu_id) VALUES ($1, $2), ($1, $3)', [role.id, page.body.id, button]);
    const deleted = await del([page.body.id]);
    expect(deleted.status).toBe(200);
    expect((await db.query('SELECT id FROM sys_menu WHERE id = ANY($1::int[])', [[page.body.id, button, other]])).length).toBe(0);
    expect((await db.query('SELECT * FROM sys_roles_menus WHERE menu_id = ANY($1::int[])', [[page.body.id, button]])).length).toBe(0);
    expect(await subCount(id['系统监控'])).toBe(2);
    expect((await del([page.body.id])).status).toBe(404);
    expect((await del([dir, 999999])).status).toBe(200);
    const [{ bad }] = await db.query('SELECT count(*)::int AS bad FROM sys_menu m WHERE sub_count <> (SELECT count(*) FROM sys_menu c WHERE c.pid = m.id)');
    expect(bad).toBe(0);
  });

  it('refuses a parent that is the menu itself, one of its descendants or unknown', async () => {
    const base = { type: 0, title: '系统管理', path: 'system' };
    const cases: Array<[object, string]> = [
      [{ ...base, id: id['系统管理'], pid: id['系统管理'] }, '上级菜单不能为自己'],
      [{ ...base, id: id['系统管理'], pid: id['用户管理'] }, '上级菜单不能为自己的下级菜单'],
      [{ ...base, id: id['系统管理'], pid: id['用户新增'] }, '上级菜单不能为自己的下级菜单'],
      [{ ...base, id: id['系统管理'], pid: 999999 }, '上级菜单不存在'],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await put({ ...base, id: 999999, title: '无' })).status).toBe(404);
  });

  it('answers 400 with a readable message on bad bodies', async () => {
    const cases: Array<['POST' | 'PUT', object, string]> = [
      ['POST', { type: 1 }, '菜单标题不能为空'],
      ['POST', { type: 1, title: '' }, '菜单标题不能为空'],
      ['POST', { type: 1, title: 'x'.repeat(101) }, '菜单标题不能超过 100 个字符'],
      ['POST', { title: '无类型' }, '菜单类型不能为空'],
      ['POST', { type: 3, title: '错类型' }, '菜单类型只能是 0（目录）、1（菜单）或 2（按钮）'],
      ['POST', { type: 'x', title: '错类型' }, '菜单类型只能是 0（目录）、1（菜单）或 2（按钮）'],
      ['POST', { type: 1, title: '外链', iFrame: true, path: 'example.com' }, '外链必须以http://或者https://开头'],
      ['POST', { type: 1, title: '外链', iFrame: true }, '外链必须以http://或者https://开头'],
      ['POST', { type: 1, title: '用户管理' }, '菜单标题 用户管理 已存在'],
      ['POST', { type: 1, title: '重名组件', componentName: 'SystemUser' }, '组件名称 SystemUser 已存在'],
      ['POST', { type: 1, title: '错模块', module: 'finance' }, '所属模块只能是 collect、process、system、storage 之一'],
      ['POST', { type: 1, title: '错排序', menuSort: 'abc' }, '排序必须是整数'],
      ['POST', { type: 1, title: '错路径', path: 'p'.repeat(256) }, '路由地址不能超过 255 个字符'],
      ['POST', { type: 1, title: '错缓存', cache: 'often' }, '缓存必须是 true 或 false'],
      ['POST', { type: 1, title: '错上级', pid: 'abc' }, '上级菜单 id 必须是整数'],
      ['PUT', { type: 1, title: '无id' }, 'id 必须是整数'],
      ['PUT', { id: id['菜单管理'], type: 1, title: '用户管理' }, '菜单标题 用户管理 已存在'],
    ];
    for (const [method, body, message] of cases) {
      const res = method === 'POST' ? await post('/api/menus', body) : await put(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, message });
    }
    expect((await del([])).status).toBe(400);
    expect((await del('x')).status).toBe(400);
    // an unchanged title and componentName are not duplicates of themselves
    const same = await put({ id: id['用户管理'], type: 1, title: '用户管理', componentName: 'SystemUser', component: 'system/user/index', path: 'user', pid: id['系统管理'], icon: 'peoples', permission: 'user:list', menuSort: 1 });
    expect(same.status).toBe(204);
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    for (const path of ['/api/menus', '/api/menus/lazy', `/api/menus/child?id=${id['系统管理']}`]) {
      expect((await t.http().get(path)).status).toBe(401);
      expect((await get(path, translator)).status).toBe(403);
    }
    expect((await t.http().post('/api/menus/superior').send([])).status).toBe(401);
    expect((await post('/api/menus/superior', [], translator)).status).toBe(403);
    expect((await t.http().post('/api/menus').send({ type: 0, title: 'x' })).status).toBe(401);
    const forbidden = await post('/api/menus', { type: 0, title: 'x' }, translator);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('没有权限执行此操作');
    expect((await put({ id: id['系统管理'], type: 0, title: 'x' }, translator)).status).toBe(403);
    expect((await del([id['系统管理']], translator)).status).toBe(403);
    expect((await t.http().delete('/api/menus').send([1])).status).toBe(401);
  });

  it('lets roles:list read the menus (the role editor)', async () => {
    const grant = async (titleOrPermission: string) => {
      await db.query(
        `INSERT INTO sys_roles_menus (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m
          WHERE r.name = '审校' AND (m.permission = $1 OR m.title = $1) ON CONFLICT DO NOTHING`,
        [titleOrPermission],
      );
      await t.app.get(PrincipalService).invalidate();
    };
    await grant('roles:list');
    const reviewer = await t.login('reviewer');
    expect((await get('/api/menus?tree=true', reviewer)).status).toBe(200);
    expect((await get(`/api/menus/child?id=${id['系统管理']}`, reviewer)).status).toBe(200);
    expect((await post('/api/menus', { type: 0, title: 'x' }, reviewer)).status).toBe(403);
    // as in eladmin, a menu whose directory the user lacks is left out of the sidebar while other roots exist
    const titlesOf = async () => flatten((await get('/api/menus/build', reviewer)).body).map((n) => n.title);
    expect(await titlesOf()).not.toContain('角色管理');
    await grant('系统管理');
    const after = await titlesOf();
    expect(after).toEqual(expect.arrayContaining(['系统管理', '角色管理', '动态跟踪']));
    expect(after).not.toContain('用户管理');
  });
});
