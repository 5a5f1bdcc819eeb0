import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PoolStats } from '../../common/ops/metrics.js';

/** A node-postgres pool's counters (the driver's `Pool`). */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The health check's one query, and the database driver's pools for the metrics. */
@Injectable()
export class HealthRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Resolves once the database answers. */
  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  /** The pools under TypeORM: the primary, and the read replicas when replication is configured. */
  pools(): PoolStats[] {
    const driver = this.db.driver as unknown as { master?: PgPool; slaves?: PgPool[] };
    const pools = driver.master ? [['primary', driver.master] as const] : [];
    const replicas = (driver.slaves ?? []).map((pool, i) => [`replica-${i + 1}`, pool] as const);
    return [...pools, ...replicas].map(([pool, p]) => ({ pool, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount }));
  }
}
