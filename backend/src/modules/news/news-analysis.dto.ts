import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsOptional, Max, Min } from 'class-validator';
import { ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { IntInput } from '../../common/http/numbers.js';
import { NewsQuery } from './news.dto.js';

/** Buckets of a distribution before 其他 (default) and at most. */
export const DISTRIBUTION_TOP = 10;
export const DISTRIBUTION_TOP_MAX = 50;
/** Keywords of the keyword figure (default) and at most. */
export const KEYWORDS_TOP = 30;
export const KEYWORDS_TOP_MAX = 100;

export const DISTRIBUTION_BY = ['source', 'country', 'classify', 'language'] as const;
export type DistributionBy = (typeof DISTRIBUTION_BY)[number];

/**
 * The query of every 查询统计 figure: the filter fields of `GET api/news/list` (same names, same
 * meaning), without the list's tabs, paging and sort. A missing period is the last 30 days.
 */
export class NewsAnalysisQuery extends PickType(NewsQuery, ['content', 'classify', 'classifyIds', 'webId', 'webIds', 'countries', 'languages', 'startDate', 'endDate', 'deptId'] as const) {}

const Top = (max: number, fallback: number) => (target: object, key: string | symbol) => {
  ApiPropertyOptional({ description: `前 N 项，默认 ${fallback}，最大 ${max}`, default: fallback })(target, key);
  IsOptional()(target, key);
  IntInput()(target, key);
  IsInt({ message: 'top（前 N 项）必须是整数' })(target, key);
  Min(1, { message: 'top（前 N 项）不能小于 1' })(target, key);
  Max(max, { message: `top（前 N 项）不能超过 ${max}` })(target, key);
};

export class NewsDistributionQuery extends NewsAnalysisQuery {
  @ApiProperty({ enum: DISTRIBUTION_BY, description: '按来源、国家、分类或语种' })
  @IsNotEmpty({ message: 'by（分布维度）不能为空' })
  @IsIn(DISTRIBUTION_BY, { message: `by（分布维度）只能是 ${DISTRIBUTION_BY.join(' / ')}` })
  by: DistributionBy;

  @Top(DISTRIBUTION_TOP_MAX, DISTRIBUTION_TOP)
  top?: number;
}

export class NewsKeywordsQuery extends NewsAnalysisQuery {
  @Top(KEYWORDS_TOP_MAX, KEYWORDS_TOP)
  top?: number;
}

export class AnalysisPointDto {
  @ApiProperty({ format: 'date', description: 'yyyy-MM-dd（配置时区）' })
  day: string;

  @ApiInt()
  count: number;
}

/** The period every figure answers for (the query's, or the default). */
export class AnalysisPeriodDto {
  @ApiProperty({ format: 'date' })
  startDate: string;

  @ApiProperty({ format: 'date' })
  endDate: string;

  @ApiInt({ description: '命中条数（与新闻列表的 totalElements 相同）' })
  total: number;
}

export class AnalysisTimelineDto extends AnalysisPeriodDto {
  @ApiProperty({ type: [AnalysisPointDto], description: '每天一项，无新闻的日子为 0' })
  points: AnalysisPointDto[];
}

export class AnalysisBucketDto {
  @ApiNullableString('来源 id、国家或语种代码、分类 id；null = 未知或其他')
  key: string | null;

  @ApiProperty()
  name: string;

  @ApiInt()
  count: number;

  @ApiProperty({ description: 'true = 其他（前 N 项之外的合计，名称为“其他（n 项）”）' })
  other: boolean;
}

export class AnalysisDistributionDto extends AnalysisPeriodDto {
  @ApiProperty({ enum: DISTRIBUTION_BY })
  by: DistributionBy;

  @ApiProperty({ type: [AnalysisBucketDto] })
  items: AnalysisBucketDto[];
}

export class AnalysisKeywordDto {
  @ApiProperty()
  keyword: string;

  @ApiInt({ description: '含该关键词的命中新闻条数' })
  count: number;
}

export class AnalysisKeywordsDto extends AnalysisPeriodDto {
  @ApiProperty({ type: [AnalysisKeywordDto] })
  items: AnalysisKeywordDto[];
}
