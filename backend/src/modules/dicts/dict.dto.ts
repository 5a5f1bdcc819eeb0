import { ApiInt, ApiNullableString, AuditFieldsDto } from '../../common/http/api-response.js';
import { RecordId, auditFields } from '../../common/http/dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDefined, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { DateRangeFilter, INT4_MAX, LookupQuery, TrimmedFilter } from '../../common/http/list-query.js';
import type { Dict, DictDetail } from './dict.entity.js';
import { IntInput } from '../../common/http/numbers.js';

export class DictQuery extends LookupQuery {
  @ApiPropertyOptional({ description: '字典名称或描述（模糊）' })
  @TrimmedFilter()
  @MaxLength(100, { message: '搜索内容不能超过 100 个字符' })
  blurry?: string;

  @ApiPropertyOptional({ type: [String], description: '创建时间范围：开始,结束' })
  @DateRangeFilter()
  createTime?: [Date, Date];
}

export class DictWriteDto {
  @ApiProperty({ description: '字典名称（编码），如 user_status' })
  @IsString({ message: '字典名称必须是字符串' })
  @IsNotEmpty({ message: '字典名称不能为空' })
  @MaxLength(100, { message: '字典名称不能超过 100 个字符' })
  name: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: '描述必须是字符串' })
  @MaxLength(255, { message: '描述不能超过 255 个字符' })
  description?: string | null;
}

export class DictUpdateDto extends DictWriteDto {
  @RecordId()
  id: number;
}

export class DictRef {
  @ApiProperty()
  @IntInput()
  @IsInt({ message: '字典 id 必须是整数' })
  @Min(1, { message: '字典 id 必须是正整数' })
  @Max(INT4_MAX, { message: '字典不存在' })
  id: number;
}

export const DICT_DETAIL_PAGE_SIZE = 10;

export class DictDetailQuery extends LookupQuery {
  @ApiPropertyOptional({ description: '字典名称（精确）' })
  @TrimmedFilter()
  @MaxLength(100, { message: '字典名称不能超过 100 个字符' })
  dictName?: string;

  @ApiPropertyOptional({ description: '字典标签（模糊）' })
  @TrimmedFilter()
  @MaxLength(255, { message: '字典标签不能超过 255 个字符' })
  label?: string;
}

export const MAX_MAP_NAMES = 100;

export class DictMapQuery {
  @ApiProperty({ description: '字典名称，逗号（, 或 ，）分隔', example: 'user_status,job_status' })
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.join(',') : value))
  @IsString({ message: 'dictName 必须是字符串' })
  @IsNotEmpty({ message: 'dictName 不能为空' })
  @MaxLength(5000, { message: 'dictName 长度超出限制' })
  dictName: string;
}

export class DictDetailWriteDto {
  @ApiProperty({ description: '字典标签' })
  @IsString({ message: '字典标签必须是字符串' })
  @IsNotEmpty({ message: '字典标签不能为空' })
  @MaxLength(255, { message: '字典标签不能超过 255 个字符' })
  label: string;

  @ApiProperty({ description: '字典值（字符串；数字会转成字符串）' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value))
  @IsString({ message: '字典值必须是字符串' })
  @IsNotEmpty({ message: '字典值不能为空' })
  @MaxLength(255, { message: '字典值不能超过 255 个字符' })
  value: string;

  @ApiPropertyOptional({ default: 999 })
  @IsOptional()
  @IntInput()
  @IsInt({ message: '排序必须是整数' })
  @Min(0, { message: '排序不能小于 0' })
  @Max(99999, { message: '排序不能大于 99999' })
  dictSort?: number;

  @ApiProperty({ type: DictRef })
  @IsDefined({ message: '所属字典不能为空' })
  // One object `{id}`: an array (`[]`, `[{id}]`) would pass the nested check with nothing in it.
  @IsObject({ message: '所属字典格式不正确' })
  @ValidateNested({ message: '所属字典格式不正确' })
  @Type(() => DictRef)
  dict: DictRef;
}

export class DictDetailUpdateDto extends DictDetailWriteDto {
  @RecordId()
  id: number;
}

export class DictDto extends AuditFieldsDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  name: string;

  @ApiNullableString()
  description: string | null;
}

export const toDictDto = (d: Dict): DictDto => ({
  id: d.id,
  name: d.name,
  description: d.description,
  ...auditFields(d),
});

/** The dictionary a detail belongs to. */
export class DictDetailDictRef {
  @ApiInt()
  id: number;

  @ApiNullableString()
  name: string | null;
}

export class DictDetailDto extends AuditFieldsDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  label: string;

  @ApiProperty()
  value: string;

  @ApiInt()
  dictSort: number;

  @ApiProperty({ type: () => DictDetailDictRef })
  dict: DictDetailDictRef;
}

export const toDictDetailDto = (d: DictDetail): DictDetailDto => ({
  id: d.id,
  label: d.label,
  value: d.value,
  dictSort: d.dictSort,
  dict: { id: d.dictId, name: d.dict?.name ?? null },
  ...auditFields(d),
});
