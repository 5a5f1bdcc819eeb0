import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import { ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { DEFAULT_PAGE_SIZE } from '../../common/http/list-query.js';
import { GlossaryDto, GlossaryQuery, GlossaryUpdateDto, GlossaryWriteDto, MtFailuresQuery, MtRetryDto } from './glossary.dto.js';
import { GlossaryService } from './glossary.service.js';
import { MachineTranslationService } from './machine-translation.service.js';
import { DoTranslateDto, MtFailureDto, MtResultDto, MtRetryResultDto, MtStatusDto } from './translation.dto.js';
import { ApiPageResponse } from '../../common/http/api-response.js';

/** `POST api/news/doTranslate` (the spec's call): machine-translate one item now. */
@ApiTags('新闻：翻译与审核')
@Controller('api/news')
export class DoTranslateController {
  constructor(private readonly mt: MachineTranslationService) {}

  @RequirePermissions('news:translate')
  @Post('doTranslate')
  @HttpCode(200)
  @ApiOkResponse({ type: MtResultDto })
  doTranslate(@Body() dto: DoTranslateDto) {
    return this.mt.doTranslate(dto.id);
  }
}

/** Machine translation administration: engine and queue status, failures, retry, and the glossary. */
@ApiTags('系统：机器翻译')
@Controller('api')
export class MtAdminController {
  constructor(
    private readonly mt: MachineTranslationService,
    private readonly glossary: GlossaryService,
  ) {}

  @RequirePermissions('mt:list')
  @Get('mt/status')
  @ApiOkResponse({ type: MtStatusDto })
  status() {
    return this.mt.status();
  }

  @RequirePermissions('mt:list')
  @Get('mt/failures')
  @ApiPageResponse(MtFailureDto)
  failures(@Query() q: MtFailuresQuery) {
    return this.mt.failures(q.page ?? 0, q.size ?? DEFAULT_PAGE_SIZE);
  }

  @Log('重试机器翻译')
  @RequirePermissions('mt:edit')
  @Post('mt/retry')
  @HttpCode(200)
  @ApiOkResponse({ type: MtRetryResultDto })
  retry(@Body() dto: MtRetryDto) {
    return this.mt.retry(dto.ids);
  }

  @RequirePermissions('mt:list')
  @Get('mtGlossary')
  @ApiPageResponse(GlossaryDto)
  list(@Query() q: GlossaryQuery) {
    return this.glossary.list(q);
  }

  @Log('新增术语')
  @RequirePermissions('mt:add')
  @Post('mtGlossary')
  @ApiCreatedResponse({ type: GlossaryDto })
  create(@Body() dto: GlossaryWriteDto) {
    return this.glossary.create(dto);
  }

  @Log('修改术语')
  @RequirePermissions('mt:edit')
  @Put('mtGlossary')
  @HttpCode(204)
  update(@Body() dto: GlossaryUpdateDto) {
    return this.glossary.update(dto);
  }

  @Log('删除术语')
  @RequirePermissions('mt:del')
  @Delete(['mtGlossary', 'mtGlossary/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@Body(ParseIdsPipe) ids: number[]) {
    return this.glossary.delete(ids);
  }
}
