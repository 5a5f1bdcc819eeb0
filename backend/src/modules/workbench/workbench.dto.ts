import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { BooleanField, OptionalText, RequiredText } from '../../common/http/dto.js';
import { IdOf, parseIdList, toInteger } from '../../common/http/id-list.js';
import { IdFilter, INT4_MAX, MAX_PAGE_SIZE, PagedQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { IntInput } from '../../common/http/numbers.js';
import { JournalDto } from '../journals/index.js';
import { JOURNAL_COPY_MESSAGES, JournalColumnDto, MANUSCRIPT_MESSAGES, ManuscriptUpdateDto, POOL_PAGE_SIZE, toIdCsv } from '../manuscripts/index.js';

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The first of repeated values; blank → undefined (the field's "不能为空" answers); integer text → the number. */
const toInt = ({ value }: TransformFnParams): unknown => {
  if (Array.isArray(value)) value = value[0];
  return isBlank(value) ? undefined : toInteger(value);
};

/** A required id (query, body or multipart field): `<label> 不能为空 / 必须是整数 / 必须是正整数 / 超出范围`. */
const RequiredId = (label: string, description = label) =>
  applyDecorators(
    ApiProperty({ type: 'integer', description }),
    Transform(toInt),
    IsDefined({ message: `${label} 不能为空` }),
    IsInt({ message: `${label} 必须是整数` }),
    Min(1, { message: `${label} 必须是正整数` }),
    Max(INT4_MAX, { message: `${label} 超出范围` }),
  );

/** The column of a pick, sort or upload: every failure answers `请选择投稿栏目`. */
const ColumnId = () =>
  applyDecorators(ApiProperty({ type: 'integer', description: '栏目 id' }), Transform(toInt), IsDefined({ message: MANUSCRIPT_MESSAGES.columns }), IdOf(MANUSCRIPT_MESSAGES.columns));

/** An id list of a body: positive integers (digit strings accepted), at most `max`. */
const IdArray = (label: string, max: number, options: { notEmpty?: string; description: string }) =>
  applyDecorators(
    ApiProperty({ type: [Number], description: options.description }),
    IntInput(),
    IsDefined({ message: options.notEmpty ?? `${label} 不能为空` }),
    IsArray({ message: `${label} 必须是数组` }),
    ...(options.notEmpty ? [ArrayNotEmpty({ message: options.notEmpty })] : []),
    ArrayMaxSize(max, { message: `${label} 最多 ${max} 个` }),
    IsInt({ each: true, message: `${label} 必须是正整数` }),
    Min(1, { each: true, message: `${label} 必须是正整数` }),
    Max(INT4_MAX, { each: true, message: `${label} 超出范围` }),
  );

/** `GET api/productManuscript/list`: the pool of a product (and column); `journalId` marks `inJournal`. */
export class PoolListQuery extends PagedQuery {
  @ApiPropertyOptional({ description: `每页条数，最大 ${MAX_PAGE_SIZE}`, default: POOL_PAGE_SIZE })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'size 必须是整数' })
  @Min(1, { message: 'size 不能小于 1' })
  @Max(MAX_PAGE_SIZE, { message: `size 不能超过 ${MAX_PAGE_SIZE}` })
  size?: number;

  @ApiPropertyOptional({ description: '产品 id（省略时为 journalId 的产品）' })
  @IdFilter()
  @Min(1, { message: 'productId 必须是正整数' })
  productId?: number;

  @ApiPropertyOptional({ description: '期刊 id：标出已在该期刊中的稿件（inJournal）' })
  @IdFilter()
  @Min(1, { message: 'journalId 必须是正整数' })
  journalId?: number;

  @ApiPropertyOptional({ description: '栏目 id' })
  @IdFilter()
  @Min(1, { message: 'columnId 必须是正整数' })
  columnId?: number;

  @ApiPropertyOptional({ description: '标题（模糊）' })
  @TrimmedFilter()
  @MaxLength(200, { message: 'title 不能超过 200 个字符' })
  title?: string;
}

/** `POST api/productManuscript`: pick pool manuscripts into a column of a journal. */
export class PickManuscriptsDto {
  @RequiredId('期刊 id')
  journalId: number;

  @ColumnId()
  columnId: number;

  @IdArray('稿件 id', 500, { notEmpty: JOURNAL_COPY_MESSAGES.noManuscripts, description: '稿件 id（按此顺序放到栏目末尾）' })
  manuIds: number[];
}

/** `POST api/productManuscript/saveSort`: the column's copies in their new order. */
export class SaveSortDto {
  @RequiredId('期刊 id')
  journalId: number;

  @ColumnId()
  columnId: number;

  @IdArray('稿件 id', 1000, { description: '该栏目全部稿件 id，按新顺序' })
  ids: number[];
}

/** `PUT api/productManuscript`: the edit form (`abstracts`, the submitted summary, is read-only and not taken). */
export class JournalManuscriptUpdateDto extends OmitType(ManuscriptUpdateDto, ['abstracts'] as const) {}

