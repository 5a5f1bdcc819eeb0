import { Body, Controller, Get, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiCreatedResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AllowQueryToken, CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { NewsCreateDto } from './news-export.dto.js';
import { NewsExportService } from './news-export.service.js';
import { NewsInfoQuery, NewsQuery, NewsRowDto } from './news.dto.js';

@ApiTags('新闻：导出与录入')
@Controller('api/news')
export class NewsExportController {
  constructor(private readonly exports: NewsExportService) {}

  /**
   * The list as an xlsx (`新闻列表.xlsx`): same filters and sort as `GET api/news/list`, from the
   * first row, at most EXPORT_MAX_ROWS rows (`page` and `size` are ignored).
   */
  @AllowQueryToken()
  @RequirePermissions('news:list')
  @Get('download')
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  download(@Query() query: NewsQuery, @CurrentUser() user: Principal): Promise<StreamableFile> {
    return this.exports.download(query, user);
  }

  /**
   * One item as a Word file with the department's state (`deptId`: own or parent department, like
   * `info`): titles, metadata, abstracts, keywords and classes, translation, original text. Does not
   * mark the item read.
   */
  @AllowQueryToken()
  @RequirePermissions('news:list')
  @Get('downloadWordByIdAndDeptId')
  @ApiProduces('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
  downloadWord(@Query() query: NewsInfoQuery, @CurrentUser() user: Principal): Promise<StreamableFile> {
    return this.exports.word(query.id, query.deptId, user);
  }

  /**
   * Manual entry of an item (`imports=1` lists it). The spec names no permission code for it:
   * `news:list` (everyone who works with the news list may enter one), like the department edits.
   * Duplicate url → 409; answers 201 with the list row.
   */
  @Log('手工录入新闻')
  @RequirePermissions('news:list')
  @Post('createOneNews')
  @ApiCreatedResponse({ type: NewsRowDto })
  createOneNews(@Body() dto: NewsCreateDto, @CurrentUser() user: Principal) {
    return this.exports.create(dto, user);
  }
}
