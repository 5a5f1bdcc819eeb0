import { Body, Controller, Delete, Get, Headers, Param, Post, Query, Res, type StreamableFile } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, Public, RequirePermissions } from '../../common/access/permissions.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { Log, SkipLog } from '../../common/audit/log.decorator.js';
import { ApiPageResponse } from '../../common/http/api-response.js';
import { ParseIdPipe, ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { sendDownload } from '../../common/storage/ranged-download.js';
import { BackupRunDto, BackupStatusDto, RunsQuery } from './backup.dto.js';
import { DownloadTokenDto } from '../storage/index.js';
import { BACKUP_DOWNLOAD_PERMISSIONS, BackupService } from './backup.service.js';

/**
 * 数据存储备份 (docs/collect-design.md §7 "Backup", docs/data-storage.md): status, runs, a backup now,
 * downloads, deletion. No restore over HTTP: restoring replaces the database and is done offline
 * with `npm run restore -- FILE`.
 */
@ApiTags('数据存储：备份')
@Controller('api/backup')
export class BackupController {
  constructor(private readonly backups: BackupService) {}

  @RequirePermissions('timing:edit')
  @Get('status')
  @ApiOkResponse({ type: BackupStatusDto })
  status() {
    return this.backups.status();
  }

  @RequirePermissions('timing:edit')
  @Get('runs')
  @ApiPageResponse(BackupRunDto)
  runs(@Query() query: RunsQuery) {
    return this.backups.runs(query);
  }

  @Log('立即备份')
  @RequirePermissions('timing:edit')
  @Post('runs')
  @ApiCreatedResponse({ type: BackupRunDto, description: '备份已开始（status running）' })
  @ApiServiceUnavailableResponse({ description: '未找到 pg_dump（code BACKUP_UNAVAILABLE）' })
  start(@CurrentUser() user: Principal) {
    return this.backups.start(user);
  }

  @RequirePermissions(...BACKUP_DOWNLOAD_PERMISSIONS)
  /** A finished backup; `Range: bytes=…` answers 206 with that part (416 when unsatisfiable). */
  @Get('runs/:id/download')
  @ApiProduces('application/zip')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: '备份记录不存在' })
  async download(@Param('id', ParseIdPipe) id: number, @Headers('range') range: string | undefined, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return sendDownload(res, await this.backups.download(id, range));
  }

  /** A short-lived link for `runs/{id}/downloadFile` (a browser download cannot send the Authorization header). */
  @SkipLog()
  @RequirePermissions(...BACKUP_DOWNLOAD_PERMISSIONS)
  @Post('runs/:id/downloadToken')
  @ApiCreatedResponse({ type: DownloadTokenDto })
  @ApiNotFoundResponse({ description: '备份记录不存在' })
  @ApiConflictResponse({ description: '该备份不可下载（未完成或已过期）' })
  downloadToken(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: Principal) {
    return this.backups.downloadToken(id, user);
  }

  /**
   * Public to the guard: the signed token in `access_token` is the credential (a login token or a
   * file's download token is refused); the user must still hold the download permission.
   */
  @Public()
  @Get('runs/:id/downloadFile')
  @ApiQuery({ name: 'access_token', description: 'POST runs/{id}/downloadToken 返回的下载令牌' })
  @ApiProduces('application/zip')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiUnauthorizedResponse({ description: 'DOWNLOAD_LINK_INVALID 下载链接已失效，请重新下载' })
  @ApiNotFoundResponse({ description: '备份记录不存在' })
  async downloadFile(
    @Param('id', ParseIdPipe) id: number,
    @Query('access_token') token: unknown,
    @Headers('range') range: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return sendDownload(res, await this.backups.downloadWithToken(id, token, range));
  }

  @Log('删除备份')
  @RequirePermissions('timing:edit')
  @Delete('runs')
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  @ApiOkResponse({ schema: { type: 'object', properties: { deleted: { type: 'integer' } } } })
  delete(@Body(ParseIdsPipe) ids: number[]) {
    return this.backups.delete(ids);
  }
}
