import { Controller, Get, Module } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/access/permissions.decorator.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { HealthRepository } from './health.repository.js';

/** Longest the health check waits for the database before it says DOWN. */
const HEALTH_TIMEOUT_MS = 3000;

@ApiTags('系统：健康检查')
@Controller('api/health')
export class HealthController {
  constructor(private readonly probe: HealthRepository) {}

  /**
   * 200 once the app is up and the database answers; 503 `DATABASE_UNAVAILABLE` while it does not
   * (down, restarting, or slower than 3 s), so a load balancer takes the replica out until it recovers.
   */
  @Public()
  @Get()
  async health(): Promise<{ status: string; database: string }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.probe.ping(), timeout]);
    } catch {
      throw new DomainException(503, '数据库暂时不可用，请稍后重试', ErrorCode.DatabaseUnavailable);
    } finally {
      clearTimeout(timer);
    }
    return { status: 'UP', database: 'UP' };
  }
}

@Module({ controllers: [HealthController], providers: [HealthRepository] })
export class HealthModule {}
