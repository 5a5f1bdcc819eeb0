// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../resources/shared/testUtils';
import { authProvider, resetAuthInfo } from './authProvider';
import { clearToken } from './http';

vi.mock('./rsa', () => ({ encryptPassword: async () => 'encrypted' }));

const user = { id: 7, username: 'reviewer', nickName: '王审校', dept: { id: 4, name: '国际新闻部', pid: 2 } };

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
  resetAuthInfo();
});

describe('authProvider.login', () => {
  it('uses the login answer as auth/info: identity and permissions without a second call', async () => {
    const calls = stubFetch((_m, url) => {
      if (url.includes('auth/publicKey')) return { publicKey: 'PEM' };
      if (url.includes('auth/login')) return { token: 'tok', user, roles: ['news:list', 'news:judge'], dataScopes: [4] };
      return { user, roles: ['stale'], dataScopes: [] };
    });
    await authProvider.login({ username: ' reviewer ', password: 'x', code: '1', uuid: 'u' });
    expect(calls.find((c) => c.url.includes('auth/login'))?.body).toMatchObject({ username: 'reviewer', password: 'encrypted', code: '1', uuid: 'u' });
    expect(await authProvider.getPermissions!({})).toEqual(['news:list', 'news:judge']);
    expect((await authProvider.getIdentity!()).fullName).toBe('王审校');
    expect(calls.some((c) => c.url.includes('auth/info'))).toBe(false);
  });

  it('asks auth/info when an older server answers only the token and the user', async () => {
    const calls = stubFetch((_m, url) => {
      if (url.includes('auth/publicKey')) return { publicKey: 'PEM' };
      if (url.includes('auth/login')) return { token: 'tok', user };
      return { user, roles: ['news:list'], dataScopes: [] };
    });
    await authProvider.login({ username: 'reviewer', password: 'x', code: '1', uuid: 'u' });
    expect(await authProvider.getPermissions!({})).toEqual(['news:list']);
    expect(calls.filter((c) => c.url.includes('auth/info'))).toHaveLength(1);
  });
});
