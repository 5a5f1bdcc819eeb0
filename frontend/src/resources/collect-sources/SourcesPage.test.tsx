import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, type DataProvider, memoryStore, Notification } from 'react-admin';
import { vi } from 'vitest';
import { abilityFromCodes, AppAbilityProvider } from '../../providers/ability';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { fakeDataProvider } from '../shared/testUtils';
import type { Source } from './api';
import { SourcesPage } from './SourcesPage';

const ALL = ['website:list', 'website:add', 'website:edit', 'website:del', 'website:collect'];

const source = (id: number, over: Partial<Source> = {}): Source => ({
  id,
  name: `来源${id}`,
  url: `https://site${id}.example.org/`,
  language: 'zh',
  country: '中国',
  configured: true,
  feedUrl: `https://site${id}.example.org/feed`,
  type: 'rss',
  host: `site${id}.example.org`,
  classify: [],
  intervalMinutes: 30,
  adaptive: true,
  effectiveIntervalMinutes: 30,
  enabled: true,
  fullText: false,
  selectors: null,
  rules: [],
  timezone: null,
  lastCheckAt: '2026-11-28 09:00:00',
  nextCheckAt: '2026-11-28 09:30:00',
  lastStatus: 'ok',
  httpStatus: 200,
  errorCount: 0,
  lastError: null,
  itemCount: 12,
  lastItemAt: null,
  etag: null,
  lastModified: null,
  createTime: '2026-11-20 08:00:00',
  updateTime: null,
  ...over,
});

const ROWS = [
  source(1),
  source(2, { name: '失败源', errorCount: 6, lastStatus: 'error', lastError: 'HTTP 500' }),
  source(3, { name: '停用源', enabled: false }),
];

type Options = { method?: string; body?: unknown };
type Answer = (path: string, options?: Options) => unknown;

function setup(codes: string[], answer: Answer = () => null) {
  const provider = {
    ...fakeDataProvider({}),
    call: vi.fn(async (path: string, options?: Options) => {
      if (path.startsWith('api/collectionWebsite?') || path === 'api/collectionWebsite') {
        if (!options?.method) return { data: { content: ROWS, totalElements: ROWS.length } };
      }
      if (path === 'api/collectionWebsite/health') return { data: { total: 3, enabled: 2, failing: 1, erroring: 1, silent: 0 } };
      if (path === 'api/NewsClassify/findAll') return { data: [{ id: 9999, pid: null, name: '全部', code: null, seq: 0 }, { id: 21, pid: 9999, name: '能源', code: null, seq: 1 }] };
      return { data: answer(path, options) };
    }),
  };
  const authProvider: AuthProvider = {
    login: vi.fn(),
    logout: vi.fn(),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () => ({ id: 2, fullName: '张编辑' })),
    getPermissions: vi.fn(async () => codes),
  };
  render(
    <AdminContext
      dataProvider={provider as unknown as DataProvider}
      authProvider={authProvider}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      store={memoryStore()}
      i18nProvider={createI18nProvider('zh')}
    >
      <AppAbilityProvider value={abilityFromCodes(codes)}>
        <SourcesPage />
      </AppAbilityProvider>
      <Notification />
    </AdminContext>,
  );
  return provider;
}

const writes = (provider: ReturnType<typeof setup>) => provider.call.mock.calls.filter(([, options]) => options?.method);

describe('SourcesPage', () => {
  it('lists the sources with their health and the failing badge', async () => {
    setup(ALL);
    const failing = (await screen.findByText('失败源')).closest('tr') as HTMLElement;
    expect(failing.querySelector('[data-dot]')?.getAttribute('data-dot')).toBe('red');
    within(failing).getByText('持续失败');
    within(failing).getByText('6');
    const ok = screen.getByText('来源1').closest('tr') as HTMLElement;
    expect(ok.querySelector('[data-dot]')?.getAttribute('data-dot')).toBe('green');
    within(ok).getByText('2026-11-28 09:30:00');
    within(ok).getByText('30 分钟');
    const off = screen.getByText('停用源').closest('tr') as HTMLElement;
    expect(off.querySelector('[data-dot]')?.getAttribute('data-dot')).toBe('grey');
    await screen.findByText('1 个数据源持续失败');
  });

  it('enables the selected sources in bulk (PUT enabled)', async () => {
    const provider = setup(ALL, (path) => (path.endsWith('/enabled') ? { updated: 1 } : null));
    const off = (await screen.findByText('停用源')).closest('tr') as HTMLElement;
    const enable = screen.getByRole('button', { name: '启用' });
    expect((enable as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(off).getByRole('checkbox', { name: '停用源' }));
    fireEvent.click(enable);
    await screen.findByText('已启用 1 个数据源');
    expect(writes(provider)).toEqual([['api/collectionWebsite/enabled', { method: 'PUT', body: { ids: [3], enabled: true } }]]);
  });

  it('requires 预览 before a new source is saved, and again after the address changes', async () => {
    const provider = setup(ALL, (path, options) => {
      if (path.endsWith('/preview'))
        return {
          type: 'auto',
          feedUrl: (options?.body as { url: string }).url,
          title: null,
          discovered: [{ url: 'https://new.example.org/rss.xml', type: 'rss', title: '新站 RSS' }],
          items: [{ url: 'https://new.example.org/a', title: '第一条新闻', publishTime: '2026-11-28 08:00:00', language: 'zh', contentHtml: '<p>x</p>', keywords: ['能源'] }],
          warnings: ['采集器尚未启用：无法预览'],
        };
      if (options?.method === 'POST' && path === 'api/collectionWebsite') return source(9, { name: '新站' });
      return null;
    });
    await screen.findByText('来源1');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/网站名称/), { target: { value: '新站' } });
    fireEvent.change(within(dialog).getByLabelText(/网站地址/), { target: { value: 'https://new.example.org/' } });
    const save = within(dialog).getByRole('button', { name: '保存' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '预览' }));
    await within(dialog).findByText('第一条新闻');
    within(dialog).getByText('采集器尚未启用：无法预览');
    within(dialog).getByText('新站 RSS');
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    // taking a discovered feed changes what was previewed: preview again
    fireEvent.click(within(dialog).getByRole('button', { name: '使用' }));
    expect((within(dialog).getByLabelText(/订阅源地址/) as HTMLInputElement).value).toBe('https://new.example.org/rss.xml');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '预览' }));
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await screen.findByText('已保存');
    const previews = provider.call.mock.calls.filter(([path]) => path.endsWith('/preview'));
    expect(previews.map(([, options]) => (options?.body as { url: string }).url)).toEqual(['https://new.example.org/', 'https://new.example.org/rss.xml']);
    const created = provider.call.mock.calls.find(([path, options]) => path === 'api/collectionWebsite' && options?.method === 'POST');
    expect(created?.[1]?.body).toMatchObject({ name: '新站', url: 'https://new.example.org/', type: 'auto', feedUrl: 'https://new.example.org/rss.xml', intervalMinutes: 30, enabled: true });
  }, 20_000); // a dialog with every field of a source, filled and previewed twice

  it('shows only the buttons the codes allow', async () => {
    setup(['website:list']);
    await screen.findByText('来源1');
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '启用' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByRole('button', { name: '立即采集' })).toBeNull();
    screen.getByRole('button', { name: 'OPML 导出' });
  });
});
