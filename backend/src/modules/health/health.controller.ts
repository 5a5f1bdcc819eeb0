import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOkResponse, ApiProduces, ApiServiceUnavailableResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Public } from '../../common/access/permissions.decorator.js';
import { Metrics } from '../../common/ops/metrics.js';
import { LivenessDto, ReadinessDto } from './health.dto.js';
import { HealthService } from './health.service.js';
import { MetricsAccessGuard } from './metrics-access.guard.js';

@ApiTags('系统：健康检查')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Liveness: 200 while the process serves; no database round trip (a restart would not fix the database). */
  @Public()
  @Get()
  @ApiOkResponse({ type: LivenessDto })
  liveness(): LivenessDto {
    return this.health.liveness();
  }

  /**
   * Readiness: the database, Redis (when configured) and the file storage answer. 503 names the first
   * failing part (`DATABASE_UNAVAILABLE`, `REDIS_UNAVAILABLE`, `STORAGE_UNAVAILABLE`, with `checks`),
   * or `SHUTTING_DOWN` while the replica drains; a load balancer takes the replica out meanwhile.
   */
  @Public()
  @Get('ready')
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({ description: '{status, message, code, timestamp, checks}' })
  readiness(): Promise<ReadinessDto> {
    return this.health.readiness();
  }
}

@ApiTags('系统：健康检查')
@Controller('api/metrics')
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  /** Prometheus metrics (docs/operations.md): `METRICS_TOKEN` as a bearer token, or callers on this machine only. */
  @Public()
  @UseGuards(MetricsAccessGuard)
  @Get()
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiBearerAuth()
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Prometheus 文本格式', schema: { type: 'string' } })
  @ApiUnauthorizedResponse({ description: '设置了 METRICS_TOKEN 而令牌缺失或错误' })
  @ApiForbiddenResponse({ description: '未设置 METRICS_TOKEN 且调用方不在本机' })
  metricsText(): Promise<string> {
    return this.metrics.render();
  }
}
