import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { BigRecordId, BooleanField } from '../../common/http/dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength } from 'class-validator';

import { IdFilter, INT4_MAX, ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { IntInput } from '../../common/http/numbers.js';
import { CodeListFilter, DayFilter, IdListFilter } from './news-filter.js';

export const NEWS_SORTS = ['dateAsc', 'dateDesc', 'scoreAsc', 'scoreDesc', 'numAsc', 'numDesc', 'createAsc', 'createDesc', 'updateAsc', 'updateDesc'] as const;
export type NewsSort = (typeof NEWS_SORTS)[number];

/**
 * The spec's types plus `hot` (the 热点 tab: last 7 days, most read first) and `yj` (预警列表: the
 * department's warned items, `news_dept.yj`, set by hand or by its alert rules; docs/collect-design.md §5.5).
 */
/** Stages of 动态加工 (/pro/product): the department's translation state of a chosen item. */
export const PROCESSING_STAGES = ['todo', 'editing', 'review', 'reviewed'] as const;
export type ProcessingStage = (typeof PROCESSING_STAGES)[number];

/** `GET api/news/choiceStages`: the department's chosen items per stage. */
export class ChoiceStagesDto {
  @ApiInt()
  todo: number;

  @ApiInt()
  editing: number;

  @ApiInt()
  review: number;

  @ApiInt()
  reviewed: number;
}

/** `GET api/news/choiceStages` query. */
export class ChoiceStagesQuery {
  @ApiPropertyOptional({ description: '部门 id（默认当前工作部门）' })
  @IdFilter()
  deptId?: number;
}

export const NEWS_TYPES = ['recommend', 'follow', 'choice', 'web', 'theme', 'interest', 'hot', 'yj'] as const;
export type NewsType = (typeof NEWS_TYPES)[number];

/**
 * `GET api/news/list`. `sort` is ONE value of NEWS_SORTS (not `field,dir`); validated by the service
 * so the message names the value (`不支持的排序方式: x`).
 */
export class NewsQuery extends ListQuery {
  @ApiPropertyOptional({ description: '分类 id（含下级）；噪音分类 id 只看噪音' })
  @IdFilter()
  classify?: number;

  @ApiPropertyOptional({ description: '检索词' })
  @TrimmedFilter()
  content?: string;

  @ApiPropertyOptional({ description: '部门 id：本部门或上级部门（默认本部门）' })
  @IdFilter()
  deptId?: number;

  @ApiPropertyOptional({ enum: NEWS_TYPES })
  @TrimmedFilter()
  @IsIn(NEWS_TYPES, { message: `type 只能是 ${NEWS_TYPES.join(' / ')}` })
  type?: NewsType;

  @ApiPropertyOptional({ description: '来源网站 id' })
  @IdFilter()
  webId?: number;

  @ApiPropertyOptional({ description: '主题 id（按主题关键词检索）' })
  @IdFilter()
  themeId?: number;

  @ApiPropertyOptional({ description: '1 = 只看未读' })
  @TrimmedFilter()
  isRead?: string;

  @ApiPropertyOptional({ description: '1 = 翻译中或已完成，2 = 我编辑的，3 = 成果（已完成）' })
  @TrimmedFilter()
  @IsIn(['1', '2', '3'], { message: 'isTrans 只能是 1、2 或 3' })
  isTrans?: string;

  @ApiPropertyOptional({ enum: PROCESSING_STAGES, description: '动态加工阶段（部门的翻译状态）：todo 待翻译 / editing 翻译中 / review 待审核 / reviewed 已审核' })
  @TrimmedFilter()
  @IsIn(PROCESSING_STAGES, { message: 'stage 只能是 todo、editing、review 或 reviewed' })
  stage?: ProcessingStage;

  @ApiPropertyOptional({ description: '1 = 手工录入' })
  @TrimmedFilter()
  imports?: string;

  @ApiPropertyOptional({ enum: ['0', '1'], description: '1 = 同一事件只列首发（报道组的最早一条）；部门页签（推荐、跟踪、精选、预警、翻译）不折叠' })
  @TrimmedFilter()
  @IsIn(['0', '1'], { message: 'collapse 只能是 0 或 1' })
  collapse?: string;

  // The 查询统计 query (docs/news-analysis.md "Query"): the figures count what this list shows.

  @IdListFilter('分类')
  classifyIds?: number[];

  @IdListFilter('来源网站')
  webIds?: number[];

  @CodeListFilter('国家', 'US')
  countries?: string[];

  @CodeListFilter('语种', 'en')
  languages?: string[];

  @DayFilter('发布开始日期')
  startDate?: string;

  @DayFilter('发布结束日期')
  endDate?: string;
}

export class NewsInfoQuery {
  @BigRecordId('id', '新闻 id')
  id: number;

  @ApiPropertyOptional()
  @IdFilter()
  deptId?: number;
}

export class NewsIdDto {
  @BigRecordId('id', '新闻 id')
  id: number;
}

export class NewsRecommendDto extends NewsIdDto {
  @ApiProperty()
  @BooleanField('isRecommend ')
  isRecommend: boolean;
}

export class NewsYjDto extends NewsIdDto {
  @ApiProperty()
  @BooleanField('yj ')
  yj: boolean;
}

export class NewsClassifyDto extends NewsIdDto {
  @ApiProperty({ type: [Number] })
  @IsArray({ message: 'classify 必须是分类 id 数组' })
  @ArrayMaxSize(50, { message: '分类不能超过 50 个' })
  @IntInput()
  @IsInt({ each: true, message: 'classify 必须是分类 id 数组' })
  @Max(INT4_MAX, { each: true, message: 'classify 必须是分类 id 数组' })
  classify: number[];
}

const trimEach = ({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)) : value);

