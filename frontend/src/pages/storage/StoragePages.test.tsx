import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, type DataProvider, memoryStore, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { type FetchCall, fakeDataProvider, stubFetch } from '../../resources/shared/testUtils';
import type { BackupRun, BackupStatus, ExchangeJob } from './api';
import { BackupPage } from './BackupPage';
import { PENDING_KEY } from './chunkedUpload';
import { exportRequest } from './ExchangeExport';
import { ExchangePage } from './ExchangePage';
import { FilesPage } from './FilesPage';
import { StorageLayout } from './StorageLayout';

const FINGERPRINT = 'ab12cd34'.repeat(8);
const PEM = '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAq8gXk3e0c8VqkTkI8zrF0W0bD0m0r1hC8Uq8ZkC2pDs=\n-----END PUBLIC KEY-----';

const job = (fields: Partial<ExchangeJob>): ExchangeJob => ({
  id: 1,
  kind: 'export',
  status: 'done',
  fileName: 'horizon-exchange-ab12cd34-20261128010000.zip',
  size: 2_400_000,
  received: 0,
  total: 120,
  processed: 120,
  created: 0,
  updated: 0,
  skipped: 0,
  failed: 0,
  signer: null,
  error: null,
  report: null,
  createTime: '2026-11-28 01:00:00',
  finishedAt: '2026-11-28 01:00:05',
  ...fields,
});

let calls: FetchCall[];
let exportJobs: ExchangeJob[];
let importJobs: ExchangeJob[];
let jobById: Record<number, ExchangeJob[]>;
let backupStatus: BackupStatus;
let backupRuns: BackupRun[];
let files: Array<Record<string, unknown>>;

beforeEach(() => {
  localStorage.clear();
  exportJobs = [job({ id: 3, status: 'done' })];
  importJobs = [];
  jobById = {};
  backupStatus = {
    available: true,
    reason: null,
    pgDump: { path: '/usr/lib/postgresql/15/bin/pg_dump', version: '15.8' },
    schedule: '03:30',
    retention: 7,
    lastRun: null,
  };
  backupRuns = [];
  files = [
    { id: 31, realName: '周报模板.docx', name: '周报模板', suffix: 'docx', type: '文档', size: 24_576, handlerName: '张编辑', handlerDate: '2026-11-20 10:00:00', createTime: '2026-11-20 10:00:00' },
    { id: 32, realName: 'logo.png', name: 'logo', suffix: 'png', type: '图片', size: 800, handlerName: '管理员', handlerDate: '2026-11-21 10:00:00', createTime: '2026-11-21 10:00:00' },
  ];
  calls = stubFetch((method, url) => {
    const path = url.split('?')[0];
    if (method === 'GET' && path === '/api/dataExchange/jobs') return { content: url.includes('kind=import') ? importJobs : exportJobs, totalElements: 1 };
    const one = /^\/api\/dataExchange\/jobs\/(\d+)$/.exec(path);
    if (method === 'GET' && one) {
      const answers = jobById[Number(one[1])] ?? [];
      return answers.length > 1 ? answers.shift() : answers[0];
    }
    if (method === 'GET' && path === '/api/dataExchange/key') return { publicKey: PEM, fingerprint: FINGERPRINT };
    if (method === 'GET' && path === '/api/dataExchange/trustedKeys') return [{ id: 4, name: '分中心', fingerprint: 'ff'.repeat(32), publicKey: PEM, createTime: '2026-11-27 09:00:00' }];
    if (method === 'POST' && path === '/api/dataExchange/trustedKeys') return { id: 5, name: '新', fingerprint: 'ee'.repeat(32) };
    if (method === 'POST' && path === '/api/dataExchange/exports') return job({ id: 9, status: 'queued' });
    if (method === 'GET' && path === '/api/collectionWebsite/findAll') return [{ id: 1, name: '新华网', url: 'https://xinhuanet.com' }];
    if (method === 'GET' && path === '/api/backup/status') return backupStatus;
    if (method === 'GET' && path === '/api/backup/runs') return { content: backupRuns, totalElements: backupRuns.length };
    if (method === 'GET' && path === '/api/localStorage') return { content: files, totalElements: files.length };
    if (method === 'POST' && path === '/api/backup/runs') return { id: 50, kind: 'manual', status: 'running', startedAt: '2026-11-28 02:00:00' };
    const link = /^\/(api\/(?:dataExchange\/exports|backup\/runs)\/\d+)\/downloadToken$/.exec(path);
    if (method === 'POST' && link) return { token: 'signed.1.2.mac', url: `${link[1]}/downloadFile?access_token=signed.1.2.mac`, expiresIn: 600 };
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The hrefs of the links the page clicks (a download followed by the browser), the click itself stubbed. */
function followedLinks(): string[] {
  const hrefs: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    hrefs.push(this.getAttribute('href') ?? '');
  });
  return hrefs;
}

function authProvider(roles: string[]): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: 1, fullName: '管理员' }),
    getPermissions: async () => roles,
  };
}

