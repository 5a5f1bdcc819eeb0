import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ParseIdPipe, ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { ShareAddDto, ShareDto, ShareEditDto, ShareQuery } from './share.dto.js';
import { SharesService } from './shares.service.js';
import { ApiPageResponse } from '../../common/http/api-response.js';

/** Shares (news_suggest): any logged-in user may share news to other users (production-admin spec §6). */
@ApiTags('新闻：分享')
@Controller('api/newsSuggest')
export class SharesController {
  constructor(private readonly shares: SharesService) {}

  @Authenticated()
  @Get()
  @ApiPageResponse(ShareDto)
  list(@CurrentUser() user: Principal, @Query() query: ShareQuery) {
    return this.shares.list(user, query);
  }

  @Authenticated()
  @Get(':id')
  @ApiOkResponse({ type: ShareDto })
  get(@CurrentUser() user: Principal, @Param('id', ParseIdPipe) id: number) {
    return this.shares.get(user, id);
  }

  @Log('分享新闻')
  @Authenticated()
  @Post()
  @ApiCreatedResponse({ type: ShareDto, isArray: true })
  add(@CurrentUser() user: Principal, @Body() dto: ShareAddDto) {
    return this.shares.add(user.userId, dto);
  }

  /** The sender edits the note (`{id, content}`); 204. */
  @Log('修改分享')
  @Authenticated()
  @Put()
  @HttpCode(204)
  edit(@CurrentUser() user: Principal, @Body() dto: ShareEditDto) {
    return this.shares.edit(user, dto);
  }

  @Log('删除分享')
  @Authenticated()
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@CurrentUser() user: Principal, @Body(ParseIdsPipe) ids: number[]) {
    return this.shares.delete(user.userId, ids);
  }
}
