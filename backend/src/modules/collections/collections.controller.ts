import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { CollectAddDto, CollectDto, CollectEditDto, CollectedNewsDto, CollectQuery, CollectRemoveQuery } from './collection.dto.js';
import { CollectionsService } from './collections.service.js';
import { ApiPageResponse } from '../../common/http/api-response.js';

@ApiTags('新闻：收藏')
@Controller('api/newsCollect')
export class CollectionsController {
  constructor(private readonly collections: CollectionsService) {}

  @RequirePermissions('newsCollect:list')
  @Get()
  @ApiPageResponse(CollectedNewsDto)
  list(@CurrentUser() user: Principal, @Query() query: CollectQuery) {
    return this.collections.list(user.userId, query);
  }

  @Log('收藏新闻')
  @RequirePermissions('newsCollect:add')
  @Post()
  @ApiCreatedResponse({ type: CollectDto })
  add(@CurrentUser() user: Principal, @Body() dto: CollectAddDto) {
    return this.collections.add(user.userId, dto);
  }

  @Log('修改收藏')
  @RequirePermissions('newsCollect:edit')
  @Put()
  @HttpCode(204)
  update(@CurrentUser() user: Principal, @Body() dto: CollectEditDto) {
    return this.collections.update(user.userId, dto);
  }

  @Log('取消收藏')
  @RequirePermissions('newsCollect:del')
  @Delete('deleteByNewsIdAndUserId')
  removeByNews(@CurrentUser() user: Principal, @Query() query: CollectRemoveQuery) {
    return this.collections.removeByNews(user, query.newsId, query.userId);
  }

  @Log('删除收藏')
  @RequirePermissions('newsCollect:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@CurrentUser() user: Principal, @Body(ParseIdsPipe) ids: number[]) {
    return this.collections.delete(user.userId, ids);
  }
}
