#!/usr/bin/env node
// `npm run bench:journal` (issue 14, "Measured"): through the real HTTP API of the built app
// (backend/dist) against a throwaway database, (1) `GET api/productJournal/generateJournal` of a
// journal of 100 copies — 50 dynamic (HTML with paragraphs, a table, stored and data: URI pictures)
// and 50 uploaded .docx — median of 5 after a warm-up, target ≤ 2000 ms; (2) `downloadZip` of a
// journal of 100 × 1 MB .docx files streamed to nowhere while the server's RSS is sampled, target
// growth < 50 MB. See bench/journal/README.md.
import { spawn, spawnSync } from 'node:child_process';
import { constants as cryptoConstants, publicEncrypt, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { dynamicHtml, gradientPng, payloadDocx, prng, title, uploadedDocx } from './corpus.mjs';
import { freePort } from '../../scripts/lib/free-port.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const log = (...args) => console.log('[bench:journal]', ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const requireBackend = createRequire(join(root, 'backend', 'package.json'));
const PizZip = requireBackend('pizzip');

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
  copies: int('BENCH_JOURNAL_COPIES', 100, 2),
  runs: int('BENCH_JOURNAL_RUNS', 5, 1),
  warmups: int('BENCH_JOURNAL_WARMUPS', 1, 0),
  zipFiles: int('BENCH_JOURNAL_ZIP_FILES', 100, 1),
  zipFileBytes: int('BENCH_JOURNAL_ZIP_FILE_BYTES', 1_000_000, 1000),
  zipRuns: int('BENCH_JOURNAL_ZIP_RUNS', 2, 1),
  /** MB/s the zip is read at (0: as fast as it comes); a slow reader shows whether the server buffers. */
  zipRate: int('BENCH_JOURNAL_ZIP_RATE', 0, 0),
  seed: int('BENCH_JOURNAL_SEED', 20261127),
  /** `auto`: build backend/dist when missing or older than a backend source; `1` always; `0` never. */
  build: env.BENCH_JOURNAL_BUILD || 'auto',
};
const TARGET_MS = 2000;
const TARGET_GROWTH = 50_000_000; // bytes (MB = 10^6 bytes throughout)
const SAMPLE_MS = 50;
const COLUMNS = ['要闻', '国际经济', '产业动态', '观察评论'];
const STORED_PICTURES = 12;
const redact = (url) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
const mb = (bytes, d = 1) => (Number.isFinite(bytes) ? `${(bytes / 1e6).toFixed(d)} MB` : '-');
const fmt = (v, d = 0) => (Number.isFinite(v) ? v.toLocaleString('en', { minimumFractionDigits: d, maximumFractionDigits: d }) : '-');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// ---------------------------------------------------------------------------------------------
// Cleanup (as bench/mt): everything started is registered here and undone in reverse order, on
// success, failure and Ctrl+C. The exit hook SIGKILLs the app as a last resort.
const cleanups = [];
const lastResort = new Set();
let cleaning;
let interrupted = 0;
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
        console.error(`[bench:journal] cleanup "${name}" failed: ${e instanceof Error ? e.message : e}`);
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
    console.error(`\n[bench:journal] ${signal}: stopping the app, dropping the database ...`);
    void cleanup().finally(() => process.exit(code));
  });
}

// ---------------------------------------------------------------------------------------------
// 1. The built backend: rebuilt when missing or stale.

/** The newest file the build depends on (backend sources without specs, its tsconfigs, package.json). */
function newestBackendSource() {
  let newest = { path: null, mtime: 0 };
  const consider = (path) => {
    const m = statSync(path).mtimeMs;
    if (m > newest.mtime) newest = { path, mtime: m };
  };
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts')) consider(p);
    }
  };
  walk(join(root, 'backend', 'src'));
  for (const f of ['backend/package.json', 'backend/tsconfig.json', 'backend/tsconfig.build.json', 'tsconfig.json']) if (existsSync(join(root, f))) consider(join(root, f));
  return newest;
}

