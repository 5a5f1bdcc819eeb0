import { FileDto } from '../storage/index.js';
import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { blankToNull, RecordId, trimmed } from '../../common/http/dto.js';
import { ID_CSV, toInteger } from '../../common/http/id-list.js';
import { IdFilter, INT4_MAX, ListQuery, MAX_PAGE_SIZE } from '../../common/http/list-query.js';
import { JOURNAL_STATUSES, type JournalStatus } from './journal.entity.js';
import { parseDay } from '../../common/time/day.js';
import { EDITOR_IDS_MAX, JOURNAL_MESSAGES, normaliseEditorIds, toJournalStatus, toPlanDay } from './journal.rules.js';

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The first of repeated values; blank (also spaces only) → undefined, so the field's "不能为空" answers;
 * integer text → the number; anything else is left for the validators.
 */
const toInt = ({ value }: TransformFnParams): unknown => {
  if (Array.isArray(value)) value = value[0];
  return isBlank(value) ? undefined : toInteger(value);
};

interface IntRule {
  /** Name in the messages (`<label>必须是整数`). */
  label: string;
  /** Message when missing or blank. */
  empty: string;
  min: number;
  max: number;
  /** Message below `min` (default `<label>必须是正整数`). */
  tooSmall?: string;
  /** Message above `max` (default `<label>超出范围`). */
  tooLarge?: string;
  description: string;
}

/** A required integer field: `empty` when missing, `<label>必须是整数`, then the range. */
const RequiredInt = (r: IntRule) =>
  applyDecorators(
    ApiProperty({ description: r.description, type: Number }),
    Transform(toInt),
    IsDefined({ message: r.empty }),
    IsInt({ message: `${r.label}必须是整数` }),
    Min(r.min, { message: r.tooSmall ?? `${r.label}必须是正整数` }),
    Max(r.max, { message: r.tooLarge ?? `${r.label}超出范围` }),
  );

/** A required id (query or body): `<label> 不能为空 / 必须是整数 / 必须是正整数 / 超出范围`. */
const RequiredId = (name: string, empty = `${name} 不能为空`) => RequiredInt({ label: `${name} `, empty, min: 1, max: INT4_MAX, description: name });

const JournalId = () => RequiredId('期刊 id');

/** A status filter or target: the string, or the dictionary number 0–3; anything else → `期刊状态不正确`. */
const StatusValue = () =>
  applyDecorators(
    Transform(({ value }: TransformFnParams) => {
      if (Array.isArray(value)) value = value[0];
      if (isBlank(value)) return undefined;
      return toJournalStatus(value) ?? value;
    }),
    IsIn(JOURNAL_STATUSES, { message: JOURNAL_MESSAGES.badStatus }),
  );

/** `POST api/productJournal` (spec §5 "Journal form"). The status is not written here (see updateStatus). */
export class JournalWriteDto {
  @RequiredId('产品 id', '产品名称不能为空')
  productId: number;

  @RequiredInt({ label: '年度', empty: '年度不能为空', min: 1000, max: 9999, tooSmall: '年度必须是四位数字', tooLarge: '年度必须是四位数字', description: '年度，如 2026' })
  year: number;

  @RequiredInt({ label: '期号', empty: '期号不能为空', min: 1, max: INT4_MAX, description: '期号（年度内）' })
  journalNo: number;

  @ApiPropertyOptional({ description: '总期号；省略时为该产品最大总期号 + 1（新增）或保持不变（修改）' })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: '总期号必须是整数' })
  @Min(1, { message: '总期号必须是正整数' })
  @Max(INT4_MAX, { message: '总期号超出范围' })
  totalNo?: number;

  @ApiPropertyOptional({ description: '责任编辑：用户 id，逗号分隔（"3,7"）或数组；空 = 无', example: '3,7' })
  @Transform(({ value, obj, key }: TransformFnParams) => {
    if (!Object.hasOwn(obj as object, key)) return undefined;
    const ids = normaliseEditorIds(value);
    return ids === undefined ? { invalid: value } : ids;
  })
  @ValidateBy({ name: 'editorIds', validator: { validate: (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.length <= EDITOR_IDS_MAX && ID_CSV.test(v)) } }, { message: '责任编辑格式不正确' })
  editorIds?: string | null;

  @ApiPropertyOptional({ description: '备注' })
  @Transform(({ value }: TransformFnParams) => blankToNull(trimmed(value)))
  @IsOptional()
  @IsString({ message: '备注必须是字符串' })
  @MaxLength(1000, { message: '备注不能超过 1000 个字符' })
  memo?: string | null;

  @ApiProperty({ description: '期刊时间（计划出刊日）yyyy-MM-dd', example: '2026-03-01' })
  @Transform(({ value }: TransformFnParams) => (isBlank(value) ? undefined : (toPlanDay(value) ?? { invalid: value })))
  @IsDefined({ message: '期刊时间不能为空' })
  @IsString({ message: '期刊时间格式不正确' })
  planPublishTime: string;
}

export class JournalUpdateDto extends JournalWriteDto {
  @RecordId()
  id: number;
}

