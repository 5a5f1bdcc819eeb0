import { Body, Controller, Delete, Get, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { Log } from '../../common/audit/log.decorator.js';
import { ApiPageResponse } from '../../common/http/api-response.js';
import { ParseIdPipe, ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { BackupRunDto, BackupStatusDto, RunsQuery } from './backup.dto.js';
import { BackupService } from './backup.service.js';

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

  @RequirePermissions('timing:edit')
  @Get('runs/:id/download')
  @ApiProduces('application/zip')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: '备份记录不存在' })
  async download(@Param('id', ParseIdPipe) id: number, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const d = await this.backups.download(id);
    res.set({ 'Content-Type': 'application/zip', 'Content-Length': String(d.size), 'Content-Disposition': `attachment; filename="${d.name}"` });
    return new StreamableFile(d.stream);
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
