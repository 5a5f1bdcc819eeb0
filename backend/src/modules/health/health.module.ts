import { Module } from '@nestjs/common';
import { OpsModule } from '../../common/ops/ops.module.js';
import { StorageModule } from '../storage/index.js';
import { HealthController, MetricsController } from './health.controller.js';
import { HealthRepository } from './health.repository.js';
import { HealthService } from './health.service.js';
import { MetricsAccessGuard } from './metrics-access.guard.js';
import { RedisProbe } from './redis-probe.js';

/**
 * Operations endpoints (docs/operations.md): liveness `api/health`, readiness `api/health/ready`,
 * Prometheus metrics `api/metrics`. The registry and the shutdown state are the kernel's (common/ops):
 * OpsModule is global, imported here so the composition root's list of modules stays as it is.
 */
@Module({
  imports: [OpsModule, StorageModule],
  controllers: [HealthController, MetricsController],
  providers: [HealthRepository, HealthService, RedisProbe, MetricsAccessGuard],
})
export class HealthModule {}
