// Process test (node:test, after the build; docs/collect-design.md §5.1, §12): collection across
// replicas. Two API processes (`node dist/main.js`) and one `node dist/worker.js` on one fresh
// PostgreSQL database and one Redis (BullMQ `horizon-collect`, the notice emitter), all scheduling
// and consuming, with COLLECT_TIME_SCALE=0.01 (a 5-minute interval becomes 3 s). A loopback feed
// server serves 20 sources whose items grow on every request (some items edited, 5 sources sharing
// URLs) and logs who fetched what and how many requests of one source were open at once. After
// REPLICA_SECONDS (15) the sources are disabled and the runs drain; then: every served item is
// stored exactly once (`news` by url, the last edit kept), no two runs of one source overlapped
// (`collect_run` intervals and the server's log), and at least two processes ran sources.
import { spawn } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../../scripts/lib/free-port.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN_PASSWORD = 'Admin@proc1';
const SECONDS = Number(process.env.REPLICA_SECONDS ?? 15);
const SOURCES = 20;
const SHARED = 5;
const REDIS_URL = process.env.REDIS_TEST_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether Redis answers PING at REDIS_URL. */
function redisUp(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(String(d).startsWith('+PONG')));
  });
}

// Skipped without a PostgreSQL server or Redis (a developer's machine); CI sets DATABASE_URL and
// REQUIRE_REDIS=1, so there a missing Redis fails the test instead of skipping it.
const redisAvailable = await redisUp(REDIS_URL);
if (!redisAvailable && process.env.REQUIRE_REDIS === '1') throw new Error(`REQUIRE_REDIS=1 but Redis does not answer at ${REDIS_URL}`);
const skip = !process.env.DATABASE_URL ? 'needs DATABASE_URL (a PostgreSQL server shared by the processes)' : !redisAvailable ? `needs Redis at ${REDIS_URL} (REQUIRE_REDIS=1 makes this a failure)` : false;

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

function start(script, env, name) {
  const child = spawn(process.execPath, [join(root, 'dist', script)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return {
    name,
    child,
    log: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          r();
        }, 20_000);
        child.once('exit', () => {
          clearTimeout(t);
          r();
        });
      });
    },
  };
}

async function waitHealthy(base, proc) {
  for (let i = 0; i < 480; i++) {
    if (proc.child.exitCode !== null) break;
    if (await fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false)) return;
    await sleep(250);
  }
  throw new Error(`${proc.name} did not start:\n${proc.log().slice(-3000)}`);
}

async function call(base, method, path, { token, body } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

describe('collection across two API replicas and a worker', { skip }, () => {
  let db;
  let admin;
  let database;
  let dataDir;
  let feeds;
  let feedOrigin;
  const procs = [];
  const serverUrl = (name) => {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    return u.toString();
  };

  before(async () => {
    database = `horizon_proc_${randomBytes(5).toString('hex')}`;
    admin = new pg.Client({ connectionString: serverUrl('postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
    dataDir = mkdtempSync(join(tmpdir(), 'horizon-replicas-'));
    feeds = feedServer();
    await new Promise((r) => feeds.server.listen(0, '127.0.0.1', r));
    feedOrigin = `http://127.0.0.1:${feeds.server.address().port}`;
    const common = {
      NODE_ENV: 'test',
      CAPTCHA_ENABLED: 'false',
      ADMIN_PASSWORD,
      DATABASE_URL: serverUrl(database),
      DATA_DIR: dataDir,
      REDIS_URL,
      MT_ENGINE: 'none',
      COLLECT_ENABLED: 'true',
      COLLECT_ALLOW_PRIVATE: 'true',
      COLLECT_TIME_SCALE: '0.01',
      COLLECT_TICK_SECONDS: '1',
      COLLECT_PER_HOST: '50',
      COLLECT_CONCURRENCY: '4',
      HOST: '127.0.0.1',
    };
    // the first process migrates and seeds the fresh database; the others start after it
    const portA = await freePort();
    const a = start('main.js', { ...common, PORT: String(portA), COLLECT_USER_AGENT: 'replica-a' }, 'api-a');
    procs.push(a);
    a.base = `http://127.0.0.1:${portA}`;
    await waitHealthy(a.base, a);
    const portB = await freePort();
    const b = start('main.js', { ...common, PORT: String(portB), COLLECT_USER_AGENT: 'replica-b' }, 'api-b');
    procs.push(b);
    procs.push(start('worker.js', { ...common, COLLECT_USER_AGENT: 'worker' }, 'worker'));
    await waitHealthy(`http://127.0.0.1:${portB}`, b);
    db = new pg.Client({ connectionString: serverUrl(database) });
    await db.connect();
  });

  after(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await db?.end().catch(() => undefined);
    await admin?.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    await admin?.end().catch(() => undefined);
    await new Promise((r) => feeds?.server.close(r) ?? r());
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`stores every served item once, never runs one source twice at once, spreads the runs (${SECONDS} s)`, async () => {
    const base = procs[0].base;
    const { json: { publicKey } } = await call(base, 'GET', '/auth/publicKey');
    const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(ADMIN_PASSWORD)).toString('base64');
    const login = await call(base, 'POST', '/auth/login', { body: { username: 'admin', password, code: '', uuid: '' } });
    assert.equal(login.status, 200, JSON.stringify(login.json));
    const token = login.json.token;
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
