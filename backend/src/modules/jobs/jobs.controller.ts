import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { AllowQueryToken, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import { ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { JobDto, JobQuery, JobUpdateDto, JobWriteDto } from './job.dto.js';
import { JobsService } from './jobs.service.js';
import { ApiPageResponse } from '../../common/http/api-response.js';

@ApiTags('系统：岗位管理')
@Controller('api/job')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @RequirePermissions('job:list', 'user:list')
  @Get()
  @ApiPageResponse(JobDto)
  list(@Query() query: JobQuery) {
    return this.jobs.list(query);
  }

  @AllowQueryToken()
  @RequirePermissions('job:list')
  @Get('download')
  download(@Query() query: JobQuery): Promise<StreamableFile> {
    return this.jobs.download(query);
  }

  @Log('新增岗位')
  @RequirePermissions('job:add')
  @Post()
  @ApiCreatedResponse({ type: JobDto })
  create(@Body() dto: JobWriteDto) {
    return this.jobs.create(dto);
  }

  @Log('修改岗位')
  @RequirePermissions('job:edit')
  @Put()
  @HttpCode(204)
  update(@Body() dto: JobUpdateDto) {
    return this.jobs.update(dto);
  }

  @Log('删除岗位')
  @RequirePermissions('job:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@Body(ParseIdsPipe) ids: number[]) {
    return this.jobs.delete(ids);
  }
}
