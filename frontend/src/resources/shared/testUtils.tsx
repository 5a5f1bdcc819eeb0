// Test helpers for the screens: a react-admin context with an in-memory dataProvider and a fetch
// stub for the direct `api.ts` calls. Used by the *.test.tsx files only.
import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type DataProvider, type GetListParams, memoryStore, Notification, type RaRecord } from 'react-admin';
import { vi } from 'vitest';

// MUI screens render slowly in jsdom when the suite runs in parallel.
configure({ asyncUtilTimeout: 5_000 });

export type ListFixture = (params: GetListParams) => RaRecord[];

export function fakeDataProvider(lists: Record<string, ListFixture>) {
  const provider = {
    getList: vi.fn(async (resource: string, params: GetListParams) => {
      const rows = lists[resource]?.(params) ?? [];
      return { data: rows, total: rows.length };
    }),
    getOne: vi.fn(async () => ({ data: { id: 0 } })),
    getMany: vi.fn(async () => ({ data: [] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(async (_resource: string, params: { data: object }) => ({ data: { ...params.data, id: 100 } })),
    update: vi.fn(async (_resource: string, params: { id: number; data: object }) => ({ data: { ...params.data, id: params.id } })),
    updateMany: vi.fn(async () => ({ data: [] })),
    delete: vi.fn(async (_resource: string, params: { id: number; previousData?: RaRecord }) => ({
      data: params.previousData ?? { id: params.id },
    })),
    deleteMany: vi.fn(async (_resource: string, params: { ids: number[] }) => ({ data: params.ids })),
  };
  return provider;
}

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}

/** Stubs `fetch`: `answer(method, path)` returns the JSON body (undefined → 204). */
export function stubFetch(answer: (method: string, path: string) => unknown) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const body = answer(method, url);
      return body === undefined
        ? new Response(null, { status: 204 })
        : new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

export function renderScreen(ui: ReactElement, dataProvider: ReturnType<typeof fakeDataProvider>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AdminContext dataProvider={dataProvider as unknown as DataProvider} queryClient={queryClient} store={memoryStore()}>
      {ui}
      <Notification />
    </AdminContext>,
  );
}
