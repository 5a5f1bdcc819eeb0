import { ApiInt, ApiNullableString, AuditFieldsDto, IdNameDto } from '../../common/http/api-response.js';
import { RecordId, auditFields } from '../../common/http/dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { DateRangeFilter, LookupQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { DATA_SCOPES, type DataScope, type Role } from './role.entity.js';
import { IntInput } from '../../common/http/numbers.js';

/** `{id}` relation stub of the wire contract (menus, depts). */
export class RoleRef {
  @RecordId()
  id: number;
}

export class RoleQuery extends LookupQuery {
  @ApiPropertyOptional({ description: '角色名称或描述（模糊）' })
  @TrimmedFilter()
  @MaxLength(100, { message: '搜索内容不能超过 100 个字符' })
  blurry?: string;

  @ApiPropertyOptional({ type: [String], description: '创建时间范围：开始,结束' })
  @DateRangeFilter()
  createTime?: [Date, Date];
}

export class RoleWriteDto {
  @ApiProperty({ description: '角色名称' })
  @IsString({ message: '角色名称必须是字符串' })
  @IsNotEmpty({ message: '角色名称不能为空' })
  @MaxLength(100, { message: '角色名称不能超过 100 个字符' })
  name: string;

  @ApiProperty({ description: '角色级别，数字越小级别越高', minimum: 1 })
  @IntInput()
  @IsInt({ message: '角色级别必须是整数' })
  @Min(1, { message: '角色级别不能小于 1' })
  @Max(999, { message: '角色级别不能大于 999' })
  level: number;

  @ApiProperty({ enum: DATA_SCOPES, description: '数据权限' })
  @IsIn(DATA_SCOPES, { message: '数据权限只能是 全部、本级 或 自定义' })
  dataScope: DataScope;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: '描述必须是字符串' })
  @MaxLength(255, { message: '描述不能超过 255 个字符' })
  description?: string | null;

  @ApiPropertyOptional({ type: [RoleRef], description: '数据权限为 自定义 时可见的部门' })
  @IsOptional()
  @IsArray({ message: '部门必须是数组' })
  @ArrayMaxSize(1000, { message: '部门数量超出限制' })
  @ValidateNested({ each: true, message: '部门格式不正确' })
  @Type(() => RoleRef)
  depts?: RoleRef[] | null;
}

export class RoleUpdateDto extends RoleWriteDto {
  @RecordId()
  id: number;
}

export class RoleMenusDto {
  @RecordId()
  id: number;

  @ApiProperty({ type: [RoleRef] })
  @IsArray({ message: '菜单必须是数组' })
  @ArrayMaxSize(5000, { message: '菜单数量超出限制' })
  @ValidateNested({ each: true, message: '菜单格式不正确' })
  @Type(() => RoleRef)
  menus: RoleRef[];
}

export class RoleMenuRef {
  @ApiInt()
  id: number;

  @ApiProperty()
  title: string;

  @ApiInt({ nullable: true })
  pid: number | null;

  @ApiProperty({ enum: [0, 1, 2], description: '0 目录，1 菜单，2 按钮' })
  type: number;

  @ApiNullableString()
  permission: string | null;
}

export class RoleDto extends AuditFieldsDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  name: string;

  @ApiInt({ description: '角色级别（小 = 高）' })
  level: number;

  @ApiProperty({ enum: DATA_SCOPES })
  dataScope: DataScope;

  @ApiNullableString()
  description: string | null;

  @ApiProperty({ type: () => [RoleMenuRef] })
  menus: RoleMenuRef[];

  @ApiProperty({ type: () => [IdNameDto], description: '自定义数据范围的部门' })
  depts: IdNameDto[];
}

/** `GET api/roles/level`: the caller's highest role level. */
export class RoleLevelDto {
  @ApiInt()
  level: number;
}

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

export const toRoleDto = (r: Role): RoleDto => ({
  id: r.id,
  name: r.name,
  level: r.level,
  dataScope: r.dataScope,
  description: r.description,
  menus: (r.menus ?? []).map((m) => ({ id: m.id, title: m.title, pid: m.pid, type: m.type, permission: m.permission })).sort(byId),
  depts: (r.depts ?? []).map((d) => ({ id: d.id, name: d.name })).sort(byId),
  ...auditFields(r),
});
