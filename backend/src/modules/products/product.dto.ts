import { ApiDateTime, ApiInt, ApiNullableString, IdNameDto } from '../../common/http/api-response.js';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { blankToNull, BooleanField, RecordId, trimmed } from '../../common/http/dto.js';
import { ID_CSV, IdOf, parseIdList } from '../../common/http/id-list.js';
import { BooleanFilter, IdFilter, ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { IntInput } from '../../common/http/numbers.js';

/** Product messages of the contract (docs/production-api.md "Products"). */
export const PRODUCT_MESSAGES = {
  deptRequired: '所属单位不能为空',
  deptMissing: '所属单位不存在',
  nameRequired: '产品名称不能为空',
  nameString: '产品名称必须是字符串',
  nameTooLong: '产品名称不能超过100个字符',
  nameTaken: '产品名称已存在',
  columnNameRequired: '栏目名称不能为空',
  columnNameString: '栏目名称必须是字符串',
  columnNameTooLong: '栏目名称不能超过100个字符',
  type: '类型只能是 1 或 2',
  contentType: '稿件类型只能是 1 或 2',
  periodMissing: '产品周期不存在',
  templateMissing: '模板文件不存在',
  editorsInvalid: '主编格式不正确',
  editorsMissing: '主编不存在',
  editorsTooMany: '主编人数过多',
  productRequired: '请选择产品',
  productMissing: '产品不存在',
  columnMissing: '栏目不存在',
  columnDuplicate: '栏目不能重复',
  columnsRequired: '请选择投稿栏目',
  columnInUse: (name: string) => `栏目「${name}」已有稿件，不能删除，可改为停用`,
  productInUse: (name: string) => `产品「${name}」已有期刊或稿件，不能删除`,
} as const;

export const PRODUCT_TYPES = ['1', '2'] as const;
export const CONTENT_TYPES = ['1', '2'] as const;
/** Dictionary holding the product periods (daily, weekly, …). */
export const PERIOD_DICT = 'product_period';
export const MAX_COLUMNS = 500;

/** '' and null → null (an explicit "none"), numbers → strings; anything else is left for the validators. */
const blankOrText = ({ value }: { value: unknown }) => blankToNull(typeof value === 'number' ? String(value) : value);
const trim = ({ value }: { value: unknown }) => trimmed(value);

/**
 * `editorIds`: "3,7" or [3, 7] (or "3，7") → "3,7" without repeats; '' / null / [] → null; blank array
 * items are skipped. Anything that is not a list of positive integers is left as text (or, not a string,
 * number or array of them, as it is), for @IsString / the pattern to reject with this module's messages.
 */
export function normalizeEditorIds(value: unknown): unknown {
  if (value === undefined) return undefined;
  const ids = parseIdList(Array.isArray(value) ? value.filter((v) => trimmed(v) !== '') : value);
  if (ids === null) return null;
  if (ids) return ids.join(',');
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string' || typeof v === 'number') ? value.join(',') : value;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : value;
}

/** `name` of a column: required, trimmed, at most 100 characters. */
const ColumnName = () =>
  applyDecorators(
    ApiProperty({ description: '栏目名称' }),
    Transform(trim),
    IsDefined({ message: PRODUCT_MESSAGES.columnNameRequired }),
    IsString({ message: PRODUCT_MESSAGES.columnNameString }),
    IsNotEmpty({ message: PRODUCT_MESSAGES.columnNameRequired }),
    MaxLength(100, { message: PRODUCT_MESSAGES.columnNameTooLong }),
  );

/** `sort` of a column: optional, 0–99999; null or '' = not given (the default order, or unchanged on an edit). */
const ColumnSort = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ description }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (value === null || value === '' ? undefined : value)),
    IntInput(),
    IsInt({ message: '栏目排序必须是整数' }),
    Min(0, { message: '栏目排序不能小于 0' }),
    Max(99999, { message: '栏目排序不能大于 99999' }),
  );

/** `status` of a column: optional, enabled = true. */
const ColumnStatus = (description: string) => applyDecorators(ApiPropertyOptional({ description }), IsOptional(), BooleanField('栏目状态'));

export class ProductQuery extends ListQuery {
  @ApiPropertyOptional({ description: '产品名称（模糊）' })
  @TrimmedFilter()
  @MaxLength(100, { message: '搜索内容不能超过 100 个字符' })
  name?: string;
}

/** `GET api/productSetting/all`: `editable=true` keeps the products whose journals the caller may write. */
export class ProductAllQuery {
  @ApiPropertyOptional({ description: '只列出当前用户可以操作其期刊的产品（管理员、产品主编或产品所属单位的成员）', type: Boolean })
  @BooleanFilter()
  @IsBoolean({ message: 'editable 必须是 true 或 false' })
  editable?: boolean;
}

/** A column row of the product form: `id` present = an existing column of the product. */
export class ColumnItemDto {
  @ApiPropertyOptional({ description: '已有栏目的 id；新栏目不传' })
  @IsOptional()
  @IdOf(PRODUCT_MESSAGES.columnMissing)
  id?: number;

  @ColumnSort('排序（默认按行序）')
  sort?: number;

  @ColumnName()
  name: string;

  @ColumnStatus('启用（默认 true）')
  status?: boolean;
}

export class ProductWriteDto {
  @ApiProperty({ description: '所属单位（部门 id）' })
  @IsDefined({ message: PRODUCT_MESSAGES.deptRequired })
  @IdOf(PRODUCT_MESSAGES.deptMissing)
  deptId: number;

  @ApiProperty({ description: '产品名称' })
  @Transform(trim)
  @IsDefined({ message: PRODUCT_MESSAGES.nameRequired })
  @IsString({ message: PRODUCT_MESSAGES.nameString })
  @IsNotEmpty({ message: PRODUCT_MESSAGES.nameRequired })
  @MaxLength(100, { message: PRODUCT_MESSAGES.nameTooLong })
  name: string;

