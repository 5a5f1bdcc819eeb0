import { ApiInt, ApiNullableString, AuditFieldsDto } from '../../common/http/api-response.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { auditFields, BooleanField, RecordId } from '../../common/http/dto.js';
import { BooleanFilter, ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import type { MtGlossaryTerm } from './translation.entity.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class GlossaryQuery extends ListQuery {
  @ApiPropertyOptional({ description: '原文术语或译名（模糊）' })
  @TrimmedFilter()
  blurry?: string;

  @ApiPropertyOptional()
  @BooleanFilter()
  @IsBoolean({ message: 'enabled 必须是 true 或 false' })
  enabled?: boolean;
}

export class GlossaryWriteDto {
  @ApiProperty({ description: '原文术语' })
  @Transform(trim)
  @IsString({ message: '原文术语必须是字符串' })
  @IsNotEmpty({ message: '原文术语不能为空' })
  @MaxLength(200, { message: '原文术语不能超过 200 个字符' })
  source: string;

  @ApiProperty({ description: '规定译名' })
  @Transform(trim)
  @IsString({ message: '规定译名必须是字符串' })
  @IsNotEmpty({ message: '规定译名不能为空' })
  @MaxLength(200, { message: '规定译名不能超过 200 个字符' })
  target: string;

  @ApiPropertyOptional({ description: '区分大小写（默认否）' })
  @IsOptional()
  @BooleanField('区分大小写')
  caseSensitive?: boolean;

  @ApiPropertyOptional({ description: '启用（默认是）' })
  @IsOptional()
  @BooleanField('状态')
  enabled?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: '备注必须是字符串' })
  @MaxLength(500, { message: '备注不能超过 500 个字符' })
  memo?: string | null;
}

export class GlossaryUpdateDto extends GlossaryWriteDto {
  @RecordId()
  id: number;
}

export class GlossaryDto extends AuditFieldsDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  source: string;

  @ApiProperty()
  target: string;

  @ApiProperty()
  caseSensitive: boolean;

  @ApiProperty()
  enabled: boolean;

  @ApiNullableString()
  memo: string | null;
}

export const toGlossaryDto = (g: MtGlossaryTerm): GlossaryDto => ({
  id: g.id,
  source: g.source,
  target: g.target,
  caseSensitive: g.caseSensitive,
  enabled: g.enabled,
  memo: g.memo,
  ...auditFields(g),
});

export class MtFailuresQuery extends ListQuery {}

export class MtRetryDto {
  @ApiPropertyOptional({ type: [Number], description: '要重试的新闻 id；省略 = 全部失败的' })
  @IsOptional()
  @IsArray({ message: 'ids 必须是新闻 id 数组' })
  @ArrayMaxSize(1000, { message: '一次最多重试 1000 条' })
  @IsInt({ each: true, message: 'ids 必须是新闻 id 数组' })
  @Min(1, { each: true, message: 'ids 必须是新闻 id 数组' })
  @Max(Number.MAX_SAFE_INTEGER, { each: true, message: 'ids 必须是新闻 id 数组' })
  ids?: number[];
}
