// Process test (node:test, after the build; docs/collect-design.md §5.1, §12): collection across
// replicas. Two API processes (`node dist/main.js`) and one `node dist/worker.js` on one fresh
// PostgreSQL database and one Redis (BullMQ `horizon-collect`, the notice emitter), all scheduling
// and consuming, with COLLECT_TIME_SCALE=0.01 (a 5-minute interval becomes 3 s). A loopback feed
// server serves 20 sources whose items grow on every request (some items edited, 5 sources sharing
// URLs) and logs who fetched what and how many requests of one source were open at once. After
// REPLICA_SECONDS (15) the sources are disabled and the runs drain; then: every served item is
// stored exactly once (`news` by url, the last edit kept), no two runs of one source overlapped
// (`collect_run` intervals and the server's log), and at least two processes ran sources.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, freshDatabase, login, serversSkip, sleep, startReplicas } from './process-kit.mjs';

const SECONDS = Number(process.env.REPLICA_SECONDS ?? 15);
const SOURCES = 20;
const SHARED = 5;

// Skipped without a PostgreSQL server or Redis (a developer's machine); CI sets DATABASE_URL and
// REQUIRE_REDIS=1, so there a missing Redis fails the test instead of skipping it.
const skip = await serversSkip();

/** The feed server: source i answers a growing RSS feed; logs requests, their process and concurrency. */
function feedServer() {
  const count = new Map(); // source → requests served
  const open = new Map(); // source → requests open now
  const served = new Map(); // item url → last title served
  const agents = new Set();
  let overlaps = 0;
  const server = createServer((req, res) => {
    const m = /^\/feed\/(\d+)\.xml$/.exec(new URL(req.url, 'http://x').pathname);
    if (!m) return void res.writeHead(404).end();
    const i = Number(m[1]);
    agents.add(req.headers['user-agent']);
    const now = (open.get(i) ?? 0) + 1;
    open.set(i, now);
    if (now > 1) overlaps += 1;
    const n = (count.get(i) ?? 0) + 1;
    count.set(i, n);
    const items = [];
    for (let k = Math.max(1, n - 9); k <= n + 1; k++) {
      // every 4th source edits its items on every request (title and text change)
      const edit = i % 4 === 0 ? ` 第${n}版` : '';
      items.push({ url: `http://items.example.org/s${i}/n${k}`, guid: `s${i}-n${k}`, title: `来源${i}的第${k}条新闻${edit}`, text: `来源 ${i} 第 ${k} 条的正文，内容 ${k * 7 + i}。${edit}` });
    }
    // the first SHARED sources also carry one shared item per request count
    if (i < SHARED) items.push({ url: `http://shared.example.org/story/${n}`, guid: null, title: `共享报道第${n}号`, text: `多家来源同时报道的第 ${n} 号事件。` });
    for (const it of items) served.set(it.url, it.title);
    const xml = `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>源${i}</title><link>http://items.example.org/</link>${items
      .map((it) => `<item><title>${it.title}</title><link>${it.url}</link>${it.guid ? `<guid isPermaLink="false">${it.guid}</guid>` : ''}<description>${it.text}</description><pubDate>${new Date().toUTCString()}</pubDate></item>`)
      .join('')}</channel></rss>`;
    // a short pause keeps the request open long enough for an overlap to show
    setTimeout(() => {
      open.set(i, open.get(i) - 1);
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(xml);
    }, 20);
  });
  return { server, served, agents, count, overlaps: () => overlaps };
}

