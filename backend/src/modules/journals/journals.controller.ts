import { Body, Controller, Delete, Get, Header, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { JournalFilesService } from './journal-files.service.js';
import { DailyJournalQuery, DeleteJournalVersionDto, DoneListQuery, JournalDto, JournalFileDto, JournalIdQuery, JournalListQuery, JournalUpdateDto, JournalWriteDto, ProductIdQuery, UpdateStatusDto } from './journal.dto.js';
import { JournalsService } from './journals.service.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';

/** `api/productJournal` (docs/production-api.md "Journals", docs/journals-api.md); `info` and `pushDailyToWeekly` are the workbench module's. */
@ApiTags('生产：期刊管理')
@Controller('api/productJournal')
export class JournalsController {
  constructor(
    private readonly journals: JournalsService,
    private readonly versions: JournalFilesService,
  ) {}

  @RequirePermissions('productJournal:list')
  @Get('list')
  @ApiPageResponse(JournalDto)
  list(@Query() query: JournalListQuery, @CurrentUser() user: Principal) {
    return this.journals.list(query, user);
  }

  /** `"year,totalNo,journalNo"` of the next issue, as a JSON string. */
  @RequirePermissions('productJournal:list')
  @Get('getMaxTotalNo')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOkResponse({ type: String, description: '下一个总期号' })
  async getMaxTotalNo(@Query() query: ProductIdQuery): Promise<string> {
    return JSON.stringify(await this.journals.nextIssue(query.productId));
  }

  @RequirePermissions('productJournal:list')
  @Get('dailyJournalList')
  @ApiPageResponse(JournalDto)
  dailyJournalList(@Query() query: DailyJournalQuery, @CurrentUser() user: Principal) {
    return this.journals.dailyList(query, user);
  }

  @RequirePermissions('productJournal:list')
  @Get('journalList')
  @ApiListResponse(JournalDto)
  journalList(@Query() query: ProductIdQuery, @CurrentUser() user: Principal) {
    return this.journals.openList(query.productId, user);
  }

  @RequirePermissions('productJournal:list')
  @Get('doneList')
  @ApiPageResponse(JournalDto)
  doneList(@Query() query: DoneListQuery, @CurrentUser() user: Principal) {
    return this.journals.doneList(query, user);
  }

  @Log('修改期刊状态')
  @RequirePermissions('productJournal:edit')
  @Post('updateStatus')
  @HttpCode(200)
  @ApiOkResponse({ type: JournalDto })
  updateStatus(@Body() dto: UpdateStatusDto, @CurrentUser() user: Principal) {
    return this.journals.updateStatus(dto.journalId, dto.status, user);
  }

  /** The spec's call list sends the transition as a GET; same rules (and audit row) as the POST. */
  @Log('修改期刊状态')
  @RequirePermissions('productJournal:edit')
  @Get('updateStatus')
  @ApiOkResponse({ type: JournalDto })
  updateStatusByQuery(@Query() dto: UpdateStatusDto, @CurrentUser() user: Principal) {
    return this.journals.updateStatus(dto.journalId, dto.status, user);
  }

  @RequirePermissions('productJournal:list')
  @Get('getFiles')
  @ApiListResponse(JournalFileDto)
  getFiles(@Query() query: JournalIdQuery) {
    return this.versions.list(query.journalId);
  }

  @Log('上传期刊版本')
  @RequirePermissions('productJournal:edit')
  @Post('uploadJournal')
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'journalId'],
      properties: { file: { type: 'string', format: 'binary' }, journalId: { type: 'integer' }, title: { type: 'string' } },
    },
  })
  @ApiCreatedResponse({ type: JournalFileDto })
  uploadJournal(@Req() req: Request, @CurrentUser() user: Principal) {
    return this.versions.upload(req, user);
  }

  /** A version of the journal document (never the first, never of a done journal; docs/workbench-api.md). */
  @Log('删除期刊版本')
  @RequirePermissions('productJournal:edit')
  @Delete('version')
  deleteVersion(@Body() dto: DeleteJournalVersionDto, @CurrentUser() user: Principal) {
    return this.versions.deleteVersion(dto, user);
  }

  @Log('新增期刊')
  @RequirePermissions('productJournal:add')
  @Post()
  @ApiCreatedResponse({ type: JournalDto })
  create(@Body() dto: JournalWriteDto, @CurrentUser() user: Principal) {
    return this.journals.create(dto, user);
  }

  @Log('修改期刊')
  @RequirePermissions('productJournal:edit')
  @Put()
  @HttpCode(204)
  update(@Body() dto: JournalUpdateDto, @CurrentUser() user: Principal) {
    return this.journals.update(dto, user);
  }

  @Log('删除期刊')
  @RequirePermissions('productJournal:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@Body(ParseIdsPipe) ids: number[], @CurrentUser() user: Principal) {
    return this.journals.delete(ids, user);
  }
}