  @ApiPropertyOptional({ description: '主编用户 id，逗号分隔（"3,7"）或数组', example: '3,7' })
  @Transform(({ value }: { value: unknown }) => normalizeEditorIds(value))
  @IsOptional()
  @IsString({ message: PRODUCT_MESSAGES.editorsInvalid })
  @Matches(ID_CSV, { message: PRODUCT_MESSAGES.editorsInvalid })
  @MaxLength(500, { message: PRODUCT_MESSAGES.editorsTooMany })
  editorIds?: string | null;

  @ApiPropertyOptional({ description: '产品周期（字典 product_period 的值）' })
  @Transform(blankOrText)
  @IsOptional()
  @IsString({ message: PRODUCT_MESSAGES.periodMissing })
  @MaxLength(32, { message: PRODUCT_MESSAGES.periodMissing })
  period?: string | null;

  @ApiPropertyOptional({ enum: PRODUCT_TYPES, description: "'1' 常规期（默认）/ '2' 专刊" })
  @Transform(blankOrText)
  @IsOptional()
  @IsIn(PRODUCT_TYPES, { message: PRODUCT_MESSAGES.type })
  type?: string | null;

  @ApiPropertyOptional({ enum: CONTENT_TYPES, description: "'1' 摘要 / '2' 全文（默认）" })
  @Transform(blankOrText)
  @IsOptional()
  @IsIn(CONTENT_TYPES, { message: PRODUCT_MESSAGES.contentType })
  contentType?: string | null;

  @ApiPropertyOptional({ description: '模板文件 id（数字或数字字符串）；null 或空串 = 无模板' })
  @IsOptional()
  @IdOf(PRODUCT_MESSAGES.templateMissing, null)
  fileIds?: number | null;

  @ApiPropertyOptional({ type: [ColumnItemDto], description: '栏目；修改时整体替换（不传 = 不变）' })
  @IsOptional()
  @IsArray({ message: '栏目列表必须是数组' })
  @ArrayMaxSize(MAX_COLUMNS, { message: `栏目不能超过 ${MAX_COLUMNS} 个` })
  @ValidateNested({ each: true })
  @Type(() => ColumnItemDto)
  columnList?: ColumnItemDto[] | null;

  @ApiPropertyOptional({ description: '周刊产品（WEEKLY_PRODUCT_ID 配置时以配置为准）' })
  @IsOptional()
  @BooleanField('周刊标记')
  isWeekly?: boolean | null;
}

export class ProductUpdateDto extends ProductWriteDto {
  @RecordId()
  id: number;
}

export class ColumnQuery extends ListQuery {
  @ApiPropertyOptional({ description: '产品 id' })
  @IdFilter()
  @Min(1, { message: 'productId 必须是正整数' })
  productId?: number;
}

export class ColumnCreateDto {
  @ApiProperty({ description: '产品 id' })
  @IsDefined({ message: PRODUCT_MESSAGES.productRequired })
  @IdOf(PRODUCT_MESSAGES.productMissing)
  productId: number;

  @ColumnName()
  name: string;

  @ColumnSort('排序（默认排在最后）')
  sort?: number;

  @ColumnStatus('启用（默认 true）')
  status?: boolean;
}

export class ColumnUpdateDto {
  @RecordId()
  id: number;

  @ColumnName()
  name: string;

  @ColumnSort('排序（不传 = 不变）')
  sort?: number;

  @ColumnStatus('启用（不传 = 不变）')
  status?: boolean;
}

/** A column on the wire (`columnList` of a product). */
export class ColumnEntryDto {
  @ApiInt()
  id: number;

  @ApiInt()
  sort: number;

  @ApiProperty()
  name: string;

  @ApiProperty({ description: '启用' })
  status: boolean;
}

/** A row of `api/productColumn/list` and the answer of `POST api/productColumn`. */
export class ColumnDto extends ColumnEntryDto {
  @ApiInt()
  productId: number;
}

/** `GET api/productColumn/getColumnMap`: a product's enabled columns (keyed by product id). */
export class ColumnMapEntryDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  name: string;

  @ApiInt()
  sort: number;
}

export class ProductEditorRef {
  @ApiInt()
  id: number;

  @ApiProperty()
  nickName: string;
}

export class ProductFileRef {
  @ApiInt()
  id: number;

  @ApiProperty()
  realName: string;
}

export class ProductDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  name: string;

  @ApiInt()
  deptId: number;

  @ApiProperty({ type: () => IdNameDto, nullable: true })
  dept: IdNameDto | null;

  @ApiNullableString('编辑 id，逗号分隔')
  editorIds: string | null;

  @ApiProperty({ type: () => [ProductEditorRef] })
  editors: ProductEditorRef[];

  @ApiNullableString()
  period: string | null;

  @ApiProperty()
  type: string;

  @ApiProperty()
  contentType: string;

  @ApiNullableString('模板文件 id，逗号分隔')
  fileIds: string | null;

  @ApiProperty({ type: () => [ProductFileRef] })
  files: ProductFileRef[];

  @ApiProperty({ type: () => [ColumnEntryDto] })
  columnList: ColumnEntryDto[];

  @ApiProperty()
  isWeekly: boolean;

  @ApiDateTime()
  createTime: Date;

  @ApiNullableString()
  createBy: string | null;
}

/** A choice-list entry (`GET api/productSetting/all`). */
export class ProductOptionDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  name: string;

  @ApiNullableString()
  period: string | null;

  @ApiProperty()
  type: string;

  @ApiProperty()
  contentType: string;

  @ApiProperty()
  isWeekly: boolean;
}
