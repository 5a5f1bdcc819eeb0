// Test helpers of the product management page (used by the *.test.tsx files only): a fetch stub
// answering the product and journal calls, and the page rendered in a react-admin context.
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import type { Product } from '../../resources/products/types';
import { fakeAuthProvider } from '../../resources/shared/fakeAuthProvider';
import type { ManagementMode } from '../../resources/shared/production/managementRoutes';
import { ProductManagementPage } from './ProductManagementPage';

export interface Answer {
  status?: number;
  body: unknown;
}

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

export type Override = (method: string, path: string, params: URLSearchParams) => Answer | undefined;

/** Stubs `fetch`; `override(method, path, params)` answers first, then the defaults below. */
export function stubProductApi(products: Product[], override: Override = () => undefined) {
  const calls: Call[] = [];
  const defaults = (method: string, path: string): Answer => {
    switch (path) {
      case '/api/productSetting/list':
        return { body: { content: products, totalElements: products.length } };
      case '/api/productSetting/all':
        return { body: products.map(({ id, name }) => ({ id, name })) };
      case '/api/dictDetail':
        return { body: { content: [{ label: '周刊', value: 'week' }, { label: '日刊', value: 'day' }], totalElements: 2 } };
      case '/api/users/selectUser':
        return { body: [{ id: 3, username: 'editor', nickName: '张编辑', dept: null }] };
      case '/api/dept/lookup/tree':
        return { body: [{ id: 7, pid: null, name: '期刊编辑部', label: '期刊编辑部', deptSort: 1, enabled: true, children: null }] };
      case '/api/productJournal/list':
        return { body: { content: [], totalElements: 0 } };
      default:
        return method === 'GET' ? { status: 404, body: { status: 404, message: '请求的资源不存在' } } : { body: null };
    }
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = override(method, url.pathname, url.searchParams) ?? defaults(method, url.pathname);
      return new Response(answer.body === null ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function renderProductPage({ roles = ['admin'], path = '/product/productSetting', mode = 'admin' }: { roles?: string[]; path?: string; mode?: ManagementMode } = {}) {
  const authProvider = fakeAuthProvider(roles);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={authProvider} queryClient={queryClient} store={memoryStore()} i18nProvider={createI18nProvider('zh')}>
        <ProductManagementPage mode={mode} />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}
