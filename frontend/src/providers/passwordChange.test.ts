// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { stubFetch } from '../resources/shared/testUtils';
import { authProvider, loadAuthInfo, resetAuthInfo } from './authProvider';
import { clearToken, rememberFailedMethod, requestJson, setToken } from './http';
import { isPasswordChangeError, isPasswordChangeRequired, setPasswordChangeRequired } from './passwordChange';

vi.mock('./rsa', () => ({ encryptPassword: async () => 'encrypted' }));

const user = { id: 9, username: 'fresh', nickName: '新同事' };
const FORCED = { status: 403, code: 'PASSWORD_CHANGE_REQUIRED', message: '首次登录或密码被重置后，请先修改密码' };

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
  resetAuthInfo();
  setPasswordChangeRequired(false);
});

describe('the forced password change flag', () => {
  it('follows the login answer, and logging out clears it', async () => {
    stubFetch((_m, url) => {
      if (url.includes('auth/publicKey')) return { publicKey: 'PEM' };
      if (url.includes('auth/login')) return { token: 'tok', user, roles: [], dataScopes: [], passwordChangeRequired: true };
      return undefined;
    });
    await authProvider.login({ username: 'fresh', password: 'Init@pass123', code: '', uuid: '' });
    expect(isPasswordChangeRequired()).toBe(true);
    await authProvider.logout({});
    expect(isPasswordChangeRequired()).toBe(false);
  });

  it('follows auth/info (a reload with the session still open)', async () => {
    setToken('tok', false);
    stubFetch(() => ({ user, roles: [], dataScopes: [], passwordChangeRequired: true }));
    await loadAuthInfo();
    expect(isPasswordChangeRequired()).toBe(true);
  });

  it('is set by any call answering 403 PASSWORD_CHANGE_REQUIRED, which keeps the session and the page', async () => {
    setToken('tok', false);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(FORCED), { status: 403, headers: { 'Content-Type': 'application/json' } })));
    const error = await requestJson('api/menus/build').catch((e: unknown) => e);
    expect(isPasswordChangeError(error)).toBe(true);
    expect(isPasswordChangeRequired()).toBe(true);
    // No /401 redirect, no logout: the change dialog takes over.
    setPasswordChangeRequired(false);
    await expect(authProvider.checkError(error)).resolves.toBeUndefined();
    expect(isPasswordChangeRequired()).toBe(true);
    // Another 403 on a read still opens the no-permission page.
    const other = rememberFailedMethod(new HttpError('没有权限执行此操作', 403, { status: 403, code: 'FORBIDDEN' }), 'GET');
    expect(isPasswordChangeError(other)).toBe(false);
    await expect(authProvider.checkError(other)).rejects.toMatchObject({ redirectTo: '/401' });
  });

  it('is cleared when the session expires (401)', async () => {
    setPasswordChangeRequired(true);
    await expect(authProvider.checkError(new HttpError('登录状态已过期', 401, { status: 401 }))).rejects.toEqual({ message: false });
    expect(isPasswordChangeRequired()).toBe(false);
  });
});
