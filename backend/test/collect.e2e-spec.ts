import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/config';
import { MaintenanceService } from '../src/modules/collect/maintenance.service';
import { SchedulerService } from '../src/modules/collect/schedule/scheduler.service';
import { startFeedServer, type FeedServer } from './fixtures/feeds/feed-server';
import { expectError } from './utils/http';
import { connect, listen, type Live, waitFor } from './utils/live-client';
import { createTestApp, requestsAs, type TestApp } from './utils/test-app';

/**
 * The collector and the scheduler (issue 16 piece 4; docs/collect-design.md §3, §5; docs/collect-api.md
 * "Collect now, runs", "Preview"): the fixtures served on loopback through collect-now — RSS 2.0
 * (CDATA, GBK), Atom xhtml, RSS 1.0, JSON Feed, an HTML list by selectors with full text, a broken
 * feed, a redirect loop, an endless body cut at the cap, 304 on the second fetch, 429 with
 * Retry-After, a permanent redirect — the runs history, preview with discovery, `tick()` claiming due
 * sources, the failing / recovered notices on the live channel, and the items in `api/news/list`.
 * One app bootstrap; no sleeps (the scheduler is ticked by hand).
 */
describe('collection: collector and scheduler', () => {
  let t: TestApp;
  let db: DataSource;
  let feeds: FeedServer;
  let admin: string;
  let nobody: string;
  let url: string;
  let seq = 0;
  const API = '/api/collectionWebsite';
  const MAX_BYTES = 1024 * 1024;
  const as = (token: string) => requestsAs(t, token);

  /** A source (disabled unless asked: the scheduler test claims only its own); answers its id. */
  const source = async (body: Record<string, unknown>): Promise<number> => {
    seq += 1;
    const res = await as(admin).post(API, { name: `采集测试${seq}`, url: `http://site${seq}.example.org/`, enabled: false, ...body });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const collect = async (id: number) => {
    const res = await as(admin).post(`${API}/${id}/collect`, {});
    expect(res.status).toBe(200);
    return res.body as { status: string; httpStatus: number | null; fetched: number; created: number; updated: number; duplicates: number; durationMs: number; error?: string };
  };
  const row = async (id: number) =>
    (
      await db.query(
        `SELECT feed_url AS "feedUrl", type, last_status AS "lastStatus", http_status AS "httpStatus", error_count AS "errorCount",
                last_error AS "lastError", item_count AS "itemCount", etag, body_hash AS "bodyHash", lease_owner AS "leaseOwner",
                failing_notified_at AS "failingNotifiedAt", extract(epoch FROM next_check_at - now())::float AS "dueIn"
           FROM collect_source WHERE id = $1`,
        [id],
      )
    )[0];
  const news = (webId: number) => db.query(`SELECT url, title, content, content_html AS "contentHtml", language FROM news WHERE web_id = $1 ORDER BY id`, [webId]);

  beforeAll(async () => {
    feeds = await startFeedServer();
    const base = loadConfig({ NODE_ENV: 'test' }).collect;
    t = await createTestApp({ collect: { ...base, allowPrivate: true, maxBytes: MAX_BYTES, alertAfterErrors: 2 } });
    db = t.app.get(DataSource);
    url = await listen(t.app);
    admin = await t.login('admin');
    nobody = await t.loginWithoutRoles('nocollect');
  });
  afterAll(async () => {
    await t?.close();
    await feeds?.close();
  });

  it('collects RSS 2.0 in GBK with CDATA: items stored sanitised under canonical URLs; 304 on the second fetch; the runs', async () => {
    const id = await source({ type: 'rss', feedUrl: feeds.url('/feeds/rss2-gbk.xml'), language: 'zh' });
    const first = await collect(id);
    expect(first).toMatchObject({ status: 'ok', httpStatus: 200, fetched: 2, created: 2, updated: 0, duplicates: 0 });
    const items = (await news(id)).sort((x: { title: string }, y: { title: string }) => y.title.localeCompare(x.title));
    expect(items.map((n: { title: string }) => n.title)).toEqual(['央行宣布下调存款准备金率0.25个百分点', '国内首条跨海高铁进入联调联试阶段']);
    expect(items[0].url).toBe('https://news.example.cn/2025/06/10/rrr.html?id=1');
    expect(items[0].contentHtml).toContain('<strong>0.25个百分点</strong>');
    expect(items[0].contentHtml).not.toContain('script');
    expect(items[0].language).toBe('zh');
    expect(await row(id)).toMatchObject({ lastStatus: 'ok', httpStatus: 200, errorCount: 0, itemCount: 2, leaseOwner: null });
    expect((await row(id)).etag).toMatch(/^".+"$/);
    expect((await row(id)).dueIn).toBeGreaterThan(60);

    const second = await collect(id);
    expect(second).toMatchObject({ status: 'not-modified', httpStatus: 304, fetched: 0, created: 0 });
    expect(feeds.requests.filter((r) => r.path === '/feeds/rss2-gbk.xml').at(-1)?.headers['if-none-match']).toBe((await row(id)).etag);

    // a server ignoring conditional GET: the same body (hash) is not-modified too
    await db.query('UPDATE collect_source SET etag = NULL, last_modified = NULL WHERE id = $1', [id]);
    expect(await collect(id)).toMatchObject({ status: 'not-modified', httpStatus: 200 });

    const runs = await as(admin).get(`${API}/${id}/runs?size=10`);
    expect(runs.status).toBe(200);
    expect(runs.body.totalElements).toBe(3);
    expect(runs.body.content.map((r: { status: string }) => r.status)).toEqual(['not-modified', 'not-modified', 'ok']);
    expect(runs.body.content[2]).toMatchObject({ trigger: 'manual', status: 'ok', httpStatus: 200, fetched: 2, created: 2, error: null });
    expect(runs.body.content[2].bytes).toBeGreaterThan(500);

    const list = await as(admin).get(`/api/news/list?webId=${id}&size=10`);
    expect(list.status).toBe(200);
    expect(list.body.content.map((n: { title: string }) => n.title).sort()).toEqual(['国内首条跨海高铁进入联调联试阶段', '央行宣布下调存款准备金率0.25个百分点']);
  });

  it('collects Atom (xhtml content), RSS 1.0 and JSON Feed', async () => {
    for (const [type, file, count] of [
      ['atom', 'atom-xhtml.xml', 1],
      ['rss', 'rss1.rdf', 1],
      ['json', 'feed.json', 2],
    ] as const) {
      const id = await source({ type, feedUrl: feeds.url(`/feeds/${file}`) });
      const summary = await collect(id);
      expect(summary).toMatchObject({ status: 'ok', httpStatus: 200 });
      expect(summary.created).toBeGreaterThanOrEqual(count);
      const items = await news(id);
      expect(items).toHaveLength(summary.created);
      for (const item of items) expect(item.contentHtml ?? '').not.toMatch(/<script/i);
    }
    const json = await news((await db.query(`SELECT id FROM collect_source WHERE feed_url LIKE '%/feeds/feed.json'`))[0].id);
    expect(json.map((n: { url: string }) => n.url)).toEqual(['https://json.example.com/items/1', 'https://json.example.com/items/2']);
  });

  it('collects an HTML list by selectors, with the article pages’ full text', async () => {
    const id = await source({
      type: 'html',
      feedUrl: feeds.url('/list.html'),
      fullText: true,
      timezone: 'Asia/Shanghai',
      selectors: { item: 'li.row', link: 'a.t', title: 'a.t', time: '.d', timeAttr: 'data-time' },
    });
    expect(await collect(id)).toMatchObject({ status: 'ok', fetched: 2, created: 2 });
    const items = await news(id);
    const article = items.find((n: { url: string }) => n.url.includes('article-1'));
    expect(article.url).toBe(feeds.url('/pages/article-1.html?from=canonical'));
    expect(article.content).toContain('国务院常务会议今天部署了新一轮稳增长措施');
    expect(article.content).not.toContain('广告');
    expect(feeds.requests.some((r) => r.path === '/pages/article-2.html')).toBe(true); // fetched, 404: the list's text stays
    expect(items.find((n: { url: string }) => n.url.includes('article-2')).title).toBe('科技企业研发投入持续增长');
  });

  it('records failures: a broken feed (backed off), a redirect loop, an endless body cut at the cap, 429 with Retry-After', async () => {
    const broken = await source({ type: 'rss', feedUrl: feeds.url('/feeds/broken.xml') });
    const b = await collect(broken);
    expect(b).toMatchObject({ status: 'error', httpStatus: null, fetched: 0, created: 0 });
    expect(b.error).toMatch(/^订阅源格式错误/);
    const r = await row(broken);
    expect(r).toMatchObject({ lastStatus: 'error', errorCount: 1, lastError: b.error, leaseOwner: null });
    // interval 30 → 30 × 2 × U(0.5, 1) minutes
    expect(r.dueIn).toBeGreaterThanOrEqual(30 * 60 - 5);
    expect(r.dueIn).toBeLessThanOrEqual(60 * 60 + 5);

    const loop = await source({ type: 'rss', feedUrl: feeds.url('/loop/a') });
    expect((await collect(loop)).error).toMatch(/^重定向循环/);

    const endless = await source({ type: 'rss', feedUrl: feeds.url('/endless') });
    const e = await collect(endless);
    expect(e.error).toMatch(/^响应内容过大/);
    expect(e.durationMs).toBeLessThan(10_000);

    feeds.route('/429-long', (_req, res) => void res.writeHead(429, { 'retry-after': '7200', 'content-type': 'text/plain' }).end('slow down'));
    const limited = await source({ type: 'rss', feedUrl: feeds.url('/429-long'), intervalMinutes: 5 });
    expect(await collect(limited)).toMatchObject({ status: 'error', httpStatus: 429 });
    expect((await row(limited)).dueIn).toBeGreaterThanOrEqual(7200 - 5);
    for (const id of [loop, endless, limited]) expect(await row(id)).toMatchObject({ lastStatus: 'error', errorCount: 1, leaseOwner: null });
  });

  it('follows a permanent redirect to the feed’s new address', async () => {
    const id = await source({ type: 'json', feedUrl: feeds.url('/moved') });
    expect((await collect(id)).status).toBe('ok');
    expect((await row(id)).feedUrl).toBe(feeds.url('/feeds/feed.json'));
  });

  it('previews with discovery from a home page; an unreachable address is 502 COLLECT_FETCH_FAILED', async () => {
    const res = await as(admin).post(`${API}/preview`, { url: feeds.url('/home.html') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'rss', feedUrl: feeds.url('/feeds/rss2-gbk.xml'), title: '示例新闻网 - 全部新闻' });
    expect(res.body.discovered.map((d: { type: string }) => d.type)).toEqual(['rss', 'atom', 'json']);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[0]).toMatchObject({ title: '央行宣布下调存款准备金率0.25个百分点', language: 'zh' });
    expect(res.body.items[0].keywords.length).toBeGreaterThan(0);
    expect(res.body.items[0].contentHtml).not.toContain('script');
    expect(await db.query(`SELECT 1 FROM news WHERE url = 'https://news.example.cn/2025/06/10/rrr.html?id=1' AND web_id IS NULL`)).toHaveLength(0);

    expectError(await as(admin).post(`${API}/preview`, { url: feeds.url('/nothing-here'), type: 'rss' }), 502, /^无法获取该地址：HTTP 错误：404/, 'COLLECT_FETCH_FAILED');
    expectError(await as(admin).post(`${API}/preview`, { url: feeds.url('/feeds/broken.xml'), type: 'rss' }), 400, /^订阅源格式错误/);

    // type auto at save: the feed the home page announces
    const created = await as(admin).post(API, { name: '自动发现', url: feeds.url('/home.html'), type: 'auto', enabled: false });
    expect(created.body).toMatchObject({ type: 'rss', feedUrl: feeds.url('/feeds/rss2-gbk.xml') });
  });

  it('tick() claims the due sources and runs them under a lease; the next tick finds nothing due', async () => {
    let hits = 0;
    feeds.route('/tick.json', (_req, res) => {
      hits += 1;
      const items = [1, 2, 3].map((i) => ({ id: `tick-${i}`, url: `http://tick.example.org/items/${i}`, title: `调度采集测试条目 ${i}`, content_text: `第 ${i} 条由调度器采集的测试内容。` }));
      res.writeHead(200, { 'content-type': 'application/feed+json' }).end(JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'tick', items }));
    });
    const a = await source({ type: 'json', feedUrl: feeds.url('/tick.json'), enabled: true });
    const b = await source({ type: 'json', feedUrl: feeds.url('/tick.json?b'), enabled: true });
    const scheduler = t.app.get(SchedulerService);
    const claimed = await scheduler.tick();
    expect(claimed.sort()).toEqual([a, b].sort());
    await scheduler.drained();
    expect(hits).toBe(2);
    for (const id of [a, b]) {
      const r = await row(id);
      expect(r).toMatchObject({ lastStatus: 'ok', leaseOwner: null });
      expect(r.dueIn).toBeGreaterThan(60);
    }
    const runs: Array<{ trigger: string; created: number; duplicates: number }> = await db.query('SELECT trigger, created, duplicates FROM collect_run WHERE source_id = ANY($1) ORDER BY id', [[a, b]]);
    expect(runs.map((r) => r.trigger)).toEqual(['schedule', 'schedule']);
    expect(runs.reduce((n, r) => n + r.created, 0)).toBe(3); // one source created them, the other added itself as a second source
    expect(runs.reduce((n, r) => n + r.duplicates, 0)).toBe(3);
    expect(await scheduler.tick()).toEqual([]);

    // a live lease is never claimed: a source being collected now is skipped
    await db.query(`UPDATE collect_source SET next_check_at = now(), lease_until = now() + interval '1 minute', lease_owner = 'api-other' WHERE id = $1`, [a]);
    expect(await scheduler.tick()).toEqual([]);
    expectError(await as(admin).post(`${API}/${a}/collect`, {}), 409, '该数据源正在采集', 'COLLECT_RUNNING');
    await db.query('UPDATE collect_source SET enabled = false, lease_until = NULL, lease_owner = NULL WHERE id = ANY($1)', [[a, b]]);

    const report = await t.app.get(MaintenanceService).runOnce({ daily: true });
    expect(report).toMatchObject({ ran: true, reclustered: true, daily: true });
  });

  it('tells website:edit holders once when a source keeps failing, and when it recovers', async () => {
    const [adminLive, nobodyLive]: Live[] = await Promise.all([connect(url, { token: admin }), connect(url, { token: nobody })]);
    try {
      // enabled (the health badge counts enabled sources); nothing ticks the scheduler here
      const id = await source({ name: '<b>失败</b>来源', type: 'rss', feedUrl: feeds.url('/loop/a'), enabled: true });
      await collect(id);
      expect(adminLive.inbox.filter((n) => n.type === 'collect.failing')).toHaveLength(0);
      await collect(id); // second consecutive error = COLLECT_ALERT_AFTER_ERRORS here
      const warn = await waitFor(adminLive.inbox, (n) => n.type === 'collect.failing', 'failing');
      expect(warn).toMatchObject({ msgType: 'WARN', title: '数据源采集失败' });
      expect(warn.msg).toContain('&lt;b&gt;失败&lt;/b&gt;来源');
      expect(warn.msg).toContain('重定向循环');
      expect((await row(id)).failingNotifiedAt).not.toBeNull();
      await collect(id); // still failing: no second notice
      expect((await as(admin).get(`${API}/health`)).body.failing).toBeGreaterThanOrEqual(1);

      expect((await as(admin).put(API, { id, feedUrl: feeds.url('/feeds/rss1.rdf') })).status).toBe(200);
      expect((await collect(id)).status).toBe('ok');
      const ok = await waitFor(adminLive.inbox, (n) => n.type === 'collect.recovered', 'recovered');
      expect(ok).toMatchObject({ msgType: 'INFO', title: '数据源已恢复' });
      expect(adminLive.inbox.filter((n) => n.type === 'collect.failing')).toHaveLength(1);
      expect(await row(id)).toMatchObject({ errorCount: 0, failingNotifiedAt: null });
      expect(nobodyLive.inbox.filter((n) => n.type?.startsWith('collect.'))).toEqual([]);
    } finally {
      adminLive.socket.close();
      nobodyLive.socket.close();
    }
  });
});
