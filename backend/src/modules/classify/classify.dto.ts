import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { BooleanField, RecordId } from '../../common/http/dto.js';
import { BooleanFilter } from '../../common/http/list-query.js';
import type { NewsClassify } from './classify.entity.js';
import { IntInput } from '../../common/http/numbers.js';

export class ClassifyTreeQuery {
  @ApiPropertyOptional({ description: '只要启用（true）或停用（false）的分类；不匹配的分类连同其下级不出现' })
  @BooleanFilter()
  @IsBoolean({ message: 'enabled 必须是 true 或 false' })
  enabled?: boolean;
}

export class ClassifyWriteDto {
  @ApiProperty({ description: '上级分类 id（根分类 全部 为 9999）' })
  @IntInput()
  @IsInt({ message: '上级分类 id 必须是整数' })
  @Min(1, { message: '上级分类 id 必须是正整数' })
  pid: number;

  @ApiProperty()
  @IsString({ message: '分类名称必须是字符串' })
  @IsNotEmpty({ message: '分类名称不能为空' })
  @MaxLength(100, { message: '分类名称不能超过 100 个字符' })
  name: string;

  @ApiPropertyOptional({ description: '分类编码，如 A1001；唯一', nullable: true })
  @IsOptional()
  @IsString({ message: '分类编码必须是字符串' })
  @MaxLength(32, { message: '分类编码不能超过 32 个字符' })
  code?: string | null;

  @ApiPropertyOptional({ default: 999 })
  @IsOptional()
  @IntInput()
  @IsInt({ message: '排序必须是整数' })
  @Min(0, { message: '排序不能小于 0' })
  @Max(99999, { message: '排序不能大于 99999' })
  seq?: number;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @BooleanField('状态')
  enabled?: boolean;
}

export class ClassifyUpdateDto extends ClassifyWriteDto {
  @RecordId()
  id: number;
}

/** A flat classification (`findAll`). */
export class ClassifyFlatDto {
  @ApiInt()
  id: number;

  @ApiInt({ nullable: true, description: '上级分类 id（null = 顶级）' })
  pid: number | null;

  @ApiProperty()
  name: string;

  @ApiNullableString()
  code: string | null;

  @ApiInt()
  seq: number;
}

/** A node of the classification tree. */
export class ClassifyNodeDto extends ClassifyFlatDto {
  @ApiProperty()
  enabled: boolean;

  @ApiProperty({ description: '= name（树形控件的标签）' })
  label: string;

  @ApiProperty()
  leaf: boolean;

  @ApiProperty()
  hasChildren: boolean;

  @ApiDateTime({ nullable: true, description: '创建时间（新闻分类管理页显示）' })
  createTime: Date | null;

  @ApiPropertyOptional({ type: () => [ClassifyNodeDto] })
  children?: ClassifyNodeDto[];
}

export const toClassifyFlatDto = (c: NewsClassify): ClassifyFlatDto => ({ id: c.id, pid: c.pid, name: c.name, code: c.code, seq: c.seq });

export const toClassifyNodeDto = (c: NewsClassify): ClassifyNodeDto => ({
  ...toClassifyFlatDto(c),
  enabled: c.enabled,
  createTime: c.createTime ?? null,
  label: c.name,
  leaf: true,
  hasChildren: false,
});
