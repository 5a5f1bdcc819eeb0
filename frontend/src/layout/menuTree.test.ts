import { buildModuleNav, buildNav, findTrail, flattenNav, resolvePath, type RouterNode, toggleGroup } from './menuTree';

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
      { key: '/storage', title: '数据存储', icon: undefined, path: '/storage', external: false },
      { key: 'https://example.org/docs', title: '帮助文档', icon: 'doc', path: 'https://example.org/docs', external: true },
    ]);
  });

  it('links the index child of a meta-less wrapper to the wrapper path, as api/menus/build sends it', () => {
    const statistic: RouterNode = {
      path: '/website-statistic',
      component: 'Layout',
      children: [
        { name: '数据统计', path: 'index', component: 'collect/statistic/index', meta: { title: '数据统计', icon: 'chart', module: 'collect' } },
      ],
    };
    const nav = buildNav([statistic, wrapped, external], { module: 'collect' });
    expect(nav.map((item) => [item.title, item.path, item.key])).toEqual([
      ['数据统计', '/website-statistic', '/website-statistic'],
      ['帮助文档', 'https://example.org/docs', 'https://example.org/docs'],
    ]);
    expect(findTrail(nav, '/website-statistic').map((item) => item.title)).toEqual(['数据统计']);
    // a directory's child called `index` keeps its own segment: only meta-less wrappers are unwrapped
    const dir: RouterNode = { ...system, children: [{ name: 'I', path: 'index', component: 'x', meta: { title: '概览' } }] };
    expect(flattenNav(buildNav([dir], { isAdmin: true }))[0].path).toBe('/system/index');
  });

  it('drops directories left without children', () => {
    const onlyHidden: RouterNode = { ...system, children: [system.children![2]] };
    expect(buildNav([onlyHidden], { isAdmin: true })).toEqual([]);
  });
});

describe('buildModuleNav', () => {
  const modules = ['collect', 'process', 'system', 'storage'];
  const noExternal = [system, monitor, process, wrapped];

  it('shows the preferred module when the user has items there', () => {
    expect(buildModuleNav([process, wrapped], 'storage', modules, false).map((i) => i.title)).toEqual(['数据存储']);
  });

  it('falls back to the first module where the user has items', () => {
    expect(buildModuleNav([process], 'system', modules, false).map((i) => i.title)).toEqual(['产品加工']);
  });

  it('never falls back for admins, who see every module', () => {
    expect(buildModuleNav(noExternal, 'system', modules, true)).toHaveLength(4);
  });

  it('stays empty when the user has no menus at all', () => {
    expect(buildModuleNav([], 'system', modules, false)).toEqual([]);
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
