import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { AdminContext, type AuthProvider, type DataProvider, memoryStore, Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../providers/http';
import { createI18nProvider } from '../providers/i18n/i18nProvider';
import { isPasswordChangeRequired, setPasswordChangeRequired } from '../providers/passwordChange';
import { fakeDataProvider } from '../resources/shared/testUtils';
import { PasswordChangeGate } from './PasswordChangeGate';

vi.mock('../providers/authProvider', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../providers/authProvider')>()),
  encryptWithServerKey: async (plain: string) => `enc(${plain})`,
}));

function renderGate() {
  const dataProvider = { ...fakeDataProvider({}), call: vi.fn(async () => ({ data: null })) };
  const authProvider: AuthProvider = {
    login: vi.fn(async () => undefined),
    logout: vi.fn(async (): Promise<false> => {
      setPasswordChangeRequired(false);
      return false;
    }),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getPermissions: vi.fn(async () => []),
  };
  render(
    <AdminContext
      dataProvider={dataProvider as unknown as DataProvider}
      authProvider={authProvider}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      store={memoryStore()}
      i18nProvider={createI18nProvider('zh')}
    >
      <PasswordChangeGate />
      <Notification />
    </AdminContext>,
  );
  return { dataProvider, authProvider };
}

afterEach(() => {
  clearToken();
  setPasswordChangeRequired(false);
});

describe('PasswordChangeGate', { timeout: 30_000 }, () => {
  it('stays hidden while no change is required', () => {
    setToken('tok', false);
    renderGate();
    expect(screen.queryByText('请修改初始密码')).toBeNull();
  });

  it('asks for the change in a modal that Escape does not close, with the old password empty, and lets the app continue', async () => {
    setToken('tok', false);
    const { dataProvider } = renderGate();
    act(() => setPasswordChangeRequired(true));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('请修改初始密码')).toBeTruthy();
    expect(within(dialog).getByText(/首次登录或密码被重置后，请先修改密码/)).toBeTruthy();
    const old = within(dialog).getByLabelText(/旧密码/) as HTMLInputElement;
    expect(old.value).toBe('');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.change(old, { target: { value: 'Init@pass123' } });
    fireEvent.change(within(dialog).getByLabelText(/新密码/), { target: { value: 'Mine@pass1' } });
    fireEvent.change(within(dialog).getByLabelText(/确认密码/), { target: { value: 'Mine@pass1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /修改密码/ }));
    await waitFor(() =>
      expect(dataProvider.call).toHaveBeenCalledWith('api/users/updatePass', { method: 'POST', body: { oldPass: 'enc(Init@pass123)', newPass: 'enc(Mine@pass1)' } }),
    );
    await waitFor(() => expect(screen.queryByText('请修改初始密码')).toBeNull());
    expect(isPasswordChangeRequired()).toBe(false);
    expect(await screen.findByText('密码修改成功')).toBeTruthy();
  });

  it('offers 退出登录 as the only other way out', async () => {
    setToken('tok', false);
    const { authProvider } = renderGate();
    act(() => setPasswordChangeRequired(true));
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
  });
});
