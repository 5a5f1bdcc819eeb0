import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsInt, IsObject, Max, Min, ValidateNested } from 'class-validator';
import { ApiInt } from '../../common/http/api-response.js';
import { IdOf } from '../../common/http/id-list.js';
import { IdFilter, INT4_MAX } from '../../common/http/list-query.js';
import { IntInput } from '../../common/http/numbers.js';

/** The messages of `api/productJournalProvide` (docs/workbench-api.md "Provider counts"). */
export const PROVIDE_MESSAGES = {
  count: '提供数量必须是不小于 0 的整数',
  journal: '请选择期刊',
  column: '请选择栏目',
  dept: '请选择单位',
  id: '请选择提供数量记录',
  list: '提供数量列表格式不正确',
  notFound: '提供数量记录不存在',
  columnNotOfProduct: '栏目不属于该期刊的产品',
  deptNotFound: '单位不存在',
} as const;

/** Most columns and units of one `saveAll`: a journal has a handful of each. */
export const SAVE_ALL_MAX = 1000;

/** A required positive int4 id; every failure (missing, blank, not an integer, out of range) answers `message`. */
const Id = (message: string, description: string) => applyDecorators(ApiProperty({ description, type: Number }), IsDefined({ message }), IdOf(message));

/** `provideCount`: an integer ≥ 0 (a JSON integer or its decimal digits), else 400 `提供数量必须是不小于 0 的整数`. */
const Count = () =>
  applyDecorators(
    ApiProperty({ description: '提供数量（不小于 0 的整数）', type: Number, minimum: 0 }),
    IntInput(),
    IsDefined({ message: PROVIDE_MESSAGES.count }),
    IsInt({ message: PROVIDE_MESSAGES.count }),
    Min(0, { message: PROVIDE_MESSAGES.count }),
    Max(INT4_MAX, { message: PROVIDE_MESSAGES.count }),
  );

/** One object `{id}` (an array would pass the nested check with nothing in it). */
const Ref = (type: () => new () => object, message: string) =>
  applyDecorators(ApiProperty({ type }), IsDefined({ message }), IsObject({ message }), ValidateNested(), Type(type));

export class ProvideJournalRef {
  @Id(PROVIDE_MESSAGES.journal, '期刊 id')
  id: number;
}

export class ProvideColumnRef {
  @Id(PROVIDE_MESSAGES.column, '栏目 id')
  id: number;
}

export class ProvideDeptRef {
  @Id(PROVIDE_MESSAGES.dept, '单位（部门）id')
  id: number;
}

/** `GET list?productId=&journalId=`; the journal names its product, so `productId` is only checked for form. */
export class ProvideListQuery {
  @ApiPropertyOptional({ description: '产品 id（可省略：期刊决定产品）' })
  @IdFilter()
  productId?: number;

  @Id(PROVIDE_MESSAGES.journal, '期刊 id')
  journalId: number;
}

/** A unit's count in `saveAll`. */
export class ProvideUnitInput {
  @Ref(() => ProvideDeptRef, PROVIDE_MESSAGES.dept)
  dept: ProvideDeptRef;

  @Count()
  provideCount: number;
}

/** A column's counts in `saveAll` (the shape of `list`; names are ignored). */
export class ProvideColumnInput {
  @Ref(() => ProvideColumnRef, PROVIDE_MESSAGES.column)
  column: ProvideColumnRef;

  @ApiProperty({ type: [ProvideUnitInput] })
  @IsArray({ message: PROVIDE_MESSAGES.list })
  @ArrayMaxSize(SAVE_ALL_MAX, { message: PROVIDE_MESSAGES.list })
  @ValidateNested({ each: true })
  @Type(() => ProvideUnitInput)
  list: ProvideUnitInput[];
}

/** `POST saveAll {journal: {id}, list}`. */
export class ProvideSaveAllDto {
  @Ref(() => ProvideJournalRef, PROVIDE_MESSAGES.journal)
  journal: ProvideJournalRef;

  @ApiProperty({ type: [ProvideColumnInput] })
  @IsArray({ message: PROVIDE_MESSAGES.list })
  @ArrayMaxSize(SAVE_ALL_MAX, { message: PROVIDE_MESSAGES.list })
  @ValidateNested({ each: true })
  @Type(() => ProvideColumnInput)
  list: ProvideColumnInput[];
}

/** `POST {journal: {id}, column: {id}, dept: {id}, provideCount}`: stores one count (or replaces the stored one). */
export class ProvideWriteDto {
  @Ref(() => ProvideJournalRef, PROVIDE_MESSAGES.journal)
  journal: ProvideJournalRef;

  @Ref(() => ProvideColumnRef, PROVIDE_MESSAGES.column)
  column: ProvideColumnRef;

  @Ref(() => ProvideDeptRef, PROVIDE_MESSAGES.dept)
  dept: ProvideDeptRef;

  @Count()
  provideCount: number;
}

/** `PUT {id, provideCount}`. */
export class ProvideUpdateDto {
  @Id(PROVIDE_MESSAGES.id, '提供数量记录 id')
  id: number;

  @Count()
  provideCount: number;
}

// ---- answers ---------------------------------------------------------------------------------

export class ProvideRefDto {
  @ApiInt()
  id: number;

  @ApiProperty({ nullable: true, type: String, description: '名称（栏目或单位已删除时为 null）' })
  name: string | null;
}

/** A unit's count in a column: the stored one (`id` its row) or the default (`id` null). */
export class ProvideCountDto {
  @ApiProperty({ nullable: true, type: Number, description: '存储的记录 id；null = 默认值（该栏目来自该单位的稿件数）' })
  id: number | null;

  @ApiProperty({ type: () => ProvideRefDto })
  dept: ProvideRefDto;

  @ApiInt({ description: '提供数量' })
  provideCount: number;
}

export class ProvideColumnDto {
  @ApiProperty({ type: () => ProvideRefDto })
  column: ProvideRefDto;

  @ApiProperty({ type: () => [ProvideCountDto] })
  list: ProvideCountDto[];
}

/** A stored row (`POST`). */
export class ProvideRowDto {
  @ApiInt()
  id: number;

  @ApiProperty({ type: () => ProvideRefDto })
  column: ProvideRefDto;

  @ApiProperty({ type: () => ProvideRefDto })
  dept: ProvideRefDto;

  @ApiInt({ description: '提供数量' })
  provideCount: number;
}

export class ProvideSavedDto {
  @ApiInt({ description: '存储的记录数' })
  count: number;
}
