import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManuscriptManagementPage } from './ManuscriptManagementPage';
import { lookups, renderWith, stubApi, type TestUser } from './testSupport';
import type { Manuscript } from './types';

afterEach(() => vi.unstubAllGlobals());

const EDITOR: TestUser = { id: 3, username: 'editor', nickName: '张编辑', dept: { id: 7, name: '期刊编辑部', pid: 6 } };
const STAFF: TestUser = { id: 5, username: 'translator', nickName: '李翻译', dept: { id: 2, name: '编译部', pid: 1 } };

const manuscript = (id: number, over: Partial<Manuscript> = {}): Manuscript => ({
  id,
  title: `稿件 ${id}`,
  memo: null,
  abstracts: `摘要 ${id}`,
  firstAuthor: '王审校',
  authorIds: '4',
  authors: [{ id: 4, nickName: '王审校' }],
  columns: [
    { id: 11, name: '要闻' },
    { id: 12, name: '综述' },
  ],
  productColumn: { id: 11, name: '要闻' },
  product: { id: 3, name: '国际动态日报' },
  dept: { id: 1, name: '新闻中心' },
  createBy: { id: 4, username: 'reviewer', nickName: '王审校' },
  createTime: '2026-11-20 09:30:00',
  newsId: 1000 + id,
  type: 'dynamic',
  files: [],
  ...over,
});

const ROWS = [manuscript(1), manuscript(2, { newsId: null, type: 'upload', createBy: { id: 5, username: 'translator', nickName: '李翻译' }, files: [{ id: 9, realName: '本地稿件.docx' }] })];

function answer(method: string, path: string) {
  if (method === 'GET' && path === 'api/manuscript') return { body: { content: ROWS, totalElements: 2 } };
  if (path === 'api/dept/lookup') return { body: { content: [{ id: 1, pid: null, name: '新闻中心', hasChildren: true }, { id: 6, pid: null, name: '出版中心', hasChildren: false }], totalElements: 2 } };
  if (method === 'DELETE') return { status: 200, body: {} };
  return lookups(path);
}

const listCalls = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method === 'GET' && c.path === 'api/manuscript');

describe('ManuscriptManagementPage', { timeout: 30_000 }, () => {
  it('shows 我的投稿 and 工作组 to staff, lists their manuscripts with type labels and offers only their own actions', async () => {
    const calls = stubApi(answer);
    renderWith(<ManuscriptManagementPage />, { user: STAFF, roles: ['manuscript:list', 'manuscript:add'], path: '/productProcess-manu' });
    const tr = (await screen.findByText('稿件 1')).closest('tr') as HTMLElement;
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['我的投稿', '工作组']);
    expect(screen.queryByRole('button', { name: '今日投稿统计' })).toBeNull();
    screen.getByRole('button', { name: '上传稿件' });
    expect(screen.queryByTestId('manuscript-dept-tree')).toBeNull();

    within(tr).getByText('动态稿件');
    within(tr).getByText('国际动态日报');
    within(tr).getByText('要闻、综述');
    within(tr).getByText('新闻中心');
    const upload = screen.getByText('稿件 2').closest('tr') as HTMLElement;
    within(upload).getByText('本地上传');
    // someone else's manuscript: view only; their own: abstract and delete too, columns need manuscript:edit
    expect(within(tr).getAllByRole('button').map((b) => b.textContent)).toEqual(['查看']);
    expect(within(upload).getAllByRole('button').map((b) => b.textContent)).toEqual(['查看', '修改摘要', '删除']);

    const query = listCalls(calls)[0].url.searchParams;
    expect(query.get('tab')).toBe('my');
    expect(query.get('page')).toBe('0');
    expect(query.get('size')).toBe('20');
    expect(query.get('sort')).toBe('createTime,desc');
  });

  it('gives manuscript admins the 全部 tab with the unit tree, today’s statistics and every action', async () => {
    const calls = stubApi((method, path) => (path === 'api/manuscript/calculate' ? { body: [{ product: { id: 3, name: '国际动态日报' }, total: 3, counts: [{ dept: { id: 1, name: '新闻中心' }, count: 3 }] }] } : answer(method, path)));
    renderWith(<ManuscriptManagementPage />, { user: EDITOR, roles: ['manuscript:list', 'manuscript:edit', 'manuscript:del', 'manuscript:admin'], path: '/productProcess-manu?tab=all' });
    const tr = (await screen.findByText('稿件 1')).closest('tr') as HTMLElement;
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['我的投稿', '工作组', '全部']);
    expect(screen.getByRole('tab', { name: '全部' }).getAttribute('aria-selected')).toBe('true');
    expect(within(tr).getAllByRole('button').map((b) => b.textContent)).toEqual(['查看', '修改栏目', '修改摘要', '删除']);
    expect(listCalls(calls)[0].url.searchParams.get('tab')).toBe('all');

    // the unit tree narrows the list
    const tree = await screen.findByTestId('manuscript-dept-tree');
    fireEvent.click(await within(tree).findByText('出版中心'));
    await waitFor(() => expect(listCalls(calls).some((c) => c.url.searchParams.get('deptId') === '6')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: '今日投稿统计' }));
    const stats = await screen.findByRole('dialog', { name: '今日投稿统计' });
    await within(stats).findByText('新闻中心 3 篇');
    within(stats).getByText('当日共 3 篇稿件');
    expect(calls.find((c) => c.path === 'api/manuscript/calculate')?.url.searchParams.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('switches tabs and filters through the route, back to the first page', async () => {
    const calls = stubApi(answer);
    renderWith(<ManuscriptManagementPage />, { user: STAFF, roles: ['manuscript:list'], path: '/productProcess-manu?tab=all&page=2' });
    await screen.findByText('稿件 1');
    // 全部 is not offered: the first tab is used
    expect(listCalls(calls)[0].url.searchParams.get('tab')).toBe('my');
    fireEvent.click(screen.getByRole('tab', { name: '工作组' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('tab')).toBe('dept'));
    expect(listCalls(calls).at(-1)?.url.searchParams.get('page')).toBe('0');

    fireEvent.change(screen.getByRole('textbox', { name: '标题' }), { target: { value: '能源' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('title')).toBe('能源'));
  });

  it('deletes after a confirmation and reloads the list', async () => {
    const calls = stubApi(answer);
    renderWith(<ManuscriptManagementPage />, { user: STAFF, roles: ['manuscript:list'] });
    const row = (await screen.findByText('稿件 2')).closest('tr') as HTMLElement;
    const before = listCalls(calls).length;
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: '删除稿件' });
    within(dialog).getByText('确认删除稿件《稿件 2》吗？删除后不可恢复。');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await screen.findByText('删除成功');
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: 'api/manuscript', body: [2] });
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('says so when there is nothing, in Chinese', async () => {
    stubApi((method, path) => (path === 'api/manuscript' ? { body: { content: [], totalElements: 0 } } : answer(method, path)));
    renderWith(<ManuscriptManagementPage />, { user: STAFF, roles: ['manuscript:list'] });
    await screen.findByText('您还没有投稿');
  });
});
