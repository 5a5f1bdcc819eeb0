import { Body, Controller, Delete, Get, HttpCode, Injectable, type PipeTransform, Post, Put, Query, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AllowQueryToken, Authenticated, CurrentUser, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log, SkipLog } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { MenuChildQuery, MenuDto, MenuLazyQuery, MenuQuery, MenuUpdateDto, MenuWriteDto, RouterNodeDto } from './menu.dto.js';
import { MenusService } from './menus.service.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';

/** Like ParseIdsPipe, but an empty (or missing) body is allowed and gives []. */
@Injectable()
export class OptionalIdsPipe implements PipeTransform<unknown, number[]> {
  private readonly ids = new ParseIdsPipe();

  transform(value: unknown): number[] {
    const empty = value == null || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
    return empty ? [] : this.ids.transform(value);
  }
}

@ApiTags('系统：菜单管理')
@Controller('api/menus')
export class MenusController {
  constructor(private readonly menus: MenusService) {}

  @RequirePermissions('menu:list', 'roles:list')
  @Get()
  @ApiPageResponse(MenuDto)
  list(@Query() query: MenuQuery) {
    return this.menus.list(query);
  }

  /** xlsx of the menus matching the list's filters (eladmin-web's 导出). */
  @AllowQueryToken()
  @RequirePermissions('menu:list', 'roles:list')
  @Get('download')
  download(@Query() query: MenuQuery): Promise<StreamableFile> {
    return this.menus.download(query);
  }

  @RequirePermissions('menu:list', 'roles:list')
  @Get('lazy')
  @ApiListResponse(MenuDto)
  lazy(@Query() query: MenuLazyQuery) {
    return this.menus.lazy(query.pid);
  }

  @RequirePermissions('menu:list', 'roles:list')
  @Get('child')
  @ApiOkResponse({ type: [Number], description: '菜单及其全部下级的 id' })
  child(@Query() query: MenuChildQuery) {
    return this.menus.child(query.id);
  }

  @RequirePermissions('menu:list', 'roles:list')
  @SkipLog()
  @Post('superior')
  @HttpCode(200)
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  @ApiListResponse(MenuDto)
  superior(@Body(OptionalIdsPipe) ids: number[]) {
    return this.menus.superior(ids);
  }

  /** Router tree of the sidebar: any logged-in user, for their own menus. */
  @Authenticated()
  @Get('build')
  @ApiListResponse(RouterNodeDto)
  build(@CurrentUser() me: Principal) {
    return this.menus.build(me);
  }

  @Log('新增菜单')
  @RequirePermissions('menu:add')
  @Post()
  @ApiCreatedResponse({ type: MenuDto })
  create(@CurrentUser() me: Principal, @Body() dto: MenuWriteDto) {
    return this.menus.create(me, dto);
  }

  @Log('修改菜单')
  @RequirePermissions('menu:edit')
  @Put()
  @HttpCode(204)
  update(@CurrentUser() me: Principal, @Body() dto: MenuUpdateDto) {
    return this.menus.update(me, dto);
  }

  @Log('删除菜单')
  @RequirePermissions('menu:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@Body(ParseIdsPipe) ids: number[]) {
    return this.menus.delete(ids);
  }
}
