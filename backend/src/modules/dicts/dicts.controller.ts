import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { AllowQueryToken, Authenticated, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import { ParseIdPipe, ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { DictDetailsService } from './dict-details.service.js';
import { DictDetailDto, DictDetailQuery, DictDetailUpdateDto, DictDetailWriteDto, DictDto, DictMapQuery, DictQuery, DictUpdateDto, DictWriteDto } from './dict.dto.js';
import { DictsService } from './dicts.service.js';
import { ApiListResponse, ApiMapOfListsResponse, ApiPageResponse } from '../../common/http/api-response.js';

@ApiTags('系统：字典管理')
@Controller('api/dict')
export class DictsController {
  constructor(private readonly dicts: DictsService) {}

  @RequirePermissions('dict:list')
  @Get()
  @ApiPageResponse(DictDto)
  list(@Query() query: DictQuery) {
    return this.dicts.list(query);
  }

  @RequirePermissions('dict:list')
  @Get('all')
  @ApiListResponse(DictDto)
  all(@Query() query: DictQuery) {
    return this.dicts.all(query);
  }

  @AllowQueryToken()
  @RequirePermissions('dict:list')
  @Get('download')
  download(@Query() query: DictQuery): Promise<StreamableFile> {
    return this.dicts.download(query);
  }

  @Log('新增字典')
  @RequirePermissions('dict:add')
  @Post()
  @ApiCreatedResponse({ type: DictDto })
  create(@Body() dto: DictWriteDto) {
    return this.dicts.create(dto);
  }

  @Log('修改字典')
  @RequirePermissions('dict:edit')
  @Put()
  @HttpCode(204)
  update(@Body() dto: DictUpdateDto) {
    return this.dicts.update(dto);
  }

  @Log('删除字典')
  @RequirePermissions('dict:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@Body(ParseIdsPipe) ids: number[]) {
    return this.dicts.delete(ids);
  }
}

@ApiTags('系统：字典详情')
@Controller('api/dictDetail')
export class DictDetailsController {
  constructor(private readonly details: DictDetailsService) {}

  /** Any logged-in user: every screen loads its dictionaries. */
  @Authenticated()
  @Get()
  @ApiPageResponse(DictDetailDto)
  list(@Query() query: DictDetailQuery) {
    return this.details.list(query);
  }

  @Authenticated()
  @Get('map')
  @ApiMapOfListsResponse(DictDetailDto, '字典名 → 字典详情')
  map(@Query() query: DictMapQuery) {
    return this.details.map(query.dictName);
  }

  @Log('新增字典详情')
  @RequirePermissions('dict:add')
  @Post()
  @ApiCreatedResponse({ type: DictDetailDto })
  create(@Body() dto: DictDetailWriteDto) {
    return this.details.create(dto);
  }

  @Log('修改字典详情')
  @RequirePermissions('dict:edit')
  @Put()
  @HttpCode(204)
  update(@Body() dto: DictDetailUpdateDto) {
    return this.details.update(dto);
  }

  @Log('删除字典详情')
  @RequirePermissions('dict:del')
  @Delete(':id')
  delete(@Param('id', ParseIdPipe) id: number) {
    return this.details.delete(id);
  }
}
