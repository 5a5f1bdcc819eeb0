import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { NewsClassifyDto, NewsInfoQuery, NewsQuery, NewsRecommendDto, NewsYjDto } from './news.dto.js';
import { NewsService } from './news.service.js';

@ApiTags('新闻：新闻列表')
@Controller('api/news')
export class NewsController {
  constructor(private readonly news: NewsService) {}

  @RequirePermissions('news:list')
  @Get('list')
  list(@Query() query: NewsQuery, @CurrentUser() user: Principal) {
    return this.news.list(query, user);
  }

  @RequirePermissions('news:list')
  @Get('info')
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
}
