import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/** Runs one statement and answers its rows. */
export type Exec = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * Hot-path statements straight on TypeORM's pg pool: `DataSource.query` creates a QueryRunner,
 * checks a client out and back in and runs the logger for every statement, which cost more CPU than
 * the news list's own SQL. Same pool, same connections, same type parsing; not for transactions.
 */
export function poolExec(db: DataSource): Exec {
  const pool = (db.driver as unknown as { master: Pool }).master;
  return async (sql, params) => (await pool.query(sql, params)).rows as Array<Record<string, unknown>>;
}
