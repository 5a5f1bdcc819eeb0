import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { NEWS_PAGE_EXTRA, NewsQuery, NewsRowDto } from '../news/index.js';
import { NewsService } from '../news/index.js';
import { LatestVersionDto, SubmitTranslateDto, TranslationDiffDto, TranslationDiffQuery, TranslationRefDto, TranslationStateDto, TranslationVersionDto } from './translation.dto.js';
import { TranslationService } from './translation.service.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';

/**
 * The translation workflow on the spec's paths (`api/news/...`, production-admin.md §7) plus the
 * release, version history and diff calls the workbench needs.
 */
@ApiTags('新闻：翻译与审核')
@Controller('api/news')
export class TranslationController {
  constructor(
    private readonly translation: TranslationService,
    private readonly news: NewsService,
  ) {}

  /**
   * Every transition: `content.status` = `edit` claims or saves (news:translate), `examine` submits for
   * review (news:translate), `done` reviews (news:judge). Editor and reviewer come from the session.
   */
  @RequirePermissions('news:translate', 'news:judge')
  @Post('submitTranslate')
  @HttpCode(200)
  @ApiOkResponse({ type: TranslationStateDto })
  submitTranslate(@Body() dto: SubmitTranslateDto, @CurrentUser() user: Principal) {
    return this.translation.submit(dto, user);
  }

  /** Give a claim back (the editor or an administrator): the latest submitted version, or untranslated. */
  @RequirePermissions('news:translate')
  @Post('releaseTranslate')
  @HttpCode(200)
  @ApiOkResponse({ type: TranslationStateDto })
  releaseTranslate(@Body() dto: TranslationRefDto, @CurrentUser() user: Principal) {
    return this.translation.release(dto.id, dto.deptId, user);
  }

  /** The latest submitted version number and text (0 / null when none). */
  @RequirePermissions('news:list')
  @Get('latestVersion')
  @ApiOkResponse({ type: LatestVersionDto })
  latestVersion(@Query() q: TranslationRefDto, @CurrentUser() user: Principal) {
    return this.translation.latestVersion(q.id, q.deptId, user);
  }

  /** The department's working translation state of an item (status, editor, reviewer, draft, version). */
  @RequirePermissions('news:list')
  @Get('translationState')
  @ApiOkResponse({ type: TranslationStateDto })
  translationState(@Query() q: TranslationRefDto, @CurrentUser() user: Principal) {
    return this.translation.stateOrEmpty(q.id, q.deptId, user);
  }

  /** Every submitted version, newest first, with author, submission time and reviewer. */
  @RequirePermissions('news:list')
  @Get('translationVersions')
  @ApiListResponse(TranslationVersionDto)
  translationVersions(@Query() q: TranslationRefDto, @CurrentUser() user: Principal) {
    return this.translation.versions(q.id, q.deptId, user);
  }

  /** Word-level diff between two versions, or a version and the current draft (`to` omitted). */
  @RequirePermissions('news:list')
  @Get('translationDiff')
  @ApiOkResponse({ type: TranslationDiffDto })
  translationDiff(@Query() q: TranslationDiffQuery, @CurrentUser() user: Principal) {
    return this.translation.diff(q.id, q.deptId, q.from, q.to, user);
  }

  /** Items I edit(ed) — the news list with `isTrans=2`. */
  @RequirePermissions('news:list')
  @Get('findMyTranslate')
  @ApiPageResponse(NewsRowDto, NEWS_PAGE_EXTRA)
  findMyTranslate(@Query() q: NewsQuery, @CurrentUser() user: Principal) {
    return this.news.list({ ...q, isTrans: '2' } as NewsQuery, user);
  }

  /** Items in translation or translated in the department — the news list with `isTrans=1`. */
  @RequirePermissions('news:list')
  @Get('findAllTranslate')
  @ApiPageResponse(NewsRowDto, NEWS_PAGE_EXTRA)
  findAllTranslate(@Query() q: NewsQuery, @CurrentUser() user: Principal) {
    return this.news.list({ ...q, isTrans: '1' } as NewsQuery, user);
  }
}
