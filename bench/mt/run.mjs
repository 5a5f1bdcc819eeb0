#!/usr/bin/env node
// `npm run bench:mt`: items/minute through the background machine-translation queue with the real
// Apertium engine (spa→eng). Starts apertium-apy (own process group) and the built app
// (backend/dist) against a throwaway database, inserts N pending Spanish items in one statement and
// waits until every one is done or failed. See bench/mt/README.md.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants as fsConstants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { spanishItem } from './corpus.mjs';
import { freePort } from '../../scripts/lib/free-port.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const log = (...args) => console.log('[bench:mt]', ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const env = process.env;
const int = (name, fallback, min = 0) => {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${v}"`);
  return n;
};

class BenchError extends Error {}

const cfg = {
  server: env.BENCH_DATABASE_SERVER || 'postgres://postgres@127.0.0.1:5432',
  items: int('BENCH_MT_ITEMS', 200, 1),
  concurrency: int('MT_CONCURRENCY', 2, 1),
  timeoutS: int('BENCH_MT_TIMEOUT', 900, 1),
  seed: int('BENCH_MT_SEED', 20260505),
  apy: env.APERTIUM_APY || '/usr/bin/apertium-apy',
  modes: env.APERTIUM_MODES || '/usr/share/apertium/modes',
  apyArgs: (env.BENCH_APY_ARGS || '').split(/\s+/).filter(Boolean),
  redisUrl: env.BENCH_REDIS_URL || undefined,
  proxy: env.BENCH_MT_PROXY !== '0',
  floor: env.BENCH_MT_FLOOR === '1',
};
const POLL_MS = 250;
const PAIR = 'spa|eng';
const redact = (url) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');

// ---------------------------------------------------------------------------------------------
// Cleanup: everything started is registered here and undone in reverse order, on success, failure
// and Ctrl+C. The exit hook is the last resort for the process groups (it cannot drop a database).
const cleanups = [];
const lastResort = new Set();
let cleaning;
/** Exit code of the signal that interrupted the run (its errors are then not reported). */
let interrupted = 0;
/** Stops main() between steps once a signal arrived (cleanup is already running). */
function notInterrupted() {
  if (interrupted) throw new BenchError('interrupted');
}
function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const { name, fn } = cleanups.pop();
      try {
        await fn();
      } catch (e) {
        console.error(`[bench:mt] cleanup "${name}" failed: ${e instanceof Error ? e.message : e}`);
      }
    }
  })();
  return cleaning;
}
process.on('exit', () => {
  for (const kill of lastResort) kill();
});
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) {
  process.once(signal, () => {
    interrupted = code;
    console.error(`\n[bench:mt] ${signal}: stopping apertium-apy and the app, dropping the database ...`);
    void cleanup().finally(() => process.exit(code));
  });
}

const killGroup = (pid, signal) => {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
};

// ---------------------------------------------------------------------------------------------
// 1. Apertium APY in its own process group (as backend/test/mt-engines.e2e-spec.ts).

function checkApertium() {
  const hint = 'install it (apt-get install -y apertium-apy apertium-eng-spa) or point APERTIUM_APY / APERTIUM_MODES at it';
  if (!existsSync(cfg.apy)) throw new BenchError(`apertium-apy not found at ${cfg.apy}: ${hint}`);
  try {
    accessSync(cfg.apy, fsConstants.X_OK);
  } catch {
    throw new BenchError(`${cfg.apy} is not executable: ${hint}`);
  }
  if (!existsSync(cfg.modes)) throw new BenchError(`Apertium modes directory ${cfg.modes} not found: ${hint}`);
  if (!readdirSync(cfg.modes).includes('spa-eng.mode')) throw new BenchError(`no spa-eng.mode in ${cfg.modes} (the Spanish→English pair): ${hint}`);
}

