import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ScreenAccessDto, ScreenOverviewDto, ScreenOverviewQuery, ScreenShowDto } from './screen.dto.js';
import { ScreenService } from './screen.service.js';

/**
 * 大屏 (production-admin §2 "screen, screenLevel, screenShow", docs/screens.md): the wall displays
 * read one call per refresh. The entries in the top bar follow `GET api/screen/access`.
 */
@ApiTags('大屏')
@Controller('api/screen')
export class ScreenController {
  constructor(private readonly screens: ScreenService) {}

  @Authenticated()
  @Get('access')
  @ApiOkResponse({ type: ScreenAccessDto })
  access(@CurrentUser() user: Principal) {
    return this.screens.access(user);
  }

  @RequirePermissions('news:list')
  @Get('overview')
  @ApiOkResponse({ type: ScreenOverviewDto })
  overview(@CurrentUser() user: Principal, @Query() q: ScreenOverviewQuery) {
    return this.screens.overview(user, q.level);
  }

  @RequirePermissions('news:list')
  @Get('show')
  @ApiOkResponse({ type: ScreenShowDto })
  show(@CurrentUser() user: Principal) {
    return this.screens.show(user);
  }
}
