#!/usr/bin/env node
/**
 * `npm run restore -- FILE [--force] [--db-only | --files-only]` (docs/data-storage.md, docs/collect-design.md §8.3):
 * puts a backup made by the backup module (`horizon-backup-….zip`: `db.dump` from `pg_dump -Fc`,
 * `files/<storage key>`, `manifest.json`) back into the database and the file store the app is
 * configured with (the same environment variables as `npm start`). Stop the app (every replica) first.
 *
 * 1. With no DATABASE_URL the embedded server under DATA_DIR is started (refused while the app runs it).
 * 2. The manifest and the SHA-256 of `db.dump` are checked before anything is changed.
 * 3. The target database must have no tables in `public`, unless `--force` (then `DROP SCHEMA public
 *    CASCADE; CREATE SCHEMA public`). A database that does not exist yet is created.
 * 4. `pg_restore --no-owner --no-privileges --exit-on-error` reads `db.dump` on stdin.
 * 5. Every `files/*` entry goes back through the storage port (local disk or S3).
 * `npm start` then applies any newer migrations.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Client } from 'pg';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { type EmbeddedHandle, startEmbeddedPostgres } from '../common/database/embedded.js';
import { assertStorageKey } from '../common/storage/storage.port.js';
import { createStorage } from '../common/storage/storage.provider.js';
import { loadConfig } from '../config/config.js';
import { resolvePgTools, splitPassword } from '../modules/backup/pg-tools.js';

interface Options {
  file: string;
  force: boolean;
  db: boolean;
  files: boolean;
}

class RestoreError extends Error {}

const USAGE = '用法：npm run restore -- <备份文件.zip> [--force] [--db-only | --files-only]';

function parseArgs(argv: string[]): Options {
  const flags = argv.filter((a) => a.startsWith('--'));
  const files = argv.filter((a) => !a.startsWith('--'));
  for (const f of flags) if (!['--force', '--db-only', '--files-only'].includes(f)) throw new RestoreError(`未知参数 ${f}\n${USAGE}`);
  if (files.length !== 1) throw new RestoreError(USAGE);
  if (flags.includes('--db-only') && flags.includes('--files-only')) throw new RestoreError('--db-only 与 --files-only 不能同时使用');
  return { file: files[0], force: flags.includes('--force'), db: !flags.includes('--files-only'), files: !flags.includes('--db-only') };
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );
}

function entries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const list: Entry[] = [];
    zip.on('entry', (e: Entry) => {
      list.push(e);
      zip.readEntry();
    });
    zip.once('end', () => resolve(list));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function open(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))));
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Connects to the database, creating it first when it does not exist. */
async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (e) {
    if ((e as { code?: string }).code !== '3D000') throw e;
  }
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  const admin = new Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
    console.log(`[restore] 已创建数据库 ${name}`);
  } finally {
    await admin.end();
  }
  const client2 = new Client({ connectionString: url });
  await client2.connect();
  return client2;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(opts.file)) throw new RestoreError(`文件不存在：${opts.file}`);
  const config = loadConfig();
  const zip = await openZip(opts.file);
  const list = await entries(zip);
  const byName = new Map(list.map((e) => [e.fileName, e]));
  const manifestEntry = byName.get('manifest.json');
  if (!manifestEntry) throw new RestoreError('不是 Horizon 备份文件：缺少 manifest.json');
  const manifest = JSON.parse((await bytesOf(await open(zip, manifestEntry))).toString('utf8')) as {
    format?: string;
    version?: number;
    createdAt?: string;
    appVersion?: string;
    lastMigration?: string;
    db?: { size: number; sha256: string };
    files?: { count: number };
  };
  if (manifest.format !== 'horizon-backup' || manifest.version !== 1) throw new RestoreError('不是 Horizon 备份文件（format/version 不符）');
  console.log(`[restore] 备份时间 ${manifest.createdAt}，应用版本 ${manifest.appVersion}，最后的迁移 ${manifest.lastMigration}`);
  const dumpEntry = byName.get('db.dump');
  if (opts.db) {
    if (!dumpEntry || !manifest.db) throw new RestoreError('备份中没有数据库转储（db.dump）');
    const hash = createHash('sha256');
    for await (const c of (await open(zip, dumpEntry)) as AsyncIterable<Buffer>) hash.update(c);
    if (hash.digest('hex') !== manifest.db.sha256) throw new RestoreError('db.dump 校验失败（SHA-256 与清单不符），备份文件已损坏');
    console.log('[restore] db.dump 校验通过');
  }

  let embedded: EmbeddedHandle | undefined;
  try {
    if (opts.db) {
      let url = config.databaseUrl;
      if (!url) {
        const pidFile = join(config.dataDir, 'pg', 'postmaster.pid');
        if (existsSync(pidFile)) {
          const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
          if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) throw new RestoreError(`内置数据库正在运行（pid ${pid}）：请先停止应用再恢复`);
        }
        embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
        url = embedded.url;
      }
      const client = await connect(url);
      let major: number;
      try {
        const tables: Array<{ n: string }> = (await client.query("SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'")).rows;
        if (Number(tables[0].n) > 0) {
          if (!opts.force) throw new RestoreError(`目标数据库已有 ${tables[0].n} 张表：恢复会替换全部数据，确认后加 --force 重试`);
          console.log('[restore] --force：清空 public 模式');
          await client.query('DROP SCHEMA public CASCADE');
          await client.query('CREATE SCHEMA public');
        }
        major = Math.floor(Number((await client.query("SELECT current_setting('server_version_num') AS v")).rows[0].v) / 10000);
      } finally {
        await client.end();
      }
      const tools = await resolvePgTools(config.backup.pgBinDir, major);
      if (!tools.ok) throw new RestoreError(tools.reason.replace('pg_dump', 'pg_dump / pg_restore'));
      const { url: plain, password } = splitPassword(url);
      const child = spawn(tools.tools.pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${plain}`], {
        env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
        stdio: ['pipe', 'inherit', 'inherit'],
      });
      const exited = new Promise<number>((resolve, reject) => {
        child.once('error', reject);
        child.once('close', (code) => resolve(code ?? 1));
      });
      const dump = await open(zip, dumpEntry!);
      dump.pipe(child.stdin);
      child.stdin.on('error', () => undefined);
      const code = await exited;
      if (code !== 0) throw new RestoreError(`pg_restore 失败（退出码 ${code}）`);
      console.log(`[restore] 数据库已恢复（${manifest.db!.size} 字节的转储）`);
    }
    if (opts.files) {
      const storage = await createStorage(config);
      let count = 0;
      let bytes = 0;
      for (const e of list) {
        if (!e.fileName.startsWith('files/')) continue;
        const key = e.fileName.slice('files/'.length);
        assertStorageKey(key);
        bytes += await storage.put(key, await open(zip, e));
        count += 1;
      }
      console.log(`[restore] 文件已恢复：${count} 个，${bytes} 字节（${storage.driver}）`);
    }
    console.log('[restore] 完成。启动应用（npm start）时会执行更新的数据库迁移。');
  } finally {
    zip.close();
    await embedded?.stop().catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(`[restore] ${e instanceof RestoreError ? e.message : ((e as Error).stack ?? String(e))}`);
    process.exit(e instanceof RestoreError ? 2 : 1);
  },
);
