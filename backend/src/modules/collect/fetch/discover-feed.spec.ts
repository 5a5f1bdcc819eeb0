import { startFeedServer, type FeedServer } from '../../../../test/fixtures/feeds/feed-server.js';
import { CollectParseError } from '../parse/parse-error.js';
import { readDocument } from '../parse/read.js';
import { findFeed } from './discover-feed.js';
import { SafeFetcher } from './safe-fetch.js';

describe('findFeed and readDocument on loopback (collect-design §3.3)', () => {
  let server: FeedServer;
  let fetcher: SafeFetcher;

  beforeAll(async () => {
    server = await startFeedServer();
    fetcher = new SafeFetcher({ allowPrivate: true, timeoutMs: 5_000 });
  });
  afterAll(async () => {
    await fetcher.close();
    await server.close();
  });

  it('takes the first announced feed of a home page and lists them all', async () => {
    const found = await findFeed(fetcher, server.url('/home.html'));
    expect(found.feedUrl).toBe(server.url('/feeds/rss2-gbk.xml'));
    expect(found.type).toBe('rss');
    expect(found.title).toBe('示例新闻网 - 全部新闻');
    expect(found.discovered.map((d) => d.type)).toEqual(['rss', 'atom', 'json']);
    expect(found.read.items[0].title).toBe('央行宣布下调存款准备金率0.25个百分点');
    expect(found.read.charset).toBe('gb18030');
  });

  it('answers the page itself when it is a feed', async () => {
    const found = await findFeed(fetcher, server.url('/gzip/atom-xhtml.xml'));
    expect(found).toMatchObject({ feedUrl: server.url('/gzip/atom-xhtml.xml'), type: 'atom', discovered: [] });
  });

  it('tries the fallback paths, else FEED_NOT_FOUND', async () => {
    server.route('/rss.xml', (_req, res) => void res.writeHead(200, { 'content-type': 'application/xml' }).end(fixtureRdf()));
    const found = await findFeed(fetcher, server.url('/pages/article-1.html'));
    expect(found).toMatchObject({ feedUrl: server.url('/rss.xml'), type: 'rss' });
    const silent = await startFeedServer();
    try {
      await expect(findFeed(fetcher, silent.url('/list.html'))).rejects.toMatchObject({ code: 'FEED_NOT_FOUND' });
      await expect(findFeed(fetcher, silent.url('/list.html'))).rejects.toBeInstanceOf(CollectParseError);
    } finally {
      await silent.close();
    }
  });

  it('reads an HTML list page by selectors with its title', async () => {
    const res = await fetcher.fetch(server.url('/list.html'));
    const read = readDocument({ body: res.body, contentType: res.headers['content-type'], url: res.url, type: 'html', selectors: { item: 'li.row', link: 'a', title: 'a' } });
    expect(read.title).toBe('要闻列表');
    expect(read.items.map((i) => i.url)).toEqual([server.url('/pages/article-1.html'), server.url('/pages/article-2.html?utm_source=list')]);
    expect(() => readDocument({ body: res.body, url: res.url, type: 'rss' })).toThrow('内容不是订阅源');
  });
});

function fixtureRdf(): string {
  return '<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="https://r.example/"><title>R</title><link>https://r.example/</link></channel><item rdf:about="https://r.example/1"><title>One</title><link>https://r.example/1</link></item></rdf:RDF>';
}
