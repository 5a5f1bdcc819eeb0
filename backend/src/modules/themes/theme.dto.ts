import { ApiInt, AuditFieldsDto } from '../../common/http/api-response.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { RecordId, auditFields } from '../../common/http/dto.js';
import { ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import type { NewsTheme } from './theme.entity.js';
import { IntInput } from '../../common/http/numbers.js';

export const MAX_KEYWORDS = 200;

export class ThemeQuery extends ListQuery {
  @ApiPropertyOptional({ description: '主题名称（模糊）' })
  @TrimmedFilter()
  @MaxLength(100, { message: '主题名称不能超过 100 个字符' })
  title?: string;
}

/** One theme of `createList`: title and optional keywords. */
export class ThemeItemDto {
  @ApiProperty()
  @IsString({ message: '主题名称必须是字符串' })
  @IsNotEmpty({ message: '主题名称不能为空' })
  @MaxLength(100, { message: '主题名称不能超过 100 个字符' })
  title: string;

  @ApiPropertyOptional({ type: [String], description: '定义主题的关键词' })
  @IsOptional()
  @IsArray({ message: '关键词必须是数组' })
  @ArrayMaxSize(MAX_KEYWORDS, { message: `关键词不能超过 ${MAX_KEYWORDS} 个` })
  @IsString({ each: true, message: '关键词必须是字符串' })
  @MaxLength(100, { each: true, message: '每个关键词不能超过 100 个字符' })
  keywords?: string[];
}

export class ThemeWriteDto extends ThemeItemDto {
  @ApiPropertyOptional({ default: 999 })
  @IsOptional()
  @IntInput()
  @IsInt({ message: '排序必须是整数' })
  @Min(0, { message: '排序不能小于 0' })
  @Max(99999, { message: '排序不能大于 99999' })
  seq?: number;
}

export class ThemeUpdateDto extends ThemeWriteDto {
  @RecordId()
  id: number;
}

export class ThemeDto extends AuditFieldsDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  title: string;

  @ApiProperty({ type: [String] })
  keywords: string[];

  @ApiInt()
  seq: number;
}

export const toThemeDto = (t: NewsTheme): ThemeDto => ({ id: t.id, title: t.title, keywords: t.keywords, seq: t.seq, ...auditFields(t) });

/** Trimmed, non-empty, without duplicates (first kept). */
export const cleanKeywords = (keywords: string[] | undefined): string[] => [...new Set((keywords ?? []).map((k) => k.trim()).filter(Boolean))];
