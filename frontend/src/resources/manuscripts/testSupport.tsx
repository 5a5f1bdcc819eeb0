// Test helpers of the manuscript screens: a react-admin context for a given user and a fetch stub
// answering by method and path (with statuses). Used by the *.test.tsx files only.
import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, memoryStore, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { createMongoAbility } from '@casl/ability';
import { abilityFromCodes, AppAbilityProvider, type AppAbility, ruleOf } from '../../providers/ability';
import { NewsPushProvider } from '../shared/newsPush';
import { SubmitManuscriptDialog } from './SubmitManuscriptDialog';

configure({ asyncUtilTimeout: 5_000 });

export interface Call {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

export type Answer = { status?: number; body?: unknown } | undefined;

/** Stubs fetch: `answer(method, path, url)` → `{status, body}` (undefined → 204). */
export function stubApi(answer: (method: string, path: string, url: URL) => Answer) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const body = init.body && typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname.replace(/^\//, ''), url, body });
      const result = answer(method, url.pathname.replace(/^\//, ''), url);
      if (!result || result.body === undefined) return new Response(null, { status: result?.status ?? 204 });
      return new Response(JSON.stringify(result.body), { status: result.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

export interface TestUser {
  id: number;
  username: string;
  nickName?: string;
  dept?: { id: number; name: string; pid?: number | null };
}

export const REVIEWER: TestUser = { id: 4, username: 'reviewer', nickName: '王审校', dept: { id: 3, name: '国际新闻部', pid: 1 } };

export function authFor(user: TestUser, roles: string[]): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: user.id, fullName: user.nickName ?? user.username, username: user.username, user }),
    getPermissions: async () => roles,
  };
}

/**
 * The ability the server would send this user: the codes' rules plus the manuscript record rules
 * (backend modules/manuscripts/manuscript.policy.ts: the submitter updates and deletes their own).
 */
export function testAbility(user: TestUser, roles: string[]): AppAbility {
  if (roles.includes('admin')) return abilityFromCodes(roles);
  const codes = roles.map((code) => {
    const [action, subject] = ruleOf(code);
    return { action, subject };
  });
  const own = { createById: user.id };
  const records = [
    ...(roles.includes('manuscript:edit') ? [{ action: 'update', subject: 'Manuscript' }] : []),
    ...(roles.includes('manuscript:del') ? [{ action: 'delete', subject: 'Manuscript' }] : []),
    { action: 'update', subject: 'Manuscript', conditions: own },
    { action: 'delete', subject: 'Manuscript', conditions: own },
  ];
  return createMongoAbility([...codes, ...records]) as AppAbility;
}

export function renderWith(ui: ReactElement, { user = REVIEWER, roles = ['news:push'], path = '/' }: { user?: TestUser; roles?: string[]; path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={authFor(user, roles)} queryClient={queryClient} store={memoryStore()}>
        {/* as the process shell does: the news lists' 报送 opens the submission dialog */}
        <AppAbilityProvider value={testAbility(user, roles)}>
          <NewsPushProvider value={SubmitManuscriptDialog}>{ui}</NewsPushProvider>
        </AppAbilityProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

export const PRODUCTS = [
  { id: 3, name: '国际动态日报', period: 'daily', type: '1', contentType: '2', isWeekly: false },
  { id: 5, name: '要情周刊', period: 'weekly', type: '1', contentType: '2', isWeekly: true },
];

export const COLUMN_MAP = {
  '3': [
    { id: 11, name: '要闻', sort: 1 },
    { id: 12, name: '综述', sort: 2 },
  ],
  '5': [{ id: 21, name: '专题', sort: 1 }],
};

export const USERS = [
  { id: 3, username: 'editor', nickName: '张编辑', dept: { id: 7, name: '期刊编辑部' } },
  { id: 4, username: 'reviewer', nickName: '王审校', dept: { id: 3, name: '国际新闻部' } },
  { id: 5, username: 'translator', nickName: '李翻译', dept: { id: 2, name: '编译部' } },
];

/** The lookups every form reads. */
export function lookups(path: string): Answer {
  if (path === 'api/productSetting/all') return { body: PRODUCTS };
  if (path === 'api/productColumn/getColumnMap') return { body: COLUMN_MAP };
  if (path === 'api/users/selectUser') return { body: USERS };
  return undefined;
}