function ensureBuilt() {
  const main = join(root, 'backend/dist/main.js');
  if (cfg.build === '0') {
    if (!existsSync(main)) throw new BenchError('backend/dist/main.js is missing and BENCH_JOURNAL_BUILD=0: npm run build -w backend');
    return 'as found (BENCH_JOURNAL_BUILD=0)';
  }
  let reason = null;
  if (!existsSync(main)) reason = 'backend/dist missing';
  else if (cfg.build === '1') reason = 'BENCH_JOURNAL_BUILD=1';
  else {
    const newest = newestBackendSource();
    if (newest.mtime > statSync(main).mtimeMs) reason = `backend/dist is stale (${relative(root, newest.path)} is newer than dist/main.js)`;
  }
  if (!reason) return 'up to date';
  log(`${reason}: npm run build -w backend`);
  const r = spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new BenchError('building the backend failed (npm run build -w backend)');
  return `rebuilt (${reason})`;
}

// ---------------------------------------------------------------------------------------------
// 2. The throwaway database and the app.

const withDatabase = (url, name) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function createDatabase() {
  const name = `horizon_bench_journal_${randomBytes(6).toString('hex')}`;
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

/**
 * `node backend/dist/main.js` (migrates and seeds the empty database on its first start) on a free
 * port with local file storage under `dataDir`; resolves when /api/health/ready answers.
 */
async function startApp(databaseUrl, dataDir, adminPassword) {
  const port = await freePort();
  const appEnv = { ...env };
  for (const k of Object.keys(appEnv)) if (/^(REDIS_URL|S3_|STORAGE_|MT_|UPLOAD_MAX_MB$|FILE_LINK_TTL_SECONDS$)/.test(k)) delete appEnv[k];
  Object.assign(appEnv, {
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ADMIN_PASSWORD: adminPassword,
    CAPTCHA_ENABLED: 'false',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    STORAGE_DRIVER: 'local',
    PORT: String(port),
    HOST: '127.0.0.1',
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
  const stop = async () => {
    lastResort.delete(kill);
    if (exited) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  };
  cleanups.push({ name: `app (pid ${child.pid})`, fn: stop });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new BenchError(`the app exited (${JSON.stringify(exited)}):\n${output.join('')}`);
    try {
      const res = await fetch(`${base}/api/health/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new BenchError(`the app did not answer /api/health/ready in 120 s:\n${output.join('')}`);
    await sleep(250);
  }
  return { pid: child.pid, base, output, exited: () => exited, stop };
}

/** Logs in as bench/news and scripts/smoke.mjs do: RSA-OAEP(SHA-256) encrypted password, captcha off. */
async function login(base, username, password) {
  const code = await (await fetch(`${base}/auth/code`)).json();
  const { publicKey } = await (await fetch(`${base}/auth/publicKey`)).json();
  const encrypted = publicEncrypt({ key: publicKey, padding: cryptoConstants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: encrypted, code: '', uuid: code.uuid, rememberMe: false }),
  });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200 || typeof body.token !== 'string') throw new BenchError(`login as ${username} failed (${res.status}): ${JSON.stringify(body)}`);
  return body.token;
}

/** Calls of the API as one user; an unexpected status is a BenchError naming the call, the answer and the app's last output. */
function client(app, token) {
  return async function call(method, path, { json, form, ok = [200, 201, 204], raw = false } = {}) {
    const headers = { authorization: `Bearer ${token}` };
    let body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) body = form;
    const res = await fetch(`${app.base}${path}`, { method, headers, body });
    if (!ok.includes(res.status)) {
      const text = await res.text().catch(() => '');
      const tail = res.status >= 500 ? `\napp output (last lines):\n${app.output.join('').split('\n').slice(-30).join('\n')}` : '';
      throw new BenchError(`${method} ${path} → ${res.status}: ${text.slice(0, 800)}${tail}`);
    }
    if (raw) return res;
    const text = await res.text();
    if (!text) return null;
    return (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
  };
}

const multipart = (fields, file, name) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('file', new Blob([file]), name);
  return form;
};

// ---------------------------------------------------------------------------------------------
// 3. Process measurements (/proc).

const CLK_TCK = (() => {
  const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(r.stdout) > 0 ? Number(r.stdout) : 100;
})();

/** Resident set size of `pid` in bytes (VmRSS). */
function rss(pid) {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

/** CPU seconds (user + system) of `pid`. */
function cpuOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / CLK_TCK;
}

/** Busy and total CPU seconds of the machine (/proc/stat). */
function machineCpu() {
  const [, ...v] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - v[3] - v[4]) / CLK_TCK, total: total / CLK_TCK };
}

/** Samples VmRSS of `pid` every SAMPLE_MS until stop(); answers {samples, peak, count}. */
function rssSampler(pid) {
  const samples = [rss(pid)];
  const timer = setInterval(() => {
    try {
      samples.push(rss(pid));
    } catch {
      // the process is gone: the caller notices
    }
  }, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      try {
        samples.push(rss(pid));
      } catch {
        // gone
      }
      return { samples, peak: Math.max(...samples), count: samples.length };
    },
  };
}

/** The server's RSS at rest: the median of 10 samples over 0.5 s. */
async function restingRss(pid) {
  const xs = [];
  for (let i = 0; i < 10; i++) {
    xs.push(rss(pid));
    await sleep(SAMPLE_MS);
  }
  return median(xs);
}

// ---------------------------------------------------------------------------------------------
// 4. The world: product, columns, journals, pictures, pool manuscripts, copies, uploads.

async function buildJournal({ call, db, admin, productId, columns, journalId, rnd }) {
  // Stored pictures (uploaded as admin through POST api/localStorage) and one data: URI picture.
  const stored = [];
  let storedBytes = 0;
  for (let i = 0; i < STORED_PICTURES; i++) {
    const bytes = gradientPng(rnd, 240, 150, 3);
    storedBytes += bytes.length;
    const file = await call('POST', '/api/localStorage', { form: multipart({ name: `配图${i + 1}` }, bytes, `配图${i + 1}.png`) });
    stored.push(file.id);
  }
  const dataPng = gradientPng(rnd, 96, 64, 2);
  const dataUri = `data:image/png;base64,${dataPng.toString('base64')}`;

  const dynamicCount = Math.floor(cfg.copies / 2);
  const uploadCount = cfg.copies - dynamicCount;
  const columnOf = (k) => columns[k % columns.length];

  // 50 pool manuscripts (submissions of the product) inserted in one statement, then picked.
  const dyn = Array.from({ length: dynamicCount }, (_, k) => {
    const code = `D${String(k + 1).padStart(2, '0')}`;
    const { html, pictures } = dynamicHtml(rnd, stored, dataUri);
    return { code, title: title(rnd, code), html, pictures, column: columnOf(k) };
  });
  const inserted = await db.query(
    `INSERT INTO manuscript (title, content, abstracts, first_author, author_ids, dept_id, product_id, create_by_id, create_by)
     SELECT t, c, a, '编译部', $4, $5, $6, $7, 'admin' FROM unnest($1::text[], $2::text[], $3::text[]) AS x(t, c, a)
     RETURNING id, title`,
    [dyn.map((d) => d.title), dyn.map((d) => d.html), dyn.map((d) => `${d.title}的摘要：${d.html.replace(/<[^>]+>/g, '').slice(0, 120)}`), String(admin.id), admin.deptId, productId, admin.id],
  );
  const idOf = new Map(inserted.rows.map((r) => [r.title, r.id]));
  for (const d of dyn) d.poolId = idOf.get(d.title);
  await db.query('INSERT INTO manuscript_column (manuscript_id, column_id) SELECT * FROM unnest($1::int[], $2::int[])', [dyn.map((d) => d.poolId), dyn.map((d) => d.column.id)]);

  const perColumn = new Map(columns.map((c) => [c.id, { dynamic: [], upload: [] }]));
  for (const c of columns) {
    const mine = dyn.filter((d) => d.column.id === c.id);
    if (!mine.length) continue;
    const res = await call('POST', '/api/productManuscript', { json: { journalId, columnId: c.id, manuIds: mine.map((d) => d.poolId) } });
    if (res.count !== mine.length) throw new BenchError(`POST api/productManuscript picked ${res.count} of ${mine.length} into column ${c.name}`);
    perColumn.get(c.id).dynamic.push(...res.ids.map((id, i) => ({ id, title: mine[i].title })));
  }

  // 50 uploaded .docx copies (uploadManu without manuId: a local-upload copy at the end of the column).
  let uploadBytes = 0;
  for (let k = 0; k < uploadCount; k++) {
    notInterrupted();
    const code = `U${String(k + 1).padStart(2, '0')}`;
    const t = title(rnd, code);
    const picture = { data: gradientPng(rnd, 160, 100, 4), width: 320, height: 200 };
    const docx = await uploadedDocx(rnd, `${code} 正文`, picture);
    uploadBytes += docx.length;
    const column = columnOf(k);
    const copy = await call('POST', '/api/productManuscript/uploadManu', {
      form: multipart({ journalId, columnId: column.id, title: t, firstAuthor: '驻外记者站', authorIds: admin.id, deptId: admin.deptId, memo: '基准上传稿' }, docx, `${code}.docx`),
    });
    perColumn.get(column.id).upload.push({ id: copy.id, title: t });
  }

  // The saved order: dynamic and uploaded copies alternate in every column (saveSort).
  const order = [];
  for (const c of columns) {
    const { dynamic, upload } = perColumn.get(c.id);
    const ids = [];
    for (let i = 0; i < Math.max(dynamic.length, upload.length); i++) {
      if (dynamic[i]) ids.push(dynamic[i]);
      if (upload[i]) ids.push(upload[i]);
    }
    if (!ids.length) continue;
    await call('POST', '/api/productManuscript/saveSort', { json: { journalId, columnId: c.id, ids: ids.map((x) => x.id) } });
    order.push(...ids.map((x) => x.title));
  }
  const pictures = dyn.reduce((a, d) => a + d.pictures.stored + d.pictures.data, 0) + uploadCount;
  return {
    order,
    dynamicCount,
    uploadCount,
    htmlChars: dyn.reduce((a, d) => a + d.html.length, 0),
    htmlBytes: dyn.reduce((a, d) => a + Buffer.byteLength(d.html), 0),
    storedPictures: dyn.reduce((a, d) => a + d.pictures.stored, 0),
    storedBytes,
    dataPngBytes: dataPng.length,
    uploadBytes,
    pictures,
  };
}

/** The generated .docx opened: every title in the saved order, tables, pictures. */
function checkDocument(bytes, world) {
  const zip = new PizZip(bytes);
  const xml = zip.file('word/document.xml').asText();
  const text = xml.replace(/<[^>]+>/g, '');
  // First occurrence of every title (a copy's title comes before its abstract and body): all found, increasing.
  const at = world.order.map((t) => text.indexOf(t));
  const missing = at.filter((i) => i < 0).length;
  const inOrder = at.filter((i, k) => i >= 0 && at.slice(0, k).every((j) => j < i)).length;
  const tables = (xml.match(/<w:tbl>/g) ?? []).length;
  const drawings = (xml.match(/<w:drawing>/g) ?? []).length;
  const media = Object.keys(zip.files).filter((n) => n.startsWith('word/media/')).length;
  const ok = missing === 0 && inOrder === world.order.length && tables >= world.dynamicCount + world.uploadCount && drawings >= world.pictures;
  return { ok, inOrder, missing, tables, drawings, media };
}

/** Streams `url` to nowhere (counting bytes, keeping the last 64 KB for the zip's end record) while sampling the server's RSS. */
function streamZip(url, pid) {
  return new Promise((resolve, reject) => {
    const sampler = rssSampler(pid);
    const t0 = performance.now();
    let ttfb = NaN;
    let bytes = 0;
    let tail = Buffer.alloc(0);
    const req = httpRequest(url, (res) => {
      ttfb = performance.now() - t0;
      if (res.statusCode !== 200) {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          sampler.stop();
          reject(new BenchError(`GET ${new URL(url).pathname} → ${res.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 500)}`));
        });
        return;
      }
      res.on('data', (c) => {
        bytes += c.length;
        tail = tail.length + c.length > 131072 ? Buffer.concat([tail, c]).subarray(-65536) : Buffer.concat([tail, c]);
        if (cfg.zipRate) {
          // ahead of the rate: stop reading for a while (TCP pushes back on the server)
          const ahead = (bytes / (cfg.zipRate * 1e6)) * 1000 - (performance.now() - t0);
          if (ahead > 5) {
            res.pause();
            setTimeout(() => res.resume(), ahead);
          }
        }
      });
      res.on('end', () => {
        const ms = performance.now() - t0;
        const mem = sampler.stop();
        // End of central directory: signature 0x06054b50, total entries at +10.
        const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
        const entries = eocd >= 0 ? tail.readUInt16LE(eocd + 10) : NaN;
        resolve({ ms, ttfb, bytes, entries, contentType: res.headers['content-type'], mem });
      });
      res.on('error', (e) => {
        sampler.stop();
        reject(e);
      });
    });
    req.on('error', (e) => {
      sampler.stop();
      reject(e);
    });
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const cores = availableParallelism();
  const cpuModel = cpus()[0]?.model?.trim() ?? 'unknown CPU';
  log(`${cfg.copies} copies (${Math.floor(cfg.copies / 2)} HTML, ${cfg.copies - Math.floor(cfg.copies / 2)} uploaded .docx), ${cfg.runs} runs after ${cfg.warmups} warm-up; zip of ${cfg.zipFiles} × ${mb(cfg.zipFileBytes, 2)}; ${cores} cores (${cpuModel})`);
  const build = ensureBuilt();
  log(`backend/dist: ${build}`);
  notInterrupted();

  const db = await createDatabase();
  log(`database ${db.name} on ${redact(cfg.server)}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'horizon-bench-journal-'));
  cleanups.push({ name: 'data dir', fn: async () => rmSync(dataDir, { recursive: true, force: true }) });
  const adminPassword = `Bench@${randomBytes(9).toString('base64url')}`;
  notInterrupted();
  let app = await startApp(db.url, dataDir, adminPassword);
  log(`app ready (pid ${app.pid}, ${app.base}, DATA_DIR ${dataDir})`);
  let call = client(app, await login(app.base, 'admin', adminPassword));

  const pgc = new pg.Client({ connectionString: db.url, application_name: 'horizon-bench-journal' });
  await pgc.connect();
  cleanups.push({ name: 'bench connection', fn: () => pgc.end() });
  const pgVersion = (await pgc.query('SHOW server_version')).rows[0].server_version;
  const adminRow = (await pgc.query("SELECT id, dept_id FROM sys_user WHERE username = 'admin'")).rows[0];
  if (!adminRow?.dept_id) throw new BenchError('the seeded admin has no department');
  const admin = { id: adminRow.id, deptId: adminRow.dept_id };

  // Product with 4 columns, the journal to generate and the journal to zip (through the API).
  const setupT0 = performance.now();
  const product = await call('POST', '/api/productSetting', {
    json: { name: `基准期刊${randomBytes(3).toString('hex')}`, deptId: admin.deptId, editorIds: String(admin.id), type: '1', contentType: '2', columnList: COLUMNS.map((name, i) => ({ name, sort: i + 1, status: true })) },
  });
  const columns = [...(product.columnList ?? [])].sort((a, b) => a.sort - b.sort);
  if (columns.length !== COLUMNS.length) throw new BenchError(`POST api/productSetting answered ${columns.length} columns, expected ${COLUMNS.length}: ${JSON.stringify(product).slice(0, 400)}`);
  const journal = await call('POST', '/api/productJournal', { json: { productId: product.id, year: 2026, journalNo: 1, totalNo: 1, editorIds: String(admin.id), planPublishTime: '2026-12-01' } });
  const zipJournal = await call('POST', '/api/productJournal', { json: { productId: product.id, year: 2026, journalNo: 2, totalNo: 2, editorIds: String(admin.id), planPublishTime: '2026-12-08' } });
  log(`product ${product.id} "${product.name}" (columns ${columns.map((c) => c.name).join(', ')}), journal ${journal.id} (generate), journal ${zipJournal.id} (zip)`);

  log(`building the journal: ${STORED_PICTURES} stored pictures, ${Math.floor(cfg.copies / 2)} pool manuscripts (pg) picked through POST api/productManuscript, ${cfg.copies - Math.floor(cfg.copies / 2)} uploadManu .docx, saveSort ...`);
  const rnd = prng(cfg.seed);
  const world = await buildJournal({ call, db: pgc, admin, productId: product.id, columns, journalId: journal.id, rnd });
  const info = await call('GET', `/api/productJournal/info?journalId=${journal.id}`);
  const copiesSeen = (info.columns ?? []).reduce((a, c) => a + c.manuList.length, 0);
  if (copiesSeen !== cfg.copies) throw new BenchError(`api/productJournal/info lists ${copiesSeen} copies, expected ${cfg.copies}`);
  const setupS = (performance.now() - setupT0) / 1000;
  log(`journal ready in ${setupS.toFixed(1)} s: ${copiesSeen} copies; HTML ${fmt(world.htmlBytes / world.dynamicCount / 1000, 1)} KB per dynamic copy, uploads ${fmt(world.uploadBytes / world.uploadCount / 1000, 1)} KB per .docx`);

  // Other load on the machine (the app is idle now): 2 s of /proc/stat.
  const idle0 = machineCpu();
  await sleep(2000);
  const idle1 = machineCpu();
  const background = (100 * (idle1.busy - idle0.busy)) / (idle1.total - idle0.total);
  log(`machine busy before the runs (app idle): ${fmt(background)} % of ${cores} cores`);

  // generateJournal: warm-up(s), then the measured runs.
  const gens = [];
  const m0 = machineCpu();
  for (let i = 0; i < cfg.warmups + cfg.runs; i++) {
    notInterrupted();
    const warm = i < cfg.warmups;
    const rss0 = rss(app.pid);
    const sampler = rssSampler(app.pid);
    const cpu0 = cpuOf(app.pid);
    const t0 = performance.now();
    const version = await call('GET', `/api/productJournal/generateJournal?journalId=${journal.id}`);
    const ms = performance.now() - t0;
    const mem = sampler.stop();
    const run = { warm, ms, cpu: cpuOf(app.pid) - cpu0, rss0, peak: mem.peak, version: version.version, size: version.file?.size, fileId: version.file?.id };
    gens.push(run);
    log(`  ${warm ? 'warm-up' : `run ${i - cfg.warmups + 1}`}: ${ms.toFixed(0)} ms (version ${run.version}, ${mb(run.size, 2)}; app CPU ${run.cpu.toFixed(2)} s, RSS ${mb(rss0)} → peak ${mb(mem.peak)})`);
  }
  const m1 = machineCpu();
  const measured = gens.filter((g) => !g.warm);
  const med = median(measured.map((g) => g.ms));
  const genPass = med <= TARGET_MS;
  const last = measured.at(-1);
  const docBytes = Buffer.from(await (await call('GET', `/api/localStorage/download/${last.fileId}`, { raw: true })).arrayBuffer());
  const check = checkDocument(docBytes, world);
  log(`generateJournal median ${med.toFixed(0)} ms → ${genPass ? 'PASS' : 'FAIL'} (≤ ${TARGET_MS} ms); document check: ${check.ok ? 'ok' : 'NOT OK'} (${check.inOrder}/${world.order.length} titles in order, ${check.tables} tables, ${check.drawings} pictures)`);

  // The zip journal: 100 × 1 MB .docx uploaded into the 4 columns.
  log(`uploading ${cfg.zipFiles} × ${mb(cfg.zipFileBytes, 2)} .docx (random-pixel PNG inside) into journal ${zipJournal.id} ...`);
  let zipBytes = 0;
  const upT0 = performance.now();
  const payloadTarget = cfg.zipFileBytes - 9000; // the .docx around the picture: ~9 KB
  for (let k = 0; k < cfg.zipFiles; k++) {
    notInterrupted();
    const code = `Z${String(k + 1).padStart(3, '0')}`;
    const docx = await payloadDocx(`${code} 大文件`, payloadTarget);
    zipBytes += docx.length;
    const column = columns[k % columns.length];
    await call('POST', '/api/productManuscript/uploadManu', {
      form: multipart({ journalId: zipJournal.id, columnId: column.id, title: `大文件稿件${code}`, firstAuthor: '驻外记者站', authorIds: admin.id, deptId: admin.deptId }, docx, `${code}.docx`),
    });
  }
  log(`uploaded ${mb(zipBytes)} in ${((performance.now() - upT0) / 1000).toFixed(1)} s (${mb(zipBytes / cfg.zipFiles, 3)} per file)`);

  // A fresh server process for the zip, so memory left from generation cannot hide its growth.
  log('restarting the app (fresh process for the zip measurement) ...');
  await app.stop();
  notInterrupted();
  app = await startApp(db.url, dataDir, adminPassword);
  call = client(app, await login(app.base, 'admin', adminPassword));
  log(`app ready again (pid ${app.pid})`);
  await sleep(1000);

  const zips = [];
  for (let i = 0; i < cfg.zipRuns; i++) {
    notInterrupted();
    const before = await restingRss(app.pid);
    const t0 = performance.now();
    const path = await call('GET', `/api/productJournal/downloadZip?journalId=${zipJournal.id}`);
    if (typeof path !== 'string' || !path.startsWith('/files/')) throw new BenchError(`downloadZip answered ${JSON.stringify(path)}, expected a /files/ path`);
    const pathMs = performance.now() - t0;
    const r = await streamZip(`${app.base}${path}`, app.pid);
    const growth = r.mem.peak - before;
    zips.push({ ...r, before, growth, pathMs });
    log(`  zip ${i + 1}: ${mb(r.bytes)} in ${(r.ms / 1000).toFixed(2)} s (${mb(r.bytes / (r.ms / 1000))}/s, ${r.entries} entries); RSS before ${mb(before)}, peak ${mb(r.mem.peak)}, growth ${mb(growth)} (${r.mem.count} samples)`);
    await sleep(1000);
  }
  const maxGrowth = Math.max(...zips.map((z) => z.growth));
  const zipPass = maxGrowth < TARGET_GROWTH && zips.every((z) => z.entries === cfg.zipFiles);
  log(`zip RSS growth (max of ${zips.length}) ${mb(maxGrowth)} → ${zipPass ? 'PASS' : 'FAIL'} (< ${mb(TARGET_GROWTH, 0)})`);

  // ---------------------------------------------------------------------------------------------
  // The result.
  const machineBusy = (100 * (m1.busy - m0.busy)) / (m1.total - m0.total);
  const gensCpu = measured.map((g) => g.cpu);
  const rows = [
    ['journal', `${cfg.copies} copies in ${columns.length} columns, dynamic and uploaded alternating (saveSort): ${world.dynamicCount} dynamic (HTML ${fmt(world.htmlBytes / world.dynamicCount / 1000, 1)} KB each with its data: URI: 6–10 paragraphs, a table of 8 rows, ${world.storedPictures} stored pictures in all (${STORED_PICTURES} distinct, ${fmt(world.storedBytes / STORED_PICTURES / 1000, 0)} KB each) + one ${fmt(world.dataPngBytes / 1000, 0)} KB data: URI picture each), ${world.uploadCount} uploaded .docx (${fmt(world.uploadBytes / world.uploadCount / 1000, 1)} KB each: 8–12 paragraphs, a table, a picture)`, '', ''],
    ['generateJournal warm-up', measured.length < gens.length ? gens.filter((g) => g.warm).map((g) => `${g.ms.toFixed(0)} ms`).join(', ') : '-', '', ''],
    [`generateJournal runs (${cfg.runs})`, measured.map((g) => `${g.ms.toFixed(0)}`).join(', ') + ' ms', '', ''],
    [`**generateJournal, median of ${cfg.runs}**`, `**${med.toFixed(0)} ms**`, `≤ ${TARGET_MS} ms`, genPass ? '**PASS**' : '**FAIL**'],
    ['generated .docx (last run)', `${mb(last.size, 2)}; ${check.inOrder}/${world.order.length} titles in the saved order${check.missing ? `, ${check.missing} missing` : ''}, ${check.tables} tables, ${check.drawings} pictures (${check.media} media parts)`, `every title in order, ≥ ${cfg.copies} tables, ≥ ${world.pictures} pictures`, check.ok ? 'ok' : '**NOT OK**'],
    ['app during generation: CPU per run (median) / RSS peak (max)', `${median(gensCpu).toFixed(2)} s / ${mb(Math.max(...measured.map((g) => g.peak)))}; machine ${fmt(machineBusy)} % busy of ${cores} cores (${fmt(background)} % before, app idle)`, '', ''],
    ['zip journal', `${cfg.zipFiles} uploaded .docx × ${mb(zipBytes / cfg.zipFiles, 3)} (a random-pixel PNG inside: incompressible) = ${mb(zipBytes)}; fresh app process; read ${cfg.zipRate ? `at ${cfg.zipRate} MB/s` : 'as fast as it comes'}`, '', ''],
  ];
  zips.forEach((z, i) => {
    rows.push([
      `zip ${i + 1}: downloadZip path + stream to nowhere`,
      `${mb(z.bytes)} (${z.entries} entries) in ${(z.ms / 1000).toFixed(2)} s (${mb(z.bytes / (z.ms / 1000))}/s; first byte ${z.ttfb.toFixed(0)} ms, path ${z.pathMs.toFixed(0)} ms); RSS before ${mb(z.before)}, peak ${mb(z.mem.peak)}, growth ${mb(z.growth)}`,
      '',
      '',
    ]);
  });
  rows.push([`**zip: server RSS growth while streaming (max of ${zips.length})**`, `**${mb(maxGrowth)}**`, `< ${mb(TARGET_GROWTH, 0)}`, zipPass ? '**PASS**' : '**FAIL**']);

  const context = `${cores} cores (${cpuModel}), PostgreSQL ${pgVersion}, Node ${process.version}, backend/dist ${build}, local file storage, NODE_ENV=production`;
  const width = Math.max(...rows.map((r) => r[0].replace(/\*\*/g, '').length));
  console.log(`\n${context}\n`);
  for (const [k, v, t, p] of rows) console.log(`${k.replace(/\*\*/g, '').padEnd(width)} | ${v.replace(/\*\*/g, '')}${t ? ` | ${t}` : ''}${p ? ` | ${p.replace(/\*\*/g, '')}` : ''}`);
  console.log(`\n(total ${((Date.now() - started) / 1000).toFixed(0)} s)`);

  const md = [
    '# Journal workbench benchmark: last result',
    '',
    `Run ${new Date().toISOString()} by \`npm run bench:journal\`: ${context}.`,
    '',
    '| measure | value | target | result |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.map((c) => c.replace(/\|/g, '/')).join(' | ')} |`),
    '',
    'generateJournal: wall time of `GET api/productJournal/generateJournal` at the client (request → JSON answer). ' +
      'Zip: RSS = VmRSS of the app process sampled every 50 ms; "before" = median of 10 samples over 0.5 s at rest; growth = peak during the download − before.',
    '',
  ].join('\n');
  writeFileSync(join(here, 'last-result.md'), md);
  log('written bench/journal/last-result.md');
}

// A measurement: exit 0 when it ran to the end (PASS/FAIL is reported), 1 when it could not run.
// Everything started is stopped and the database dropped either way.
let code = 0;
try {
  await main();
} catch (e) {
  code = interrupted || 1;
  if (!interrupted) console.error(`[bench:journal] FAILED: ${e instanceof BenchError ? e.message : e instanceof Error ? e.stack : e}`);
}
await cleanup();
process.exit(interrupted || code);
