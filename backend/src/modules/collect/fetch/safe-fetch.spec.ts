import { startFeedServer, type FeedServer } from '../../../../test/fixtures/feeds/feed-server.js';
import { FetchError } from './fetch-error.js';
import { SafeFetcher } from './safe-fetch.js';

// Safe fetch against the loopback feed server (docs/collect-design.md §3.1, §12), private targets
// allowed through `allowPrivate` since everything lives on 127.0.0.1.
describe('SafeFetcher on loopback', () => {
  let server: FeedServer;
  let fetcher: SafeFetcher;

  beforeAll(async () => {
    server = await startFeedServer();
    fetcher = new SafeFetcher({ allowPrivate: true, timeoutMs: 5_000, userAgent: 'HorizonTest/1' });
  });
  afterAll(async () => {
    await fetcher.close();
    await server.close();
  });

  const failure = async (promise: Promise<unknown>): Promise<FetchError> => {
    try {
      await promise;
    } catch (e) {
      expect(e).toBeInstanceOf(FetchError);
      return e as FetchError;
    }
    throw new Error('expected a FetchError');
  };

  it('fetches a fixture with headers, and answers 304 to its ETag', async () => {
    const first = await fetcher.fetch(server.url('/feeds/feed.json'));
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body.toString('utf8')).title).toBe('JSON 示例');
    expect(first.bytes).toBe(first.body.length);
    const sent = server.requests.at(-1)!.headers;
    expect(sent['user-agent']).toBe('HorizonTest/1');
    expect(sent['accept-encoding']).toBe('gzip, deflate, br');

    const second = await fetcher.fetch(server.url('/feeds/feed.json'), { etag: first.headers.etag, lastModified: first.headers['last-modified'] });
    expect(second.status).toBe(304);
    expect(second.body.length).toBe(0);
    expect(server.requests.at(-1)!.headers['if-none-match']).toBe(first.headers.etag);
    expect(server.requests.at(-1)!.headers['if-modified-since']).toBe('Tue, 10 Jun 2025 04:00:00 GMT');
  });

  it('decodes gzip bodies', async () => {
    const res = await fetcher.fetch(server.url('/gzip/feed.json'));
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.bytes).toBeLessThan(res.body.length);
    expect(JSON.parse(res.body.toString('utf8')).items).toHaveLength(2);
  });

  it('follows up to 5 redirects and refuses the 6th', async () => {
    const ok = await fetcher.fetch(server.url('/redirect/5'));
    expect(ok.status).toBe(200);
    expect(ok.url).toBe(server.url('/feeds/atom-xhtml.xml'));
    expect(ok.redirects).toHaveLength(5);
    expect(ok.permanentRedirect).toBeUndefined();
    expect((await failure(fetcher.fetch(server.url('/redirect/6')))).code).toBe('TOO_MANY_REDIRECTS');
  });

  it('reports a permanent redirect target', async () => {
    const res = await fetcher.fetch(server.url('/moved'));
    expect(res.permanentRedirect).toBe(server.url('/feeds/feed.json'));
  });

  it('stops a redirect loop', async () => {
    expect((await failure(fetcher.fetch(server.url('/loop/a')))).code).toBe('REDIRECT_LOOP');
  });

  it('cuts an endless body at the cap', async () => {
    const small = new SafeFetcher({ allowPrivate: true, maxBytes: 1024 * 1024, timeoutMs: 5_000 });
    try {
      const err = await failure(small.fetch(server.url('/endless')));
      expect(err.code).toBe('TOO_LARGE');
    } finally {
      await small.close();
    }
  });

  it('cuts the default 10 MB cap on an endless body', async () => {
    const err = await failure(fetcher.fetch(server.url('/endless')));
    expect(err.code).toBe('TOO_LARGE');
  });

  it('cuts a gzip bomb after decompression', async () => {
    const err = await failure(fetcher.fetch(server.url('/gzip-bomb')));
    expect(err.code).toBe('TOO_LARGE');
    expect(err.message).toContain('decoded');
  });

  it('refuses a too large Content-Length unread', async () => {
    expect((await failure(fetcher.fetch(server.url('/too-long')))).code).toBe('TOO_LARGE');
  });

  it('times out', async () => {
    const quick = new SafeFetcher({ allowPrivate: true, timeoutMs: 300 });
    try {
      expect((await failure(quick.fetch(server.url('/slow')))).code).toBe('TIMEOUT');
    } finally {
      await quick.close();
    }
  });

  it('reports HTTP errors with Retry-After in seconds or as a date', async () => {
    const e429 = await failure(fetcher.fetch(server.url('/429')));
    expect(e429).toMatchObject({ code: 'HTTP', httpStatus: 429, retryAfter: 120 });
    const e503 = await failure(fetcher.fetch(server.url('/503')));
    expect(e503.httpStatus).toBe(503);
    expect(e503.retryAfter).toBeGreaterThan(3500);
    expect(e503.retryAfter).toBeLessThanOrEqual(3600);
    expect(await failure(fetcher.fetch(server.url('/feeds/missing.xml')))).toMatchObject({ code: 'HTTP', httpStatus: 404, retryAfter: undefined });
  });

  it('refuses other schemes and credentials', async () => {
    expect((await failure(fetcher.fetch('ftp://127.0.0.1/x'))).code).toBe('BAD_URL');
    expect((await failure(fetcher.fetch(server.url('/x').replace('http://', 'http://u:p@')))).code).toBe('BAD_URL');
  });

  it('maps a refused connection to NETWORK', async () => {
    expect((await failure(fetcher.fetch('http://127.0.0.1:1/'))).code).toBe('NETWORK');
  });

  it('refuses loopback without allowPrivate, for literals and for names', async () => {
    const guarded = new SafeFetcher({ timeoutMs: 3_000 });
    const lying = new SafeFetcher({ timeoutMs: 3_000, resolver: (_host, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]) });
    try {
      expect((await failure(guarded.fetch(server.url('/feeds/feed.json')))).code).toBe('PRIVATE_ADDRESS');
      expect((await failure(guarded.fetch(`http://[::1]:${new URL(server.origin).port}/`))).code).toBe('PRIVATE_ADDRESS');
      expect((await failure(guarded.fetch(`http://[::ffff:127.0.0.1]:${new URL(server.origin).port}/`))).code).toBe('PRIVATE_ADDRESS');
      // a public-looking name that resolves to loopback (DNS rebinding) is refused at connect
      const port = new URL(server.origin).port;
      expect((await failure(lying.fetch(`http://feeds.example.com:${port}/feeds/feed.json`))).code).toBe('PRIVATE_ADDRESS');
    } finally {
      await guarded.close();
      await lying.close();
    }
  });

  it('refuses the cloud metadata address', async () => {
    const guarded = new SafeFetcher({ timeoutMs: 3_000 });
    try {
      expect((await failure(guarded.fetch('http://169.254.169.254/latest/meta-data/'))).code).toBe('PRIVATE_ADDRESS');
    } finally {
      await guarded.close();
    }
  });
});
