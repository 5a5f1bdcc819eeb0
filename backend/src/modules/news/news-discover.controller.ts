import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { SkipLog } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { AllSearchDto, GraphQuery, HomeSuggestQuery, KeywordGraph, RECOMMEND_PAGE_EXTRA, RecommendQuery, SimilarSearchQuery } from './news-discover.dto.js';
import { NewsDiscoverService } from './news-discover.service.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';
import { NEWS_PAGE_EXTRA, NewsRowDto } from './news.dto.js';

/** Default page size of the recommendation (the home page and the 推荐 panel show 10). */
const RECOMMEND_PAGE_SIZE = 10;

/**
 * Recommendations and discovery (news-design.md "Recommendations and discovery"). Rows have the
 * list's shape with the caller's department, read and collection state; noise items never appear.
 */
@ApiTags('新闻：推荐与检索')
@Controller('api/news')
export class NewsDiscoverController {
  constructor(private readonly discover: NewsDiscoverService) {}

  /** Items similar to `id` (array, best first; `size` default 10, max 50). Unknown id → 404. */
  @RequirePermissions('news:list')
  @Get('similarSearch')
  @ApiListResponse(NewsRowDto)
  similarSearch(@Query() query: SimilarSearchQuery, @CurrentUser() user: Principal) {
    return this.discover.similar(query.id, query.size ?? 10, user);
  }

  /** A page of recommended unread items `{content, totalElements, basis}` (`size` default 10). */
  @RequirePermissions('news:list')
  @Get('recommendList')
  @ApiPageResponse(NewsRowDto, RECOMMEND_PAGE_EXTRA)
  recommendList(@Query() query: RecommendQuery, @CurrentUser() user: Principal) {
    return this.discover.recommendList(query.page ?? 0, query.size ?? RECOMMEND_PAGE_SIZE, user);
  }

  /** The home page's suggestions: an array of the same recommendation, unread first (`size` default 10, max 50). */
  @RequirePermissions('news:list')
  @Get('getHomeSuggestNews')
  @ApiListResponse(NewsRowDto)
  getHomeSuggestNews(@Query() query: HomeSuggestQuery, @CurrentUser() user: Principal) {
    return this.discover.homeSuggest(query.size ?? 10, user);
  }

  /** Search over every non-noise item (no tab filter): `{content, totalElements, totalExact}`, default sort scoreDesc. */
  @RequirePermissions('news:list')
  @SkipLog()
  @Post('allSearch')
  @HttpCode(200)
  @ApiPageResponse(NewsRowDto, NEWS_PAGE_EXTRA)
  allSearch(@Body() dto: AllSearchDto, @CurrentUser() user: Principal) {
    return this.discover.allSearch(dto.content, dto.page, dto.size, dto.sort, user);
  }

  /** Keyword co-occurrence graph `{nodes, links}` of a search's top `size` items (default 100, max 500). */
  @RequirePermissions('news:list')
  @Get('getGraphByNewsContent')
  @ApiOkResponse({ type: KeywordGraph })
  getGraphByNewsContent(@Query() query: GraphQuery, @CurrentUser() user: Principal) {
    return this.discover.graph(query.content, query.size ?? 100, query.classify, user);
  }
}
