#!/usr/bin/env node
// CPU profile of the API under load (issue 18): starts backend/dist/main.js with --cpu-prof on the
// bench database, logs in, loads one list query with autocannon, stops the app and prints where the
// CPU went during the load window only (startup and shutdown samples are left out): self time by
// part (app code, each package, Node internals, GC) and the top functions. The raw .cpuprofile is
// kept for Chrome DevTools / speedscope.
//
//   npm run bench:news:profile                                     # default list, 15 s
//   BENCH_PROFILE_QUERY='content=能源&sort=scoreDesc&page=0&size=20' npm run bench:news:profile
//
// Needs the database of a previous `npm run bench:news` run (BENCH_DATABASE_URL, default horizon_bench)
// and the built backend.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { login } from './kit.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const cfg = {
  url: env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/horizon_bench',
  query: env.BENCH_PROFILE_QUERY || 'sort=dateDesc&page=0&size=20',
  path: env.BENCH_PROFILE_PATH || '/api/news/list',
  duration: Number(env.BENCH_DURATION || 15),
  connections: Number(env.BENCH_CONNECTIONS || 16),
  password: env.BENCH_ADMIN_PASSWORD || 'Bench@Horizon2026',
  top: Number(env.BENCH_PROFILE_TOP || 40),
};

const load = (url, headers, duration) =>
  new Promise((resolve, reject) => autocannon({ url, headers, connections: cfg.connections, duration }, (err, r) => (err ? reject(err) : resolve(r))));

/** The part a profile node belongs to: a package, the app's own code, Node itself, or a VM state. */
function partOf(url, fn) {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + 14).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (path.includes('/backend/dist/')) return `app:${path.split('/backend/dist/')[1].split('/').slice(0, 2).join('/')}`;
  return relative(root, path);
}

function summarise(profile, fromUs, toUs) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let t = profile.startTime;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    if (t < fromUs || t > toUs) continue;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
    total += dt;
  }
  const parts = new Map();
  const fns = new Map();
  for (const [id, us] of self) {
    const { callFrame: f } = byId.get(id);
    const part = partOf(f.url, f.functionName);
    parts.set(part, (parts.get(part) ?? 0) + us);
    const key = `${f.functionName || '(anonymous)'}  ${f.url ? `${partOf(f.url, '')} ${f.url.split('/').pop()}:${f.lineNumber + 1}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
  return { total, parts: sorted(parts), fns: sorted(fns) };
}

async function main() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'horizon-prof-'));
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, join(root, 'backend/dist/main.js')], {
    cwd: root,
    env: { ...env, NODE_ENV: 'production', JWT_SECRET: randomBytes(48).toString('base64url'), CAPTCHA_ENABLED: 'false', DATABASE_URL: cfg.url, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', () => r(Date.now())));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/api/health/ready`).then((r) => r.ok).catch(() => false)) === true) break;
    if (i > 480) throw new Error('the app did not start in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const headers = { authorization: `Bearer ${await login(base, 'admin', cfg.password)}` };
  const url = `${base}${cfg.path}?${cfg.query}`;
  await load(url, headers, 3); // warm-up: JIT, caches
  const from = Date.now();
  const result = await load(url, headers, cfg.duration);
  const to = Date.now();
  child.kill('SIGINT');
  const exitAt = await exited;
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  // The profile ends at exit: place the load window on its clock from there.
  const endUs = profile.endTime;
  const s = summarise(profile, endUs - (exitAt - from) * 1000, endUs - (exitAt - to) * 1000);
  const requests = result.requests.total;
  const pct = (us) => ((100 * us) / s.total).toFixed(1).padStart(5);
  const perReq = (us) => (us / requests / 1000).toFixed(3);
  console.log(`\n${cfg.path}?${cfg.query}: ${requests} requests in ${cfg.duration} s (${(requests / cfg.duration).toFixed(0)} req/s, ${result.non2xx} non-2xx), ${cfg.connections} connections`);
  console.log(`CPU samples in the window: ${(s.total / 1000).toFixed(0)} ms = ${perReq(s.total)} ms per request (idle included below)\n`);
  console.log('part                                   %   ms/request');
  for (const [part, us] of s.parts.slice(0, 30)) console.log(`${part.padEnd(34)} ${pct(us)}   ${perReq(us)}`);
  console.log('\ntop functions (self time)');
  for (const [fn, us] of s.fns.slice(0, cfg.top)) console.log(`${pct(us)}  ${fn}`);
  console.log(`\nprofile: ${join(dir, file)}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