/** Optional `deptId` (must be the caller's department) and `userId` (informational; the caller is used). */
export class NewsDeptOverrideDto extends NewsIdDto {
  @ApiPropertyOptional({ description: '部门 id：只能是本部门（默认本部门）' })
  @IdFilter()
  deptId?: number;

  @ApiPropertyOptional({ description: '用户 id（兼容旧前端；以当前用户为准）' })
  @IdFilter()
  userId?: number;
}

/** Keywords: ≤ 50 strings, each trimmed ≤ 50 chars (blank ones dropped and duplicates removed by the service). */
function Keywords(): PropertyDecorator {
  return (target, key) => {
    ApiProperty({ type: [String] })(target, key);
    Transform(trimEach)(target, key);
    IsArray({ message: 'keywords 必须是字符串数组' })(target, key);
    ArrayMaxSize(50, { message: '关键词不能超过 50 个' })(target, key);
    IsString({ each: true, message: 'keywords 必须是字符串数组' })(target, key);
    MaxLength(50, { each: true, message: '每个关键词不能超过 50 个字符' })(target, key);
  };
}

export class NewsKeywordsDto extends NewsDeptOverrideDto {
  @Keywords()
  keywords: string[];
}

export class NewsClassifyKeywordsDto extends NewsClassifyDto {
  @Keywords()
  keywords: string[];
}

export class NewsAbstractsDto extends NewsDeptOverrideDto {
  @ApiProperty()
  @IsString({ message: 'abstracts 必须是字符串' })
  @MaxLength(5000, { message: '摘要不能超过 5000 个字符' })
  abstracts: string;
}

export class NewsTitleCnDto extends NewsIdDto {
  @ApiProperty()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'titleCn 必须是字符串' })
  @MaxLength(500, { message: '中文标题不能超过 500 个字符' })
  titleCn: string;
}

export class NewsNoiseDto extends NewsIdDto {
  @ApiPropertyOptional({ description: '默认 true；false = 取消噪音' })
  @IsOptional()
  @BooleanField('isNoise ')
  isNoise?: boolean;
}

export class NewsChoiceDto extends NewsIdDto {
  @ApiProperty()
  @BooleanField('isChoice ')
  isChoice: boolean;
}

export class NewsSourceIdsDto {
  @ApiProperty({ type: [String] })
  @IsArray({ message: 'sourceIds 必须是字符串数组' })
  @ArrayMaxSize(1000, { message: 'sourceIds 不能超过 1000 个' })
  @IsString({ each: true, message: 'sourceIds 必须是字符串数组' })
  @MaxLength(200, { each: true, message: 'sourceId 不能超过 200 个字符' })
  sourceIds: string[];
}

export class SearchHistorySaveQuery {
  @ApiProperty()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'content 必须是字符串' })
  @IsNotEmpty({ message: 'content 不能为空' })
  @MaxLength(200, { message: '检索词不能超过 200 个字符' })
  content: string;
}

