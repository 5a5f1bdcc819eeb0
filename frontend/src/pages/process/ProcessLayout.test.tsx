import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, type DataProvider, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { fakeDataProvider } from '../../resources/shared/testUtils';
import { ProcessLayout } from './ProcessLayout';

function renderShell(path: string, settings: { logoutEnabled: boolean; title?: string | null }) {
  const provider = {
    ...fakeDataProvider({}),
    call: vi.fn(async (url: string) => (url === 'api/platform/settings' ? { data: { externalTargets: [], title: null, ...settings } } : { data: null })),
  };
  const authProvider: AuthProvider = {
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () => ({ id: 7, fullName: '李翻译' })),
    getPermissions: vi.fn(async () => []),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={provider as unknown as DataProvider}
        authProvider={authProvider}
        queryClient={queryClient}
        store={memoryStore()}
        i18nProvider={createI18nProvider('zh')}
      >
        <Routes>
          <Route element={<ProcessLayout />}>
            <Route path="*" element={<p>页面内容</p>} />
          </Route>
          <Route path="/enter" element={<p>启动页</p>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return { provider, authProvider };
}

describe('ProcessLayout', () => {
  it('shows the spec links, the page in the outlet, and marks the active one', async () => {
    renderShell('/productProcess-manu', { logoutEnabled: true });
    await screen.findByText('页面内容');
    const nav = screen.getByRole('navigation', { name: '动态跟踪系统' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(expect.arrayContaining(['首页', '个人中心', '稿件管理', '产品加工', '成果管理', '统计', '动态投票', '返回首页']));
    expect(within(nav).getByRole('link', { name: '稿件管理' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('link', { name: '个人中心' }).getAttribute('href')).toBe('/productProcess-center?curMenu=myFollow');
    // the logo and the 返回首页 button both lead to the launch page
    const home = within(nav).getAllByRole('link', { name: '返回首页' });
    expect(home.map((link) => link.getAttribute('href'))).toEqual(['/enter', '/enter']);
  });

  it('offers 首页, 个人中心 and 退出登录 with the confirmation when logout is enabled', async () => {
    renderShell('/productProcess-home', { logoutEnabled: true });
    fireEvent.click(await screen.findByRole('button', { name: '用户菜单' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['首页', '个人中心', '退出登录']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定注销并退出系统吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /取消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('goes to the profile from the user menu', async () => {
    renderShell('/productProcess-home', { logoutEnabled: true });
    fireEvent.click(await screen.findByRole('button', { name: '用户菜单' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '个人中心' }));
    await waitFor(() => {
      const nav = screen.getByRole('navigation', { name: '动态跟踪系统' });
      expect(within(nav).getByRole('link', { name: '个人中心' }).getAttribute('aria-current')).toBe('page');
    });
  });

  it('has no user menu when the platform disables logout', async () => {
    renderShell('/productProcess-home', { logoutEnabled: false });
    await screen.findByText('李翻译');
    expect(screen.queryByRole('button', { name: '用户菜单' })).toBeNull();
  });
});