async function startApertium() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [...cfg.apyArgs, '-p', String(port), cfg.modes];
  let output = '';
  const child = spawn(cfg.apy, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let exited = null;
  let spawnError = null;
  child.on('error', (e) => (spawnError = e));
  child.on('exit', (code, signal) => (exited = { code, signal }));
  child.stdout.on('data', (d) => (output = (output + d).slice(-4000)));
  child.stderr.on('data', (d) => (output = (output + d).slice(-4000)));
  const kill = () => child.pid && killGroup(child.pid, 'SIGKILL');
  lastResort.add(kill);
  cleanups.push({
    name: 'apertium-apy',
    fn: async () => {
      lastResort.delete(kill);
      if (!child.pid) return;
      // The group outlives APY itself (pipeline processes): always signal the group.
      const gone = exited ? Promise.resolve() : new Promise((r) => child.once('exit', r));
      killGroup(child.pid, 'SIGTERM');
      const done = await Promise.race([gone.then(() => true), sleep(5000).then(() => false)]);
      if (!done) killGroup(child.pid, 'SIGKILL');
      await sleep(100);
      killGroup(child.pid, 'SIGKILL'); // pipeline stragglers of the group, if any
    },
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (spawnError) throw new BenchError(`could not start ${cfg.apy}: ${spawnError.message}`);
    if (exited) throw new BenchError(`apertium-apy exited early (${JSON.stringify(exited)}):\n${output}`);
    try {
      const res = await fetch(`${url}/listPairs`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) {
        const pairs = (await res.json()).responseData ?? [];
        if (!pairs.some((p) => p.sourceLanguage === 'spa' && p.targetLanguage === 'eng')) {
          throw new BenchError(`apertium-apy at ${url} has no spa→eng pair (listPairs: ${JSON.stringify(pairs)})`);
        }
        break;
      }
    } catch (e) {
      if (e instanceof BenchError) throw e;
      // not listening yet
    }
    if (Date.now() > deadline) throw new BenchError(`apertium-apy did not answer /listPairs within 30 s:\n${output}`);
    await sleep(250);
  }
  // One request so the spa→eng pipeline is running before the clock starts (APY starts it lazily).
  const warm = await fetch(`${url}/translate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ langpair: PAIR, q: 'El Gobierno aprobó ayer el presupuesto.', markUnknown: 'no' }),
  });
  const answer = await warm.json().catch(() => ({}));
  if (!warm.ok || typeof answer.responseData?.translatedText !== 'string') throw new BenchError(`apertium-apy warm-up failed (${warm.status}): ${JSON.stringify(answer)}`);
  return { url, pid: child.pid, args, sample: answer.responseData.translatedText };
}

/**
 * A counting pass-through between the app and APY (MT_URL points at it): requests, request time,
 * characters sent, and the time APY had at least one request in flight. BENCH_MT_PROXY=0 disables it.
 */
async function startProxy(target) {
  const t = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const stats = { requests: 0, errors: 0, chars: 0, spans: [], inFlight: 0, maxInFlight: 0, bodies: [] };
  const server = createHttpServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const start = performance.now();
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      if (req.url.startsWith('/translate')) {
        stats.chars += (new URLSearchParams(body.toString('utf8')).get('q') ?? '').length;
        if (cfg.floor) stats.bodies.push(body);
      }
      const headers = { ...req.headers, host: t.host, 'content-length': String(body.length) };
      const up = httpRequest({ host: t.hostname, port: t.port, path: req.url, method: req.method, headers, agent }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
        r.on('end', () => {
          stats.inFlight--;
          stats.requests++;
          if ((r.statusCode ?? 500) >= 400) stats.errors++;
          stats.spans.push([start, performance.now()]);
        });
      });
      up.on('error', (e) => {
        stats.inFlight--;
        stats.errors++;
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(String(e));
      });
      up.end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push({
    name: 'proxy',
    fn: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      agent.destroy();
    },
  });
  return { url: `http://127.0.0.1:${server.address().port}`, stats };
}

// ---------------------------------------------------------------------------------------------
// 2. The throwaway database and the app.

const withDatabase = (url, name) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function createDatabase() {
  const name = `horizon_bench_mt_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(cfg.server, 'postgres') });
  try {
    await admin.connect();
  } catch (e) {
    throw new BenchError(`PostgreSQL at ${redact(cfg.server)} is unreachable (BENCH_DATABASE_SERVER): ${e.message}`);
  }
  cleanups.push({
    name: `drop database ${name}`,
    fn: async () => {
      const c = new pg.Client({ connectionString: withDatabase(cfg.server, 'postgres') });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
      log(`dropped database ${name}`);
    },
  });
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  } finally {
    await admin.end();
  }
  return { name, url: withDatabase(cfg.server, name) };
}

/** backend/dist/main.js (migrates and seeds the empty database on start); resolves when /api/health/ready answers. */
async function startApp(databaseUrl, mtUrl) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'horizon-bench-mt-'));
  cleanups.push({ name: 'data dir', fn: async () => rmSync(dataDir, { recursive: true, force: true }) });
  const appEnv = { ...env };
  for (const k of ['REDIS_URL', 'MT_API_KEY', 'MT_MODEL', 'MT_PROMPT']) delete appEnv[k];
  Object.assign(appEnv, {
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ADMIN_PASSWORD: `Bench@${randomBytes(9).toString('base64url')}`,
    CAPTCHA_ENABLED: 'false',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    MT_ENGINE: 'apertium',
    MT_URL: mtUrl,
    MT_TARGET_LANG: 'en',
    MT_AUTO: 'true',
    MT_CONCURRENCY: String(cfg.concurrency),
    ...(cfg.redisUrl ? { REDIS_URL: cfg.redisUrl } : {}),
  });
  const output = [];
  const child = spawn(process.execPath, [join(root, 'backend/dist/main.js')], { cwd: root, env: appEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  const kill = () => exited || child.kill('SIGKILL');
  lastResort.add(kill);
  cleanups.push({
    name: 'app',
    fn: async () => {
      lastResort.delete(kill);
      if (exited) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new BenchError(`the app exited (${JSON.stringify(exited)}):\n${output.join('')}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new BenchError(`the app did not answer /api/health/ready in 120 s:\n${output.join('')}`);
    await sleep(250);
  }
  const mtEnv = Object.fromEntries(Object.entries(appEnv).filter(([k]) => k.startsWith('MT_')));
  return { pid: child.pid, output, mtEnv, exited: () => exited };
}

/** BullMQ: refuses a Redis whose horizon-mt queue has jobs or other workers (they would share the work). */
async function checkRedisQueue(stage) {
  const requireBackend = createRequire(join(root, 'backend', 'package.json'));
  const { Queue } = requireBackend('bullmq');
  const queue = new Queue('horizon-mt', { connection: { url: cfg.redisUrl, maxRetriesPerRequest: null }, prefix: 'horizon' });
  try {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed');
    const jobs = Object.values(counts).reduce((a, b) => a + b, 0);
    const workers = stage === 'before' ? (await queue.getWorkers()).length : 0;
    return { jobs, counts, workers };
  } finally {
    await queue.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Measurement helpers.

const CLK_TCK = (() => {
  const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(r.stdout) > 0 ? Number(r.stdout) : 100;
})();

/** CPU seconds (self + reaped children) of the processes matching `pred({pid, comm, pgrp})`. */
function cpuSeconds(pred) {
  let ticks = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${d}/stat`, 'utf8');
    } catch {
      continue;
    }
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const f = stat.slice(close + 2).split(' ');
    if (!pred({ pid: Number(d), comm, pgrp: Number(f[2]) })) continue;
    ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  }
  return ticks / CLK_TCK;
}

/** Busy and total CPU seconds of the machine (/proc/stat). */
function machineCpu() {
  const [, ...v] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = v[3] + v[4];
  return { busy: (total - idle) / CLK_TCK, total: total / CLK_TCK };
}

function cpuSnapshot(app, apy) {
  return {
    app: cpuSeconds((p) => p.pid === app.pid),
    apertium: cpuSeconds((p) => p.pgrp === apy.pid),
    postgres: cpuSeconds((p) => p.comm === 'postgres'),
    machine: machineCpu(),
  };
}

const pct = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : NaN);
const sec = (v) => (Number.isFinite(v) ? `${v.toFixed(2)} s` : '-');
const fmt = (v, d = 1) => (Number.isFinite(v) ? v.toLocaleString('en', { minimumFractionDigits: d, maximumFractionDigits: d }) : '-');

/** Union of [start, end] intervals (ms). */
function busyMs(spans) {
  const s = [...spans].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let cur = null;
  for (const [a, b] of s) {
    if (!cur || a > cur[1]) {
      if (cur) total += cur[1] - cur[0];
      cur = [a, b];
    } else cur[1] = Math.max(cur[1], b);
  }
  if (cur) total += cur[1] - cur[0];
  return total;
}

/**
 * The engine alone (BENCH_MT_FLOOR=1): the /translate requests the app sent, replayed straight to
 * APY by `clients` sequential clients (as MT_CONCURRENCY workers would), no app, queue or database.
 */
async function engineFloor(apyUrl, bodies, clients) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const u = new URL(apyUrl);
  const post = (body) =>
    new Promise((resolve, reject) => {
      const req = httpRequest({ host: u.hostname, port: u.port, path: '/translate', method: 'POST', agent, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) } }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`APY answered ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end(body);
    });
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < bodies.length) await post(bodies[next++]);
  }));
  agent.destroy();
  return (performance.now() - t0) / 1000;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const cores = availableParallelism();
  const cpuModel = cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const queueType = cfg.redisUrl ? `BullMQ (${redact(cfg.redisUrl)})` : 'in-process';
  log(`${cfg.items} Spanish items → en, engine apertium (${PAIR}), MT_CONCURRENCY=${cfg.concurrency}, queue ${queueType}, ${cores} cores (${cpuModel})`);
  log('Apertium has no Chinese pair: the bench translates Spanish → English (MT_TARGET_LANG=en), not into zh as production would.');

  checkApertium();
  if (!existsSync(join(root, 'backend/dist/main.js'))) {
    log('backend/dist missing: npm run build -w backend');
    const r = spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new BenchError('building the backend failed');
  }
  if (cfg.redisUrl) {
    const before = await checkRedisQueue('before').catch((e) => {
      throw new BenchError(`BENCH_REDIS_URL ${redact(cfg.redisUrl)}: ${e.message}`);
    });
    if (before.jobs || before.workers) {
      throw new BenchError(`the BullMQ queue horizon:horizon-mt on ${redact(cfg.redisUrl)} is in use (${before.jobs} jobs ${JSON.stringify(before.counts)}, ${before.workers} workers): ` +
        'another app would share or steal the jobs; use a Redis of your own (e.g. redis-server --port 6390 --save "")');
    }
  }

  log(`starting ${[cfg.apy, ...cfg.apyArgs].join(' ')} (own process group) ...`);
  const apy = await startApertium();
  log(`apertium-apy ready on ${apy.url} (pid/group ${apy.pid}; warm-up: "${apy.sample}")`);
  notInterrupted();
  const proxy = cfg.proxy ? await startProxy(apy.url) : null;
  notInterrupted();
  const db = await createDatabase();
  log(`database ${db.name} on ${redact(cfg.server)}`);
  log('starting the app (backend/dist, NODE_ENV=production) ...');
  notInterrupted();
  const app = await startApp(db.url, proxy ? proxy.url : apy.url);
  log(`app ready (pid ${app.pid}); ${Object.entries(app.mtEnv).map(([k, v]) => `${k}=${v}`).join(' ')}${proxy ? ` (MT_URL = counting pass-through to ${apy.url})` : ''}`);

  const client = new pg.Client({ connectionString: db.url, application_name: 'horizon-bench-mt' });
  notInterrupted();
  await client.connect();
  cleanups.push({ name: 'bench connection', fn: () => client.end() });

  // Status changes of every item, with the clock of the moment (bench instrumentation in the
  // throwaway database only: one extra row per change).
  await client.query(`
    CREATE UNLOGGED TABLE bench_mt_event (news_id bigint NOT NULL, status text, at timestamptz NOT NULL DEFAULT clock_timestamp());
    CREATE FUNCTION bench_mt_log() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.mt_status IS DISTINCT FROM OLD.mt_status THEN
        INSERT INTO bench_mt_event (news_id, status) VALUES (NEW.id, NEW.mt_status);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER bench_mt_log AFTER UPDATE OF mt_status ON news FOR EACH ROW EXECUTE FUNCTION bench_mt_log();`);

  // The items (generated before the clock starts).
  const items = Array.from({ length: cfg.items }, (_, k) => spanishItem(k, cfg.seed));
  const sourceChars = items.reduce((a, x) => a + x.chars, 0);
  const htmlChars = items.reduce((a, x) => a + x.title.length + x.html.length, 0);
  const run = randomBytes(4).toString('hex');
  const cols = {
    title: items.map((x) => x.title),
    content: items.map((x) => x.text),
    html: items.map((x) => x.html),
    url: items.map((_, k) => `https://bench-mt.example/${run}/${k + 1}`),
  };
  // What else keeps the machine busy (the app and APY are idle now): 2 s of /proc/stat.
  const idle0 = machineCpu();
  await sleep(2000);
  const idle1 = machineCpu();
  const background = (100 * (idle1.busy - idle0.busy)) / (idle1.total - idle0.total);
  log(`machine busy before the run (app and APY idle): ${fmt(background, 0)} % of ${cores} cores`);

  const cpu0 = cpuSnapshot(app, apy);
  const t0 = performance.now();
  const inserted = await client.query(
    `INSERT INTO news (title, content, content_html, url, publish_time, web_name, language, country, mt_status, mt_time)
     SELECT t, c, h, u, now() - make_interval(mins => o::int), 'Diario de Ejemplo', 'es', 'ES', 'pending', now()
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS x(t, c, h, u, o)
     RETURNING id`,
    [cols.title, cols.content, cols.html, cols.url],
  );
  const insertedAt = (await client.query('SELECT clock_timestamp() AS at')).rows[0].at;
  const ids = inserted.rows.map((r) => r.id);
  log(`inserted ${ids.length} items (${sourceChars.toLocaleString('en')} characters of text, ${(performance.now() - t0).toFixed(0)} ms) at ${insertedAt.toISOString()}; polling every ${POLL_MS} ms (timeout ${cfg.timeoutS} s) ...`);

  // Poll until every item is done or failed (finally: a failed try with retries left is 'pending').
  const deadline = t0 + cfg.timeoutS * 1000;
  let counts;
  let lastLog = 0;
  let timedOut = false;
  for (;;) {
    notInterrupted();
    if (app.exited()) throw new BenchError(`the app exited during the run (${JSON.stringify(app.exited())}):\n${app.output.join('')}`);
    const rows = (await client.query('SELECT mt_status AS s, count(*)::int AS n FROM news WHERE id = ANY($1::bigint[]) GROUP BY 1', [ids])).rows;
    counts = Object.fromEntries(rows.map((r) => [r.s ?? 'null', r.n]));
    const finished = (counts.done ?? 0) + (counts.failed ?? 0) + (counts.skipped ?? 0);
    const now = performance.now();
    if (finished >= ids.length) break;
    if (now - lastLog >= 5000) {
      lastLog = now;
      const elapsed = (now - t0) / 1000;
      log(`  ${elapsed.toFixed(0).padStart(4)} s: ${counts.done ?? 0} done, ${counts.running ?? 0} running, ${counts.pending ?? 0} pending, ${counts.failed ?? 0} failed (${fmt(((counts.done ?? 0) / elapsed) * 60)} items/min so far)`);
    }
    if (now > deadline) {
      timedOut = true;
      break;
    }
    await sleep(POLL_MS);
  }
  const detectedS = (performance.now() - t0) / 1000;
  const cpu1 = cpuSnapshot(app, apy);
  const proxySnapshot = proxy ? { ...proxy.stats, spans: [...proxy.stats.spans] } : null;
  let floorS = NaN;
  if (cfg.floor && proxySnapshot?.bodies.length) {
    log(`engine floor: replaying the ${proxySnapshot.bodies.length} requests straight to APY with ${cfg.concurrency} clients ...`);
    floorS = await engineFloor(apy.url, proxySnapshot.bodies, cfg.concurrency);
  }

  // Per item: first pick-up, last start, completion (trigger clock); errors of the failed ones.
  const per = (
    await client.query(
      `SELECT n.id, n.mt_status AS status, n.mt_error AS error,
              extract(epoch FROM min(e.at) FILTER (WHERE e.status = 'running') - $2::timestamptz) AS picked,
              extract(epoch FROM max(e.at) FILTER (WHERE e.status = 'running') - $2::timestamptz) AS started,
              extract(epoch FROM max(e.at) FILTER (WHERE e.status IN ('done', 'failed', 'skipped')) - $2::timestamptz) AS finished,
              count(*) FILTER (WHERE e.status = 'running')::int AS tries,
              length(n.title_cn) + length(coalesce(n.content_cn, '')) AS out_chars
       FROM news n LEFT JOIN bench_mt_event e ON e.news_id = n.id
       WHERE n.id = ANY($1::bigint[]) GROUP BY n.id`,
      [ids, insertedAt],
    )
  ).rows.map((r) => ({ ...r, picked: Number(r.picked), started: Number(r.started), finished: r.finished == null ? NaN : Number(r.finished) }));
  const sample = (await client.query(`SELECT title, title_cn FROM news WHERE id = $1`, [ids[0]])).rows[0];
  const pgVersion = (await client.query('SHOW server_version')).rows[0].server_version;
  const redisAfter = cfg.redisUrl ? await checkRedisQueue('after').catch(() => null) : null;

  const fin = per.filter((p) => Number.isFinite(p.finished));
  const done = per.filter((p) => p.status === 'done');
  const failed = per.filter((p) => p.status === 'failed');
  const retried = per.filter((p) => p.tries > 1).length;
  const lastDone = Math.max(...fin.map((p) => p.finished));
  const firstPick = Math.min(...per.map((p) => p.picked).filter(Number.isFinite));
  const wall = timedOut ? detectedS : lastDone;
  const index = new Map(ids.map((id, k) => [String(id), k]));
  const doneChars = done.reduce((a, p) => a + items[index.get(String(p.id))].chars, 0);
  const e2e = fin.map((p) => p.finished).sort((a, b) => a - b);
  const service = fin.map((p) => p.finished - p.started).filter(Number.isFinite).sort((a, b) => a - b);
  const cpu = {
    app: cpu1.app - cpu0.app,
    apertium: cpu1.apertium - cpu0.apertium,
    postgres: cpu1.postgres - cpu0.postgres,
    busy: cpu1.machine.busy - cpu0.machine.busy,
    total: cpu1.machine.total - cpu0.machine.total,
  };
  const window = cpu.total / cores; // seconds of the CPU sample window
  const share = (s) => `${fmt(s)} s (${fmt((100 * s) / window, 0)} % of one core)`;

  const rows = [
    ['items', `${ids.length} (done ${done.length}, failed ${failed.length}${counts.skipped ? `, skipped ${counts.skipped}` : ''}${timedOut ? `, unfinished ${ids.length - fin.length}` : ''}; ${retried} needed a retry)`],
    ['characters (title + text, no markup)', `${sourceChars.toLocaleString('en')} (${fmt(sourceChars / ids.length, 0)} per item; HTML ${htmlChars.toLocaleString('en')})`],
    ['wall time, insert → last item finished', `${sec(wall)}${timedOut ? ` (TIMED OUT after ${cfg.timeoutS} s)` : ''} (poll saw it after ${sec(detectedS)})`],
    ['**items/minute**', `**${fmt((done.length / wall) * 60)}**`],
    ['characters/second', fmt(doneChars / wall, 0)],
    ['first pick-up after the insert (sweep every 5 s)', sec(firstPick)],
    ['items/minute after the first pick-up', fmt((done.length / (lastDone - firstPick)) * 60)],
    ['latency per item, insert → done: p50 / p95 / max', `${sec(pct(e2e, 0.5))} / ${sec(pct(e2e, 0.95))} / ${sec(e2e.at(-1))}`],
    ['translation time per item, running → done: p50 / p95 / max', `${sec(pct(service, 0.5))} / ${sec(pct(service, 0.95))} / ${sec(service.at(-1))}`],
  ];
  if (proxySnapshot) {
    const durs = proxySnapshot.spans.map(([a, b]) => b - a).sort((a, b) => a - b);
    const sum = durs.reduce((a, b) => a + b, 0);
    const span = proxySnapshot.spans.length ? Math.max(...proxySnapshot.spans.map((s) => s[1])) - Math.min(...proxySnapshot.spans.map((s) => s[0])) : NaN;
    rows.push(
      ['Apertium requests', `${proxySnapshot.requests} (${fmt(proxySnapshot.requests / ids.length)} per item, ${fmt(proxySnapshot.chars / Math.max(1, proxySnapshot.requests), 0)} characters each; ${proxySnapshot.errors} errors)`],
      ['Apertium request time: p50 / p95 / max', `${fmt(pct(durs, 0.5))} / ${fmt(pct(durs, 0.95))} / ${fmt(durs.at(-1))} ms`],
      ['Apertium busy (≥ 1 request in flight) / mean in flight', `${fmt((100 * busyMs(proxySnapshot.spans)) / span, 0)} % of ${sec(span / 1000)} / ${fmt(sum / span, 2)} (max ${proxySnapshot.maxInFlight})`],
      ['share of the translation time spent waiting for Apertium', `${fmt((100 * sum) / 1000 / service.reduce((a, b) => a + b, 0), 0)} % (request time / running → done time, summed over items)`],
    );
    if (Number.isFinite(floorS)) {
      rows.push(['engine floor: same requests straight to APY, no app/queue/DB', `${sec(floorS)} → ${fmt((done.length / floorS) * 60)} items/min (${cfg.concurrency} sequential clients)`]);
    }
  }
  rows.push(
    ['CPU: app / apertium-apy group / all postgres processes', `${share(cpu.app)} / ${share(cpu.apertium)} / ${share(cpu.postgres)}`],
    ['CPU: whole machine busy during the run (before the insert)', `${fmt((100 * cpu.busy) / cpu.total, 0)} % of ${cores} cores over ${sec(window)} (${fmt(background, 0)} % in the 2 s before the insert)`],
  );
  if (failed.length) {
    const reasons = [...new Set(failed.map((p) => p.error))].slice(0, 3);
    rows.push(['failures (first distinct errors)', reasons.map((r) => String(r).slice(0, 160).replace(/\|/g, '/')).join(' ‖ ')]);
  }
  if (redisAfter) rows.push(['BullMQ jobs left in horizon:horizon-mt', String(redisAfter.jobs)]);

  const context = `engine apertium (APY ${apy.args.slice(0, -3).join(' ') || 'defaults'}), ${PAIR} — Apertium has no Chinese, so Spanish → English (MT_TARGET_LANG=en); ` +
    `MT_CONCURRENCY=${cfg.concurrency}, queue ${queueType}, MT_CHUNK_CHARS=${app.mtEnv.MT_CHUNK_CHARS ?? '2000 (default)'}; ` +
    `${cores} cores (${cpuModel}), PostgreSQL ${pgVersion}; ${proxy ? 'MT_URL through the bench\'s counting pass-through' : 'MT_URL = APY directly'}`;
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`\n${context}\n`);
  for (const [k, v] of rows) console.log(`${k.padEnd(width)} | ${v.replace(/\*\*/g, '')}`);
  console.log(`\nsample: "${sample.title}" → "${sample.title_cn}"`);
  console.log('latency insert → done includes the wait in the queue (it grows with N); translation time is the item\'s last start (mt_status running) to done, from a trigger the bench adds to its throwaway database.');
  console.log(`\n(total ${((Date.now() - started) / 1000).toFixed(0)} s)`);

  const md = [
    '# Machine-translation queue benchmark: last result',
    '',
    `Run ${new Date().toISOString()} by \`npm run bench:mt\` (${ids.length} items): ${context}.`,
    '',
    '| measure | value |',
    '|---|---|',
    ...rows.map(([k, v]) => `| ${k} | ${v} |`),
    '',
    `Sample title: "${sample.title}" → "${sample.title_cn}"`,
    '',
    'Latency insert → done includes the wait in the queue; translation time = the item\'s last `running` → `done` (trigger in the throwaway database).',
    '',
  ].join('\n');
  writeFileSync(join(here, 'last-result.md'), md);
  log('written bench/mt/last-result.md');

  if (timedOut) throw new BenchError(`timed out after ${cfg.timeoutS} s (BENCH_MT_TIMEOUT): ${fin.length} of ${ids.length} items finished`);
  if (!done.length) throw new BenchError(`no item was translated (${failed.length} failed): ${failed[0]?.error ?? 'see above'}`);
}

// A measurement: exit 0 when it ran to the end (failures are reported), 1 when it could not run,
// timed out or translated nothing. Everything started is stopped and the database dropped either way.
let code = 0;
try {
  await main();
} catch (e) {
  code = interrupted || 1;
  if (!interrupted) console.error(`[bench:mt] FAILED: ${e instanceof BenchError ? e.message : e instanceof Error ? e.stack : e}`);
}
await cleanup();
process.exit(interrupted || code);
