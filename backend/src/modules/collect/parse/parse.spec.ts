import { readFixture } from '../../../../test/fixtures/feeds/feed-server.js';
import { extractArticle } from './article.js';
import { discoverFeeds, fallbackFeedUrls } from './discover.js';
import { parseHtmlList } from './html-list.js';
import { CollectParseError } from './parse-error.js';
import { sniffKind } from './sniff.js';
import { assertSafeXml } from './xml-guard.js';

const fixture = (name: string): string => readFixture(name).toString('utf8');

describe('sniffKind (collect-design §3.2)', () => {
  it.each([
    ['\uFEFF  {"version": "x"}', 'json'],
    ['<?xml version="1.0"?>\n<rss version="2.0">', 'xml'],
    ['<?xml version="1.0"?><!-- c --><feed xmlns="http://www.w3.org/2005/Atom">', 'xml'],
    ['<rdf:RDF xmlns:rdf="x">', 'xml'],
    ['<!DOCTYPE html><html>', 'html'],
    ['  <html lang="en">', 'html'],
    ['<?xml version="1.0"?><!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0//EN" "x"><html xmlns="http://www.w3.org/1999/xhtml">', 'html'],
    ['plain text', 'unknown'],
  ])('%s → %s', (input, kind) => {
    expect(sniffKind(input)).toBe(kind);
  });
});

describe('assertSafeXml', () => {
  it('refuses internal subsets and entity declarations, allows plain XML', () => {
    expect(() => assertSafeXml(fixture('billion-laughs.xml'))).toThrow(CollectParseError);
    expect(() => assertSafeXml('<?xml version="1.0"?><!DOCTYPE a [ ]><a/>')).toThrow('DTD 不被允许');
    expect(() => assertSafeXml('<!ENTITY % x SYSTEM "http://e/">')).toThrow(CollectParseError);
    expect(() => assertSafeXml(fixture('atom-xhtml.xml'))).not.toThrow();
  });
});

describe('parseHtmlList (collect-design §3.3)', () => {
  const selectors = { item: 'ul.news li.row', link: 'a.t', title: 'a.t', time: 'span.d', timeAttr: 'data-time' };

  it('reads items by selectors, skipping those without link or title', () => {
    const items = parseHtmlList(fixture('list.html'), selectors, 'https://list.example.cn/news/list.html');
    expect(items.map((i) => [i.url, i.title])).toEqual([
      ['https://list.example.cn/pages/article-1.html', '国务院发布新一轮稳增长措施'],
      ['https://list.example.cn/news/pages/article-2.html?utm_source=list', '科技企业研发投入持续增长'],
    ]);
    expect(items[0].publishTime?.toISOString()).toBe('2025-05-06T01:30:00.000Z');
    expect(items[1].publishTime?.toISOString()).toBe('2025-05-05T10:00:00.000Z');
  });

  it('reads the time from the text when the attribute is missing, and honours the timezone', () => {
    const items = parseHtmlList(fixture('list.html'), { ...selectors, timeAttr: 'nope' }, 'https://list.example.cn/', { timezone: 'UTC' });
    expect(items[0].publishTime?.toISOString()).toBe('2025-05-06T09:30:00.000Z');
  });

  it('refuses bad or missing selectors', () => {
    expect(() => parseHtmlList('<p/>', { item: 'li[', link: 'a', title: 'a' }, 'https://x.test/')).toThrow(CollectParseError);
    expect(() => parseHtmlList('<p/>', { item: '', link: 'a', title: 'a' }, 'https://x.test/')).toThrow(CollectParseError);
    expect(() => parseHtmlList('<p/>', { item: 'x'.repeat(201), link: 'a', title: 'a' }, 'https://x.test/')).toThrow(CollectParseError);
  });
});

describe('discoverFeeds', () => {
  it('lists the announced feeds in document order, resolved', () => {
    expect(discoverFeeds(fixture('home.html'), 'https://news.example.cn/index.html')).toEqual([
      { url: 'https://news.example.cn/feeds/rss2-gbk.xml', type: 'rss', title: '全部新闻' },
      { url: 'https://atom.example.org/blog/feed.atom', type: 'atom', title: 'Atom' },
      { url: 'https://news.example.cn/feeds/feed.json', type: 'json', title: 'JSON' },
    ]);
    expect(discoverFeeds('<html><head></head></html>', 'https://x.test/')).toEqual([]);
    expect(fallbackFeedUrls('https://x.test/a/b?c')).toEqual(['https://x.test/feed', 'https://x.test/rss', 'https://x.test/rss.xml', 'https://x.test/atom.xml', 'https://x.test/index.xml']);
  });
});

describe('extractArticle (collect-design §3.4)', () => {
  it('extracts the body, canonical URL (same host) and publish time', () => {
    const a = extractArticle(fixture('pages/article-1.html'), 'https://list.example.cn/pages/article-1.html');
    expect(a.canonicalUrl).toBe('https://list.example.cn/pages/article-1.html?from=canonical');
    expect(a.publishTime?.toISOString()).toBe('2025-05-06T01:30:00.000Z');
    expect(a.language).toBe('zh-CN');
    expect(a.text).toContain('国务院常务会议今天部署了新一轮稳增长措施');
    expect(a.text).toContain('培育新型消费业态');
    expect(a.text).not.toContain('广告');
    expect(a.text).not.toContain('版权所有');
  });

  it('ignores a canonical URL on another host, and survives a page without an article', () => {
    const page = '<html><head><link rel="canonical" href="https://other.example/x"><meta property="article:published_time" content="nonsense"></head><body><p>short</p></body></html>';
    const a = extractArticle(page, 'https://list.example.cn/p');
    expect(a.canonicalUrl).toBeUndefined();
    expect(a.publishTime).toBeUndefined();
    expect(a.text ?? '').not.toContain('国务院');
  });
});
