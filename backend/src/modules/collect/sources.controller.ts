import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConflictResponse, ApiConsumes, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Authenticated, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';
import { ParseIdPipe, ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { ExternalUrlDto, PlatformService } from '../platform/index.js';
import { OPML_MAX_BYTES } from './opml.service.js';
import {
  OpmlImportResultDto,
  PreviewDto,
  RunDto,
  RunQuery,
  RunSummaryDto,
  SourceCreateDto,
  SourceDeleteQuery,
  SourceDeleteResultDto,
  SourceDto,
  SourceEnabledDto,
  SourceEnabledResultDto,
  SourceHealthDto,
  SourceLightDto,
  SourcePreviewDto,
  SourceQuery,
  SourceUpdateDto,
} from './sources.dto.js';
import { SourcesService } from './sources.service.js';

/**
 * The collection sources (docs/collect-api.md; production-admin spec §7 `api/collectionWebsite`:
 * POST, PUT, DELETE, `findAll`, `findByIds`, and the addresses `postCollect`, `postSearch`,
 * `postGraph`, moved here from the platform module unchanged).
 */
@ApiTags('数据采集：数据源')
@Controller('api/collectionWebsite')
export class SourcesController {
  constructor(
    private readonly sources: SourcesService,
    private readonly platform: PlatformService,
  ) {}

  @RequirePermissions('website:list')
  @Get()
  @ApiPageResponse(SourceDto)
  list(@Query() query: SourceQuery) {
    return this.sources.list(query);
  }

  /** Every website, light (subscription pickers). */
  @Authenticated()
  @Get('findAll')
  @ApiListResponse(SourceLightDto)
  findAll() {
    return this.sources.findAll();
  }

  @Authenticated()
  @Post('findByIds')
  @HttpCode(200)
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  @ApiListResponse(SourceLightDto)
  findByIds(@Body(ParseIdsPipe) ids: number[]) {
    return this.sources.findByIds(ids);
  }

  @RequirePermissions('website:list')
  @Get('health')
  @ApiOkResponse({ type: SourceHealthDto })
  health() {
    return this.sources.health();
  }

  @Log('新增数据源')
  @RequirePermissions('website:add')
  @Post()
  @ApiCreatedResponse({ type: SourceDto })
  @ApiConflictResponse({ description: '该网址的网站已存在（code WEBSITE_EXISTS）' })
  create(@Body() dto: SourceCreateDto) {
    return this.sources.create(dto);
  }

  @Log('修改数据源')
  @RequirePermissions('website:edit')
  @Put()
  @ApiOkResponse({ type: SourceDto })
  @ApiNotFoundResponse({ description: '数据源不存在' })
  @ApiConflictResponse({ description: '该网址的网站已存在（code WEBSITE_EXISTS）' })
  update(@Body() dto: SourceUpdateDto) {
    return this.sources.update(dto);
  }

  @Log('启用/停用数据源')
  @RequirePermissions('website:edit')
  @Put('enabled')
  @ApiOkResponse({ type: SourceEnabledResultDto })
  setEnabled(@Body() dto: SourceEnabledDto) {
    return this.sources.setEnabled(dto.ids, dto.enabled);
  }

  @Log('删除数据源')
  @RequirePermissions('website:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  @ApiOkResponse({ type: SourceDeleteResultDto })
  delete(@Body(ParseIdsPipe) ids: number[], @Query() query: SourceDeleteQuery) {
    return this.sources.delete(ids, query.force ?? false);
  }

  @RequirePermissions('website:add', 'website:edit')
  @Post('preview')
  @HttpCode(200)
  @ApiOkResponse({ type: PreviewDto })
  preview(@Body() dto: SourcePreviewDto) {
    return this.sources.preview(dto);
  }

  @Log('立即采集')
  @RequirePermissions('website:collect')
  @Post(':id/collect')
  @HttpCode(200)
  @ApiOkResponse({ type: RunSummaryDto })
  @ApiNotFoundResponse({ description: '数据源不存在' })
  @ApiConflictResponse({ description: '该数据源正在采集（code COLLECT_RUNNING）' })
  collect(@Param('id', ParseIdPipe) id: number) {
    return this.sources.collect(id);
  }

  @RequirePermissions('website:list')
  @Get(':id/runs')
  @ApiPageResponse(RunDto)
  @ApiNotFoundResponse({ description: '数据源不存在' })
  runs(@Param('id', ParseIdPipe) id: number, @Query() query: RunQuery) {
    return this.sources.runs(id, query);
  }

  @RequirePermissions('website:list')
  @Get('opml')
  @Header('Content-Type', 'text/x-opml; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="horizon-sources.opml"')
  @ApiProduces('text/x-opml')
  @ApiOkResponse({ schema: { type: 'string' } })
  exportOpml() {
    return this.sources.exportOpml();
  }

  @Log('导入 OPML 数据源')
  @RequirePermissions('website:add')
  @Post('opml')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: OPML_MAX_BYTES, files: 1 } }))
  @ApiOkResponse({ type: OpmlImportResultDto })
  importOpml(@UploadedFile() file: Express.Multer.File | undefined) {
    return this.sources.importOpml(file);
  }

  /** Collection configuration (the collection system's second tab): the external system's address. */
  @Authenticated()
  @Get('postCollect')
  @ApiOkResponse({ type: ExternalUrlDto })
  @ApiNotFoundResponse({ description: '该外部系统的地址未配置（code NOT_CONFIGURED）' })
  postCollect(): ExternalUrlDto {
    return this.platform.externalUrl('collect');
  }

  /** Technology clue discovery (launch page tile). */
  @Authenticated()
  @Get('postSearch')
  @ApiOkResponse({ type: ExternalUrlDto })
  postSearch(): ExternalUrlDto {
    return this.platform.externalUrl('clue');
  }

  /** Topic knowledge construction (launch page tile). */
  @Authenticated()
  @Get('postGraph')
  @ApiOkResponse({ type: ExternalUrlDto })
  postGraph(): ExternalUrlDto {
    return this.platform.externalUrl('knowledge');
  }
}
