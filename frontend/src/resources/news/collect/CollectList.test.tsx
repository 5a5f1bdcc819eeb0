import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, type DataProvider, memoryStore, Notification } from 'react-admin';
import { vi } from 'vitest';
import { createI18nProvider } from '../../../providers/i18n/i18nProvider';
import { fakeDataProvider } from '../../shared/testUtils';
import { CollectList, type CollectedNews } from './CollectList';

const row = (n: number): CollectedNews => ({
  id: 100 + n,
  newsId: n,
  title: `Original title ${n}`,
  titleCn: `中文标题 ${n}`,
  newsTitle: null,
  newsTitleCn: null,
  publishTime: '2026-11-20 08:00:00',
  webName: 'Reuters',
  count: n,
  createTime: '2026-11-21 09:30:00',
});

function setup(total: number, permissions = ['admin']) {
  const rows = Array.from({ length: Math.min(total, 5) }, (_, i) => row(i + 1));
  const provider = {
    ...fakeDataProvider({}),
    call: vi.fn(async (path: string, options?: { method?: string }) => {
      if (options?.method === 'DELETE') return { data: null };
      return { data: { content: rows, totalElements: total } };
    }),
  };
  const authProvider: AuthProvider = {
    login: vi.fn(),
    logout: vi.fn(),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getPermissions: vi.fn(async () => permissions),
  };
  render(
    <AdminContext
      dataProvider={provider as unknown as DataProvider}
      authProvider={authProvider}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      store={memoryStore()}
      i18nProvider={createI18nProvider('zh')}
    >
      <CollectList />
      <Notification />
    </AdminContext>,
  );
  return provider;
}

const listCalls = (provider: ReturnType<typeof setup>) =>
  provider.call.mock.calls.filter(([path, options]) => path.startsWith('api/newsCollect?') && !options?.method).map(([path]) => path);

describe('CollectList', { timeout: 15_000 }, () => {
  it('loads page 1 by publish time, newest first, and shows the titles, times and source', async () => {
    const provider = setup(45);
    await screen.findByText('中文标题 1');
    expect(listCalls(provider)[0]).toBe('api/newsCollect?sort=dateDesc&page=0&size=20');
    expect(screen.getByText('Original title 1')).toBeTruthy();
    expect(screen.getAllByText('Reuters').length).toBe(5);
    expect(screen.getByText('共 45 条')).toBeTruthy();
    expect(screen.getByRole('link', { name: '中文标题 2' }).getAttribute('href')).toMatch(/\/pro\/news\/detailFull2\/2$/);
  });

  it('a page change sends the zero-based page; a sort change returns to page 1', async () => {
    const provider = setup(45);
    await screen.findByText('中文标题 1');
    fireEvent.click(screen.getByRole('button', { name: '第 3 页' }));
    await waitFor(() => expect(listCalls(provider).at(-1)).toBe('api/newsCollect?sort=dateDesc&page=2&size=20'));
    fireEvent.click(screen.getByRole('button', { name: '浏览量降序' }));
    await waitFor(() => expect(listCalls(provider).at(-1)).toBe('api/newsCollect?sort=numDesc&page=0&size=20'));
    // createAsc/createDesc order by the time of collecting here, and say so.
    fireEvent.click(screen.getByRole('button', { name: '收藏时间升序' }));
    await waitFor(() => expect(listCalls(provider).at(-1)).toBe('api/newsCollect?sort=createAsc&page=0&size=20'));
    expect(screen.queryByText('入库时间')).toBeNull();
  });

  it('a title search reloads page 1 with the title', async () => {
    const provider = setup(45);
    await screen.findByText('中文标题 1');
    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    await waitFor(() => expect(listCalls(provider).at(-1)).toContain('page=1'));
    const search = screen.getByRole('textbox', { name: '搜索收藏的新闻标题' });
    fireEvent.change(search, { target: { value: ' 能源 ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(listCalls(provider).at(-1)).toBe(`api/newsCollect?sort=dateDesc&page=0&size=20&title=${encodeURIComponent('能源')}`));
  });

  it('取消收藏 deletes by news id and reloads the page', async () => {
    const provider = setup(3);
    await screen.findByText('中文标题 1');
    const before = listCalls(provider).length;
    const line = screen.getByRole('row', { name: /中文标题 2/ });
    fireEvent.click(within(line).getByRole('button', { name: /取消收藏/ }));
    await screen.findByText('已取消收藏');
    expect(provider.call).toHaveBeenCalledWith('api/newsCollect/deleteByNewsIdAndUserId?newsId=2', { method: 'DELETE' });
    await waitFor(() => expect(listCalls(provider).length).toBe(before + 1));
  });

  it('shows 暂无收藏 when nothing is collected, and no 取消收藏 without newsCollect:del', async () => {
    setup(0, ['newsCollect:list']);
    await screen.findByText('暂无收藏');
    expect(screen.queryByText('操作')).toBeNull();
  });
});
