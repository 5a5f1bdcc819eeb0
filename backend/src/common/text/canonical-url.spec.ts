import { canonicalUrl } from './canonical-url.js';

describe('canonicalUrl (collect-design §4.1)', () => {
  it.each([
    ['HTTP://Example.COM:80/a/./b/../c?b=2&a=1#frag', 'http://example.com/a/c?a=1&b=2'],
    ['https://example.com:443/', 'https://example.com/'],
    ['https://example.com:8443/x', 'https://example.com:8443/x'],
    ['https://example.com/p?utm_source=x&utm_medium=y&id=7&fbclid=abc&gclid=1', 'https://example.com/p?id=7'],
    ['https://example.com/p?utm_source=x', 'https://example.com/p'],
    ['https://example.com/p?', 'https://example.com/p'],
    ['https://example.com/app#!/story/1', 'https://example.com/app#!/story/1'],
    ['https://例子.中国/新闻', 'https://xn--fsqu00a.xn--fiqs8s/%E6%96%B0%E9%97%BB'],
    ['https://user:pw@example.com/a', 'https://example.com/a'],
    ['https://example.com/p?b=2&a=z&b=1', 'https://example.com/p?a=z&b=2&b=1'],
    ['https://example.com/p?q=a%2Fb&spm=1.2', 'https://example.com/p?q=a%2Fb'],
  ])('%s → %s', (input, expected) => {
    expect(canonicalUrl(input)).toBe(expected);
  });

  it('keeps the WeChat article keys and drops its share parameters', () => {
    const url =
      'https://mp.weixin.qq.com/s?__biz=MzA&mid=2650&idx=1&sn=abc&chksm=84&scene=21&sharer_sharetime=1&from=timeline&isappinstalled=0#wechat_redirect';
    expect(canonicalUrl(url)).toBe('https://mp.weixin.qq.com/s?__biz=MzA&idx=1&mid=2650&sn=abc');
    // `from` is tracking only on WeChat
    expect(canonicalUrl('https://example.com/s?from=a')).toBe('https://example.com/s?from=a');
  });

  it('resolves against a base and refuses non-http(s)', () => {
    expect(canonicalUrl('../b?utm_campaign=1', 'https://example.com/a/c/')).toBe('https://example.com/a/b');
    expect(canonicalUrl('javascript:alert(1)')).toBeUndefined();
    expect(canonicalUrl('ftp://example.com/x')).toBeUndefined();
    expect(canonicalUrl('not a url')).toBeUndefined();
  });
});
