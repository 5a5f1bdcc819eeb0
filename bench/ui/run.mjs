// npm run bench:ui — time from the login submit to the first 50 news rows painted on the news index
// (headless Chromium, median of 5 fresh browsers) and the gzip size of the JavaScript the login page
// loads. Runs the built app through the browser-test harness (frontend/e2e/run.mjs: fresh database
// on DATABASE_URL, or the embedded server when it is unset). Builds what is missing first.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
for (const [dist, ws] of [['frontend/dist/index.html', 'frontend'], ['backend/dist/main.js', 'backend']]) {
  if (!existsSync(join(root, dist))) {
    console.log(`[bench:ui] building ${ws} ...`);
    const r = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(1);
  }
}
const child = spawn(process.execPath, [join(root, 'frontend/e2e/run.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_FILES: join(here, 'measure.mjs'), E2E_ARTIFACTS: process.env.E2E_ARTIFACTS ?? join(root, 'artifacts/bench-ui') },
});
child.on('exit', (code) => process.exit(code ?? 1));
