import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { metricsAccess } from '../../common/ops/metrics-access.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { HEALTH_MESSAGES } from './health.messages.js';

/**
 * `GET /api/metrics` is `@Public()` for the access layer (no user session reads it) and guarded here
 * instead: `METRICS_TOKEN` as a bearer token when configured (401), else callers on this machine
 * only (403) — see `metricsAccess`.
 */
@Injectable()
export class MetricsAccessGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const access = metricsAccess({ authorization: req.headers.authorization, remoteAddress: req.socket.remoteAddress }, this.config.metricsToken);
    if (access === 'unauthorized') throw DomainException.unauthorized(HEALTH_MESSAGES.metricsToken, ErrorCode.Unauthorized);
    if (access === 'forbidden') throw DomainException.forbidden(HEALTH_MESSAGES.metricsLoopback, ErrorCode.Forbidden);
    return true;
  }
}
