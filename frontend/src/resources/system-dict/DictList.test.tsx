import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { type FetchCall, fakeDataProvider, renderScreen, stubFetch } from '../shared/testUtils';
import { DictList } from './DictList';

let calls: FetchCall[];

beforeEach(() => {
  calls = stubFetch((method, url) =>
    method === 'GET' && url.startsWith('/api/dictDetail')
      ? {
          content: [
            { id: 11, label: '激活', value: 'true', dictSort: 1 },
            { id: 12, label: '禁用', value: 'false', dictSort: 2 },
          ],
          totalElements: 2,
        }
      : undefined,
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('DictList', { timeout: 30_000 }, () => {
  it('shows the details of the clicked dict and manages them', async () => {
    renderScreen(
      <ResourceContextProvider value="system/dict">
        <DictList />
      </ResourceContextProvider>,
      fakeDataProvider({ 'system/dict': () => [{ id: 5, name: 'user_status', description: '用户状态' }] }),
    );
    expect(await screen.findByText('选择一个字典，查看并维护它的字典详情')).toBeTruthy();
    fireEvent.click(await screen.findByText('user_status'));
    expect(await screen.findByText('激活')).toBeTruthy();
    expect(calls[0].url).toBe('/api/dictDetail?dictName=user_status&page=0&size=10&sort=dictSort,asc');

    const panel = screen.getByText(/字典详情/).closest('.MuiPaper-root') as HTMLElement;
    fireEvent.click(within(panel).getByText('新增'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('字典标签', { exact: false }), { target: { value: '锁定' } });
    fireEvent.change(within(dialog).getByLabelText('字典值', { exact: false }), { target: { value: 'locked' } });
    fireEvent.click(within(dialog).getByText('确认'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/dictDetail',
      body: { label: '锁定', value: 'locked', dictSort: 999, dict: { id: 5 } },
    });
    expect(await screen.findByText('新增成功')).toBeTruthy();

    const row = within(panel).getByText('禁用').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByLabelText('删除'));
    fireEvent.click(await screen.findByText('确认'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/dictDetail/12')).toBe(true));
  });
});
