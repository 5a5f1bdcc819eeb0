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

/**
 * The spec's own paths for the same addresses (production-admin §7 "api/collectionWebsite: GET
 * postCollect, postSearch, postGraph"), kept for clients of the old system. When a collection-website
 * module is built, these three handlers move into its controller (one controller per path prefix).
 */
@ApiTags('系统：平台配置')
@Controller('api/collectionWebsite')
export class CollectionWebsiteLinksController {
  constructor(private readonly platform: PlatformService) {}

  /** Collection configuration (the collection system's second tab). */
  @Authenticated()
  @Get('postCollect')
  @ApiOkResponse({ type: ExternalUrlDto })
  postCollect(): ExternalUrlDto {
    return this.platform.externalUrl('collect');
  }

  /** Technology clue discovery (launch page tile). */
  @Authenticated()
  @Get('postSearch')
  @ApiOkResponse({ type: ExternalUrlDto })
  postSearch(): ExternalUrlDto {
    return this.platform.externalUrl('clue');
  }

  /** Topic knowledge construction (launch page tile). */
  @Authenticated()
  @Get('postGraph')
  @ApiOkResponse({ type: ExternalUrlDto })
  postGraph(): ExternalUrlDto {
    return this.platform.externalUrl('knowledge');
  }
}
