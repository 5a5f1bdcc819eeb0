import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsDefined, IsInt, Max, Min } from 'class-validator';
import { ApiInt } from '../../../common/http/api-response.js';
import { INT4_MAX } from '../../../common/http/list-query.js';
import { toInteger } from '../../../common/http/numbers.js';
import { OfficeVersionsQuery } from '../office.dto.js';

/** The first of repeated values; blank → undefined; integer text → the number (as the office core's ids). */
const toInt = ({ value }: TransformFnParams): unknown => {
  if (Array.isArray(value)) value = value[0];
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  return toInteger(value);
};

/** A version number: `<label> 不能为空 / 必须是整数 / 必须是正整数 / 超出范围`. */
const VersionNo = (label: string, description: string) =>
  applyDecorators(
    ApiProperty({ type: 'integer', description }),
    Transform(toInt),
    IsDefined({ message: `${label} 不能为空` }),
    IsInt({ message: `${label} 必须是整数` }),
    Min(1, { message: `${label} 必须是正整数` }),
    Max(INT4_MAX, { message: `${label} 超出范围` }),
  );

/** `GET api/office/diff` (docs/office-design.md §4.9): two versions of a journal or of a copy. */
export class OfficeDiffQuery extends OfficeVersionsQuery {
  @VersionNo('from', '旧版本号')
  from: number;

  @VersionNo('to', '新版本号')
  to: number;
}

/** A word run of a changed paragraph (the translation history's diff parts). */
export class OfficeDiffPartDto {
  @ApiProperty({ enum: ['equal', 'insert', 'delete'] })
  op: 'equal' | 'insert' | 'delete';

  @ApiProperty()
  text: string;
}

/** One entry of the paragraph diff: a paragraph (`text`), a changed one (`parts`), or a run of equal ones left out (`count`). */
export class OfficeDiffParagraphDto {
  @ApiProperty({ enum: ['equal', 'added', 'removed', 'changed', 'skipped'] })
  op: 'equal' | 'added' | 'removed' | 'changed' | 'skipped';

  @ApiPropertyOptional({ description: 'equal / added / removed：段落文字' })
  text?: string;

  @ApiPropertyOptional({ type: () => [OfficeDiffPartDto], description: 'changed：词级差异' })
  parts?: OfficeDiffPartDto[];

  @ApiPropertyOptional({ type: 'integer', description: 'skipped：略去的相同段落数' })
  count?: number;
}

export class OfficeDiffStatsDto {
  @ApiInt({ description: '新增段落' })
  added: number;

  @ApiInt({ description: '删除段落' })
  removed: number;

  @ApiInt({ description: '修改段落' })
  changed: number;
}

/** Why a file, or a part of it, could not be read (null: read cleanly). */
export class OfficeDiffNotesDto {
  @ApiProperty({ type: String, nullable: true })
  from: string | null;

  @ApiProperty({ type: String, nullable: true })
  to: string | null;
}

/** `GET api/office/diff`: the text diff of two .docx versions, paragraph by paragraph. */
export class OfficeDiffDto {
  @ApiInt()
  from: number;

  @ApiInt()
  to: number;

  @ApiProperty({ type: () => [OfficeDiffParagraphDto] })
  paragraphs: OfficeDiffParagraphDto[];

  @ApiInt({ description: '略去的相同段落总数' })
  skipped: number;

  @ApiProperty({ description: 'true：超过 2000 条，后面的差异未列出（stats 仍为全文统计）' })
  truncated: boolean;

  @ApiProperty({ type: () => OfficeDiffStatsDto })
  stats: OfficeDiffStatsDto;

  @ApiProperty({ type: () => OfficeDiffNotesDto })
  notes: OfficeDiffNotesDto;
}
