import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import { ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { ParseThemeListPipe } from './theme-list.pipe.js';
import { ThemeDto, type ThemeItemDto, ThemeQuery, ThemeUpdateDto, ThemeWriteDto } from './theme.dto.js';
import { ThemesService } from './themes.service.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';

/** Reads are open to every logged-in user: everyone filters news by theme. */
@ApiTags('新闻：主题')
@Controller('api/newsTheme')
export class ThemesController {
  constructor(private readonly themes: ThemesService) {}

  @Authenticated()
  @Get('findAll')
  @ApiListResponse(ThemeDto)
  findAll() {
    return this.themes.findAll();
  }

  @Authenticated()
  @Get('themeList')
  @ApiPageResponse(ThemeDto)
  list(@Query() query: ThemeQuery) {
    return this.themes.list(query);
  }

  @Log('新增新闻主题')
  @RequirePermissions('newsTheme:add')
  @Post()
  @ApiCreatedResponse({ type: ThemeDto })
  create(@Body() dto: ThemeWriteDto) {
    return this.themes.create(dto);
  }

  @Log('批量新增新闻主题')
  @RequirePermissions('newsTheme:add')
  @Post('createList')
  @ApiBody({ schema: { type: 'array', items: { type: 'object', properties: { title: { type: 'string' }, keywords: { type: 'array', items: { type: 'string' } } } } } })
  @ApiCreatedResponse({ type: ThemeDto, isArray: true })
  createList(@Body(ParseThemeListPipe) items: ThemeItemDto[]) {
    return this.themes.createList(items);
  }

  @Log('修改新闻主题')
  @RequirePermissions('newsTheme:edit')
  @Put()
  @HttpCode(204)
  update(@Body() dto: ThemeUpdateDto) {
    return this.themes.update(dto);
  }

  @Log('删除新闻主题')
  @RequirePermissions('newsTheme:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@Body(ParseIdsPipe) ids: number[]) {
    return this.themes.delete(ids);
  }
}
