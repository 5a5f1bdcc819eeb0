#!/usr/bin/env node
// `npm start`: builds what is missing or stale (backend to backend/dist, UI to frontend/dist), then runs
// the server in this process's place. With no DATABASE_URL the server starts an embedded PostgreSQL
// under DATA_DIR (default ./data); see README.md for every variable.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newest(path) {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

function ensureBuilt(workspace, output, sources) {
  const out = join(root, output);
  const stale = !existsSync(out) || sources.some((s) => existsSync(join(root, s)) && newest(join(root, s)) > statSync(out).mtimeMs);
  if (!stale) return;
  console.log(`[start] building ${workspace} ...`);
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

ensureBuilt('frontend', 'frontend/dist/index.html', ['frontend/src', 'frontend/index.html']);
ensureBuilt('backend', 'backend/dist/main.js', ['backend/src']);

const child = spawn(process.execPath, [join(root, 'backend/dist/main.js')], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
