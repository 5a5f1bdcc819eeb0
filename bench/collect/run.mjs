#!/usr/bin/env node
// `npm run bench:collect` (docs/collect-design.md §11, bench/collect/README.md): items/s through the
// whole collection pipeline — fetch, parse, sanitise, keywords, dedup, clusters, store, search vector.
// Starts the built app (backend/dist, NODE_ENV=production) on a throwaway database of the PostgreSQL
// server (BENCH_DATABASE_SERVER, else DATABASE_URL's server, else 127.0.0.1:5432) with a loopback
// corpus server (corpus.mjs), creates the sources through the API (disabled), enables them at once and
// reads the clock from `collect_run`: phase 1 all new, phase 2 all 304, phase 3 ETags off (body hash),
// phase 4 body hash forgotten (every item parsed again, all duplicates). BENCH_PROFILE=1 runs the app
// with --cpu-prof and prints self time per stage.
import { spawn } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { buildCorpus, startCorpusServer } from './corpus.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const log = (...args) => console.log('[bench:collect]', ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const env = process.env;
const int = (name, fallback) => (env[name] ? Number(env[name]) : fallback);

const cfg = {
  server: env.BENCH_DATABASE_SERVER || (env.DATABASE_URL ? serverOf(env.DATABASE_URL) : 'postgres://postgres@127.0.0.1:5432'),
  feeds: int('BENCH_COLLECT_FEEDS', 50),
  items: int('BENCH_COLLECT_ITEMS', 200),
  seed: int('BENCH_COLLECT_SEED', 20261128),
  concurrency: int('COLLECT_CONCURRENCY', 8),
  profile: env.BENCH_PROFILE === '1',
  timeoutS: int('BENCH_COLLECT_TIMEOUT', 900),
  /** Worker processes (`backend/dist/worker.js`) beside the app; needs REDIS_URL (the BullMQ queue). */
  workers: int('BENCH_COLLECT_WORKERS', 0),
  goal: 500,
};

function serverOf(url) {
  const u = new URL(url);
  u.pathname = '/';
  return u.toString().replace(/\/$/, '');
}
function withDatabase(server, name) {
  const u = new URL(server);
  u.pathname = `/${name}`;
  return u.toString();
}

const cleanups = [];
async function cleanup() {
  while (cleanups.length) {
    const { name, fn } = cleanups.pop();
    await fn().catch((e) => console.error(`[bench:collect] cleanup "${name}" failed: ${e.message}`));
  }
}
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
  process.once(signal, () => void cleanup().finally(() => process.exit(code)));
}

