import { Controller, Delete, Get, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly, AllowQueryToken, Authenticated, CurrentUser } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ParseIdPipe } from '../../common/http/ids.pipe.js';
import { LogDto, LogErrorDetailDto, LogQuery, LogUserQuery } from './log.dto.js';
import { LogsService } from './logs.service.js';
import { ApiPageResponse } from '../../common/http/api-response.js';

@ApiTags('系统：日志管理')
@Controller('api/logs')
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  @AdminOnly()
  @Get()
  @ApiPageResponse(LogDto)
  list(@Query() query: LogQuery) {
    return this.logs.list(query);
  }

  /** The caller's own operations. */
  @Authenticated()
  @Get('user')
  @ApiPageResponse(LogDto)
  own(@CurrentUser() me: Principal, @Query() query: LogUserQuery) {
    return this.logs.listOwn(me.username, query);
  }

  /** Error rows only (eladmin's `api/logs/error`). */
  @AdminOnly()
  @Get('error')
  @ApiPageResponse(LogDto)
  errors(@Query() query: LogQuery) {
    return this.logs.list(Object.assign(query, { logType: 'ERROR' as const }));
  }

  /** xlsx of the error rows (eladmin-web's 错误日志 导出). Declared before `error/:id`, which would take `download` as an id. */
  @AllowQueryToken()
  @AdminOnly()
  @Get('error/download')
  downloadErrors(@Query() query: LogQuery): Promise<StreamableFile> {
    return this.logs.download(Object.assign(query, { logType: 'ERROR' as const }));
  }

  @AdminOnly()
  @Get('error/:id')
  @ApiOkResponse({ type: LogErrorDetailDto })
  errorDetail(@Param('id', ParseIdPipe) id: number) {
    return this.logs.errorDetail(id);
  }

  @AllowQueryToken()
  @AdminOnly()
  @Get('download')
  download(@Query() query: LogQuery): Promise<StreamableFile> {
    return this.logs.download(query);
  }

  @Log('删除所有INFO日志')
  @AdminOnly()
  @Delete('del/info')
  deleteInfo() {
    return this.logs.deleteAll('INFO');
  }

  @Log('删除所有ERROR日志')
  @AdminOnly()
  @Delete('del/error')
  deleteError() {
    return this.logs.deleteAll('ERROR');
  }
}
