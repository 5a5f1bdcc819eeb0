// Shared helpers of the process tests that run several built processes (`node dist/main.js`,
// `node dist/worker.js`) on one fresh PostgreSQL database and one Redis: collect-replicas.test.mjs
// replicas.test.mjs, graceful-shutdown.test.mjs and db-recovery.test.mjs. Not a test file itself (node --test only runs `*.test.mjs` here).
import { spawn } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { connect as tcpConnect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../../scripts/lib/free-port.mjs';

/** backend/ (the built app is in backend/dist). */
export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** The admin password the processes are started with (ADMIN_PASSWORD). */
export const ADMIN_PASSWORD = 'Admin@proc1';
export const REDIS_URL = process.env.REDIS_TEST_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether Redis answers PING at `url`. */
export function redisUp(url = REDIS_URL) {
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

/**
 * The skip reason of a test that needs a PostgreSQL server (DATABASE_URL) and Redis, or false.
 * With REQUIRE_REDIS=1 (CI) a Redis that does not answer throws instead: a failure, not a skip.
 */
export async function serversSkip() {
  const redisAvailable = await redisUp(REDIS_URL);
  if (!redisAvailable && process.env.REQUIRE_REDIS === '1') throw new Error(`REQUIRE_REDIS=1 but Redis does not answer at ${REDIS_URL}`);
  if (!process.env.DATABASE_URL) return 'needs DATABASE_URL (a PostgreSQL server shared by the processes)';
  return redisAvailable ? false : `needs Redis at ${REDIS_URL} (REQUIRE_REDIS=1 makes this a failure)`;
}

/**
 * A fresh database (UTF-8, C.UTF-8 ctype) on the server of DATABASE_URL: `url` for the processes,
 * `connect()` a client on it, `drop()` removes it (and ends the clients) whatever state it is in.
 */
export async function freshDatabase(prefix = 'horizon_proc') {
  const serverUrl = (db) => {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${db}`;
    return u.toString();
  };
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  const clients = [];
  return {
    name,
    url: serverUrl(name),
    async connect() {
      const client = new pg.Client({ connectionString: serverUrl(name) });
      await client.connect();
      clients.push(client);
      return client;
    },
    async drop() {
      await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}

/** Starts `node dist/<script>` with `env` over the test's environment; its output is kept for failures. */
export function start(script, env, name) {
  const child = spawn(process.execPath, [join(root, 'dist', script)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return {
    name,
    child,
    log: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
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

/** Waits until `base` answers GET /api/health/ready (fails with the process's output when it exits or never does). */
export async function waitHealthy(base, proc) {
  for (let i = 0; i < 480; i++) {
    if (proc.child.exitCode !== null) break;
    if (await fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false)) return;
    await sleep(250);
  }
  throw new Error(`${proc.name} did not start:\n${proc.log().slice(-3000)}`);
}

/**
 * Two API processes (`api-a`, `api-b`: `node dist/main.js` on free loopback ports, `base` set) and
 * one `worker` on `env` (over test defaults: NODE_ENV=test, no captcha, ADMIN_PASSWORD, REDIS_URL).
 * A starts first (it migrates and seeds the fresh database), then B and the worker. `own` adds
 * variables per process name. Every process is pushed to `procs` as it starts, so the caller's
 * `after` stops them even when a start fails. Answers `{a, b, worker}`.
 */
export async function startReplicas(procs, env, own = {}) {
  const common = { NODE_ENV: 'test', CAPTCHA_ENABLED: 'false', ADMIN_PASSWORD, REDIS_URL, HOST: '127.0.0.1', ...env };
  const api = async (name) => {
    const port = await freePort();
    const proc = start('main.js', { ...common, ...own[name], PORT: String(port) }, name);
    proc.base = `http://127.0.0.1:${port}`;
    procs.push(proc);
    return proc;
  };
  const a = await api('api-a');
  await waitHealthy(a.base, a);
  const b = await api('api-b');
  const worker = start('worker.js', { ...common, ...own.worker }, 'worker');
  procs.push(worker);
  await waitHealthy(b.base, b);
  return { a, b, worker };
}

/** One JSON call: `{status, json, retryAfter}` (json undefined for an empty body). */
export async function call(base, method, path, { token, body } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, json, retryAfter: res.headers.get('retry-after') };
}

/** A password as the login form sends it: RSA-OAEP-SHA256 with the server's public key, base64. */
export const encryptPassword = (publicKey, plain) =>
  publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain)).toString('base64');

/** Logs in through `base` (password RSA-OAEP-SHA256 encrypted as on the wire); the `auth/login` answer. */
export async function login(base, username = 'admin', password = ADMIN_PASSWORD) {
  const { json: { publicKey } } = await call(base, 'GET', '/auth/publicKey');
  const encrypted = encryptPassword(publicKey, password);
  const res = await call(base, 'POST', '/auth/login', { body: { username, password: encrypted, code: '', uuid: '' } });
  if (res.status !== 200) throw new Error(`login of ${username} through ${base}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}
