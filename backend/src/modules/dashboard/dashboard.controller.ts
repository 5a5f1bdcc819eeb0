import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../../common/access/permissions.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { DashboardDto } from './dashboard.dto.js';
import { DashboardService } from './dashboard.service.js';

/**
 * 首页 (production-admin §2 "/home/dashboard", docs/dashboard.md): today's figures of the caller in
 * one call. Any logged-in user; the figures the caller may not see are null.
 */
@ApiTags('首页')
@Controller('api/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Authenticated()
  @Get()
  @ApiOkResponse({ type: DashboardDto })
  get(@CurrentUser() user: Principal) {
    return this.dashboard.figures(user);
  }
}
