#!/usr/bin/env node
// Browser flows: starts the built app (backend/dist + frontend/dist) on a fresh database, then runs
// the node:test specs in e2e/specs with BASE_URL set. Database: a random database on DATABASE_URL's
// server (dropped afterwards), or an embedded PostgreSQL in a temporary DATA_DIR when it is unset.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../scripts/lib/free-port.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
async function adminQuery(url, sql) {
  const u = new URL(url);
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'horizon-e2e-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', CAPTCHA_ENABLED: 'true', ADMIN_PASSWORD: 'Admin@e2e1',
  // The flows log in and load captchas far more often than a person from one address (127.0.0.1).
  LOGIN_RATE_LIMIT: '100000', CAPTCHA_RATE_LIMIT: '100000',
  // 20-collect-storage collects from a feed server on 127.0.0.1 (a private address the collector refuses by default).
  COLLECT_ALLOW_PRIVATE: 'true' };
let database;
if (process.env.DATABASE_URL) {
  database = `horizon_e2e_${randomBytes(5).toString('hex')}`;
  await adminQuery(process.env.DATABASE_URL, `CREATE DATABASE "${database}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${database}`;
  env.DATABASE_URL = u.toString();
} else {
  env.EMBEDDED_PG_PORT = String(await freePort());
  env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_PG_PORT}/horizon`;
  delete env.DATABASE_URL; // the app starts the embedded server; specs get its URL below
}
const specDatabaseUrl = env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_PG_PORT}/horizon`;

const server = spawn(process.execPath, [join(root, 'backend/dist/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
let serverLog = '';
server.stdout.on('data', (d) => (serverLog += d));
server.stderr.on('data', (d) => (serverLog += d));

async function stopServer() {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => {
      const t = setTimeout(() => { server.kill('SIGKILL'); r(); }, 20000);
      server.once('exit', () => { clearTimeout(t); r(); });
    });
  }
  if (database) await adminQuery(process.env.DATABASE_URL, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}

let code = 1;
try {
  const base = `http://127.0.0.1:${port}`;
  let ready = false;
  for (let i = 0; i < 240 && !ready && server.exitCode === null; i++) {
    ready = await fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false);
    if (!ready) await new Promise((r) => setTimeout(r, 500));
  }
  if (!ready) throw new Error(`the app did not start:\n${serverLog.slice(-3000)}`);
  const artifacts = process.env.E2E_ARTIFACTS ?? join(root, 'artifacts/screenshots');
  mkdirSync(artifacts, { recursive: true });
  // E2E_SPECS=news,share runs only the specs whose file name contains one of the words.
  const only = (process.env.E2E_SPECS ?? '').split(',').map((w) => w.trim()).filter(Boolean);
  // E2E_FILES=/abs/a.mjs,/abs/b.mjs runs those files instead (the UI benchmark uses this harness).
  const files = (process.env.E2E_FILES ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  const specs = files.length ? files : readdirSync(join(here, 'specs'))
    .filter((f) => f.endsWith('.spec.mjs') && (!only.length || only.some((w) => f.includes(w))))
    .sort()
    .map((f) => join(here, 'specs', f));
  const runner = spawn(process.execPath, ['--test', '--test-concurrency=1', ...specs], {
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: base, E2E_DATABASE_URL: specDatabaseUrl, E2E_ARTIFACTS: artifacts, E2E_ADMIN_PASSWORD: env.ADMIN_PASSWORD },
  });
  code = await new Promise((r) => runner.on('exit', (c) => r(c ?? 1)));
  if (code !== 0) console.error(`--- server log (tail) ---\n${serverLog.slice(-3000)}`);
} catch (e) {
  console.error(e);
} finally {
  await stopServer();
}
process.exit(code);
