import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, type DataProvider, memoryStore, Notification, ResourceContextProvider } from 'react-admin';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { canAccess } from '../../providers/permissions';
import { type FetchCall, fakeDataProvider, stubFetch } from '../shared/testUtils';
import type { NewsTheme } from './api';
import { ThemeList } from './ThemeList';

const THEMES = [
  { id: 1, title: '能源安全', keywords: ['石油', '天然气', 'LNG', '能源', '电网', '煤炭', '核电', '光伏'], seq: 1, createTime: '2026-01-01 08:00:00' },
  { id: 2, title: '粮食安全', keywords: [], seq: 2, createTime: '2026-01-02 08:00:00' },
] as NewsTheme[];

const ALL = ['newsTheme:list', 'newsTheme:add', 'newsTheme:edit', 'newsTheme:del'];

let calls: FetchCall[];
let dataProvider: ReturnType<typeof fakeDataProvider>;

beforeEach(() => {
  calls = stubFetch((method, url) =>
    method === 'POST' && url === '/api/newsTheme/createList' ? [{ id: 9, title: '北极航道', keywords: ['北极', 'Arctic'], seq: 999, createTime: '2026-01-03 08:00:00' }] : undefined,
  );
  dataProvider = fakeDataProvider({ 'system/theme': () => THEMES });
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

function renderList(roles = ALL) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AdminContext dataProvider={dataProvider as unknown as DataProvider} authProvider={authProvider(roles)} i18nProvider={createI18nProvider('zh')} queryClient={queryClient} store={memoryStore()}>
      <ResourceContextProvider value="system/theme">
        <ThemeList />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('ThemeList', { timeout: 30_000 }, () => {
  it('lists the themes with their keywords, sorted by order', async () => {
    renderList();
    const energy = await rowOf('能源安全');
    expect(within(energy).getByText('石油')).toBeTruthy();
    expect(within(energy).getByText('煤炭')).toBeTruthy();
    expect(within(energy).queryByText('核电')).toBeNull();
    expect(within(energy).getByText('+2')).toBeTruthy();
    expect(within(energy).getByText('2026-01-01 08:00:00')).toBeTruthy();
    expect(within(await rowOf('粮食安全')).getByText('（无关键词）')).toBeTruthy();
    expect(dataProvider.getList.mock.calls[0][0]).toBe('system/theme');
    expect(dataProvider.getList.mock.calls[0][1]).toMatchObject({ sort: { field: 'seq', order: 'ASC' } });
  });

  it('adds a theme with keywords split on lines and commas', async () => {
    renderList();
    await rowOf('能源安全');
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('主题名称', { exact: false }), { target: { value: ' 北极航道 ' } });
    fireEvent.change(within(dialog).getByLabelText('关键词', { exact: false }), { target: { value: '北极\nArctic，北极' } });
    fireEvent.click(within(dialog).getByText('确认'));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(dataProvider.create.mock.calls[0][1].data).toEqual({ title: '北极航道', keywords: ['北极', 'Arctic'], seq: 999 });
    expect(await screen.findByText('新增成功')).toBeTruthy();
  });

  it('edits a theme: its keywords one a line', async () => {
    renderList();
    fireEvent.click(await within(await rowOf('能源安全')).findByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('关键词', { exact: false }) as HTMLTextAreaElement).value).toBe(THEMES[0].keywords.join('\n'));
    fireEvent.change(within(dialog).getByLabelText('排序', { exact: false }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByText('确认'));
    expect(await within(dialog).findByText('请输入 0 到 99999 之间的整数')).toBeTruthy();
    expect(dataProvider.update).not.toHaveBeenCalled();
  });

  it('adds themes in a batch and says how many were skipped', async () => {
    renderList();
    await rowOf('能源安全');
    fireEvent.click(await screen.findByRole('button', { name: '批量新增' }));
    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByLabelText('主题');
    fireEvent.change(text, { target: { value: '：无名称' } });
    fireEvent.click(within(dialog).getByText('确认'));
    expect(await within(dialog).findByText('第 1 行：请输入主题名称')).toBeTruthy();
    fireEvent.change(text, { target: { value: '北极航道：北极，Arctic\n能源安全' } });
    fireEvent.click(within(dialog).getByText('确认'));
    expect(await screen.findByText('新增 1 个主题，1 个已存在，已跳过')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/newsTheme/createList',
      body: [
        { title: '北极航道', keywords: ['北极', 'Arctic'] },
        { title: '能源安全', keywords: [] },
      ],
    });
  });

  it('offers only reading without the write permissions', async () => {
    renderList(['newsTheme:list']);
    const energy = await rowOf('能源安全');
    expect(within(energy).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '批量新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });
});
