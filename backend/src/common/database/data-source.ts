import 'reflect-metadata';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AuditSubscriber } from '../audit/audit.subscriber.js';
import { MIGRATIONS } from './migrations/index.js';
import { SnakeNamingStrategy } from './naming.strategy.js';

/**
 * Every module's entity files and the kernel's own, found by glob beside this file (`src/` under jest,
 * `dist/` for `node` and the CLI): the kernel imports no module. The app itself registers them per
 * module instead (`TypeOrmModule.forFeature` + `autoLoadEntities` in core.module.ts).
 */
export const ENTITY_GLOBS = [join(__dirname, '../../modules/**/*.{entity,entities}.{js,ts}'), join(__dirname, '../**/*.entity.{js,ts}')];

/** One definition for the app, the tests and the TypeORM CLI. `synchronize` is never on. */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITY_GLOBS,
    migrations: MIGRATIONS,
    subscribers: [AuditSubscriber],
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    // A connection attempt gives up after 5 s (the request answers 503 instead of hanging while the
    // server is down); TCP keep-alive notices a server that vanished without closing the socket.
    extra: { max: Number(process.env.DATABASE_POOL_SIZE || 10), application_name: 'horizon', connectionTimeoutMillis: 5000, keepAlive: true },
  };
}

/** For `typeorm migration:generate -d dist/common/database/data-source.js` (needs DATABASE_URL). */
export default new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/horizon'));
