import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, memoryStore } from 'react-admin';
import { vi } from 'vitest';
import { broadcastLive } from '../../providers/liveBus';
import { stubFetch } from '../shared/testUtils';
import { defaultListState } from './listState';
import { NewsList } from './NewsList';
import { newsRow } from './testRows';

const row = newsRow;

const authProvider = (roles: string[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getIdentity: async () => ({ id: 5, user: { id: 5, username: 'reviewer', dept: { id: 3, name: '国际新闻部' } } }),
  getPermissions: async () => roles,
});

function renderList(roles: string[], curMenu = 'all') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onChange = vi.fn();
  render(
    <AdminContext authProvider={authProvider(roles)} queryClient={queryClient} store={memoryStore()}>
      <NewsList state={defaultListState(curMenu)} onChange={onChange} />
    </AdminContext>,
  );
  return { onChange };
}

afterEach(() => vi.unstubAllGlobals());

describe('NewsList', () => {
  it('lists the rows with the Chinese title above the original, badges and the first two tags', async () => {
    const calls = stubFetch((_m, url) => (url.includes('api/news/list') ? { content: [row(1), row(2, { isRead: true, titleCn: null })], totalElements: 2, totalExact: true } : {}));
    renderList(['news:list']);
    const first = await screen.findByText('中文标题 1');
    const tr = first.closest('tr') as HTMLElement;
    within(tr).getByText('Original title 1');
    within(tr).getByText('附件');
    within(tr).getByText('由 采集器 提供');
    within(tr).getByText('阅读 7');
    within(tr).getByText('经济');
    within(tr).getByText('金融');
    expect(within(tr).queryByText('能源')).toBeNull();
    within(tr).getByText('+1');
    // a row without Chinese title shows the original once; read rows are marked
    expect(screen.getAllByText('Original title 2')).toHaveLength(1);
    expect(screen.getByText('Original title 2').closest('tr')?.getAttribute('data-read')).toBe('true');
    screen.getByText('共 2 条');
    const list = calls.find((c) => c.url.includes('api/news/list'));
    expect(list?.url).toContain('page=0');
    expect(list?.url).toContain('size=20');
    expect(list?.url).toContain('sort=dateDesc');
    expect(list?.url).toContain('deptId=3');
  });

  it('updates a row in place after an action, without reloading the list', async () => {
    const calls = stubFetch((method, url) => (url.includes('api/news/list') ? { content: [row(1)], totalElements: 1, totalExact: true } : method === 'POST' ? {} : {}));
    renderList(['news:list', 'news:recommend']);
    const tr = (await screen.findByText('中文标题 1')).closest('tr') as HTMLElement;
    fireEvent.click(within(tr).getByRole('button', { name: '跟踪' }));
    await within(tr).findByRole('button', { name: '已跟踪' });
    expect(calls.find((c) => c.url.endsWith('api/news/updateIsRecommend'))?.body).toEqual({ id: 1, isRecommend: true });
    expect(calls.filter((c) => c.url.includes('api/news/list'))).toHaveLength(1);
  });

  it('hides track without news:recommend and shows the estimate of a large total', async () => {
    stubFetch((_m, url) => (url.includes('api/news/list') ? { content: [row(1)], totalElements: 10001, totalExact: false } : {}));
    renderList(['news:list']);
    const tr = (await screen.findByText('中文标题 1')).closest('tr') as HTMLElement;
    expect(within(tr).queryByRole('button', { name: '跟踪' })).toBeNull();
    within(tr).getByRole('button', { name: '预警' });
    await screen.findByText('约 10,001 条');
  });

  it('selects rows and clears the selection', async () => {
    stubFetch((_m, url) => (url.includes('api/news/list') ? { content: [row(1), row(2), row(3)], totalElements: 3, totalExact: true } : {}));
    renderList(['admin']);
    await screen.findByText('中文标题 1');
    fireEvent.click(screen.getByRole('checkbox', { name: '选择这条新闻：中文标题 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择这条新闻：中文标题 3' }));
    screen.getByText('已选择 2 条');
    expect((screen.getByRole('button', { name: '批量跟踪' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    await waitFor(() => expect(screen.queryByText(/已选择/)).toBeNull());
  });

  it('a row’s 审核 opens the translation workbench ready to review; 翻译 opens it to translate', async () => {
    stubFetch((_m, url) => (url.includes('api/news/list') ? { content: [row(1, { isProcessed: 'examine' })], totalElements: 1, totalExact: true } : {}));
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    renderList(['news:list', 'news:translate', 'news:judge', 'news:choice'], 'choice');
    const tr = (await screen.findByText('中文标题 1')).closest('tr') as HTMLElement;
    fireEvent.click(within(tr).getByRole('button', { name: '审核' }));
    expect(open).toHaveBeenLastCalledWith('/pro/news/detailFull/1?trans=true&review=true', '_blank', 'noopener');
    fireEvent.click(within(tr).getByRole('button', { name: '翻译' }));
    expect(open).toHaveBeenLastCalledWith('/pro/news/detailFull/1?trans=true', '_blank', 'noopener');
  });

  it('says so when the list is empty', async () => {
    stubFetch((_m, url) => (url.includes('api/news/list') ? { content: [], totalElements: 0, totalExact: true } : {}));
    renderList(['news:list'], 'choice');
    await screen.findByText('本部门还没有精选的新闻');
  });

  it('a live notice about an item on the page reloads the list; others do not', async () => {
    const calls = stubFetch((_m, url) => (url.includes('api/news/list') ? { content: [row(1), row(2)], totalElements: 2, totalExact: true } : {}));
    renderList(['news:list']);
    await screen.findByText('中文标题 1');
    const lists = () => calls.filter((c) => c.url.includes('api/news/list')).length;
    const before = lists();
    broadcastLive({ msgType: 'INFO', title: 't', msg: 'm', type: 'translation.reviewed', newsId: '99' });
    await new Promise((r) => setTimeout(r, 50));
    expect(lists()).toBe(before);
    broadcastLive({ msgType: 'WARN', title: 't', msg: 'm', type: 'news.warned', newsId: '2' });
    await waitFor(() => expect(lists()).toBe(before + 1));
  });
});
