import { FileDto } from '../storage/index.js';
import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, plainToInstance, Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, validate, ValidateIf } from 'class-validator';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { BigRecordId, OptionalText, RecordId, RequiredText, trimmed } from '../../common/http/dto.js';
import { IdOf, splitIds, toInteger } from '../../common/http/id-list.js';
import { DateRangeFilter, IdFilter, INT4_MAX, ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { validationMessage } from '../../common/http/validation.js';
import { IntInput } from '../../common/http/numbers.js';

/** The spec's messages (production-admin §5, news-tracking §5) and this module's own. */
export const MANUSCRIPT_MESSAGES = {
  product: '请选择产品',
  productMissing: '产品不存在',
  columns: '请选择投稿栏目',
  firstAuthor: '供稿为必填项',
  authorIds: '审稿为必填项',
  abstracts: '稿件摘要为必填项',
  title: '稿件标题为必填项',
  notFound: '稿件不存在',
  newsNotFound: '新闻不存在',
  notReviewed: '只能报送已审核的新闻',
  noDept: '当前用户没有部门',
  otherDept: '只能以本部门名义投稿',
  allTab: '没有权限访问此资源',
  authorMissing: '审稿人不存在',
  fileMissing: '文件不存在',
  wordOnly: '只能上传 .doc 或 .docx 文件',
  notOwner: '只能操作自己提交的稿件',
  badDate: '日期格式不正确',
  startDate: '开始日期格式不正确',
  endDate: '结束日期格式不正确',
  dateOrder: '开始日期不能晚于结束日期',
  noNews: '请选择要报送的新闻',
} as const;

/** 409 code of a submission of an item not reviewed in the caller's work department. */
export const NEWS_NOT_REVIEWED = 'NEWS_NOT_REVIEWED';

export const MAX_TITLE = 500;
export const MAX_MEMO = 1000;
export const MAX_FIRST_AUTHOR = 100;
export const MAX_AUTHOR_IDS = 500;
export const MAX_ABSTRACT = 20_000;
export const MAX_CONTENT = 2_000_000;
export const MAX_COLUMNS = 100;
export const MAX_BATCH = 500;
/** A batch submission's abstract, when the department wrote none: the start of the translation. */
export const AUTO_ABSTRACT_CHARS = 300;

export const MANUSCRIPT_TABS = ['my', 'dept', 'all'] as const;
/** Formats of the statistics report (`generateStatistic?format=`). */
export const STATISTIC_FORMATS = ['xlsx', 'docx'] as const;
export type StatisticFormat = (typeof STATISTIC_FORMATS)[number];
export type ManuscriptTab = (typeof MANUSCRIPT_TABS)[number];

const idOf = (v: unknown): unknown => (v !== null && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v);

/**
 * The flat id field (`productId`), else the id of the spec's relation stub `ref` (`product: {id}`,
 * `dept: {id}`): both shapes reach the same validators; the flat field wins when both are sent.
 * Must come LAST in an `applyDecorators` list, so it runs before the field's other transforms.
 */
const OrStub = (ref: string) =>
  applyDecorators(
    Expose(),
    Transform(({ value, obj }: { value: unknown; obj: Record<string, unknown> }) => {
      if (value !== undefined && value !== null && value !== '') return value;
      const stub = obj[ref];
      return stub !== null && typeof stub === 'object' && 'id' in stub ? (stub as { id: unknown }).id : value;
    }),
  );

/**
 * Column ids as sent: a JSON array (of ids or `{id}`), a comma string (`"3,7"`, the multipart form)
 * or one number → an array of numbers; anything else is left for the validators to reject.
 */
export function toIdList(value: unknown): unknown {
  const list: unknown = typeof value === 'string' ? splitIds(value) : typeof value === 'number' ? [value] : value;
  if (!Array.isArray(list)) return value;
  return list
    .map(idOf)
    .map(trimmed)
    .filter((v) => v !== '' && v !== null && v !== undefined)
    .map(toInteger);
}

/** Reviewer ids as sent (`"3,7"`, `[3, 7]`, `[{id: 3}]`, `3`) → the stored comma string `"3,7"` (blanks and repeats dropped). */
export function toIdCsv(value: unknown): unknown {
  if (value === undefined || value === null) return value;
  let text: unknown = value;
  if (typeof value === 'number') text = String(value);
  else if (Array.isArray(value)) text = value.map(idOf).join(',');
  if (typeof text !== 'string') return value;
  return [...new Set(splitIds(text))].join(',');
}

/** Trims strings; numbers become strings (a provider picked by id arrives as a number). */
const Trimmed = (numbersToo = false) => Transform(({ value }: { value: unknown }) => (numbersToo && typeof value === 'number' ? String(value) : trimmed(value)));

/** An optional text that, when sent, must not be blank (`title`, `abstracts` of an edit). */
const OptionalNonBlank = (message: string, max: number, label: string) =>
  applyDecorators(
    ApiPropertyOptional(),
    Trimmed(),
    ValidateIf((_o, v) => v !== undefined),
    IsString({ message }),
    IsNotEmpty({ message }),
    MaxLength(max, { message: `${label}不能超过 ${max} 个字符` }),
  );

/** `productId` of a submission: every failure (missing too) answers `请选择产品`. */
const ProductId = () =>
  applyDecorators(ApiProperty({ description: '产品 id（或 product: {id}）' }), IsDefined({ message: MANUSCRIPT_MESSAGES.product }), IdOf(MANUSCRIPT_MESSAGES.product), OrStub('product'));

const ProductList = () =>
  applyDecorators(
    ApiProperty({ description: '投稿栏目 id（数组或逗号分隔）', type: [Number] }),
    Transform(({ value }: { value: unknown }) => toIdList(value)),
    IsDefined({ message: MANUSCRIPT_MESSAGES.columns }),
    IsArray({ message: MANUSCRIPT_MESSAGES.columns }),
    ArrayNotEmpty({ message: MANUSCRIPT_MESSAGES.columns }),
    ArrayMaxSize(MAX_COLUMNS, { message: `投稿栏目不能超过 ${MAX_COLUMNS} 个` }),
    IsInt({ each: true, message: MANUSCRIPT_MESSAGES.columns }),
    Min(1, { each: true, message: MANUSCRIPT_MESSAGES.columns }),
    Max(INT4_MAX, { each: true, message: MANUSCRIPT_MESSAGES.columns }),
  );

const FirstAuthor = () => applyDecorators(ApiProperty({ description: '供稿' }), RequiredText(MANUSCRIPT_MESSAGES.firstAuthor, MAX_FIRST_AUTHOR, '供稿', { numbersToo: true }));

const AuthorIds = () =>
  applyDecorators(
    ApiProperty({ description: '审稿（用户 id，逗号分隔或数组）', example: '3,7' }),
    Transform(({ value }: { value: unknown }) => toIdCsv(value)),
    IsDefined({ message: MANUSCRIPT_MESSAGES.authorIds }),
    IsString({ message: MANUSCRIPT_MESSAGES.authorIds }),
    IsNotEmpty({ message: MANUSCRIPT_MESSAGES.authorIds }),
    MaxLength(MAX_AUTHOR_IDS, { message: '审稿人过多' }),
    Matches(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, { message: '审稿人 id 必须是正整数' }),
  );

const DeptId = () => applyDecorators(ApiPropertyOptional({ description: '投稿部门（或 dept: {id}）：只能是本部门（默认本部门）' }), IdFilter(), OrStub('dept'));

const Abstracts = () => applyDecorators(ApiProperty({ description: '稿件摘要' }), RequiredText(MANUSCRIPT_MESSAGES.abstracts, MAX_ABSTRACT, '稿件摘要'));
const Title = () => applyDecorators(ApiProperty({ description: '稿件标题' }), RequiredText(MANUSCRIPT_MESSAGES.title, MAX_TITLE, '稿件标题'));
const Memo = () => OptionalText(MAX_MEMO, '备注');

// Fields are declared in the order of the forms: with several missing, the first one's message is answered.

/** `POST api/manuscript/oneToMany`: one reviewed news item into one or more columns of a product. */
export class SubmitOneDto {
  @BigRecordId('newsId', '新闻 id')
  newsId: number;

  @ProductId()
  productId: number;

  @ProductList()
  productList: number[];

  @FirstAuthor()
  firstAuthor: string;

  @AuthorIds()
  authorIds: string;

  @Abstracts()
  abstracts: string;

  @ApiPropertyOptional({ description: '稿件标题；省略 = 新闻的中文标题' })
  @Trimmed()
  @IsOptional()
  @IsString({ message: '稿件标题必须是字符串' })
  @MaxLength(MAX_TITLE, { message: `稿件标题不能超过 ${MAX_TITLE} 个字符` })
  title?: string | null;

  @Memo()
  memo?: string | null;

  @DeptId()
  deptId?: number;
}

/** `POST api/manuscript/manyToMany`: a batch with the same columns and memo for every item. */
export class SubmitManyDto {
  @ApiProperty({ description: '新闻 id 数组', type: [Number] })
  @Transform(({ value }: { value: unknown }) => toIdList(value))
  @IsDefined({ message: MANUSCRIPT_MESSAGES.noNews })
  @IsArray({ message: MANUSCRIPT_MESSAGES.noNews })
  @ArrayNotEmpty({ message: MANUSCRIPT_MESSAGES.noNews })
  @ArrayMaxSize(MAX_BATCH, { message: `一次最多报送 ${MAX_BATCH} 条新闻` })
  @IsInt({ each: true, message: '新闻 id 必须是正整数' })
  @Min(1, { each: true, message: '新闻 id 必须是正整数' })
  @Max(Number.MAX_SAFE_INTEGER, { each: true, message: '新闻 id 超出范围' })
  newsIds: number[];

  @ProductId()
  productId: number;

  @ProductList()
  productList: number[];

  @FirstAuthor()
  firstAuthor: string;

  @AuthorIds()
  authorIds: string;

  @Memo()
  memo?: string | null;

  @DeptId()
  deptId?: number;
}

/** Dictionary values of a manuscript (content_type, domain_type, country). */
abstract class ManuscriptDictFields {
  @OptionalText(32, '稿件类型')
  contentType?: string | null;

  @OptionalText(32, '行业类型')
  domainType?: string | null;

  @OptionalText(32, '国家')
  country?: string | null;
}

/** `POST api/manuscript`: a manuscript written (content) or attached (fileId) directly. */
export class ManuscriptCreateDto extends ManuscriptDictFields {
  @Title()
  title: string;

  @ProductId()
  productId: number;

  @ProductList()
  productList: number[];

  @FirstAuthor()
  firstAuthor: string;

  @AuthorIds()
  authorIds: string;

  @Abstracts()
  abstracts: string;

  @Memo()
  memo?: string | null;

  @ApiPropertyOptional({ description: '正文（HTML）' })
  @IsOptional()
  @IsString({ message: '正文必须是字符串' })
  @MaxLength(MAX_CONTENT, { message: `正文不能超过 ${MAX_CONTENT} 个字符` })
  content?: string | null;

  @ApiPropertyOptional({ description: '已上传的 Word 文件 id' })
  @IdFilter()
  @Min(1, { message: 'fileId 必须是正整数' })
  fileId?: number;
}

/** The text fields of `POST api/manuscript/uploadManu` (multipart), validated after the file part. */
export class UploadManuFields {
  @Title()
  title: string;

  @ProductId()
  productId: number;

  @ProductList()
  productList: number[];

  @FirstAuthor()
  firstAuthor: string;

  @AuthorIds()
  authorIds: string;

  @Abstracts()
  abstracts: string;

  @Memo()
  memo?: string | null;

  @DeptId()
  deptId?: number;
}

/** Validates the text fields of a multipart form with a DTO class (the same messages as a JSON body). */
export async function parseFields<T extends object>(cls: new () => T, fields: Record<string, string>): Promise<T> {
  const instance = plainToInstance(cls, fields);
  const errors = await validate(instance, { whitelist: true });
  if (errors.length) throw DomainException.badRequest(validationMessage(errors), ErrorCode.Validation);
  return instance;
}

/** `manuId` of `uploadManu`: a new version of that manuscript (other fields ignored). */
export class UploadVersionFields {
  @ApiProperty({ description: '稿件 id：上传新版本' })
  @Transform(({ value }: { value: unknown }) => toInteger(value))
  @IsInt({ message: 'manuId 必须是正整数' })
  @Min(1, { message: 'manuId 必须是正整数' })
  @Max(INT4_MAX, { message: 'manuId 超出范围' })
  manuId: number;
}

/** `PUT api/manuscript`. Omitted fields keep their value; null clears an optional one. */
export class ManuscriptUpdateDto extends ManuscriptDictFields {
  @RecordId()
  @Max(INT4_MAX, { message: 'id 超出范围' })
  id: number;

  @OptionalNonBlank(MANUSCRIPT_MESSAGES.title, MAX_TITLE, '稿件标题')
  title?: string;

  @OptionalText(MAX_MEMO, '备注')
  memo?: string | null;

  @FirstAuthor()
  firstAuthor: string;

  @AuthorIds()
  authorIds: string;

  @OptionalNonBlank(MANUSCRIPT_MESSAGES.abstracts, MAX_ABSTRACT, '稿件摘要')
  abstracts?: string;

  @OptionalText(MAX_ABSTRACT, '编辑摘要')
  abstractEdit?: string | null;
}

/** `PUT api/manuscript/updateColumn`. */
export class UpdateColumnDto {
  @RecordId()
  @Max(INT4_MAX, { message: 'id 超出范围' })
  id: number;

  @ProductList()
  productList: number[];
}

/** `PUT api/manuscript/updateAbstracts`. */
export class UpdateAbstractsDto {
  @RecordId()
  @Max(INT4_MAX, { message: 'id 超出范围' })
  id: number;

  @ApiProperty({ description: '稿件摘要' })
  @RequiredText(MANUSCRIPT_MESSAGES.abstracts, MAX_ABSTRACT, '稿件摘要')
  abstracts: string;
}

/** `GET api/manuscript`. */
export class ManuscriptQuery extends ListQuery {
  @ApiPropertyOptional({ enum: MANUSCRIPT_TABS, default: 'my', description: 'my 我的投稿 / dept 本部门 / all 全部（admin 或 manuscript:admin）' })
  @TrimmedFilter()
  @IsIn(MANUSCRIPT_TABS, { message: 'tab 只能是 my、dept 或 all' })
  tab?: ManuscriptTab;

  @ApiPropertyOptional({ description: '提交人：用户 id，或用户名 / 昵称（模糊）' })
  @TrimmedFilter()
  @MaxLength(64, { message: 'createBy 不能超过 64 个字符' })
  createBy?: string;

  @ApiPropertyOptional({ description: '部门 id（含下级部门）' })
  @IdFilter()
  @Min(1, { message: 'deptId 必须是正整数' })
  deptId?: number;

  @ApiPropertyOptional({ description: '产品 id' })
  @IdFilter()
  @Min(1, { message: 'productId 必须是正整数' })
  productId?: number;

  @ApiPropertyOptional({ description: '标题（模糊）' })
  @TrimmedFilter()
  @MaxLength(200, { message: 'title 不能超过 200 个字符' })
  title?: string;

  @ApiPropertyOptional({ description: '摘要（模糊，投稿摘要或编辑摘要）' })
  @TrimmedFilter()
  @MaxLength(200, { message: 'abstracts 不能超过 200 个字符' })
  abstracts?: string;

  @ApiPropertyOptional({ type: [String], description: '创建时间范围：开始,结束' })
  @DateRangeFilter()
  createTime?: [Date, Date];

  @ApiPropertyOptional({ description: '1 = 只看由新闻报送的稿件（动态加工的“已报送”）' })
  @TrimmedFilter()
  @IsIn(['1'], { message: 'fromNews 只能是 1' })
  fromNews?: string;
}

/** `GET api/manuscript/calculate` (checked by the service: `日期格式不正确`). */
export class CalculateQuery {
  @ApiPropertyOptional({ description: '日期 yyyy-MM-dd（默认今天）' })
  @TrimmedFilter()
  date?: string;
}

/** `GET api/productJournal/generateStatistic` (dates checked by the service for the exact messages). */
export class StatisticQuery {
  @ApiProperty({ description: '产品 id' })
  @IsOptional()
  @IdOf(MANUSCRIPT_MESSAGES.product)
  @IntInput()
  productId?: number;

  @ApiProperty({ description: '开始日期 yyyy-MM-dd' })
  @TrimmedFilter()
  startDate?: string;

  @ApiProperty({ description: '结束日期 yyyy-MM-dd（含当天）' })
  @TrimmedFilter()
  endDate?: string;

  @ApiPropertyOptional({ enum: STATISTIC_FORMATS, default: 'xlsx', description: '报告格式：xlsx 表格（默认）或 docx 文字摘要' })
  @TrimmedFilter()
  @IsIn(STATISTIC_FORMATS, { message: 'format 只能是 xlsx 或 docx' })
  format?: StatisticFormat;
}

export class IdName {
  @ApiInt()
  id: number;

  @ApiProperty()
  name: string;
}

/** A stored file as the storage module answers it (`FileDto`). */
/** A manuscript's file: the storage module's FileDto on the wire (its OpenAPI schema); loosely typed here. */
export interface ManuscriptFileRef {
  id: number;
  [key: string]: unknown;
}

/** The wire shape (docs/production-api.md "Manuscripts"). */
export class ManuscriptAuthorRef {
  @ApiInt()
  id: number;

  @ApiNullableString()
  nickName: string | null;
}

export class ManuscriptDeptRef {
  @ApiInt()
  id: number;

  @ApiNullableString()
  name: string | null;
}

export class ManuscriptCreatorRef {
  @ApiInt({ nullable: true })
  id: number | null;

  @ApiNullableString()
  username: string | null;

  @ApiNullableString()
  nickName: string | null;
}

export class ManuscriptJournalRef {
  @ApiInt()
  id: number;
}

export class ManuscriptDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  title: string;

  @ApiNullableString()
  memo: string | null;

  @ApiNullableString()
  contentType: string | null;

  @ApiNullableString()
  domainType: string | null;

  @ApiNullableString()
  country: string | null;

  @ApiNullableString()
  abstracts: string | null;

  @ApiNullableString()
  abstractOrigin: string | null;

  @ApiNullableString()
  abstractEdit: string | null;

  @ApiProperty()
  firstAuthor: string;

  @ApiProperty({ description: '作者 id，逗号分隔' })
  authorIds: string;

  @ApiProperty({ type: () => [ManuscriptAuthorRef] })
  authors: ManuscriptAuthorRef[];

  @ApiProperty({ type: () => [IdName] })
  columns: IdName[];

  @ApiProperty({ type: () => IdName, nullable: true })
  productColumn: IdName | null;

  @ApiProperty({ type: () => IdName })
  product: IdName;

  @ApiProperty({ type: () => ManuscriptDeptRef })
  dept: ManuscriptDeptRef;

  @ApiProperty({ type: () => ManuscriptCreatorRef })
  createBy: ManuscriptCreatorRef;

  @ApiDateTime()
  createTime: Date;

  @ApiDateTime()
  updateTime: Date;

  @ApiProperty({ type: 'integer', format: 'int64', nullable: true })
  newsId: number | null;

  @ApiInt()
  version: number;

  @ApiInt({ nullable: true })
  fileId: number | null;

  @ApiInt({ nullable: true })
  manuFileId: number | null;

  @ApiProperty({ type: () => [FileDto] })
  files: ManuscriptFileRef[];

  @ApiProperty({ enum: ['dynamic', 'upload'] })
  type: 'dynamic' | 'upload';

  @ApiProperty()
  isExamine: boolean;

  @ApiProperty()
  isCheck: boolean;

  @ApiInt()
  sort: number;

  @ApiProperty({ type: () => ManuscriptJournalRef, nullable: true })
  journal: ManuscriptJournalRef | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  content?: string | null;
}

export class ManuscriptVersionDto {
  @ApiInt()
  version: number;

  @ApiProperty({ type: () => FileDto, nullable: true })
  file: ManuscriptFileRef | null;

  @ApiDateTime()
  createTime: Date;

  @ApiNullableString()
  createBy: string | null;
}

export class BatchResultDto {
  @ApiInt()
  count: number;

  @ApiProperty({ type: 'array', items: { type: 'integer' } })
  ids: number[];
}

export class DailyDeptCount {
  @ApiProperty({ type: () => ManuscriptDeptRef })
  dept: ManuscriptDeptRef;

  @ApiInt()
  count: number;
}

export class DailyCountDto {
  @ApiProperty({ type: () => IdName })
  product: IdName;

  @ApiInt()
  total: number;

  @ApiProperty({ type: () => [DailyDeptCount] })
  counts: DailyDeptCount[];
}
