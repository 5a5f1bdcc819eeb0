import { buildNav } from './menuTree';
import { routeTitle } from './routeTitle';

const messages: Record<string, string> = {
  'app.pages.profile': '个人中心',
  'app.pages.journal_workbench': '期刊编辑',
  'app.pages.manuscript_detail': '稿件详情',
  'app.pages.edit': '编辑',
  'app.pages.create': '新增',
  'resources.system/job.name': '岗位管理',
};
const translate = (key: string, options?: Record<string, unknown>) => messages[key] ?? String(options?._ ?? key);

const items = buildNav(
  [{ path: '/system', meta: { title: '系统管理' }, children: [{ path: 'user', meta: { title: '用户管理' } }] }],
  { isAdmin: true },
);

describe('routeTitle', () => {
  it('names menu entries and their react-admin sub-routes', () => {
    expect(routeTitle('/system/user', items, translate)).toMatchObject({ title: '用户管理', known: true });
    expect(routeTitle('/system/user/create', items, translate).title).toBe('用户管理 · 新增');
    expect(routeTitle('/system/user/7', items, translate).title).toBe('用户管理 · 编辑');
  });

  it('names custom pages and resources outside the menu, and flags unknown paths', () => {
    expect(routeTitle('/user/center', items, translate)).toMatchObject({ title: '个人中心', known: true });
    expect(routeTitle('/product/manuscript', items, translate)).toMatchObject({ title: '期刊编辑', known: true });
    expect(routeTitle('/detail/12', items, translate)).toMatchObject({ title: '稿件详情', known: true });
    expect(routeTitle('/detail/abc', items, translate)).toMatchObject({ known: false });
    expect(routeTitle('/system/job', items, translate)).toMatchObject({ title: '岗位管理', known: true, resource: 'system/job' });
    expect(routeTitle('/system/user', items, translate).resource).toBeUndefined();
    expect(routeTitle('/nope/x', items, translate)).toMatchObject({ known: false });
  });
});
