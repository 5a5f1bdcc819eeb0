import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { AllowQueryToken, Authenticated, CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log, SkipLog } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { DeptDto, DeptLookupQuery, DeptQuery, DeptSuperiorQuery, DeptTreeQuery, DeptUpdateDto, DeptWriteDto } from './dept.dto.js';
import { DeptService } from './dept.service.js';
import { ApiPageResponse } from '../../common/http/api-response.js';

@ApiTags('系统：部门管理')
@Controller('api/dept')
export class DeptController {
  constructor(private readonly depts: DeptService) {}

  @RequirePermissions('user:list', 'dept:list')
  @Get()
  @ApiPageResponse(DeptDto)
  list(@CurrentUser() me: Principal, @Query() query: DeptQuery) {
    return this.depts.list(me, query);
  }

  /**
   * Department pickers of the work screens (product unit, manuscript unit and filter): enabled
   * departments, names only, for any session — the organisation chart is not a secret, and the user
   * picker already names every user's department. The admin lists above stay data-scoped.
   */
  @Authenticated()
  @Get('lookup')
  @ApiPageResponse(DeptDto)
  lookup(@Query() query: DeptLookupQuery) {
    return this.depts.lookup(query.pid);
  }

  @Authenticated()
  @Get('lookup/tree')
  @ApiPageResponse(DeptDto)
  lookupTree() {
    return this.depts.lookupTree();
  }

  @RequirePermissions('user:list', 'dept:list')
  @Get('tree')
  @ApiPageResponse(DeptDto)
  tree(@CurrentUser() me: Principal, @Query() query: DeptTreeQuery) {
    return this.depts.tree(me, query.enabled);
  }

  @RequirePermissions('user:list', 'dept:list')
  @SkipLog()
  @Post('superior')
  @HttpCode(200)
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  @ApiPageResponse(DeptDto)
  superior(@CurrentUser() me: Principal, @Body(ParseIdsPipe) ids: number[], @Query() query: DeptSuperiorQuery) {
    return this.depts.superior(me, ids, query.exclude ?? false);
  }

  @AllowQueryToken()
  @RequirePermissions('dept:list')
  @Get('download')
  download(@CurrentUser() me: Principal, @Query() query: DeptQuery): Promise<StreamableFile> {
    return this.depts.download(me, query);
  }

  @Log('新增部门')
  @RequirePermissions('dept:add')
  @Post()
  @ApiCreatedResponse({ type: DeptDto })
  create(@CurrentUser() me: Principal, @Body() dto: DeptWriteDto) {
    return this.depts.create(me, dto);
  }

  @Log('修改部门')
  @RequirePermissions('dept:edit')
  @Put()
  @HttpCode(204)
  update(@CurrentUser() me: Principal, @Body() dto: DeptUpdateDto) {
    return this.depts.update(me, dto);
  }

  @Log('删除部门')
  @RequirePermissions('dept:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@CurrentUser() me: Principal, @Body(ParseIdsPipe) ids: number[]) {
    return this.depts.delete(me, ids);
  }
}
