import { buildNav, findTrail, flattenNav, resolvePath, type RouterNode, toggleGroup } from './menuTree';

const system: RouterNode = {
  name: '系统管理',
  path: '/system',
  component: 'Layout',
  alwaysShow: true,
  redirect: 'noredirect',
  meta: { title: '系统管理', icon: 'system', module: 'system' },
  children: [
    { name: 'User', path: 'user', component: 'system/user/index', meta: { title: '用户管理', icon: 'peoples', module: 'system' } },
    { name: 'Role', path: 'role', component: 'system/role/index', meta: { title: '角色管理', icon: 'role', module: 'system' } },
    { name: 'Secret', path: 'secret', hidden: true, component: 'x', meta: { title: '隐藏菜单', module: 'system' } },
  ],
};

const monitor: RouterNode = {
  name: '系统监控',
  path: '/monitor',
  component: 'Layout',
  meta: { title: '系统监控', icon: 'monitor', module: 'system' },
  children: [{ name: 'Logs', path: 'logs', component: 'monitor/log/index', meta: { title: '操作日志', icon: 'log' } }],
};

const process: RouterNode = {
  name: '产品加工',
  path: '/pro',
  component: 'Layout',
  meta: { title: '产品加工', icon: 'tree', module: 'process' },
  children: [{ name: 'News', path: 'news', component: 'pro/news', meta: { title: '新闻列表', module: 'process' } }],
};

// A root menu without children arrives wrapped in a layout node without meta.
const wrapped: RouterNode = {
  path: '/storage',
  component: 'Layout',
  children: [{ name: 'Storage', path: 'index', component: 'storage/index', meta: { title: '数据存储', module: 'storage' } }],
};

const external: RouterNode = {
  path: '/docs',
  component: 'Layout',
  children: [{ name: 'Docs', path: 'https://example.org/docs', meta: { title: '帮助文档', icon: 'doc' } }],
};

const routers = [system, monitor, process, wrapped, external];

describe('buildNav', () => {
  it('keeps only the current module (plus untagged items) for ordinary users', () => {
    const nav = buildNav(routers, { module: 'system', isAdmin: false });
    expect(nav.map((item) => item.title)).toEqual(['系统管理', '系统监控', '帮助文档']);
    expect(nav[0].children!.map((item) => [item.title, item.path])).toEqual([
      ['用户管理', '/system/user'],
      ['角色管理', '/system/role'],
    ]);
    // a child without a module inherits its parent's
    expect(nav[1].children![0].path).toBe('/monitor/logs');
  });

  it('filters to another module', () => {
    const nav = buildNav(routers, { module: 'process' });
    expect(flattenNav(nav).map((item) => item.path)).toEqual(['/pro/news', 'https://example.org/docs']);
  });

  it('shows every module to admins, hidden items still skipped', () => {
    const nav = buildNav(routers, { module: 'process', isAdmin: true });
    expect(flattenNav(nav).map((item) => item.title)).toEqual([
      '用户管理',
      '角色管理',
      '操作日志',
      '新闻列表',
      '数据存储',
      '帮助文档',
    ]);
  });

  it('unwraps title-less wrappers and marks external links', () => {
    const nav = buildNav([wrapped, external], { isAdmin: true });
    expect(nav).toEqual([
      { key: '/storage/index', title: '数据存储', icon: undefined, path: '/storage/index', external: false },
      { key: 'https://example.org/docs', title: '帮助文档', icon: 'doc', path: 'https://example.org/docs', external: true },
    ]);
  });

  it('drops directories left without children', () => {
    const onlyHidden: RouterNode = { ...system, children: [system.children![2]] };
    expect(buildNav([onlyHidden], { isAdmin: true })).toEqual([]);
  });
});

describe('helpers', () => {
  it('resolvePath joins relative children and keeps absolute ones', () => {
    expect(resolvePath('/system', 'user')).toBe('/system/user');
    expect(resolvePath('/system/', '/abs')).toBe('/abs');
    expect(resolvePath('/x', 'http://a.b')).toBe('http://a.b');
  });

  it('findTrail finds the group chain of the current route, sub-routes included', () => {
    const nav = buildNav(routers, { isAdmin: true });
    expect(findTrail(nav, '/system/user/5').map((item) => item.title)).toEqual(['系统管理', '用户管理']);
    expect(findTrail(nav, '/user/center')).toEqual([]);
  });

  it('toggleGroup honours unique-opened', () => {
    expect(toggleGroup(['group:/a'], 'group:/b', [], true)).toEqual(['group:/b']);
    expect(toggleGroup(['group:/a'], 'group:/b', [], false)).toEqual(['group:/a', 'group:/b']);
    expect(toggleGroup(['group:/a', 'group:/a/x'], 'group:/a/y', ['group:/a'], true)).toEqual(['group:/a', 'group:/a/y']);
    expect(toggleGroup(['group:/a'], 'group:/a', [], true)).toEqual([]);
  });
});
