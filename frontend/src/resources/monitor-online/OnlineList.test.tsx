import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { type FetchCall, fakeDataProvider, renderScreen, stubFetch } from '../shared/testUtils';
import { OnlineList } from './OnlineList';

let calls: FetchCall[];

beforeEach(() => {
  calls = stubFetch((method, url) =>
    method === 'GET' && url.startsWith('/auth/online?')
      ? {
          content: [
            { key: 'k1', uid: 1, userName: 'admin', nickName: '管理员', dept: '研发部', ip: '10.0.0.1', address: '内网IP', current: true },
            { key: 'k2', uid: 2, userName: 'test', nickName: '测试', dept: '研发部', ip: '120.24.78.68', address: '中国 广东省 深圳市 阿里云', current: false },
          ],
          totalElements: 2,
        }
      : undefined,
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('OnlineList', { timeout: 30_000 }, () => {
  it('marks the current session and kicks another one by key', async () => {
    renderScreen(
      <ResourceContextProvider value="monitor/online">
        <OnlineList />
      </ResourceContextProvider>,
      fakeDataProvider({}),
    );
    expect(await screen.findByText('当前会话')).toBeTruthy();
    expect(calls[0].url).toBe('/auth/online?page=0&size=20');

    const adminRow = screen.getByText('admin').closest('tr') as HTMLElement;
    expect(within(adminRow).queryByLabelText('强退')).toBeNull();
    const testRow = screen.getByText('test').closest('tr') as HTMLElement;
    fireEvent.click(within(testRow).getByLabelText('强退'));
    expect(await screen.findByText('确定强制退出用户 test 吗？')).toBeTruthy();
    fireEvent.click(screen.getByText('确认'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')).toEqual({ method: 'DELETE', url: '/auth/online', body: ['k2'] });
    expect(await screen.findByText('强退成功')).toBeTruthy();
  });

  it('shows where each session comes from and exports the sessions of the search', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:online'), revokeObjectURL: vi.fn() }));
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderScreen(
      <ResourceContextProvider value="monitor/online">
        <OnlineList />
      </ResourceContextProvider>,
      fakeDataProvider({}),
    );
    await screen.findByText('当前会话');
    expect(screen.getByRole('columnheader', { name: '登录地点' })).toBeTruthy();
    expect(within(screen.getByText('admin').closest('tr') as HTMLElement).getByText('内网IP')).toBeTruthy();
    expect(within(screen.getByText('test').closest('tr') as HTMLElement).getByText('中国 广东省 深圳市 阿里云')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'adm' } });
    await waitFor(() => expect(calls.some((c) => c.url === '/auth/online?username=adm&page=0&size=20')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/auth/online/download?username=adm')).toBe(true));
    await waitFor(() => expect(save).toHaveBeenCalled());
    save.mockRestore();
  });

  it('searches by username', async () => {
    renderScreen(
      <ResourceContextProvider value="monitor/online">
        <OnlineList />
      </ResourceContextProvider>,
      fakeDataProvider({}),
    );
    await screen.findByText('当前会话');
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'tes' } });
    await waitFor(() => expect(calls.some((c) => c.url === '/auth/online?username=tes&page=0&size=20')).toBe(true));
  });
});
