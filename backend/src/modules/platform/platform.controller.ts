import { Controller, Get, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AllowDuringPasswordChange, Authenticated } from '../../common/access/permissions.decorator.js';
import { ExternalUrlDto, ExternalUrlQuery, PlatformSettingsDto } from './platform.dto.js';
import { PlatformService } from './platform.service.js';

/** Settings the UI reads after login, and the addresses of the external systems it opens. */
@ApiTags('系统：平台配置')
@Controller('api/platform')
export class PlatformController {
  constructor(private readonly platform: PlatformService) {}

  @AllowDuringPasswordChange()
  @Authenticated()
  @Get('settings')
  @ApiOkResponse({ type: PlatformSettingsDto })
  settings(): PlatformSettingsDto {
    return this.platform.settings();
  }

  @Authenticated()
  @Get('externalUrl')
  @ApiOkResponse({ type: ExternalUrlDto })
  @ApiNotFoundResponse({ description: '该外部系统的地址未配置（code NOT_CONFIGURED）' })
  externalUrl(@Query() query: ExternalUrlQuery): ExternalUrlDto {
    return this.platform.externalUrl(query.target);
  }
}

