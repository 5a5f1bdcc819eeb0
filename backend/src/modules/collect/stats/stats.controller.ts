import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RequirePermissions } from '../../../common/access/permissions.decorator.js';
import { CollectStatsDto, StatsQuery } from './stats.dto.js';
import { StatsService } from './stats.service.js';

/** 数据统计 of the collection system (docs/collect-api.md "Statistics"). */
@ApiTags('数据采集：数据统计')
@Controller('api/collectStatistic')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @RequirePermissions('website:list')
  @Get()
  @ApiOkResponse({ type: CollectStatsDto })
  read(@Query() query: StatsQuery) {
    return this.stats.read(query.days);
  }
}
