import { readFixture } from '../../../../test/fixtures/feeds/feed-server.js';
import { decodeBody } from '../fetch/decode.js';
import { parseFeedDocument } from './feed.js';
import { CollectParseError } from './parse-error.js';

const text = (name: string): string => decodeBody(readFixture(name)).text;
const parse = (name: string, feedUrl = 'https://feeds.example.test/feed') => parseFeedDocument(text(name), { feedUrl });

const code = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (e) {
    return e instanceof CollectParseError ? e.code : `other: ${(e as Error).message}`;
  }
  return undefined;
};

describe('parseFeedDocument (collect-design §3.3)', () => {
  it('reads RSS 2.0 in GBK with CDATA', () => {
    const feed = parse('rss2-gbk.xml');
    expect(feed).toMatchObject({ format: 'rss', title: '示例新闻网 - 全部新闻', link: 'https://news.example.cn/', language: 'zh-cn' });
    expect(feed.items).toHaveLength(2);
    const [first, second] = feed.items;
    expect(first).toMatchObject({
      guid: 'news-cn-1001',
      url: 'https://news.example.cn/2025/06/10/rrr.html?utm_source=rss&id=1',
      title: '央行宣布下调存款准备金率0.25个百分点',
      summaryHtml: '<p>摘要：央行决定下调金融机构存款准备金率。</p>',
      categories: ['经济', '金融'],
    });
    expect(first.contentHtml).toContain('<strong>0.25个百分点</strong>');
    expect(first.publishTime?.toISOString()).toBe('2025-06-10T04:00:00.000Z');
    // relative link against the channel link; dc:date when there is no pubDate
    expect(second.url).toBe('https://news.example.cn/2025/06/09/rail.html');
    expect(second.guid).toBeUndefined();
    expect(second.publishTime?.toISOString()).toBe('2025-06-09T00:00:00.000Z');
  });

  it('reads Atom with xhtml content, xml:base and type=html titles', () => {
    const feed = parse('atom-xhtml.xml');
    expect(feed).toMatchObject({ format: 'atom', title: 'Atom 示例', link: 'https://atom.example.org/blog/' });
    const [first, second] = feed.items;
    expect(first).toMatchObject({
      guid: 'tag:atom.example.org,2025:1',
      url: 'https://atom.example.org/blog/posts/1?utm_source=rss',
      title: 'Central bank holds rates & signals patience',
      categories: ['economy'],
    });
    expect(first.contentHtml).toBe('<p>The bank kept its <b>policy rate</b> unchanged.</p><p><a href="/about">About</a></p>');
    expect(first.publishTime?.toISOString()).toBe('2025-03-01T00:30:00.000Z');
    expect(second.title).toBe('Markets rally');
    expect(second.url).toBe('https://atom.example.org/blog/posts/2');
    expect(second.summaryHtml).toBe('<p>Stocks &lt;rose&gt; on the news.</p>');
    expect(second.publishTime?.toISOString()).toBe('2025-03-02T09:00:00.000Z');
  });

  it('reads RSS 1.0 (RDF)', () => {
    const feed = parse('rss1.rdf');
    expect(feed.format).toBe('rdf');
    expect(feed.items.map((i) => [i.guid, i.url, i.title])).toEqual([
      ['https://rdf.example.net/story/1', 'https://rdf.example.net/story/1', 'First RDF story'],
      ['https://rdf.example.net/story/2', 'https://rdf.example.net/story/2', 'Second RDF story'],
    ]);
    expect(feed.items[0].summaryHtml).toBe('One & only.');
    expect(feed.items[0].categories).toEqual(['tech']);
    // a date without a time is midnight in the process zone (Asia/Shanghai in unit tests)
    expect(feed.items[1].publishTime?.toISOString()).toBe('2025-02-01T16:00:00.000Z');
  });

  it('reads JSON Feed (html and text content)', () => {
    const feed = parse('feed.json', 'https://json.example.com/feed.json');
    expect(feed).toMatchObject({ format: 'json', title: 'JSON 示例', language: 'en' });
    expect(feed.items[0]).toMatchObject({ guid: 'j-1', url: 'https://json.example.com/items/1', categories: ['a', 'b'] });
    expect(feed.items[0].contentHtml).toContain('<strong>world</strong>');
    expect(feed.items[1]).toMatchObject({ url: 'https://json.example.com/items/2', contentHtml: '<p>Plain &lt;text&gt; only</p>' });
    expect(feed.items[1].publishTime?.toISOString()).toBe('2025-04-02T04:00:00.000Z');
  });

  it('caps the item count', () => {
    expect(parseFeedDocument(text('rss2-gbk.xml'), { feedUrl: 'https://x.test/', maxItems: 1 }).items).toHaveLength(1);
  });

  it('refuses a broken feed, HTML, billion laughs and XXE', () => {
    expect(code(() => parse('broken.xml'))).toBe('MALFORMED');
    expect(code(() => parse('list.html'))).toBe('NOT_A_FEED');
    expect(code(() => parse('billion-laughs.xml'))).toBe('DTD_FORBIDDEN');
    expect(code(() => parse('xxe.xml'))).toBe('DTD_FORBIDDEN');
    expect(code(() => parse('xxe-parameter.xml'))).toBe('DTD_FORBIDDEN');
    expect(code(() => parseFeedDocument('{"not": "a feed"}', { feedUrl: 'https://x.test/' }))).toBe('MALFORMED');
  });

  it('allows a harmless public doctype (RSS 0.91)', () => {
    const rss091 =
      '<?xml version="1.0"?><!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">' +
      '<rss version="0.91"><channel><title>Old</title><link>https://old.example/</link><item><title>x</title><link>https://old.example/1</link></item></channel></rss>';
    expect(parseFeedDocument(rss091, { feedUrl: 'https://old.example/rss' }).items).toHaveLength(1);
  });
});
