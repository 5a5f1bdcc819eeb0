import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, type DataProvider, memoryStore, Notification } from 'react-admin';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { canAccess } from '../../providers/permissions';
import { type FetchCall, fakeDataProvider, stubFetch } from '../shared/testUtils';
import type { ClassifyNode } from './api';
import { ClassifyPage } from './ClassifyPage';
import { useClassifyTree } from './useClassifyTree';

const node = (id: number, pid: number | null, name: string, code: string | null, children: ClassifyNode[] = []): ClassifyNode => ({
  id,
  pid,
  name,
  code,
  seq: id % 100,
  enabled: true,
  label: name,
  leaf: children.length === 0,
  hasChildren: children.length > 0,
  createTime: '2026-01-01 08:00:00',
  ...(children.length ? { children } : {}),
});

const TREE = [
  node(9999, null, '全部', null, [
    node(10001, 9999, '政治', 'A1000', [node(10002, 10001, '外交', 'A1001')]),
    node(10010, 9999, '科技', 'A3000', [node(10011, 10010, '人工智能', 'A3001')]),
    node(10020, 9999, '噪音', 'A5000'),
  ]),
];

const ALL = ['newsClassify:list', 'newsClassify:add', 'newsClassify:edit', 'newsClassify:del'];

let calls: FetchCall[];
let dataProvider: ReturnType<typeof fakeDataProvider>;
let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  calls = stubFetch((method, url) => (method === 'GET' && url.startsWith('/api/NewsClassify/list') ? TREE : undefined));
  dataProvider = fakeDataProvider({});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const authProvider = (roles: string[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => roles,
  canAccess: async ({ resource, action }) => canAccess(roles, resource, action),
});

function Providers({ roles = ALL, children }: { roles?: string[]; children: ReactNode }) {
  return (
    <AdminContext dataProvider={dataProvider as unknown as DataProvider} authProvider={authProvider(roles)} i18nProvider={createI18nProvider('zh')} queryClient={queryClient} store={memoryStore()}>
      {children}
      <Notification />
    </AdminContext>
  );
}

