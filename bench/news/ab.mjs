#!/usr/bin/env node
// A/B of the app's CPU per request (issue 18): two builds (or one build with two sets of Node flags)
// run side by side on the bench database and take turns under the same load, round after round,
// the order flipping each round (A B B A …), so that a machine drifting slower or faster weighs on
// both alike. Prints each side's CPU per answered request (user + system of its process) and the
// mean per-round difference B − A with its standard error. A change of a few per cent is visible
// here where two separate bench:news runs differ by ±10 %.
//
//   cp -r backend/dist backend/.dist-before   # the build to compare against (any folder under backend/)
//   npm run build -w backend                  # the build with the change
//   BENCH_AB_A=backend/.dist-before/main.js npm run bench:news:ab
//   BENCH_AB_B_FLAGS='--max-semi-space-size=64' npm run bench:news:ab   # one build, two flag sets
//
// Needs the database of a previous `npm run bench:news` run (BENCH_DATABASE_URL, default horizon_bench).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { login, processCpuMs } from './kit.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const cfg = {
  url: env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/horizon_bench',
  path: env.BENCH_AB_PATH || '/api/news/list?sort=dateDesc&page=0&size=20',
  mains: [env.BENCH_AB_A || 'backend/dist/main.js', env.BENCH_AB_B || 'backend/dist/main.js'],
  flags: [env.BENCH_AB_A_FLAGS || '', env.BENCH_AB_B_FLAGS || ''].map((f) => f.split(' ').filter(Boolean)),
  rounds: Number(env.BENCH_AB_ROUNDS || 10),
  seconds: Number(env.BENCH_AB_SECONDS || 3),
  connections: Number(env.BENCH_CONNECTIONS || 16),
  password: env.BENCH_ADMIN_PASSWORD || 'Bench@Horizon2026',
};
if (!Number.isInteger(cfg.rounds) || cfg.rounds < 2 || cfg.rounds % 2) throw new Error(`BENCH_AB_ROUNDS must be an even number ≥ 2 (each side first as often), got "${env.BENCH_AB_ROUNDS}"`);
if (!(cfg.seconds >= 1)) throw new Error(`BENCH_AB_SECONDS must be at least 1, got "${env.BENCH_AB_SECONDS}"`);
/** Every app started, so that a failure half-way still stops them all. */
const started = [];

async function start(main, flags) {
  const port = await freePort();
  const child = spawn(process.execPath, [...flags, join(root, main)], {
    cwd: root,
    env: { ...env, NODE_ENV: 'production', JWT_SECRET: randomBytes(48).toString('base64url'), CAPTCHA_ENABLED: 'false', DATABASE_URL: cfg.url, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/health/ready`).then((r) => r.ok).catch(() => false)) break;
    if (i > 480 || child.exitCode !== null) throw new Error(`${main} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const token = await login(base, 'admin', cfg.password);
  return { child, url: base + cfg.path, headers: { authorization: `Bearer ${token}` }, cpu: 0, answers: 0, perRound: [] };
}

const load = (side, seconds) =>
  new Promise((resolve, reject) => autocannon({ url: side.url, headers: side.headers, connections: cfg.connections, duration: seconds }, (e, r) => (e ? reject(e) : resolve(r))));

async function main() {
  const sides = [];
  try {
    sides.push(await start(cfg.mains[0], cfg.flags[0]), await start(cfg.mains[1], cfg.flags[1]));
    for (const side of sides) await load(side, 3); // warm-up: JIT, caches
    for (let r = 0; r < cfg.rounds; r++) {
      for (const k of r % 2 ? [1, 0] : [0, 1]) {
        const side = sides[k];
        const before = processCpuMs(side.child.pid);
        const result = await load(side, cfg.seconds);
        const used = processCpuMs(side.child.pid) - before;
        const answers = result['2xx'];
        if (!answers || result.non2xx || result.errors) throw new Error(`${cfg.mains[k]}: ${answers} 2xx answers, ${result.non2xx} others, ${result.errors} errors: CPU per request would be wrong`);
        side.cpu += used;
        side.answers += answers;
        side.perRound.push(used / answers);
      }
    }
  } finally {
    for (const child of started) child.kill('SIGTERM');
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const diffs = sides[1].perRound.map((b, i) => b - sides[0].perRound[i]);
  // Standard error of the mean difference (sample variance, n − 1).
  const se = Math.sqrt(diffs.reduce((a, d) => a + (d - mean(diffs)) ** 2, 0) / (diffs.length - 1) / diffs.length);
  console.log(`${cfg.path}, ${cfg.rounds} rounds × ${cfg.seconds} s per side, ${cfg.connections} connections`);
  sides.forEach((s, k) => console.log(`${'AB'[k]}  ${cfg.mains[k]} ${cfg.flags[k].join(' ')}: ${(s.cpu / s.answers).toFixed(3)} ms CPU per request, ${(s.answers / (cfg.rounds * cfg.seconds)).toFixed(0)} req/s`));
  console.log(`B − A: ${mean(diffs) >= 0 ? '+' : ''}${mean(diffs).toFixed(3)} ± ${se.toFixed(3)} ms per request (${((100 * mean(diffs)) / mean(sides[0].perRound)).toFixed(1)} %)`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
