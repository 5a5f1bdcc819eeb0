import { ApiInt, AuditFieldsDto } from '../../common/http/api-response.js';
import { BooleanField, RecordId, auditFields } from '../../common/http/dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { BooleanFilter, IdFilter, TreeListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import type { Dept } from './dept.entity.js';
import { IntInput } from '../../common/http/numbers.js';

export class DeptQuery extends TreeListQuery {
  @ApiPropertyOptional({ description: '部门名称（模糊）' })
  @TrimmedFilter()
  @MaxLength(100, { message: '部门名称不能超过 100 个字符' })
  name?: string;

  @ApiPropertyOptional()
  @BooleanFilter()
  @IsBoolean({ message: 'enabled 必须是 true 或 false' })
  enabled?: boolean;

}

/** `GET api/dept/lookup`: children of `pid` (0 or none = the top level). */
export class DeptLookupQuery {
  @ApiPropertyOptional({ description: '上级部门 id；不传或 0 = 顶级' })
  @IdFilter()
  @Min(0, { message: 'pid 不能小于 0' })
  pid?: number;
}

export class DeptTreeQuery {
  @ApiPropertyOptional()
  @BooleanFilter()
  @IsBoolean({ message: 'enabled 必须是 true 或 false' })
  enabled?: boolean;
}

export class DeptSuperiorQuery {
  @ApiPropertyOptional({ description: '去掉所选部门本身（编辑表单用）', default: false })
  @BooleanFilter()
  @IsBoolean({ message: 'exclude 必须是 true 或 false' })
  exclude?: boolean;
}

export class DeptWriteDto {
  @ApiProperty()
  @IsString({ message: '部门名称必须是字符串' })
  @IsNotEmpty({ message: '部门名称不能为空' })
  @MaxLength(100, { message: '部门名称不能超过 100 个字符' })
  name: string;

  @ApiPropertyOptional({ default: 999 })
  @IsOptional()
  @IntInput()
  @IsInt({ message: '排序必须是整数' })
  @Min(0, { message: '排序不能小于 0' })
  @Max(99999, { message: '排序不能大于 99999' })
  deptSort?: number;

  @ApiProperty()
  @BooleanField('状态')
  enabled: boolean;

  @ApiPropertyOptional({ description: '上级部门 id；null 或 0 = 顶级', nullable: true })
  @IsOptional()
  @IntInput()
  @IsInt({ message: '上级部门 id 必须是整数' })
  @Min(0, { message: '上级部门 id 不能小于 0' })
  pid?: number | null;
}

export class DeptUpdateDto extends DeptWriteDto {
  @RecordId()
  id: number;
}

export class DeptDto extends AuditFieldsDto {
  @ApiInt()
  id: number;

  @ApiInt({ nullable: true, description: '上级部门 id（null = 顶级）' })
  pid: number | null;

  @ApiProperty()
  name: string;

  @ApiInt()
  deptSort: number;

  @ApiProperty()
  enabled: boolean;

  @ApiInt({ description: '下级部门数' })
  subCount: number;

  @ApiProperty()
  hasChildren: boolean;

  @ApiProperty()
  leaf: boolean;

  @ApiProperty({ description: '= name（树形控件的标签）' })
  label: string;

  @ApiPropertyOptional({ type: () => [DeptDto], description: '树形列表时的下级' })
  children?: DeptDto[];
}

export const toDeptDto = (d: Dept): DeptDto => ({
  id: d.id,
  pid: d.pid,
  name: d.name,
  deptSort: d.deptSort,
  enabled: d.enabled,
  subCount: d.subCount,
  hasChildren: d.subCount > 0,
  leaf: d.subCount <= 0,
  label: d.name,
  ...auditFields(d),
});
