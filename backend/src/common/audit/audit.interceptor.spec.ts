import { maskParams } from './audit.interceptor.js';

describe('maskParams', () => {
  it('answers null for an empty body', () => {
    expect(maskParams(undefined)).toBeNull();
    expect(maskParams(null)).toBeNull();
    expect(maskParams({})).toBeNull();
    expect(maskParams([])).toBeNull();
  });

  it('masks passwords, tokens, captcha codes and uuids at any depth', () => {
    const body = {
      username: 'admin',
      password: 'cipher-text',
      code: '7',
      uuid: 'abc',
      rememberMe: true,
      nested: { oldPass: 'o', newPass: 'n', accessToken: 't', clientSecret: 's', list: [{ PASSWORD: 'p' }] },
    };
    const text = maskParams(body)!;
    expect(JSON.parse(text)).toEqual({
      username: 'admin',
      password: '******',
      code: '******',
      uuid: '******',
      rememberMe: true,
      nested: { oldPass: '******', newPass: '******', accessToken: '******', clientSecret: '******', list: [{ PASSWORD: '******' }] },
    });
    for (const secret of ['cipher-text', '"o"', '"n"', '"t"', '"s"', '"p"']) expect(text).not.toContain(secret);
  });

  it('masks access keys (key, apiKey) but not look-alike fields such as keywords', () => {
    expect(JSON.parse(maskParams({ key: 'hzk_secret', apiKey: 'k', keywords: ['能源'], monkey: 'm' })!)).toEqual({ key: '******', apiKey: '******', keywords: ['能源'], monkey: 'm' });
  });

  it('masks a whole object under a secret key', () => {
    expect(JSON.parse(maskParams({ token: { value: 'x' } })!)).toEqual({ token: '******' });
  });

  it('keeps ordinary fields and id arrays', () => {
    expect(maskParams([1, 2, 3])).toBe('[1,2,3]');
    expect(maskParams({ id: 1, nickName: '张三', roles: [{ id: 2 }] })).toBe('{"id":1,"nickName":"张三","roles":[{"id":2}]}');
  });

  it('cuts long bodies at 2000 characters', () => {
    const text = maskParams({ content: 'x'.repeat(5000) })!;
    expect(text).toHaveLength(2001);
    expect(text.endsWith('…')).toBe(true);
  });
});
