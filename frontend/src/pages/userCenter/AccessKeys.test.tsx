import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type DataProvider, HttpError, memoryStore, Notification } from 'react-admin';
import { vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { fakeDataProvider } from '../../resources/shared/testUtils';
import { AccessKeys, type AccessKey, keyCreateBody, validDays } from './AccessKeys';

const KEYS: AccessKey[] = [
  { id: 2, name: '同步脚本', prefix: 'hzk_AbCdEfGh', expiresAt: null, lastUsedTime: null, createTime: '2026-01-02 10:00:00' },
  { id: 1, name: '报表系统', prefix: 'hzk_12345678', expiresAt: '2026-12-31 10:00:00', lastUsedTime: '2026-01-03 09:00:00', createTime: '2026-01-01 10:00:00' },
];

function renderKeys(rows: AccessKey[]) {
  const provider = {
    ...fakeDataProvider({ 'api/users/keys': () => rows }),
    call: vi.fn(async (_path: string, options?: { method?: string; body?: unknown }) =>
      options?.method === 'POST' ? { data: { ...KEYS[0], id: 3, key: 'hzk_secret-value' } } : { data: null },
    ),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminContext
      dataProvider={provider as unknown as DataProvider}
      queryClient={queryClient}
      store={memoryStore()}
      i18nProvider={createI18nProvider('zh')}
    >
      <AccessKeys />
      <Notification />
    </AdminContext>,
  );
  return provider;
}

describe('AccessKeys', () => {
  it('lists the keys with their prefix and the fallbacks for no expiry and no use', async () => {
    renderKeys(KEYS);
    await screen.findByText('同步脚本');
    expect(screen.getByText('hzk_AbCdEfGh…')).toBeTruthy();
    expect(screen.getByText('长期有效')).toBeTruthy();
    expect(screen.getByText('从未使用')).toBeTruthy();
    expect(screen.getByText('2026-12-31 10:00:00')).toBeTruthy();
    expect(screen.getByText('POST auth/keyLogin {key}')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    renderKeys([]);
    await screen.findByText('暂无访问密钥');
  });

  it('creates a key and shows it once', async () => {
    const provider = renderKeys([]);
    await screen.findByText('暂无访问密钥');
    fireEvent.click(screen.getByRole('button', { name: '新建密钥' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/名称/), { target: { value: '  同步脚本 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await screen.findByText('密钥只显示这一次，请立即复制并妥善保存。');
    expect(provider.call).toHaveBeenCalledWith('api/users/keys', { method: 'POST', body: { name: '同步脚本' } });
    expect((screen.getByLabelText('访问密钥') as HTMLInputElement).value).toBe('hzk_secret-value');
    fireEvent.click(screen.getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(screen.queryByLabelText('访问密钥')).toBeNull());
  });

  it('shows the server message when the key cannot be created, and keeps the form open', async () => {
    const provider = renderKeys([]);
    const message = '每个用户最多 20 个访问密钥，请先删除不用的密钥';
    provider.call.mockRejectedValueOnce(new HttpError(message, 400, { status: 400, message }));
    await screen.findByText('暂无访问密钥');
    fireEvent.click(screen.getByRole('button', { name: '新建密钥' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/名称/), { target: { value: '第 21 个' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await screen.findByText(message);
    expect(within(dialog).getByLabelText(/名称/)).toBeTruthy();
    expect(screen.queryByLabelText('访问密钥')).toBeNull();
  });
});

describe('key form helpers', () => {
  it('sends expiresDays only when given', () => {
    expect(keyCreateBody({ name: ' a ', expiresDays: null })).toEqual({ name: 'a' });
    expect(keyCreateBody({ name: 'a', expiresDays: 30 })).toEqual({ name: 'a', expiresDays: 30 });
  });

  it('accepts empty or 1–3650 whole days', () => {
    for (const ok of [undefined, null, '', 1, 3650]) expect(validDays(ok)).toBeUndefined();
    for (const bad of [0, 3651, 1.5, -3]) expect(validDays(bad)).toBe('app.user_center.keys_days_range');
  });
});