const renderPage = (roles = ALL) =>
  render(
    <Providers roles={roles}>
      <ClassifyPage />
    </Providers>,
  );
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('ClassifyPage', { timeout: 30_000 }, () => {
  it('shows the whole tree with code, order, status and create time; the noise class locked', async () => {
    renderPage();
    const ai = await rowOf('人工智能');
    expect(within(ai).getByText('A3001')).toBeTruthy();
    expect(within(ai).getByText('2026-01-01 08:00:00')).toBeTruthy();
    expect(await within(ai).findByRole('button', { name: '拖动分类 人工智能' })).toBeTruthy();
    expect((within(ai).getByRole('button', { name: '删除' }) as HTMLButtonElement).disabled).toBe(false);
    expect(calls[0].url).toBe('/api/NewsClassify/list');

    const noise = await rowOf('噪音');
    expect(within(noise).getByText('受保护')).toBeTruthy();
    expect(within(noise).queryByRole('button', { name: /拖动分类/ })).toBeNull();
    expect((within(noise).getByRole('button', { name: /噪音分类（A5000）.*不能删除/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(noise).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
    expect(within(noise).queryByRole('button', { name: '新增下级' })).toBeNull();

    const root = (await screen.findByText('根分类')).closest('tr') as HTMLElement;
    expect(within(root).getByText('全部')).toBeTruthy();
    expect(within(root).queryByRole('button', { name: '编辑' })).toBeNull();
  });

  it('searches by name or code, folds and unfolds', async () => {
    renderPage();
    await rowOf('外交');
    await screen.findByRole('button', { name: '新增' });
    fireEvent.change(screen.getByLabelText('分类名称/编码'), { target: { value: 'a3001' } });
    await waitFor(() => expect(screen.queryByText('外交')).toBeNull());
    expect(screen.getByText('人工智能')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('分类名称/编码'), { target: { value: '不存在' } });
    expect(await screen.findByText('没有符合条件的分类')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await rowOf('外交');
    fireEvent.click(screen.getByRole('button', { name: '全部折叠' }));
    await waitFor(() => expect(screen.queryByText('外交')).toBeNull());
    expect(screen.getByText('政治')).toBeTruthy();
    fireEvent.click(within(await rowOf('政治')).getByRole('button', { name: '展开' }));
    expect(await screen.findByText('外交')).toBeTruthy();
  });

  it('adds a sub-class under the row whose 新增下级 was clicked', async () => {
    renderPage();
    fireEvent.click(await within(await rowOf('科技')).findByRole('button', { name: '新增下级' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增分类')).toBeTruthy();
    expect((within(dialog).getByLabelText('上级分类', { exact: false }) as HTMLInputElement).value).toBe('科技');
    fireEvent.change(within(dialog).getByLabelText('分类名称', { exact: false }), { target: { value: '量子计算' } });
    fireEvent.change(within(dialog).getByLabelText('分类编码', { exact: false }), { target: { value: 'A3009' } });
    fireEvent.click(within(dialog).getByText('确认'));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(dataProvider.create.mock.calls[0][0]).toBe('system/classify');
    expect(dataProvider.create.mock.calls[0][1].data).toEqual({ pid: 10010, name: '量子计算', code: 'A3009', seq: 999, enabled: true });
    expect(await screen.findByText('新增成功')).toBeTruthy();
  });

  it('deletes a row after confirmation; the noise class keeps its code and status in the dialog', async () => {
    renderPage();
    fireEvent.click(await within(await rowOf('外交')).findByRole('button', { name: '删除' }));
    expect(await screen.findByText('确认删除分类“外交”？其下级分类会一并删除。')).toBeTruthy();
    fireEvent.click(screen.getByText('确认'));
    await waitFor(() => expect(dataProvider.delete).toHaveBeenCalled());
    expect(dataProvider.delete.mock.calls[0][1]).toMatchObject({ id: 10002 });

    fireEvent.click(await within(await rowOf('噪音')).findByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('分类编码', { exact: false }) as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText('噪音分类的编码不能修改')).toBeTruthy();
  });

  it('shows neither handles nor actions without the edit and delete permissions', async () => {
    renderPage(['newsClassify:list']);
    const ai = await rowOf('人工智能');
    expect(within(ai).queryByRole('button', { name: /拖动分类/ })).toBeNull();
    expect(within(ai).queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByText(/拖动行首的把手/)).toBeNull();
  });
});

describe('useClassifyTree: a drop re-parents', { timeout: 30_000 }, () => {
  const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;

  it('asks, then PUTs the whole record under the new parent', async () => {
    const { result } = renderHook(() => useClassifyTree(), { wrapper });
    await waitFor(() => expect(result.current.tree).toHaveLength(1));
    act(() => result.current.drop(10011, 10001));
    expect(result.current.pending).toMatchObject({ node: { name: '人工智能' }, target: { name: '政治' } });
    act(() => result.current.confirmMove());
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    expect(dataProvider.update.mock.calls[0][1]).toMatchObject({
      id: 10011,
      data: { id: 10011, pid: 10001, name: '人工智能', code: 'A3001', seq: 11, enabled: true },
    });
    expect(result.current.pending).toBeNull();
  });

  it('refuses a drop onto the noise class or a descendant without a request', async () => {
    const { result } = renderHook(() => useClassifyTree(), { wrapper });
    await waitFor(() => expect(result.current.tree).toHaveLength(1));
    act(() => result.current.drop(10011, 10020));
    act(() => result.current.drop(10001, 10002));
    act(() => result.current.drop(10020, 10001));
    expect(result.current.pending).toBeNull();
    expect(dataProvider.update).not.toHaveBeenCalled();
  });
});

describe('ClassifyPage: refusals of the server', { timeout: 30_000 }, () => {
  it('shows the server message of a refused delete', async () => {
    dataProvider.delete.mockRejectedValueOnce(new Error('所选分类（或其下级分类）下还有新闻，请先将这些新闻改到其他分类再删除'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage();
    fireEvent.click(await within(await rowOf('人工智能')).findByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByText('确认'));
    expect(await screen.findByText('所选分类（或其下级分类）下还有新闻，请先将这些新闻改到其他分类再删除')).toBeTruthy();
  });
});