/** `POST api/productManuscript/editTitleAndMemo`. */
export class EditTitleAndMemoDto {
  @RequiredId('id', '稿件 id')
  id: number;

  @RequiredText(MANUSCRIPT_MESSAGES.title, 500, '稿件标题', { numbersToo: true, description: '稿件标题' })
  title: string;

  @OptionalText(1000, '备注', { blankToNull: true })
  memo?: string | null;
}

/** `POST api/productManuscript/setExamine`. */
export class SetExamineDto {
  @RequiredId('id', '稿件 id')
  id: number;

  @ApiProperty({ description: '已审' })
  @BooleanField('isExamine')
  isExamine: boolean;
}

/** `GET api/productManuscript/changeCheck` (weekly only). */
export class ChangeCheckQuery {
  @RequiredId('id', '稿件 id')
  id: number;

  @ApiProperty({ description: '周刊选稿' })
  @BooleanField('isCheck')
  isCheck: boolean;
}

/** `GET api/productManuscript/versions`. */
export class CopyIdQuery {
  @RequiredId('id', '稿件 id')
  id: number;
}

/** `DELETE api/productManuscript/versions`. */
export class DeleteVersionDto {
  @RequiredId('id', '稿件 id')
  id: number;

  @RequiredId('version', '版本号')
  version: number;
}

/** `POST api/productJournal/pushDailyToWeekly`. */
export class PushDailyDto {
  @RequiredId('周刊 id')
  weeklyId: number;

  @IdArray('日刊 id', 100, { notEmpty: '请选择日刊', description: '日刊期刊 id' })
  dailyIds: number[];
}

/** The text fields of `uploadManu` / `uploadManuAndManu` (multipart), validated after the file part. */
export class UploadCopyFields {
  @RequiredId('期刊 id')
  journalId: number;

  @ColumnId()
  columnId: number;

  @RequiredText(MANUSCRIPT_MESSAGES.title, 500, '稿件标题', { numbersToo: true, description: '稿件标题' })
  title: string;

  @RequiredText(MANUSCRIPT_MESSAGES.firstAuthor, 100, '供稿', { numbersToo: true, description: '供稿' })
  firstAuthor: string;

  @ApiProperty({ type: 'integer', description: '来源单位' })
  @Transform(toInt)
  @IsDefined({ message: JOURNAL_COPY_MESSAGES.dept })
  @IdOf(JOURNAL_COPY_MESSAGES.dept)
  deptId: number;

  @ApiPropertyOptional({ description: '审稿（用户 id，逗号分隔）', example: '3,7' })
  @Transform(({ value }: TransformFnParams) => (isBlank(value) ? undefined : toIdCsv(value)))
  @IsOptional()
  @IsString({ message: '审稿人 id 必须是正整数' })
  @MaxLength(500, { message: '审稿人过多' })
  @Matches(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, { message: '审稿人 id 必须是正整数' })
  authorIds?: string;

  @OptionalText(1000, '备注', { blankToNull: true })
  memo?: string | null;
}

/** `manuId` of `uploadManu`: a new file version of that copy (the other fields are ignored). */
export class UploadVersionField {
  @RequiredId('manuId', '稿件 id')
  manuId: number;
}

/** `GET api/productJournal/downloadZip`: every copy's current file, or (`source`) the sources' original files. */
export class DownloadZipQuery {
  @RequiredId('期刊 id')
  journalId: number;

  @ApiPropertyOptional({ description: '下载来源稿件的原始附件（批量下载源附件）', default: false })
  @IsOptional()
  @BooleanField('source')
  source?: boolean;
}

/** `GET api/productManuscript/downloadJournalExcel?ids=1&ids=2` (an array without indices; one `ids=1` too). */
export class CopyIdsQuery {
  @ApiProperty({ type: [Number], description: '期刊稿件 id（ids=1&ids=2）' })
  @Transform(({ value }: TransformFnParams) => {
    const ids = parseIdList(value);
    return ids === null ? undefined : (ids ?? value);
  })
  @IsDefined({ message: JOURNAL_COPY_MESSAGES.noManuscripts })
  @IsArray({ message: '稿件 id 必须是正整数' })
  @ArrayMaxSize(1000, { message: '稿件 id 最多 1000 个' })
  @IsInt({ each: true, message: '稿件 id 必须是正整数' })
  @Min(1, { each: true, message: '稿件 id 必须是正整数' })
  @Max(INT4_MAX, { each: true, message: '稿件 id 超出范围' })
  ids: number[];
}

/** `GET api/productJournal/info`: the journal, its versions and its columns with their copies. */
export class JournalInfoDto extends JournalDto {
  @ApiProperty({ type: () => [JournalColumnDto], description: '产品启用的栏目（按排序），以及有稿件的停用栏目；各自的稿件按顺序' })
  columns: JournalColumnDto[];
}
