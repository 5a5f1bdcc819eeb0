import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { JournalStatisticDto, ManuscriptStatisticDto, ManuscriptStatisticQuery, StatisticPeriodQuery, TranslationStatisticDto } from './statistics.dto.js';
import { StatisticsService } from './statistics.service.js';

/**
 * 统计 (production-admin §4 "Statistics page", docs/statistics.md): read-only figures of a period, one
 * call per chart. `manuscript:list` is the statistics page's code: its readers are who manage
 * manuscripts; the data scope narrows the departments.
 */
@ApiTags('生产：统计')
@Controller('api/statistic')
export class StatisticsController {
  constructor(private readonly statistics: StatisticsService) {}

  /** Manuscripts per product, stacked by department or column. */
  @RequirePermissions('manuscript:list')
  @Get('manuscripts')
  @ApiOkResponse({ type: ManuscriptStatisticDto })
  manuscripts(@Query() query: ManuscriptStatisticQuery, @CurrentUser() user: Principal) {
    return this.statistics.manuscripts(query, user);
  }

  /** Translation throughput per translator and reviewer (claimed, submitted, reviewed, median claim → review). */
  @RequirePermissions('manuscript:list')
  @Get('translations')
  @ApiOkResponse({ type: TranslationStatisticDto })
  translations(@Query() query: StatisticPeriodQuery, @CurrentUser() user: Principal) {
    return this.statistics.translations(query, user);
  }

  /** Journals created in the period per product and status. */
  @RequirePermissions('manuscript:list')
  @Get('journals')
  @ApiOkResponse({ type: JournalStatisticDto })
  journals(@Query() query: StatisticPeriodQuery, @CurrentUser() user: Principal) {
    return this.statistics.journals(query, user);
  }
}
