// Process-level test (node:test, after the build): a backup taken over HTTP from the running app
// (`node backend/dist/main.js`) is restored by the CLI (`node backend/dist/cli/restore.js`, what
// `npm run restore -- FILE` runs) into a fresh database and a fresh file directory, and a second app
// started on them serves the same news item and the same file bytes (docs/data-storage.md).
import { spawn, spawnSync } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../../scripts/lib/free-port.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const main = join(root, 'dist/main.js');
const restoreCli = join(root, 'dist/cli/restore.js');
const ADMIN_PASSWORD = 'Admin@proc1';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startApp(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', CAPTCHA_ENABLED: 'false', ADMIN_PASSWORD, BACKUP_SCHEDULE: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480 && child.exitCode === null; i++) {
    if (await fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false)) break;
    await sleep(250);
  }
  if (!(await fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false))) {
    child.kill('SIGKILL');
    throw new Error(`the app did not start:\n${output.slice(-3000)}`);
  }
  return {
    base,
    log: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => (child.kill('SIGKILL'), r()), 30_000);
        child.once('exit', () => (clearTimeout(t), r()));
      });
    },
  };
}

async function login(base) {
  const { publicKey } = await (await fetch(`${base}/auth/publicKey`)).json();
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(ADMIN_PASSWORD)).toString('base64');
  const res = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password, code: '', uuid: '' }) });
  assert.equal(res.status, 200);
  return (await res.json()).token;
}

const get = (base, token, path) => fetch(base + path, { headers: { authorization: `Bearer ${token}` } });

const pgDumpFound = spawnSync('pg_dump', ['--version']).status === 0;
const skip = !process.env.DATABASE_URL
  ? 'needs DATABASE_URL (a PostgreSQL server to create the two databases on; CI sets it)'
  : !pgDumpFound && process.env.REQUIRE_PG_DUMP !== '1' && 'needs pg_dump / pg_restore (CI sets REQUIRE_PG_DUMP=1 and installs them)';

describe('backup over HTTP, restore with the CLI, the same data served again', { skip }, () => {
  const serverUrl = (name) => {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const source = `horizon_bk_${randomBytes(4).toString('hex')}`;
  const target = `horizon_rs_${randomBytes(4).toString('hex')}`;
  const dirs = [];
  let admin;
  let app;
  let restored;

  before(async () => {
    admin = new pg.Client({ connectionString: serverUrl('postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${source}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  });
  after(async () => {
    await app?.stop();
    await restored?.stop();
    for (const db of [source, target]) await admin?.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`).catch(() => undefined);
    await admin?.end();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('restores the news item and the file bytes into a fresh database and file directory', async () => {
    const dataA = mkdtempSync(join(tmpdir(), 'horizon-backup-a-'));
    const dataB = mkdtempSync(join(tmpdir(), 'horizon-backup-b-'));
    dirs.push(dataA, dataB);
    app = await startApp({ DATABASE_URL: serverUrl(source), DATA_DIR: dataA });
    const token = await login(app.base);

    const bytes = Buffer.from(`备份恢复测试 ${randomBytes(16).toString('hex')}\n`.repeat(300));
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'restore-check.txt');
    const upload = await fetch(`${app.base}/api/localStorage?name=restore-check`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    assert.equal(upload.status, 201, await upload.clone().text());
    const fileId = (await upload.json()).id;
    const db = new pg.Client({ connectionString: serverUrl(source) });
    await db.connect();
    const { rows } = await db.query(
      "INSERT INTO news (title, content, url, publish_time, web_name, files) VALUES ('恢复测试新闻', '恢复后应当原样可见。', 'https://restore.example.org/1', now(), '测试站', $1) RETURNING id",
      [JSON.stringify([{ name: 'restore-check.txt', size: bytes.length, storageId: fileId }])],
    );
    await db.end();
    const newsId = rows[0].id;
    const before = await (await get(app.base, token, `/api/news/info?id=${newsId}`)).json();
    assert.equal(before.title, '恢复测试新闻');

    const started = await fetch(`${app.base}/api/backup/runs`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    assert.equal(started.status, 201, await started.clone().text());
    const runId = (await started.json()).id;
    let run;
    for (let i = 0; i < 240; i++) {
      run = (await (await get(app.base, token, '/api/backup/runs')).json()).content.find((r) => r.id === runId);
      if (run.status !== 'running') break;
      await sleep(250);
    }
    assert.equal(run.status, 'done', JSON.stringify(run));
    const zip = Buffer.from(await (await get(app.base, token, `/api/backup/runs/${runId}/download`)).arrayBuffer());
    assert.equal(zip.length, run.size);
    const file = join(dataB, 'backup.zip');
    writeFileSync(file, zip);
    await app.stop();

    const env = { ...process.env, DATABASE_URL: serverUrl(target), DATA_DIR: join(dataB, 'data') };
    const first = spawnSync(process.execPath, [restoreCli, file], { env, encoding: 'utf8' });
    assert.equal(first.status, 0, first.stdout + first.stderr);
    assert.match(first.stdout, /文件已恢复：1 个/);
    // a second restore onto the restored database is refused without --force
    const again = spawnSync(process.execPath, [restoreCli, file], { env, encoding: 'utf8' });
    assert.equal(again.status, 2, again.stdout + again.stderr);
    assert.match(again.stderr, /目标数据库已有 \d+ 张表/);

    restored = await startApp({ DATABASE_URL: serverUrl(target), DATA_DIR: join(dataB, 'data') });
    const token2 = await login(restored.base);
    const after = await (await get(restored.base, token2, `/api/news/info?id=${newsId}`)).json();
    assert.equal(after.title, before.title);
    assert.equal(after.content, before.content);
    const served = Buffer.from(await (await get(restored.base, token2, `/api/localStorage/download/${fileId}`)).arrayBuffer());
    assert.ok(served.equals(bytes), 'the same file bytes');
  });
});