describe('collection across two API replicas and a worker', { skip }, () => {
  let db;
  let database;
  let dataDir;
  let feeds;
  let feedOrigin;
  const procs = [];

  before(async () => {
    database = await freshDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'horizon-replicas-'));
    feeds = feedServer();
    await new Promise((r) => feeds.server.listen(0, '127.0.0.1', r));
    feedOrigin = `http://127.0.0.1:${feeds.server.address().port}`;
    const common = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      MT_ENGINE: 'none',
      COLLECT_ENABLED: 'true',
      COLLECT_ALLOW_PRIVATE: 'true',
      COLLECT_TIME_SCALE: '0.01',
      COLLECT_TICK_SECONDS: '1',
      COLLECT_PER_HOST: '50',
      COLLECT_CONCURRENCY: '4',
    };
    await startReplicas(procs, common, { 'api-a': { COLLECT_USER_AGENT: 'replica-a' }, 'api-b': { COLLECT_USER_AGENT: 'replica-b' }, worker: { COLLECT_USER_AGENT: 'worker' } });
    db = await database.connect();
  });

  after(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await database?.drop();
    await new Promise((r) => feeds?.server.close(r) ?? r());
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`stores every served item once, never runs one source twice at once, spreads the runs (${SECONDS} s)`, async () => {
    const base = procs[0].base;
    const { token } = await login(base);
    const ids = [];
    for (let i = 0; i < SOURCES; i++) {
      const res = await call(base, 'POST', '/api/collectionWebsite', {
        token,
        body: { name: `副本测试源${i}`, url: `http://site${i}.replica.example.org/`, type: 'rss', feedUrl: `${feedOrigin}/feed/${i}.xml`, intervalMinutes: 5, adaptive: false, enabled: false },
      });
      assert.equal(res.status, 201, JSON.stringify(res.json));
      ids.push(res.json.id);
    }
    const on = await call(base, 'PUT', '/api/collectionWebsite/enabled', { token, body: { ids, enabled: true } });
    assert.equal(on.json.updated, SOURCES);
    await sleep(SECONDS * 1000);
    await call(base, 'PUT', '/api/collectionWebsite/enabled', { token, body: { ids, enabled: false } });
    // the runs already claimed finish and end their leases
    for (let i = 0; i < 300; i++) {
      const { rows } = await db.query('SELECT count(*)::int AS n FROM collect_source WHERE lease_until > now()');
      if (!rows[0].n) break;
      await sleep(100);
    }

    const { rows: runs } = await db.query(
      `SELECT source_id AS "sourceId", started_at AS "startedAt", duration_ms AS "durationMs", status, error FROM collect_run ORDER BY source_id, started_at`,
    );
    const errors = runs.filter((r) => r.status === 'error');
    assert.deepEqual(errors, [], 'no run failed');
    assert.equal(new Set(runs.map((r) => r.sourceId)).size, SOURCES, 'every source ran');
    assert.ok(runs.length > SOURCES, `sources ran again when due (${runs.length} runs)`);
    for (let k = 1; k < runs.length; k++) {
      const prev = runs[k - 1];
      const cur = runs[k];
      if (prev.sourceId !== cur.sourceId) continue;
      const prevEnd = prev.startedAt.getTime() + prev.durationMs;
      // started_at and duration_ms are measured in the run's process: allow clock rounding (5 ms)
      assert.ok(cur.startedAt.getTime() + 5 >= prevEnd, `runs of source ${cur.sourceId} overlap: ${prev.startedAt.toISOString()}+${prev.durationMs} ms and ${cur.startedAt.toISOString()}`);
    }
    assert.equal(feeds.overlaps(), 0, 'the feed server never saw two requests of one source at once');

    const { rows: stored } = await db.query(`SELECT url, title FROM news WHERE url LIKE 'http://items.example.org/%' OR url LIKE 'http://shared.example.org/%'`);
    const byUrl = new Map(stored.map((r) => [r.url, r.title]));
    assert.equal(byUrl.size, stored.length, 'one row per url');
    const missing = [...feeds.served.keys()].filter((u) => !byUrl.has(u));
    assert.deepEqual(missing, [], 'every served item is stored');
    assert.equal(stored.length, feeds.served.size, 'nothing stored that was not served');
    const stale = [...feeds.served].filter(([u, title]) => byUrl.get(u) !== title).map(([u]) => u);
    assert.deepEqual(stale, [], 'edited items keep their last version');
    const { rows: shared } = await db.query(
      `SELECT n.url, count(s.web_id)::int AS sources FROM news n JOIN news_source s ON s.news_id = n.id WHERE n.url LIKE 'http://shared.example.org/%' GROUP BY n.url`,
    );
    assert.ok(shared.length > 0 && shared.every((r) => r.sources >= 1), 'shared items are stored with their sources');
    assert.ok(shared.some((r) => r.sources >= 2), 'a shared item came from several sources');

    const agents = [...feeds.agents].sort();
    assert.ok(agents.length >= 2, `at least two processes ran sources (${agents.join(', ')})`);
    console.log(`# ${runs.length} runs, ${stored.length} items, processes that fetched: ${agents.join(', ')}`);
  });
});
