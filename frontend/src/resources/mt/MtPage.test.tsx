import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, type DataProvider, HttpError, memoryStore, Notification } from 'react-admin';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { canAccess } from '../../providers/permissions';
import { type FetchCall, fakeDataProvider, stubFetch } from '../shared/testUtils';
import { type GlossaryTerm, type MtFailure, type MtStatus, STATUS_REFRESH_MS } from './api';
import { MtPage } from './MtPage';
import { MtStatusCard } from './MtStatusCard';

const CONFIGURED: MtStatus = {
  engine: 'openai',
  configured: true,
  auto: true,
  queue: 'bullmq',
  queued: 4,
  pending: 3,
  running: 1,
  failed: 2,
};

const NOT_CONFIGURED: MtStatus = {
  engine: 'none',
  configured: false,
  auto: false,
  queue: null,
  queued: 0,
  pending: 0,
  running: 0,
  failed: 0,
};

const FAILURES: MtFailure[] = [
  { id: 7, title: 'Le nouveau modèle', language: 'fr', mtError: 'engine timeout after 60 s', mtTime: '2026-01-03 09:00:00' },
  { id: 9, title: 'Das Modell', language: 'de', mtError: 'HTTP 502', mtTime: '2026-01-02 09:00:00' },
];

const TERMS = [
  { id: 1, source: 'Large Language Model', target: '大语言模型', caseSensitive: false, enabled: true, memo: 'AI', updateTime: '2026-01-01 10:00:00' },
  { id: 2, source: 'GPU', target: '图形处理器', caseSensitive: true, enabled: false, memo: null, updateTime: '2026-01-02 10:00:00' },
] as GlossaryTerm[];

const ALL = ['mt:list', 'mt:add', 'mt:edit', 'mt:del'];

let calls: FetchCall[];
let status: MtStatus;
let failures: MtFailure[];
let dataProvider: ReturnType<typeof fakeDataProvider>;

beforeEach(() => {
  status = CONFIGURED;
  failures = FAILURES;
  calls = stubFetch((method, url) => {
    if (method === 'GET' && url.startsWith('/api/mt/status')) return status;
    if (method === 'GET' && url.startsWith('/api/mt/failures')) return { content: failures, totalElements: failures.length };
    if (method === 'POST' && url === '/api/mt/retry') return { queued: 1 };
    return undefined;
  });
  dataProvider = fakeDataProvider({ 'system/mt': () => TERMS });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** react-admin logs refused mutations; the refusals below are the point of their tests. */
const silenceErrorLog = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

const authProvider = (roles: string[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => roles,
  canAccess: async ({ resource, action }) => canAccess(roles, resource, action),
});

function renderPage(roles: string[] = ALL, locale = 'zh', ui: ReactElement = <MtPage />) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AdminContext
      dataProvider={dataProvider as unknown as DataProvider}
      authProvider={authProvider(roles)}
      i18nProvider={createI18nProvider(locale)}
      queryClient={queryClient}
      store={memoryStore()}
    >
      {ui}
      <Notification />
    </AdminContext>,
  );
}

