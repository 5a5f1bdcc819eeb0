import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, Min } from 'class-validator';
import { ApiInt } from '../../common/http/api-response.js';
import { IdFilter, TrimmedFilter } from '../../common/http/list-query.js';
import { JOURNAL_STATES } from './statistics.rules.js';

/** Every statistics request: a period (days included, at most 366) and optional product and department filters. */
export class StatisticPeriodQuery {
  @ApiProperty({ description: '开始日期 yyyy-MM-dd' })
  @TrimmedFilter()
  startDate?: string;

  @ApiProperty({ description: '结束日期 yyyy-MM-dd（含当天；周期不超过 366 天）' })
  @TrimmedFilter()
  endDate?: string;

  @ApiPropertyOptional({ description: '产品 id' })
  @IdFilter()
  @Min(1, { message: 'productId 必须是正整数' })
  productId?: number;

  @ApiPropertyOptional({ description: '部门 id（含下级部门，且在数据权限之内）' })
  @IdFilter()
  @Min(1, { message: 'deptId 必须是正整数' })
  deptId?: number;
}

export const MANUSCRIPT_GROUPS = ['dept', 'column'] as const;
export type ManuscriptGroup = (typeof MANUSCRIPT_GROUPS)[number];

/** `GET api/statistic/manuscripts`: the period query and how the bars are stacked. */
export class ManuscriptStatisticQuery extends StatisticPeriodQuery {
  @ApiPropertyOptional({ enum: MANUSCRIPT_GROUPS, default: 'dept', description: '分组：dept 按部门 / column 按栏目' })
  @TrimmedFilter()
  @IsIn(MANUSCRIPT_GROUPS, { message: 'by 只能是 dept 或 column' })
  by?: ManuscriptGroup;
}

export class StatisticGroupDto {
  @ApiProperty({ description: '分组键：部门 id 或栏目名称' }) key: string;
  @ApiProperty({ description: '部门名称或栏目名称' }) label: string;
  @ApiInt({ description: '该分组在周期内的稿件数' }) count: number;
}

export class StatisticProductDto {
  @ApiInt() productId: number;
  @ApiProperty() productName: string;
  @ApiInt({ description: '该产品周期内的稿件数（一篇只计一次）' }) total: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, description: '分组键 → 稿件数' }) counts: Record<string, number>;
}

export class ManuscriptStatisticDto {
  @ApiProperty() startDate: string;
  @ApiProperty() endDate: string;
  @ApiProperty({ enum: MANUSCRIPT_GROUPS }) by: ManuscriptGroup;
  @ApiInt({ description: '周期内的稿件总数（不含期刊副本）' }) total: number;
  @ApiProperty({ type: [StatisticGroupDto], description: '分组，稿件数多的在前' }) groups: StatisticGroupDto[];
  @ApiProperty({ type: [StatisticProductDto], description: '产品，稿件数多的在前' }) products: StatisticProductDto[];
}

export class TranslatorStatisticDto {
  @ApiInt() userId: number;
  @ApiProperty({ nullable: true, type: String, description: '用户名（译文记录中保存的名字）' }) name: string | null;
  @ApiInt({ description: '周期内开始的认领' }) claimed: number;
  @ApiInt({ description: '周期内提交审核的译文版本' }) submitted: number;
  @ApiInt({ description: '周期内审核通过的译文版本（作为审核人）' }) reviewed: number;
  @ApiProperty({ type: Number, nullable: true, description: '作为译者：周期内审核通过的译文从认领到审核的中位时长（分钟）' }) translatorMedianMinutes: number | null;
  @ApiProperty({ type: Number, nullable: true, description: '作为审核人：周期内审核的译文从认领到审核的中位时长（分钟）' }) reviewerMedianMinutes: number | null;
}

export class TranslationStatisticDto {
  @ApiProperty() startDate: string;
  @ApiProperty() endDate: string;
  @ApiInt() claimed: number;
  @ApiInt() submitted: number;
  @ApiInt() reviewed: number;
  @ApiProperty({ type: [TranslatorStatisticDto], description: '每位译者或审核人一行，提交与审核多的在前' }) people: TranslatorStatisticDto[];
}

export class JournalStateStatisticDto {
  @ApiInt() productId: number;
  @ApiProperty() productName: string;
  @ApiInt() total: number;
  @ApiInt({ description: '编辑审核中' }) edit: number;
  @ApiInt({ description: '已提交' }) submit: number;
  @ApiInt({ description: '已完成' }) done: number;
  @ApiInt({ description: '更正版' }) review: number;
}

export class JournalStatisticDto {
  @ApiProperty() startDate: string;
  @ApiProperty() endDate: string;
  @ApiProperty({ enum: JOURNAL_STATES, isArray: true, description: '状态的顺序' }) states: string[];
  @ApiInt() total: number;
  @ApiProperty({ type: [JournalStateStatisticDto], description: '周期内创建的期刊，按产品与状态' }) products: JournalStateStatisticDto[];
}
