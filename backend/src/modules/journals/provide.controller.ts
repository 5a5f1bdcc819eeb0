import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiListResponse } from '../../common/http/api-response.js';
import { ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { ProvideColumnDto, ProvideListQuery, ProvideRowDto, ProvideSaveAllDto, ProvideSavedDto, ProvideUpdateDto, ProvideWriteDto } from './provide.dto.js';
import { ProvideService } from './provide.service.js';

/**
 * `api/productJournalProvide`: provider counts of a journal (docs/workbench-api.md "Provider counts").
 * Reads `productJournal:list`; writes `productJournal:manu` (journal manuscript configuration) and
 * ownership of the journal's product, never on a done journal.
 */
@ApiTags('生产：期刊管理')
@Controller('api/productJournalProvide')
export class ProvideController {
  constructor(private readonly provide: ProvideService) {}

  @RequirePermissions('productJournal:list')
  @Get('list')
  @ApiListResponse(ProvideColumnDto, '每个栏目的各单位提供数量（存储值，或默认：该栏目来自该单位的稿件数）')
  list(@Query() query: ProvideListQuery) {
    return this.provide.list(query);
  }

  @Log('保存提供数量')
  @RequirePermissions('productJournal:manu')
  @Post('saveAll')
  @HttpCode(200)
  @ApiOkResponse({ type: ProvideSavedDto })
  saveAll(@Body() dto: ProvideSaveAllDto, @CurrentUser() user: Principal) {
    return this.provide.saveAll(dto, user);
  }

  @Log('新增提供数量')
  @RequirePermissions('productJournal:manu')
  @Post()
  @ApiCreatedResponse({ type: ProvideRowDto })
  create(@Body() dto: ProvideWriteDto, @CurrentUser() user: Principal) {
    return this.provide.create(dto, user);
  }

  @Log('修改提供数量')
  @RequirePermissions('productJournal:manu')
  @Put()
  @HttpCode(204)
  update(@Body() dto: ProvideUpdateDto, @CurrentUser() user: Principal) {
    return this.provide.update(dto, user);
  }

  @Log('删除提供数量')
  @RequirePermissions('productJournal:manu')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@Body(ParseIdsPipe) ids: number[], @CurrentUser() user: Principal) {
    return this.provide.delete(ids, user);
  }
}
