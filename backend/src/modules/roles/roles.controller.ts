import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AllowQueryToken, Authenticated, CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ParseIdPipe, ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { RoleDto, RoleLevelDto, RoleMenusDto, RoleQuery, RoleUpdateDto, RoleWriteDto } from './role.dto.js';
import { RolesService } from './roles.service.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';

@ApiTags('系统：角色管理')
@Controller('api/roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @RequirePermissions('roles:list')
  @Get()
  @ApiPageResponse(RoleDto)
  list(@Query() query: RoleQuery) {
    return this.roles.list(query);
  }

  /** Every role, highest rank first (the user form's role picker). */
  @RequirePermissions('roles:list', 'user:add', 'user:edit')
  @Get('all')
  @ApiListResponse(RoleDto)
  all() {
    return this.roles.all();
  }

  /** The caller's rank: the smallest level over their roles. */
  @Authenticated()
  @Get('level')
  @ApiOkResponse({ type: RoleLevelDto })
  level(@CurrentUser() me: Principal) {
    return { level: me.level };
  }

  @AllowQueryToken()
  @RequirePermissions('roles:list')
  @Get('download')
  download(@Query() query: RoleQuery): Promise<StreamableFile> {
    return this.roles.download(query);
  }

  @RequirePermissions('roles:list')
  @Get(':id')
  @ApiOkResponse({ type: RoleDto })
  findOne(@Param('id', ParseIdPipe) id: number) {
    return this.roles.findOne(id);
  }

  @Log('新增角色')
  @RequirePermissions('roles:add')
  @Post()
  @ApiCreatedResponse({ type: RoleDto })
  create(@CurrentUser() me: Principal, @Body() dto: RoleWriteDto) {
    return this.roles.create(me, dto);
  }

  @Log('修改角色')
  @RequirePermissions('roles:edit')
  @Put()
  @HttpCode(204)
  update(@CurrentUser() me: Principal, @Body() dto: RoleUpdateDto) {
    return this.roles.update(me, dto);
  }

  @Log('修改角色菜单')
  @RequirePermissions('roles:edit')
  @Put('menu')
  @HttpCode(204)
  updateMenus(@CurrentUser() me: Principal, @Body() dto: RoleMenusDto) {
    return this.roles.updateMenus(me, dto);
  }

  @Log('删除角色')
  @RequirePermissions('roles:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@CurrentUser() me: Principal, @Body(ParseIdsPipe) ids: number[]) {
    return this.roles.delete(me, ids);
  }
}
