import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, type DataProvider, HttpError, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { fakeDataProvider } from '../../resources/shared/testUtils';
import { activeCollectTab, CollectLayout } from './CollectLayout';

function renderShell(postCollect: () => unknown) {
  const provider = {
    ...fakeDataProvider({}),
    call: vi.fn(async (url: string) => {
      if (url === 'api/platform/settings') return { data: { externalTargets: [], title: null, logoutEnabled: true } };
      if (url === 'api/collectionWebsite/health') return { data: { total: 4, enabled: 3, failing: 2, erroring: 2, silent: 0 } };
      if (url === 'api/collectionWebsite/postCollect') return { data: postCollect() };
      return { data: null };
    }),
  };
  const authProvider: AuthProvider = {
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () => ({ id: 7, fullName: '王采集' })),
    getPermissions: vi.fn(async () => ['website:list']),
  };
  render(
    <MemoryRouter initialEntries={['/website-statistic']}>
      <AdminContext
        dataProvider={provider as unknown as DataProvider}
        authProvider={authProvider}
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        store={memoryStore()}
        i18nProvider={createI18nProvider('zh')}
      >
        <Routes>
          <Route element={<CollectLayout />}>
            <Route path="/website-statistic" element={<p>统计内容</p>} />
            <Route path="/collect-config" element={<p>数据源管理内容</p>} />
          </Route>
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return provider;
}

afterEach(() => vi.unstubAllGlobals());

describe('CollectLayout', () => {
  it('shows the two tabs with the failing badge; 采集配置 opens the external address in a new window', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderShell(() => ({ url: 'https://collect.example.org/' }));
    await screen.findByText('统计内容');
    const tabs = screen.getByRole('tablist', { name: '数据采集系统' });
    expect(within(tabs).getByRole('tab', { name: '数据统计' }).getAttribute('aria-selected')).toBe('true');
    const config = within(tabs).getByRole('tab', { name: /采集配置/ });
    await within(config).findByText('2');
    fireEvent.click(config);
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('https://collect.example.org/', '_blank', 'noopener'));
    expect(screen.queryByText('数据源管理内容')).toBeNull();
  });

  it('opens the built-in source management when no external address is configured (404 NOT_CONFIGURED)', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderShell(() => {
      throw new HttpError('采集配置地址未配置，请联系管理员', 404, { status: 404, code: 'NOT_CONFIGURED' });
    });
    await screen.findByText('统计内容');
    fireEvent.click(screen.getByRole('tab', { name: /采集配置/ }));
    await screen.findByText('数据源管理内容');
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: /采集配置/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('knows its tab from the path', () => {
    expect(activeCollectTab('/website-statistic')).toBe('statistic');
    expect(activeCollectTab('/horizon/collect-config')).toBe('config');
    expect(activeCollectTab('/website')).toBeNull();
  });
});
