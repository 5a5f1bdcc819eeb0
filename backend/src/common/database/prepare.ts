import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { AppConfig } from '../../config/config.js';

/** The first-start data step (the composition root passes the seed module's; the kernel imports no module). */
export type SeedStep = (em: EntityManager, config: AppConfig) => Promise<void>;

const LOCK_KEY = 724_113_001; // advisory lock: one replica migrates and seeds at a time

/** Runs pending migrations, then runs `seed` (the demo data) on first start (empty user table). */
export async function prepareDatabase(ds: DataSource, config: AppConfig, seed: SeedStep): Promise<void> {
  const logger = new Logger('Database');
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    const ctype = await runner.query('SELECT datctype FROM pg_database WHERE datname = current_database()');
    if (!/utf-?8/i.test(ctype[0]?.datctype ?? '')) {
      logger.warn(`Database ctype is ${ctype[0]?.datctype}: Chinese text matching needs a UTF-8 ctype (C.UTF-8)`);
    }
    const applied = await ds.runMigrations({ transaction: 'each' });
    if (applied.length) logger.log(`Applied migrations: ${applied.map((m) => m.name).join(', ')}`);
    const users = await runner.query('SELECT count(*)::int AS n FROM sys_user');
    if (users[0].n === 0) {
      if (!config.adminPassword) throw new Error('ADMIN_PASSWORD is required for the first start in production (password of the seeded admin)');
      await ds.transaction((em) => seed(em, config));
      logger.log('Seeded the demo data (first start)');
    }
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}
