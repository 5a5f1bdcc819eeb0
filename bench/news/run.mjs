#!/usr/bin/env node
// `npm run bench:news`: the news list and search through the real API against the floor (the same
// SQL on raw pg), at BENCH_N rows; `npm run bench:news:open` (BENCH_MODE=open): the desk mix at fixed
// arrival rates (open-loop.mjs). See bench/news/README.md.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { login, machineCpuMs, processCpuMs } from './kit.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const log = (...args) => console.log('[bench]', ...args);

const env = process.env;
const int = (name, fallback) => {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${v}"`);
  return n;
};
const cfg = {
  url: env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/horizon_bench',
  n: int('BENCH_N', 1_000_000),
  reload: env.BENCH_RELOAD === '1',
  duration: int('BENCH_DURATION', 10),
  rounds: int('BENCH_ROUNDS', 2) || 1,
  warmup: int('BENCH_WARMUP', 2),
  connections: int('BENCH_CONNECTIONS', 16),
  explain: env.BENCH_EXPLAIN === '1',
  loadWorkers: int('BENCH_LOAD_WORKERS', Math.max(1, Math.min(2, availableParallelism()))),
  // The app's pool (DATABASE_POOL_SIZE, default 10: backend/src/common/database/data-source.ts); the floor uses the same.
  poolSize: int('DATABASE_POOL_SIZE', 10) || 10,
  adminPassword: env.BENCH_ADMIN_PASSWORD || 'Bench@Horizon2026',
  diskCheck: env.BENCH_DISK_CHECK !== '0',
  // Which measurement: closed (autocannon against the floor, the default), open (fixed arrival rate of the desk mix) or both.
  mode: process.argv[2] || env.BENCH_MODE || 'closed',
  rates: (env.BENCH_RATES || '50,150').split(',').map((r) => Number(r.trim())),
  users: int('BENCH_USERS', 4),
  arrivals: env.BENCH_ARRIVALS || 'uniform',
  sockets: int('BENCH_SOCKETS', 256),
};
if (!['closed', 'open', 'both'].includes(cfg.mode)) throw new Error(`BENCH_MODE must be closed, open or both, got "${cfg.mode}"`);
if (!cfg.rates.length || cfg.rates.some((r) => !(r > 0))) throw new Error(`BENCH_RATES must be positive numbers separated by commas, got "${env.BENCH_RATES}"`);
if (!['uniform', 'poisson'].includes(cfg.arrivals)) throw new Error(`BENCH_ARRIVALS must be uniform or poisson, got "${cfg.arrivals}"`);
if (cfg.users < 1 || cfg.sockets < 1) throw new Error('BENCH_USERS and BENCH_SOCKETS must be at least 1');
if (cfg.duration < cfg.rounds) throw new Error(`BENCH_DURATION (${cfg.duration} s) must be at least BENCH_ROUNDS (${cfg.rounds})`);
cfg.closed = cfg.mode !== 'open';
cfg.open = cfg.mode !== 'closed';
const appEnv = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(48).toString('base64url'),
  ADMIN_PASSWORD: cfg.adminPassword,
  CAPTCHA_ENABLED: 'false',
};

