// Test helpers of the workbench (the *.test.tsx files only): fixtures, a fetch stub answering by
// method and path (with statuses), and the page rendered for a user with given permission codes.
import type { ComponentType, ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, memoryStore, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { abilityFromCodes, AppAbilityProvider } from '../../providers/ability';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import type { JournalColumn, JournalManuscript, JournalVersion, WorkbenchInfo } from './types';
import { type DailyDialogProps, WorkbenchPage } from './WorkbenchPage';

configure({ asyncUtilTimeout: 5_000 });

export interface Call {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

export type Answer = { status?: number; body?: unknown } | undefined;
export type Answerer = (method: string, path: string, url: URL, body: unknown) => Answer;

/** Stubs fetch: `answer(method, path, url, body)` → `{status, body}` (undefined → 204; a string body is sent as text). */
export function stubApi(answer: Answerer) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const body = init.body && typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const path = url.pathname.replace(/^\//, '');
      calls.push({ method, path, url, body });
      const result = answer(method, path, url, body);
      if (!result || result.body === undefined) return new Response(null, { status: result?.status ?? 204 });
      if (typeof result.body === 'string') return new Response(result.body, { status: result.status ?? 200, headers: { 'Content-Type': 'text/plain' } });
      return new Response(JSON.stringify(result.body), { status: result.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

export const USERS = [
  { id: 3, username: 'editor', nickName: '张编辑', dept: { id: 7, name: '期刊编辑部' } },
  { id: 4, username: 'reviewer', nickName: '王审校', dept: { id: 3, name: '国际新闻部' } },
];

export const PRODUCTS = [
  { id: 3, name: '国际动态日报', period: 'daily', type: '1', contentType: '2', isWeekly: false },
  { id: 5, name: '要情周刊', period: 'weekly', type: '1', contentType: '2', isWeekly: true },
];

export const DICTS = {
  content_type: [],
  domain_type: [{ label: '能源', value: 'energy' }],
  country: [{ label: '美国', value: 'US' }],
};

export function copy(id: number, over: Partial<JournalManuscript> = {}): JournalManuscript {
  return {
    id,
    title: `稿件 ${id}`,
    memo: null,
    type: 'dynamic',
    contentType: null,
    domainType: 'energy',
    country: 'US',
    abstractOrigin: `投稿摘要 ${id}`,
    abstractEdit: null,
    firstAuthor: '李供稿',
    authorIds: '4',
    authors: [{ id: 4, username: 'reviewer', nickName: '王审校' }],
    dept: { id: 1, name: '新闻中心' },
    productColumn: { id: 11, name: '要闻' },
    product: { id: 3, name: '国际动态日报' },
    journal: { id: 9 },
    sourceManu: { id: 100 + id, newsId: 1000 + id },
    isExamine: false,
    isCheck: false,
    sort: id,
    version: 0,
    file: null,
    submitBy: { id: 3, username: 'editor' },
    submitTime: '2026-03-20 09:30:00',
    createTime: '2026-03-21 10:00:00',
    updateTime: '2026-03-21 10:00:00',
    ...over,
  };
}

const storedFile = (id: number, realName: string) => ({ id, realName, name: realName, suffix: 'docx', type: 'word', size: 1, handlerName: null, handlerDate: '', createTime: '' });

/** Journal version `n` (file id 50 + n). */
export const journalVersion = (n: number): JournalVersion => ({
  id: n,
  version: n,
  title: null,
  file: storedFile(50 + n, `第12期-V${n}.docx`),
  createTime: `2026-03-2${n} 10:00:00`,
  createBy: { id: 3, username: 'editor' },
});

export const COLUMNS: JournalColumn[] = [
  { id: 11, name: '要闻', sort: 1, status: true, manuList: [copy(1), copy(2, { type: 'upload', isExamine: true }), copy(3)] },
  { id: 12, name: '综述', sort: 2, status: true, manuList: [] },
];

export function journalInfo(over: Partial<WorkbenchInfo> = {}): WorkbenchInfo {
  return {
    id: 9,
    productId: 3,
    product: { id: 3, name: '国际动态日报' },
    year: 2026,
    journalNo: 12,
    totalNo: 120,
    editorIds: '3',
    memo: null,
    createTime: '2026-03-20 08:00:00',
    planPublishTime: '2026-03-25',
    publishTime: null,
    status: 'edit',
    createBy: { id: 3, username: 'editor' },
    canEdit: true,
    files: [],
    columns: COLUMNS,
    ...over,
  };
}

/** The lookups every render reads. */
export function lookups(path: string): Answer {
  if (path === 'api/productSetting/all') return { body: PRODUCTS };
  if (path === 'api/users/selectUser') return { body: USERS };
  if (path === 'api/dictDetail/map') return { body: DICTS };
  return undefined;
}

/** The page answering `info` with `info` (and the lookups), `extra` first. */
export function stubWorkbench(info: WorkbenchInfo | (() => WorkbenchInfo), extra: Answerer = () => undefined) {
  return stubApi((method, path, url, body) => {
    const own = extra(method, path, url, body);
    if (own) return own;
    if (method === 'GET' && path === 'api/productJournal/info') return { body: typeof info === 'function' ? info() : info };
    return lookups(path);
  });
}

export const MANU = ['productJournal:list', 'productJournal:manu', 'productJournal:edit'];

function authFor(roles: string[]): AuthProvider {
  const user = { id: 3, username: 'editor', nickName: '张编辑', dept: { id: 7, name: '期刊编辑部' } };
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: user.id, fullName: user.nickName, username: user.username, user }),
    getPermissions: async () => roles,
  };
}

export function renderWorkbench({
  roles = MANU,
  path = '/product/manuscript?productId=3&journalId=9',
  dailyDialog,
  ui,
}: { roles?: string[]; path?: string; dailyDialog?: ComponentType<DailyDialogProps>; ui?: ReactElement } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={authFor(roles)} queryClient={queryClient} store={memoryStore()} i18nProvider={createI18nProvider('zh')}>
        <AppAbilityProvider value={abilityFromCodes(roles)}>{ui ?? <WorkbenchPage dailyDialog={dailyDialog} />}</AppAbilityProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

export const infoCalls = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.path === 'api/productJournal/info');
