// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../resources/shared/testUtils';
import { consumeHandoff, consumeLoginNotice, handoffOf, setLoginNotice, withoutCode } from './handoff';

afterEach(() => vi.unstubAllGlobals());

describe('handoff', () => {
  it('finds a code only on the pages that take one', () => {
    expect(handoffOf('/pro/setManu', '?productId=1&journalId=2&access_token=abc')).toEqual({ purpose: 'setManu', code: 'abc' });
    expect(handoffOf('/pro/setManu/', '?access_token=abc')).toEqual({ purpose: 'setManu', code: 'abc' });
    expect(handoffOf('/pro/news', '?access_token=abc')).toBeNull();
    expect(handoffOf('/pro/setManu', '?productId=1')).toBeNull();
  });

  it('strips the code and keeps the rest of the address', () => {
    expect(withoutCode('http://x/horizon/pro/setManu?productId=1&access_token=abc&journalId=2#h')).toBe('/horizon/pro/setManu?productId=1&journalId=2#h');
  });

  it('exchanges the code before the app renders, and says when it failed', async () => {
    window.history.replaceState(null, '', '/horizon/pro/setManu?productId=1&journalId=2&access_token=abc');
    const calls = stubFetch((method, url) => (url.includes('auth/handoff/exchange') ? { token: 'tok', user: { id: 1, username: 'admin' }, roles: ['admin'], dataScopes: [] } : undefined));
    expect(await consumeHandoff('/horizon')).toBe(true);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { purpose: 'setManu', code: 'abc' } });
    expect(window.location.search).toBe('?productId=1&journalId=2');
    expect(document.cookie).toContain('tok');

    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/horizon/pro/setManu?access_token=used');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: 401, message: '链接已失效，请从原页面重新打开' }), { status: 401, headers: { 'Content-Type': 'application/json' } })));
    expect(await consumeHandoff('/horizon')).toBe(false);
    expect(window.location.search).toBe('');
  });

  it('keeps a login notice for one reading', () => {
    setLoginNotice('链接已失效');
    expect(consumeLoginNotice()).toBe('链接已失效');
    expect(consumeLoginNotice()).toBeNull();
  });
});
