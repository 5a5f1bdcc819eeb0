import { digestNotice, SUBSCRIPTION_LINK } from './subscription-notifier.service';

describe('digestNotice', () => {
  it('names the period of a digest, the count and the newest title, and links to the 关注 tab', () => {
    const n = digestNotice('daily', 12, '能源价格上涨');
    expect(n.title).toBe('订阅更新');
    expect(n.msg).toBe(`近一天您订阅的新闻有 12 条更新，最新：「能源价格上涨」。<a href="${SUBSCRIPTION_LINK}">查看关注</a>`);
    expect(digestNotice('realtime', 1, 'x').msg.startsWith('您订阅的新闻有 1 条更新')).toBe(true);
    expect(digestNotice('hourly', 2, 'x').msg.startsWith('近一小时')).toBe(true);
  });

  it('escapes the title (collected text is not markup)', () => {
    const n = digestNotice('hourly', 1, '<img src=x onerror=alert(1)>"&');
    expect(n.msg).toContain('「&lt;img src=x onerror=alert(1)&gt;&quot;&amp;」');
    expect(n.msg).not.toContain('<img');
  });
});