/** Sortable fields of the journal lists. */
export const JOURNAL_SORT = {
  id: 'j.id',
  createTime: 'j.create_time',
  year: 'j.year',
  journalNo: 'j.journal_no',
  totalNo: 'j.total_no',
  planPublishTime: 'j.plan_publish_time',
  publishTime: 'j.publish_time',
  status: 'j.status',
  productId: 'j.product_id',
};

/** `GET api/productJournal/list`. */
export class JournalListQuery extends ListQuery {
  @ApiPropertyOptional({ description: '产品 id' })
  @IdFilter()
  productId?: number;

  @ApiPropertyOptional({ description: '年度' })
  @IdFilter()
  year?: number;

  @ApiPropertyOptional({ enum: JOURNAL_STATUSES })
  @IsOptional()
  @StatusValue()
  status?: JournalStatus;
}

/** `GET api/productJournal/doneList`. */
export class DoneListQuery extends ListQuery {
  @ApiPropertyOptional({ description: '产品 id' })
  @IdFilter()
  productId?: number;
}

/** `info`, `getFiles`. */
export class JournalIdQuery {
  @JournalId()
  journalId: number;
}

/** `DELETE api/productJournal/version`: a version of the journal document (never the first). */
export class DeleteJournalVersionDto {
  @JournalId()
  journalId: number;

  @RequiredId('版本号')
  version: number;
}

/** `getMaxTotalNo`, `journalList`. */
export class ProductIdQuery {
  @RequiredId('产品 id')
  productId: number;
}

/** `updateStatus` (POST body or GET query). */
export class UpdateStatusDto {
  @JournalId()
  journalId: number;

  @ApiProperty({ enum: ['submit', 'done', 'review'], description: '目标状态' })
  @IsDefined({ message: '期刊状态不能为空' })
  @StatusValue()
  status: JournalStatus;
}

export const DAILY_PAGE_SIZE = 15;

const Day = (message: string, description: string) =>
  applyDecorators(
    ApiProperty({ description, example: '2026-03-01' }),
    IsDefined({ message }),
    ValidateBy({ name: 'isDay', validator: { validate: (v: unknown) => parseDay(v) !== undefined } }, { message }),
  );

/**
 * `GET api/productJournal/dailyJournalList` (docs/journals-api.md): the day messages of the contract,
 * `请求参数错误` for paging; `sort` is not a field, so the global pipe drops it (ignored).
 */
export class DailyJournalQuery {
  @Day(JOURNAL_MESSAGES.startDate, '第一天（含）yyyy-MM-dd')
  startDate: string;

  @Day(JOURNAL_MESSAGES.endDate, '最后一天（含）yyyy-MM-dd')
  endDate: string;

  @ApiPropertyOptional({ description: '页码，从 0 开始', default: 0 })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: JOURNAL_MESSAGES.badParams })
  @Min(0, { message: JOURNAL_MESSAGES.badParams })
  page?: number;

  @ApiPropertyOptional({ description: `每页条数 1–${MAX_PAGE_SIZE}`, default: DAILY_PAGE_SIZE })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: JOURNAL_MESSAGES.badParams })
  @Min(1, { message: JOURNAL_MESSAGES.badParams })
  @Max(MAX_PAGE_SIZE, { message: JOURNAL_MESSAGES.badParams })
  size?: number;
}

export class ProductRef {
  @ApiInt()
  id: number;

  @ApiProperty()
  name: string;
}

export class UserRef {
  @ApiInt()
  id: number;

  @ApiProperty()
  username: string;
}

/** Journal (docs/production-api.md); `files` only in `info`; `canEdit` says whether the caller may write it. */
export class JournalDto {
  @ApiInt()
  id: number;

  @ApiInt()
  productId: number;

  @ApiProperty({ type: () => ProductRef, nullable: true })
  product: ProductRef | null;

  @ApiInt()
  year: number;

  @ApiInt({ description: '当年期号' })
  journalNo: number;

  @ApiInt({ description: '总期号' })
  totalNo: number;

  @ApiNullableString('编辑 id，逗号分隔')
  editorIds: string | null;

  @ApiNullableString()
  memo: string | null;

  @ApiDateTime()
  createTime: Date;

  @ApiNullableString('计划出版时间')
  planPublishTime: string | null;

  @ApiDateTime({ nullable: true })
  publishTime: Date | null;

  @ApiProperty({ enum: JOURNAL_STATUSES })
  status: JournalStatus;

  @ApiProperty({ type: () => UserRef, nullable: true })
  createBy: UserRef | null;

  /** The caller may write this journal (ProductPolicy: admin, a chief editor, or the product's unit). */
  @ApiProperty({ description: '调用者可以修改此期刊' })
  canEdit: boolean;

  @ApiPropertyOptional({ type: () => [JournalFileDto], description: '只在 info 里' })
  files?: JournalFileDto[];
}

/** A version of the journal document. `file` is the storage module's File (null if it is gone). */
export class JournalFileDto {
  @ApiInt()
  id: number;

  @ApiInt()
  version: number;

  @ApiNullableString()
  title: string | null;

  @ApiProperty({ type: () => FileDto, nullable: true, description: '存储模块的文件（已不存在时为 null）' })
  file: unknown;

  @ApiDateTime()
  createTime: Date;

  @ApiProperty({ type: () => UserRef, nullable: true })
  createBy: UserRef | null;
}
