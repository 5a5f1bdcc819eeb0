import { readFixture } from '../../../../test/fixtures/feeds/feed-server.js';
import { decodeBody } from '../fetch/decode.js';
import { extractArticle } from '../parse/article.js';
import { parseFeedDocument } from '../parse/feed.js';
import { buildItem, compileRules, contentHash } from './item.js';

const fetchTime = new Date('2025-06-10T12:00:00Z');

describe('buildItem (collect-design §3.6)', () => {
  const feed = parseFeedDocument(decodeBody(readFixture('rss2-gbk.xml')).text, { feedUrl: 'https://news.example.cn/rss.xml' });

  it('turns a feed item into an IngestItem', () => {
    const rules = compileRules([
      { query: '降准 OR 存款准备金率', classify: [7] },
      { query: '高铁', classify: [9] },
      { query: '((broken', classify: [99] },
    ]);
    const item = buildItem({ item: feed.items[0], source: { language: 'zh', country: 'CN', classify: [3], rules }, fetchTime })!;
    expect(item.url).toBe('https://news.example.cn/2025/06/10/rrr.html?id=1');
    expect(item.guid).toBe('news-cn-1001');
    expect(item.title).toBe('央行宣布下调存款准备金率0.25个百分点');
    expect(item.contentHtml).toContain('<strong>0.25个百分点</strong>');
    expect(item.contentHtml).not.toContain('script');
    expect(item.content).toContain('中国人民银行10日宣布');
    expect(item.content).not.toContain('alert');
    expect(item.publishTime.toISOString()).toBe('2025-06-10T04:00:00.000Z');
    expect(item.language).toBe('zh');
    expect(item.country).toBe('CN');
    expect(item.classify).toEqual([3, 7]);
    expect(item.keywords.length).toBeGreaterThan(0);
    expect(item.contentHash).toBe(contentHash(item.title, item.content));
    expect(BigInt(item.contentHash)).toBeGreaterThanOrEqual(-(2n ** 63n));
  });

  it('prefers the page text and canonical URL, and the page time when the feed has none', () => {
    const page = extractArticle(readFixture('pages/article-1.html').toString('utf8'), 'https://list.example.cn/pages/article-1.html');
    const item = buildItem({
      item: { url: 'https://list.example.cn/pages/article-1.html?utm_source=list', title: '国务院发布新一轮稳增长措施', categories: [] },
      article: page,
      source: { language: 'en' },
      fetchTime,
    })!;
    expect(item.url).toBe('https://list.example.cn/pages/article-1.html?from=canonical');
    expect(item.content).toContain('培育新型消费业态');
    expect(item.publishTime.toISOString()).toBe('2025-05-06T01:30:00.000Z');
    expect(item.language).toBe('zh-CN'); // declared by the page
    expect(item.guid).toBeNull();
  });

  it('detects the language, else takes the source language; uses the fetch time for future dates', () => {
    const english = buildItem({
      item: { url: 'https://x.example/1', title: 'Parliament approves the new budget after a long debate', summaryHtml: '<p>The vote passed with a large majority in the evening session.</p>', publishTime: new Date('2030-01-01T00:00:00Z'), categories: [] },
      source: { language: 'fr' },
      fetchTime,
    })!;
    expect(english.language).toBe('en');
    expect(english.publishTime).toBe(fetchTime);
    expect(english.contentHtml).toBe('<p>The vote passed with a large majority in the evening session.</p>');
    const short = buildItem({ item: { url: 'https://x.example/2', title: 'Ok', categories: [] }, source: { language: 'fr' }, fetchTime })!;
    expect(short.language).toBe('fr');
    expect(short.contentHtml).toBeNull();
    expect(short.content).toBe('');
  });

  it('drops items without a usable URL or title', () => {
    expect(buildItem({ item: { url: 'javascript:x', title: 't', categories: [] }, source: {}, fetchTime })).toBeUndefined();
    expect(buildItem({ item: { url: 'https://x.example/3', title: '  ', categories: [] }, source: {}, fetchTime })).toBeUndefined();
  });

  it('hashes title and text', () => {
    expect(contentHash('a', 'b')).toBe(contentHash('a', 'b'));
    expect(contentHash('a', 'b')).not.toBe(contentHash('a', 'c'));
    expect(contentHash('a', 'b')).toMatch(/^-?\d+$/);
  });
});