// 1. The built backend.
if (!existsSync(join(root, 'backend/dist/main.js')) || !existsSync(join(root, 'backend/dist/modules/news/news.query.js'))) {
  log('backend/dist missing: npm run build -w backend');
  const r = spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const requireBackend = createRequire(join(root, 'backend', 'package.json'));
const { runList } = requireBackend(join(root, 'backend/dist/modules/news/news.query.js'));
const { searchQuery } = requireBackend(join(root, 'backend/dist/modules/news/search/tokenizer.js'));
const { loadConfig } = requireBackend(join(root, 'backend/dist/config/config.js'));
/** The app's NEWS_COUNT_CAP as its config reads it (ListContext.countCap). */
const countCap = loadConfig({ ...env, ...appEnv }).newsCountCap ?? 10_000;
const { ensureDatabase, prepare, loadNews, newsSize, gb } = await import('./load.mjs');
const { deskUsers, openLoop, openTables } = await import('./open-loop.mjs');

const ALL_SCENARIOS = [
  { name: 'list', label: '(a) default list', target: 50 },
  { name: 'filtered', label: '(b) 经济 + recommend', target: 50 },
  { name: 'search-cn', label: '(c) search 能源 by score', target: 150 },
  { name: 'search-en', label: '(d) search energy by score', target: 150 },
  { name: 'deep', label: '(e) deep page 5000', target: 100 },
];
/** BENCH_SCENARIOS=list,search-en runs only those (names: list, filtered, search-cn, search-en, deep). */
const SCENARIOS = env.BENCH_SCENARIOS ? ALL_SCENARIOS.filter((s) => env.BENCH_SCENARIOS.split(',').includes(s.name)) : ALL_SCENARIOS;
if (!SCENARIOS.length) throw new Error(`BENCH_SCENARIOS names none of ${ALL_SCENARIOS.map((s) => s.name).join(', ')}`);
const RATIO_TARGET = 1.3;

/** Starts backend/dist/main.js against the bench database; resolves when /api/health/ready answers. */
async function startApp(port) {
  const output = [];
  const child = spawn(process.execPath, [join(root, 'backend/dist/main.js')], {
    cwd: root,
    env: { ...env, ...appEnv, DATABASE_URL: cfg.url, PORT: String(port), HOST: '127.0.0.1', DATABASE_POOL_SIZE: String(cfg.poolSize) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`the app exited (${JSON.stringify(exited)}):\n${output.join('')}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the app did not answer /api/health/ready in 120 s:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    output,
    pid: child.pid,
    stop: async () => {
      if (exited) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** CPU time so far in ms: the whole machine's busy time and one process's (NaN off Linux). */
function cpuNow(pid) {
  try {
    return { machine: machineCpuMs(), proc: pid ? processCpuMs(pid) : NaN };
  } catch {
    return { machine: NaN, proc: NaN }; // not Linux
  }
}

const pct = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : NaN);

/**
 * One scenario on both sides, interleaved: each side gets a BENCH_WARMUP s run (not recorded), then
 * BENCH_ROUNDS rounds of BENCH_DURATION / BENCH_ROUNDS s each, the order flipping every round (API,
 * floor, floor, API, …) so that a machine getting slower or faster during the measurement weighs on
 * both sides alike; drained between runs. Latencies of every 2xx answer are pooled per side.
 */
async function measurePair(sides, db) {
  const run = (side, duration, samples) =>
    new Promise((resolve, reject) => {
      const instance = autocannon({ url: side.url, connections: cfg.connections, duration, headers: side.headers, timeout: 30 }, (err, result) => (err ? reject(err) : resolve(result)));
      if (samples) instance.on('response', (_client, status, _bytes, ms) => status >= 200 && status < 300 && samples.push(ms));
    });
  const acc = sides.map(() => ({ samples: [], errors: 0, cpuMachine: 0, cpuApp: 0 }));
  if (cfg.warmup > 0) {
    for (const side of sides) {
      await run(side, cfg.warmup, null);
      await drain(db);
    }
  }
  const slice = cfg.duration / cfg.rounds;
  for (let r = 0; r < cfg.rounds; r++) {
    for (const k of r % 2 ? [...sides.keys()].reverse() : [...sides.keys()]) {
      const cpu0 = cpuNow(sides[k].pid);
      const result = await run(sides[k], slice, acc[k].samples);
      const cpu1 = cpuNow(sides[k].pid);
      acc[k].errors += result.errors + result.timeouts + result.non2xx;
      acc[k].cpuMachine += cpu1.machine - cpu0.machine;
      acc[k].cpuApp += cpu1.proc - cpu0.proc;
      await drain(db);
    }
  }
  return acc.map(({ samples, errors, cpuMachine, cpuApp }) => {
    samples.sort((a, b) => a - b);
    return {
      // CPU per answered request: the whole machine (load generator, server, PostgreSQL) and the app process alone.
      cpuMachine: cpuMachine / samples.length,
      cpuApp: cpuApp / samples.length,
      p50: pct(samples, 0.5),
      p95: pct(samples, 0.95),
      p99: pct(samples, 0.99),
      rps: samples.length / cfg.duration,
      ok: samples.length,
      errors,
    };
  });
}

/**
 * Waits until neither the app nor the floor has a query running (requests still queued when a run
 * ends would otherwise slow down the next one): no active backend for 0.5 s, at most 180 s.
 */
async function drain(db) {
  const deadline = Date.now() + 180_000;
  let quiet = 0;
  while (quiet < 5 && Date.now() < deadline) {
    const active = Number(
      (await db.query("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND application_name IN ('horizon', 'horizon-bench-floor')")).rows[0].n,
    );
    quiet = active === 0 ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A short name for a statement runList issued. */
function statementKind(sql) {
  const s = sql.trim();
  if (s.startsWith('EXPLAIN')) return 'estimate';
  if (s.includes('FROM news_stats')) return 'live total';
  if (s.includes('count(*) OVER ()')) return 'tier ids';
  if (/^SELECT count\(\*\) AS n FROM \(SELECT 1/.test(s)) return 'capped count';
  if (s.startsWith('SELECT count(*)')) return 'count';
  if (s.includes('unnest(')) return 'rows by ids';
  if (s.includes('WHERE n.id IN (SELECT')) return 'rows';
  return 'statement';
}

const ms = (v) => (Number.isFinite(v) ? v.toFixed(1) : '-');
/** Terminal width of a string: CJK and full-width characters take two columns. */
const cols = (s) => [...s].reduce((w, ch) => w + (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\uff00-\uffef]/u.test(ch) ? 2 : 1), 0);
const pad = (s, w) => s + ' '.repeat(Math.max(0, w - cols(s)));

async function main() {
  const started = Date.now();
  let loadAverage = loadavg()[0];
  const how = [cfg.closed && `closed loop ${cfg.duration} s × ${cfg.connections} connections`, cfg.open && `open loop ${cfg.rates.join(', ')} requests/s × ${cfg.duration} s, ${cfg.users} desk users`].filter(Boolean).join('; ');
  log(`database ${cfg.url.replace(/:[^:@/]*@/, ':***@')}, N=${cfg.n.toLocaleString('en')}, ${how} (warm-up ${cfg.warmup} s), pool ${cfg.poolSize}`);
  await ensureDatabase(cfg.url);
  await prepare(cfg.url, appEnv);

  const db = new pg.Client({ connectionString: cfg.url, application_name: 'horizon-bench' });
  await db.connect();
  const user = (await db.query("SELECT id, dept_id AS \"deptId\", username FROM sys_user WHERE username = 'admin'")).rows[0];
  if (!user) throw new Error('no admin user in the bench database');
  const load = await loadNews({ url: cfg.url, n: cfg.n, reload: cfg.reload, workers: cfg.loadWorkers, diskCheck: cfg.diskCheck, benchUser: { userId: user.id, deptId: user.deptId, username: user.username } });

  // The ListContext NewsService.listContext builds for each scenario (admin: own department).
  const econ = (await db.query("SELECT id FROM news_classify WHERE code = 'A2000'")).rows[0].id;
  const econIds = (
    await db.query('WITH RECURSIVE down AS (SELECT id FROM news_classify WHERE id = ANY($1::int[]) UNION SELECT c.id FROM news_classify c JOIN down ON c.pid = down.id) SELECT id FROM down ORDER BY id', [[econ]])
  ).rows.map((r) => r.id);
  const base = { deptId: user.deptId, userId: user.id, noiseOnly: false, classifyIds: null, tsquery: null, interest: undefined, sort: 'dateDesc', page: 0, size: 20, countCap };
  const defs = {
    list: { path: 'sort=dateDesc&page=0&size=20', q: {}, ctx: base },
    filtered: { path: `classify=${econ}&type=recommend&sort=dateDesc&page=0&size=20`, q: { type: 'recommend' }, ctx: { ...base, classifyIds: econIds } },
    'search-cn': { path: `content=${encodeURIComponent('能源')}&sort=scoreDesc&page=0&size=20`, q: {}, ctx: { ...base, tsquery: searchQuery('能源', 'and'), sort: 'scoreDesc' } },
    'search-en': { path: 'content=energy&sort=scoreDesc&page=0&size=20', q: {}, ctx: { ...base, tsquery: searchQuery('energy', 'and'), sort: 'scoreDesc' } },
    deep: { path: 'sort=dateDesc&page=5000&size=20', q: {}, ctx: { ...base, page: 5000 } },
  };

  const port = await freePort();
  log(`starting the app (NODE_ENV=production) on 127.0.0.1:${port} ...`);
  const app = await startApp(port);
  // Interrupted (Ctrl-C): stop the app this run started before leaving.
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void app.stop().finally(() => process.exit(1)));
  const results = [];
  let openResults = null;
  let floor;
  try {
    const apiBase = `http://127.0.0.1:${port}`;
    const token = await login(apiBase, 'admin', cfg.adminPassword);
    const headers = { authorization: `Bearer ${token}` };

    if (cfg.closed) {
      floor = new Worker(join(here, 'floor.mjs'), { workerData: { url: cfg.url, poolSize: cfg.poolSize, scenarios: Object.fromEntries(Object.entries(defs).map(([k, d]) => [k, { q: d.q, ctx: d.ctx }])) } });
      const floorPort = await new Promise((resolve, reject) => {
        floor.once('message', (m) => resolve(m.port));
        floor.once('error', reject);
      });

      // One answer of each side: totals, and whether both return the same page.
      log('answers (API totalElements / totalExact; the floor must return the same page):');
      for (const s of SCENARIOS) {
        const d = defs[s.name];
        const res = await fetch(`${apiBase}/api/news/list?${d.path}`, { headers });
        const api = await res.json();
        if (res.status !== 200) throw new Error(`API ${s.name} answered ${res.status}: ${JSON.stringify(api)}`);
        const fl = await (await fetch(`http://127.0.0.1:${floorPort}/${s.name}`)).json();
        const same = JSON.stringify(api.content.map((r) => r.id)) === JSON.stringify(fl.content.map((r) => r.id)) && api.totalElements === fl.totalElements;
        s.answer = { totalElements: api.totalElements, totalExact: api.totalExact, rows: api.content.length, same };
        log(`  ${pad(s.label, 28)} totalElements=${api.totalElements} totalExact=${api.totalExact} rows=${api.content.length} floor same=${same ? 'yes' : 'NO'}`);
      }

      // Each statement runList issues for a scenario, timed once (warm cache); BENCH_EXPLAIN=1 adds the plans.
      log('statements per request (runList, warm cache):');
      for (const s of SCENARIOS) {
        const steps = [];
        const exec = async (sql, params) => {
          const t0 = performance.now();
          const rows = (await db.query(sql, params)).rows;
          steps.push({ ms: performance.now() - t0, sql, params });
          return rows;
        };
        await runList(exec, defs[s.name].q, defs[s.name].ctx);
        const t0 = performance.now();
        steps.length = 0;
        await runList(exec, defs[s.name].q, defs[s.name].ctx);
        s.explain = { total: performance.now() - t0, steps: steps.length };
        log(`  ${pad(s.label, 28)} ${ms(s.explain.total)} ms in ${steps.length} statements: ${steps.map((x) => `${x.sql.trim().slice(0, 28).replace(/\s+/g, ' ')}… ${ms(x.ms)}`).join(' | ')}`);
        // EXPLAIN (ANALYZE, BUFFERS) of each statement (not of the planner estimates): server-side time.
        const analyzed = [];
        for (const x of steps) {
          if (x.sql.startsWith('EXPLAIN')) continue;
          const plan = (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${x.sql}`, x.params)).rows.map((r) => r['QUERY PLAN']);
          const time = (what) => Number((plan.find((l) => l.startsWith(what)) ?? '').replace(/[^\d.]/g, '')) || NaN;
          const buffers = (plan.find((l) => /^\s*Buffers:/.test(l)) ?? '').trim().replace(/^Buffers: /, '');
          const jit = plan.some((l) => l.startsWith('JIT:'));
          analyzed.push({ what: statementKind(x.sql), exec: time('Execution Time'), planning: time('Planning Time'), buffers, jit });
          if (cfg.explain) console.log(`--- ${s.label}: ${statementKind(x.sql)}\n${plan.join('\n')}\n`);
        }
        s.explain.analyzed = analyzed;
        log(`  ${' '.repeat(28)} EXPLAIN ANALYZE: ${analyzed.map((a) => `${a.what} ${ms(a.exec)} ms (plan ${ms(a.planning)}${a.jit ? ', JIT' : ''}; ${a.buffers || '-'})`).join(' | ')}`);
      }

      for (const s of SCENARIOS) {
        await drain(db);
        log(`measuring ${s.label}: API and floor, ${cfg.rounds} interleaved round(s) ...`);
        const [api, fl] = await measurePair([{ url: `${apiBase}/api/news/list?${defs[s.name].path}`, headers, pid: app.pid }, { url: `http://127.0.0.1:${floorPort}/${s.name}`, headers: {} }], db);
        const ratio = api.p95 / fl.p95;
        const pass = api.p95 <= s.target && ratio <= RATIO_TARGET && api.errors === 0;
        results.push({ s, api, fl, ratio, pass });
        log(`  API p95 ${ms(api.p95)} ms, ${api.rps.toFixed(0)} req/s; floor p95 ${ms(fl.p95)} ms, ${fl.rps.toFixed(0)} req/s; ratio ${Number.isFinite(ratio) ? ratio.toFixed(2) : '-'}${api.ok && fl.ok ? `; CPU ms/request: machine ${api.cpuMachine.toFixed(2)} vs ${fl.cpuMachine.toFixed(2)}, app process ${api.cpuApp.toFixed(2)}` : ''}${api.errors || fl.errors ? `; errors API ${api.errors}, floor ${fl.errors}` : ''}`);
      }
    }

    if (cfg.open) {
      loadAverage = loadavg()[0]; // other work on the machine competes with the generator for the CPUs
      log(`open loop: ${cfg.users} desk users through the admin API ...`);
      const users = await deskUsers({ base: apiBase, adminToken: token, db, count: cfg.users, deptId: user.deptId, login: (name, password) => login(apiBase, name, password) });
      openResults = await openLoop({
        base: apiBase, db, users, econ, deptId: user.deptId, rates: cfg.rates, duration: cfg.duration, warmup: cfg.warmup,
        arrivals: cfg.arrivals, sockets: cfg.sockets, timeoutMs: 30_000, between: () => drain(db),
      });
    }
  } finally {
    await app.stop();
    if (floor) {
      floor.postMessage('stop');
      await new Promise((r) => setTimeout(r, 200));
      await floor.terminate();
    }
  }
  const pgVersion = (await db.query('SHOW server_version')).rows[0].server_version;
  const size = await newsSize(db);
  await db.end();

  // The data: rows, on-disk size of news, how long its load took (this run's, or the recorded one).
  const loadTimes = (l) => `${l.seconds.toFixed(0)} s (COPY ${l.copySeconds.toFixed(0)} s, state + indexes ${l.indexSeconds.toFixed(0)} s, VACUUM ANALYZE ${l.vacuumSeconds.toFixed(0)} s)`;
  const loadLine = !load.skipped
    ? `loaded in ${loadTimes(load.last)}`
    : `load skipped (table already held ${load.rows.toLocaleString('en')} rows${load.last ? `; loaded ${new Date(load.last.at).toISOString().slice(0, 10)} in ${loadTimes(load.last)}` : ''})`;
  const data = `${load.rows.toLocaleString('en')} rows (news ${gb(size.totalBytes)} on disk: table ${gb(size.tableBytes)} + indexes ${gb(size.indexBytes)}), ${loadLine}; PostgreSQL ${pgVersion}, ${availableParallelism()} CPUs`;
  const parts = {};
  const command = { closed: 'npm run bench:news', open: 'npm run bench:news:open', both: 'BENCH_MODE=both npm run bench:news' }[cfg.mode];

  // 4. The tables.
  if (cfg.closed) {
    const head = ['scenario', 'API p50/p95/p99 ms', 'req/s', 'floor p50/p95/p99 ms', 'req/s', 'ratio p95', 'throughput', 'CPU ms/req API / floor (app)', 'target', 'result'];
    const cpu = (v) => (Number.isFinite(v) ? v.toFixed(2) : '-');
    const rows = results.map(({ s, api, fl, ratio, pass }) => [
      s.label,
      `${ms(api.p50)} / ${ms(api.p95)} / ${ms(api.p99)}`,
      api.rps.toFixed(0),
      `${ms(fl.p50)} / ${ms(fl.p95)} / ${ms(fl.p99)}`,
      fl.rps.toFixed(0),
      Number.isFinite(ratio) ? ratio.toFixed(2) : '-',
      fl.rps > 0 ? `${((100 * api.rps) / fl.rps).toFixed(0)} %` : '-',
      `${cpu(api.cpuMachine)} / ${cpu(fl.cpuMachine)} (${cpu(api.cpuApp)})`,
      `p95 ≤ ${s.target}, ratio ≤ ${RATIO_TARGET}`,
      (pass ? 'PASS' : 'FAIL') + (api.ok === 0 ? ' (no answer in time)' : api.errors ? ` (${api.errors} errors)` : ''),
    ]);
    const context = `${data}; ${cfg.duration} s per side in ${cfg.rounds} interleaved round(s) after ${cfg.warmup} s warm-up, ${cfg.connections} connections, pool ${cfg.poolSize}`;
    console.log(`\n${context}\n`);
    printTable(head, rows);
    console.log('\nAPI answers and the statements of one request (runList on one connection, warm):');
    const detail = SCENARIOS.map((s) => [
      s.label,
      String(s.answer?.totalElements),
      String(s.answer?.totalExact),
      s.answer?.same ? 'yes' : 'NO',
      ms(s.explain?.total),
      String(s.explain?.steps),
      (s.explain?.analyzed ?? []).map((a) => `${a.what} ${ms(a.exec)}${a.jit ? ' (JIT)' : ''}`).join(', '),
    ]);
    const dHead = ['scenario', 'totalElements', 'totalExact', 'floor same page', 'one request, DB ms', 'statements', 'EXPLAIN ANALYZE execution ms'];
    printTable(dHead, detail);
    parts.closed = [
      '# News list benchmark: last result',
      '',
      `Run ${new Date().toISOString()} by \`${command}\`: ${context}.`,
      '',
      ...mdTable(head, rows),
      '',
      ...mdTable(dHead, detail),
      '',
      'ratio = API p95 / floor p95; throughput = API req/s / floor req/s; CPU ms/req = the whole machine\'s busy CPU time (all cores: load generator, server, PostgreSQL) per answered request on each side, and in brackets the app process\'s own. The floor runs the same statements (runList from backend/dist, the function NewsService.list calls, same ListContext) on raw pg with a pool of the same size, behind a bare node:http server.',
      '',
    ].join('\n');
  }
  if (openResults) {
    const t = openTables(openResults, load.rows);
    const context = `${data}, load average ${loadAverage.toFixed(1)} at the start; ${cfg.users} desk users, ${cfg.arrivals} arrivals, ${cfg.duration} s per rate after ${cfg.warmup} s warm-up, pool ${cfg.poolSize}, up to ${cfg.sockets} client sockets`;
    console.log(`\nOpen loop: ${context}\n`);
    printTable(t.kinds.head, t.kinds.rows);
    console.log('');
    printTable(t.generator.head, t.generator.rows);
    console.log('');
    printTable(t.variants.head, t.variants.rows);
    for (const note of t.notes) console.log(`\n${note}`);
    parts.open = [
      OPEN_HEADING,
      '',
      `Run ${new Date().toISOString()} by \`${command}\`: ${context}. Mix: 60 % list, 20 % search, 10 % detail, 10 % writes (bench/news/README.md).`,
      '',
      ...mdTable(t.kinds.head, t.kinds.rows),
      '',
      ...mdTable(t.generator.head, t.generator.rows),
      '',
      ...mdTable(t.variants.head, t.variants.rows),
      '',
      ...t.notes,
      '',
    ].join('\n');
  }
  console.log(`\n(total ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  writeResult(parts);
  log(`written bench/news/last-result.md (${Object.keys(parts).join(' and ')} loop)`);
}

/** The heading of the open-loop section of last-result.md: everything from it on is that section. */
const OPEN_HEADING = '## Open loop';

/**
 * Writes last-result.md: the closed-loop part (from the top) and the open-loop section (from
 * OPEN_HEADING on); a part this run did not measure is kept from the file as it was.
 */
function writeResult(parts) {
  const file = join(here, 'last-result.md');
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const at = old.indexOf(`\n${OPEN_HEADING}`);
  const oldClosed = at >= 0 ? old.slice(0, at + 1) : old;
  const oldOpen = at >= 0 ? old.slice(at + 1) : '';
  const closed = (parts.closed ?? (oldClosed.trim() ? oldClosed : '# News list benchmark: last result\n')).trimEnd();
  const open = (parts.open ?? oldOpen).trimEnd();
  writeFileSync(file, `${closed}\n${open ? `\n${open}\n` : ''}`);
}

const mdTable = (head, rows) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)];

/** A table for the terminal, columns aligned (CJK counted double). */
function printTable(head, rows) {
  const width = (i) => Math.max(...[head, ...rows].map((r) => cols(r[i])));
  const line = (r) => r.map((c, i) => pad(c, width(i))).join(' | ');
  console.log(line(head));
  console.log(head.map((_, i) => '-'.repeat(width(i))).join('-|-'));
  for (const r of rows) console.log(line(r));
}

// A measurement: exit 0 whatever the PASS/FAIL verdicts; 1 only when the benchmark could not run.
try {
  await main();
  process.exit(0);
} catch (e) {
  console.error('[bench] failed:', e instanceof Error ? e.stack : e);
  process.exit(1);
}
