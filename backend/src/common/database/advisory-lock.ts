import type { DataSource } from 'typeorm';

/**
 * Runs `fn` while holding the PostgreSQL session advisory lock `key` on one connection (one replica
 * at a time: the storage sweep, the office cleanup); null, and `fn` not run, when another session
 * holds it. The lock is released on the same connection whatever `fn` does.
 */
export async function withAdvisoryLock<T>(db: DataSource, key: number, fn: () => Promise<T>): Promise<T | null> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    const [{ ok }]: Array<{ ok: boolean }> = await runner.query('SELECT pg_try_advisory_lock($1) AS ok', [key]);
    if (!ok) return null;
    try {
      return await fn();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}
