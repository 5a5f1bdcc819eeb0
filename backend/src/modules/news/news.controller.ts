import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ChoiceStagesDto, ChoiceStagesQuery, DeletedCountDto, NEWS_PAGE_EXTRA, NewsAbstractsDto, NewsChoiceDto, NewsClassifyDto, NewsClassifyKeywordsDto, NewsIdDto, NewsInfoDto, NewsInfoQuery, NewsKeywordsDto, NewsNoiseDto, NewsQuery, NewsRecommendDto, NewsRowDto, NewsSourceIdsDto, NewsTitleCnDto, NewsYjDto, SearchHistoryDeleteQuery, SearchHistoryDto, SearchHistorySaveQuery } from './news.dto.js';
import { NewsService } from './news.service.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';

@ApiTags('新闻：新闻列表')
@Controller('api/news')
export class NewsController {
  constructor(private readonly news: NewsService) {}

  @RequirePermissions('news:list')
  @Get('list')
  @ApiPageResponse(NewsRowDto, NEWS_PAGE_EXTRA)
  list(@Query() query: NewsQuery, @CurrentUser() user: Principal) {
    return this.news.list(query, user);
  }

  /** 动态加工 (/pro/product): the department's chosen items per stage (待翻译, 翻译中, 待审核, 已审核). */
  @RequirePermissions('news:list')
  @Get('choiceStages')
  @ApiOkResponse({ type: ChoiceStagesDto })
  choiceStages(@Query() query: ChoiceStagesQuery, @CurrentUser() user: Principal) {
    return this.news.choiceStages(query.deptId, user);
  }

  @RequirePermissions('news:list')
  @Get('info')
  @ApiOkResponse({ type: NewsInfoDto })
  info(@Query() query: NewsInfoQuery, @CurrentUser() user: Principal) {
    return this.news.info(query.id, query.deptId, user);
  }

  /** Track / untrack for the caller's department. */
  @RequirePermissions('news:recommend')
  @Post('updateIsRecommend')
  @HttpCode(200)
  updateIsRecommend(@Body() dto: NewsRecommendDto, @CurrentUser() user: Principal) {
    return this.news.updateIsRecommend(dto.id, dto.isRecommend, user);
  }

  /** Warning flag for the caller's department. The spec names no permission code: any logged-in user. */
  @Authenticated()
  @Post('updateYjData')
  @HttpCode(200)
  updateYjData(@Body() dto: NewsYjDto, @CurrentUser() user: Principal) {
    return this.news.updateYj(dto.id, dto.yj, user);
  }

  /** Department classification override (leaf classes only). */
  @RequirePermissions('news:list')
  @Post('updateClassify')
  @HttpCode(200)
  updateClassify(@Body() dto: NewsClassifyDto, @CurrentUser() user: Principal) {
    return this.news.updateClassify(dto.id, dto.classify, user);
  }

  /** Department keywords override (trimmed, blank dropped, deduplicated). `deptId` must be the caller's. */
  @RequirePermissions('news:list')
  @Post('updateKeywords')
  @HttpCode(200)
  updateKeywords(@Body() dto: NewsKeywordsDto, @CurrentUser() user: Principal) {
    return this.news.updateKeywords(dto.id, dto.keywords, dto.deptId, user);
  }

  /** Both department overrides in one upsert (leaf classes only). */
  @RequirePermissions('news:list')
  @Post('updateClassifyAndKeywords')
  @HttpCode(200)
  updateClassifyAndKeywords(@Body() dto: NewsClassifyKeywordsDto, @CurrentUser() user: Principal) {
    return this.news.updateClassifyAndKeywords(dto.id, dto.classify, dto.keywords, user);
  }

  /** Department abstract. `deptId` must be the caller's. */
  @RequirePermissions('news:list')
  @Post('updateAbstracts')
  @HttpCode(200)
  updateAbstracts(@Body() dto: NewsAbstractsDto, @CurrentUser() user: Principal) {
    return this.news.updateAbstracts(dto.id, dto.abstracts, dto.deptId, user);
  }

  /** Department Chinese title override; blank falls back to the global one. */
  @RequirePermissions('news:list')
  @Post('updateTitleCn')
  @HttpCode(200)
  updateTitleCn(@Body() dto: NewsTitleCnDto, @CurrentUser() user: Principal) {
    return this.news.updateTitleCn(dto.id, dto.titleCn, user);
  }

  /**
   * The spec's "choose (selected)" action (news-tracking.md §6, `news:choice`): the spec names no
   * path, so it is `POST api/news/choose {id, isChoice}` — the 精选 flag of the caller's department.
   */
  @RequirePermissions('news:choice')
  @Post('choose')
  @HttpCode(200)
  choose(@Body() dto: NewsChoiceDto, @CurrentUser() user: Principal) {
    return this.news.updateIsChoice(dto.id, dto.isChoice, user);
  }

  /** "Set as noise, and delete": removes the item globally (department, read and collection rows too). */
  @RequirePermissions('news:noise')
  @Post('deleteById')
  @HttpCode(200)
  deleteById(@Body() dto: NewsIdDto) {
    return this.news.deleteById(dto.id);
  }

  /**
   * Marks the item as noise globally (adds the noise class A5000), so it leaves every list but the
   * noise filter; `isNoise: false` takes the noise class away again (its other classes were kept).
   */
  @RequirePermissions('news:noise')
  @Post('setNoise')
  @HttpCode(200)
  setNoise(@Body() dto: NewsNoiseDto) {
    return this.news.setNoise(dto.id, dto.isNoise ?? true);
  }

  @RequirePermissions('news:noise')
  @Post('deleteBySourceIds')
  @HttpCode(200)
  @ApiOkResponse({ type: DeletedCountDto })
  deleteBySourceIds(@Body() dto: NewsSourceIdsDto) {
    return this.news.deleteBySourceIds(dto.sourceIds);
  }

  @Authenticated()
  @Get('getSearchHistory')
  @ApiListResponse(SearchHistoryDto)
  getSearchHistory(@CurrentUser() user: Principal) {
    return this.news.getSearchHistory(user);
  }

  /** GET per the spec (the old front end calls it so). */
  @Authenticated()
  @Get('saveSearchHistory')
  saveSearchHistory(@Query() query: SearchHistorySaveQuery, @CurrentUser() user: Principal) {
    return this.news.saveSearchHistory(query.content, user);
  }

  /** One of the caller's entries, or all of them without `id`. */
  @Authenticated()
  @Get('deleteSearchHistory')
  deleteSearchHistory(@Query() query: SearchHistoryDeleteQuery, @CurrentUser() user: Principal) {
    return this.news.deleteSearchHistory(query.id, user);
  }
}