function renderAt(path: string, ui: ReactElement, roles = ['timing:edit'], settings = { logoutEnabled: false }) {
  const dataProvider = {
    ...fakeDataProvider({}),
    call: vi.fn(async (url: string) => (url === 'api/platform/settings' ? { data: { externalTargets: [], title: null, ...settings } } : { data: null })),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={dataProvider as unknown as DataProvider}
        authProvider={authProvider(roles)}
        i18nProvider={createI18nProvider('zh')}
        queryClient={queryClient}
        store={memoryStore()}
      >
        <Routes>
          <Route element={<StorageLayout />}>
            <Route path="/dataExchange" element={ui} />
            <Route path="/dataSave" element={ui} />
            <Route path="/website" element={ui} />
            <Route path="/localStorage" element={ui} />
          </Route>
          <Route path="/404" element={<p>页面不存在</p>} />
          <Route path="/401" element={<p>没有权限</p>} />
          <Route path="/enter" element={<p>启动页</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('StorageLayout', { timeout: 30_000 }, () => {
  it('shows the three tabs with the active one, and the user menu without logout when disabled', async () => {
    renderAt('/dataSave', <p>页面内容</p>);
    await screen.findByText('页面内容');
    const nav = screen.getByRole('navigation', { name: '数据存储系统' });
    const tab = (name: string) => within(nav).getByRole('link', { name });
    expect(tab('跨网数据交换').getAttribute('href')).toBe('/dataExchange');
    expect(tab('数据源管理').getAttribute('href')).toBe('/website');
    expect(tab('数据存储备份').getAttribute('aria-current')).toBe('page');
    expect(within(nav).queryByRole('link', { name: '文件存储' })).toBeNull();
    expect(tab('跨网数据交换').getAttribute('aria-current')).toBeNull();
    fireEvent.click(within(nav).getByRole('button', { name: '用户菜单' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['返回首页', '个人中心']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '返回首页' }));
    await screen.findByText('启动页');
  });

  it('offers 退出登录 when the platform settings allow it', async () => {
    renderAt('/dataExchange', <p>页面内容</p>, ['admin'], { logoutEnabled: true });
    await screen.findByText('页面内容');
    fireEvent.click(screen.getByRole('button', { name: '用户菜单' }));
    await within(await screen.findByRole('menu')).findByRole('menuitem', { name: '退出登录' });
  });

  it('sends a user without timing:edit to /404', async () => {
    renderAt('/dataExchange', <p>页面内容</p>, ['timing:list', 'user:list']);
    await screen.findByText('页面不存在');
    expect(screen.queryByText('页面内容')).toBeNull();
  });
});

describe('ExchangePage', { timeout: 30_000 }, () => {
  const section = (name: string) => screen.findByRole('region', { name });

  it('polls a running export until it is done, then offers 下载', async () => {
    exportJobs = [job({ id: 7, status: 'running', processed: 30, total: 120 })];
    jobById[7] = [job({ id: 7, status: 'running', processed: 60, total: 120 }), job({ id: 7, status: 'done', processed: 120, total: 120 })];
    renderAt('/dataExchange', <ExchangePage />);
    const row = await screen.findByTestId('job-7');
    expect(within(row).getByText('处理中')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '下载' })).toBeNull();
    // the list answers the job as done once it is (the invalidation after the poll)
    exportJobs = [job({ id: 7, status: 'done' })];
    await waitFor(() => expect(within(screen.getByTestId('job-7')).getByRole('button', { name: '下载' })).toBeTruthy(), { timeout: 8000 });
    expect(calls.filter((c) => c.url === '/api/dataExchange/jobs/7').length).toBeGreaterThanOrEqual(1);
    expect(within(screen.getByTestId('job-7')).getByText('新闻 120 / 120')).toBeTruthy();
  });

  it('下载 asks for a signed link and lets the browser follow it (the package never passes through a Blob)', async () => {
    const hrefs = followedLinks();
    renderAt('/dataExchange', <ExchangePage />);
    const row = await screen.findByTestId('job-3');
    fireEvent.click(within(row).getByRole('button', { name: '下载' }));
    await waitFor(() => expect(hrefs).toEqual(['/api/dataExchange/exports/3/downloadFile?access_token=signed.1.2.mac']));
    // no GET of the bytes through the logged-in client
    expect(calls.filter((c) => c.url.startsWith('/api/dataExchange/exports/3')).map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/dataExchange/exports/3/downloadToken']);
  });

  it('builds the export request from the filter', () => {
    expect(exportRequest({ range: null, classify: [], sources: [], blurry: '', withFiles: true })).toBeNull();
    expect(
      exportRequest({ range: ['2026-11-01 00:00:00', '2026-11-27 23:59:59'], classify: [3, 4], sources: [{ id: 8, name: '新华网' }], blurry: '  芯片 ', withFiles: false }),
    ).toEqual({ startTime: '2026-11-01 00:00:00', endTime: '2026-11-27 23:59:59', classify: [3, 4], webIds: [8], blurry: '芯片', withFiles: false });
    expect(exportRequest({ range: ['2026-11-01 00:00:00', '2026-11-27 23:59:59'], classify: [], sources: [], blurry: ' ', withFiles: true })).toEqual({
      startTime: '2026-11-01 00:00:00',
      endTime: '2026-11-27 23:59:59',
      withFiles: true,
    });
  });

  it('asks for a time range before posting an export', async () => {
    renderAt('/dataExchange', <ExchangePage />);
    const card = await section('导出数据包');
    fireEvent.click(within(card).getByRole('button', { name: '开始导出' }));
    expect(await within(card).findByRole('alert')).toHaveProperty('textContent', '请选择时间范围');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the import report: counts, signer and problems', async () => {
    importJobs = [
      job({
        id: 12,
        kind: 'import',
        status: 'done',
        created: 0,
        updated: 1,
        skipped: 118,
        failed: 1,
        signer: FINGERPRINT,
        report: { websites: 3, files: 2, problems: [{ line: 7, url: 'https://example.org/a', message: '内容为空' }], unknownClasses: ['全部/体育'] },
      }),
    ];
    renderAt('/dataExchange', <ExchangePage />);
    const row = await screen.findByTestId('job-12');
    expect(within(row).getByText('新增 0 · 更新 1 · 跳过 118 · 失败 1')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '报告' }));
    const report = await screen.findByRole('region', { name: '导入报告' });
    expect(within(within(report).getByRole('group', { name: '跳过（已存在）' })).getByText('118')).toBeTruthy();
    expect(within(report).getByText('内容为空')).toBeTruthy();
    expect(within(report).getByText(/全部\/体育/)).toBeTruthy();
    expect(within(report).getByText('AB12 CD34 '.repeat(8).trim())).toBeTruthy();
    expect(within(report).getByText('涉及网站 3 个，新存入文件 2 个')).toBeTruthy();
  });

  it('offers an unfinished upload again and refuses another file', async () => {
    localStorage.setItem(PENDING_KEY, JSON.stringify({ jobId: 21, name: 'big.zip', size: 100, lastModified: 5 }));
    jobById[21] = [job({ id: 21, kind: 'import', status: 'uploading', size: 100, received: 40 })];
    renderAt('/dataExchange', <ExchangePage />);
    await screen.findByText('数据包 big.zip（100 B）已上传 40%。请重新选择同一个文件以继续上传。');
    fireEvent.change(screen.getByTestId('package-input'), { target: { files: [new File(['x'], 'other.zip', { lastModified: 9 })] } });
    await screen.findByText('所选文件与未完成的上传不一致（应为 big.zip，100 B）');
    fireEvent.click(screen.getByRole('button', { name: '放弃该上传' }));
    await waitFor(() => expect(localStorage.getItem(PENDING_KEY)).toBeNull());
  });

  it('shows the own fingerprint and the trusted keys; adding one needs a PEM key', async () => {
    renderAt('/dataExchange', <ExchangePage />);
    expect((await screen.findByTestId('own-fingerprint')).textContent).toBe('AB12 CD34 '.repeat(8).trim());
    const trusted = await section('受信任的公钥');
    await within(trusted).findByText('分中心');
    fireEvent.click(within(trusted).getByRole('button', { name: '添加公钥' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/名称/), { target: { value: '新' } });
    fireEvent.change(within(dialog).getByLabelText(/公钥（PEM）/), { target: { value: 'not a key' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await within(dialog).findByText('请粘贴 PEM 格式的公钥');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/公钥（PEM）/), { target: { value: PEM } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: '/api/dataExchange/trustedKeys', body: { name: '新', publicKey: PEM } }));
  });
});

describe('BackupPage', { timeout: 30_000 }, () => {
  const run = (fields: Partial<BackupRun>): BackupRun => ({
    id: 1,
    kind: 'manual',
    status: 'done',
    fileName: 'horizon-backup-20261128-033000.zip',
    size: 5 * 1024 * 1024,
    dbSize: 3 * 1024 * 1024,
    filesCount: 12,
    filesSize: 2 * 1024 * 1024,
    durationMs: 83_000,
    startedAt: '2026-11-28 03:30:00',
    finishedAt: '2026-11-28 03:31:23',
    error: null,
    ...fields,
  });

  it('shows the status, the backups and the restore steps', async () => {
    backupRuns = [run({ id: 2 }), run({ id: 1, kind: 'scheduled', status: 'failed', error: 'pg_dump 退出码 1', size: null, durationMs: null, finishedAt: '2026-11-28 03:30:02' })];
    renderAt('/dataSave', <BackupPage />);
    const status = await screen.findByRole('region', { name: '备份状态' });
    await within(status).findByText('/usr/lib/postgresql/15/bin/pg_dump · 15.8');
    expect(within(within(status).getByRole('group', { name: '定时备份' })).getByText('每天 03:30')).toBeTruthy();
    expect(within(within(status).getByRole('group', { name: '保留份数' })).getByText('最近 7 份')).toBeTruthy();
    const done = await screen.findByTestId('backup-2');
    expect(within(done).getByText('5.0 MB')).toBeTruthy();
    expect(within(done).getByText('12 个 · 2.0 MB')).toBeTruthy();
    expect(within(done).getByText('1 min 23 s')).toBeTruthy();
    expect(within(done).getByRole('button', { name: '下载' })).toBeTruthy();
    const failed = screen.getByTestId('backup-1');
    expect(within(failed).getByText('pg_dump 退出码 1')).toBeTruthy();
    expect(within(failed).getByText('2 s')).toBeTruthy();
    expect(within(failed).queryByRole('button', { name: '下载' })).toBeNull();
    const restore = screen.getByRole('region', { name: '恢复备份' });
    expect(within(restore).getAllByText(/npm run restore -- \.\/horizon-backup-/).length).toBeGreaterThan(0);
  });

  it('下载 of a backup asks for a signed link and lets the browser follow it', async () => {
    backupRuns = [run({ id: 2 })];
    const hrefs = followedLinks();
    renderAt('/dataSave', <BackupPage />);
    const done = await screen.findByTestId('backup-2');
    fireEvent.click(within(done).getByRole('button', { name: '下载' }));
    await waitFor(() => expect(hrefs).toEqual(['/api/backup/runs/2/downloadFile?access_token=signed.1.2.mac']));
    expect(calls.filter((c) => c.url.startsWith('/api/backup/runs/2')).map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/backup/runs/2/downloadToken']);
  });

  it('without pg_dump says why and cannot start a backup', async () => {
    backupStatus = { ...backupStatus, available: false, pgDump: null, reason: '未找到 pg_dump（需要 PostgreSQL 15 及以上的客户端）' };
    renderAt('/dataSave', <BackupPage />);
    const status = await screen.findByRole('region', { name: '备份状态' });
    await within(status).findByText('未找到 pg_dump（需要 PostgreSQL 15 及以上的客户端）');
    expect(within(status).getByText('不可用')).toBeTruthy();
    expect(within(status).getByRole('button', { name: '立即备份' })).toHaveProperty('disabled', true);
  });

  it('立即备份 starts a run and shows it running', async () => {
    renderAt('/dataSave', <BackupPage pollMs={60_000} />);
    const status = await screen.findByRole('region', { name: '备份状态' });
    const button = await within(status).findByRole('button', { name: '立即备份' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    backupRuns = [run({ id: 50, status: 'running', size: null, durationMs: null, finishedAt: null })];
    fireEvent.click(button);
    await within(status).findByTestId('backup-running');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/backup/runs')).toBe(true);
    expect(within(status).getByRole('button', { name: '立即备份' })).toHaveProperty('disabled', true);
  });
});

describe('FilesPage', { timeout: 30_000 }, () => {
  it('lists the stored files under a 文件存储 tab and deletes the chosen one', async () => {
    renderAt('/localStorage', <FilesPage />, ['timing:edit', 'storage:list', 'storage:add', 'storage:del']);
    const row = await screen.findByTestId('file-31');
    expect(within(row).getByText('周报模板.docx')).toBeTruthy();
    expect(within(row).getByText('24 KB')).toBeTruthy();
    expect(within(row).getByText('张编辑')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '数据存储系统' });
    expect(within(nav).getByRole('link', { name: '文件存储' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: '上传文件' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')).toEqual({ method: 'DELETE', url: '/api/localStorage', body: [31] }));
  });

  it('hides the tab without storage:list and refuses the page', async () => {
    renderAt('/localStorage', <FilesPage />, ['timing:edit']);
    await screen.findByText('没有权限');
    expect(calls.some((c) => c.url.startsWith('/api/localStorage'))).toBe(false);
  });
});
