import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, memoryStore } from 'react-admin';
import { vi } from 'vitest';
import { stubFetch } from '../shared/testUtils';
import { newsAbilities, rowActions } from './access';
import { defaultListState } from './listState';
import { NewsList } from './NewsList';
import { type NewsTableRowProps, sameRowProps } from './NewsTableRow';
import { newsRow } from './testRows';
import type { NewsRow } from './types';

// rowActions runs once per render of a row: it counts which rows rendered.
vi.mock('./access', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./access')>();
  return { ...actual, rowActions: vi.fn(actual.rowActions) };
});
const renderedIds = () => new Set(vi.mocked(rowActions).mock.calls.map(([row]) => (row as NewsRow).id));

const row = (id: number, over: Partial<NewsRow> = {}): NewsRow => newsRow(id, { classify: [1], classifyNames: ['经济'], hasFiles: false, ...over });

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getIdentity: async () => ({ id: 5, user: { id: 5, username: 'admin', dept: { id: 3, name: '国际新闻部' } } }),
  getPermissions: async () => ['admin'],
};

afterEach(() => vi.unstubAllGlobals());

describe('NewsTableRow', () => {
  it('keeps the DOM contract: row attributes, accessible names, titles, read state', async () => {
    stubFetch((_m, url) =>
      url.includes('api/news/list')
        ? { content: [row(1, { isProcessed: 'done', hasFiles: true, yj: true, classifyNames: ['经济', '金融', '能源'] }), row(2, { isRead: true, isCollect: true, isRecommend: true })], totalElements: 2, totalExact: true }
        : {},
    );
    render(
      <AdminContext authProvider={authProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} store={memoryStore()}>
        <NewsList state={defaultListState('all')} onChange={vi.fn()} />
      </AdminContext>,
    );
    const title = await screen.findByText('中文标题 1');
    const first = title.closest('tr[data-news-id="1"]') as HTMLElement;
    expect(first).not.toBeNull();
    expect(first.getAttribute('data-read')).toBeNull();
    expect(title.closest('.news-title')?.getAttribute('role')).toBe('button');
    expect(title.closest('.news-title')?.getAttribute('title')).toBe('中文标题 1');
    within(first).getByText('已处理');
    within(first).getByText('附件');
    expect(within(first).getByText('+1').closest('[title]')?.getAttribute('title')).toBe('全部：经济、金融、能源');
    within(first).getByRole('checkbox', { name: '选择这条新闻：中文标题 1' });
    for (const name of ['收藏', '分享', '标注', '跟踪', '已预警', '编辑分类', '编辑关键词', '更多操作']) within(first).getByRole('button', { name });
    expect(within(first).getByRole('button', { name: '已预警' }).getAttribute('aria-pressed')).toBe('true');
    const second = screen.getByText('中文标题 2').closest('tr') as HTMLElement;
    expect(second.getAttribute('data-read')).toBe('true');
    within(second).getByRole('button', { name: '已收藏' });
    within(second).getByRole('button', { name: '已跟踪' });
    fireEvent.click(within(first).getByRole('button', { name: '更多操作' }));
    await screen.findByRole('menuitem', { name: '设为噪音' });
  });

  it('selecting a row or collecting one re-renders that row only', async () => {
    stubFetch((method, url) => (url.includes('api/news/list') ? { content: [row(1), row(2), row(3)], totalElements: 3, totalExact: true } : method === 'POST' ? {} : {}));
    render(
      <AdminContext authProvider={authProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} store={memoryStore()}>
        <NewsList state={defaultListState('all')} onChange={vi.fn()} />
      </AdminContext>,
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: '跟踪' })).toHaveLength(3));

    vi.mocked(rowActions).mockClear();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择这条新闻：中文标题 1' }));
    await screen.findByText('已选择 1 条');
    expect(renderedIds()).toEqual(new Set([1]));

    vi.mocked(rowActions).mockClear();
    const second = screen.getByText('中文标题 2').closest('tr') as HTMLElement;
    fireEvent.click(within(second).getByRole('button', { name: '收藏' }));
    await within(second).findByRole('button', { name: '已收藏' });
    expect(renderedIds()).toEqual(new Set([2]));
  });

  it('shows 另有 N 家来源报道 on a cluster lead; a click lists the story’s other reports', async () => {
    const calls = stubFetch((_m, url) => {
      if (url.includes('api/news/similarSearch')) return [row(1, { clusterId: '7' }), row(3, { clusterId: '7', webName: '路透社' }), row(4, { clusterId: '9' })];
      return url.includes('api/news/list') ? { content: [row(1, { clusterId: '7', clusterSize: 3, otherSources: 2 }), row(2, { otherSources: 0 })], totalElements: 2, totalExact: true } : {};
    });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    render(
      <AdminContext authProvider={authProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} store={memoryStore()}>
        <NewsList state={defaultListState('all')} onChange={vi.fn()} />
      </AdminContext>,
    );
    const first = (await screen.findByText('中文标题 1')).closest('tr') as HTMLElement;
    const second = screen.getByText('中文标题 2').closest('tr') as HTMLElement;
    expect(within(second).queryByText(/家来源报道/)).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: '另有 2 家来源报道' }));
    const members = await screen.findByTestId('news-cluster-members');
    await within(members).findByText('中文标题 3');
    expect(within(members).queryByText('中文标题 4')).toBeNull();
    expect(within(members).queryByText('中文标题 1')).toBeNull();
    expect(calls.some((c) => c.url.includes('api/news/similarSearch?id=1'))).toBe(true);
    fireEvent.click(within(members).getByText('中文标题 3'));
    expect(open).toHaveBeenCalledWith(expect.stringContaining('3'), '_blank', 'noopener');
    // the row's side panel did not open from the badge or the popover (a row click opens it after
    // the double-click window of 220 ms, a timer: waited out here)
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByTestId('news-side-panel')).toBeNull();
  });

  it('sends collapse=1 when 合并同一事件 is switched on', async () => {
    stubFetch((_m, url) => (url.includes('api/news/list') ? { content: [row(1)], totalElements: 1, totalExact: true } : {}));
    const onChange = vi.fn();
    render(
      <AdminContext authProvider={authProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })} store={memoryStore()}>
        <NewsList state={{ ...defaultListState('all'), page: 2 }} onChange={onChange} />
      </AdminContext>,
    );
    await screen.findByText('中文标题 1');
    fireEvent.click(within(screen.getByTestId('news-collapse')).getByRole('switch'));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ collapse: true, page: 1 }));
    localStorage.removeItem('horizon.news.collapse');
  });

  it('compares busy by this row’s answers and everything else by identity', () => {
    const base: NewsTableRowProps = {
      row: row(1),
      curMenu: 'all',
      abilities: newsAbilities(['admin']),
      checked: false,
      active: false,
      compact: false,
      busy: () => false,
      onCheck: vi.fn(),
      onOpen: vi.fn(),
      onOpenDetail: vi.fn(),
      onCommand: vi.fn(),
      t: vi.fn(),
    };
    expect(sameRowProps(base, { ...base, busy: (_kind, id) => id === 2 })).toBe(true);
    expect(sameRowProps(base, { ...base, busy: (kind, id) => kind === 'collect' && id === 1 })).toBe(false);
    expect(sameRowProps(base, { ...base, row: { ...base.row } })).toBe(false);
    expect(sameRowProps(base, { ...base, onCommand: vi.fn() })).toBe(false);
    expect(sameRowProps(base, { ...base, checked: true })).toBe(false);
  });
});
