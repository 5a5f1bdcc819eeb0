import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AllowQueryToken, CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { AnalysisDistributionDto, AnalysisKeywordsDto, AnalysisTimelineDto, NewsAnalysisQuery, NewsDistributionQuery, NewsKeywordsQuery } from './news-analysis.dto.js';
import { NewsAnalysisService } from './news-analysis.service.js';

/**
 * 查询统计 (`/pro/analysis`, docs/news-analysis.md): one GET per figure, each taking the filter
 * fields of `GET api/news/list` and counting exactly the items that list shows for them. Same
 * permission and department rule as the list.
 */
@ApiTags('新闻：查询统计')
@Controller('api/news/analysis')
export class NewsAnalysisController {
  constructor(private readonly analysis: NewsAnalysisService) {}

  /** Matching items per publish day of the period (days without items at 0). */
  @RequirePermissions('news:list')
  @Get('timeline')
  @ApiOkResponse({ type: AnalysisTimelineDto })
  timeline(@Query() query: NewsAnalysisQuery, @CurrentUser() user: Principal) {
    return this.analysis.timeline(query, user);
  }

  /** Matching items by source, country, class or language: the `top` largest and 其他. */
  @RequirePermissions('news:list')
  @Get('distribution')
  @ApiOkResponse({ type: AnalysisDistributionDto })
  distribution(@Query() query: NewsDistributionQuery, @CurrentUser() user: Principal) {
    return this.analysis.distribution(query, query.by, query.top, user);
  }

  /** The keywords the matching items carry most, the query's own words left out. */
  @RequirePermissions('news:list')
  @Get('keywords')
  @ApiOkResponse({ type: AnalysisKeywordsDto })
  keywords(@Query() query: NewsKeywordsQuery, @CurrentUser() user: Principal) {
    return this.analysis.keywords(query, query.top, user);
  }

  /** Every figure as one xlsx (`查询统计.xlsx`), one sheet each, with the query on the first. */
  @AllowQueryToken()
  @RequirePermissions('news:list')
  @Get('export')
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  export(@Query() query: NewsAnalysisQuery, @CurrentUser() user: Principal): Promise<StreamableFile> {
    return this.analysis.export(query, user);
  }
}