const statusCard = () => screen.findByRole('region', { name: '引擎与队列' });
const failuresCard = () => screen.findByRole('region', { name: '翻译失败的新闻' });
const figure = (card: HTMLElement, label: string) => within(card).getByRole('group', { name: label });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('MtPage', { timeout: 30_000 }, () => {
  describe('status', () => {
    it('shows the engine, background translation, queue and counts', async () => {
      renderPage();
      const card = await statusCard();
      await within(card).findByText('OpenAI 兼容接口');
      expect(within(figure(card, '后台翻译')).getByText('已开启')).toBeTruthy();
      expect(within(figure(card, '任务队列')).getByText('Redis (BullMQ)')).toBeTruthy();
      expect(within(figure(card, '任务队列')).getByText('队列中任务 4 个')).toBeTruthy();
      expect(within(figure(card, '排队中')).getByText('3')).toBeTruthy();
      expect(within(figure(card, '翻译中')).getByText('1')).toBeTruthy();
      expect(within(figure(card, '失败')).getByText('2')).toBeTruthy();
      expect(within(card).queryByText('未配置机器翻译引擎')).toBeNull();
    });

    it('says when no engine is configured and how to configure one', async () => {
      status = NOT_CONFIGURED;
      failures = [];
      renderPage();
      const card = await statusCard();
      expect(within(await within(card).findByRole('group', { name: '翻译引擎' })).getByText('未配置')).toBeTruthy();
      expect(within(card).getByText('未配置机器翻译引擎')).toBeTruthy();
      expect(within(card).getByText(/MT_ENGINE.*MT_URL/)).toBeTruthy();
      expect(within(figure(card, '后台翻译')).getByText('已关闭')).toBeTruthy();
      expect(within(figure(card, '任务队列')).getByText('未启用')).toBeTruthy();
      expect(await within(await failuresCard()).findByText('没有失败的机器翻译')).toBeTruthy();
    });

    it('names the queue 进程内 and renders in English too', async () => {
      status = { ...CONFIGURED, engine: 'libretranslate', queue: 'in-process', auto: false };
      const { unmount } = renderPage();
      const card = await statusCard();
      await within(card).findByText('LibreTranslate');
      expect(within(figure(card, '任务队列')).getByText('进程内')).toBeTruthy();
      unmount();

      status = NOT_CONFIGURED;
      renderPage(ALL, 'en');
      const en = await screen.findByRole('region', { name: 'Engine and queue' });
      expect(await within(en).findByText('Not configured')).toBeTruthy();
      expect(within(en).getByText(/Set MT_ENGINE/)).toBeTruthy();
    });

    it('refreshes on 刷新', async () => {
      renderPage();
      const card = await statusCard();
      await within(card).findByText('OpenAI 兼容接口');
      status = { ...CONFIGURED, pending: 8 };
      fireEvent.click(within(card).getByRole('button', { name: '刷新' }));
      // well before the 10 s poll
      expect(await within(figure(card, '排队中')).findByText('8')).toBeTruthy();
    });

    it('polls by itself (every 10 s on the page)', async () => {
      expect(STATUS_REFRESH_MS).toBe(10_000);
      renderPage(ALL, 'zh', <MtStatusCard refreshMs={200} />);
      const card = await statusCard();
      await within(card).findByText('OpenAI 兼容接口');
      status = { ...CONFIGURED, running: 5 };
      expect(await within(figure(card, '翻译中')).findByText('5')).toBeTruthy();
    });

    it('stops polling after an error and shows it', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify({ status: 500, message: '数据库连接失败' }), { status: 500, headers: { 'Content-Type': 'application/json' } })),
      );
      renderPage(ALL, 'zh', <MtStatusCard refreshMs={100} />);
      const card = await statusCard();
      expect(await within(card).findByText('状态加载失败：数据库连接失败')).toBeTruthy();
      expect(await screen.findByText('数据库连接失败')).toBeTruthy();
      const count = vi.mocked(fetch).mock.calls.length;
      await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
      expect(vi.mocked(fetch).mock.calls.length).toBe(count);
    });
  });

  describe('failures', () => {
    it('lists the failures with links to the news detail in a new window', async () => {
      renderPage();
      const link = (await screen.findByRole('link', { name: 'Le nouveau modèle' })) as HTMLAnchorElement;
      expect(link.getAttribute('href')).toMatch(/\/pro\/news\/detailFull2\/7$/);
      expect(link.target).toBe('_blank');
      const row = link.closest('tr') as HTMLElement;
      expect(within(row).getByText('法语')).toBeTruthy();
      expect(within(row).getByText('engine timeout after 60 s')).toBeTruthy();
      expect(within(row).getByText('2026-01-03 09:00:00')).toBeTruthy();
      expect(calls.find((c) => c.url.startsWith('/api/mt/failures'))?.url).toBe('/api/mt/failures?page=0&size=10');
    });

    it('retries one item, then all after confirmation', async () => {
      renderPage();
      const row = await rowOf('Das Modell');
      fireEvent.click(within(row).getByRole('button', { name: /重试/ }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
      expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: '/api/mt/retry', body: { ids: [9] } });
      expect(await screen.findByText('已重新排队 1 条')).toBeTruthy();

      const card = await failuresCard();
      fireEvent.click(within(card).getByRole('button', { name: '全部重试' }));
      expect(await screen.findByText('确认重试全部失败的机器翻译?')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: '确认' }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
      expect(calls.filter((c) => c.method === 'POST')[1]).toEqual({ method: 'POST', url: '/api/mt/retry', body: {} });
    });
  });

  describe('glossary', () => {
    it('lists the terms with the explanation and searches them', async () => {
      renderPage();
      expect(await screen.findByText('大语言模型')).toBeTruthy();
      expect(screen.getByText(/术语表作用于所有引擎的译文/)).toBeTruthy();
      for (const header of ['原文术语', '规定译名', '区分大小写', '状态', '备注', '更新时间']) {
        expect(screen.getAllByText(header).length).toBeGreaterThan(0);
      }
      expect(dataProvider.getList).toHaveBeenCalledWith(
        'system/mt',
        expect.objectContaining({ sort: { field: 'source', order: 'ASC' }, pagination: { page: 1, perPage: 20 } }),
      );
      fireEvent.change(screen.getByLabelText('搜索'), { target: { value: 'GPU' } });
      await waitFor(() =>
        expect(dataProvider.getList).toHaveBeenLastCalledWith('system/mt', expect.objectContaining({ filter: { blurry: 'GPU' } })),
      );
    });

    it('creates a term', async () => {
      renderPage();
      await screen.findByText('大语言模型');
      fireEvent.click(await screen.findByRole('button', { name: '新增' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('新增术语')).toBeTruthy();
      fireEvent.click(within(dialog).getByText('确认'));
      expect(await within(dialog).findByText('原文术语不能为空')).toBeTruthy();
      expect(dataProvider.create).not.toHaveBeenCalled();

      fireEvent.change(within(dialog).getByLabelText('原文术语', { exact: false }), { target: { value: ' Transformer ' } });
      fireEvent.change(within(dialog).getByLabelText('规定译名', { exact: false }), { target: { value: '变换器' } });
      fireEvent.click(within(dialog).getByText('确认'));
      await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
      expect(dataProvider.create.mock.calls[0][0]).toBe('system/mt');
      expect(dataProvider.create.mock.calls[0][1].data).toEqual({
        source: 'Transformer',
        target: '变换器',
        caseSensitive: false,
        enabled: true,
        memo: null,
      });
      expect(await screen.findByText('新增成功')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('shows the server refusal under the field and keeps the dialog open', async () => {
      silenceErrorLog();
      dataProvider.create.mockRejectedValueOnce(new HttpError('术语 GPU 已存在', 400, { status: 400, message: '术语 GPU 已存在', code: 'DUPLICATE' }));
      renderPage();
      await screen.findByText('大语言模型');
      fireEvent.click(await screen.findByRole('button', { name: '新增' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('原文术语', { exact: false }), { target: { value: 'GPU' } });
      fireEvent.change(within(dialog).getByLabelText('规定译名', { exact: false }), { target: { value: '显卡' } });
      fireEvent.click(within(dialog).getByText('确认'));
      expect(await within(dialog).findByText('术语 GPU 已存在')).toBeTruthy();
      expect(screen.getByRole('dialog')).toBe(dialog);
    });

    it('toasts a refusal that is about no field', async () => {
      silenceErrorLog();
      dataProvider.update.mockRejectedValueOnce(new HttpError('术语不存在: id is 2', 404, { status: 404, message: '术语不存在: id is 2' }));
      renderPage();
      fireEvent.click(within(await rowOf('GPU')).getByLabelText('编辑'));
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByText('确认'));
      expect(await screen.findByText('术语不存在: id is 2')).toBeTruthy();
      expect(screen.getByRole('dialog')).toBeTruthy();
    });

    it('edits a term with the whole PUT body', async () => {
      renderPage();
      fireEvent.click(within(await rowOf('GPU')).getByLabelText('编辑'));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('编辑术语')).toBeTruthy();
      const target = within(dialog).getByLabelText('规定译名', { exact: false });
      expect((target as HTMLInputElement).value).toBe('图形处理器');
      fireEvent.change(target, { target: { value: 'GPU 芯片' } });
      fireEvent.click(within(dialog).getByText('确认'));
      await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
      expect(dataProvider.update.mock.calls[0][0]).toBe('system/mt');
      expect(dataProvider.update.mock.calls[0][1].data).toEqual({
        id: 2,
        source: 'GPU',
        target: 'GPU 芯片',
        caseSensitive: true,
        enabled: false,
        memo: null,
      });
      expect(await screen.findByText('编辑成功')).toBeTruthy();
    });

    it('enables a term from the list', async () => {
      renderPage();
      fireEvent.click(within(await rowOf('GPU')).getByLabelText('启用'));
      expect(await screen.findByText('此操作将 启用 GPU, 是否继续？')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: '确认' }));
      await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
      expect(dataProvider.update.mock.calls[0][1].data).toMatchObject({ id: 2, enabled: true, target: '图形处理器' });
    });

    it('deletes the selected terms after confirmation', async () => {
      renderPage();
      await screen.findByText('大语言模型');
      for (const source of ['Large Language Model', 'GPU']) {
        fireEvent.click(within(await rowOf(source)).getByRole('checkbox'));
      }
      // the bulk 删除 (a text button) beside the rows' 删除 icons
      const bulk = await waitFor(() => {
        const button = screen.getAllByRole('button', { name: '删除' }).find((b) => b.textContent === '删除');
        expect(button).toBeTruthy();
        return button as HTMLElement;
      });
      fireEvent.click(bulk);
      expect(await screen.findByText('确认删除选中的 2 条数据?')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: '确认' }));
      await waitFor(() => expect(dataProvider.deleteMany).toHaveBeenCalled());
      expect(dataProvider.deleteMany.mock.calls[0][0]).toBe('system/mt');
      expect(dataProvider.deleteMany.mock.calls[0][1]).toMatchObject({ ids: [1, 2] });
      expect(await screen.findByText('删除成功')).toBeTruthy();
    });
  });

  describe('permissions', () => {
    it('offers nothing but reading to a user with mt:list only', async () => {
      renderPage(['mt:list']);
      const row = await rowOf('GPU');
      await screen.findByRole('link', { name: 'Das Modell' });
      expect(within(row).queryByLabelText('编辑')).toBeNull();
      expect(within(row).queryByLabelText('删除')).toBeNull();
      expect(within(row).queryByRole('checkbox')).toBeNull();
      expect((within(row).getByLabelText('启用') as HTMLInputElement).disabled).toBe(true);
      expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
      expect(screen.queryByRole('button', { name: '全部重试' })).toBeNull();
      expect(within(await rowOf('Das Modell')).queryByRole('button', { name: /重试/ })).toBeNull();
      expect(screen.queryByText('操作')).toBeNull();
    });

    it('gives each button its own permission', async () => {
      const { unmount } = renderPage(['mt:list', 'mt:add']);
      expect(await screen.findByRole('button', { name: '新增' })).toBeTruthy();
      const row = await rowOf('GPU');
      expect(within(row).queryByLabelText('编辑')).toBeNull();
      expect(screen.queryByRole('button', { name: '全部重试' })).toBeNull();
      unmount();

      renderPage(['mt:list', 'mt:edit']);
      expect(await screen.findByRole('button', { name: '全部重试' })).toBeTruthy();
    });

    it('offers everything to a user with every mt permission', async () => {
      renderPage(ALL);
      const row = await rowOf('GPU');
      expect(await within(row).findByLabelText('编辑')).toBeTruthy();
      expect(within(row).getByLabelText('删除')).toBeTruthy();
      expect(await screen.findByRole('button', { name: '新增' })).toBeTruthy();
      expect(await screen.findByRole('button', { name: '全部重试' })).toBeTruthy();
    });
  });
});