async function startApp(databaseUrl, profileDir) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'horizon-bench-collect-'));
  cleanups.push({ name: 'data dir', fn: async () => rmSync(dataDir, { recursive: true, force: true }) });
  const adminPassword = `Bench@${randomBytes(9).toString('base64url')}`;
  const appEnv = { ...env };
  // in process unless workers are asked for: then runs go through the BullMQ queue on REDIS_URL
  if (!cfg.workers) delete appEnv.REDIS_URL;
  else if (!appEnv.REDIS_URL) throw new Error('BENCH_COLLECT_WORKERS needs REDIS_URL');
  Object.assign(appEnv, {
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ADMIN_PASSWORD: adminPassword,
    CAPTCHA_ENABLED: 'false',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    MT_ENGINE: 'none',
    COLLECT_ENABLED: 'true',
    COLLECT_ALLOW_PRIVATE: 'true',
    COLLECT_CONCURRENCY: String(cfg.concurrency),
    COLLECT_PER_HOST: '50',
    COLLECT_TICK_SECONDS: '1',
  });
  const args = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), join(root, 'backend/dist/main.js')];
  const output = [];
  const child = spawn(process.execPath, args, { cwd: root, env: appEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk) => {
    if (env.BENCH_APP_LOG) process.stdout.write(chunk.toString().split('\n').filter((l) => l.includes(env.BENCH_APP_LOG)).map((l) => `[app] ${l}\n`).join(''));
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  const stop = async () => {
    if (exited) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await gone;
    clearTimeout(timer);
  };
  cleanups.push({ name: 'app', fn: stop });
  for (let i = 0; i < cfg.workers; i++) {
    const worker = spawn(process.execPath, [join(root, 'backend/dist/worker.js')], { cwd: root, env: { ...appEnv, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    worker.stdout.on('data', keep);
    worker.stderr.on('data', keep);
    cleanups.push({
      name: `worker ${i + 1}`,
      fn: async () => {
        if (worker.exitCode !== null) return;
        const gone = new Promise((r) => worker.once('exit', r));
        worker.kill('SIGTERM');
        const timer = setTimeout(() => worker.kill('SIGKILL'), 20_000);
        await gone;
        clearTimeout(timer);
      },
    });
  }
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error(`the app exited (${JSON.stringify(exited)}):\n${output.join('')}`);
    if (await fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`the app did not answer /api/health/ready in 180 s:\n${output.join('')}`);
    await sleep(250);
  }
  return { base, adminPassword, stop, output };
}

async function call(base, method, path, { token, body } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

async function login(base, password) {
  const { json } = await call(base, 'GET', '/auth/publicKey');
  const encrypted = publicEncrypt({ key: json.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
  const res = await call(base, 'POST', '/auth/login', { body: { username: 'admin', password: encrypted, code: '', uuid: '' } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.token;
}

/** Waits until every source has a run with id > `afterId`; answers those runs. */
async function waitRuns(db, afterId, n) {
  const deadline = Date.now() + cfg.timeoutS * 1000;
  for (;;) {
    const { rows } = await db.query(
      `SELECT DISTINCT ON (source_id) id, source_id, started_at, duration_ms, status, http_status, fetched, created, updated, duplicates, bytes, error
         FROM collect_run WHERE id > $1 ORDER BY source_id, id`,
      [afterId],
    );
    if (rows.length >= n) {
      const { rows: busy } = await db.query('SELECT count(*)::int AS n FROM collect_source WHERE lease_until > now()');
      if (!busy[0].n) return rows;
    }
    if (Date.now() > deadline) throw new Error(`only ${rows.length} of ${n} sources ran within ${cfg.timeoutS} s`);
    await sleep(200);
  }
}

const lastRunId = async (db) => Number((await db.query('SELECT coalesce(max(id), 0) AS id FROM collect_run')).rows[0].id);
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

function summarise(runs) {
  const start = Math.min(...runs.map((r) => r.started_at.getTime()));
  const end = Math.max(...runs.map((r) => r.started_at.getTime() + r.duration_ms));
  const sum = (k) => runs.reduce((n, r) => n + Number(r[k]), 0);
  const statuses = {};
  for (const r of runs) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const ms = runs.map((r) => r.duration_ms);
  return {
    spanS: (end - start) / 1000,
    fetched: sum('fetched'),
    created: sum('created'),
    updated: sum('updated'),
    duplicates: sum('duplicates'),
    bytes: sum('bytes'),
    statuses,
    errors: runs.filter((r) => r.error).map((r) => r.error),
    medianMs: quantile(ms, 0.5),
    p95Ms: quantile(ms, 0.95),
    itemsPerS: sum('fetched') / Math.max(0.001, (end - start) / 1000),
  };
}

/** Self time of a V8 CPU profile per pipeline stage (by the script of each sampled frame). */
function profileStages(dir) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (!files.length) return null;
  const stages = [
    ['fetch (undici)', /undici/],
    ['XML/JSON parse (feedsmith, fast-xml-parser)', /feedsmith|fast-xml-parser|strnum/],
    ['DOM + sanitise (htmlparser2, linkedom, dom-serializer, entities)', /htmlparser2|linkedom|dom-serializer|domhandler|entities|css-select|sanitize-html|html-to-text/],
    ['decode (iconv-lite)', /iconv-lite|decode\.js/],
    ['tokenise + keywords (jieba, tinyld)', /jieba|keywords\.js|tinyld|tokenizer|detect-language/],
    ['MinHash + clusters', /minhash|shingles|story-cluster/],
    ['SQL (pg, typeorm)', /node_modules\/(pg|pg-protocol|pg-types|typeorm|postgres-)/],
    ['other app code', /backend\/dist/],
  ];
  const totals = new Map();
  const byFn = new Map();
  let all = 0;
  for (const f of files) {
    const p = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    for (let i = 0; i < p.samples.length; i++) {
      const node = byId.get(p.samples[i]);
      const dt = p.timeDeltas[i] ?? 0;
      all += dt;
      const url = node?.callFrame.url ?? '';
      const fn = node?.callFrame.functionName ?? '';
      const stage = fn === '(idle)' ? 'idle' : fn === '(garbage collector)' ? 'GC' : (stages.find(([, re]) => re.test(url))?.[0] ?? (url ? 'other (node, libraries)' : 'native/program'));
      totals.set(stage, (totals.get(stage) ?? 0) + dt);
      const key = `${fn || '(anonymous)'} ${url.replace(/^.*\/(node_modules|backend\/dist)\//, '$1/')}:${node?.callFrame.lineNumber ?? ''}`;
      byFn.set(key, (byFn.get(key) ?? 0) + dt);
    }
  }
  if (env.BENCH_PROFILE_TOP) {
    const top = [...byFn].sort((a, b) => b[1] - a[1]).slice(0, Number(env.BENCH_PROFILE_TOP));
    for (const [k, us] of top) log(`  ${(us / 1e6).toFixed(2)} s  ${k}`);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).map(([stage, us]) => ({ stage, seconds: us / 1e6, share: us / all }));
}

async function main() {
  if (!existsSync(join(root, 'backend/dist/main.js'))) throw new Error('backend/dist/main.js is missing: run `npm run build -w backend` first');
  const name = `horizon_bench_collect_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(cfg.server, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  cleanups.push({
    name: 'database',
    fn: async () => {
      if (process.env.BENCH_KEEP_DB !== "1") await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      else console.log(`[bench:collect] kept database ${name}`);
      await admin.end();
    },
  });
  log(`corpus: ${cfg.feeds} feeds × ${cfg.items} items (seed ${cfg.seed}) ...`);
  const corpus = buildCorpus({ feeds: cfg.feeds, items: cfg.items, seed: cfg.seed });
  const server = await startCorpusServer(corpus);
  cleanups.push({ name: 'corpus server', fn: server.close });
  log(`corpus server ${server.origin}, ${(server.bytes / 1e6).toFixed(1)} MB of feeds`);
  const profileDir = cfg.profile ? mkdtempSync(join(tmpdir(), 'horizon-bench-collect-prof-')) : null;
  if (profileDir) cleanups.push({ name: 'profile dir', fn: async () => rmSync(profileDir, { recursive: true, force: true }) });
  log(`starting the app (backend/dist, NODE_ENV=production${cfg.profile ? ', --cpu-prof' : ''}) ...`);
  const app = await startApp(withDatabase(cfg.server, name), profileDir);
  const token = await login(app.base, app.adminPassword);
  const db = new pg.Client({ connectionString: withDatabase(cfg.server, name) });
  await db.connect();
  cleanups.push({ name: 'db client', fn: () => db.end() });

  const ids = [];
  for (const feed of corpus) {
    const res = await call(app.base, 'POST', '/api/collectionWebsite', {
      token,
      body: { name: `基准源${feed.id}`, url: `http://bench${feed.id}.example.org/`, type: feed.format, feedUrl: `${server.origin}/feed/${feed.id}`, intervalMinutes: 1440, adaptive: false, enabled: false },
    });
    if (res.status !== 201) throw new Error(`creating source ${feed.id}: ${res.status} ${JSON.stringify(res.json)}`);
    ids.push(res.json.id);
  }
  const due = async () => db.query('UPDATE collect_source SET next_check_at = now() WHERE id = ANY($1)', [ids]);

  log('phase 1: all new ...');
  let after = await lastRunId(db);
  await call(app.base, 'PUT', '/api/collectionWebsite/enabled', { token, body: { ids, enabled: true } });
  const p1 = summarise(await waitRuns(db, after, ids.length));
  log(`  ${p1.fetched} items in ${p1.spanS.toFixed(2)} s = ${p1.itemsPerS.toFixed(0)} items/s (created ${p1.created}, duplicates ${p1.duplicates}, statuses ${JSON.stringify(p1.statuses)})`);

  log('phase 2: all due again, ETags → 304 ...');
  after = await lastRunId(db);
  await due();
  const p2 = summarise(await waitRuns(db, after, ids.length));
  log(`  ${JSON.stringify(p2.statuses)}; per source median ${p2.medianMs} ms, p95 ${p2.p95Ms} ms`);

  log('phase 3: ETags off → 200, same body (body hash) ...');
  server.state.etags = false;
  await db.query('UPDATE collect_source SET etag = NULL, last_modified = NULL WHERE id = ANY($1)', [ids]);
  after = await lastRunId(db);
  await due();
  const p3 = summarise(await waitRuns(db, after, ids.length));
  log(`  ${JSON.stringify(p3.statuses)}; per source median ${p3.medianMs} ms, p95 ${p3.p95Ms} ms`);

  log('phase 4: body hash forgotten → every item parsed again, all duplicates ...');
  await db.query('UPDATE collect_source SET body_hash = NULL WHERE id = ANY($1)', [ids]);
  after = await lastRunId(db);
  await due();
  const p4 = summarise(await waitRuns(db, after, ids.length));
  log(`  ${p4.fetched} items in ${p4.spanS.toFixed(2)} s = ${p4.itemsPerS.toFixed(0)} items/s (created ${p4.created}, duplicates ${p4.duplicates}, updated ${p4.updated})`);

  const { rows: counts } = await db.query(
    `SELECT (SELECT count(*)::int FROM news) AS news, (SELECT count(*)::int FROM news_source) AS sources,
            (SELECT count(*)::int FROM news_cluster) AS clusters, (SELECT count(*)::int FROM news WHERE cluster_id IS NOT NULL) AS clustered`,
  );
  await app.stop();
  const stages = profileDir ? profileStages(profileDir) : null;
  const result = {
    date: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? '?'}, node ${process.version}`,
    corpus: `${cfg.feeds} feeds × ${cfg.items} items, seed ${cfg.seed}, ${(server.bytes / 1e6).toFixed(1)} MB`,
    concurrency: cfg.concurrency,
    workers: cfg.workers,
    p1,
    p2,
    p3,
    p4,
    counts: counts[0],
    stages,
  };
  // the hand-written readings below the table ("## Reading …" sections) are kept across runs
  const file = join(here, 'last-result.md');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const readings = previous.indexOf('\n## Reading');
  writeFileSync(file, report(result) + (readings >= 0 ? previous.slice(readings) : ''));
  log(`written bench/collect/last-result.md; goal ${cfg.goal} items/s: ${p1.itemsPerS >= cfg.goal ? 'met' : 'MISSED'}`);
}

function report(r) {
  const row = (label, p) => `| ${label} | ${p.fetched} | ${p.spanS.toFixed(2)} | ${p.itemsPerS.toFixed(0)} | ${p.created} / ${p.updated} / ${p.duplicates} | ${p.medianMs} / ${p.p95Ms} | ${JSON.stringify(p.statuses)} |`;
  const lines = [
    '# bench:collect — last result',
    '',
    `${r.date} · ${r.machine} · corpus ${r.corpus} · COLLECT_CONCURRENCY=${r.concurrency}, COLLECT_PER_HOST=50, MT_ENGINE=none${r.workers ? `, ${r.workers} worker process(es) on Redis` : ', in process'}${r.stages ? ' · **with --cpu-prof**' : ''}`,
    '',
    '| phase | items read | span s | items/s | created / updated / duplicates | run ms median / p95 | statuses |',
    '|---|---|---|---|---|---|---|',
    row('1 all new', r.p1),
    row('2 all 304', r.p2),
    row('3 ETags off (body hash)', r.p3),
    row('4 parsed again (duplicates)', r.p4),
    '',
    `Goal (phase 1) ≥ 500 items/s: **${r.p1.itemsPerS >= 500 ? 'met' : 'missed'}** (${r.p1.itemsPerS.toFixed(0)} items/s).`,
    `After the runs: ${r.counts.news} news rows, ${r.counts.sources} news_source rows, ${r.counts.clusters} clusters holding ${r.counts.clustered} items.`,
  ];
  const errors = [...r.p1.errors, ...r.p2.errors, ...r.p3.errors, ...r.p4.errors];
  if (errors.length) lines.push('', `Errors: ${errors.slice(0, 5).join('; ')}`);
  if (r.stages) {
    lines.push('', 'CPU self time of the app process over all phases (V8 sampling profile):', '', '| stage | s | share |', '|---|---|---|');
    for (const s of r.stages) lines.push(`| ${s.stage} | ${s.seconds.toFixed(2)} | ${(s.share * 100).toFixed(1)} % |`);
  }
  return `${lines.join('\n')}\n`;
}

main()
  .then(cleanup)
  .catch(async (e) => {
    console.error(`[bench:collect] ${e instanceof Error ? e.message : e}`);
    await cleanup();
    process.exit(1);
  });