export class SearchHistoryDeleteQuery {
  @ApiPropertyOptional({ description: '不传则清空当前用户的全部检索记录' })
  @IdFilter(Number.MAX_SAFE_INTEGER)
  id?: number;
}

export class SearchHistoryDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  content: string;

  @ApiDateTime()
  createTime: Date;
}

/** A row of the news list (department and user state of the caller folded in). */
export class NewsRowDto {
  @ApiProperty({ type: 'integer', format: 'int64' })
  id: number;

  @ApiProperty()
  title: string;

  @ApiNullableString()
  titleCn: string | null;

  @ApiDateTime()
  publishTime: Date;

  @ApiNullableString('来源网站')
  webName: string | null;

  @ApiInt({ nullable: true })
  webId: number | null;

  @ApiNullableString()
  createBy: string | null;

  @ApiInt({ description: '阅读数' })
  count: number;

  @ApiProperty({ type: 'array', items: { type: 'integer' }, description: '分类 id' })
  classify: number[];

  @ApiProperty({ type: [String] })
  classifyNames: string[];

  @ApiProperty({ type: [String] })
  keywords: string[];

  @ApiNullableString()
  language: string | null;

  @ApiNullableString()
  country: string | null;

  @ApiProperty()
  url: string;

  @ApiProperty()
  isRead: boolean;

  @ApiProperty()
  isCollect: boolean;

  @ApiProperty()
  isRecommend: boolean;

  @ApiProperty()
  yj: boolean;

  @ApiNullableString('预警人（昵称，或“预警规则”）')
  yjBy: string | null;

  @ApiDateTime({ nullable: true, description: '预警时间' })
  yjTime: Date | null;

  @ApiProperty()
  isChoice: boolean;

  @ApiNullableString()
  isProcessed: string | null;

  @ApiProperty()
  hasFiles: boolean;

  @ApiNullableString()
  editorName: string | null;

  @ApiNullableString()
  examineName: string | null;

  @ApiNullableString('edit | examine | done')
  transStatus: string | null;

  @ApiInt()
  version: number;

  @ApiDateTime()
  updateTime: Date;

  @ApiNullableString('报道组 id（同一事件的多家来源报道，docs/collect-design.md §4.3）；null = 单独一条')
  clusterId: string | null;

  @ApiInt({ description: '报道组的条数（含本条；单独一条为 1）' })
  clusterSize: number;

  @ApiInt({ description: '另有 N 家来源报道：报道组的来源数 − 1（单独一条：其来源数 − 1）' })
  otherSources: number;
}

/** The list answer: the wire contract's page plus whether `totalElements` is exact (news-design.md "Counting"). */
/** `GET api/news/list`: a page that says whether `totalElements` is exact (news-design.md "Counting"). */
export const NEWS_PAGE_EXTRA = { totalExact: { type: 'boolean', description: 'false = totalElements 是估计值' } };
export interface NewsPage {
  content: NewsRowDto[];
  totalElements: number;
  totalExact: boolean;
}

/** Machine translation states of a news item (news.entity.ts `mtStatus`; skipped = already Chinese). */
export const MT_STATUSES = ['pending', 'running', 'done', 'failed', 'skipped'] as const;

/** An attachment of a news item (news.entity.ts `NewsFile`). */
export class NewsFileDto {
  @ApiProperty()
  name: string;

  @ApiInt()
  size: number;

  @ApiPropertyOptional({ type: 'integer' })
  storageId?: number;
}

export class NewsInfoDto extends NewsRowDto {
  @ApiProperty()
  content: string;

  @ApiNullableString()
  contentHtml: string | null;

  @ApiNullableString()
  contentCn: string | null;

  @ApiProperty({ type: () => [NewsFileDto] })
  files: unknown[];

  @ApiNullableString()
  abstracts: string | null;

  @ApiNullableString()
  contentTrans: string | null;

  @ApiInt({ nullable: true })
  editorId: number | null;

  @ApiInt({ nullable: true })
  examineId: number | null;

  @ApiInt({ nullable: true })
  deptId: number | null;

  /** Machine translation state: 'pending' | 'running' | 'done' | 'failed' | 'skipped' | null. */
  @ApiProperty({ enum: MT_STATUSES, nullable: true, description: '机器翻译状态（null = 从未请求）' })
  mtStatus: string | null;

  @ApiNullableString()
  mtError: string | null;
}

/** `POST api/news/deleteBySourceIds`. */
export class DeletedCountDto {
  @ApiInt()
  deleted: number;
}
