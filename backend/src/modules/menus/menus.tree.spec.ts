import { buildRouters, buildTree, countTree, type RouterMenu } from './menus.tree';

const menu = (id: number, pid: number | null, over: Partial<RouterMenu> = {}): RouterMenu => ({
  id,
  pid,
  type: 1,
  title: `m${id}`,
  componentName: null,
  component: null,
  path: `p${id}`,
  icon: `i${id}`,
  cache: false,
  hidden: false,
  iFrame: false,
  module: null,
  ...over,
});

describe('buildTree', () => {
  it('nests children under their parents in input order and leaves leaves without children', () => {
    const tree = buildTree([
      { id: 1, pid: null },
      { id: 2, pid: 1 },
      { id: 3, pid: null },
      { id: 4, pid: 1 },
      { id: 5, pid: 2 },
    ]);
    expect(tree).toEqual([
      { id: 1, pid: null, children: [{ id: 2, pid: 1, children: [{ id: 5, pid: 2 }] }, { id: 4, pid: 1 }] },
      { id: 3, pid: null },
    ]);
    expect(countTree(tree)).toBe(5);
  });

  it('drops orphans when there are roots (eladmin), or lifts them with orphansAsRoots', () => {
    const nodes = [
      { id: 1, pid: null },
      { id: 7, pid: 99 },
    ];
    expect(buildTree(nodes)).toEqual([{ id: 1, pid: null }]);
    expect(buildTree(nodes, true)).toEqual([{ id: 1, pid: null }, { id: 7, pid: 99 }]);
  });

  it('uses the nodes without a parent in the list when there is no root', () => {
    expect(buildTree([{ id: 5, pid: 2 }, { id: 6, pid: 5 }, { id: 8, pid: 3 }])).toEqual([
      { id: 5, pid: 2, children: [{ id: 6, pid: 5 }] },
      { id: 8, pid: 3 },
    ]);
  });

  it('does not mutate the input, ignores duplicates and cannot loop on a cycle', () => {
    const input = [
      { id: 1, pid: null },
      { id: 2, pid: 1 },
      { id: 2, pid: 1 },
      { id: 3, pid: 4 },
      { id: 4, pid: 3 },
      { id: 5, pid: 5 },
    ];
    const tree = buildTree(input);
    expect(tree).toEqual([{ id: 1, pid: null, children: [{ id: 2, pid: 1 }] }]);
    expect(input[0]).toEqual({ id: 1, pid: null });
    const lifted = buildTree(input, true);
    expect(lifted).toEqual([{ id: 1, pid: null, children: [{ id: 2, pid: 1 }] }, { id: 5, pid: 5 }]);
    expect(() => JSON.stringify(lifted)).not.toThrow();
  });
});

describe('buildRouters', () => {
  it('builds directories with Layout / ParentView, alwaysShow and redirect', () => {
    const routers = buildRouters(
      buildTree([
        menu(1, null, { type: 0, title: '系统管理', path: 'system', icon: 'system', module: 'system' }),
        menu(2, 1, { title: '用户管理', componentName: 'User', component: 'system/user/index', path: 'user', cache: true }),
        menu(3, 1, { type: 0, title: '多级', path: 'nested' }),
        menu(4, 3, { title: '二级', path: 'menu2', component: 'nested/menu2/index', hidden: true }),
        menu(5, 3, { title: '无组件', path: 'empty', component: '  ' }),
      ]),
    );
    expect(routers).toEqual([
      {
        name: '系统管理',
        path: '/system',
        hidden: false,
        component: 'Layout',
        alwaysShow: true,
        redirect: 'noredirect',
        meta: { title: '系统管理', icon: 'system', noCache: true, module: 'system' },
        children: [
          { name: 'User', path: 'user', hidden: false, component: 'system/user/index', meta: { title: '用户管理', icon: 'i2', noCache: false, module: 'system' } },
          {
            name: '多级',
            path: 'nested',
            hidden: false,
            component: 'ParentView',
            alwaysShow: true,
            redirect: 'noredirect',
            meta: { title: '多级', icon: 'i3', noCache: true, module: 'system' },
            children: [
              { name: '二级', path: 'menu2', hidden: true, component: 'nested/menu2/index', meta: { title: '二级', icon: 'i4', noCache: true, module: 'system' } },
              { name: '无组件', path: 'empty', hidden: false, meta: { title: '无组件', icon: 'i5', noCache: true, module: 'system' } },
            ],
          },
        ],
      },
    ]);
  });

  it('wraps a root menu without children in a nameless Layout node', () => {
    const [wrapped] = buildRouters([menu(1, null, { title: '首页', componentName: 'Home', component: 'home/index', path: 'home', module: 'process' })]);
    expect(wrapped).toEqual({
      path: '/home',
      hidden: false,
      component: 'Layout',
      children: [{ name: 'Home', path: 'index', component: 'home/index', meta: { title: '首页', icon: 'i1', noCache: true, module: 'process' } }],
    });
    expect(JSON.parse(JSON.stringify(wrapped))).not.toHaveProperty('name');
    expect(wrapped).not.toHaveProperty('meta');
  });

  it('keeps external links as URLs, without a component', () => {
    const routers = buildRouters(
      buildTree([
        menu(1, null, { title: '外链', path: 'https://example.com', iFrame: true, module: 'storage' }),
        menu(2, null, { type: 0, title: '目录', path: 'dir' }),
        menu(3, 2, { title: '文档', path: 'http://docs.example.com', iFrame: true, component: 'ignored' }),
      ]),
    );
    expect(routers[0]).toEqual({
      path: 'https://example.com',
      hidden: false,
      component: 'Layout',
      children: [{ path: 'https://example.com', meta: { title: '外链', icon: 'i1', noCache: true, module: 'storage' } }],
    });
    expect(routers[1].children).toEqual([{ name: '文档', path: 'http://docs.example.com', hidden: false, meta: { title: '文档', icon: 'i3', noCache: true, module: null } }]);
  });

  it('lets a child override the inherited module and treats a missing path as empty', () => {
    const [root] = buildRouters(
      buildTree([menu(1, null, { type: 0, title: 'A', path: null, module: 'collect' }), menu(2, 1, { title: 'B', module: 'process' }), menu(3, 1, { title: 'C' })]),
    );
    expect(root.path).toBe('/');
    expect(root.children!.map((c) => c.meta!.module)).toEqual(['process', 'collect']);
  });
});
