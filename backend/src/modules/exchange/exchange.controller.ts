import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res, type StreamableFile, UseFilters } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, Public, RequirePermissions } from '../../common/access/permissions.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { Log, SkipLog } from '../../common/audit/log.decorator.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';
import { ParseIdPipe, ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { sendDownload } from '../../common/storage/ranged-download.js';
import { ChunkQuery, DeletedDto, ExportCreateDto, ImportCreateDto, ExchangeJobDto, ExchangeJobQuery, KeyDto, TrustedKeyCreateDto, TrustedKeyDto, UploadStateDto } from './exchange.dto.js';
import { EXCHANGE_DOWNLOAD_PERMISSIONS, ExchangeService } from './exchange.service.js';
import { DownloadTokenDto } from '../storage/index.js';
import { UploadOffsetFilter } from './upload-offset.filter.js';

/**
 * 跨网数据交换 (docs/collect-design.md §7 "Exchange", docs/data-storage.md): signed packages of news,
 * their websites and files; exports, chunked resumable imports, the keys. `timing:edit` (the storage
 * system's code); the read calls also `timing:list`.
 */
@ApiTags('数据存储：跨网数据交换')
@Controller('api/dataExchange')
export class ExchangeController {
  constructor(private readonly exchange: ExchangeService) {}

  @RequirePermissions('timing:edit', 'timing:list')
  @Get('key')
  @ApiOkResponse({ type: KeyDto })
  key() {
    return this.exchange.key();
  }

  @RequirePermissions('timing:edit', 'timing:list')
  @Get('trustedKeys')
  @ApiListResponse(TrustedKeyDto)
  trustedKeys() {
    return this.exchange.trustedKeys();
  }

  @Log('添加受信任的公钥')
  @RequirePermissions('timing:edit')
  @Post('trustedKeys')
  @ApiCreatedResponse({ type: TrustedKeyDto })
  @ApiConflictResponse({ description: '该公钥已在受信任列表中（code EXCHANGE_KEY_EXISTS）' })
  trust(@Body() dto: TrustedKeyCreateDto) {
    return this.exchange.trust(dto);
  }

  @Log('删除受信任的公钥')
  @RequirePermissions('timing:edit')
  @Delete('trustedKeys')
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  @ApiOkResponse({ type: DeletedDto })
  untrust(@Body(ParseIdsPipe) ids: number[]) {
    return this.exchange.untrust(ids);
  }

  @Log('导出交换数据包')
  @RequirePermissions('timing:edit')
  @Post('exports')
  @ApiCreatedResponse({ type: ExchangeJobDto })
  createExport(@Body() dto: ExportCreateDto, @CurrentUser() user: Principal) {
    return this.exchange.createExport(dto, user);
  }

  @RequirePermissions('timing:edit', 'timing:list')
  @Get('jobs')
  @ApiPageResponse(ExchangeJobDto)
  jobs(@Query() query: ExchangeJobQuery) {
    return this.exchange.jobs(query);
  }

  @RequirePermissions('timing:edit', 'timing:list')
  @Get('jobs/:id')
  @ApiOkResponse({ type: ExchangeJobDto })
  @ApiNotFoundResponse({ description: '交换任务不存在' })
  job(@Param('id', ParseIdPipe) id: number) {
    return this.exchange.job(id);
  }

  /** The package of a finished export; `Range: bytes=…` answers 206 with that part. */
  @RequirePermissions(...EXCHANGE_DOWNLOAD_PERMISSIONS)
  @Get('exports/:id/download')
  @ApiProduces('application/zip')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: '交换任务不存在' })
  async download(@Param('id', ParseIdPipe) id: number, @Headers('range') range: string | undefined, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return sendDownload(res, await this.exchange.download(id, range));
  }

  /** A short-lived link for `exports/{id}/downloadFile` (a browser download cannot send the Authorization header). */
  @SkipLog()
  @RequirePermissions(...EXCHANGE_DOWNLOAD_PERMISSIONS)
  @Post('exports/:id/downloadToken')
  @ApiCreatedResponse({ type: DownloadTokenDto })
  @ApiNotFoundResponse({ description: '交换任务不存在' })
  @ApiConflictResponse({ description: '数据包尚未生成完成（code EXCHANGE_JOB_STATE）' })
  downloadToken(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: Principal) {
    return this.exchange.downloadToken(id, user);
  }

  /**
   * Public to the guard: the signed token in `access_token` is the credential (a login token or a
   * file's download token is refused); the user must still hold the download permission. Same bytes,
   * headers and `Range` answers as `exports/{id}/download`.
   */
  @Public()
  @Get('exports/:id/downloadFile')
  @ApiQuery({ name: 'access_token', description: 'POST exports/{id}/downloadToken 返回的下载令牌' })
  @ApiProduces('application/zip')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiUnauthorizedResponse({ description: 'DOWNLOAD_LINK_INVALID 下载链接已失效，请重新下载' })
  @ApiNotFoundResponse({ description: '交换任务不存在' })
  async downloadFile(
    @Param('id', ParseIdPipe) id: number,
    @Query('access_token') token: unknown,
    @Headers('range') range: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return sendDownload(res, await this.exchange.downloadWithToken(id, token, range));
  }

  @Log('上传交换数据包')
  @RequirePermissions('timing:edit')
  @Post('imports')
  @ApiCreatedResponse({ type: ExchangeJobDto })
  createImport(@Body() dto: ImportCreateDto, @CurrentUser() user: Principal) {
    return this.exchange.createImport(dto, user);
  }

  /** One chunk (≤ 8 MB, `application/octet-stream`) at `offset`; a stale offset → 409 `{received}`. */
  @RequirePermissions('timing:edit')
  @Put('imports/:id')
  @UseFilters(UploadOffsetFilter)
  @ApiConsumes('application/octet-stream')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiOkResponse({ type: UploadStateDto })
  @ApiConflictResponse({ description: '上传位置不一致（code EXCHANGE_OFFSET），响应带 received' })
  putChunk(@Param('id', ParseIdPipe) id: number, @Query() query: ChunkQuery, @Req() req: Request) {
    return this.exchange.putChunk(id, query.offset, req);
  }

  @Log('继续交换任务')
  @RequirePermissions('timing:edit')
  @Post('imports/:id/resume')
  @HttpCode(200)
  @ApiOkResponse({ type: ExchangeJobDto })
  resume(@Param('id', ParseIdPipe) id: number) {
    return this.exchange.resume(id);
  }

  @Log('删除交换任务')
  @RequirePermissions('timing:edit')
  @Delete('jobs')
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  @ApiOkResponse({ type: DeletedDto })
  deleteJobs(@Body(ParseIdsPipe) ids: number[]) {
    return this.exchange.deleteJobs(ids);
  }
}
