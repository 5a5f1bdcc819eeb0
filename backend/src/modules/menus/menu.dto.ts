import { ApiInt, ApiNullableString, AuditFieldsDto } from '../../common/http/api-response.js';
import { BooleanField, RecordId, auditFields } from '../../common/http/dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { BooleanFilter, IdFilter, TreeListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { type Menu, MENU_MODULES, type MenuModule, type MenuType } from './menu.entity.js';
import { IntInput } from '../../common/http/numbers.js';

export class MenuQuery extends TreeListQuery {
  @ApiPropertyOptional({ description: '标题、组件路径或权限标识模糊搜索' })
  @TrimmedFilter()
  @MaxLength(255, { message: '搜索内容不能超过 255 个字符' })
  blurry?: string;


  @ApiPropertyOptional({ description: '返回整棵树（children 嵌套）' })
  @BooleanFilter()
  @IsBoolean({ message: 'tree 必须是 true 或 false' })
  tree?: boolean;
}

export class MenuLazyQuery {
  @ApiPropertyOptional({ description: '上级菜单 id，0 或不传 = 顶级' })
  @IdFilter()
  @Min(0, { message: 'pid 不能小于 0' })
  pid?: number;
}

export class MenuChildQuery {
  @RecordId()
  id: number;
}

export class MenuWriteDto {
  @ApiProperty({ enum: [0, 1, 2], description: '0 目录，1 菜单，2 按钮' })
  @IsDefined({ message: '菜单类型不能为空' })
  @IntInput()
  @IsIn([0, 1, 2], { message: '菜单类型只能是 0（目录）、1（菜单）或 2（按钮）' })
  type: MenuType;

  @ApiProperty()
  @IsString({ message: '菜单标题必须是字符串' })
  @IsNotEmpty({ message: '菜单标题不能为空' })
  @MaxLength(100, { message: '菜单标题不能超过 100 个字符' })
  title: string;

  @ApiPropertyOptional({ description: '组件名称（唯一）', nullable: true })
  @IsOptional()
  @IsString({ message: '组件名称必须是字符串' })
  @MaxLength(100, { message: '组件名称不能超过 100 个字符' })
  componentName?: string | null;

  @ApiPropertyOptional({ description: '组件路径，如 system/user/index', nullable: true })
  @IsOptional()
  @IsString({ message: '组件路径必须是字符串' })
  @MaxLength(255, { message: '组件路径不能超过 255 个字符' })
  component?: string | null;

  @ApiPropertyOptional({ description: '路由地址；外链时为 URL', nullable: true })
  @IsOptional()
  @IsString({ message: '路由地址必须是字符串' })
  @MaxLength(255, { message: '路由地址不能超过 255 个字符' })
  path?: string | null;

  @ApiPropertyOptional({ default: 999 })
  @IsOptional()
  @IntInput()
  @IsInt({ message: '排序必须是整数' })
  @Min(0, { message: '排序不能小于 0' })
  @Max(99999, { message: '排序不能大于 99999' })
  menuSort?: number;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString({ message: '图标必须是字符串' })
  @MaxLength(100, { message: '图标不能超过 100 个字符' })
  icon?: string | null;

  @ApiPropertyOptional({ description: '权限标识，如 user:list', nullable: true })
  @IsOptional()
  @IsString({ message: '权限标识必须是字符串' })
  @MaxLength(255, { message: '权限标识不能超过 255 个字符' })
  permission?: string | null;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @BooleanField('缓存')
  cache?: boolean;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @BooleanField('隐藏')
  hidden?: boolean;

  @ApiPropertyOptional({ default: false, description: '外链' })
  @IsOptional()
  @BooleanField('外链')
  iFrame?: boolean;

  @ApiPropertyOptional({ description: '上级菜单 id；null 或 0 = 顶级', nullable: true })
  @IsOptional()
  @IntInput()
  @IsInt({ message: '上级菜单 id 必须是整数' })
  @Min(0, { message: '上级菜单 id 不能小于 0' })
  pid?: number | null;

  @ApiPropertyOptional({ enum: MENU_MODULES, nullable: true, description: '所属模块；不传时子菜单继承顶级菜单的模块' })
  @IsOptional()
  @IsIn([...MENU_MODULES], { message: `所属模块只能是 ${MENU_MODULES.join('、')} 之一` })
  module?: MenuModule | null;
}

export class MenuUpdateDto extends MenuWriteDto {
  @RecordId()
  id: number;
}

export class MenuDto extends AuditFieldsDto {
  @ApiInt()
  id: number;

  @ApiInt({ nullable: true, description: '上级菜单 id（null = 顶级）' })
  pid: number | null;

  @ApiProperty({ enum: [0, 1, 2], description: '0 目录，1 菜单，2 按钮' })
  type: MenuType;

  @ApiProperty()
  title: string;

  @ApiNullableString()
  componentName: string | null;

  @ApiNullableString()
  component: string | null;

  @ApiNullableString()
  path: string | null;

  @ApiInt()
  menuSort: number;

  @ApiNullableString()
  icon: string | null;

  @ApiNullableString('权限标识')
  permission: string | null;

  @ApiProperty()
  cache: boolean;

  @ApiProperty()
  hidden: boolean;

  @ApiProperty()
  iFrame: boolean;

  @ApiProperty({ enum: MENU_MODULES, nullable: true })
  module: MenuModule | null;

  @ApiInt({ description: '下级菜单数' })
  subCount: number;

  @ApiProperty()
  hasChildren: boolean;

  @ApiProperty()
  leaf: boolean;

  @ApiProperty({ description: '= title（树形控件的标签）' })
  label: string;

  @ApiPropertyOptional({ type: () => [MenuDto], description: '树形列表时的下级' })
  children?: MenuDto[];
}

export class RouterMetaDto {
  @ApiProperty()
  title: string;

  @ApiNullableString()
  icon: string | null;

  @ApiProperty()
  noCache: boolean;

  @ApiNullableString()
  module: string | null;
}

/** `GET api/menus/build`: a vue-router-style route (menus.tree.ts `RouterNode`). */
export class RouterNodeDto {
  @ApiPropertyOptional()
  name?: string;

  @ApiProperty()
  path: string;

  @ApiPropertyOptional()
  hidden?: boolean;

  @ApiPropertyOptional()
  redirect?: string;

  @ApiPropertyOptional()
  component?: string;

  @ApiPropertyOptional()
  alwaysShow?: boolean;

  @ApiPropertyOptional({ type: () => RouterMetaDto })
  meta?: RouterMetaDto;

  @ApiPropertyOptional({ type: () => [RouterNodeDto] })
  children?: RouterNodeDto[];
}

export const toMenuDto = (m: Menu): MenuDto => ({
  id: m.id,
  pid: m.pid,
  type: m.type,
  title: m.title,
  componentName: m.componentName,
  component: m.component,
  path: m.path,
  menuSort: m.menuSort,
  icon: m.icon,
  permission: m.permission,
  cache: m.cache,
  hidden: m.hidden,
  iFrame: m.iFrame,
  module: m.module,
  subCount: m.subCount,
  hasChildren: m.subCount > 0,
  leaf: m.subCount <= 0,
  label: m.title,
  ...auditFields(m),
});
